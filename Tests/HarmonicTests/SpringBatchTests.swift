import Foundation
import Testing
import _AllocationCounter

@testable import Harmonic

/// A seeded layout-like batch: N items × C channels with mixed scales and
/// per-element velocities; some items do not move at all.
func makeBatch(items: Int, channels: Int = 11, springs: SpringAssignment, seed: UInt64 = 1) throws -> SpringBatch {
  var random = SeededGenerator(seed: seed)
  let n = items * channels
  var start = [Double](repeating: 0, count: n)
  var target = [Double](repeating: 0, count: n)
  var velocity = [Double](repeating: 0, count: n)
  for e in 0..<n {
    start[e] = Double.random(in: -2000...2000, using: &random)
    // Every seventh item keeps its pose: its channels do not move.
    target[e] = (e % items) % 7 == 3 ? start[e] : Double.random(in: -2000...2000, using: &random)
    velocity[e] = (e % items) % 5 == 0 ? 0 : Double.random(in: -3000...3000, using: &random)
  }
  return try SpringBatch(itemCount: items, channelCount: channels, from: start, to: target, velocity: velocity, springs: springs)
}

func mixedSprings(_ count: Int, seed: UInt64) throws -> [Spring] {
  var random = SeededGenerator(seed: seed)
  return try (0..<count).map { _ in
    try Spring(response: random.logUniform(0.05, 1.5), dampingRatio: random.logUniform(0.1, 3))
  }
}

func hashFrame(_ frame: SpringBatch.Frame) -> UInt64 {
  var hasher = BitHasher()
  for v in frame.values { hasher.combine(v) }
  for v in frame.velocities { hasher.combine(v) }
  return hasher.value
}

@Suite("Batched springs", .splittingEveryBatch)
struct SpringBatchTests {
  static let ticks: [AnimationTime] = [0, 1, 7, 18, 45, 120, 600].map { AnimationTime(ticks: Int64($0) * AnimationTime.ticksPerSecond / 120) }

  static func assignments() throws -> [(String, SpringAssignment)] {
    let springs = try mixedSprings(4, seed: 3)
    return [
      ("shared", .shared(.bouncy)),
      ("groups in runs", .groups(springs, groupOfItem: (0..<1_000).map { $0 / 250 })),
      ("groups interleaved", .groups(springs, groupOfItem: (0..<1_000).map { $0 % 4 })),
      ("per item", .perItem(try mixedSprings(1_000, seed: 4))),
      // Per item with repeats (a staggered or per-item transition's): equal springs share a group.
      ("per item, 13 springs repeating", .perItem((0..<1_000).map { springs13[($0 * 7) % 13] })),
    ]
  }

  static let springs13 = try! mixedSprings(13, seed: 5)

