import Foundation
import Harmonic

// Batch operations at one item count: evaluate, bake, step, interpolate,
// per-item springs, and the one-object-per-item baseline.
extension Suite {
  /// A layout-like batch: 11 channels per item, seeded starts, targets and velocities.
  static func layoutBatch(items: Int, channels: Int, springs: SpringAssignment) throws -> SpringBatch {
    let (start, target, velocity) = layoutColumns(items: items, channels: channels)
    return try SpringBatch(itemCount: items, channelCount: channels, from: start, to: target, velocity: velocity, springs: springs)
  }

  /// The start, target and velocity columns of ``layoutBatch(items:channels:springs:)``.
  static func layoutColumns(items: Int, channels: Int) -> (start: [Double], target: [Double], velocity: [Double]) {
    let n = items * channels
    var random = SeededGenerator(seed: 0x5eed_ba7c)
    let start = (0..<n).map { _ in Double.random(in: -500...500, using: &random) }
    let target = (0..<n).map { _ in Double.random(in: -500...500, using: &random) }
    let velocity = (0..<n).map { _ in Double.random(in: -400...400, using: &random) }
    return (start, target, velocity)
  }

  mutating func batchOperations(items: Int) throws {
    floors = [:]
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 7)
    do {
      let batch = try Suite.layoutBatch(items: items, channels: channels, springs: .shared(.bouncy))
      var valuesOnly = batch.makeFrame(velocities: false)
      var both = batch.makeFrame(velocities: true)
      for backend in BatchBackend.allCases {
        for threads in threadCounts {
          try timed("value at tick", "\(backend)", threads: threads, items: items, reads: 3, writes: 1) {
            try batch.evaluate(at: tick, into: &valuesOnly, backend: backend, threads: threads)
          }
          try timed("value + velocity", "\(backend)", threads: threads, items: items, reads: 5, writes: 2) {
            try batch.evaluate(at: tick, into: &both, backend: backend, threads: threads)
          }
        }
      }
      blackHole(valuesOnly.values.last)
      blackHole(both.velocities.last)
      // Bake 60 frames: (N·C) × 60 doubles of output; kept to ≤ 100k items (528 MB).
      if items <= 100_000 {
        var bake = try batch.makeBake(frameCount: 60)
        let ticks = try (0..<60).map { try AnimationTime(frame: Int64($0), framesPerSecond: 60) }
        for backend in BatchBackend.allCases {
          for threads in threadCounts {
            try timed("bake 60 frames", "\(backend)", threads: threads, items: items, reads: 3, writes: 60) {
              try batch.bake(ticks: ticks, into: &bake, backend: backend, threads: threads)
            }
          }
        }
        blackHole(bake.values.last)
      }
      var stepper = try batch.makeStepper(step: try AnimationTime(frame: 1, framesPerSecond: 120))
      for backend in BatchBackend.allCases {
        for threads in threadCounts {
          timed("propagator step", "\(backend)", threads: threads, items: items, reads: 2, writes: 2) {
            stepper.advance(backend: backend, threads: threads)
          }
        }
      }
      blackHole(stepper.velocities.last)
    }

    do {
      let n = items * channels
      let pair = try PosePair(from: [Double](repeating: 1, count: n), to: [Double](repeating: 5, count: n))
      var out = [Double](repeating: 0, count: n)
      for backend in BatchBackend.allCases {
        for threads in threadCounts {
          try timed("interpolate poses", "\(backend)", threads: threads, items: items, reads: 2, writes: 1) {
            try pair.interpolate(progress: 0.37, into: &out, backend: backend, threads: threads)
          }
        }
      }
      blackHole(out.last)
    }

    if items <= 1_000_000 { try perItemSprings(items: items, distinct: true) }

    // The design users would otherwise have: one object per item in a
    // dictionary by index path, ticked through a method call; the same math.
    if items <= 1_000_000 {
      let baseline = try Baseline(items: items, channels: channels)
      let time = measure { baseline.tick(at: tick) }
      blackHole(baseline.animators.first?.value.values.last)
      record("value at tick", "per-object baseline", threads: 1, items: items, bytes: 32, time)
      for index in records.indices
      where records[index].operation == "value at tick" && records[index].items == items
        && records[index].backend != "per-object baseline"
      {
        records[index].speedupOverBaseline = time.median / records[index].medianNanoseconds
      }
    }
  }
}

extension Suite {
  /// `value at tick, per-item springs` and `average progress, per-item
  /// springs` (and, with `distinct`, the `distinct springs` rows) at `items`.
  mutating func perItemSprings(items: Int, distinct: Bool) throws {
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 7)
    // Per-item springs: 1,261 distinct ones (97 responses × 13 damping
    // ratios), as a staggered or per-item transition has — equal springs
    // share their coefficients — and, after, every item's spring different.
    var cases = [("per-item springs", { try Spring(response: 0.3 + Double($0 % 97) * 0.005, dampingRatio: 0.6 + Double($0 % 13) * 0.05) })]
    // The same with every item's spring its own (no two equal): the
    // coefficients, exp and sin/cos, once per item.
    if distinct { cases.append(("distinct springs", { try Spring(response: 0.3 + Double($0) * 1e-7, dampingRatio: 0.6 + Double($0 % 13) * 0.05) })) }
    for (name, spring) in cases {
      // The batch's setup, timed once: pairing equal springs into groups
      // and each group's exact settle search (on the cores when every
      // spring is distinct).
      let assignment = SpringAssignment.perItem(try (0..<items).map(spring))
      let columns = Suite.layoutColumns(items: items, channels: channels)
      var built: SpringBatch?
      let setup = try measureOnce {
        built = try SpringBatch(
          itemCount: items, channelCount: channels, from: columns.start, to: columns.target, velocity: columns.velocity,
          springs: assignment)
      }
      let cores = ProcessInfo.processInfo.activeProcessorCount
      record("batch setup, \(name)", "native", threads: cores, items: items, bytes: 0, (setup, setup, setup))
      let batch = built!
      var frame = batch.makeFrame(velocities: false)
      for threads in threadCounts {
        try timed("value at tick, \(name)", "native", threads: threads, items: items, reads: 3, writes: 1) {
          try batch.evaluate(at: tick, into: &frame, threads: threads)
        }
      }
      blackHole(frame.values.last)
      let time = measure { blackHole(batch.averageProgress(at: tick)) }
      record("average progress, \(name)", "native", threads: 1, items: items, bytes: 0, time)
    }
  }
}
