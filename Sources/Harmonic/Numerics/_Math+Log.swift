// Logarithms and inverse tangents for the deterministic path (settle times,
// deceleration rates), built like exp and sin: only + − × ÷ and exact
// power-of-two scaling, no FMA, leading terms carried as double-doubles and
// one rounding at the end. Within 1 ulp over their domains (tests: 45-digit
// references).
//
// - log: x = 2^k·m, m ∈ [√½, √2], f = m − 1 (exact), s = f/(2 + f) as a
//   double-double, ln m = 2·atanh s = 2s + 2s³·Σ s²ⁿ/(2n + 3) (|s| ≤ 0.1716,
//   Taylor through s²⁵: truncation < 2⁻⁶⁴ relative), plus k·ln2 in two pieces.
// - log1p: for |x| < 2⁻⁹ the Taylor series with x − x²/2 exact; otherwise
//   1 + x as a double-double (u + uLo), ln u + uLo/u.
// - atanh: ½(log1p z − log1p(−z)), both as double-doubles.
// - atan2: t = min/max ∈ [0, 1] as a double-double; for t > tan(π/8),
//   atan t = π/4 + atan((t − 1)/(t + 1)); the Taylor series of atan on
//   |u| ≤ tan(π/8) through u⁵³; then π/2 − a and π − a for the octant, with
//   π/4, π/2, π as double-doubles.
extension _Math {
  static let pio4Hi = 0.7853981633974483, pio4Lo = 3.061616997868383e-17
  static let piHi = 3.141592653589793, piLo = 1.2246467991473532e-16

  /// √(x² + y²) without underflow or overflow in the squares: m·√(1 + (n/m)²)
  /// with m = max(|x|, |y|), n = min. Within about 1 ulp. (A spring starting
  /// 5e-306 from its target once got amplitude 0 from p·p underflowing, and
  /// a settle time of 0; found by the fuzzer.)
  package static func hypot(_ x: Double, _ y: Double) -> Double {
    let (a, b) = (x.magnitude, y.magnitude)
    let (m, n) = a >= b ? (a, b) : (b, a)
    guard m > 0, m.isFinite else { return m + n }  // 0, ∞ or NaN
    let r = n / m
    return m * (1 + r * r).squareRoot()
  }

  @inline(__always)
  static func fastTwoSum(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
    // |a| ≥ |b| (or a = 0).
    let s = a + b
    return (s, b - (s - a))
  }

  /// (aHi + aLo) / (bHi + bLo) as a double-double; |aLo| ≤ ulp(aHi), same for b.
  @inline(__always)
  static func divide(_ aHi: Double, _ aLo: Double, _ bHi: Double, _ bLo: Double) -> (hi: Double, lo: Double) {
    let q = aHi / bHi
    let (p, pError) = _Augmented.product(q, bHi)
    let r = (((aHi - p) - pError) + aLo) - q * bLo
    return fastTwoSum(q, r / bHi)
  }

  /// ln x as an unevaluated hi + lo, for finite x > 0 (subnormals included).
  static func logCore(_ x: Double) -> (hi: Double, lo: Double) {
    var k = Int(x.exponent)
    var m = x.significand  // [1, 2), exact for subnormals too
    if m > 1.4142135623730951 {
      m *= 0.5
      k += 1
    }
    let f = m - 1  // exact: m ∈ [1/2, 2]
    let (d, dLo) = twoSum(2, f)
    let (s, sLo) = divide(f, 0, d, dLo)
    let z = s * s
    // Σ_{n=0…12} zⁿ/(2n + 3)
    var t = 1.0 / 27
    t = t * z + 1.0 / 25
    t = t * z + 1.0 / 23
    t = t * z + 1.0 / 21
    t = t * z + 1.0 / 19
    t = t * z + 1.0 / 17
    t = t * z + 1.0 / 15
    t = t * z + 1.0 / 13
    t = t * z + 1.0 / 11
    t = t * z + 1.0 / 9
    t = t * z + 1.0 / 7
    t = t * z + 1.0 / 5
    t = t * z + 1.0 / 3
    let tail = 2 * s * z * t
    let kd = Double(k)  // |k| ≤ 1074: k·ln2Hi is exact
    let (a, aError) = twoSum(kd * ln2Hi, 2 * s)
    return fastTwoSum(a, aError + (kd * ln2Lo + (2 * sLo + tail)))
  }

  package static func log(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x == .infinity { return x }
    let (hi, lo) = logCore(x)
    return hi + lo
  }

  /// ln(a/b) for finite a, b > 0, also where a/b overflows or underflows:
  /// `log(a/b)` when the quotient is a normal number (its bits unchanged),
  /// else the difference of the two logarithms, each a double-double (a
  /// settle tolerance of 1e-310 against an amplitude of 1 overflowed the
  /// quotient to ∞, and a damped motion was reported never to settle).
  package static func logRatio(_ a: Double, _ b: Double) -> Double {
    let quotient = a / b
    if quotient.isNormal { return log(quotient) }
    let (aHi, aLo) = logCore(a)
    let (bHi, bLo) = logCore(b)
    return (aHi - bHi) + (aLo - bLo)
  }

