// Reduce Motion for a layout change: a cross-fade in place instead of travel.

extension LayoutTransition {
  /// A change with motion reduced: two alpha-only transitions that the
  /// host draws together (``crossFade(from:offset:shown:to:offset:viewport:endViewport:update:spring:start:)``).
  public struct CrossFade: Sendable {
    /// The new layout's elements visible at the end, where they end: an
    /// element at the same place on screen as before stays (only its alpha
    /// springs to its new value); every other one fades in from alpha 0.
    /// Nil when no element is visible at the end.
    public let arriving: LayoutTransition?
    /// Copies of the elements on screen that changed (moved, resized,
    /// deleted, or gone from the screen), where they were on screen,
    /// fading out to alpha 0. Draw them with views of their own; nil when
    /// none changed.
    public let departing: LayoutTransition?
  }

  /// The change from `old` at `oldOffset` to `new` at `newOffset` without
  /// travel, as Reduce Motion asks: the content offset lands at once on
  /// `newOffset` (both transitions start and end there); an element that is
  /// at the same place on screen before and after (within 1e-9 pt, relative
  /// above 1 pt) keeps its place; everything else on screen fades out where
  /// it is on screen while its new self, if visible at the end, fades in
  /// where it ends. Only alpha changes, on `spring` made critically damped
  /// (``ReduceMotion/spring(_:systemSetting:)``), so nothing overshoots. From
  /// the arriving transition's completion on, every element is exactly
  /// where `new` puts it: the same bits as after a transition with motion.
  ///
  /// - Parameters:
  ///   - old: the layout before the change (its item counts pair the elements).
  ///   - oldOffset: the content offset on screen, points.
  ///   - shown: the attributes on screen when they are not `old`'s at rest
  ///     (a frame in flight), by their ids in `old`; nil: `old`'s elements
  ///     visible at `oldOffset`. Those that depart fade out seen through
  ///     `viewport`; any whose frame is not in it are left out.
  ///   - new: the layout after the change.
  ///   - newOffset: its content offset, points.
  ///   - viewport: the viewport before the change.
  ///   - endViewport: the viewport after it (a rotation); nil: `viewport`.
  ///   - update: the batch update between the layouts.
  ///   - spring: whose response the fades take (default ``Spring/smooth``).
  ///   - start: the tick of the change.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   offsets that are not finite or beyond ±1e12, an update that does
  ///   not match the layouts' item counts, or an element of `shown` that is
  ///   not valid attributes (as ``LayoutSnapshot`` checks them: a NaN frame
  ///   is refused, not dropped), that `old` does not have, or whose id
  ///   comes twice — naming it.
  /// - Complexity: the layouts' rect queries, O(v log v) for v elements on
  ///   screen, and the setup of two transitions of at most v elements.
  public static func crossFade(
    from old: some CollectionLayout, offset oldOffset: CGPoint, shown: [LayoutAttributes]? = nil, to new: some CollectionLayout,
    offset newOffset: CGPoint, viewport: Viewport, endViewport: Viewport? = nil, update: LayoutUpdate = LayoutUpdate(), spring: Spring = .smooth,
    start: AnimationTime = .zero
  ) throws(HarmonicError) -> CrossFade {
    try LayoutTransition._checkOffset(oldOffset, "offset")
    try LayoutTransition._checkOffset(newOffset, "new offset")
    let end = endViewport ?? viewport
    let mapping = try update._mapping(from: old, to: new)
    // What is on screen now, moved with the offset so that it stays where
    // it is on screen once the offset lands.
    let (dx, dy) = (Double(newOffset.x) - Double(oldOffset.x), Double(newOffset.y) - Double(oldOffset.y))
    var byNewID: [ElementID: LayoutAttributes] = [:]
    var departing: [LayoutAttributes] = []
    if let shown {
      var seenIDs = Set<ElementID>()
      for (k, element) in shown.enumerated() {
        try LayoutSnapshot.check(element)
        let id = element.elementID
        try _Check.holds(old.attributes(of: id) != nil, "shown[\(k)] (\(id))", value: Double(k), accepted: "an element the old layout has")
        try _Check.unique(seenIDs.insert(id).inserted, "shown[\(k)] (\(id))", value: Double(k), accepted: "a unique kind + index path")
      }
    }
    for var element in shown ?? old.attributes(in: viewport.visibleRect(at: oldOffset), viewport: viewport, at: oldOffset) {
      element.center = CGPoint(x: Double(element.center.x) + dx, y: Double(element.center.y) + dy)
      if let id = mapping.newElement(forOld: element.elementID) { byNewID[id] = element } else { departing.append(element) }
    }
    let ends = new.attributes(in: end.visibleRect(at: newOffset), viewport: end, at: newOffset)
    var starts: [LayoutAttributes] = []
    starts.reserveCapacity(ends.count)
    for element in ends {
      var start = element
      if let was = byNewID.removeValue(forKey: element.elementID) {
        if LayoutTransition._samePlace(was, element) {
          start.alpha = was.alpha
          starts.append(start)
          continue
        }
        departing.append(was)
      }
      start.alpha = 0
      starts.append(start)
    }
    departing += byNewID.values
    // What departs stays where it was on screen, seen through the viewport
    // it was shown in: through the new one, a rotation to landscape left
    // every element shown at a portrait screen's bottom outside it, and the
    // fade was refused for having no visible element (the host fuzzer).
    // Elements of `shown` that were not on screen there have nothing to fade.
    let seen = viewport.visibleRect(at: newOffset)
    departing = departing.filter { $0.frame._overlaps(seen) }
    departing.sort { $0.elementID < $1.elementID }
    let fade = LayoutTransition.Springs.shared(ReduceMotion.always.spring(spring, systemSetting: true))
    let contentSize = new.contentSize
    func alphaOnly(from starts: [LayoutAttributes], to ends: [LayoutAttributes], seenThrough seen: Viewport) throws(HarmonicError) -> LayoutTransition? {
      guard !ends.isEmpty else { return nil }
      return try LayoutTransition(
        from: starts, offset: newOffset, contentSize: contentSize, viewport: seen, to: ends, offset: newOffset, contentSize: contentSize,
        viewport: seen, springs: fade, start: start)
    }
    // The arriving transition rests in `new` itself (its item counts, the
    // elements it does not animate), so a change in flight continues from it.
    var arriving = try alphaOnly(from: starts, to: ends, seenThrough: end)
    arriving?.target = new
    return CrossFade(
      arriving: arriving,
      departing: try alphaOnly(
        from: departing,
        to: departing.map {
          var gone = $0; gone.alpha = 0; return gone
        }, seenThrough: viewport))
  }

  /// Whether `a` (moved with the offset) and `b` are at the same place on
  /// screen with the same size and transforms: an element that stays.
  static func _samePlace(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
    func near(_ x: CGFloat, _ y: CGFloat) -> Bool { (Double(x) - Double(y)).magnitude <= 1e-9 * max(1, Double(x).magnitude) }
    return near(a.center.x, b.center.x) && near(a.center.y, b.center.y) && a.size == b.size && a.transform == b.transform
      && a.transform3D == b.transform3D && a.zIndex == b.zIndex && a.isHidden == b.isHidden
  }
}
