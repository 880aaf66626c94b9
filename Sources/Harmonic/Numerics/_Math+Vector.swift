// exp, expm1 and sin/cos over SIMD lanes: the scalar functions' operations,
// in the same order, on `_Lanes` (SIMD2<Double>, one SSE2 register; four
// lanes measured no faster in a whole frame) — IEEE + − × ÷ per lane, so
// every lane is bit for bit the scalar result. No FMA, on any machine: none
// is written, and Swift lowers floating-point operators to LLVM `fadd`/`fmul`
// without the `contract` flag (it has no option that adds it), so LLVM may
// not fuse them; the goldens hold in debug, release and -Ounchecked builds
// alike. Integer parts come from the bits of
// x·c + 1.5·2⁵² (the nearest integer sits in the low bits of the
// significand), table entries are loaded per lane, and branches become
// selects: every lane computes each candidate and keeps the scalar path's.
// Each function takes only the range where the scalar path is one formula;
// callers check it and stay scalar outside (`LaneMathTests` compares lanes
// with the scalar functions bit for bit).

typealias _Lanes = SIMD2<Double>
/// Integer lanes beside `_Lanes`.
typealias _LaneIntegers = SIMD2<Int64>
/// A lane mask (of `_Lanes` and of `_LaneIntegers`).
typealias _LaneMask = SIMDMask<_LaneIntegers>

extension _Math {
  /// |x| per lane: the sign bit cleared.
  @inline(__always)
  static func magnitude(_ x: _Lanes) -> _Lanes {
    unsafeBitCast(unsafeBitCast(x, to: SIMD2<UInt64>.self) & 0x7fff_ffff_ffff_ffff, to: _Lanes.self)
  }

  /// The integer n nearest x·`factor` as a double, and as an integer.
  @inline(__always)
  static func nearestLanes(_ x: _Lanes, times factor: Double) -> (n: _Lanes, integer: _LaneIntegers) {
    let shifted = x * factor + 0x1.8p52
    // shifted = 2⁵² + 2⁵¹ + n exactly: its low 52 bits are n + 2⁵¹.
    let bits = unsafeBitCast(shifted, to: _LaneIntegers.self)
    return (shifted - 0x1.8p52, (bits & 0xf_ffff_ffff_ffff) &- (1 << 51))
  }

  /// 2^(j/128) as hi + lo and 2^k per lane, for n = 128·k + j.
  @inline(__always)
  static func expTableLanes(_ steps: _LaneIntegers) -> (hi: _Lanes, lo: _Lanes, power: _Lanes) {
    let j = steps & 127
    var hi = _Lanes(), lo = _Lanes()
    expTableHi.withUnsafeBufferPointer { table in
      for lane in 0..<_Lanes.scalarCount { hi[lane] = table[Int(j[lane])] }
    }
    expTableLo.withUnsafeBufferPointer { table in
      for lane in 0..<_Lanes.scalarCount { lo[lane] = table[Int(j[lane])] }
    }
    return (hi, lo, unsafeBitCast(((steps &>> 7) &+ 1023) &<< 52, to: _Lanes.self))
  }

  @inline(__always)
  static func expMinusOneKernel(_ r: _Lanes) -> _Lanes {
    let r2 = r * r
    let low = 0.5 + r * (1.0 / 6), middle = 1.0 / 24 + r * (1.0 / 120)
    return r + r2 * ((low + r2 * middle) + (r2 * r2) * (1.0 / 720))
  }

  /// `exp` per lane, for lanes with |x| < 708 (the scalar path's first branch).
  @inline(__always)
  static func exp(_ x: _Lanes) -> _Lanes {
    let (n, steps) = nearestLanes(x, times: expStepsPerUnit)
    let r = (x - n * expStepHi) - n * expStepLo
    let (hi, lo, power) = expTableLanes(steps)
    let result = (hi + (lo + hi * expMinusOneKernel(r))) * power
    // e^x rounds to 1 below 2⁻⁵⁴.
    return result.replacing(with: 1, where: magnitude(x) .< 0x1p-54)
  }

