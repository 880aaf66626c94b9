/// Error-free transformations: results carried as an unevaluated sum of two
/// doubles, built only from IEEE multiplications and additions — never a fused
/// multiply-add — so that they give the same bits on every platform.
@usableFromInline
enum _Augmented {
  /// `a·b` as `head + tail` exactly (Dekker 1971, with Veltkamp splitting).
  ///
  /// Edge cases: exact as long as neither the product nor the splitting
  /// constant times an operand overflows (|a|, |b| < ~1e300) and `a·b` does
  /// not underflow.
  ///
  /// Postconditions: `head == a * b` (the rounded product) and
  /// `head + tail == a·b` exactly.
  @inlinable
  static func product(_ a: Double, _ b: Double) -> (head: Double, tail: Double) {
    let p = a * b
    let (aHigh, aLow) = split(a)
    let (bHigh, bLow) = split(b)
    let e = ((aHigh * bHigh - p) + aHigh * bLow + aLow * bHigh) + aLow * bLow
    return (p, e)
  }

  /// `a` as `high + low` with `high` holding at most 26 significant bits, so
  /// that products of halves are exact (Veltkamp).
  @inlinable
  static func split(_ a: Double) -> (high: Double, low: Double) {
    let t = 134_217_729.0 * a  // 2^27 + 1
    let high = t - (t - a)
    return (high, a - high)
  }
}
