/// UIKit's collection-view layout surface as a UI-free engine: it holds an
/// app's ``CollectionLayout`` and answers `UICollectionViewLayout`'s
/// queries for the current tick, with UIKit's method names and labels, so
/// that a layout subclass forwards each override in one line. Batch
/// updates, animated layout changes, interactive transitions and bounds
/// changes spring with Harmonic (per-element velocity, the content offset
/// and size following the average progress, exact completion).
///
/// The host drives it, in UIKit's order:
/// - every frame, ``advance(to:)`` with the display link's tick, then
///   invalidate the layout while ``isAnimating`` and set the scroll view's
///   content offset to ``contentOffset`` (it moves with a transition);
/// - UIKit's queries — ``collectionViewContentSize``,
///   ``layoutAttributesForElements(in:)``, ``layoutAttributesForItem(at:)``,
///   ``layoutAttributesForSupplementaryView(ofKind:at:)``,
///   ``shouldInvalidateLayout(forBoundsChange:)`` — read the prepared
///   frame;
/// - a batch update: the app's layout with the new data goes to
///   ``prepare(forCollectionViewUpdates:layout:)``; UIKit's own update
///   animation is suppressed by
///   ``initialLayoutAttributesForAppearingItem(at:)`` and
///   ``finalLayoutAttributesForDisappearingItem(at:)``, which answer the
///   pose at the current tick; elements deleted or moved off screen keep
///   springing in ``leavingAttributes`` until they settle;
/// - `setCollectionViewLayout(_:animated:)`: ``setLayout(_:contentOffset:animated:)``;
/// - an interactive transition (`startInteractiveTransition(to:)`):
///   ``startInteractiveTransition(to:contentOffset:)``, then
///   ``transitionProgress`` as the gesture moves, and
///   ``finishInteractiveTransition(velocity:)`` or
///   ``cancelInteractiveTransition(velocity:)``, and
///   ``grabInteractiveTransition()`` when a touch lands while it springs;
/// - a rotation: ``prepare(forAnimatedBoundsChange:layout:contentOffset:)`` with the new
///   viewport and layout;
/// - snapping: ``targetContentOffset(forProposedContentOffset:withScrollingVelocity:)``
///   with UIKit's velocity in points per millisecond, or, to let Harmonic's
///   spring carry the release, ``scrollViewWillEndDragging(withVelocity:spring:)``
///   and ``scrollViewWillBeginDragging()``.
///
/// Every answer is a pure function of the tick and the events given so
/// far: 60 Hz, 120 Hz and irregular frames see the same bits at the same
/// tick. Events stamped before the current tick are taken at it.
///
/// Cost: ``advance(to:)`` is one transition frame while animating, O(k·C)
/// for k animated elements; the queries are O(k) during a transition and
/// the layout's own otherwise.
public struct LayoutAnimator: Sendable {
  /// The layout the content rests in (the target while a transition runs).
  public private(set) var layout: any CollectionLayout
  /// The viewport (the end one during a bounds change).
  public private(set) var viewport: Viewport
  /// The tick the answers are for.
  public private(set) var time: AnimationTime
  /// Where the scroll view's content offset belongs, points: the
  /// transition's while one runs, else the last one the host reported.
  public private(set) var contentOffset: CGPoint
  /// The springs of every transition the engine starts.
  public var springs: LayoutTransition.Springs
  /// How inserted elements appear and deleted ones leave.
  public var appearance: AppearanceStyle
  /// For ``targetContentOffset(forProposedContentOffset:withScrollingVelocity:)``:
  /// the snap candidates along the scroll axis for a layout and viewport
  /// (nil: no snapping), and the rules.
  public var snapping: (@Sendable (any CollectionLayout, Viewport) throws(HarmonicError) -> SnapLayout)?
  public var snappingOptions: Snapping.Options
  /// The scroll axis snapping works along.
  public var scrollAxis: ScrollAxis

  var transition: LayoutTransition? {
    didSet { _positions = LayoutAnimator._positions(of: transition) }
  }
  var frame: LayoutTransition.Frame?
  /// The running transition's elements by their id now (`to`) and before (`from`): O(1) item queries.
  var _positions: (to: [ElementID: Int], from: [ElementID: Int]) = ([:], [:])

