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
///   content offset to ``contentOffset`` (it moves with a transition or a snap);
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
///   motion carry the release, ``scrollViewWillEndDragging(withVelocity:spring:)``
///   and ``scrollViewWillBeginDragging(showing:)``.
///
/// **Events combine.** The engine is one stage machine (``activity``):
/// resting (optionally with a snap scroll in flight), transitioning,
/// interactive, or released (a let-go gesture that a touch may grab). Any
/// event is accepted in any stage and continues from the pose on screen —
/// every element where it is, with its velocity — and leaving a stage ends
/// what belonged to it: an update, a layout change, a rotation or a gesture
/// during a snap takes the offset over from where the scroll is (a batch
/// update keeps heading for the snap target), and a release during a
/// transition leaves the offset to the transition. Where the app does not
/// say where the content goes (a batch update), it goes where it was
/// heading, clamped to the new content. With ``snapping`` set, every
/// offset the content comes to rest at is a snap target of the layout it
/// rests in (the nearest one to the offset asked for).
///
/// Every answer is a pure function of the tick and the events given so
/// far: 60 Hz, 120 Hz and irregular frames see the same bits at the same
/// tick, when events are stamped on the frames' clock (an event is taken at
/// ``time``: call ``advance(to:)`` with the event's tick first). A refused
/// event (a thrown error) leaves the engine as it was, by construction:
/// each event's next state — layout, viewport, offset, stage, leaving
/// elements, the anchor the offset follows — is computed whole from the
/// current one without changing it, and installed in one step that cannot
/// fail.
///
/// Alpha: the answers clamp it to [0, 1], what UIKit draws; in flight a
/// bouncy spring's alpha may overshoot, and ``LayoutSnapshot`` and the
/// transitions accept such poses as they are.
///
/// Cost: ``advance(to:)`` is one transition frame while animating, O(k·C)
/// for k animated elements; the queries are O(k) during a transition and
/// the layout's own otherwise.
public struct LayoutAnimator: Sendable {
  /// The layout the content rests in: the target while a transition or a
  /// gesture runs (the start layout again once a gesture is cancelled).
  public internal(set) var layout: any CollectionLayout
  /// The viewport (the end one during a bounds change).
  public internal(set) var viewport: Viewport
  /// The tick the answers are for.
  public internal(set) var time: AnimationTime
  /// Where the scroll view's content offset belongs, points: the
  /// transition's or the snap's while one runs, else the last one the host reported.
  public internal(set) var contentOffset: CGPoint
  /// The springs of every transition the engine starts.
  public var springs: LayoutTransition.Springs
  /// How inserted elements appear and deleted ones leave.
  public var appearance: AppearanceStyle
  /// The snap candidates along the scroll axis for a layout and viewport
  /// (nil: no snapping): used by
  /// ``targetContentOffset(forProposedContentOffset:withScrollingVelocity:)``,
  /// ``scrollViewWillEndDragging(withVelocity:spring:)``, and for every
  /// offset the content comes to rest at after a change.
  public var snapping: (@Sendable (any CollectionLayout, Viewport) throws(HarmonicError) -> SnapLayout)?
  /// The snapping rules. The default alignment is `.center`; a grid's
  /// ``GridLayout/snapOptions(alignment:)`` gives its own.
  public var snappingOptions: Snapping.Options
  /// The scroll axis snapping works along.
  public var scrollAxis: ScrollAxis
  /// What a batch update keeps in place on screen, and a layout or bounds
  /// change that names no offset (``setLayout(_:contentOffset:animated:)`` with no offset,
  /// ``prepare(forAnimatedBoundsChange:layout:contentOffset:)`` with no offset). Default
  /// ``AnchorPolicy/keepAnchor(_:)`` with the first fully visible cell: the
  /// reader's place holds through inserts and deletes above it.
  public var anchorPolicy: AnchorPolicy = .keepAnchor()
  /// Whether changes reduce motion (``ReduceMotion``; default
  /// ``ReduceMotion/system``, which reads ``systemReducesMotion``).
  public var reduceMotion: ReduceMotion = .system
  /// A scroll-driven effect on every element the engine answers (a
  /// carousel's scale and fade, a stack of cards…), its phases measured by
  /// ``scrollPhase``; nil (the default) for none. See
  /// ``layoutAttributesForElements(in:)``.
  public var scrollEffect: ScrollEffect?
  /// How ``scrollEffect`` measures phases; nil (the default): the center
  /// of the viewport along ``scrollAxis``, ``ScrollPhase/Scale/viewport``.
  public var scrollPhase: ScrollPhase?
  /// The system's Reduce Motion setting, which the host keeps current (the
  /// UIKit shim from `UIAccessibility.isReduceMotionEnabled` and its
  /// notification; the SwiftUI shim from `accessibilityReduceMotion`).
  /// Default false. A transition already running when it changes finishes
  /// as it began.
  public var systemReducesMotion = false

