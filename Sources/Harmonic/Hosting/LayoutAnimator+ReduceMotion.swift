// Reduce Motion: a change that keeps its meaning without travel.

extension LayoutAnimator {
  /// The change to `destination` (seen through `end`) with motion reduced:
  /// the content offset lands at once; an element that is at the same
  /// place on screen before and after stays (its alpha springs to its new
  /// value); every other element on screen fades out where it is on
  /// screen (a copy in ``leavingAttributes``) while its new self, if it is
  /// visible at the end, fades in where it ends. Only alpha changes, on a
  /// critically damped spring (the engine's shared spring's response, else
  /// ``Spring/smooth``'s), so nothing overshoots; at rest the layout
  /// answers on its own, the same bits as after the change with motion.
  ///
  /// Elements already leaving (an earlier deletion) go on fading out where
  /// they are in the content. Nothing changes unless every step succeeds.
  mutating func _crossFade(to destination: _Destination, viewport end: Viewport, update: LayoutUpdate) throws(HarmonicError) {
    let offset = destination.offset
    let newLayout = destination.layout
    let mapping =
      update.isEmpty && layout.itemCounts == newLayout.itemCounts
      ? LayoutUpdate.IndexMapping(identity: layout.itemCounts)
      : try update.mapping(oldItemCounts: layout.itemCounts, newItemCounts: newLayout.itemCounts)
    // What is on screen now, moved with the offset so that it stays where
    // it is on screen once the offset lands.
    let (dx, dy) = (Double(offset.x) - Double(contentOffset.x), Double(offset.y) - Double(contentOffset.y))
    var byNewID: [ElementID: LayoutAttributes] = [:]
    var fadingOut: [LayoutAttributes] = []
    for var shown in layoutAttributesForElements(in: viewport.visibleRect(at: contentOffset)) {
      shown.center = CGPoint(x: Double(shown.center.x) + dx, y: Double(shown.center.y) + dy)
      if let id = mapping.newElement(forOld: shown.elementID) { byNewID[id] = shown } else { fadingOut.append(shown) }
    }
    let ends = newLayout.attributes(in: end.visibleRect(at: offset), viewport: end, at: offset)
    var starts: [LayoutAttributes] = []
    starts.reserveCapacity(ends.count)
    for element in ends {
      var start = element
      if let was = byNewID.removeValue(forKey: element.elementID) {
        if LayoutAnimator._samePlace(was, element) {
          start.alpha = was.alpha
          starts.append(start)
          continue
        }
        fadingOut.append(was)
      }
      start.alpha = 0
      starts.append(start)
    }
    fadingOut += byNewID.values
    fadingOut.sort { $0.elementID < $1.elementID }
    let fade = LayoutTransition.Springs.shared(ReduceMotion.always.spring(LayoutAnimator._fadeSpring(springs), systemSetting: true))
    let contentSize = newLayout.contentSize
    func alphaOnly(from starts: [LayoutAttributes], to ends: [LayoutAttributes]) throws(HarmonicError) -> LayoutTransition? {
      guard !ends.isEmpty else { return nil }
      return try LayoutTransition(
        from: starts, offset: offset, contentSize: contentSize, viewport: end, to: ends, offset: offset, contentSize: contentSize, viewport: end,
        springs: fade, start: time)
    }
    let main = try alphaOnly(from: starts, to: ends)
    let gone = try alphaOnly(
      from: fadingOut,
      to: fadingOut.map {
        var gone = $0; gone.alpha = 0; return gone
      })
    var retiring: _Leaving?
    if case .transitioning(let running) = phase { retiring = _Leaving(retiring: running.shown) }
    if case .interactive(let gesture) = phase { retiring = _Leaving(retiring: gesture.shown) }
    if let gone {
      let frame = gone.makeFrame()
      leaving.append(_Leaving(transition: gone, frame: frame, elements: Array(gone.elements.indices), restMasks: gone._restMasks()))
    }
    guard let main else {
      if let retiring { leaving.append(retiring) }
      (layout, viewport, contentOffset, phase) = (newLayout, end, offset, .resting(nil))
      try _evaluate()
      return
    }
    try _install(main, in: newLayout, viewport: end, grabbable: nil, retiring: retiring)
  }

  /// Whether `a` (moved with the offset) and `b` are at the same place on
  /// screen with the same size and transforms (within 1e-9 of a point per
  /// coordinate, relative above 1 pt): an element that stays.
  static func _samePlace(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
    func near(_ x: CGFloat, _ y: CGFloat) -> Bool { (Double(x) - Double(y)).magnitude <= 1e-9 * max(1, Double(x).magnitude) }
    return near(a.center.x, b.center.x) && near(a.center.y, b.center.y) && a.size == b.size && a.transform == b.transform
      && a.transform3D == b.transform3D && a.zIndex == b.zIndex && a.isHidden == b.isHidden
  }

  /// The spring whose response a reduced-motion fade takes: the shared
  /// spring, else ``Spring/smooth``.
  static func _fadeSpring(_ springs: LayoutTransition.Springs) -> Spring {
    if case .shared(let spring) = springs { return spring }
    return .smooth
  }
}
