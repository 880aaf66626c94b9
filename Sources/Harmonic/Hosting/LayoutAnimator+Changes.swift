// Batch updates, layout changes and bounds changes: every one through
// `_begin`, which starts a transition at the current tick from the pose on
// screen, whatever the stage.

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
  package static func update(_ items: [UpdateItem]) -> LayoutUpdate {
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
  /// The content offset follows ``anchorPolicy`` (by default the reader's
  /// place: the first fully visible cell stays where it is on screen, also
  /// while a snap or a deceleration runs, which goes on to its target moved
  /// with the content). Where the content was heading — where it is at
  /// rest, a snap's target, a running transition's end offset, a gesture's
  /// target — is the reference; every end is clamped to the new content
  /// (and moved to the nearest snap target with ``snapping`` set). With
  /// motion reduced (``isMotionReduced``) the update cross-fades instead.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   updates that do not match the layouts' item counts, or what the snap
  ///   layout provider throws (the engine is then unchanged).
  public mutating func prepare(forCollectionViewUpdates items: [UpdateItem], layout newLayout: some CollectionLayout) throws(HarmonicError) {
    defer { _checkInvariants() }
    #if DEBUG
    if LayoutAnimator._fault.get() == .frameCountDependent, _framesSeen % 2 == 1, case .shared(let spring) = springs {
      springs = .shared(try Spring(mass: spring.mass, stiffness: spring.stiffness * 1.01, damping: spring.damping))
    }
    do {
      try _apply(.change(to: newLayout, endViewport: nil, update: LayoutAnimator.update(items), requested: nil, policy: anchorPolicy, animated: true))
    } catch {
      if LayoutAnimator._fault.get() == .hiddenChangeOnRefusal { time = AnimationTime(ticks: time.ticks + 1) }
      throw error
    }
    #else
    try _apply(.change(to: newLayout, endViewport: nil, update: LayoutAnimator.update(items), requested: nil, policy: anchorPolicy, animated: true))
    #endif
  }

  /// Whether motion is reduced now: ``reduceMotion`` with the system's
  /// setting ``systemReducesMotion``.
  public var isMotionReduced: Bool { reduceMotion.isReduced(systemSetting: systemReducesMotion) }

  /// A change to `newLayout` (seen through `endViewport`, nil: the same
  /// viewport): its end offset by `policy` — `requested`, when the app
  /// names one, for ``AnchorPolicy/followProgress`` — then a cross-fade
  /// with motion reduced, a jump without animation, else a transition
  /// through ``_beginning(to:endViewport:update:anchor:carry:)``: the
  /// engine's next state, nothing changed.
  func _changing(
    to newLayout: some CollectionLayout, endViewport: Viewport?, update: LayoutUpdate, requested: CGPoint?, policy: AnchorPolicy, animated: Bool
  ) throws(HarmonicError) -> _Next {
    let end = endViewport ?? viewport
    let heading = _heading
    var target = requested ?? heading
    var anchor: ElementID?
    var carry = false
    // With snapping, a bounds change keeps the anchor's page — the anchor
    // at the snap alignment point, the reader's card by default — not its
    // fraction of the screen, which can sit nearer the next page's target
    // in the new bounds.
    // (`if case`, not `!= nil`: comparing an optional typed-throws function
    // with nil needs runtime support that iOS has only from 18.)
    var keepsPage = false
    if case .some = snapping { keepsPage = update.isBoundsChange }
    // A scroll in flight goes on only under the content it scrolls: with an
    // anchor found, or an offset the new content still has.
    func keep(_ content: ContentAnchor) throws(HarmonicError) {
      var content = content
      if keepsPage, case .firstVisible = content, let page = _snapAligned(in: layout, at: heading, viewport: viewport) { content = .element(page) }
      guard
        let kept = try LayoutTransition.anchoredEnd(
          keeping: content, in: layout, at: heading, viewport: viewport, to: newLayout, update: update, endViewport: end, axis: scrollAxis,
          isRightToLeft: snappingOptions.isRightToLeft)
      else { return }
      let offset = keepsPage ? _aligning(kept.element, in: newLayout, viewport: end, from: kept.offset) ?? kept.offset : kept.offset
      (target, anchor, carry) = (offset, kept.element, true)
    }
    switch policy {
    case .followProgress: break
    case .keepOffset: carry = end.clamp(heading, content: newLayout.contentSize) == heading
    case .keepAnchor(let content): try keep(content)
    case .keepEnd:
      if let newEnd = _end(of: layout, viewport: viewport, ifAt: heading, newLayout: newLayout, newViewport: end) {
        target = newEnd
      } else {
        try keep(.firstVisible)
      }
    }
    let resting = try _restingOffset(target, in: newLayout, viewport: end)
    let destination = _Destination(layout: newLayout, offset: resting)
    guard animated else { return _Next(layout: newLayout, viewport: end, contentOffset: resting, stage: .resting(nil), leaving: []) }
    if isMotionReduced { return try _crossFading(to: destination, viewport: end, update: update) }
    return try _beginning(to: destination, endViewport: endViewport, update: update, anchor: anchor, carry: carry)
  }

  /// The snap alignment point of `viewport` at `offset` along ``scrollAxis``
  /// (``Snapping/Options/alignment``: the snap area's leading edge, centre
  /// or trailing edge, insets excluded, in reading order), in content
  /// coordinates.
  func _alignmentPoint(_ viewport: Viewport, at offset: CGPoint) -> Double {
    let vertical = scrollAxis == .vertical
    let rtl = !vertical && snappingOptions.isRightToLeft
    let i = viewport.insets
    let (start, extent) = vertical ? (Double(offset.y), Double(viewport.size.height)) : (Double(offset.x), Double(viewport.size.width))
    let (low, high) = vertical ? (start + i.top, start + extent - i.bottom) : (start + i.left, start + extent - i.right)
    switch snappingOptions.alignment {
    case .leading: return rtl ? high : low
    case .center: return (low + high) / 2
    case .trailing: return rtl ? low : high
    }
  }

  /// A cell's point that ``_alignmentPoint(_:at:)`` lines up with.
  func _alignmentPoint(of cell: LayoutAttributes) -> Double {
    let vertical = scrollAxis == .vertical
    let rtl = !vertical && snappingOptions.isRightToLeft
    let frame = cell.frame
    let (low, mid, high) = vertical ? (frame.minY, frame.midY, frame.maxY) : (frame.minX, frame.midX, frame.maxX)
    switch snappingOptions.alignment {
    case .leading: return Double(rtl ? high : low)
    case .center: return Double(mid)
    case .trailing: return Double(rtl ? low : high)
    }
  }

  /// The cell of `layout` nearest the snap alignment point at `offset` (by
  /// its own alignment point; ties to the lower id): the page a paging
  /// reader is on.
  func _snapAligned(in layout: any CollectionLayout, at offset: CGPoint, viewport: Viewport) -> ElementID? {
    let point = _alignmentPoint(viewport, at: offset)
    var best: (distance: Double, id: ElementID)?
    for cell in layout.attributes(in: viewport.visibleRect(at: offset), viewport: viewport, at: offset) where cell.kind == .cell && !cell.isHidden {
      let distance = (_alignmentPoint(of: cell) - point).magnitude
      if let b = best, (b.distance, b.id) <= (distance, cell.elementID) { continue }
      best = (distance, cell.elementID)
    }
    return best?.id
  }

  /// The offset that puts `id`'s alignment point on the snap alignment
  /// point of `viewport` (the other axis as `offset`); nil when `layout`
  /// has no such element or the result is not finite.
  func _aligning(_ id: ElementID, in layout: some CollectionLayout, viewport: Viewport, from offset: CGPoint) -> CGPoint? {
    guard let cell = layout.attributes(of: id, in: viewport, at: offset) else { return nil }
    let shift = _alignmentPoint(of: cell) - _alignmentPoint(viewport, at: offset)
    guard shift.isFinite else { return nil }
    return scrollAxis == .vertical ? CGPoint(x: offset.x, y: Double(offset.y) + shift) : CGPoint(x: Double(offset.x) + shift, y: offset.y)
  }

  /// The new content's end offset when `offset` rests at the end of the
  /// old content (within 0.5 pt, along ``scrollAxis``; the leading end in a
  /// right-to-left horizontal layout), else nil. The other axis keeps `offset`.
  func _end(
    of old: any CollectionLayout, viewport: Viewport, ifAt offset: CGPoint, newLayout: some CollectionLayout, newViewport: Viewport
  ) -> CGPoint? {
    let vertical = scrollAxis == .vertical
    let leading = !vertical && snappingOptions.isRightToLeft
    let oldRange = vertical ? viewport.reachable(content: old.contentSize).y : viewport.reachable(content: old.contentSize).x
    let newRange = vertical ? newViewport.reachable(content: newLayout.contentSize).y : newViewport.reachable(content: newLayout.contentSize).x
    let along = Double(vertical ? offset.y : offset.x)
    guard ((leading ? oldRange.lowerBound : oldRange.upperBound) - along).magnitude <= 0.5 else { return nil }
    let endAlong = leading ? newRange.lowerBound : newRange.upperBound
    return vertical ? CGPoint(x: offset.x, y: endAlong) : CGPoint(x: endAlong, y: offset.y)
  }

  /// Where the content is heading (``_heading``): for the shims, which
  /// read a layout the app keeps around where a change takes the content.
  package var headingOffset: CGPoint { _heading }

  /// Where the content offset was heading before a change: the snap's
  /// target, the running transition's end, the gesture's target, or where
  /// it is.
  var _heading: CGPoint {
    switch stage {
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
    guard let shown = _shown, let k = shown.element(withOldID: id) else { return nil }
    return LayoutAnimator._answer(shown.frame.attributes[k], as: nil)
  }

  // MARK: - Layout changes

  /// `setCollectionViewLayout(_:animated:)`: with `animated`, springs to
  /// `newLayout` from the current pose (a transition in flight turns C¹);
  /// without, jumps there and ends whatever was in flight.
  ///
  /// The content goes to `offset`, or with none (the default) where
  /// ``anchorPolicy`` says — by default the first fully visible cell stays
  /// in view, at the same place on screen when the new content allows (the
  /// layouts' items are then the same ones). Either is clamped to the new
  /// content, and moved to the nearest snap target with ``snapping`` set.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite offset or one beyond ±1e12, or, with no offset, when the
  ///   layouts' item counts differ; or what the snap layout provider throws
  ///   (the engine is then unchanged).
  public mutating func setLayout(_ newLayout: some CollectionLayout, contentOffset offset: CGPoint? = nil, animated: Bool) throws(HarmonicError) {
    defer { _checkInvariants() }
    if let offset { try LayoutAnimator._checkOffset(offset) }
    try _apply(
      .change(
        to: newLayout, endViewport: nil, update: LayoutUpdate(), requested: offset, policy: offset == nil ? anchorPolicy : .followProgress,
        animated: animated))
  }

  // MARK: - Bounds changes

  /// `prepare(forAnimatedBoundsChange:)`: the viewport changes (a rotation)
  /// and `layout` is the app's layout for it; springs there from the pose
  /// on screen. The bounds change is over when ``isAnimating`` turns false
  /// (`finalizeAnimatedBoundsChange`).
  ///
  /// The content goes to `offset` (for example the anchor item's
  /// ``GridLayout/placement(of:_:viewport:current:old:)``), or with none
  /// (the default) where ``anchorPolicy`` says from where the content was
  /// heading (a snap's target, a transition's end), so a rotation during a
  /// snap, an update, a layout change or a gesture keeps the reader's cell
  /// at the same place on screen as a fraction of the viewport. Either is
  /// clamped to the new content; with ``snapping`` set it keeps the
  /// reader's page instead: the cell at the snap alignment point
  /// (``Snapping/Options/alignment``; or the anchor the policy names) lands
  /// on the new bounds' alignment point, then on the nearest snap target —
  /// a fraction of the width could sit nearer the next card's target.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``LayoutTransition``'s initializer does, or what the snap layout
  ///   provider throws (the engine is then unchanged).
  public mutating func prepare(
    forAnimatedBoundsChange newViewport: Viewport, layout newLayout: some CollectionLayout, contentOffset offset: CGPoint? = nil
  )
    throws(HarmonicError)
  {
    defer { _checkInvariants() }
    if let offset { try LayoutAnimator._checkOffset(offset) }
    try _apply(
      .change(
        to: newLayout, endViewport: newViewport, update: LayoutUpdate(isBoundsChange: true), requested: offset,
        policy: offset == nil ? anchorPolicy : .followProgress, animated: true))
  }

  // MARK: - The one pipeline

  /// Starts a transition at ``time`` from the pose on screen to
  /// `destination`: from the layout at rest (a snap in flight ends where
  /// the scroll is); a retarget (C¹) of a running transition when no update
  /// or viewport change comes with it; else a new transition from the pose
  /// in flight or the gesture's pose, carrying every element's velocity,
  /// with the old transition's leaving elements kept in flight. Nothing
  /// changes unless it succeeds.
  ///
  /// With `anchor`, the new transition's offset follows that element
  /// (``LayoutTransition/anchorContentOffset(to:along:)``); with `carry`, a
  /// scroll in flight goes on under it (``_Carried``). Returns the
  /// engine's next state; nothing changes here.
  func _beginning(
    to destination: _Destination, endViewport: Viewport?, update: LayoutUpdate, anchor: ElementID? = nil, carry: Bool = false
  ) throws(HarmonicError) -> _Next {
    let end = endViewport ?? viewport
    var next: LayoutTransition
    var retiring: _Leaving?
    var scroll: _ScrollMotion?
    switch stage {
    case .resting(let snap):
      scroll = carry ? snap : nil
      next = try LayoutTransition(
        from: layout, offset: contentOffset, to: destination.layout, offset: destination.offset, viewport: viewport, endViewport: end, update: update,
        appearance: appearance, springs: springs, start: time)
    case .transitioning(let running):
      let current = running.shown.transition
      scroll = carry ? running.carried?.moving(at: time) : nil
      // A retarget turns the springs as they are, without the views held
      // pinned (`_Shown.pinned`); a new transition starts from them.
      if update.isEmpty, endViewport == nil, anchor == nil, running.carried == nil, running.shown.pinned.isEmpty {
        next = try _retargeted(current, to: destination)
      } else {
        // From the pose at `time` and the offset on screen (a carried
        // scroll moves it past the transition's own).
        let pose = try running.shown.pose(at: time, offset: contentOffset, in: layout, viewport: viewport)
        next = try LayoutTransition(
          continuing: current, at: time, pose: pose, to: destination.layout, offset: destination.offset, viewport: viewport, endViewport: end,
          update: update, appearance: appearance, springs: springs, handsOnProgress: anchor == nil)
        #if DEBUG
        if LayoutAnimator._fault.get() == .droppedVelocity, !update.isEmpty {
          func atRest(to layout: some CollectionLayout) throws(HarmonicError) -> LayoutTransition {
            try LayoutTransition._continuing(
              current, pose: pose, atRest: true, offsetVelocity: .zero, at: time,
              to: LayoutTransition._Change(
                layout: layout, offset: destination.offset, viewport: viewport, endViewport: end, update: update, appearance: appearance),
              decoration: nil, springs: springs, tolerances: current.tolerances, keepingLeaving: false)
          }
          next = try atRest(to: destination.layout)
        }
        #endif
        retiring = _Leaving(retiring: running.shown)
      }
    case .interactive(let gesture):
      // The same path, from the scrubbed pose at rest; elements the
      // gesture shows leaving go on leaving from where they are.
      next = try _continuing(gesture, to: destination.layout, offset: destination.offset, endViewport: end, update: update)
    }
    // A change in flight starts from the offset on screen, which a carried
    // scroll had moved past the running transition's own.
    next.startOffset = contentOffset
    // In flight the offset follows a cell the reader sees now: the cell a
    // running transition's offset already follows, when it stays on screen
    // (its springs carry the offset's velocity on, so a second update in
    // flight steps nothing); else the anchor when it is on screen; else
    // (the anchor is where a scroll is heading, or still flying in) the
    // first cell on screen that stays. The end offset is the anchor's
    // either way.
    if let anchor {
      let followed = _followed.flatMap { next._staying(from: $0) }.flatMap { next._startsOnScreen($0, viewport: viewport) ? $0 : nil }
      let shown =
        followed
        ?? (next._startsOnScreen(anchor, viewport: viewport)
          ? anchor : next._firstStayingOnScreen(viewport: viewport, axis: scrollAxis, isRightToLeft: snappingOptions.isRightToLeft))
      // Both choices stay in the new layout: the anchor cannot be refused
      // (a refusal would be Harmonic's bug, not dropped silently).
      if let shown { _libraryConstant { try next.anchorContentOffset(to: shown, along: scrollAxis) } }
    }
    return try _installing(
      next, in: destination.layout, viewport: end, grabbable: nil, retiring: retiring, carried: _Carried(axis: scrollAxis, scroll: scroll, at: time))
  }

  /// The cell the running transition's offset follows along ``scrollAxis``
  /// (its id in the current layout), if any.
  var _followed: ElementID? {
    guard case .transitioning(let running) = stage, running.shown.transition._anchor?.axis == scrollAxis else { return nil }
    return running.shown.transition.contentAnchor
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
  /// elements kept).
  ///
  /// - Throws: what ``LayoutTransition/init(continuing:at:to:offset:viewport:endViewport:update:appearance:decoration:springs:tolerances:)``
  ///   throws: a destination whose item counts differ from the running
  ///   target's (the change is refused; no other path is tried).
  func _retargeted(_ transition: LayoutTransition, to destination: _Destination) throws(HarmonicError) -> LayoutTransition {
    var turned = transition
    try turned.retarget(to: destination.layout, offset: destination.offset, viewport: viewport, at: time, springs: springs)
    return turned
  }

  /// The next state with `transition` running, resting in `newLayout` and
  /// `end`, evaluated at ``time``; `departed` (a cross-fade's) and
  /// `retiring` join the leaving elements, in that order.
  func _installing(
    _ transition: LayoutTransition, in newLayout: any CollectionLayout, viewport end: Viewport, grabbable: _Gesture?, retiring: _Leaving?,
    carried: _Carried? = nil, departed: _Leaving? = nil
  ) throws(HarmonicError) -> _Next {
    var next = _now
    next.leaving += [departed, retiring].compactMap { $0 }
    (next.layout, next.viewport) = (newLayout, end)
    var shown = _Shown(transition, frame: transition.makeFrame())
    shown.pinThroughout(in: newLayout, viewport: end, axis: scrollAxis)
    next.stage = .transitioning(_Running(shown: shown, grabbable: grabbable, carried: carried))
    try next.evaluate(at: time)
    return next
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
