/// A spring group: the spring and the clock of its items' progress.
struct _SpringGroup: Sendable, Hashable {
  let spring: Spring
  /// The tick at which the group's items started progressing from 0.
  let progressOrigin: AnimationTime
  /// The progress rate at `progressOrigin`, per second.
  let progressVelocity: Double
  /// Seconds after `progressOrigin` at which progress becomes exactly 1.
  let progressSettle: Double
  /// The first tick at which progress is exactly 1: `progressOrigin +
  /// progressSettle` rounded up to a tick (`.max` ticks when it never
  /// settles). Kept, not recomputed: every progress read compares with it.
  let progressCompletion: AnimationTime

  init(spring: Spring, progressOrigin: AnimationTime, progressVelocity: Double, progressSettle: Double) {
    (self.spring, self.progressOrigin, self.progressVelocity, self.progressSettle) = (spring, progressOrigin, progressVelocity, progressSettle)
    if progressSettle.isFinite {
      let ticks = AnimationTime._ticks(roundingUp: progressSettle) ?? (1 << 62)
      progressCompletion = progressOrigin._advanced(by: ticks)
    } else {
      progressCompletion = AnimationTime(ticks: .max)
    }
  }

  struct ProgressKey: Hashable {
    var spring: Spring
    var velocity: Double
    var tolerance: Double
  }

  /// One group per spring of `springs`, its items' progress starting at
  /// `origin` with rate `velocity`, with each group's exact progress
  /// settle time. `distinct`: no two springs of the list are equal — the
  /// searches then need no memo and run in parallel for many springs (each
  /// a pure function of its spring: the same bits for any split); otherwise
  /// equal springs share one search, on one thread.
  static func groups(_ springs: [Spring], distinct: Bool, origin: AnimationTime, velocity: Double, tolerance: Double) -> [_SpringGroup] {
    func group(_ spring: Spring, _ settle: Double) -> _SpringGroup {
      _SpringGroup(spring: spring, progressOrigin: origin, progressVelocity: velocity, progressSettle: settle)
    }
    guard distinct else {
      var memo: [ProgressKey: Double] = [:]
      return springs.map { group($0, progressSettle($0, velocity: velocity, tolerance: tolerance, memo: &memo)) }
    }
    var settles = [Double](repeating: 0, count: springs.count)
    settles.withUnsafeMutableBufferPointer { settles in
      let out = _SendablePointer(settles.baseAddress!)
      _Parallel.forEachItemRange(itemCount: springs.count, elementCount: springs.count * settleCost, threads: nil) { range in
        for k in range { out[k] = progressSettle(springs[k], velocity: velocity, tolerance: tolerance) }
      }
    }
    return (0..<springs.count).map { group(springs[$0], settles[$0]) }
  }

  /// A settle search costs about as much as this many values of a batch
  /// frame (1–2 µs against under a nanosecond): the weight that tells
  /// ``_Parallel`` when a list of springs is worth a second worker.
  static let settleCost = 2_000

  /// The exact settle time of the progress curve: a unit step with initial
  /// velocity `velocity`, value tolerance `tolerance` (0.001 by default:
  /// ``Spring/settlingDuration`` when the velocity is 0).
  static func progressSettle(_ spring: Spring, velocity: Double, tolerance: Double, memo: inout [ProgressKey: Double]) -> Double {
    let key = ProgressKey(spring: spring, velocity: velocity, tolerance: tolerance)
    if let known = memo[key] { return known }
    let value = progressSettle(spring, velocity: velocity, tolerance: tolerance)
    memo[key] = value
    return value
  }

  /// The same search without a memo.
  static func progressSettle(_ spring: Spring, velocity: Double, tolerance: Double) -> Double {
    spring._settleTime(displacement: -1, velocity: velocity, tolerance: SettleTolerance._unchecked(value: tolerance, velocity: .infinity))
  }
}

struct _GroupRun: Sendable, Hashable {
  var items: Range<Int>
  var group: Int
}

/// Calls `body(run, lo, hi)` for the part of each spring-group run that lies
/// in `range` (an index loop: no allocation in any build).
@inline(__always)
func _forEachRunSlice(_ runs: [_GroupRun], in range: Range<Int>, _ body: (_GroupRun, Int, Int) -> Void) {
  for r in 0..<runs.count where runs[r].items.overlaps(range) {
    let run = runs[r]
    body(run, max(run.items.lowerBound, range.lowerBound), min(run.items.upperBound, range.upperBound))
  }
}
