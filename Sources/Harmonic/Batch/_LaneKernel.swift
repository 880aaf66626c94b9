/// The step basis of a block of items with distinct springs, eight springs
/// of one regime at a time, through the C kernel of `_HarmonicLanes`
/// (`HarmonicLanes.c`, called from Platform/_StepBasisKernel.swift): a
/// port of `_SpringBasis.stepBasis`, the same operations in the same
/// order, built for the baseline instruction set,
/// AVX2 and AVX-512 and chosen by the processor at run time — the same
/// bits on every one of them and as the scalar path (`LaneKernelTests`).
/// The springs it leaves (arguments outside the lane functions' ranges)
/// are computed here with the scalar `stepBasis`, as `_StepCoefficients`
/// does. It reads each spring's basis from a compact layout of about 37
/// bytes an item (``bases(of:)``), not from the 104-byte groups, sorted
/// once by regime into groups of eight lanes stored side by side: a call
/// loads a group's bases as four vectors, with no partition and no
/// transposition, and (AVX-512) stores its coefficients with one scatter
/// per slot.
enum _LaneKernel {
  private static let constants = _StepBasisKernel.Constants(
    expStep: (_Math.expStepHi, _Math.expStepLo, _Math.expStepsPerUnit), expTable: (_Math.expTableHi, _Math.expTableLo),
    twoOverPi: _Math.twoOverPi, pio2: (_Math.pio2p1, _Math.pio2p2, _Math.pio2p3, _Math.pio2p3t),
    sin: [_Math.sinS1, _Math.sinS2, _Math.sinS3, _Math.sinS4, _Math.sinS5, _Math.sinS6],
    cos: [_Math.cosC1, _Math.cosC2, _Math.cosC3, _Math.cosC4, _Math.cosC5, _Math.cosC6])

  /// The kernel's input for `groups` (group i is item i), sorted once: the
  /// bases of each group — the decay rate a, ω₀², √|q| (negated when the
  /// spring oscillates, so that its sign carries the regime: √|q| > 0
  /// there) and the slow rate — in `_HarmonicLanes`' layout (chunks of 256
  /// springs in groups of eight of one regime, lane-contiguous, with their
  /// indices).
  static func bases(of groups: [_SpringGroup]) -> [Double] {
    var bases: [Double] = []
    bases.reserveCapacity(4 * groups.count)
    for index in groups.indices {
      let basis = groups[index].spring._basis
      bases.append(basis.decayRate)
      bases.append(basis.omegaSquared)
      bases.append(basis.isOscillating ? -basis.rootDiscriminant : basis.rootDiscriminant)
      bases.append(basis.slowRate)
    }
    let count = groups.count
    guard count > 0 else { return [] }
    return [Double](unsafeUninitializedCapacity: _StepBasisKernel.layoutCount(count)) { layout, initialized in
      bases.withUnsafeBufferPointer { _StepBasisKernel.sort($0.baseAddress!, count: count, into: layout.baseAddress!) }
      initialized = layout.count
    }
  }

  /// Calls `body` with each kernel chunk of `range` (groups `lo ..< hi`,
  /// never crossing a multiple of 256: the kernel evaluates whole chunks)
  /// and its coefficients at `t`, slot-major `hi − lo` apart (only R, P and
  /// Ŝ where `slots` is 3), in a buffer on the stack: a tuple of 20 × 64
  /// doubles, room for five slots of a chunk, not an allocation in any
  /// build. `caller` names the caller in the precondition that the
  /// baseline variant, which runs everywhere, always answers.
  @inline(__always)
  static func forEachChunk(
    _ bases: _SendableBuffer<Double>, _ groups: _SendableBuffer<_SpringGroup>, _ range: Range<Int>, at t: Double, slots: Int,
    caller: String, _ body: (Range<Int>, _SendablePointer) -> Void
  ) {
    let v = SIMD64<Double>()
    var chunk = (v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v)
    withUnsafeMutableBytes(of: &chunk) { bytes in
      let coefficients = _SendablePointer(bytes.baseAddress!.assumingMemoryBound(to: Double.self))
      var lo = range.lowerBound
      while lo < range.upperBound {
        let hi = Swift.min((lo / 256 + 1) * 256, range.upperBound)
        precondition(write(bases, groups, lo..<hi, at: t, into: coefficients, slots: slots) != nil, caller)
        body(lo..<hi, coefficients)
        lo = hi
      }
    }
  }

  /// The variant the kernel runs here: 1 baseline, 2 AVX2, 3 AVX-512.
  static var bestVariant: Int { _StepBasisKernel.bestVariant }

  /// Writes the five coefficients of groups `range` (group i is item i) at
  /// `t` seconds, slot-major (`s·range.count + (g − range.lowerBound)`;
  /// only R, P and Ŝ where `slots` is 3 — but `coefficients` needs room
  /// for five slots either way: a spring the kernel leaves is written
  /// whole by the scalar path),
  /// with kernel `variant` (0: the widest this processor runs), reading the
  /// groups' bases from `bases` (``bases(of:)`` of all the groups). Returns how many springs
  /// the kernel left to the scalar path, or nil, writing nothing, when that
  /// variant cannot run here.
  @discardableResult
  static func write(
    _ bases: _SendableBuffer<Double>, _ groups: _SendableBuffer<_SpringGroup>, _ range: Range<Int>, at t: Double,
    into coefficients: _SendablePointer, slots: Int = 5, variant: Int = 0
  ) -> Int? {
    guard let layout = bases.buffer.baseAddress, bases.buffer.count >= _StepBasisKernel.layoutCount(range.upperBound), !range.isEmpty
    else { return nil }
    guard
      let left = _StepBasisKernel.run(
        constants, layout: layout, first: range.lowerBound, count: range.count, at: t, into: coefficients.base, slots: slots,
        variant: variant)
    else { return nil }
    if left > 0 {
      let layout = _StepCoefficients.Layout.slotMajor(count: range.count, first: range.lowerBound)
      for j in 0..<range.count where coefficients[j].isNaN {
        _StepCoefficients.writeScalar(range.lowerBound + j, groups, at: t, into: coefficients, layout: layout)
      }
    }
    return left
  }
}
