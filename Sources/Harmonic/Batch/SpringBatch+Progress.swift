extension SpringBatch {
  /// The progress of every item at `time`, written into `progress` (N values).
  ///
  /// Definition. An item's progress is its spring's unit step response,
  /// measured from the tick its current motion began (the batch's creation,
  /// or the retarget that last sent it somewhere), from rest unless a progress
  /// velocity ρ was given:
  ///
  ///     p(t) = P(t) + ρ·Ŝ(t)      for t < T,   p(t) = 1 for t ≥ T,
  ///
  /// with P = 1 − Ĉ − a·Ŝ the unit step response, computed to full relative
  /// precision (so from rest progress is never negative, and for ζ ≥ 1 it
  /// stays within [0, 1] and rises at every tick near the start), and where T is the exact time after which that step stays within 0.001 of 1
  /// (the spring's ``Spring/settlingDuration`` when ρ = 0). So progress depends on the spring's
  /// timing only — never on how far the item's channels move — and an item
  /// whose attributes do not move still goes from 0 to 1. Progress overshoots
  /// past 1 with an underdamped spring, like the motion it describes, and
  /// becomes exactly 1 at T (a step of at most 0.001).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `progress.count` is not N.
  /// - Complexity: O(N) writes and one step response per run of consecutive
  ///   items that share a spring group.
  public func progress(at time: AnimationTime, into progress: inout [Double]) throws(HarmonicError) {
    try _Check.shape(progress.count, "progress.count", expected: itemCount, what: "itemCount")
    // Once per run of items that share a group (the whole batch with one
    // spring), not per item.
    for r in 0..<_runs.count {  // an index loop: no allocation in any build
      let run = _runs[r]
      let p = _SpringBatchProgress.value(_groups[run.group], at: time)
      for item in run.items { progress[item] = p }
    }
  }

  /// The mean of every item's ``progress(at:into:)``: exactly 1 once every
  /// item has settled, exactly 0 at the start of a batch.
  ///
  /// Computed per group as Σ count_g · p_g / N in group order, so it is the
  /// same bits for any thread count or partition. With 32 groups or more,
  /// their step responses come from the lane kernel, 256 at a time, with
  /// the scalar path's bits.
  /// - Complexity: O(number of groups); no allocation.
  public func averageProgress(at time: AnimationTime) -> Double {
    var sum = 0.0
    let count = _groups.count
    guard count >= 32, time > start else {
      for g in 0..<count {  // an index loop: no allocation in any build
        sum += Double(_itemsPerGroup[g]) * _SpringBatchProgress.value(_groups[g], at: time)
      }
      return sum / Double(itemCount)
    }
    // Many groups: their P and Ŝ from the lane kernel, a chunk of 256 at
    // a time on the stack (`_LaneKernel.forEachChunk`), with the scalar
    // path's bits; a group whose progress began after the batch's start
    // takes the scalar path. Summed in group order as above: the same bits.
    let t = time._seconds(since: start)
    _groups.withUnsafeBufferPointer { groups in
      _groupBases.withUnsafeBufferPointer { bases in
        _LaneKernel.forEachChunk(
          _SendableBuffer(bases), _SendableBuffer(groups), 0..<count, at: t, slots: 3,
          caller: "SpringBatch.averageProgress: the lane kernel refused a chunk"
        ) { chunk, slots in
          let m = chunk.count
          for g in chunk {
            let group = groups[g]
            let p: Double
            if group.progressOrigin != start || time >= group.progressCompletion {
              p = _SpringBatchProgress.value(group, at: time)
            } else {
              p = slots[m + (g - chunk.lowerBound)] + group.progressVelocity * slots[2 * m + (g - chunk.lowerBound)]  // P + ρ·Ŝ, as value(_:at:)
            }
            sum += Double(_itemsPerGroup[g]) * p
          }
        }
      }
    }
    return sum / Double(itemCount)
  }

  /// The end of the batch as a whole: the first tick at which every item's
  /// progress is exactly 1 (each group's progress within its tolerance of 1
  /// for good). ``endTick(valueTolerances:threads:)`` asks instead when
  /// every element's value is within a tolerance.
  public var progressEndTick: AnimationTime {
    var latest = start
    for g in 0..<_groups.count {  // an index loop: no allocation in any build (frames read this)
      let settle = _groups[g].progressCompletion
      if settle > latest { latest = settle }
    }
    return latest
  }
}

