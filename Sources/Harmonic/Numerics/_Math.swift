// Elementary functions for the deterministic path, built only from IEEE-754
// operations that every platform rounds the same way (+ − × ÷ and integer
// arithmetic; no fused multiply-add, no platform libm), so their results are
// the same bits on glibc, Apple and every other platform.
//
// Accuracy (checked in the tests against 45-digit references): exp, expm1,
// sin and cos are within 1 ulp over their whole double domain. The method:
// - exp: x = k·ln2 + r, |r| ≤ ln2/2, with ln2 split so that k·ln2_hi is
//   exact (Cody & Waite); e^r = 1 + r + r²/2 + r³·T(r) with the leading sum
//   carried as an unevaluated double-double and T a Taylor polynomial
//   (truncation < 2⁻⁶⁴ relative), so one final rounding dominates; then ×2^k.
// - expm1: the same series from 0 for |x| ≤ ln2/2; otherwise 2^k·e^r − 1
//   with the subtraction done exactly before the final rounding.
// - sin, cos: x = k·π/2 + r, |r| ≤ π/4, with π/2 in three pieces of ≤ 33 bits
//   for |x| < 2¹⁹·π/2 (every product exact) and Payne–Hanek reduction with
//   1,280 bits of 2/π beyond; r³/6 and r²/2 carried exactly, Taylor tails.
// The constants are the digits of ln 2, π/2 and 2/π (the three-piece split of
// π/2 and ln 2 is the one fdlibm documents; 2/π's bits were generated with
// mpmath).

@usableFromInline
enum _Math {
  // ln 2 = ln2Hi + ln2Lo; ln2Hi has 32 significant bits so k·ln2Hi is exact.
  @usableFromInline static let ln2Hi = 6.93147180369123816490e-01
  @usableFromInline static let ln2Lo = 1.90821492927058770002e-10
  @usableFromInline static let inverseLn2 = 1.44269504088896338700e+00

  // π/2 = p1 + p2 + p3 + p3t; p1, p2 have 33 significant bits.
  @usableFromInline static let pio2p1 = 1.57079632673412561417e+00
  @usableFromInline static let pio2p2 = 6.07710050630396597660e-11
  @usableFromInline static let pio2p3 = 2.02226624871116645580e-21
  @usableFromInline static let pio2p3t = 8.47842766036889956997e-32
  @usableFromInline static let twoOverPi = 6.36619772367581382433e-01
  @usableFromInline static let pio2Hi = 1.5707963267948966
  @usableFromInline static let pio2Lo = 6.123233995736766e-17

  /// Bits of 2/π after the binary point, 64 per word (word 0 = bits 1…64).
  @usableFromInline static let twoOverPiBits: [UInt64] = [
    0xa2f9_836e_4e44_1529, 0xfc27_57d1_f534_ddc0, 0xdb62_9599_3c43_9041, 0xfe51_63ab_debb_c561, 0xb724_6e3a_424d_d2e0,
    0x0649_2eea_09d1_921c, 0xfe1d_eb1c_b129_a73e, 0xe882_35f5_2ebb_4484, 0xe99c_7026_b45f_7e41, 0x3991_d639_8353_39f4,
    0x9c84_5f8b_bdf9_283b, 0x1ff8_97ff_de05_980f, 0xef2f_118b_5a0a_6d1f, 0x6d36_7ecf_27cb_09b7, 0x4f46_3f66_9e5f_ea2d,
    0x7527_bac7_ebe5_f17b, 0x3d07_39f7_8a52_92ea, 0x6bfb_5fb1_1f8d_5d08, 0x5603_3046_fc7b_6bab, 0xf0cf_bc20_9af4_361d,
  ]