  /// What the engine is doing (see ``Activity``).
  var stage: _Stage
  /// Earlier transitions still carrying elements that have left the
  /// layout. They outlive the stage that started them: a deleted cell
  /// keeps fading out whatever happens next, until it settles or a change
  /// without animation drops it.
  var leaving: [_Leaving]
  #if DEBUG
  /// Frames seen (`advance(to:)` calls), for `_Fault.frameCountDependent`.
  var _framesSeen = 0
  #endif

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
    try LayoutAnimator._checkOffset(contentOffset)
    self.layout = layout
    self.viewport = viewport
    self.contentOffset = contentOffset
    self.springs = springs
    self.appearance = appearance
    self.time = time
    self.snappingOptions = Snapping.Options()
    self.scrollAxis = .vertical
    self.stage = .resting(nil)
    self.leaving = []
  }

  static func _checkOffset(_ offset: CGPoint, _ name: String = "contentOffset") throws(HarmonicError) {
    try _Check.coordinate(Double(offset.x), "\(name).x")
    try _Check.coordinate(Double(offset.y), "\(name).y")
  }

  /// Whether ``_checkOffset(_:_:)`` accepts `offset` (finite, within ±1e12
  /// points): for the callbacks that ignore a bad offset instead of
  /// throwing (UIKit's, which cannot take an error).
  static func _isAcceptedOffset(_ offset: CGPoint) -> Bool {
    Double(offset.x).magnitude <= _Check.maximumCoordinate && Double(offset.y).magnitude <= _Check.maximumCoordinate
  }

  // MARK: - The clock

  /// True while a transition, a gesture, a snap or leaving elements are in
  /// flight: keep the display link running and invalidate the layout every frame.
  public var isAnimating: Bool {
    if case .resting(nil) = stage { return !leaving.isEmpty }
    return true
  }

  /// Moves the answers to `time` (a later tick; an earlier one is ignored):
  /// evaluates the running transition's frame or the snap, moves
  /// ``contentOffset`` with it, and ends it exactly at its completion (the
  /// layout then answers on its own). O(k·C).
  ///
  /// - Throws: never for a frame of the engine's own; the signature is the
  ///   transitions' (a frame that does not fit its transition).
  public mutating func advance(to time: AnimationTime) throws(HarmonicError) {
    self.time = max(time, self.time)
    #if DEBUG
    _framesSeen += 1
    #endif
    try _evaluate()
    _checkInvariants()
  }

  /// Brings the stage and the leaving elements to ``time``, in place
  /// (the frames are moved out for the evaluation: no copy).
  mutating func _evaluate() throws(HarmonicError) {
    var next = _now
    (stage, leaving) = (.resting(nil), [])
    defer { _commit(next) }
    try next.evaluate(at: time)
  }

  // MARK: - UIKit's queries

  /// `collectionViewContentSize`: the transition's content size while one
  /// runs, else the layout's.
  public var collectionViewContentSize: CGSize { _shown?.frame.contentSize ?? layout.contentSize }

  /// `layoutAttributesForElements(in:)`: the elements whose frame overlaps
  /// `rect` at the current tick — the transition's while one runs, else the
  /// layout's. Elements that left the layout are in ``leavingAttributes``.
  ///
  /// With a ``scrollEffect`` the elements within the effect's
  /// ``ScrollEffect/reach`` of the visible rect (along the scroll axis) get
  /// the effect, and those whose transformed frame then overlaps `rect` are
  /// answered: an effect may bring an element from off screen onto it (a
  /// stack's waiting cards, a cross-fade's next page).
  public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    guard scrollEffect == nil else { return _effectAttributes(in: rect) }
    return _attributes(in: rect)
  }

  /// ``layoutAttributesForElements(in:)`` without the scroll effect.
  func _attributes(in rect: CGRect) -> [LayoutAttributes] {
    guard let shown = _shown else { return layout.attributes(in: rect, viewport: viewport, at: contentOffset) }
    var result: [LayoutAttributes] = []
    let elements = shown.transition.elements
    for k in elements.indices {
      guard let to = elements[k].to, LayoutTransition.Frame._shows(shown.frame.attributes[k], in: rect) else { continue }
      result.append(LayoutAnimator._answer(shown.frame.attributes[k], as: to))
    }
    #if DEBUG
    if LayoutAnimator._fault.get() == .swappedIdentity, shown.transition.batch.start == time, let a = result.firstIndex(where: { $0.kind == .cell }),
      let b = result[(a + 1)...].firstIndex(where: { $0.kind == .cell })
    {
      (result[a].indexPath, result[b].indexPath) = (result[b].indexPath, result[a].indexPath)
    }
    #endif
    return result
  }

  /// `attributes` as the host gets them: under the id the layout knows the
  /// element by now (when given), alpha clamped to [0, 1]. The engine's
  /// frames hold their channels at rest exactly (`_Shown.evaluate(at:)`).
  static func _answer(_ attributes: LayoutAttributes, as id: ElementID?) -> LayoutAttributes {
    var answer = attributes
    if let id { (answer.kind, answer.indexPath) = (id.kind, id.indexPath) }
    if !(answer.alpha >= 0) { answer.alpha = 0 } else if answer.alpha > 1 { answer.alpha = 1 }
    return answer
  }

  /// `layoutAttributesForItem(at:)`: the cell's attributes at the current
  /// tick. While a transition runs, nil for a cell it does not move (off
  /// screen at both ends): the one-element queries answer exactly what
  /// ``layoutAttributesForElements(in:)`` answers, for any rect.
  public func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
    _attributes(of: ElementID(.cell, indexPath))
  }

  /// `layoutAttributesForSupplementaryView(ofKind:at:)`: as
  /// ``layoutAttributesForItem(at:)`` (a header the transition does not
  /// move is nil in flight, not the layout's pinned one).
  public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: ItemIndexPath) -> LayoutAttributes? {
    _attributes(of: ElementID(.supplementary(kind), indexPath))
  }

  func _attributes(of id: ElementID) -> LayoutAttributes? {
    var answer: LayoutAttributes?
    if let shown = _shown {
      // In flight only the transition's elements are shown, as
      // layoutAttributesForElements(in:) answers them.
      guard let k = shown.element(withNewID: id) else { return nil }
      answer = LayoutAnimator._answer(shown.frame.attributes[k], as: id)
    } else {
      answer = layout.attributes(of: id, in: viewport, at: contentOffset)
    }
    guard let effect = scrollEffect, var one = answer.map({ [$0] }) else { return answer }
    try? effect._apply(to: &one, in: viewport.visibleRect(at: contentOffset), phase: _scrollPhase, offsetVelocity: _offsetVelocity, lenient: true)
    return LayoutAnimator._answer(one[0], as: nil)
  }

  /// Elements that have left the layout (deleted, or animated away by an
  /// earlier transition) and are still springing, at the current tick: the
  /// host draws them with views of its own until they settle.
  public var leavingAttributes: [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for entry in leaving {
      for k in entry.elements { result.append(LayoutAnimator._answer(entry.frame.attributes[k], as: nil)) }
    }
    if let shown = _shown {
      for k in shown.leaving { result.append(LayoutAnimator._answer(shown.frame.attributes[k], as: nil)) }
    }
    return result
  }

  /// `shouldInvalidateLayout(forBoundsChange:)`: records the scroll
  /// position (`newBounds.origin`, while nothing of the engine's moves the
  /// offset: no transition, gesture or snap) and answers true when the size
  /// changed (the host then calls
  /// ``prepare(forAnimatedBoundsChange:layout:contentOffset:)`` or sets a new viewport).
  /// An origin that is not finite or beyond ±1e12 is not recorded.
  public mutating func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    defer { _checkInvariants() }
    if case .resting(nil) = stage, LayoutAnimator._isAcceptedOffset(newBounds.origin) {
      contentOffset = newBounds.origin
    }
    return newBounds.size != viewport.size
  }
}