  @Test("per-item springs that repeat share groups; the average progress is the items' mean")
  func perItemGroups() throws {
    let springs = (0..<1_000).map { SpringBatchTests.springs13[($0 * 7) % 13] }
    let batch = try makeBatch(items: 1_000, springs: .perItem(springs))
    #expect(batch.groupCount == 13)
    for item in stride(from: 0, to: 1_000, by: 41) { #expect(batch.spring(ofItem: item) == springs[item]) }
    for tick in SpringBatchTests.ticks.dropFirst() {
      // Independently: each item's unit step from rest (SpringMotion 0 → 1), averaged in item order.
      var mean = 0.0
      for item in 0..<1_000 {
        let step = try SpringMotion(spring: springs[item], from: 0, to: 1)
        let settle = step.endTime(within: Spring.settlingTolerance)
        mean += tick.seconds >= settle ? 1 : step.state(at: tick).value
      }
      mean /= 1_000
      #expect((batch.averageProgress(at: tick) - mean).magnitude <= 1e-13, "tick \(tick.ticks)")
    }
  }

  @Test("every element equals the scalar SpringMotion bit for bit")
  func batchEqualsScalar() throws {
    for (name, assignment) in try SpringBatchTests.assignments() {
      let batch = try makeBatch(items: 1_000, springs: assignment)
      var frame = batch.makeFrame()
      for tick in SpringBatchTests.ticks {
        try batch.evaluate(at: tick, into: &frame)
        for item in stride(from: 0, to: 1_000, by: 37) {
          for channel in 0..<11 {
            let motion = try SpringMotion(
              spring: batch.spring(ofItem: item), from: batch.start(item: item, channel: channel),
              to: batch.target(item: item, channel: channel), initialVelocity: batch.initialVelocity(item: item, channel: channel))
            let scalar = motion.state(at: tick)
            let e = batch.element(item: item, channel: channel)
            #expect(frame.values[e].bitPattern == scalar.value.bitPattern, "\(name) item \(item) channel \(channel) tick \(tick.ticks)")
            #expect(frame.velocities[e].bitPattern == scalar.velocity.bitPattern, "\(name) item \(item) channel \(channel)")
          }
        }
      }
    }
  }

  @Test("values visited block by block: every item once, its values already written, and the frame's bits unchanged")
  func valuesVisitedByBlock() throws {
    for (name, assignment) in try SpringBatchTests.assignments() {
      let batch = try makeBatch(items: 1_000, springs: assignment)
      var reference = batch.makeFrame(velocities: true)
      var frame = batch.makeFrame(velocities: true)
      for tick in [SpringBatchTests.ticks[0], SpringBatchTests.ticks[3]] {
        try batch.evaluate(at: tick, into: &reference, threads: 1)
        for (block, threads) in [(1, 1), (7, 3), (333, 2), (1_000, 1), (8_192, 3)] {
          let log = VisitLog(items: 1_000, channels: 11)
          // Per-item springs visit their own blocks; the shared path the visitor's.
          try batch._evaluate(
            at: tick, into: &frame, backend: .native, threads: threads, block: block,
            visitBlock: block, itemsWritten: { values, items in log.record(values, items) })
          let context = "\(name) block \(block) threads \(threads) tick \(tick.ticks)"
          #expect(log.visits.allSatisfy { $0 == 1 }, "\(context): items visited other than once")
          #expect(log.seen.map(\.bitPattern) == reference.values.map(\.bitPattern), "\(context): a visitor saw values not yet written")
          #expect(hashFrame(frame) == hashFrame(reference), "\(context)")
        }
      }
    }
  }

  @Test("per-item springs in blocks: any block size and thread count give the same bits, and every element is SpringMotion's")
  func perItemBlocks() throws {
    for (name, assignment) in try SpringBatchTests.assignments() where name.hasPrefix("per item") {
      let batch = try makeBatch(items: 1_000, springs: assignment)
      for velocities in [true, false] {
        var reference = batch.makeFrame(velocities: velocities)
        var frame = batch.makeFrame(velocities: velocities)
        for tick in SpringBatchTests.ticks {
          try batch.evaluate(at: tick, into: &reference, threads: 1)
          for (block, threads) in [(1, 1), (7, 3), (64, 2), (333, 1), (999, 2), (1_000, 3), (65_536, 2)] {
            try batch._evaluate(at: tick, into: &frame, backend: .native, threads: threads, block: block)
            #expect(hashFrame(frame) == hashFrame(reference), "\(name) block \(block) threads \(threads) tick \(tick.ticks)")
          }
        }
      }
      // Small blocks over three workers, every element against the scalar
      // path; channels three at a time, then two or one.
      for channels in [11, 4, 2, 1] {
        let batch = channels == 11 ? batch : try makeBatch(items: 1_000, channels: channels, springs: assignment)
        var frame = batch.makeFrame()
        let tick = SpringBatchTests.ticks[3]
        try batch._evaluate(at: tick, into: &frame, backend: .native, threads: 3, block: 7)
        var mismatches = 0
        for item in 0..<1_000 {
          for channel in 0..<channels {
            let state = try SpringMotion(
              spring: batch.spring(ofItem: item), from: batch.start(item: item, channel: channel),
              to: batch.target(item: item, channel: channel), initialVelocity: batch.initialVelocity(item: item, channel: channel)
            ).state(at: tick)
            let e = batch.element(item: item, channel: channel)
            if frame.values[e].bitPattern != state.value.bitPattern || frame.velocities[e].bitPattern != state.velocity.bitPattern { mismatches += 1 }
          }
        }
        #expect(mismatches == 0, "\(name), \(channels) channels: \(mismatches) of \(1_000 * channels) elements differ")
      }
    }
  }

  @Test(
    "average progress over lanes is the scalar sum in group order bit for bit, and per-item progress each group's value: mixed regimes, progress velocities, staggered origins"
  )
  func averageProgressLanes() throws {
    // ζ from 0.2 to 3, two equal springs now and then (a group of two).
    var random = SeededGenerator(seed: 404)
    let springs = try (0..<600).map { item -> Spring in
      let ratio = [0.2, 0.5, 0.9, 1, 1.0.nextUp, 1.5, 3][Int.random(in: 0..<7, using: &random)]
      return try Spring(response: item % 50 == 7 ? 0.4 : random.logUniform(0.05, 1.5), dampingRatio: ratio)
    }
    var batch = try makeBatch(items: 600, channels: 2, springs: .perItem(springs))
    // Retargets give some groups later progress origins and a progress velocity.
    let retargetTick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 10)
    let moved = Array(stride(from: 0, to: 600, by: 3))
    try batch.retarget(
      items: moved, to: [Double](repeating: 5, count: 2 * moved.count), at: retargetTick, spring: nil, progressVelocity: 2.5)
    func scalarAverage(_ time: AnimationTime) -> Double {
      var sum = 0.0
      for g in 0..<batch._groups.count { sum += Double(batch._itemsPerGroup[g]) * _SpringBatchProgress.value(batch._groups[g], at: time) }
      return sum / Double(batch.itemCount)
    }
    var inFlight = 0
    for ticks in [0, 1, 600, 7_056_000, 70_560_000, 80_000_000, 100_000_000, 352_800_000, 705_600_000, 2_116_800_000, 7_056_000_000] {
      let time = AnimationTime(ticks: Int64(ticks))
      let average = batch.averageProgress(at: time)
      #expect(average.bitPattern == scalarAverage(time).bitPattern, "tick \(ticks): \(average) against \(scalarAverage(time))")
      // Per item (once per run of a group): each item's group's value.
      var progress = [Double](repeating: .nan, count: batch.itemCount)
      try batch.progress(at: time, into: &progress)
      let differing = (0..<batch.itemCount).filter {
        progress[$0].bitPattern != _SpringBatchProgress.value(batch._groups[batch._group($0)], at: time).bitPattern
      }
      #expect(differing.isEmpty, "tick \(ticks): items \(differing.prefix(5)) differ")
      inFlight += average > 0 && average < 1 ? 1 : 0
    }
    #expect(inFlight >= 5 && batch.groupCount >= 500, "\(inFlight) ticks in flight, \(batch.groupCount) groups")
  }

