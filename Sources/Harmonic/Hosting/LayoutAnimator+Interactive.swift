extension LayoutAnimator {
  // MARK: - Interactive transitions

  /// `startInteractiveTransition(to:)`: a gesture will drive the change to
  /// `newLayout` at `offset` through ``transitionProgress``, from the pose
  /// on screen (progress 0): the layout at rest, a transition in flight
  /// (stopped where it is), or another gesture's pose. The offset is
  /// clamped to the new content (and moved to the nearest snap target with
  /// ``snapping`` set). A cancel returns to where the content was heading
  /// before the gesture began.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``LayoutTransition``'s initializer does, or what the snap layout
  ///   provider throws (the engine is then unchanged).
  public mutating func startInteractiveTransition(to newLayout: some CollectionLayout, contentOffset offset: CGPoint) throws(HarmonicError) {
    defer { _checkInvariants() }
    try LayoutAnimator._checkOffset(offset)
    try _apply(.startInteractive(to: newLayout, offset: offset))
  }

  /// The next state of ``startInteractiveTransition(to:contentOffset:)``.
  func _startingInteractiveTransition(to newLayout: some CollectionLayout, offset: CGPoint) throws(HarmonicError) -> _Next {
    let target = _Destination(layout: newLayout, offset: try _restingOffset(offset, in: newLayout, viewport: viewport))
    let start = _Destination(layout: layout, offset: try _restingOffset(_heading, in: layout, viewport: viewport))
    var path: LayoutTransition
    var retiring: _Leaving?
    switch stage {
    case .resting:
      path = try LayoutTransition(
        from: layout, offset: contentOffset, to: newLayout, offset: target.offset, viewport: viewport, appearance: appearance, springs: springs,
        start: time)
    case .transitioning(let running):
      path = try LayoutTransition(
        continuing: running.shown.transition, at: time, pose: try running.shown.pose(at: time, offset: contentOffset, in: layout, viewport: viewport),
        to: newLayout, offset: target.offset, viewport: viewport, endViewport: nil, update: LayoutUpdate(), appearance: appearance,
        springs: springs)
      retiring = _Leaving(retiring: running.shown)
    case .interactive(let gesture):
      path = try _continuing(gesture, to: newLayout, offset: target.offset, endViewport: nil, update: LayoutUpdate())
    }
    path.startOffset = contentOffset  // what a carried scroll had moved it to
    var pose = path.makeFrame()
    try path.scrub(progress: 0, into: &pose)
    // Progress 0 is `start` at rest only when nothing was moving and the
    // offset is one the content can rest at (not held in the rubber band
    // past the content's end, not between snap targets).
    let startsAtRest = if case .resting(nil) = stage { start.offset == contentOffset } else { false }
    var next = _now
    if let retiring { next.leaving.append(retiring) }
    (next.layout, next.contentOffset) = (newLayout, pose.contentOffset)
    next.stage = .interactive(_Gesture(shown: _Shown(path, frame: pose), start: start, target: target, startsAtRest: startsAtRest, progress: 0))
    return next
  }

  /// `UICollectionViewTransitionLayout.transitionProgress`: where the
  /// gesture has the interactive transition (0 the start, 1 the end; past
  /// them rubber-banded). Setting it poses every element and the content
  /// offset at once; a value that is not finite or beyond ±1e6, or one set
  /// while no interactive transition runs, is ignored. Reading it gives the
  /// gesture's progress (the released gesture's while it springs; else 0).
  public var transitionProgress: Double {
    get {
      switch stage {
      case .interactive(let gesture): gesture.progress
      case .transitioning(let running): running.grabbable?.progress ?? 0
      case .resting: 0
      }
    }
    set {
      defer { _checkInvariants() }
      guard case .interactive(var gesture) = stage, newValue.isFinite, newValue.magnitude <= 1e6 else { return }
      stage = .resting(nil)  // the pose is then this setter's alone: written in place
      // Checked above: the scrub cannot fail (a failure is Harmonic's bug, not a refusal).
      _libraryConstant { try gesture.shown.transition.scrub(progress: newValue, rubberBand: true, into: &gesture.shown.frame) }
      gesture.progress = newValue
      contentOffset = gesture.shown.frame.contentOffset
      stage = .interactive(gesture)
    }
  }

  /// `finishInteractiveTransition()`: the springs take the gesture's pose
  /// and `velocity` (progress per second) to the end, C¹.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   a velocity beyond ±100 progress per second, or no interactive
  ///   transition (the engine is then unchanged).
  public mutating func finishInteractiveTransition(velocity: Double = 0) throws(HarmonicError) {
    defer { _checkInvariants() }
    try _apply(.release(velocity: velocity, towardsEnd: true))
  }

  /// `cancelInteractiveTransition()`: springs back to where the content was
  /// heading when the gesture began, C¹ — the start layout at rest, or, for
  /// a gesture that began while something moved, on to that motion's
  /// destination.
  ///
  /// - Throws: as ``finishInteractiveTransition(velocity:)``.
  public mutating func cancelInteractiveTransition(velocity: Double = 0) throws(HarmonicError) {
    defer { _checkInvariants() }
    try _apply(.release(velocity: velocity, towardsEnd: false))
  }

  /// The next state of a finish (`towardsEnd`) or a cancel.
  func _releasing(velocity: Double, towardsEnd: Bool) throws(HarmonicError) -> _Next {
    let held: _Gesture? = if case .interactive(let gesture) = stage { gesture } else { nil }
    try _Check.state(held != nil, "transitionProgress", value: transitionProgress, needs: "an interactive transition started first")
    let gesture = held!
    let path = gesture.shown.transition
    var released =
      towardsEnd
      ? try path.finish(fromProgress: gesture.progress, velocity: velocity, at: time, rubberBand: true, springs: springs)
      : try path.cancel(fromProgress: gesture.progress, velocity: velocity, at: time, rubberBand: true, springs: springs)
    var grabbable: _Gesture? = gesture
    // A cancel ends on the scrub's start poses; the layout behind them (its
    // item counts, the elements it did not animate) is the start layout.
    if !towardsEnd { released.target = gesture.start.layout }
    if !towardsEnd, !gesture.startsAtRest {
      // Progress 0 is a pose in flight, not a layout at rest: the release
      // turns (C¹) towards where that motion was heading, and is no longer
      // the gesture's path for a touch to grab.
      released = try _retargeted(released, to: gesture.start)
      grabbable = nil
    }
    return try _installing(
      released, in: towardsEnd ? gesture.target.layout : gesture.start.layout, viewport: viewport, grabbable: grabbable, retiring: nil)
  }

  /// A touch lands while a released interactive transition springs: the
  /// gesture takes it over again at the progress that shows the current
  /// pose — the inverse of the rubber band of the frame's
  /// ``LayoutTransition/Frame/overallProgress``, measured along the
  /// gesture's path — so nothing jumps (with one
  /// shared spring the pose is the same to rounding). Returns that progress,
  /// now ``transitionProgress``. ``activity`` is ``Activity/released`` while
  /// there is one to grab: until the release's average progress arrives
  /// (within 0.001 of its end), not through its last 0.1 % of travel.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   no released interactive transition is in flight (the engine is then unchanged).
  public mutating func grabInteractiveTransition() throws(HarmonicError) -> Double {
    defer { _checkInvariants() }
    try _apply(.grab)
    return transitionProgress
  }

  /// The progress the current pose shows along the interactive path: the
  /// gesture's while one holds it; while a release springs, the frame's
  /// overall progress along the path (rubber-banded past either end, so
  /// an overshoot reads past 1); nil at rest, or once the release's
  /// average progress has all but arrived.
  package var _shownProgress: Double? {
    switch stage {
    case .interactive(let gesture): return gesture.progress
    case .transitioning(let running):
      guard let gesture = running.grabbable else { return nil }
      let shown = Self._bandedProgress(of: running, along: gesture)
      return shown.isFinite ? shown : nil
    case .resting: return nil
    }
  }

  /// The rubber-banded progress along `gesture`'s path that `running`'s
  /// frame shows: its overall progress counts along the path's own range
  /// (a path that began mid-flight starts where that motion was). Not
  /// finite when the frame's progress is not; 0 for a path of no range.
  static func _bandedProgress(of running: _Running, along gesture: _Gesture) -> Double {
    let (b, g) = gesture.shown.transition.overallProgressRange
    return g != b ? (running.shown.frame.overallProgress - b) / (g - b) : 0
  }

  /// The next state of ``grabInteractiveTransition()``.
  func _grabbing() throws(HarmonicError) -> _Next {
    let released: (_Running, _Gesture)? =
      if case .transitioning(let running) = stage, let gesture = running.grabbable(at: time) { (running, gesture) } else { nil }
    try _Check.state(
      released != nil, "transitionProgress", value: transitionProgress, needs: "a released interactive transition still in flight, its progress not yet arrived"
    )
    var gesture = released!.1
    let running = released!.0
    // Back to the path's banded progress, then through the band's inverse.
    // The band never reaches −1 or 2; an overshoot past them is taken at its edge.
    let banded = Self._bandedProgress(of: running, along: gesture)
    let shown = min(max(banded.isFinite ? banded : 0, (-1.0).nextUp), 2.0.nextDown)
    let progress = try LayoutTransition.progress(fromRubberBanded: shown)
    try gesture.shown.transition.scrub(progress: progress, rubberBand: true, into: &gesture.shown.frame)
    gesture.progress = progress
    var next = _now
    (next.layout, next.contentOffset, next.stage) = (gesture.target.layout, gesture.shown.frame.contentOffset, .interactive(gesture))
    return next
  }
}
