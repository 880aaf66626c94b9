extension SpringBatch {
  /// Sends `items` towards new targets from `time` on, keeping every element's
  /// value and velocity at `time` (C¹), optionally with a new spring.
  ///
  /// The whole batch moves its ``start`` to `time`: every element restarts
  /// from its exact state there, so all items keep one clock. Retargeted items
  /// restart their progress from 0 at `time`; the others keep theirs.
  ///
  /// - Parameters:
  ///   - items: distinct item indices.
  ///   - targets: `items.count × channelCount` targets, channel-major over the
  ///     subset: the target of `items[k]`, channel c is `targets[c·items.count + k]`.
  ///   - time: the tick of the hand-over; not before ``start``.
  ///   - spring: the new spring of those items; `nil` keeps each item's spring.
  ///   - progressVelocity: the retargeted items' initial progress rate, per
  ///     second (default 0: their progress restarts from rest).
  ///   - threads: the most workers to use (default: the cores); each gets at
  ///     least 100,000 values, so a small batch runs on one. The result does
  ///     not depend on it.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   duplicate or out-of-range item, a wrong target count, a non-finite
  ///   target, or a time before the batch's start — before anything changes.
  /// - Complexity: O(N·C).
  public mutating func retarget(
    items: [Int], to targets: [Double], at time: AnimationTime, spring: Spring? = nil, progressVelocity: Double = 0, threads: Int? = nil
  ) throws(HarmonicError) {
    try _Check.finiteMagnitude(progressVelocity, "progressVelocity", unit: "1/s")
    try _Check.notBefore(time.ticks, start: start.ticks, of: "the batch's start")
    try _Check.shape(targets.count, "targets.count", expected: items.count * channelCount, what: "items.count × channelCount")
    var chosen = [Bool](repeating: false, count: itemCount)
    for (k, item) in items.enumerated() {
      try _Check.index(item, "items[\(k)]", count: itemCount)
      try _Check.unique(!chosen[item], "items[\(k)]", value: Double(item), accepted: "an item not already listed")
      chosen[item] = true
    }
    for (index, value) in targets.enumerated() where !(value.magnitude <= _Check.maximumMagnitude) {
      try _Check.finiteMagnitude(value, "targets[\(index)]", unit: "units")
    }

    // 1. Every element's exact state at `time` becomes its new start and velocity.
    var frame = makeFrame(velocities: true)
    try evaluate(at: time, into: &frame, threads: threads)
    let n = elementCount
    _columns.replaceSubrange(0..<n, with: frame.values)
    _columns.replaceSubrange((2 * n)..<(3 * n), with: frame.velocities)
    for (k, item) in items.enumerated() {
      for channel in 0..<channelCount {
        _columns[n + element(item: item, channel: channel)] = targets[channel * items.count + k]
      }
    }

    // 2. Groups: retargeted items get (spring, progress from `time`); the
    //    table is rebuilt in first-appearance order, merging equal groups.
    var memo: [_SpringGroup.ProgressKey: Double] = [:]
    for g in 0..<_groups.count {
      memo[_SpringGroup.ProgressKey(spring: _groups[g].spring, velocity: _groups[g].progressVelocity, tolerance: _progressTolerance)] =
        _groups[g].progressSettle
    }
    var index: [_SpringGroup: Int32] = [:]
    var groups: [_SpringGroup] = []
    var groupOfItem = [Int32](repeating: 0, count: itemCount)
    for item in 0..<itemCount {
      var group = _groups[_group(item)]
      if chosen[item] {
        let newSpring = spring ?? group.spring
        group = _SpringGroup(
          spring: newSpring, progressOrigin: time, progressVelocity: progressVelocity,
          progressSettle: _SpringGroup.progressSettle(newSpring, velocity: progressVelocity, tolerance: _progressTolerance, memo: &memo))
      }
      if let existing = index[group] {
        groupOfItem[item] = existing
      } else {
        let new = Int32(groups.count)
        index[group] = new
        groups.append(group)
        groupOfItem[item] = new
      }
    }
    _groups = groups
    _groupOfItem = groups.count == 1 ? [] : groupOfItem
    _rebuildRuns()
    start = time
    _updateDerivedColumns(threads: threads)
  }
}
