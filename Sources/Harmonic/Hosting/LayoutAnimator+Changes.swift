// Batch updates, layout changes and bounds changes: every one through
// `_begin`, which starts a transition at the current tick from the pose on
// screen, whatever the phase.

extension LayoutAnimator {
  // MARK: - Batch updates

  /// One change of a batch update, as `UICollectionViewUpdateItem` reports it.
  public enum UpdateItem: Sendable, Hashable {
    case insert(ItemIndexPath)
    case delete(ItemIndexPath)
    case reload(ItemIndexPath)
    case move(from: ItemIndexPath, to: ItemIndexPath)
    case insertSection(Int)
    case deleteSection(Int)
    case moveSection(from: Int, to: Int)
  }

  /// The ``LayoutUpdate`` of UIKit's update items.
  public static func update(_ items: [UpdateItem]) -> LayoutUpdate {
    var update = LayoutUpdate()
    for item in items {
      switch item {
      case .insert(let path): update.inserted.insert(path)
      case .delete(let path): update.deleted.insert(path)
      case .reload(let path): update.reloaded.insert(path)
      case .move(let from, let to): update.moved[from] = to
      case .insertSection(let section): update.insertedSections.insert(section)
      case .deleteSection(let section): update.deletedSections.insert(section)
      case .moveSection(let from, let to): update.movedSections[from] = to
      }
    }
    return update
  }

  /// `prepare(forCollectionViewUpdates:)`: the data changed and `layout` is
  /// the app's layout for it. Springs every element from where it is now —
  /// mid-flight too, with its velocity — to its place in `layout`; inserted
  /// elements appear, deleted ones leave (``leavingAttributes``).
  ///
  /// The content offset goes where it was heading — where it is at rest,
  /// a snap's target, a running transition's end offset, a gesture's target
  /// — clamped to the new content (and to the nearest snap target with
  /// ``snapping`` set), following the items' average progress.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   updates that do not match the layouts' item counts, or what the snap
  ///   layout provider throws (the engine is then unchanged).
  public mutating func prepare(forCollectionViewUpdates items: [UpdateItem], layout newLayout: some CollectionLayout) throws(HarmonicError) {
    defer { _checkInvariants() }
    let offset = try _restingOffset(_heading, in: newLayout, viewport: viewport)
    try _begin(to: _Destination(layout: newLayout, offset: offset), endViewport: nil, update: LayoutAnimator.update(items))
  }

  /// Where the content offset was heading before a change: the snap's
  /// target, the running transition's end, the gesture's target, or where
  /// it is.
  var _heading: CGPoint {
    switch phase {
    case .resting(let scroll): scroll.map { $0.offset(at: $0.end) } ?? contentOffset
    case .transitioning(let running): running.shown.transition.endOffset
    case .interactive(let gesture): gesture.target.offset
    }
  }

  /// `offset` where the content can rest in `layout` seen through
  /// `viewport`: clamped to the reachable offsets, then, with ``snapping``
  /// set, the nearest snap target along ``scrollAxis`` — unless it is an
  /// end of the reachable range, where snapping reaches the first and last
  /// items as far as they go.
  func _restingOffset(_ offset: CGPoint, in layout: some CollectionLayout, viewport: Viewport) throws(HarmonicError) -> CGPoint {
    let clamped = viewport.clamp(offset, content: layout.contentSize)
    guard let snapping else { return clamped }
    let vertical = scrollAxis == .vertical
    let range = vertical ? viewport.reachable(content: layout.contentSize).y : viewport.reachable(content: layout.contentSize).x
    let along = Double(vertical ? clamped.y : clamped.x)
    if along == range.lowerBound || along == range.upperBound { return clamped }
    let decision = try Snapping.target(layout: try snapping(layout, viewport), offset: along, velocity: 0, options: snappingOptions)
    return vertical ? CGPoint(x: clamped.x, y: decision.target) : CGPoint(x: decision.target, y: clamped.y)
  }

