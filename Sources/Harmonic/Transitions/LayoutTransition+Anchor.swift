// Keeping the reader's place: the end offset that keeps an anchor where it
// is on screen, and a content offset that follows the anchor in flight.
//
// In flight, along the scroll axis, with a(t) the anchor's center (from its
// spring; the center, not the leading edge, so that the offset's last step
// at completion is the center's, within the points tolerance), a₀ and a₁
// its values at the segment's start and end, and O₀, O₁ the start and end
// offsets:
//
//     offset(t) = O₀ + (a(t) − a₀) + w·R,    R = (O₁ − O₀) − (a₁ − a₀)
//
// When the anchor ends where it began on screen (R = 0) the offset moves
// exactly as the anchor: it does not move on screen, whatever its spring
// does. Otherwise (an end clamped to the content, moved to a snap target,
// an anchor that changes size while its leading edge keeps its place) the
// residual R is made up along w = p̄/(1 − ε) clamped to [0, 1], p̄ the
// average progress and ε the batch's progress tolerance: all of it by the
// time the transition completes. The start is exactly O₀ (the frame at the
// segment's origin) and the end exactly O₁ (from completion on).

extension LayoutTransition {
  /// Where a change leaves the content so that an anchor keeps its place
  /// on screen (``anchoredEnd(keeping:in:at:viewport:to:update:endViewport:axis:isRightToLeft:)``).
  public struct AnchoredEnd: Sendable, Hashable {
    /// The end content offset, points: clamped to the new content.
    public let offset: CGPoint
    /// The anchor, by its id in the new layout: give it to
    /// ``LayoutTransition/anchorContentOffset(to:along:)``.
    public let element: ElementID

    public func hash(into hasher: inout Hasher) {
      hasher.combine(point: offset)
      hasher.combine(element)
    }
  }

  /// The element an anchor names, and the content offset that keeps it in
  /// place on screen after a change from `old` at `offset` to `new`.
  ///
  /// The anchor's leading edge (its top, or its left) keeps its distance
  /// from the visible rect's leading edge along `axis`; when the viewport's
  /// extent along `axis` changes (a rotation), it keeps its place as a
  /// fraction of the extent. The other axis keeps `offset`. The result is
  /// clamped to `new`'s content; snapping it is the caller's (a
  /// ``Snapping/target(layout:offset:velocity:options:)`` with velocity 0).
  ///
  /// - Parameters:
  ///   - anchor: which cell (``ContentAnchor``).
  ///   - old: the layout on screen.
  ///   - offset: its content offset (where the content rests, or is heading), points.
  ///   - viewport: the viewport now.
  ///   - new: the layout after the change.
  ///   - update: the batch update between them (none: the same items).
  ///   - endViewport: the viewport after the change (a rotation); nil: `viewport`.
  ///   - axis: the scroll axis.
  ///   - rightToLeft: the first visible cell of a horizontal layout is the rightmost.
  /// - Returns: nil when no cell that survives the change is visible at `offset`.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   an offset that is not finite or beyond ±1e12, or an update that does
  ///   not match the layouts' item counts.
  /// - Complexity: the layouts' rect query for the visible rect, O(v log v)
  ///   for v visible elements.
  public static func anchoredEnd(
    keeping anchor: ContentAnchor, in old: some CollectionLayout, at offset: CGPoint, viewport: Viewport, to new: some CollectionLayout,
    update: LayoutUpdate = LayoutUpdate(), endViewport: Viewport? = nil, axis: ScrollAxis, isRightToLeft rightToLeft: Bool = false
  ) throws(HarmonicError) -> AnchoredEnd? {
    try LayoutTransition._checkOffset(offset, "offset")
    let end = endViewport ?? viewport
    let mapping = try update._mapping(from: old, to: new)
    let vertical = axis == .vertical
    let rect = viewport.visibleRect(at: offset)
    func lead(_ a: LayoutAttributes) -> Double {
      vertical ? Double(a.center.y) - Double(a.size.height) / 2 : Double(a.center.x) - Double(a.size.width) / 2
    }
    var candidates: [LayoutAttributes] = []
    switch anchor {
    case .element(let id):
      if let named = old.attributes(of: id, in: viewport, at: offset) { candidates.append(named) }
    case .point(let point):
      let x = Double(rect.minX) + Double(point.x), y = Double(rect.minY) + Double(point.y)
      if x.isFinite, y.isFinite {
        let spot = CGRect(x: x - 0.25, y: y - 0.25, width: 0.5, height: 0.5)
        candidates += old.attributes(in: spot, viewport: viewport, at: offset).filter { $0.kind == .cell && !$0.isHidden }.sorted {
          $0.elementID < $1.elementID
        }
      }
    case .firstVisible:
      break
    }
    candidates += _readingOrder(old.attributes(in: rect, viewport: viewport, at: offset), in: rect, axis: axis, isRightToLeft: rightToLeft)
    let (extent, endExtent) = vertical ? (Double(viewport.size.height), Double(end.size.height)) : (Double(viewport.size.width), Double(end.size.width))
    let along = Double(vertical ? offset.y : offset.x)
    for candidate in candidates {
      guard let id = mapping.newElement(forOld: candidate.elementID), let moved = new.attributes(of: id, in: end, at: offset) else { continue }
      let onScreen = lead(candidate) - along
      let there = endExtent == extent || !(extent > 0) ? onScreen : onScreen / extent * endExtent
      let endAlong = lead(moved) - there
      guard endAlong.isFinite else { continue }
      let unclamped = vertical ? CGPoint(x: offset.x, y: endAlong) : CGPoint(x: endAlong, y: offset.y)
      return AnchoredEnd(offset: end.clamp(unclamped, content: new.contentSize), element: id)
    }
    return nil
  }