  static func _positions(of transition: LayoutTransition?) -> (to: [ElementID: Int], from: [ElementID: Int]) {
    guard let transition else { return ([:], [:]) }
    var to: [ElementID: Int] = [:], from: [ElementID: Int] = [:]
    to.reserveCapacity(transition.elements.count)
    for (k, element) in transition.elements.enumerated() {
      if let id = element.to { to[id] = k }
      if let id = element.from { from[id] = k }
    }
    return (to, from)
  }
  /// Earlier transitions still carrying elements that have left the layout.
  var retired: [(transition: LayoutTransition, frame: LayoutTransition.Frame)] = []
  /// The interactive transition's target, while a gesture drives it.
  var interactive: (transition: LayoutTransition, layout: any CollectionLayout, offset: CGPoint)?
  /// The scroll's own animation after a drag ends (``scrollViewWillEndDragging(withVelocity:)``):
  /// the snap, when it started, and where it ends exactly.
  var _scroll: (animation: SnapAnimation, start: AnimationTime, vertical: Bool, across: Double, end: AnimationTime, target: Double)?
  /// A released interactive transition still springing, and the layout it started from: what a new touch grabs.
  var _released: (interactive: (transition: LayoutTransition, layout: any CollectionLayout, offset: CGPoint), startLayout: any CollectionLayout)?

  /// - Parameters:
  ///   - layout: the app's layout.
  ///   - viewport: the collection view's size and content insets.
  ///   - contentOffset: the scroll view's content offset, points.
  ///   - springs: the springs of the transitions (default `.shared(.smooth)`).
  ///   - appearance: how elements appear and leave (default ``AppearanceStyle/fade``).
  ///   - time: the current tick.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite offset or one beyond ±1e12.
  public init(
    layout: some CollectionLayout, viewport: Viewport, contentOffset: CGPoint, springs: LayoutTransition.Springs = .shared(.smooth),
    appearance: AppearanceStyle = .fade, time: AnimationTime = .zero
  ) throws(HarmonicError) {
    try _Check.coordinate(Double(contentOffset.x), "contentOffset.x")
    try _Check.coordinate(Double(contentOffset.y), "contentOffset.y")
    self.layout = layout
    self.viewport = viewport
    self.contentOffset = contentOffset
    self.springs = springs
    self.appearance = appearance
    self.time = time
    self.snappingOptions = Snapping.Options()
    self.scrollAxis = .vertical
  }

  // MARK: - The clock

  /// True while a transition or leaving elements are in flight: keep the
  /// display link running and invalidate the layout every frame.
  public var isAnimating: Bool { transition != nil || !retired.isEmpty || interactive != nil || _scroll != nil }

  /// Moves the answers to `time` (a later tick; an earlier one is ignored):
  /// evaluates the running transition's frame, moves ``contentOffset`` with
  /// it, and ends it exactly at its completion (the layout then answers on
  /// its own). O(k·C).
  public mutating func advance(to time: AnimationTime) throws(HarmonicError) {
    self.time = max(time, self.time)
    try _evaluate()
  }

  mutating func _evaluate() throws(HarmonicError) {
    if let scroll = _scroll {
      let along: Double
      if time >= scroll.end {
        (along, _scroll) = (scroll.target, nil)
      } else {
        let seconds = AnimationTime(ticks: time.ticks - scroll.start.ticks).seconds
        switch scroll.animation {
        case .spring(let motion): along = try motion.state(atTime: seconds).value
        case .deceleration(let deceleration): along = try deceleration.state(atTime: seconds).value
        }
      }
      contentOffset = scroll.vertical ? CGPoint(x: scroll.across, y: along) : CGPoint(x: along, y: scroll.across)
    }
    if let transition, var frame, interactive == nil {
      try transition.frame(at: time, into: &frame)
      contentOffset = frame.contentOffset
      if frame.isComplete {
        (self.transition, self.frame, _released) = (nil, nil, nil)
      } else {
        self.frame = frame
      }
    }
    var still: [(transition: LayoutTransition, frame: LayoutTransition.Frame)] = []
    for var entry in retired {
      try entry.transition.frame(at: time, into: &entry.frame)
      if !entry.frame.isComplete { still.append(entry) }
    }
    retired = still
  }