  @Test("native and BLAS agree: bit for bit with reference BLAS, within 4ε of the terms otherwise")
  func blasAgreesWithNative() throws {
    let bitwise = SpringBatch.blasMatchesNativeBitForBit
    print("BLAS: \(SpringBatch.blasImplementation); bitwise comparison: \(bitwise)")
    for (name, assignment) in try SpringBatchTests.assignments() {
      let batch = try makeBatch(items: 1_000, springs: assignment)
      var native = batch.makeFrame()
      var blas = batch.makeFrame()
      for tick in SpringBatchTests.ticks {
        try batch.evaluate(at: tick, into: &native, backend: .native)
        try batch.evaluate(at: tick, into: &blas, backend: .blas)
        for item in 0..<batch.itemCount {
          for channel in 0..<batch.channelCount {
            let e = batch.element(item: item, channel: channel)
            let scale = termScales(batch, item: item, channel: channel, at: tick)
            #expect(backendsAgree(native.values[e], blas.values[e], scale: scale.value), "\(name) value \(e)")
            #expect(backendsAgree(native.velocities[e], blas.velocities[e], scale: scale.velocity), "\(name) velocity \(e)")
          }
        }
      }
    }
  }

  @Test("an explicit thread count is a ceiling: a worker gets at least 100,000 values, so a small batch runs on one")
  func workerPolicy() {
    // Outside this suite's trait, which lowers the minimum to one value.
    _Parallel.workerMinimum.withValue(100_000) {
      #expect(_Parallel.workers(elementCount: 11_000, threads: 2) == 1)
      #expect(_Parallel.workers(elementCount: 110_000, threads: 16) == 1)
      #expect(_Parallel.workers(elementCount: 200_000, threads: 16) == 2)
      #expect(_Parallel.workers(elementCount: 1_100_000, threads: 2) == 2)
      #expect(_Parallel.workers(elementCount: 1_100_000, threads: 64) == 11)
      #expect(_Parallel.workers(elementCount: 44_000_000, threads: 16) == 16)
      #expect(_Parallel.workers(elementCount: 44_000_000, threads: 0) == 1)
      #expect(_Parallel.workers(elementCount: 0, threads: .max) == 1)
      #expect(_Parallel.workers(elementCount: 11_000, threads: nil) == 1)
    }
  }

  @Test("per-item springs are grouped by value in order of first appearance, a damping of ±0 alike, past the index's growth")
  func perItemGrouping() throws {
    // 5,000 items over 700 distinct springs in a scrambled order, and two
    // undamped springs that differ only in the sign of a zero damping.
    let distinct = try mixedSprings(700, seed: 33)
    var springs = (0..<5_000).map { distinct[($0 * 389) % 700] }
    for k in stride(from: 11, to: springs.count, by: 97) {
      springs[k] = try Spring(stiffness: 100, damping: k % 2 == 0 ? 0 : -0.0)
    }
    // The reference: a dictionary, numbering each new spring.
    var index: [Spring: Int32] = [:]
    var unique: [Spring] = []
    let expected = springs.map { spring -> Int32 in
      if let known = index[spring] { return known }
      index[spring] = Int32(unique.count)
      unique.append(spring)
      return Int32(unique.count - 1)
    }
    #expect(unique.count == 701)
    let ones = [Double](repeating: 1, count: springs.count)
    let batch = try SpringBatch(itemCount: springs.count, channelCount: 1, from: ones, to: ones.map { -$0 }, springs: .perItem(springs))
    #expect(batch._groups.map(\.spring) == unique && batch._groupOfItem == expected)
  }

  @Test("distinct springs' settle searches run split across workers with the bits of one search after another")
  func settleSearchesSplit() throws {
    // Every regime, a critically damped one and a repeat (which makes the
    // list one group shorter); progress from rest and with a velocity.
    var springs = try mixedSprings(300, seed: 21)
    springs.append(try Spring(response: 0.4, dampingRatio: 1))
    springs.append(springs[7])
    let n = springs.count
    let ones = [Double](repeating: 1, count: n)
    for velocity in [0.0, 3.5] {
      let split = try SpringBatch(
        itemCount: n, channelCount: 1, from: ones, to: ones.map { -$0 }, springs: .perItem(springs), progressVelocity: velocity)
      let one = try _Parallel.workerMinimum.withValue(Int.max) {
        try SpringBatch(itemCount: n, channelCount: 1, from: ones, to: ones.map { -$0 }, springs: .perItem(springs), progressVelocity: velocity)
      }
      #expect(split._groups.count == n - 1 && one._groups.count == n - 1)
      // The memo's path, one spring after another, is the reference.
      var memo: [_SpringGroup.ProgressKey: Double] = [:]
      let expected = split._groups.map {
        _SpringGroup.progressSettle($0.spring, velocity: velocity, tolerance: SpringBatch.defaultProgressTolerance, memo: &memo).bitPattern
      }
      #expect(split._groups.map(\.progressSettle.bitPattern) == expected)
      #expect(one._groups.map(\.progressSettle.bitPattern) == expected)
      #expect(split.progressEndTick == one.progressEndTick && split.averageProgress(at: split.progressEndTick) == 1)
    }
  }