  /// The visible cells of `attributes` in reading order: fully visible ones
  /// first, by leading edge along `axis` (then across it, then by id), then
  /// the partly visible ones, the most visible first.
  static func _readingOrder(_ attributes: [LayoutAttributes], in rect: CGRect, axis: ScrollAxis, isRightToLeft rightToLeft: Bool) -> [LayoutAttributes] {
    let vertical = axis == .vertical
    func key(_ a: LayoutAttributes) -> (tier: Int, first: Double, second: Double) {
      let frame = a.frame
      let full = frame.minX >= rect.minX && frame.maxX <= rect.maxX && frame.minY >= rect.minY && frame.maxY <= rect.maxY
      let x = rightToLeft ? -Double(frame.maxX) : Double(frame.minX)
      if full { return (0, vertical ? Double(frame.minY) : x, vertical ? x : Double(frame.minY)) }
      let shown = frame.intersection(rect)
      let visible = Double(vertical ? shown.height : shown.width)
      return (1, -visible, vertical ? Double(frame.minY) : x)
    }
    return attributes.filter { $0.kind == .cell && !$0.isHidden && $0.frame._overlaps(rect) }.map { ($0, key($0)) }
      .sorted { l, r in
        if l.1.tier != r.1.tier { return l.1.tier < r.1.tier }
        if l.1.first != r.1.first { return l.1.first < r.1.first }
        if l.1.second != r.1.second { return l.1.second < r.1.second }
        return l.0.elementID < r.0.elementID
      }.map(\.0)
  }
}

extension LayoutTransition {
  /// The element the content offset follows (``anchorContentOffset(to:along:)``).
  struct _Anchor: Sendable {
    /// Its index in ``LayoutTransition/elements``.
    let element: Int
    let axis: ScrollAxis
    /// Its center's channel along ``axis`` (``LayoutChannels``).
    var channel: Int { _Anchor.channel(along: axis) }

    /// The center's channel along `axis`.
    static func channel(along axis: ScrollAxis) -> Int { axis == .vertical ? LayoutChannels.centerY : LayoutChannels.centerX }
    /// Its center along the axis at the segment's start and end (a₀, a₁), points.
    let start: Double
    let end: Double
  }

  /// Makes the content offset follow `element` along `axis` for this
  /// segment, so that the element keeps its place on screen: the offset
  /// moves as the element's center does, and whatever the start and end
  /// offsets ask beyond that (an end clamped to the content, a change of
  /// the element's size under a kept leading edge) is made up along the
  /// average progress (the file's header gives the formula). The other
  /// axis, and the content size, keep following the average progress. The
  /// start and end offsets do not change: give an end where the element is
  /// where it began on screen (``anchoredEnd(keeping:in:at:viewport:to:update:endViewport:axis:isRightToLeft:)``)
  /// and it does not move on screen at all; any other end is made up along
  /// the average progress.
  ///
  /// The anchor belongs to this segment: ``init(continuing:at:to:offset:viewport:endViewport:update:appearance:decoration:springs:tolerances:)``,
  /// ``finish(fromProgress:velocity:at:rubberBand:springs:)`` and
  /// ``cancel(fromProgress:velocity:at:rubberBand:springs:)`` follow the
  /// average progress again. A scrub (``scrub(progress:rubberBand:into:)``)
  /// follows the average progress.
  ///
  /// - Parameters:
  ///   - element: the element, by the id a frame shows (``Element/id``); it
  ///     must be in the new layout (an element that disappears cannot anchor).
  ///   - axis: the scroll axis.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   the transition does not animate `element` into the new layout.
  /// - Complexity: O(log k) for k elements.
  public mutating func anchorContentOffset(to element: ElementID, along axis: ScrollAxis) throws(HarmonicError) {
    guard let k = _index(ofStaying: element) else {
      throw .invalidParameter(
        name: "element", value: Double(element.indexPath.item), accepted: "an element this transition animates into the new layout (\(element))")
    }
    let channel = _Anchor.channel(along: axis)
    _anchor = _Anchor(element: k, axis: axis, start: batch.start(item: k, channel: channel), end: batch.target(item: k, channel: channel))
  }