  /// `expm1` per lane, for lanes with x ≤ 0 (finite).
  @inline(__always)
  static func expm1(_ x: _Lanes) -> _Lanes {
    let ax = magnitude(x)
    // The table for −38 ≤ x ≤ −0.0189 (other lanes use a harmless argument).
    let xt = x.replacing(with: -1, where: (x .< -38) .| (ax .< 0.0189))
    let (n, steps) = nearestLanes(xt, times: expStepsPerUnit)
    let r = (xt - n * expStepHi) - n * expStepLo
    let p = expMinusOneKernel(r)
    let (hi, lo, power) = expTableLanes(steps)
    let (d, dError) = twoSum(hi * power, _Lanes(repeating: -1))
    var result = d + (dError + power * (lo + hi * p))
    // The Taylor series below 0.0189, Horner's order as in the scalar path.
    var h = x * (1.0 / 362_880)
    h = x * ((1.0 / 40_320) + h)
    h = x * ((1.0 / 5_040) + h)
    h = x * ((1.0 / 720) + h)
    h = x * ((1.0 / 120) + h)
    h = x * ((1.0 / 24) + h)
    h = x * ((1.0 / 6) + h)
    let series = x + (x * x) * (0.5 + h)
    result.replace(with: series, where: ax .< 0.0189)
    result.replace(with: x, where: ax .< 0x1p-54)
    result.replace(with: -1, where: x .< -38)
    return result
  }

  @inline(__always)
  static func twoSum(_ a: _Lanes, _ b: _Lanes) -> (sum: _Lanes, error: _Lanes) {
    let s = a + b
    let bb = s - a
    return (s, (a - (s - bb)) + (b - bb))
  }

  @inline(__always)
  static func sinKernel(_ r: _Lanes, _ rLo: _Lanes) -> _Lanes {
    let z = r * r
    let v = z * r
    let z2 = z * z
    let rest = (sinS2 + z * sinS3) + z2 * ((sinS4 + z * sinS5) + z2 * sinS6)
    return r - ((z * (0.5 * rLo - v * rest) - rLo) - v * sinS1)
  }

  @inline(__always)
  static func cosKernel(_ r: _Lanes, _ rLo: _Lanes) -> _Lanes {
    let z = r * r
    let z2 = z * z
    let rest = z * (((cosC1 + z * cosC2) + z2 * (cosC3 + z * cosC4)) + (z2 * z2) * (cosC5 + z * cosC6))
    let half = 0.5 * z
    let w = 1 - half
    return w + (((1 - w) - half) + (z * rest - r * rLo))
  }

  /// `sincos` per lane, for lanes with 0 ≤ x < 823,549.6 (2¹⁹·π/2: no Payne–Hanek).
  // Transparent as `_SpringBasisLanes.stepBasis` is, so that it inlines there.
  @_transparent
  static func sincos(_ x: _Lanes) -> (sin: _Lanes, cos: _Lanes) {
    let (k, integer) = nearestLanes(x, times: twoOverPi)
    let y1 = x - k * pio2p1
    let (r1, e1) = twoSum(y1, -(k * pio2p2))
    let (r2, e2) = twoSum(r1, -(k * pio2p3))
    let small = magnitude(x) .<= 0.7853981633974483  // no reduction
    let r = r2.replacing(with: x, where: small)
    let rLo = ((e1 + e2) - k * pio2p3t).replacing(with: 0, where: small)
    let quadrant = integer.replacing(with: 0, where: small) & 3
    let s = sinKernel(r, rLo), c = cosKernel(r, rLo)
    // q = 0: (s, c); 1: (c, −s); 2: (−s, −c); 3: (−c, s).
    let swap = (quadrant & 1) .== 1
    let sine = s.replacing(with: c, where: swap), cosine = c.replacing(with: -s, where: swap)
    var sinOut = sine.replacing(with: -sine, where: quadrant .>= 2)
    var cosOut = cosine.replacing(with: -cosine, where: quadrant .>= 2)
    let tiny = magnitude(x) .< 0x1p-27
    sinOut.replace(with: x, where: tiny)
    cosOut.replace(with: 1, where: tiny)
    return (sinOut, cosOut)
  }
}
