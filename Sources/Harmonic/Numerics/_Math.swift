// Elementary functions for the deterministic path, built only from IEEE-754
// operations that every platform rounds the same way (+ − × ÷ and integer
// arithmetic; no fused multiply-add, no platform libm), so their results are
// the same bits on glibc, Apple and every other platform.
//
// Accuracy (checked in the tests against 45-digit references): exp, expm1,
// sin and cos are within 1 ulp over their whole double domain (worst seen
// against mpmath over 240,000 random arguments: 0.50, 0.68, 0.76 and 0.76
// ulp; exp's results below 2⁻¹⁰²² are rounded once, on the subnormal grid).
// The method:
// - exp: by table (Tang), x = (128·k + j)·ln2/128 + r, |r| ≤ ln2/256, with
//   ln2/128 split so that n·(its high part) is exact (Cody & Waite); then
//   2^(j/128) as hi + lo, a degree-6 polynomial for e^r − 1 (Estrin), one final
//   rounding of hi + (lo + hi·p), and 2^k from its bits.
// - expm1: the Taylor series below 0.0189; otherwise the same table with
//   2^k·hi − 1 carried exactly as a pair before the final rounding.
// - sin, cos: x = k·π/2 + r, |r| ≤ π/4, with π/2 in three pieces of ≤ 33 bits
//   for |x| < 2¹⁹·π/2 (every product exact) and Payne–Hanek reduction with
//   1,280 bits of 2/π beyond; fdlibm's minimax kernels on r and its tail
//   (Estrin's order: the chains are shorter, the terms the same).
// - Over eight lanes in the C kernel (`_HarmonicLanes`): the same operations
//   per lane, so the same bits; the lanes only take the common ranges, the
//   rest stays scalar.
// - Rounding to an integer adds and subtracts 1.5·2⁵² (no call into libm).
// The constants are the digits of ln 2, π/2 and 2/π (the three-piece split of
// π/2 and ln 2 is the one fdlibm documents; 2/π's bits and the table were
// generated with mpmath).
// Until November 2026, exp and the kernels used double-double Taylor series
// of degree 14 to 19 instead: within 0.51 ulp, but twice the cost of the
// platform's libm. The results differ from those in the last bit for a few
// arguments, so the golden hashes changed with it (see the Reliability article).