  /// The index of the element shown as `element` that stays in the new layout.
  func _index(ofStaying element: ElementID) -> Int? {
    let k = _partitionPoint(count: elements.count) { elements[$0].id >= element }
    return k < elements.count && elements[k].id == element && elements[k].to != nil ? k : nil
  }

  /// The new id of the element that was `old` in the old layout and stays; nil otherwise. O(n).
  func _staying(from old: ElementID) -> ElementID? {
    elements.first { $0.from == old && $0.to != nil }?.to
  }

  /// Whether `element` starts this segment on screen: its start pose
  /// overlaps the visible rect at the start offset in `viewport`.
  func _startsOnScreen(_ element: ElementID, viewport: Viewport) -> Bool {
    guard let k = _index(ofStaying: element) else { return false }
    return Frame._shows(_startAttributes(k), in: viewport.visibleRect(at: startOffset))
  }

  /// The first cell in reading order (``_readingOrder(_:in:axis:isRightToLeft:)``)
  /// that starts this segment on screen and stays in the new layout.
  func _firstStayingOnScreen(viewport: Viewport, axis: ScrollAxis, isRightToLeft rightToLeft: Bool) -> ElementID? {
    let rect = viewport.visibleRect(at: startOffset)
    var shown: [LayoutAttributes] = []
    for k in elements.indices where elements[k].to != nil && elements[k].id.kind == .cell {
      let start = _startAttributes(k)
      if Frame._shows(start, in: rect) {
        var element = start
        (element.kind, element.indexPath) = (elements[k].id.kind, elements[k].id.indexPath)
        shown.append(element)
      }
    }
    return LayoutTransition._readingOrder(shown, in: rect, axis: axis, isRightToLeft: rightToLeft).first?.elementID
  }

  /// The element the content offset follows, if any (``anchorContentOffset(to:along:)``).
  package var contentAnchor: ElementID? { _anchor.map { elements[$0.element].id } }

  /// `offset` (the average-progress offset at progress `p`) with its
  /// coordinate along the anchor's axis following the anchor, from the
  /// batch's channel values `values` (n·C, channel-major). Unchanged
  /// without an anchor.
  func _anchored(_ offset: CGPoint, values: [Double], progress p: Double) -> CGPoint {
    guard let anchor = _anchor else { return offset }
    return _anchored(offset, lead: values[anchor.channel * elements.count + anchor.element], progress: p)
  }

  /// ``_anchored(_:values:progress:)`` given the anchor's channel value `lead`.
  func _anchored(_ offset: CGPoint, lead: Double, progress p: Double) -> CGPoint {
    guard let anchor = _anchor else { return offset }
    // The header's formula. w reaches 1 once p̄ is within the progress
    // tolerance, so completion adds no step of its own, and never passes
    // it (a p̄ that overshoots, or runs fast over a short travel).
    let (start, end) = anchor.axis == .vertical ? (Double(startOffset.y), Double(endOffset.y)) : (Double(startOffset.x), Double(endOffset.x))
    let residual = (end - start) - (anchor.end - anchor.start)
    var along = start + (lead - anchor.start)
    if residual != 0 { along += _residualWeight(p) * residual }
    guard along.isFinite else { return offset }
    var moved = offset
    if anchor.axis == .vertical { moved.y = CGFloat(along) } else { moved.x = CGFloat(along) }
    return moved
  }

  /// The weight w = p̄/(1 − ε) clamped to [0, 1], ε the batch's progress
  /// tolerance, along which a residual is made up: p̄'s shape, all of it
  /// from completion on (where p̄ is within ε of 1), never more.
  func _residualWeight(_ p: Double) -> Double {
    min(1, max(0, p / (1 - batch._progressTolerance)))
  }

  /// The anchored offset's rate at `time` along the anchor's axis, points
  /// per second: the center's velocity plus w'·R.
  func _anchorVelocity(at time: AnimationTime, progressRate: Double) -> Double {
    guard let anchor = _anchor, time >= batch.start else { return 0 }
    let center = anchor.channel
    let spring = batch.spring(ofItem: anchor.element)
    let seconds = time._seconds(since: batch.start)
    func rate(_ channel: Int) -> Double {
      let (x0, x1, v0) = (
        batch.start(item: anchor.element, channel: channel), batch.target(item: anchor.element, channel: channel),
        batch.initialVelocity(item: anchor.element, channel: channel)
      )
      guard let motion = try? SpringMotion(spring: spring, from: x0, to: x1, initialVelocity: v0) else { return 0 }
      return motion._state(atSeconds: seconds).velocity
    }
    let along = anchor.axis == .vertical ? Double(endOffset.y) - Double(startOffset.y) : Double(endOffset.x) - Double(startOffset.x)
    let residual = along - (anchor.end - anchor.start)
    let p = batch.averageProgress(at: time) / (1 - batch._progressTolerance)
    let velocity = rate(center) + (p > 0 && p < 1 ? progressRate / (1 - batch._progressTolerance) * residual : 0)
    return velocity.isFinite ? velocity : 0
  }
}