  /// `initialLayoutAttributesForAppearingItem(at:)`: the pose at the current
  /// tick, so that UIKit's own animation moves nothing (the springs do).
  public func initialLayoutAttributesForAppearingItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
    layoutAttributesForItem(at: indexPath)
  }

  /// `finalLayoutAttributesForDisappearingItem(at:)`: the leaving element's
  /// pose at the current tick (old index path), as
  /// ``initialLayoutAttributesForAppearingItem(at:)``.
  public func finalLayoutAttributesForDisappearingItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
    let id = ElementID(.cell, indexPath)
    guard let shown = _shown, let k = shown.byOldID[id], shown.transition.elements[k].from == id else { return nil }
    return LayoutAnimator._answer(shown.frame.attributes[k], as: nil)
  }

  // MARK: - Layout changes

  /// `setCollectionViewLayout(_:animated:)`: with `animated`, springs to
  /// `newLayout` at `offset` from the current pose (a transition in flight
  /// turns C¹); without, jumps there and ends whatever was in flight. The
  /// offset is clamped to the new content (and moved to the nearest snap
  /// target with ``snapping`` set).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite offset or one beyond ±1e12, or what the snap layout
  ///   provider throws (the engine is then unchanged).
  public mutating func setLayout(_ newLayout: some CollectionLayout, contentOffset offset: CGPoint, animated: Bool) throws(HarmonicError) {
    defer { _checkInvariants() }
    try LayoutAnimator._checkOffset(offset)
    let resting = try _restingOffset(offset, in: newLayout, viewport: viewport)
    guard animated else {
      (layout, contentOffset, phase, leaving) = (newLayout, resting, .resting(nil), [])
      return
    }
    try _begin(to: _Destination(layout: newLayout, offset: resting), endViewport: nil, update: LayoutUpdate())
  }

  // MARK: - Bounds changes

  /// `prepare(forAnimatedBoundsChange:)`: the viewport changes (a rotation)
  /// and `layout` is the app's layout for it; springs there from the pose
  /// on screen, the content offset to `contentOffset` (for example the
  /// anchor item's ``GridLayout/placement(of:_:viewport:current:old:)``),
  /// clamped to the new content and, with ``snapping`` set, moved to the
  /// nearest snap target of the new viewport. The bounds change is over when
  /// ``isAnimating`` turns false (`finalizeAnimatedBoundsChange`).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``LayoutTransition``'s initializer does, or what the snap layout
  ///   provider throws (the engine is then unchanged).
  public mutating func prepare(
    forAnimatedBoundsChange newViewport: Viewport, layout newLayout: some CollectionLayout, contentOffset offset: CGPoint
  )
    throws(HarmonicError)
  {
    defer { _checkInvariants() }
    try LayoutAnimator._checkOffset(offset)
    let resting = try _restingOffset(offset, in: newLayout, viewport: newViewport)
    try _begin(to: _Destination(layout: newLayout, offset: resting), endViewport: newViewport, update: LayoutUpdate(isBoundsChange: true))
  }

  // MARK: - The one pipeline

  /// Starts a transition at ``time`` from the pose on screen to
  /// `destination`: from the layout at rest (a snap in flight ends where
  /// the scroll is); a retarget (C¹) of a running transition when no update
  /// or viewport change comes with it; else a new transition from the pose
  /// in flight or the gesture's pose, carrying every element's velocity,
  /// with the old transition's leaving elements kept in flight. Nothing
  /// changes unless it succeeds.
  mutating func _begin(to destination: _Destination, endViewport: Viewport?, update: LayoutUpdate) throws(HarmonicError) {
    let end = endViewport ?? viewport
    let next: LayoutTransition
    var retiring: _Leaving?
    switch phase {
    case .resting:
      next = try LayoutTransition(
        from: layout, offset: contentOffset, to: destination.layout, offset: destination.offset, viewport: viewport, endViewport: end, update: update,
        appearance: appearance, springs: springs, start: time)
    case .transitioning(let running):
      let current = running.shown.transition
      if update.isEmpty, endViewport == nil, let turned = _retargeted(current, to: destination) {
        next = turned
      } else {
        next = try LayoutTransition(
          continuing: current, at: time, to: destination.layout, offset: destination.offset, viewport: viewport, endViewport: end, update: update,
          appearance: appearance, springs: springs)
        retiring = _Leaving(retiring: running.shown)
      }
    case .interactive(let gesture):
      // The same path, from the scrubbed pose at rest; elements the
      // gesture shows leaving go on leaving from where they are.
      next = try _continuing(gesture, to: destination.layout, offset: destination.offset, endViewport: end, update: update)
    }
    try _install(next, in: destination.layout, viewport: end, grabbable: nil, retiring: retiring)
  }

  /// The transition from `gesture`'s pose, at rest, to `newLayout` at
  /// `offset`; the elements the pose shows leaving keep leaving from there.
  func _continuing(
    _ gesture: _Gesture, to newLayout: some CollectionLayout, offset: CGPoint, endViewport: Viewport?, update: LayoutUpdate
  ) throws(HarmonicError) -> LayoutTransition {
    let path = gesture.shown.transition
    return try LayoutTransition._continuing(
      path, pose: gesture.shown.frame, atRest: true, offsetVelocity: .zero, at: time,
      to: LayoutTransition._Change(layout: newLayout, offset: offset, viewport: viewport, endViewport: endViewport, update: update, appearance: appearance),
      decoration: nil, springs: springs, tolerances: path.tolerances, keepingLeaving: true)
  }

  /// `transition` turned towards `destination` at ``time`` (C¹, leaving
  /// elements kept), or nil when the destination lacks an element in flight.
  func _retargeted(_ transition: LayoutTransition, to destination: _Destination) -> LayoutTransition? {
    var turned = transition
    guard (try? turned.retarget(to: destination.layout, offset: destination.offset, viewport: viewport, at: time, springs: springs)) != nil else {
      return nil
    }
    return turned
  }

  /// Makes `next` the running transition, resting in `newLayout` and `end`.
  mutating func _install(
    _ next: LayoutTransition, in newLayout: any CollectionLayout, viewport end: Viewport, grabbable: _Gesture?, retiring: _Leaving?
  ) throws(HarmonicError) {
    if let retiring { leaving.append(retiring) }
    (layout, viewport) = (newLayout, end)
    phase = .transitioning(_Running(shown: _Shown(next, frame: next.makeFrame()), grabbable: grabbable))
    try _evaluate()
  }
}

extension LayoutAnimator._Leaving {
  /// The elements of `shown` that have left the layout, still in flight at
  /// the frame's tick; nil when it has none.
  init?(retiring shown: LayoutAnimator._Shown) {
    guard !shown.leaving.isEmpty else { return nil }
    (transition, frame, elements, restMasks) = (shown.transition, shown.frame, shown.leaving, shown.restMasks)
  }
}
