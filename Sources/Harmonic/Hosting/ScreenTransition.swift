/// A transition between two screens — a table pushing a grid, a grid cell
/// opening a detail view — as one interruptible spring transition: the
/// elements of both containers, matched by the app's **model ids** (never
/// by view, so cell reuse cannot ghost one), move in the transition's
/// container coordinates from where the source shows them to where the
/// destination will. Elements only one side shows appear or leave with the
/// ``AppearanceStyle``. A gesture drives ``progress``; ``finish(velocity:at:)``
/// and ``cancel(velocity:at:)`` hand its velocity to the springs (no fixed
/// duration); ``grab(at:)`` takes a release back where it shows it. With
/// motion reduced, every element cross-fades in place instead.
///
/// It is ``LayoutAnimator``'s interactive transition between two snapshots
/// in container coordinates (matched elements as cells, the others as
/// decoration views that fade), so it keeps the engine's promises: C¹ at
/// every event, and the same bits at any frame rate.
///
/// Units: points in the container view's coordinates; progress 0 the
/// source, 1 the destination; ticks of ``AnimationTime``.
///
/// Cost: O(k log k) to build for the k elements of both sides; each frame
/// is one engine frame, O(k).
public struct ScreenTransition<ID: Hashable & Sendable>: Sendable {
  /// One side of the transition: the elements it shows, by model id, in
  /// container coordinates, and the place of any other id it has (an
  /// element the other side shows that is off-screen on this one).
  /// Read once, by the initializer (so `place` may capture anything).
  public struct Side {
    /// The elements this side shows, in order, each with its model id.
    public var shown: [(id: ID, attributes: LayoutAttributes)]
    /// Where this side has an element it does not show (nil: it has no such id).
    public var place: (ID) -> LayoutAttributes?

    /// - Parameters:
    ///   - shown: the elements this side shows, by model id (ids unique), container coordinates.
    ///   - place: where this side has an element it does not show, or nil
    ///     (default: nowhere, so the other side's elements leave or appear).
    public init(shown: [(id: ID, attributes: LayoutAttributes)], place: @escaping (ID) -> LayoutAttributes? = { _ in nil }) {
      (self.shown, self.place) = (shown, place)
    }
  }

  /// The engine running the transition (its ``LayoutAnimator/time`` is the transition's tick).
  public private(set) var engine: LayoutAnimator
  /// The model id of every element the engine animates.
  public let ids: [ElementID: ID]
  let _elements: [ID: (start: ElementID?, end: ElementID?)]
  /// Where the last release headed: the side the transition rests on once it arrives.
  var _restsAtDestination = false

  /// The kinds one-side elements take: they fade as views only one layout has.
  package static var _leaving: ElementKind { .decoration("harmonic.screen.leaving") }
  package static var _arriving: ElementKind { .decoration("harmonic.screen.arriving") }

