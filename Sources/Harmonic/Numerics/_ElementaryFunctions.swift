/// The elementary functions a spring's closed form calls, as a type: `_Math`
/// (Harmonic's own, the only one the library uses) or — in the benchmark,
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
