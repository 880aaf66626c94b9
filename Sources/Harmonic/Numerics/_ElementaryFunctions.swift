/// The elementary functions a spring's closed form calls, as a type: `_Math`
/// (Harmonic's own, the only one the library uses; `_MathCalls` is the same
/// functions behind calls, for the settle search) or — in the benchmark,
/// never in the library — the platform's libm, so that the two run one and
/// the same formula and differ only in these functions.
@usableFromInline
package protocol _ElementaryFunctions {
  /// e^x.
  static func exp(_ x: Double) -> Double
  /// e^x − 1, accurate for small x.
  static func expm1(_ x: Double) -> Double
  /// sin x.
  static func sin(_ x: Double) -> Double
  /// (sin x, cos x).
  static func sincos(_ x: Double) -> (sin: Double, cos: Double)
}

extension _Math: _ElementaryFunctions {}

/// `_Math` behind calls: the same functions and the same bits, not inlined.
/// The settle search evaluates the basis through it. Its bisection is a
/// chain of dependent, unpredictable steps, and there the calls measured
/// faster than the inlined functions: 2.72–2.79 µs per exact settle time
/// against 3.12–3.16 µs for `Spring.bouncy`, and 3.29 against 3.94 µs for
/// `Spring.smooth`, on the EPYC. Per-frame states are independent of each
/// other, and inlining made them faster (see `_Math.exp`).
enum _MathCalls: _ElementaryFunctions {
  @inline(never) static func exp(_ x: Double) -> Double { _Math.exp(x) }
  @inline(never) static func expm1(_ x: Double) -> Double { _Math.expm1(x) }
  @inline(never) static func sin(_ x: Double) -> Double { _Math.sin(x) }
  @inline(never) static func sincos(_ x: Double) -> (sin: Double, cos: Double) { _Math.sincos(x) }
}