  /// Starts the transition at `start` with progress 0 (every element where the source shows it).
  ///
  /// Every id the source shows and the destination has, or the other way
  /// round, moves from one place to the other; an id one side lacks leaves
  /// (source) or appears (destination) with `appearance`.
  ///
  /// - Parameters:
  ///   - source: the screen being left.
  ///   - destination: the screen arriving, at its final content offset (see
  ///     ``ScreenTransition/destinationOffset(bringing:contentSize:viewport:)``).
  ///   - container: the container view's size, points.
  ///   - springs: the springs (default `.shared(.smooth)`; per item: items
  ///     are numbered in the order ids first appear, source first).
  ///   - appearance: how one-side elements appear and leave (default ``AppearanceStyle/fade``).
  ///   - reducesMotion: every element cross-fades in place (Reduce Motion).
  ///   - start: the tick of the start.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   the model id for an id given twice on one side (`source.shown[k] (id)`)
  ///   or an element whose frame, transform or alpha is not finite
  ///   (`destination (id)…`); for a container size outside (0, 1e12]; or
  ///   when neither side shows anything. Nothing is started then.
  public init(
    from source: Side, to destination: Side, container: CGSize, springs: LayoutTransition.Springs = .shared(.smooth),
    appearance: AppearanceStyle = .fade, reducesMotion: Bool = false, start: AnimationTime = .zero
  ) throws(HarmonicError) {
    let viewport = try Viewport(size: container)
    // Every id either side shows, in order, source first.
    var order: [ID] = []
    var shownOn: [ID: (source: LayoutAttributes?, destination: LayoutAttributes?)] = [:]
    for (side, list) in [("source", source.shown), ("destination", destination.shown)] {
      for (k, (id, attributes)) in list.enumerated() {
        let isSource = side == "source"
        let already = isSource ? shownOn[id]?.source : shownOn[id]?.destination
        try _Check.unique(already == nil, "\(side).shown[\(k)] (\(id))", value: Double(k), accepted: "a model id shown once on each side")
        if shownOn[id] == nil { order.append(id) }
        if isSource { shownOn[id, default: (nil, nil)].source = attributes } else { shownOn[id, default: (nil, nil)].destination = attributes }
      }
    }
    var (startElements, endElements) = ([LayoutAttributes](), [LayoutAttributes]())
    var ids: [ElementID: ID] = [:]
    var elements: [ID: (start: ElementID?, end: ElementID?)] = [:]
    var (matched, leaving, arriving) = (0, 0, 0)
    func placed(_ attributes: LayoutAttributes, _ kind: ElementKind, _ index: Int) -> LayoutAttributes {
      var element = attributes
      (element.kind, element.indexPath) = (kind, ItemIndexPath(item: index, section: 0))
      return element
    }
    for id in order {
      let shown = shownOn[id]!
      let from = shown.source ?? source.place(id)
      let to = shown.destination ?? destination.place(id)
      if let from, let to, !reducesMotion {
        startElements.append(placed(from, .cell, matched))
        endElements.append(placed(to, .cell, matched))
        let element = ElementID(.cell, ItemIndexPath(item: matched, section: 0))
        (ids[element], elements[id]) = (id, (element, element))
        matched += 1
        continue
      }
      var pair: (start: ElementID?, end: ElementID?) = (nil, nil)
      if let from, shown.source != nil || !reducesMotion {
        startElements.append(placed(from, Self._leaving, leaving))
        pair.start = ElementID(Self._leaving, ItemIndexPath(item: leaving, section: 0))
        ids[pair.start!] = id
        leaving += 1
      }
      if let to, shown.destination != nil || !reducesMotion {
        endElements.append(placed(to, Self._arriving, arriving))
        pair.end = ElementID(Self._arriving, ItemIndexPath(item: arriving, section: 0))
        ids[pair.end!] = id
        arriving += 1
      }
      elements[id] = pair
    }
    try _Check.count(startElements.count + endElements.count, "source.shown.count + destination.shown.count", atLeast: 1, why: "a transition needs an element")
    func snapshot(_ list: [LayoutAttributes], _ side: String) throws(HarmonicError) -> LayoutSnapshot {
      do { return try LayoutSnapshot(elements: list, contentSize: container, itemCounts: [matched]) } catch {
        // Named by the model id, not by the snapshot's index path.
        throw Self._renamed(error, side: side, ids: ids)
      }
    }
    let (old, new) = (try snapshot(startElements, "source"), try snapshot(endElements, "destination"))
    var engine = try LayoutAnimator(layout: old, viewport: viewport, contentOffset: .zero, springs: springs, appearance: appearance, time: start)
    try engine.startInteractiveTransition(to: new, contentOffset: .zero)
    (self.engine, self.ids, self._elements) = (engine, ids, elements)
  }

  /// `error` with the element it names (its snapshot id) named by side and model id.
  static func _renamed(_ error: HarmonicError, side: String, ids: [ElementID: ID]) -> HarmonicError {
    guard case .invalidParameter(let name, let value, let accepted) = error,
      let (element, id) = ids.first(where: { name.hasPrefix("\($0.key) ") })
    else { return error }
    return .invalidParameter(name: "\(side) (\(id))" + name.dropFirst("\(element)".count), value: value, accepted: accepted)
  }