  @Test("results do not depend on thread count or on how items are split into batches")
  func threadAndPartitionIndependence() throws {
    let springs = try mixedSprings(3, seed: 8)
    let groupOfItem = (0..<3_000).map { ($0 / 100) % 3 }
    let batch = try makeBatch(items: 3_000, channels: 11, springs: .groups(springs, groupOfItem: groupOfItem), seed: 9)
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 3)
    // Native (and reference BLAS, bit for bit the same): one hash for every
    // thread count. Another BLAS (OpenBLAS) rounds a row by where it falls in
    // its vector blocks, so its bits follow the split into worker slices: it
    // is checked run to run for each thread count and within 4ε of native.
    var hashes: Set<UInt64> = []
    for backend in BatchBackend.allCases {
      for threads in [1, 2, 3, 7] {
        var frame = batch.makeFrame()
        try batch.evaluate(at: tick, into: &frame, backend: backend, threads: threads)
        if backend == .native || SpringBatch.blasMatchesNativeBitForBit {
          hashes.insert(hashFrame(frame))
          continue
        }
        var again = batch.makeFrame()
        try batch.evaluate(at: tick, into: &again, backend: backend, threads: threads)
        #expect(hashFrame(again) == hashFrame(frame), "\(SpringBatch.blasImplementation), \(threads) threads, run to run")
        var native = batch.makeFrame()
        try batch.evaluate(at: tick, into: &native)
        var agree = true
        for item in 0..<batch.itemCount {
          for channel in 0..<batch.channelCount {
            let e = batch.element(item: item, channel: channel)
            agree = agree && backendsAgree(frame.values[e], native.values[e], scale: termScales(batch, item: item, channel: channel, at: tick).value)
          }
        }
        #expect(agree, "\(SpringBatch.blasImplementation), \(threads) threads, against native")
      }
    }
    #expect(hashes.count == 1)
    if !SpringBatch.blasMatchesNativeBitForBit {
      print("thread independence: \(SpringBatch.blasImplementation) rounds differently from native; BLAS checked run to run and within 4ε")
    }

