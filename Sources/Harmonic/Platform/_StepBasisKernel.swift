import _HarmonicLanes

/// The calls into `_HarmonicLanes` (`HarmonicLanes.c`), built for the
/// baseline instruction set, AVX2 and AVX-512 and chosen by the processor
/// at run time, with the bits of the Swift formulas on each
/// (`LaneKernelTests`): the step basis of many springs, eight lanes wide
/// (Batch/_LaneKernel.swift says what goes in and what comes out), and
/// the batch's streaming passes — per-item and shared-spring channels,
/// the propagator step, pose interpolation.
enum _StepBasisKernel {
  /// The constants of the deterministic exp and sincos, handed to the
  /// kernel on each call (the tables are copied once into memory that is
  /// never freed, so the pointers stay valid; the exponential's table
  /// interleaved as hi, lo pairs, one 16-byte load per lane).
  struct Constants: @unchecked Sendable {
    fileprivate let value: HarmonicLaneConstants

    /// - Parameters: `expStep`: the step ln2/128 as hi + lo, and 128/ln2;
    ///   `expTable`: 2^(j/128) as hi and lo (128 entries each); `pio2`:
    ///   π/2 in four pieces; `sin`, `cos`: the kernels' six coefficients
    ///   each.
    init(
      expStep: (hi: Double, lo: Double, perUnit: Double), expTable: (hi: [Double], lo: [Double]), twoOverPi: Double,
      pio2: (Double, Double, Double, Double), sin: [Double], cos: [Double]
    ) {
      precondition(expTable.hi.count == 128 && expTable.lo.count == 128 && sin.count == 6 && cos.count == 6)
      func copy(_ table: [Double]) -> UnsafePointer<Double> {
        let memory = UnsafeMutablePointer<Double>.allocate(capacity: table.count)
        memory.initialize(from: table, count: table.count)
        return UnsafePointer(memory)
      }
      let pairs = (0..<128).flatMap { [expTable.hi[$0], expTable.lo[$0]] }
      value = HarmonicLaneConstants(
        expTablePairs: copy(pairs), expStepHi: expStep.hi, expStepLo: expStep.lo,
        expStepsPerUnit: expStep.perUnit, twoOverPi: twoOverPi, pio2p1: pio2.0, pio2p2: pio2.1, pio2p3: pio2.2, pio2p3t: pio2.3,
        sinS1: sin[0], sinS2: sin[1], sinS3: sin[2], sinS4: sin[3], sinS5: sin[4], sinS6: sin[5],
        cosC1: cos[0], cosC2: cos[1], cosC3: cos[2], cosC4: cos[3], cosC5: cos[4], cosC6: cos[5])
    }
  }

  /// The variant `variant: 0` runs here: 1 baseline, 2 AVX2, 3 AVX-512.
  static var bestVariant: Int { Int(harmonic_step_basis_variant()) }

  /// The doubles of the sorted layout of `count` springs.
  static func layoutCount(_ count: Int) -> Int { Int(harmonic_lane_layout_count(Int64(count))) }

  /// `count` springs' bases (four doubles each: a, ω₀², √|q| negated when
  /// oscillating, slow rate) sorted into the kernel's layout: chunks of 256
  /// springs, each in groups of eight of one regime with their indices.
  static func sort(_ bases: UnsafePointer<Double>, count: Int, into layout: UnsafeMutablePointer<Double>) {
    harmonic_lane_sort(bases, Int64(count), layout)
  }

  /// Springs `first ..< first + count` of the sorted `layout` at `t`
  /// seconds into `out` (`slots` slots of `count`: 3 for values, 5 with
  /// velocities); returns how many it left (their R is NaN), or nil when
  /// `variant` cannot run on this processor.
  static func run(
    _ constants: Constants, layout: UnsafePointer<Double>, first: Int, count: Int, at t: Double, into out: UnsafeMutablePointer<Double>,
    slots: Int, variant: Int
  ) -> Int? {
    let left = withUnsafePointer(to: constants.value) {
      harmonic_step_basis($0, layout, Int64(first), Int64(count), t, out, Int32(slots), Int32(variant))
    }
    return left < 0 ? nil : Int(left)
  }

  /// The per-item channel pass over one block (`harmonic_apply_channels`,
  /// `include/HarmonicLanes.h` says what it writes) with `variant` (0: the
  /// widest this processor runs); false, writing nothing, when that
  /// variant cannot run here or `width` (1–3) or `inputs` (2 or 3) is out
  /// of range.
  static func applyChannels(
    _ a: UnsafePointer<Double>, n: Int, items: Int, width: Int, inputs: Int, count: Int, _ k0: UnsafePointer<Double>,
    _ k1: UnsafePointer<Double>, _ k2: UnsafePointer<Double>, into out: UnsafeMutablePointer<Double>, variant: Int = 0
  ) -> Bool {
    harmonic_apply_channels(
      a, Int64(n), Int64(items), Int32(width), Int32(inputs), Int64(count), k0, k1, k2, out, Int32(variant)) == 0
  }

  /// The shared-spring pass over elements `lo ..< hi` (`harmonic_apply_shared`,
  /// `include/HarmonicLanes.h` says what it writes) with `variant` (0: the
  /// widest this processor runs); false, writing nothing, when that variant
  /// cannot run here or `inputs` (2 or 3) is out of range.
  static func applyShared(
    _ a: UnsafePointer<Double>, n: Int, range: Range<Int>, inputs: Int, _ c0: Double, _ c1: Double, _ c2: Double,
    into out: UnsafeMutablePointer<Double>, variant: Int = 0
  ) -> Bool {
    harmonic_apply_shared(
      a, Int64(n), Int64(range.lowerBound), Int64(range.upperBound), Int32(inputs), c0, c1, c2, out, Int32(variant)) == 0
  }

  /// The propagator step of one shared spring over elements `range`
  /// (`harmonic_apply_step`); false, writing nothing, when `variant`
  /// cannot run here.
  static func applyStep(
    _ u0: UnsafePointer<Double>, _ v0: UnsafePointer<Double>, range: Range<Int>, _ d: (Double, Double, Double, Double),
    into u1: UnsafeMutablePointer<Double>, _ v1: UnsafeMutablePointer<Double>, variant: Int = 0
  ) -> Bool {
    harmonic_apply_step(
      u0, v0, Int64(range.lowerBound), Int64(range.upperBound), d.0, d.1, d.2, d.3, u1, v1, Int32(variant)) == 0
  }

  /// ``_interpolate`` of two columns over elements `range`
  /// (`harmonic_apply_interpolation`); false, writing nothing, when
  /// `variant` cannot run here.
  static func applyInterpolation(
    _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, range: Range<Int>, progress: Double, into out: UnsafeMutablePointer<Double>,
    variant: Int = 0
  ) -> Bool {
    harmonic_apply_interpolation(
      a, b, Int64(range.lowerBound), Int64(range.upperBound), progress, out, Int32(variant)) == 0
  }

  /// Hints the processor to fetch the cache line at `address` for writing.
  @inline(__always)
  static func prefetchForWriting(_ address: UnsafeRawPointer) { harmonic_prefetch_for_writing(address) }
}