  /// ln(1 + x) as hi + lo, x > −1 finite.
  static func log1pCore(_ x: Double) -> (hi: Double, lo: Double) {
    if x.magnitude < 0x1p-60 { return (x, 0) }  // ln(1 + x) = x(1 − x/2 + …)
    if x.magnitude < 0x1p-9 {
      // x − x²/2 exactly as a double-double, then x³·(1/3 − x/4 + … + x⁵/8)
      // (truncation < 2⁻⁷² relative).
      let (square, squareError) = _Augmented.product(x, x)
      let (a, aError) = twoSum(x, -0.5 * square)
      var t = -1.0 / 8
      t = t * x + 1.0 / 7
      t = t * x - 1.0 / 6
      t = t * x + 1.0 / 5
      t = t * x - 1.0 / 4
      t = t * x + 1.0 / 3
      return fastTwoSum(a, aError + (-0.5 * squareError + x * square * t))
    }
    let (u, uLo) = twoSum(1, x)
    let (hi, lo) = logCore(u)
    return fastTwoSum(hi, lo + uLo / u)
  }

  static func log1p(_ x: Double) -> Double {
    if x.isNaN || x < -1 { return .nan }
    if x == -1 { return -.infinity }
    if x == .infinity || x.magnitude < 0x1p-60 { return x }  // keeps −0
    let (hi, lo) = log1pCore(x)
    return hi + lo
  }

  static func atanh(_ z: Double) -> Double {
    if z.isNaN || z.magnitude > 1 { return .nan }
    if z.magnitude == 1 { return z * .infinity }
    if z.magnitude < 0x1p-28 { return z }  // atanh z = z(1 + z²/3 + …)
    let (a, aLo) = log1pCore(z)
    let (b, bLo) = log1pCore(-z)
    let (d, dError) = twoSum(a, -b)
    return 0.5 * d + 0.5 * (dError + (aLo - bLo))
  }

  /// atan(u + uLo) as hi + lo for |u| ≤ tan(π/8) + a little.
  static func atanKernel(_ u: Double, _ uLo: Double) -> (hi: Double, lo: Double) {
    let z = u * u
    // Σ_{n=1…26} (−1)ⁿ zⁿ⁻¹/(2n + 1)
    var t = 1.0 / 53
    var n = 25
    while n >= 1 {
      let term = 1.0 / Double(2 * n + 1)
      t = t * z + (n % 2 == 0 ? term : -term)
      n -= 1
    }
    // Each Horner step is a separate multiply and add (no contraction).
    let tail = u * z * t
    return fastTwoSum(u, uLo / (1 + z) + tail)
  }

  static func atan2(_ y: Double, _ x: Double) -> Double {
    if x.isNaN || y.isNaN { return .nan }
    let signed: (Double) -> Double = { y.sign == .minus ? -$0 : $0 }
    if y == 0 { return signed(x.sign == .minus ? piHi : 0) }  // ±0 or ±π
    if x == 0 { return signed(pio2Hi) }
    if x.isInfinite || y.isInfinite {
      if x.isInfinite && y.isInfinite { return signed(x > 0 ? pio4Hi : 2.356194490192345) }
      if y.isInfinite { return signed(pio2Hi) }
      return signed(x > 0 ? 0 : piHi)
    }
    let ax = x.magnitude, ay = y.magnitude
    // atan t = t(1 − t²/3 + …): below 2⁻⁶⁰ the correctly rounded quotient is the answer.
    if x > 0, ay.exponent < ax.exponent - 61 { return signed(ay / ax) }
    let swap = ay > ax
    let (num, den) = swap ? (ax, ay) : (ay, ax)
    // t = num/den ∈ (0, 1], both scaled by the same power of two so den ∈ [1, 2).
    let n = Double(sign: .plus, exponent: num.exponent - den.exponent, significand: num.significand)
    let d = den.significand
    let (t, tLo) = divide(n, 0, d, 0)
    var hi: Double, lo: Double
    if t > 0.41421356237309503 {
      let (p, pLo) = twoSum(t, -1)
      let (q, qLo) = twoSum(t, 1)
      let (u, uLo) = divide(p, pLo + tLo, q, qLo + tLo)
      let (a, aLo) = atanKernel(u, uLo)
      let (s, sError) = twoSum(pio4Hi, a)
      (hi, lo) = fastTwoSum(s, sError + (pio4Lo + aLo))
    } else {
      (hi, lo) = atanKernel(t, tLo)
    }
    if swap {  // π/2 − a
      let (s, sError) = twoSum(pio2Hi, -hi)
      (hi, lo) = fastTwoSum(s, sError + (pio2Lo - lo))
    }
    if x < 0 {  // π − a
      let (s, sError) = twoSum(piHi, -hi)
      (hi, lo) = fastTwoSum(s, sError + (piLo - lo))
    }
    return signed(hi + lo)
  }
}