    // The same items, split into chunks of 1, 999 and 2,000 items, as separate batches.
    var whole = batch.makeFrame()
    try batch.evaluate(at: tick, into: &whole)
    var first = 0
    for size in [1, 999, 2_000] {
      let items = first..<(first + size)
      func column(_ get: (Int, Int) -> Double) -> [Double] {
        (0..<11).flatMap { channel in items.map { get($0, channel) } }
      }
      let part = try SpringBatch(
        itemCount: size, channelCount: 11,
        from: column(batch.start), to: column(batch.target), velocity: column(batch.initialVelocity),
        springs: .groups(springs, groupOfItem: Array(groupOfItem[items])))
      var frame = part.makeFrame()
      try part.evaluate(at: tick, into: &frame)
      for (k, item) in items.enumerated() {
        for channel in 0..<11 {
          #expect(frame.values[part.element(item: k, channel: channel)].bitPattern == whole.values[batch.element(item: item, channel: channel)].bitPattern)
        }
      }
      first += size
    }
  }

  @Test("golden: a mixed 2,000-item batch hashes to a fixed value")
  func golden() throws {
    // Changes only on purpose, with the reason in the commit.
    let batch = try makeBatch(items: 2_000, springs: .perItem(try mixedSprings(2_000, seed: 21)), seed: 22)
    var frame = batch.makeFrame()
    var hasher = BitHasher()
    for tick in SpringBatchTests.ticks {
      try batch.evaluate(at: tick, into: &frame)
      hasher.combine(Double(bitPattern: hashFrame(frame)))
    }
    #expect(hasher.value == 0x80e0_8ccf_2f77_6971, "hash \(String(hasher.value, radix: 16))")
  }

  @Test("a bake's column j is the frame at ticks[j]: bit for bit natively and with reference BLAS, within 4ε otherwise")
  func bakeMatchesFrames() throws {
    for (name, assignment) in try SpringBatchTests.assignments() {
      let batch = try makeBatch(items: 1_000, springs: assignment)
      let ticks = SpringBatchTests.ticks
      var bake = try batch.makeBake(frameCount: ticks.count)
      var frame = batch.makeFrame(velocities: false)
      for backend in BatchBackend.allCases {
        try batch.bake(ticks: ticks, into: &bake, backend: backend)
        for (j, tick) in ticks.enumerated() {
          // A bake equals the native frames bit for bit on native and on
          // reference BLAS, and within what BatchBackend promises on another
          // BLAS (its dgemm and dgemv kernels round differently).
          try batch.evaluate(at: tick, into: &frame, backend: .native)
          let column = Array(bake.values[(j * batch.elementCount)..<((j + 1) * batch.elementCount)])
          if backend == .native {
            #expect(zip(column, frame.values).allSatisfy { $0.bitPattern == $1.bitPattern }, "\(name) \(backend) frame \(j)")
          }
          var agree = true
          for item in 0..<batch.itemCount {
            for channel in 0..<batch.channelCount {
              let e = batch.element(item: item, channel: channel)
              agree = agree && backendsAgree(column[e], frame.values[e], scale: termScales(batch, item: item, channel: channel, at: tick).value)
            }
          }
          #expect(agree, "\(name) \(backend) frame \(j) against native")
        }
      }
    }
  }

  @Test("a shared spring's step is the formula per element, bit for bit, for any split")
  func sharedSpringStepIsTheFormula() throws {
    let batch = try makeBatch(items: 333, channels: 3, springs: .shared(.bouncy))
    let step = try AnimationTime(frame: 1, framesPerSecond: 60)
    for threads in [1, 2, 3] {
      var stepper = try batch.makeStepper(step: step)
      let n = batch.elementCount
      for _ in 0..<5 {
        // The reference: the step of reference dgemm with β = 1, written out.
        let (state, d) = (stepper._state, stepper._propagators)
        var expected = [Double](repeating: 0, count: 2 * n)
        for e in 0..<n {
          let (u, v) = (state[e], state[n + e])
          expected[e] = (u + u * d[0]) + v * d[1]
          expected[n + e] = (v + u * d[2]) + v * d[3]
        }
        stepper.advance(backend: .native, threads: threads)
        #expect(stepper._state.map(\.bitPattern) == expected.map(\.bitPattern), "threads \(threads)")
      }
    }
  }

  @Test("the exact propagator stays on the closed form; BLAS and native steps agree")
  func propagator() throws {
    let batch = try makeBatch(items: 500, springs: .groups(try mixedSprings(2, seed: 5), groupOfItem: (0..<500).map { $0 / 250 }))
    let step = try AnimationTime(frame: 1, framesPerSecond: 120)
    var native = try batch.makeStepper(step: step)
    var blas = try batch.makeStepper(step: step)
    for _ in 0..<240 {
      native.advance(backend: .native)
      blas.advance(backend: .blas)
    }
    #expect(native.time == AnimationTime(ticks: 2 * AnimationTime.ticksPerSecond))
    var stepped = [Double](repeating: 0, count: batch.elementCount)
    try native.values(into: &stepped)
    var frame = batch.makeFrame()
    try batch.evaluate(at: native.time, into: &frame)
    var worst = 0.0
    for e in 0..<batch.elementCount {
      // Scale of an element: 4000 pt of travel and 3000 pt/s over ω₀ ≥ 4.
      worst = max(worst, (stepped[e] - frame.values[e]).magnitude / 8000)
      // 240 steps, each rounding within 4ε of |u| + |v|·h; an error in v moves
      // u by at most the 2 s elapsed: 240·4ε·(4,000 + 3,000·2) at most.
      #expect(backendsAgree(native._state[e], blas._state[e], scale: 240 * 10_000))
    }
    #expect(worst < 1e-12, "after 240 steps the propagator is \(worst) of scale from the closed form")
    print("exact propagator: 240 steps at 120 Hz, worst deviation \(worst) of scale")
  }

  @Test("an undamped spring keeps amplitude and phase over 200,000 steps (increment form)")
  func undampedPropagator() throws {
    // ω = √k = 2π·1.7 rad/s, 120 Hz. Reference: u₀ cos θ + (v₀/ω) sin θ with
    // θ = ω·n/120 formed as a double-double (exact product, corrected
    // division), so its own error stays near ε. Measured: steps of the form
    // x·Φ drift by 5.2e-12 of scale here; the increment form x + x·(Φ − I)
    // by 1.0e-12.
    let k = (2 * Double.pi * 1.7) * (2 * Double.pi * 1.7)
    let spring = try Spring(mass: 1, stiffness: k, damping: 0)
    let omega = k.squareRoot()
    let batch = try SpringBatch(itemCount: 1, channelCount: 2, from: [0, 40], to: [100, 0], velocity: [0, 900], springs: .shared(spring))
    var stepper = try batch.makeStepper(step: try AnimationTime(frame: 1, framesPerSecond: 120))
    let steps = 200_000
    for _ in 0..<steps { stepper.advance() }
    var values = [0.0, 0.0]
    try stepper.values(into: &values)
    let (p, pError) = _Augmented.product(omega, Double(steps))
    let theta0 = p / 120
    let (back, backError) = _Augmented.product(theta0, 120)
    let theta1 = (((p - back) - backError) + pError) / 120
    let (sine, cosine) = (sin(theta0), cos(theta0))
    var worst = 0.0
    for (e, (u0, v0, target)) in [(-100.0, 0.0, 100.0), (40.0, 900.0, 0.0)].enumerated() {
      let reference = target + u0 * (cosine - theta1 * sine) + (v0 / omega) * (sine + theta1 * cosine)
      worst = max(worst, (values[e] - reference).magnitude / (u0.magnitude + v0.magnitude / omega))
    }
    #expect(worst < 2e-12, "undamped drift after \(steps) steps: \(worst) of scale")
    print("undamped propagator: \(steps) steps at 120 Hz, drift \(worst) of scale")
  }

  @Test("interpolation is exact at both ends and BLAS agrees with native")
  func interpolation() throws {
    var random = SeededGenerator(seed: 6)
    let from = (0..<5_000).map { _ in Double.random(in: -1e4...1e4, using: &random) }
    let to = (0..<5_000).map { _ in Double.random(in: -1e4...1e4, using: &random) }
    let pair = try PosePair(from: from, to: to)
    var out = [Double](repeating: 0, count: 5_000)
    try pair.interpolate(progress: 0, into: &out)
    #expect(out == from)
    try pair.interpolate(progress: 1, into: &out)
    #expect(out == to)
    var viaBLAS = out
    for p in [0.25, 0.5, 1.07, -0.2] {
      try pair.interpolate(progress: p, into: &out, backend: .native)
      try pair.interpolate(progress: p, into: &viaBLAS, backend: .blas, threads: 2)
      // Native: `(0 + a·(1 − p)) + b·p` per element, bit for bit, and `a`
      // itself where both ends are equal.
      let formula = (0..<5_000).map { e in e % 9 == 0 ? from[e] : (0 + from[e] * (1 - p)) + to[e] * p }
      let same = try PosePair(from: from, to: (0..<5_000).map { $0 % 9 == 0 ? from[$0] : to[$0] })
      var exact = out
      try same.interpolate(progress: p, into: &exact, backend: .native, threads: 1)
      #expect(exact.map(\.bitPattern) == formula.map(\.bitPattern))
      for e in 0..<5_000 {
        #expect((out[e] - (from[e] + p * (to[e] - from[e]))).magnitude <= 1e-11)
        #expect(backendsAgree(out[e], viaBLAS[e], scale: (from[e] * (1 - p)).magnitude + (to[e] * p).magnitude))
      }
    }
  }

  @Test("retarget keeps every element's value and velocity (C¹) and restarts progress of retargeted items only")
  func retarget() throws {
    var batch = try makeBatch(items: 400, springs: .shared(.snappy))
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 10)
    var before = batch.makeFrame()
    try batch.evaluate(at: tick, into: &before)
    let items = [3, 10, 399, 0]
    let targets = (0..<(items.count * 11)).map { Double($0) * 10 }
    try batch.retarget(items: items, to: targets, at: tick, spring: .bouncy)
    var after = batch.makeFrame()
    try batch.evaluate(at: tick, into: &after)
    #expect(zip(before.values, after.values).allSatisfy { $0.bitPattern == $1.bitPattern })
    #expect(zip(before.velocities, after.velocities).allSatisfy { $0.bitPattern == $1.bitPattern })
    #expect(batch.target(item: 10, channel: 2) == targets[2 * 4 + 1])
    #expect(batch.spring(ofItem: 10) == .bouncy && batch.spring(ofItem: 11) == .snappy)
    var progress = [Double](repeating: 0, count: 400)
    try batch.progress(at: tick, into: &progress)
    #expect(progress[10] == 0 && progress[11] > 0.1)
    #expect(batch.groupCount == 2)
  }

  @Test("average progress: 0 at the start, exactly 1 once all settled, even for items that do not move")
  func averageProgress() throws {
    let batch = try makeBatch(items: 700, springs: .perItem(try mixedSprings(700, seed: 31)))
    #expect(batch.averageProgress(at: .zero) == 0)
    let end = batch.progressEndTick
    #expect(batch.averageProgress(at: end) == 1)
    #expect(batch.averageProgress(at: end - AnimationTime(ticks: 1)) != 1)
    var progress = [Double](repeating: 0, count: 700)
    try batch.progress(at: end, into: &progress)
    #expect(progress.allSatisfy { $0 == 1 })
    // An item whose channels never move (item 3) still progresses with its spring.
    try batch.progress(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 20), into: &progress)
    #expect(batch.start(item: 3, channel: 0) == batch.target(item: 3, channel: 0))
    #expect(progress[3] > 0 && progress[3] < 1)
  }

  @Test("steady-state frames allocate nothing", .enabled(if: AllocationCounter.isLive, AllocationCounter.skipReason))
  func noAllocationPerFrame() throws {
    for (name, assignment) in try SpringBatchTests.assignments() {
      let batch = try makeBatch(items: 1_000, springs: assignment)
      var frame = batch.makeFrame()
      var bake = try batch.makeBake(frameCount: 4)
      var stepper = try batch.makeStepper(step: AnimationTime(ticks: 5_880_000))
      let bakeTicks = Array(SpringBatchTests.ticks.prefix(4))
      // Warm-up: one of each call, so that one-time work (lazy symbol binding
      // of the BLAS entry points, say) is not counted as steady state.
      try batch.evaluate(at: .zero, into: &frame, threads: 1)
      try batch.evaluate(at: .zero, into: &frame, backend: .blas, threads: 1)
      try batch.bake(ticks: bakeTicks, into: &bake, threads: 1)
      stepper.advance(threads: 1)
      harmonic_allocations_start()
      for n in 0..<1_000 {
        let tick = AnimationTime(ticks: Int64(n) * 5_880_000)
        try batch.evaluate(at: tick, into: &frame, threads: 1)
        try batch.evaluate(at: tick, into: &frame, backend: .blas, threads: 1)
        _ = batch.averageProgress(at: tick)
        stepper.advance(threads: 1)
        if n % 100 == 0 { try batch.bake(ticks: bakeTicks, into: &bake, threads: 1) }
      }
      let allocations = harmonic_allocations_stop()
      #expect(allocations == 0, "\(name): \(allocations) allocations in 1,000 frames")
    }
  }
}

