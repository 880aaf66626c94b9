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

  /// The exact settle time of the progress curve: a unit step with initial
  /// velocity `velocity`, value tolerance `tolerance` (0.001 by default:
  /// ``Spring/settlingDuration`` when the velocity is 0).
  static func progressSettle(_ spring: Spring, velocity: Double, tolerance: Double, memo: inout [ProgressKey: Double]) -> Double {
    let key = ProgressKey(spring: spring, velocity: velocity, tolerance: tolerance)
    if let known = memo[key] { return known }
    let value = spring._settleTime(
      displacement: -1, velocity: velocity, tolerance: SettleTolerance._unchecked(value: tolerance, velocity: .infinity))
    memo[key] = value
    return value
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