  @usableFromInline @inline(__always)
  static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
    let s = a + b
    let bb = s - a
    return (s, (a - (s - bb)) + (b - bb))
  }

  /// 2^k for any k a result can need, as one or two exact factors.
  @usableFromInline @inline(__always)
  static func scale(_ x: Double, _ k: Int) -> Double {
    if k > 1023 { return x * 0x1p1023 * Double(sign: .plus, exponent: k - 1023, significand: 1) }
    if k < -1022 { return (x * Double(sign: .plus, exponent: k + 600, significand: 1)) * 0x1p-600 }
    return x * Double(sign: .plus, exponent: k, significand: 1)
  }

  /// Σ_{n≥3} rⁿ⁻³/n! for |r| ≤ 0.35, through 1/16! (truncation < 2⁻⁶⁴).
  @usableFromInline @inline(__always)
  static func expTail(_ r: Double) -> Double {
    var t = 1.0 / 20_922_789_888_000
    t = t * r + 1.0 / 1_307_674_368_000
    t = t * r + 1.0 / 87_178_291_200
    t = t * r + 1.0 / 6_227_020_800
    t = t * r + 1.0 / 479_001_600
    t = t * r + 1.0 / 39_916_800
    t = t * r + 1.0 / 3_628_800
    t = t * r + 1.0 / 362_880
    t = t * r + 1.0 / 40_320
    t = t * r + 1.0 / 5_040
    t = t * r + 1.0 / 720
    t = t * r + 1.0 / 120
    t = t * r + 1.0 / 24
    return t * r + 1.0 / 6
  }

  /// e^(r + rLo) as an unevaluated sum hi + lo, |r| ≤ ln2/2.
  @usableFromInline @inline(__always)
  static func expCore(_ r: Double, _ rLo: Double) -> (hi: Double, lo: Double) {
    let (square, squareError) = _Augmented.product(r, r)
    let half = 0.5 * square, halfError = 0.5 * squareError
    let tail = (r * square) * expTail(r)
    let (a, aError) = twoSum(1, r)
    let (b, bError) = twoSum(a, half)
    let low = ((aError + bError) + (halfError + tail)) + rLo * (a + half)
    return (b, low)
  }

  /// Cody–Waite reduction: x = k·ln2 + (r + rLo).
  @usableFromInline @inline(__always)
  static func reduceLn2(_ x: Double) -> (k: Int, r: Double, rLo: Double) {
    let k = (x * inverseLn2).rounded(.toNearestOrEven)
    let high = x - k * ln2Hi
    let low = k * ln2Lo
    let (r, rError) = twoSum(high, -low)
    return (Int(k), r, rError)
  }

  @usableFromInline static func exp(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.782712893384 { return .infinity }
    if x < -745.1332191019412 { return 0 }
    // e^x rounds to 1 below 2⁻⁵⁴; the core's r² would be subnormal (slow on
    // x86: a fuzzed spring with damping 1e-300 spent 100× longer per exp).
    if x.magnitude < 0x1p-54 { return 1 }
    let (k, r, rLo) = reduceLn2(x)
    let (hi, lo) = expCore(r, rLo)
    return scale(hi + lo, k)
  }

  @usableFromInline static func expm1(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.782712893384 { return .infinity }
    if x < -38 { return -1 }
    // e^x − 1 = x + x²/2 + …: below 2⁻⁵⁴ the rest is under a quarter ulp of x.
    if x.magnitude < 0x1p-54 { return x }
    if x.magnitude <= 0.34657359027997264 {
      let (square, squareError) = _Augmented.product(x, x)
      let half = 0.5 * square, halfError = 0.5 * squareError
      let tail = (x * square) * expTail(x)
      let (b, bError) = twoSum(x, half)
      return b + (bError + (halfError + tail))
    }
    let (k, r, rLo) = reduceLn2(x)
    let (hi, lo) = expCore(r, rLo)
    if k > 1000 { return scale(hi + lo, k) }
    let p = Double(sign: .plus, exponent: k, significand: 1)
    let (d, dError) = twoSum(hi * p, -1)
    return d + (dError + lo * p)
  }

  /// x = q·π/2 + (r + rLo), |r| ≤ π/4 (about), q mod 4 returned.
  @usableFromInline static func reducePiOver2(_ x: Double) -> (quadrant: Int, r: Double, rLo: Double) {
    let ax = x.magnitude
    if ax <= 0.7853981633974483 { return (0, x, 0) }
    if ax < 823_549.6 {  // 2¹⁹·π/2: k < 2²⁰, so k·p1 and k·p2 are exact
      let k = (x * twoOverPi).rounded(.toNearestOrEven)
      let y1 = x - k * pio2p1
      let (r, e) = twoSum(y1, -(k * pio2p2))
      let (r2, e2) = twoSum(r, -(k * pio2p3))
      return (Int(k) & 3, r2, (e + e2) - k * pio2p3t)
    }
    return payneHanek(x)
  }

  /// Payne–Hanek: the bits of 2/π that matter for x = m·2^e, multiplied
  /// exactly in 64-bit words; keeps about 128 bits of the fraction.
  @usableFromInline static func payneHanek(_ x: Double) -> (quadrant: Int, r: Double, rLo: Double) {
    let negative = x < 0
    let ax = x.magnitude
    let m = ax.significandBitPattern | (1 << 52)  // 53-bit integer
    let e = Int(ax.exponent) - 52  // ax = m·2^e, e ≥ −32 here
    // Window of 192 bits of 2/π starting at bit s = e − 1 (bit i has weight 2^−i).
    let s = e - 1
    func bits(_ start: Int) -> UInt64 {  // 64 bits starting at bit `start` (1-based)
      var value: UInt64 = 0
      let first = start - 1  // 0-based index of the first bit
      let word = first >> 6, offset = first & 63
      func w(_ index: Int) -> UInt64 { (0..<twoOverPiBits.count).contains(index) ? twoOverPiBits[index] : 0 }
      if first < 0 {
        // Bits before the binary point are 0.
        let shift = -first
        return shift >= 64 ? 0 : w(0) >> UInt64(shift)
      }
      value = offset == 0 ? w(word) : (w(word) << UInt64(offset)) | (w(word + 1) >> UInt64(64 - offset))
      return value
    }
    let w0 = bits(s), w1 = bits(s + 64), w2 = bits(s + 128)
    // P = m × (w0·2¹²⁸ + w1·2⁶⁴ + w2), words p0 (bits 192…255) … p3 (bits 0…63).
    let (h2, l2) = m.multipliedFullWidth(by: w2)
    let (h1, l1) = m.multipliedFullWidth(by: w1)
    let (h0, l0) = m.multipliedFullWidth(by: w0)
    _ = h0
    let p3 = l2
    let (p2, carry2) = l1.addingReportingOverflow(h2)
    let (partial, carryA) = l0.addingReportingOverflow(h1)
    let (p1, carryB) = partial.addingReportingOverflow(carry2 ? 1 : 0)
    _ = (carryA, carryB)  // they only reach bit 192 and above: multiples of 4
    // x·2/π ≈ P·2⁻¹⁹⁰ (mod 4): the quadrant is bits 190, 191 (top of p1),
    // the fraction bits 189 … 0.
    var quadrant = Int(p1 >> 62)
    var fHigh = (p1 << 2) | (p2 >> 62)
    var fLow = (p2 << 2) | (p3 >> 62)
    // Nearest quadrant: a fraction f ≥ 1/2 becomes f − 1 in the next one.
    var sign = 1.0
    if fHigh >> 63 == 1 {
      quadrant = (quadrant + 1) & 3
      fLow = ~fLow &+ 1
      fHigh = ~fHigh &+ (fLow == 0 ? 1 : 0)
      sign = -1
    }
    // f = a + b + c exactly (32 + 32 + 53 bits), then r = f·π/2 in double-double.
    let a = Double(fHigh >> 32) * 0x1p-32
    let b = Double(fHigh & 0xffff_ffff) * 0x1p-64
    let c = Double(fLow >> 11) * 0x1p-117
    let (fHi, fLoPart) = twoSum(a, b)
    let fLo = fLoPart + c
    let (productHi, productLo) = _Augmented.product(fHi, pio2Hi)
    let (r, rLo) = twoSum(productHi, productLo + (fHi * pio2Lo + fLo * pio2Hi))
    let signed = negative ? -sign : sign
    let q = negative ? (4 - quadrant) & 3 : quadrant
    return (q, signed * r, signed * rLo)
  }

  /// sin(r + rLo), |r| ≤ π/4 (+ a little).
  @usableFromInline @inline(__always)
  static func sinKernel(_ r: Double, _ rLo: Double) -> Double {
    let (z, zError) = _Augmented.product(r, r)
    let (cube, cubeError) = _Augmented.product(r, z)
    // cube/6 as q + qError exactly enough: q = cube/6 rounded, the remainder via an exact product.
    let q = cube / 6
    let (sixQ, sixQError) = _Augmented.product(6, q)
    let qError = ((cube - sixQ) - sixQError + cubeError + r * zError) / 6
    // sin r = r − r³/6 + r³·z·(1/120 − z/5040 + …)
    var t = -1.0 / 121_645_100_408_832_000
    t = t * z + 1.0 / 355_687_428_096_000
    t = t * z - 1.0 / 1_307_674_368_000
    t = t * z + 1.0 / 6_227_020_800
    t = t * z - 1.0 / 39_916_800
    t = t * z + 1.0 / 362_880
    t = t * z - 1.0 / 5_040
    t = t * z + 1.0 / 120
    let tail = (cube * z) * t
    let (s, sError) = twoSum(r, -q)
    return s + ((sError - qError) + (tail + rLo * (1 - 0.5 * z)))
  }

  /// cos(r + rLo), |r| ≤ π/4 (+ a little).
  @usableFromInline @inline(__always)
  static func cosKernel(_ r: Double, _ rLo: Double) -> Double {
    let (z, zError) = _Augmented.product(r, r)
    let half = 0.5 * z, halfError = 0.5 * zError
    // cos r = 1 − r²/2 + z²·(1/24 − z/720 + z²/40320 − …), through r¹⁸/18!.
    var t = -1.0 / 6_402_373_705_728_000
    t = t * z + 1.0 / 20_922_789_888_000
    t = t * z - 1.0 / 87_178_291_200
    t = t * z + 1.0 / 479_001_600
    t = t * z - 1.0 / 3_628_800
    t = t * z + 1.0 / 40_320
    t = t * z - 1.0 / 720
    t = t * z + 1.0 / 24
    let tail = (z * z) * t
    let (w, wError) = twoSum(1, -half)
    return w + ((wError - halfError) + (tail - r * rLo))
  }

  /// (sin x, cos x) with one argument reduction.
  @usableFromInline static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
    if !x.isFinite { return (.nan, .nan) }
    if x.magnitude < 0x1p-27 { return (x, 1) }
    let (q, r, rLo) = reducePiOver2(x)
    let s = sinKernel(r, rLo), c = cosKernel(r, rLo)
    switch q {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
  }

  @usableFromInline static func sin(_ x: Double) -> Double {
    if !x.isFinite { return .nan }
    if x.magnitude < 0x1p-26 { return x }  // sin x = x − x³/6: the correction is below half an ulp
    let (q, r, rLo) = reducePiOver2(x)
    switch q {
    case 0: return sinKernel(r, rLo)
    case 1: return cosKernel(r, rLo)
    case 2: return -sinKernel(r, rLo)
    default: return -cosKernel(r, rLo)
    }
  }

  @usableFromInline static func cos(_ x: Double) -> Double {
    if !x.isFinite { return .nan }
    if x.magnitude < 0x1p-27 { return 1 }
    let (q, r, rLo) = reducePiOver2(x)
    switch q {
    case 0: return cosKernel(r, rLo)
    case 1: return -sinKernel(r, rLo)
    case 2: return -cosKernel(r, rLo)
    default: return sinKernel(r, rLo)
    }
  }
}
