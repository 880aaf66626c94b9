// A change while a transition is in flight — a batch update, a new target
// layout, a new viewport — through the same setup as a new transition: the
// elements in flight become the start layout at their current poses.

extension LayoutTransition {
  /// The transition that takes over from `running` at `time` towards `new`
  /// at `newOffset`, with `update` applied — a drag-to-reorder's move, an
  /// insert or delete, a rotation — built by the same setup as any
  /// transition (pairing, crossing elements, appearance poses, the update's
  /// index mapping) from the layout `running` shows at `time`.
  ///
  /// Every element of `running` that continues keeps its value and the
  /// velocity of every channel at `time` (C¹): it starts at its in-flight
  /// pose, moving as it moved. An element the update deletes leaves from
  /// where it is towards its disappearing pose; an inserted one appears.
  /// Elements `running` was already animating away (``Element/to`` nil) are
  /// not part of the new transition: keep drawing them from `running` until
  /// they settle (``LayoutAnimator`` does). The offset and size follow the
  /// new average progress from the frame's; ``Frame/overallProgress`` goes
  /// on from its value at `time` to 1.
  ///
  /// - Parameters:
  ///   - running: the transition in flight.
  ///   - time: the tick of the change, at or after `running`'s segment start.
  ///   - new: the layout after the change.
  ///   - newOffset: its content offset at the end, points.
  ///   - viewport: the viewport at `time`.
  ///   - endViewport: the viewport at the end (a rotation); nil: `viewport`.
  ///   - update: the batch update from `running`'s target layout to `new`.
  ///   - appearance: how inserted items appear and deleted ones leave.
  ///   - decoration: applied to `new`'s attributes at the end (the poses in
  ///     flight already carry `running`'s).
  ///   - springs: the springs from `time` on.
  ///   - tolerances: when an element counts as settled.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   time before `running`'s segment start, or as the initializer
  ///   ``init(from:offset:to:offset:viewport:endViewport:update:appearance:decoration:springs:velocity:include3D:transforms:tolerances:start:)``
  ///   does (an update that does not match the layouts' item counts names it).
  /// - Complexity: the setup of a transition, twice (the second with the velocities in place).
  public init(
    continuing running: LayoutTransition, at time: AnimationTime, to new: some CollectionLayout, offset newOffset: CGPoint,
    viewport: Viewport, endViewport: Viewport? = nil, update: LayoutUpdate = LayoutUpdate(), appearance: AppearanceStyle = .fade,
    decoration: LayoutTransition.Decoration? = nil, springs: LayoutTransition.Springs = .shared(.smooth),
    tolerances: LayoutTransition.Tolerances = LayoutTransition.Tolerances()
  ) throws(HarmonicError) {
    guard time >= running.batch.origin else {
      throw .invalidParameter(name: "time", value: Double(time.ticks), accepted: "≥ the running segment's start, tick \(running.batch.origin.ticks)")
    }
    var now = running.makeFrame(velocities: true)
    try running.frame(at: time, into: &now)
    var poses: [ElementID: LayoutAttributes] = [:]
    var index: [ElementID: Int] = [:]
    for (k, element) in running.elements.enumerated() {
      guard let to = element.to else { continue }
      var pose = now.attributes[k]
      (pose.kind, pose.indexPath) = (to.kind, to.indexPath)
      (poses[to], index[to]) = (pose, k)
    }
    let current = _InFlightLayout(base: running.target, poses: poses, contentSize: now.contentSize)
    let end = endViewport ?? viewport
    let target = _DecoratedLayout(base: new, decoration: decoration, visibleRect: end.visibleRect(at: newOffset))
    func make(_ velocity: LayoutTransition.Velocity) throws(HarmonicError) -> LayoutTransition {
      try LayoutTransition(
        from: current, offset: now.contentOffset, to: target, offset: newOffset, viewport: viewport, endViewport: end, update: update,
        appearance: appearance, springs: springs, velocity: velocity, include3D: running.include3D, transforms: running.transforms,
        tolerances: tolerances, start: time)
    }
    var next = try make(.none)
    // Every channel's velocity, by the element's id in the running transition.
    let channels = running.include3D ? LayoutChannels.count3D : LayoutChannels.count2D
    let (n0, n) = (running.elements.count, next.elements.count)
    let rates = now._values.velocities
    var perElement = [Double](repeating: 0, count: n * channels)
    var moving = false
    for (k, element) in next.elements.enumerated() {
      guard let from = element.from, let old = index[from] else { continue }
      for channel in 0..<channels {
        let rate = rates[channel * n0 + old]
        perElement[channel * n + k] = rate
        moving = moving || rate != 0
      }
    }
    if moving { next = try make(.perElement(perElement)) }
    next.target = new
    next.overallProgressRange = (now.overallProgress, 1)
    self = next
  }
}

/// The current layout with the elements in flight at their current poses:
/// the start of a transition that begins mid-flight.
struct _InFlightLayout: CollectionLayout {
  let base: any CollectionLayout
  let poses: [ElementID: LayoutAttributes]
  let contentSize: CGSize

  var itemCounts: [Int] { base.itemCounts }

  func attributes(in rect: CGRect) -> [LayoutAttributes] {
    var result = base.attributes(in: rect).filter { poses[$0.elementID] == nil }
    for pose in poses.values.sorted(by: { $0.elementID < $1.elementID }) where LayoutTransition.Frame._shows(pose, in: rect) { result.append(pose) }
    return result
  }

  func attributes(of element: ElementID) -> LayoutAttributes? { poses[element] ?? base.attributes(of: element) }

  func attributes(of element: ElementID, in viewport: Viewport, at offset: CGPoint) -> LayoutAttributes? {
    poses[element] ?? base.attributes(of: element, in: viewport, at: offset)
  }
}

/// A layout with a decoration applied to every answer, for the given visible rect.
struct _DecoratedLayout<Base: CollectionLayout>: CollectionLayout {
  let base: Base
  let decoration: LayoutTransition.Decoration?
  let visibleRect: CGRect

  var contentSize: CGSize { base.contentSize }
  var itemCounts: [Int] { base.itemCounts }

  func _decorated(_ attributes: LayoutAttributes) -> LayoutAttributes {
    guard let decoration else { return attributes }
    var decorated = attributes
    decoration.apply(to: &decorated, visibleRect: visibleRect)
    return decorated
  }

  func attributes(in rect: CGRect) -> [LayoutAttributes] { base.attributes(in: rect).map(_decorated) }
  func attributes(of element: ElementID) -> LayoutAttributes? { base.attributes(of: element).map(_decorated) }
  func attributes(of element: ElementID, in viewport: Viewport, at offset: CGPoint) -> LayoutAttributes? {
    base.attributes(of: element, in: viewport, at: offset).map(_decorated)
  }
  func elementIDs(in rect: CGRect) -> [ElementID] { base.elementIDs(in: rect) }
}