@usableFromInline
package enum _Math {
  // ln 2 = ln2Hi + ln2Lo; ln2Hi has 32 significant bits so k·ln2Hi is exact.
  @usableFromInline static let ln2Hi = 6.93147180369123816490e-01
  @usableFromInline static let ln2Lo = 1.90821492927058770002e-10

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

  /// The integer nearest `x` (ties to even), for |x| < 2⁵¹: adding 1.5·2⁵² leaves
  /// no fraction bits, so the sum rounds to an integer by IEEE's default mode,
  /// and subtracting it back is exact. Same bits as `x.rounded(.toNearestOrEven)`,
  /// which on x86-64 without SSE4.1 is a call into the platform's libm.
  @usableFromInline @inline(__always)
  static func nearestInteger(_ x: Double) -> Double {
    (x + 0x1.8p52) - 0x1.8p52
  }

  /// The integer nearest `x` (ties to even) for |x| < 2⁵¹, as a double — the
  /// same bits as ``nearestInteger(_:)`` — and as an integer read from the
  /// bits of the shifted sum (2⁵² + 2⁵¹ + n exactly: its low 52 bits are
  /// n + 2⁵¹), without a float-to-integer conversion and its range checks.
  @usableFromInline @inline(__always)
  static func nearestIntegerAndInt(_ x: Double) -> (n: Double, integer: Int) {
    let shifted = x + 0x1.8p52
    return (shifted - 0x1.8p52, Int(truncatingIfNeeded: shifted.bitPattern & 0xf_ffff_ffff_ffff) &- (1 << 51))
  }

  /// 2^k for any k a result can need, as one or two exact factors.
  @usableFromInline @inline(__always)
  static func scale(_ x: Double, _ k: Int) -> Double {
    if k > 1023 { return x * 0x1p1023 * Double(sign: .plus, exponent: k - 1023, significand: 1) }
    if k < -1022 { return (x * Double(sign: .plus, exponent: k + 600, significand: 1)) * 0x1p-600 }
    return x * Double(sign: .plus, exponent: k, significand: 1)
  }

  /// e^x. Inlined into its callers inside Harmonic (a spring's state calls
  /// it beside ``sincos(_:)``: inlined, the two chains interleave and
  /// nothing is spilled around a call); other modules call it. |x| ≥ 708
  /// and NaN are handled out of line.
  @usableFromInline @inline(__always)
  package static func exp(_ x: Double) -> Double {
    // x = n·ln2/128 + r (see _Math+ExpTable.swift); n = 128·k + j.
    if x.magnitude < 708 {  // 2^k is then a normal number: built from its bits
      // e^x rounds to 1 below 2⁻⁵⁴ (and r·r would be subnormal: slow on x86).
      if x.magnitude < 0x1p-54 { return 1 }
      let (j, k, r) = reduceExpStep(x)
      return expTableStep(j, r) * Double(bitPattern: UInt64(1023 + k) << 52)
    }
    return expBeyondNormal(x)
  }

  /// ``exp(_:)`` for |x| ≥ 708 and NaN: overflow, underflow, and results
  /// near or below the smallest normal double.
  @usableFromInline static func expBeyondNormal(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.782712893384 { return .infinity }
    if x < -745.1332191019412 { return 0 }
    let (j, k, r) = reduceExpStep(x)
    if k >= -1022 { return scale(expTableStep(j, r), k) }
    // A subnormal result, (hi + tail)·2^k: rounded once, on the subnormal
    // grid. With m = 2^(k+1022) (≥ 2⁻⁵⁴), 1 + (hi + tail)·m lies in [1, 2],
    // where doubles are spaced 2⁻⁵² — the grid of 2^−1022·(its fraction).
    let m = Double(sign: .plus, exponent: k + 1022, significand: 1)
    let hi = expTableHi[j]
    let (sum, sumError) = twoSum(1, hi * m)
    let tail = (expTableLo[j] + hi * expMinusOneKernel(r)) * m
    return ((sum + (sumError + tail)) - 1) * 0x1p-1022
  }

  /// x = (128·k + j)·ln2/128 + r, |r| ≤ ln2/256 (plus rounding), for |x| < 746.
  @usableFromInline @inline(__always)
  static func reduceExpStep(_ x: Double) -> (j: Int, k: Int, r: Double) {
    let (n, steps) = nearestIntegerAndInt(x * expStepsPerUnit)
    let r = (x - n * expStepHi) - n * expStepLo
    return (steps & 127, steps >> 7, r)
  }

  /// 2^(j/128)·e^r, rounded once.
  @usableFromInline @inline(__always)
  static func expTableStep(_ j: Int, _ r: Double) -> Double {
    let hi = expTableHi[j]
    return hi + (expTableLo[j] + hi * expMinusOneKernel(r))
  }

  /// e^r − 1 for |r| ≤ ln2/256: r + r²·(1/2 + r/6 + r²/24 + r³/120 + r⁴/720)
  /// (the dropped r⁷/5040 is below 2⁻⁶⁹).
  @usableFromInline @inline(__always)
  static func expMinusOneKernel(_ r: Double) -> Double {
    // Estrin's scheme: the pairs are independent, so the chain is four
    // operations shorter than Horner's (the same terms, rounded differently
    // only far below an ulp of the result).
    let r2 = r * r
    let low = 0.5 + r * (1.0 / 6), middle = 1.0 / 24 + r * (1.0 / 120)
    return r + r2 * ((low + r2 * middle) + (r2 * r2) * (1.0 / 720))
  }

  /// e^x − 1. Inlined into its callers inside Harmonic, as ``exp(_:)`` is;
  /// NaN, x < −38 (−1) and overflow are handled out of line.
  @usableFromInline @inline(__always)
  package static func expm1(_ x: Double) -> Double {
    guard x >= -38, x <= 709.782712893384 else { return expm1Beyond(x) }
    let ax = x.magnitude
    // e^x − 1 = x + x²/2 + …: below 2⁻⁵⁴ the rest is under a quarter ulp of x.
    if ax < 0x1p-54 { return x }
    if ax < 0.0189 {
      // Up to 3½ table steps the Taylor series (the dropped x¹⁰/10! is below
      // 2⁻⁶⁴ of x): the table's 2^(j/128) − 1 would cancel against e^r − 1.
      return x + (x * x)
        * (0.5 + x
          * (1.0 / 6 + x
            * (1.0 / 24 + x
              * (1.0 / 120 + x
                * (1.0 / 720
                  + x * (1.0 / 5_040 + x * (1.0 / 40_320 + x * (1.0 / 362_880))))))))
    }
    let (j, k, r) = reduceExpStep(x)
    if k > 1000 { return scale(expTableStep(j, r), k) }  // the −1 is far below an ulp
    // 2^k·2^(j/128)·(1 + p) − 1 with 2^k·hi − 1 exact as a pair: the rest is
    // below 15 % of the result for |x| ≥ 0.0189, so one final rounding dominates.
    let p = expMinusOneKernel(r)
    let hi = expTableHi[j]
    let power = Double(bitPattern: UInt64(1023 + k) << 52)
    let (d, dError) = twoSum(hi * power, -1)
    return d + (dError + power * (expTableLo[j] + hi * p))
  }

  /// ``expm1(_:)`` outside [−38, 709.78…]: NaN, −1 below, +∞ above.
  @usableFromInline static func expm1Beyond(_ x: Double) -> Double {
    if x.isNaN { return x }
    return x > 0 ? .infinity : -1
  }

  /// x = q·π/2 + (r + rLo), |r| ≤ π/4 (about), q mod 4 returned.
  @usableFromInline @inline(__always)
  static func reducePiOver2(_ x: Double) -> (quadrant: Int, r: Double, rLo: Double) {
    let ax = x.magnitude
    if ax <= 0.7853981633974483 { return (0, x, 0) }
    if ax < 823_549.6 {  // 2¹⁹·π/2: k < 2²⁰, so k·p1 and k·p2 are exact
      let k = nearestInteger(x * twoOverPi)
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

  // Kernels on |r| ≤ π/4 with the reduction's tail rLo: the minimax
  // polynomials of fdlibm's k_sin.c and k_cos.c (Sun Microsystems, 1993;
  // |sin r − r − r³·S(r²)| < 2⁻⁵⁸·³, |cos r − 1 + r²/2 − r⁴·C(r²)| < 2⁻⁵⁸·³),
  // evaluated in an order that keeps the final rounding dominant: the result
  // is r (or 1 − r²/2, carried exactly) plus a correction below 1/6 of it.
  @usableFromInline static let sinS1 = -1.66666666666666324348e-01
  @usableFromInline static let sinS2 = 8.33333333332248946124e-03
  @usableFromInline static let sinS3 = -1.98412698298579493134e-04
  @usableFromInline static let sinS4 = 2.75573137070700676789e-06
  @usableFromInline static let sinS5 = -2.50507602534068634195e-08
  @usableFromInline static let sinS6 = 1.58969099521155010221e-10
  @usableFromInline static let cosC1 = 4.16666666666666019037e-02
  @usableFromInline static let cosC2 = -1.38888888888741095749e-03
  @usableFromInline static let cosC3 = 2.48015872894767294178e-05
  @usableFromInline static let cosC4 = -2.75573143513906633035e-07
  @usableFromInline static let cosC5 = 2.08757232129817482790e-09
  @usableFromInline static let cosC6 = -1.13596475577881948265e-11

  /// sin(r + rLo), |r| ≤ π/4 (+ a little).
  @usableFromInline @inline(__always)
  static func sinKernel(_ r: Double, _ rLo: Double) -> Double {
    let z = r * r
    let v = z * r
    let z2 = z * z
    let rest = (sinS2 + z * sinS3) + z2 * ((sinS4 + z * sinS5) + z2 * sinS6)
    // sin(r + e) = r + r³·S1 + r⁵·rest + e·(1 − r²/2) to far below an ulp of the result.
    return r - ((z * (0.5 * rLo - v * rest) - rLo) - v * sinS1)
  }

  /// cos(r + rLo), |r| ≤ π/4 (+ a little).
  @usableFromInline @inline(__always)
  static func cosKernel(_ r: Double, _ rLo: Double) -> Double {
    let z = r * r
    let z2 = z * z
    let rest = z * (((cosC1 + z * cosC2) + z2 * (cosC3 + z * cosC4)) + (z2 * z2) * (cosC5 + z * cosC6))
    let half = 0.5 * z
    let w = 1 - half
    // (1 − w) − half is the rounding error of w, exactly; cos(r + e) adds −r·e.
    return w + (((1 - w) - half) + (z * rest - r * rLo))
  }

  /// (sin x, cos x) with one argument reduction. Inlined into its callers
  /// inside Harmonic, as ``exp(_:)`` is; Payne–Hanek reduction
  /// (|x| ≥ 823,549.6) stays a call.
  @usableFromInline @inline(__always)
  package static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
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

  @usableFromInline package static func sin(_ x: Double) -> Double {
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