  // MARK: - UIKit's queries

  /// `collectionViewContentSize`: the transition's content size while one
  /// runs, else the layout's.
  public var collectionViewContentSize: CGSize { frame?.contentSize ?? layout.contentSize }

  /// `layoutAttributesForElements(in:)`: the elements whose frame overlaps
  /// `rect` at the current tick — the transition's while one runs, else the
  /// layout's. Elements that left the layout are in ``leavingAttributes``.
  public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    guard let transition, let frame else { return layout.attributes(in: rect, viewport: viewport, at: contentOffset) }
    var result: [LayoutAttributes] = []
    for (k, element) in transition.elements.enumerated() {
      guard let to = element.to, LayoutTransition.Frame._shows(frame.attributes[k], in: rect) else { continue }
      result.append(LayoutAnimator._named(frame.attributes[k], to))
    }
    return result
  }

  /// `attributes` under the id the layout knows it by now.
  static func _named(_ attributes: LayoutAttributes, _ id: ElementID) -> LayoutAttributes {
    var named = attributes
    (named.kind, named.indexPath) = (id.kind, id.indexPath)
    return named
  }

  /// `layoutAttributesForItem(at:)`: the cell's attributes at the current tick.
  public func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
    _attributes(of: ElementID(.cell, indexPath))
  }

  /// `layoutAttributesForSupplementaryView(ofKind:at:)`.
  public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: ItemIndexPath) -> LayoutAttributes? {
    _attributes(of: ElementID(.supplementary(kind), indexPath))
  }

  func _attributes(of id: ElementID) -> LayoutAttributes? {
    if transition != nil, let frame, let k = _positions.to[id] { return LayoutAnimator._named(frame.attributes[k], id) }
    return layout.attributes(of: id, in: viewport, at: contentOffset)
  }

  /// Elements that have left the layout (deleted, or animated away by an
  /// earlier transition) and are still springing, at the current tick: the
  /// host draws them with views of its own until they settle.
  public var leavingAttributes: [LayoutAttributes] {
    var leaving: [LayoutAttributes] = []
    for entry in retired {
      for (k, element) in entry.transition.elements.enumerated() where element.to == nil { leaving.append(entry.frame.attributes[k]) }
    }
    if let transition, let frame {
      for (k, element) in transition.elements.enumerated() where element.to == nil { leaving.append(frame.attributes[k]) }
    }
    return leaving
  }

  /// `shouldInvalidateLayout(forBoundsChange:)`: records the scroll
  /// position (`newBounds.origin`, when no transition moves it) and answers
  /// true when the size changed (the host then calls
  /// ``prepare(forAnimatedBoundsChange:layout:contentOffset:)`` or sets a new viewport).
  public mutating func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    if transition == nil, interactive == nil, newBounds.origin.x.isFinite, newBounds.origin.y.isFinite {
      contentOffset = newBounds.origin
    }
    return newBounds.size != viewport.size
  }

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
  /// elements appear, deleted ones leave (``leavingAttributes``). The
  /// content offset stays where it is, clamped to the new content.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   updates that do not match the layouts' item counts (the engine is
  ///   then unchanged).
  public mutating func prepare(forCollectionViewUpdates items: [UpdateItem], layout newLayout: some CollectionLayout) throws(HarmonicError) {
    let update = LayoutAnimator.update(items)
    let offset = viewport.clamp(contentOffset, content: newLayout.contentSize)
    try _begin(to: newLayout, offset: offset, update: update, endViewport: nil)
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
    guard let transition, let frame else { return nil }
    let id = ElementID(.cell, indexPath)
    guard let k = _positions.from[id], transition.elements[k].from == id else { return nil }
    return frame.attributes[k]
  }

  // MARK: - Layout changes

  /// `setCollectionViewLayout(_:animated:)`: with `animated`, springs to
  /// `newLayout` at `offset` from the current pose (a transition in flight
  /// turns C¹); without, jumps there.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   bad offset, or a layout that lacks an element the running transition
  ///   animates (the engine is then unchanged).
  public mutating func setLayout(_ newLayout: some CollectionLayout, contentOffset offset: CGPoint, animated: Bool) throws(HarmonicError) {
    try _Check.coordinate(Double(offset.x), "contentOffset.x")
    try _Check.coordinate(Double(offset.y), "contentOffset.y")
    guard animated else {
      (layout, contentOffset, transition, frame, interactive, _released) = (newLayout, offset, nil, nil, nil, nil)
      retired = []
      return
    }
    try _begin(to: newLayout, offset: offset, update: LayoutUpdate(), endViewport: nil)
  }

  /// Starts a transition at ``time`` from the current pose to `newLayout` at
  /// `offset`: a retarget (C¹) when one runs and no update is given, else a
  /// new transition from the current pose, carrying every element's
  /// velocity, with the old transition's leaving elements kept in flight.
  mutating func _begin(to newLayout: some CollectionLayout, offset: CGPoint, update: LayoutUpdate, endViewport: Viewport?) throws(HarmonicError) {
    let end = endViewport ?? viewport
    if var running = transition, update.isEmpty, endViewport == nil, interactive == nil {
      // A retarget keeps every element C¹; a layout without one of the
      // elements in flight takes the general path below.
      if (try? running.retarget(to: newLayout, offset: offset, viewport: end, at: time, springs: springs)) != nil {
        try _install(running, layout: newLayout, viewport: end)
        return
      }
    }
    var next: LayoutTransition
    var keep = retired
    if let running = transition {
      // From the pose in flight, through LayoutTransition(continuing:): the
      // elements that stay start where they are with every channel's
      // velocity; those already leaving keep their own springs (retired).
      // A gesture's pose is the scrubbed frame, at rest.
      if interactive != nil, let frame {
        // The same path, from the scrubbed pose at rest.
        next = try LayoutTransition._continuing(
          running, pose: frame, atRest: true, offsetVelocity: .zero, at: time,
          to: LayoutTransition._Change(layout: newLayout, offset: offset, viewport: viewport, endViewport: end, update: update, appearance: appearance),
          decoration: nil, springs: springs, tolerances: running.tolerances, keepingLeaving: false)
      } else {
        next = try LayoutTransition(
          continuing: running, at: time, to: newLayout, offset: offset, viewport: viewport, endViewport: end, update: update,
          appearance: appearance, springs: springs)
      }
      if running.elements.contains(where: { $0.to == nil }) {
        var now = running.makeFrame(velocities: true)
        if interactive != nil, let frame { now = frame } else { try running.frame(at: time, into: &now) }
        keep.append((running, now))
      }
    } else {
      next = try LayoutTransition(
        from: layout, offset: contentOffset, to: newLayout, offset: offset, viewport: viewport, endViewport: end, update: update,
        appearance: appearance, springs: springs, start: time)
    }
    retired = keep
    try _install(next, layout: newLayout, viewport: end)
  }

  mutating func _install(_ next: LayoutTransition, layout newLayout: some CollectionLayout, viewport end: Viewport) throws(HarmonicError) {
    (transition, frame, layout, viewport, interactive, _released) = (next, next.makeFrame(), newLayout, end, nil, nil)
    try _evaluate()
  }

  // MARK: - Bounds changes

  /// `prepare(forAnimatedBoundsChange:)`: the viewport changes (a rotation)
  /// and `layout` is the app's layout for it; springs there, the content
  /// offset to `contentOffset` (for example the anchor item's
  /// ``GridLayout/placement(of:_:viewport:current:old:)``). The bounds change
  /// is over when ``isAnimating`` turns false (`finalizeAnimatedBoundsChange`).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``LayoutTransition``'s initializer does.
  public mutating func prepare(
    forAnimatedBoundsChange newViewport: Viewport, layout newLayout: some CollectionLayout, contentOffset offset: CGPoint
  )
    throws(HarmonicError)
  {
    try _begin(to: newLayout, offset: offset, update: LayoutUpdate(isBoundsChange: true), endViewport: newViewport)
  }

  // MARK: - Interactive transitions

  /// `startInteractiveTransition(to:)`: a gesture will drive the change to
  /// `newLayout` at `offset` through ``transitionProgress``.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``LayoutTransition``'s initializer does.
  public mutating func startInteractiveTransition(to newLayout: some CollectionLayout, contentOffset offset: CGPoint) throws(HarmonicError) {
    let from: LayoutTransition
    if transition != nil {
      try _begin(to: newLayout, offset: offset, update: LayoutUpdate(), endViewport: nil)
      from = transition!
    } else {
      from = try LayoutTransition(
        from: layout, offset: contentOffset, to: newLayout, offset: offset, viewport: viewport, appearance: appearance, springs: springs, start: time)
    }
    var scrubbed = from.makeFrame()
    try from.scrub(progress: 0, into: &scrubbed)
    (transition, frame, interactive) = (from, scrubbed, (from, newLayout, offset))
    _progress = 0
  }

  var _progress = 0.0

  /// `UICollectionViewTransitionLayout.transitionProgress`: where the
  /// gesture has the interactive transition (0 the start, 1 the end; past
  /// them rubber-banded). Setting it poses every element and the content
  /// offset at once; a value that is not finite is ignored.
  public var transitionProgress: Double {
    get { _progress }
    set {
      guard let interactive, var frame, newValue.isFinite, newValue.magnitude <= 1e6 else { return }
      _progress = newValue
      // Checked above: the scrub cannot fail.
      _ = try? interactive.transition.scrub(progress: newValue, rubberBand: true, into: &frame)
      self.frame = frame
      contentOffset = frame.contentOffset
    }
  }

  /// `finishInteractiveTransition()`: the springs take the gesture's pose
  /// and `velocity` (progress per second) to the end, C¹.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   a velocity beyond ±1e6 progress per second, or no interactive transition.
  public mutating func finishInteractiveTransition(velocity: Double = 0) throws(HarmonicError) {
    try _release(velocity: velocity, towardsEnd: true)
  }

  /// `cancelInteractiveTransition()`: springs back to the start layout, C¹.
  ///
  /// - Throws: as ``finishInteractiveTransition(velocity:)``.
  public mutating func cancelInteractiveTransition(velocity: Double = 0) throws(HarmonicError) {
    try _release(velocity: velocity, towardsEnd: false)
  }

  mutating func _release(velocity: Double, towardsEnd: Bool) throws(HarmonicError) {
    guard let interactive else {
      throw .invalidParameter(name: "transitionProgress", value: _progress, accepted: "an interactive transition started first")
    }
    let released =
      towardsEnd
      ? try interactive.transition.finish(fromProgress: _progress, velocity: velocity, at: time, rubberBand: true, springs: springs)
      : try interactive.transition.cancel(fromProgress: _progress, velocity: velocity, at: time, rubberBand: true, springs: springs)
    self.interactive = nil
    _released = (interactive, layout)
    (transition, frame) = (released, released.makeFrame())
    if towardsEnd { layout = interactive.layout }
    try _evaluate()
  }

  /// A touch lands while a released interactive transition springs: the
  /// gesture takes it over again at the progress that shows the current
  /// pose — the inverse of the rubber band
  /// (``LayoutTransition/progress(fromRubberBanded:)``) of the frame's
  /// ``LayoutTransition/Frame/overallProgress`` — so nothing jumps (with one
  /// shared spring the pose is the same to rounding). Returns that progress,
  /// now ``transitionProgress``.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   no released interactive transition is in flight.
  public mutating func grabInteractiveTransition() throws(HarmonicError) -> Double {
    guard let released = _released, let frame, interactive == nil else {
      throw .invalidParameter(name: "transitionProgress", value: _progress, accepted: "a released interactive transition still in flight")
    }
    // The band never reaches −1 or 2; an overshoot past them is taken at its edge.
    let shown = min(max(frame.overallProgress, (-1.0).nextUp), 2.0.nextDown)
    let progress = try LayoutTransition.progress(fromRubberBanded: shown)
    let grabbed = released.interactive.transition
    var scrubbed = grabbed.makeFrame()
    try grabbed.scrub(progress: progress, rubberBand: true, into: &scrubbed)
    (layout, interactive, _released) = (released.startLayout, released.interactive, nil)
    (transition, self.frame, contentOffset, _progress) = (grabbed, scrubbed, scrubbed.contentOffset, progress)
    return progress
  }

  // MARK: - Snapping

  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the
  /// finger lifts at ``contentOffset`` moving at `velocity` (UIKit's points
  /// per **millisecond**). The engine takes the scroll to the ``Snapping``
  /// target along ``scrollAxis`` — the release velocity handed to a spring
  /// (C¹), or UIKit's own deceleration adjusted to end on the target — and
  /// moves ``contentOffset`` with it on every ``advance(to:)``, ending
  /// exactly on the target when the motion is within 0.5 pt and 5 pt/s of
  /// it. Returns the offset to write into `targetContentOffset`: the current
  /// one, so that UIKit's deceleration does not run as well. Without
  /// ``snapping`` it returns UIKit's own projection (the exact rest offset)
  /// and animates nothing.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite velocity, or what the snap layout provider throws.
  public mutating func scrollViewWillEndDragging(
    withVelocity velocity: CGPoint, spring: Spring = Snapping.defaultSpring
  ) throws(HarmonicError)
    -> CGPoint
  {
    let vertical = scrollAxis == .vertical
    let (along, across) = vertical ? (Double(contentOffset.y), Double(contentOffset.x)) : (Double(contentOffset.x), Double(contentOffset.y))
    let speed = 1000 * Double(vertical ? velocity.y : velocity.x)
    guard let snapping else {
      let rest = try ScrollDeceleration(rate: snappingOptions.decelerationRate, from: along, velocity: speed).restOffset
      return vertical ? CGPoint(x: across, y: rest) : CGPoint(x: rest, y: across)
    }
    let decision = try Snapping.target(layout: try snapping(layout, viewport), offset: along, velocity: speed, options: snappingOptions)
    let animation = try decision.animation(spring: spring)
    let duration: Double
    switch animation {
    case .spring(let motion): duration = motion.settleTime(tolerance: try SettleTolerance(value: 0.5, velocity: 5))
    case .deceleration(let deceleration): duration = try deceleration.time(untilSpeed: 5)
    }
    let end = time + (try AnimationTime(seconds: min(duration, 1e6)))
    _scroll = (animation, time, vertical, across, end, decision.target)
    return contentOffset
  }

  /// `scrollViewWillBeginDragging(_:)`: a finger lands; a snap in flight
  /// stops where it is now, and the finger takes over.
  public mutating func scrollViewWillBeginDragging() {
    _scroll = nil
  }

  /// `targetContentOffset(forProposedContentOffset:)`: where the content
  /// offset belongs after a layout change: `proposed` clamped to the
  /// content (insets included).
  public func targetContentOffset(forProposedContentOffset proposed: CGPoint) -> CGPoint {
    viewport.clamp(proposed, content: collectionViewContentSize)
  }

  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`:
  /// the ``Snapping`` target along ``scrollAxis`` for the release at
  /// ``contentOffset`` with `velocity` in UIKit's points per **millisecond**
  /// (× 1000 here), when ``snapping`` is set; else `proposed`. The other
  /// axis keeps `proposed`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite velocity, or what the snap layout provider throws.
  public func targetContentOffset(
    forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint
  ) throws(HarmonicError)
    -> CGPoint
  {
    guard let snapping else { return proposed }
    let snap = try snapping(layout, viewport)
    let vertical = scrollAxis == .vertical
    let decision = try Snapping.target(
      layout: snap, offset: Double(vertical ? contentOffset.y : contentOffset.x), velocity: 1000 * Double(vertical ? velocity.y : velocity.x),
      options: snappingOptions)
    return vertical ? CGPoint(x: proposed.x, y: decision.target) : CGPoint(x: decision.target, y: proposed.y)
  }
}