enum _SpringBatchProgress {
  static func value(_ group: _SpringGroup, at time: AnimationTime) -> Double {
    guard time > group.progressOrigin else { return 0 }
    if time >= group.progressCompletion { return 1 }
    let basis = group.spring._basis
    let (_, s, _, step) = basis.stepBasis(time._seconds(since: group.progressOrigin))
    // The unit step 0 → 1 with initial velocity ρ: the same bits as
    // SpringMotion(from: 0, to: 1, initialVelocity: ρ), whose
    // ((0 + 0·R) + 1·P) + ρ·Ŝ is exactly P + ρ·Ŝ.
    return step + group.progressVelocity * s
  }
}

extension SpringBatch {
  /// The derivative of ``averageProgress(at:)``, per second.
  package func averageProgressVelocity(at time: AnimationTime) -> Double {
    var sum = 0.0
    for g in 0..<_groups.count {
      let group = _groups[g]
      guard time >= group.progressOrigin, time < group.progressCompletion else { continue }
      let basis = group.spring._basis
      let (c, s) = basis.basis(time._seconds(since: group.progressOrigin))
      // SpringMotion(0 → 1, v₀ = ρ).velocity: (0 + ρ·Ĉ) + (ω₀²·(0 − 1) + a·ρ)·(−Ŝ).
      let velocity = (0 + group.progressVelocity * c) + (basis.omegaSquared * -1 + basis.decayRate * group.progressVelocity) * -s
      sum += Double(_itemsPerGroup[g]) * velocity
    }
    return sum / Double(itemCount)
  }
}

extension SpringBatch {
  /// The items' mean impulse response Ŝ at `time` (seconds: the motion a
  /// velocity of 1 per second alone makes) and its rate Ŝ′ = Ĉ − a·Ŝ, each
  /// group's from its progress origin on (0 and 1 there, 0 before), weighted and summed
  /// in group order as ``averageProgress(at:)``. A released scrub that
  /// starts at its goal (``LayoutTransition``'s `_releaseImpulse`) moves
  /// its overall progress and content offset by this.
  /// - Complexity: O(number of groups); no allocation.
  func _averageImpulse(at time: AnimationTime) -> (value: Double, rate: Double) {
    var (sum, rateSum) = (0.0, 0.0)
    for g in 0..<_groups.count {
      let group = _groups[g]
      guard time >= group.progressOrigin else { continue }
      let basis = group.spring._basis
      let (c, s) = basis.basis(time._seconds(since: group.progressOrigin))
      sum += Double(_itemsPerGroup[g]) * s
      rateSum += Double(_itemsPerGroup[g]) * (c - basis.decayRate * s)
    }
    return (sum / Double(itemCount), rateSum / Double(itemCount))
  }
}

extension SpringBatch {
  /// The first tick from which every group's impulse response Ŝ stays
  /// within `band` (so does their mean, ``_averageImpulse(at:)``): each
  /// group's exact last excursion past it, after its progress origin.
  func _impulseEnd(within band: Double) -> AnimationTime {
    var latest = start
    for group in _groups {
      let seconds = group.spring._lastExcursion(p: 0, q: 1, tolerance: band)
      let end = group.progressOrigin._firstTick(afterSeconds: seconds) ?? AnimationTime(ticks: .max)
      if end > latest { latest = end }
    }
    return latest
  }
}
