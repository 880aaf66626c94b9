extension LayoutAnimator {
  // MARK: - Snapping

  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the
  /// finger lifts at ``contentOffset`` moving at `velocity` (UIKit's points
  /// per **millisecond**). At rest, the engine takes the scroll to the
  /// ``Snapping`` target along ``scrollAxis`` — the release velocity handed
  /// to a spring (C¹), or UIKit's own deceleration with its rate adjusted —
  /// and moves ``contentOffset`` with it on every ``advance(to:)``, ending
  /// exactly on the target with no step at the end: a spring's last
  /// sub-point residue fades out over 0.15 s (C¹), a deceleration's speed
  /// falls to 5 pt/s exactly at the target, where it stops. Returns the
  /// offset to write into `targetContentOffset`: the current one, so that
  /// UIKit's deceleration does not run as well.
  ///
  /// Without ``snapping`` the engine carries UIKit's deceleration itself
  /// (``Snapping/Options/decelerationRate``), to UIKit's exact rest offset
  /// clamped to the content, ending the same way; carried by the engine, a
  /// batch update while it runs keeps the reader's place and lets it go on
  /// (``anchorPolicy``). With motion reduced (``isMotionReduced``) a
  /// snap's spring is critically damped: it lands without overshoot.
  /// While a transition or a gesture moves
  /// the content it owns the offset: the release starts nothing and the
  /// current offset is returned.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite velocity or one beyond ±1e9 points per millisecond, or what
  ///   the snap layout provider throws (the engine is then unchanged).
  public mutating func scrollViewWillEndDragging(
    withVelocity velocity: CGPoint, spring: Spring = Snapping.defaultSpring
  ) throws(HarmonicError)
    -> CGPoint
  {
    defer { _checkInvariants() }
    try _apply(.scrollRelease(speed: try LayoutAnimator._pointsPerSecond(velocity, along: scrollAxis), spring: spring))
    return contentOffset
  }

  /// The next state of a scroll released at `speed` (points per second
  /// along ``scrollAxis``): the snap or the deceleration the engine
  /// carries, at rest only (unchanged in any other stage).
  func _releasingScroll(speed: Double, spring: Spring) throws(HarmonicError) -> _Next {
    let vertical = scrollAxis == .vertical
    let (along, across) = vertical ? (Double(contentOffset.y), Double(contentOffset.x)) : (Double(contentOffset.x), Double(contentOffset.y))
    guard case .resting = stage else { return _now }
    let motion: _ScrollMotion
    if let snapping {
      let decision = try Snapping.target(layout: try snapping(layout, viewport), offset: along, velocity: speed, options: snappingOptions)
      let spring = reduceMotion.spring(spring, systemSetting: systemReducesMotion)
      motion = try _ScrollMotion(decision.motion(spring: spring), target: decision.target, axis: scrollAxis, across: across, at: time)
    } else {
      // UIKit's deceleration, carried by the engine so that a change can
      // keep the reader's place while it runs: it rests where UIKit's
      // would, clamped to the content.
      let natural = try ScrollDeceleration(decelerationRate: snappingOptions.decelerationRate, from: along, velocity: speed)
      let range = vertical ? viewport.reachable(content: layout.contentSize).y : viewport.reachable(content: layout.contentSize).x
      let rest = min(max(natural.restOffset, range.lowerBound), range.upperBound)
      guard rest != along else { return _now }
      motion = try _ScrollMotion(.deceleration(natural), target: rest, axis: scrollAxis, across: across, at: time)
    }
    var next = _now
    next.stage = .resting(motion)
    try next.evaluate(at: time)
    return next
  }

  /// UIKit's release velocity (points per millisecond) along `axis`, in
  /// points per second, checked on both axes.
  static func _pointsPerSecond(_ velocity: CGPoint, along axis: ScrollAxis) throws(HarmonicError) -> Double {
    for (value, name) in [(Double(velocity.x), "velocity.x"), (Double(velocity.y), "velocity.y")] {
      try _Check.scrollVelocity(value * 1000, name, unit: "points/ms × 1000 = points/s")
    }
    return 1000 * Double(axis == .vertical ? velocity.y : velocity.x)
  }

  /// `scrollViewWillBeginDragging(_:)`: a finger lands; a snap in flight
  /// stops, and the finger takes over. Nothing else changes (a transition
  /// keeps the offset until it completes).
  ///
  /// - Parameter offset: the content offset on screen — the scroll view's,
  ///   which the finger now owns. A touch lands between frames, and the
  ///   engine, advanced to the touch's tick, is ahead of the last frame
  ///   shown; with the offset given, the engine takes the screen's (not
  ///   finite or beyond ±1e12: ignored). Nil keeps the engine's.
  public mutating func scrollViewWillBeginDragging(showing offset: CGPoint? = nil) {
    if case .resting(.some) = stage { stage = .resting(nil) }
    if case .resting(nil) = stage, let offset, LayoutAnimator._isAcceptedOffset(offset) { contentOffset = offset }
    _checkInvariants()
  }

  /// `targetContentOffset(forProposedContentOffset:)`: where the content
  /// offset belongs after a layout change: `proposed` clamped to the
  /// content (insets included). A component that is not finite, or beyond
  /// ±1e12, is taken from ``contentOffset``.
  public func targetContentOffset(forProposedContentOffset proposed: CGPoint) -> CGPoint {
    let usable = { (value: CGFloat, current: CGFloat) in Double(value).magnitude <= _Check.maximumCoordinate ? value : current }
    let offset = CGPoint(x: usable(proposed.x, contentOffset.x), y: usable(proposed.y, contentOffset.y))
    return viewport.clamp(offset, content: collectionViewContentSize)
  }

  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`:
  /// the ``Snapping`` target along ``scrollAxis`` for the release at
  /// ``contentOffset`` with `velocity` in UIKit's points per **millisecond**
  /// (× 1000 here), when ``snapping`` is set; else `proposed`. The other
  /// axis keeps `proposed`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   proposed offset that is not finite or beyond ±1e12, a non-finite
  ///   velocity or one beyond ±1e9 points per millisecond, or what the snap
  ///   layout provider throws.
  public func targetContentOffset(
    forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint
  ) throws(HarmonicError)
    -> CGPoint
  {
    try LayoutAnimator._checkOffset(proposed, "proposedContentOffset")
    let speed = try LayoutAnimator._pointsPerSecond(velocity, along: scrollAxis)
    guard let snapping else { return proposed }
    let snap = try snapping(layout, viewport)
    let vertical = scrollAxis == .vertical
    let decision = try Snapping.target(
      layout: snap, offset: Double(vertical ? contentOffset.y : contentOffset.x), velocity: speed, options: snappingOptions)
    return vertical ? CGPoint(x: proposed.x, y: decision.target) : CGPoint(x: decision.target, y: proposed.y)
  }
}