@Suite("Batch settle ticks", .splittingEveryBatch)
struct BatchSettleTests {
  @Test("the pruned settle tick equals the maximum of every element's exact settle time (no pruning), near critical damping too")
  func prunedEqualsUnpruned() throws {
    var random = SeededGenerator(seed: 18)
    let ratios = [1 - 1e-12, 1 - 1e-6, 0.999, 1, 1 + 1e-9, 1.5, 0.15, 0.6, 40]
    for (trial, ratio) in (ratios + ratios).enumerated() {
      let spring =
        trial < ratios.count
        ? try Spring(response: 0.5, dampingRatio: ratio)
        : try Spring(response: random.logUniform(0.05, 2), dampingRatio: ratio)
      let batch = try makeBatch(items: 200, channels: 3, springs: .shared(spring), seed: UInt64(trial + 1))
      let tolerances = [0.5, 1.0 / 256, 0.002]
      let pruned = try batch.endTick(valueTolerances: tolerances)
      var latest = 0.0
      for channel in 0..<3 {
        for item in 0..<200 {
          let p = batch.start(item: item, channel: channel) - batch.target(item: item, channel: channel)
          let v = batch.initialVelocity(item: item, channel: channel)
          let q = v + spring._basis.decayRate * p
          latest = max(latest, spring._lastExcursion(p: p, q: q, tolerance: tolerances[channel], displacementVelocity: v))
        }
      }
      #expect(pruned == batch.start._firstTick(afterSeconds: latest), "ζ = \(ratio)")
    }
  }