  /// Where the destination's content offset goes to bring the element at
  /// `frame` (in the destination's content coordinates) to its first row:
  /// the frame's top at the top of the visible area inside the insets,
  /// clamped to the content (the table-to-grid seed's rule).
  public static func destinationOffset(bringing frame: CGRect, contentSize: CGSize, viewport: Viewport) -> CGPoint {
    viewport.clamp(CGPoint(x: -viewport.insets.left, y: Double(frame.minY) - viewport.insets.top), content: contentSize)
  }

  /// The gesture's progress: 0 the source, 1 the destination. Reading it
  /// while a release springs gives the released gesture's.
  public var progress: Double { engine.transitionProgress }

  /// How far the pose shown is from the source (0) to the destination (1):
  /// the gesture's progress while one holds the transition, the springs'
  /// average progress while a release runs (an overshoot reads past the
  /// end), and the side the transition rests on after. What an app's own
  /// cross-fades follow, such as the destination screen's alpha.
  public var shownProgress: Double {
    engine._shownProgress ?? (_restsAtDestination ? 1 : 0)
  }

  /// Poses every element at `progress` at tick `time` (the gesture's event).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   a progress outside [0, 1] (a gesture past either end is for the app
  ///   to clamp or cancel), or no gesture holding the transition (a release
  ///   springs: ``grab(at:)`` it first); nothing changes then.
  public mutating func setProgress(_ progress: Double, at time: AnimationTime) throws(HarmonicError) {
    try _Check.within(progress, "progress", .closed(0), .closed(1))
    try _Check.state(engine.activity == .interactive, "progress", value: progress, needs: "a gesture holding the transition (grab a release first)")
    try engine.advance(to: time)
    engine.transitionProgress = progress
  }

  /// The gesture ends towards the destination at `velocity` (progress per
  /// second) at `time`: the springs take it from there.
  ///
  /// - Throws: as ``LayoutAnimator/finishInteractiveTransition(velocity:)``.
  public mutating func finish(velocity: Double = 0, at time: AnimationTime) throws(HarmonicError) {
    var next = engine
    try next.advance(to: time)
    try next.finishInteractiveTransition(velocity: velocity)
    (engine, _restsAtDestination) = (next, true)
  }

  /// As ``finish(velocity:at:)``, back to the source.
  public mutating func cancel(velocity: Double = 0, at time: AnimationTime) throws(HarmonicError) {
    var next = engine
    try next.advance(to: time)
    try next.cancelInteractiveTransition(velocity: velocity)
    (engine, _restsAtDestination) = (next, false)
  }

  /// A touch lands at `time` while a release springs: the gesture holds the
  /// transition again at the progress showing the current pose, returned.
  ///
  /// - Throws: as ``LayoutAnimator/grabInteractiveTransition()``.
  public mutating func grab(at time: AnimationTime) throws(HarmonicError) -> Double {
    var next = engine
    try next.advance(to: time)
    let progress = try next.grabInteractiveTransition()
    engine = next
    return progress
  }

  /// Moves the springs to `time` (a frame).
  public mutating func advance(to time: AnimationTime) throws(HarmonicError) { try engine.advance(to: time) }

  /// Whether a release is springing (frames are needed).
  public var isAnimating: Bool { engine.isAnimating && engine.activity != .interactive }

  /// Every element the transition shows now, with its model id, in
  /// container coordinates (leaving ones included while they fade). With
  /// motion reduced, an id both sides show appears twice, its leaving and
  /// its arriving pose cross-fading in place: draw a view for each entry,
  /// not for each id.
  public var shown: [(id: ID, attributes: LayoutAttributes)] {
    let rect = CGRect(origin: .zero, size: engine.viewport.size)
    let all = engine.layoutAttributesForElements(in: rect) + engine.leavingAttributes.filter { $0.frame._overlaps(rect) }
    var seen = Set<ElementID>()
    return all.compactMap { a in
      guard seen.insert(a.elementID).inserted, let id = ids[a.elementID] else { return nil }
      return (id, a)
    }
  }
}