  /// The brute-force reference: every element's exact settle time, the maximum.
  static func bruteForceTick(_ batch: SpringBatch, springs: [Spring], tolerances: [Double]) -> AnimationTime? {
    var latest = 0.0
    for channel in 0..<batch.channelCount {
      for item in 0..<batch.itemCount {
        let spring = springs[item]
        let p = batch.start(item: item, channel: channel) - batch.target(item: item, channel: channel)
        let v = batch.initialVelocity(item: item, channel: channel)
        latest = max(latest, spring._lastExcursion(p: p, q: v + spring._basis.decayRate * p, tolerance: tolerances[channel], displacementVelocity: v))
      }
    }
    return batch.start._firstTick(afterSeconds: latest)
  }

  @Test("the settle tick equals the brute-force maximum on mixed springs, ties, ulp neighbours and any thread split")
  func screenedEqualsBruteForce() throws {
    var random = SeededGenerator(seed: 1818)
    for trial in 0..<60 {
      let items = Int.random(in: 1...300, using: &random), channels = Int.random(in: 1...4, using: &random)
      let kinds = Int.random(in: 1...4, using: &random)
      let palette = try (0..<kinds).map { _ in
        try Spring(
          response: random.logUniform(0.05, 2),
          dampingRatio: [random.logUniform(0.05, 5), 1, 1 - 1e-9, 1 + 1e-7][Int.random(in: 0...3, using: &random)])
      }
      let springs = (0..<items).map { _ in palette[Int.random(in: 0..<kinds, using: &random)] }
      let n = items * channels
      var start = [Double](repeating: 0, count: n), target = start, velocity = start
      // A shared gesture velocity on one channel, zero on the others, and
      // items that repeat another's motion exactly or one ulp apart.
      let gesture = Double.random(in: -3000...3000, using: &random)
      for e in 0..<n {
        let item = e % items
        if item > 0, item % 9 == 4 {
          (start[e], target[e], velocity[e]) = (start[e - 1].nextUp, target[e - 1], velocity[e - 1])
          continue
        }
        if item > 0, item % 9 == 7 {
          (start[e], target[e], velocity[e]) = (start[e - 1], target[e - 1], velocity[e - 1])
          continue
        }
        start[e] = Double.random(in: -2000...2000, using: &random)
        target[e] = item % 11 == 5 ? start[e] : Double.random(in: -2000...2000, using: &random)
        velocity[e] = e / items == 0 ? gesture : (trial % 2 == 0 ? 0 : Double.random(in: -500...500, using: &random))
      }
      let batch = try SpringBatch(
        itemCount: items, channelCount: channels, from: start, to: target, velocity: velocity,
        springs: LayoutTransition._groups(springs))
      let tolerances = (0..<channels).map { _ in random.logUniform(1e-4, 2) }
      let expected = BatchSettleTests.bruteForceTick(batch, springs: springs, tolerances: tolerances)
      for threads in [1, 2, 3] {
        #expect(try batch.endTick(valueTolerances: tolerances, threads: threads) == expected, "trial \(trial), \(threads) threads")
      }
    }
  }

  @Test("a transition's completion is the brute-force maximum of its elements' settle times and its progress completion")
  func transitionCompletionEqualsBruteForce() throws {
    var random = SeededGenerator(seed: 1819)
    for trial in 0..<12 {
      let count = Int.random(in: 5...400, using: &random)
      let columns = Int.random(in: 1...6, using: &random)
      let grid = try GridLayout(
        sections: [.init(itemCount: count, itemSize: CGSize(width: 40, height: 40), lineSpacing: 4, interitemSpacing: 4)],
        viewportCrossExtent: Double(columns) * 44)
      let list = try GridLayout.list(rowHeights: [Array(repeating: 30, count: count)], width: Double(columns) * 44)
      let viewport = try Viewport(size: CGSize(width: Double(columns) * 44, height: random.logUniform(100, 4000)))
      let spring = try Spring(response: random.logUniform(0.1, 1), dampingRatio: random.logUniform(0.3, 2))
      let velocity = CGPoint(x: Double.random(in: -2000...2000, using: &random), y: Double.random(in: -2000...2000, using: &random))
      let springs: LayoutTransition.Springs = trial % 3 == 0 ? .staggered(base: spring, step: 0.05, origin: nil) : .shared(spring)
      let transition = try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: CGPoint(x: 0, y: Double(count)), viewport: viewport,
        springs: springs, velocity: .gesture(velocity))
      let batch = transition.batch
      let perItem = (0..<batch.itemCount).map { batch._groups[batch._group($0)].spring }
      let tolerances = transition.tolerances.perChannel(include3D: transition.include3D)
      let settled = BatchSettleTests.bruteForceTick(batch, springs: perItem, tolerances: tolerances) ?? AnimationTime(ticks: .max)
      #expect(transition.endTick == max(settled, batch.progressEndTick), "trial \(trial)")
    }
  }
}

/// What `SpringBatch._ItemsWritten` visitors saw: each item's visits and a
/// copy of its values as they were when visited. Visitors of disjoint
/// ranges write disjoint slots (ThreadSanitizer checks that they are).
final class VisitLog: @unchecked Sendable {
  private let counts: UnsafeMutableBufferPointer<Int>
  private let copies: UnsafeMutableBufferPointer<Double>
  private let items: Int, channels: Int

  init(items: Int, channels: Int) {
    (self.items, self.channels) = (items, channels)
    counts = .allocate(capacity: items)
    counts.initialize(repeating: 0)
    copies = .allocate(capacity: items * channels)
    copies.initialize(repeating: .nan)
  }
  deinit {
    counts.deallocate()
    copies.deallocate()
  }

  func record(_ values: UnsafePointer<Double>, _ range: Range<Int>) {
    for item in range {
      counts[item] += 1
      for channel in 0..<channels { copies[channel * items + item] = values[channel * items + item] }
    }
  }

  var visits: [Int] { Array(counts) }
  var seen: [Double] { Array(copies) }
}

/// Issue 69, item 7: a channel at rest on its target (start == target,
/// velocity 0) is that target exactly on every frame and every path —
/// R + P is 1 only to rounding, and an alpha of 1.0000000000000002 is a
/// pose UIKit never asked for.
@Suite("Channels at rest")
struct RestingChannelTests {
  @Test("an element at rest on its target is the target, bit for bit, on every path: scalar, batch, per-item, BLAS, bake")
  func restingIsExact() throws {
    var random = SeededGenerator(seed: 697)
    let springs = try mixedSprings(64, seed: 698)
    let (items, channels) = (64, 3)
    let n = items * channels
    // Every other element rests, at values whose products with R and P round.
    var start = (0..<n).map { _ in Double.random(in: -500...500, using: &random) }
    var target = start.map { $0 + 10 }
    var velocity = [Double](repeating: 0, count: n)
    for e in stride(from: 0, to: n, by: 2) {
      start[e] = [1, 0.1, 1.0 / 3, -208.875, 0.7][e % 5] * Double(1 + e % 7)
      target[e] = start[e]
    }
    for e in stride(from: 1, to: n, by: 4) { velocity[e] = 250 }
    let ticks = (0..<240).map { AnimationTime(ticks: Int64($0) * AnimationTime.ticksPerSecond / 120) }
    var drifted = 0
    for assignment in [SpringAssignment.shared(springs[3]), .perItem(springs)] {
      let batch = try SpringBatch(
        itemCount: items, channelCount: channels, from: start, to: target, velocity: velocity, springs: assignment)
      for backend in [BatchBackend.native, .blas] {
        var frame = batch.makeFrame()
        for tick in ticks {
          try batch.evaluate(at: tick, into: &frame, backend: backend)
          for e in stride(from: 0, to: n, by: 2) where frame.values[e].bitPattern != target[e].bitPattern { drifted += 1 }
        }
      }
      for backend in [BatchBackend.native, .blas] {
        var bake = try batch.makeBake(frameCount: ticks.count)
        try batch.bake(ticks: ticks, into: &bake, backend: backend)
        for j in ticks.indices {
          for e in stride(from: 0, to: n, by: 2) where bake.values[j * n + e].bitPattern != target[e].bitPattern { drifted += 1 }
        }
      }
    }
    for spring in springs {
      let motion = try SpringMotion(spring: spring, from: 1, to: 1)
      for tick in ticks where motion.state(at: tick).value != 1 { drifted += 1 }
    }
    #expect(drifted == 0, "\(drifted) values at rest drifted off their target")
  }

  @Test("a transition whose alpha stays 1 shows alpha 1 exactly in every frame")
  func alphaStaysOne() throws {
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    let grid = try GridLayout(
      sections: [.init(itemCount: 60, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 60)], width: 320)
    let transition = try LayoutTransition(
      from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport, springs: .perItem { [Spring.bouncy, .snappy, .smooth][$0.item % 3] },
      velocity: .gesture(CGPoint(x: 0, y: -900)))
    var frame = transition.makeFrame()
    var off = 0
    for tick in (0..<300).map({ AnimationTime(ticks: Int64($0) * AnimationTime.ticksPerSecond / 120) }) {
      try transition.frame(at: tick, into: &frame)
      off += frame.attributes.filter { $0.alpha != 1 }.count
    }
    #expect(off == 0, "\(off) alphas off 1")
  }
}
