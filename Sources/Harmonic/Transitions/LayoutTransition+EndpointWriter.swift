// Setup, stage 2: one pair's start and end attributes — looked up as shown
// at each end, decorated, posed for appearing and leaving elements.

extension LayoutTransition {
  /// Writes one element's start and end attributes: looked up, decorated,
  /// and for an element at one end only, posed (appearing or leaving).
  struct _EndpointWriter<Old: CollectionLayout, New: CollectionLayout> {
    let old: Old, new: New
    let context: _Ends
    /// The last element's frames as looked up (before decoration and posing).
    var lookedUp: (start: (center: CGPoint, size: CGSize), end: (center: CGPoint, size: CGSize)) = ((.zero, .zero), (.zero, .zero))

    /// The layouts when both are grids and nothing decorates them (cells
    /// then need no attributes looked up; see ``plainCellFrames(_:)``).
    let grids: (old: GridLayout, new: GridLayout)?

    /// For a change in flight to an undecorated grid, its cells in flight
    /// (see ``_InFlightCells``).
    let inFlight: _InFlightCells?
    /// ``inFlight`` without ownership, for the per-element calls: borrowed
    /// through `_withUnsafeGuaranteedRef`, it costs no retain and release
    /// per element (they were an eighth of a retarget). ``inFlight`` keeps
    /// it alive as long as the writer.
    let _inFlightCells: Unmanaged<_InFlightCells>?

    init(old: Old, new: New, context: _Ends) {
      (self.old, self.new, self.context) = (old, new, context)
      if context.decoration == nil, let old = old as? GridLayout, let new = new as? GridLayout { grids = (old, new) } else { grids = nil }
      if context.decoration == nil, let old = old as? _InFlightLayout, let new = new as? GridLayout {
        inFlight = _InFlightCells(old, new)
      } else {
        inFlight = nil
      }
      _inFlightCells = inFlight.map { Unmanaged.passUnretained($0) }
    }

    /// The frames of a pair of cells of two undecorated grids, both there;
    /// nil for anything else (which ``write(_:start:end:)`` handles, errors
    /// included).
    @inline(__always)
    func plainCellFrames(_ pair: LayoutTransition.Element) -> (start: _PlainFrame, end: _PlainFrame)? {
      guard let grids, let from = pair.from, let to = pair.to, from.kind == .cell, to.kind == .cell,
        let start = grids.old._cellFrame(from.indexPath), let end = grids.new._cellFrame(to.indexPath)
      else { return nil }
      return (
        _PlainFrame(center: LayoutAttributes._center(of: start), size: start.size),
        _PlainFrame(center: LayoutAttributes._center(of: end), size: end.size)
      )
    }

    /// Initializes `start` and `end` (uninitialized memory); returns whether
    /// each side was looked up (rather than made from the other).
    @inline(__always)
    mutating func write(
      _ pair: LayoutTransition.Element, start: UnsafeMutablePointer<LayoutAttributes>, end: UnsafeMutablePointer<LayoutAttributes>
    ) throws(HarmonicError) -> (Bool, Bool) {
      let (decoration, startRect, endRect) = (context.decoration, context.startRect, context.endRect)
      let hasStart = try LayoutTransition._initialize(start, id: pair.from, in: old, shown: (context.viewports.0, startRect.origin), side: "old")
      let hasEnd = try LayoutTransition._initialize(end, id: pair.to, in: new, shown: (context.viewports.1, endRect.origin), side: "new")
      if hasStart { lookedUp.start = (start.pointee.center, start.pointee.size) }
      if hasEnd { lookedUp.end = (end.pointee.center, end.pointee.size) }
      if let decoration {
        if hasStart { decoration.apply(to: &start.pointee, visibleRect: startRect) }
        if hasEnd { decoration.apply(to: &end.pointee, visibleRect: endRect) }
      }
      switch (hasStart, hasEnd) {
      case (true, true):
        // Frames show the new id throughout.
        start.pointee.indexPath = end.pointee.indexPath
        start.pointee.kind = end.pointee.kind
      case (false, true):
        // Appearing: an inserted item from its styled pose; the new half of
        // a reload (or a view only the new layout has) fades in where the old one was.
        if let from = context.mapping.reloadedOrigin(of: pair.to!),
          var was = _decorated(old.attributes(of: from, in: context.viewports.0, at: startRect.origin), startRect)
        {
          (was.indexPath, was.kind, was.alpha) = (end.pointee.indexPath, end.pointee.kind, 0)
          start.initialize(to: was)
        } else {
          start.initialize(to: pair.to!.kind == .cell ? _pose(end.pointee) : LayoutTransition._faded(end.pointee))
        }
      case (true, false):
        if let to = context.mapping.reloadedDestination(of: pair.from!),
          var will = _decorated(new.attributes(of: to, in: context.viewports.1, at: endRect.origin), endRect)
        {
          (will.indexPath, will.kind, will.alpha) = (start.pointee.indexPath, start.pointee.kind, 0)
          end.initialize(to: will)
        } else {
          end.initialize(to: pair.from!.kind == .cell ? _pose(start.pointee) : LayoutTransition._faded(start.pointee))
        }
      case (false, false):
        // A layout listed the element in a rect but has no attributes for it.
        throw .invalidParameter(
          name: "\(pair.id)", value: Double(pair.id.indexPath.item),
          accepted: "attributes(of:) for every element attributes(in:) lists (the layouts disagree)")
      }
      return (hasStart, hasEnd)
    }

    func _decorated(_ attributes: LayoutAttributes?, _ rect: CGRect) -> LayoutAttributes? {
      guard var attributes, let decoration = context.decoration else { return attributes }
      decoration.apply(to: &attributes, visibleRect: rect)
      return attributes
    }

    func _pose(_ attributes: LayoutAttributes) -> LayoutAttributes {
      context.update.isBoundsChange ? attributes : context.appearance.pose(attributes)
    }
  }

  /// A change in flight heading for an undecorated grid: for a cell in
  /// flight going to a cell of the grid, running's index of the element —
  /// its pose is that element's channels in the change's frame, with its
  /// in-flight zIndex and hidden flag and every other field at its
  /// default, the attributes ``_EndpointWriter/write(_:start:end:)`` would
  /// look up, bit for bit — and its end frame. Made once per setup (a
  /// class: the per-element calls copy nothing).
  final class _InFlightCells {
    /// The in-flight layout's index by id and running's index of each id
    /// (its own, held here so that a lookup reads them directly).
    let position: _PoseIndex, runningIndex: [Int]
    let grid: GridLayout
    /// The change's channel values.
    let values: _ChangeChannels
    let runningHas3D: Bool
    /// Running's compact endpoints (zIndex, hidden, kept starts).
    let kept: _Kept

    /// Nil unless the poses are the frame's channels (``_InFlightLayout/readsChannels``)
    /// and running keeps its endpoints compact.
    init?(_ layout: _InFlightLayout, _ grid: GridLayout) {
      guard layout.readsChannels, case let .compact(kept, _) = layout.running._endpoints else { return nil }
      (position, runningIndex, self.grid, self.kept) = (layout.position, layout.runningIndex, grid, kept)
      values = layout.frame._channels(items: layout.running.elements.count)
      runningHas3D = layout.running.include3D
    }

    /// Running's index of `pair`'s element and its end frame; nil when it
    /// is not a cell in flight heading for a cell of the grid, or its
    /// start is kept whole (its 3-D transform not in its channels).
    @inline(__always)
    func cell(_ pair: LayoutTransition.Element) -> (running: Int, end: _PlainFrame)? {
      guard let from = pair.from, let to = pair.to, from.kind == .cell, to.kind == .cell, let p = position[from],
        let end = grid._cellFrame(to.indexPath)
      else { return nil }
      let k = runningIndex[p]
      if !runningHas3D, !kept.startExceptions.isEmpty, kept.startExceptions[k] != nil { return nil }
      return (k, _PlainFrame(center: LayoutAttributes._center(of: end), size: end.size))
    }

    /// For `pair` when ``cell(_:)`` finds it, as item `item` of `n`: its
    /// frame in flight into `starts` and its grid cell into `targets`, and
    /// both frames and its in-flight ``_Meta``; nil, writing nothing,
    /// otherwise.
    ///
    /// Its start's channels are written as a plain cell's at its end frame
    /// (the 3-D identity where running has no 3-D channels and
    /// `include3D`), only to be finite: the change in flight then writes
    /// every one of running's channels for this element
    /// (``LayoutTransition/_continue(_:springs:tolerances:progressRate:)``
    /// and ``LayoutTransition/_merged(_:fresh:target:springs:tolerances:progressRate:)``),
    /// channel by channel, exactly and held at rest. Computing them here
    /// too read 3·C columns per element at once, and was the larger part
    /// of a retarget's setup; so was reading its frame in flight here (four
    /// channels' three columns amid the fill's 22 output streams: 3.3 ms of
    /// a 100,000-item retarget's 5.5 ms fill). Only the old corridor needs
    /// that frame: ``_ChangeChannels/widen(_:byFramesOf:)`` reads it (its
    /// center and size exactly as the pose has them), after the fill.
    @inline(__always)
    func write(
      _ pair: LayoutTransition.Element, item: Int, count n: Int, include3D: Bool, starts: UnsafeMutablePointer<Double>,
      targets: UnsafeMutablePointer<Double>
    ) -> (running: Int, end: _PlainFrame, meta: _Meta)? {
      guard let (k, end) = cell(pair) else { return nil }
      LayoutChannels._writePlain(center: end.center, size: end.size, item: item, count: n, include3D: include3D, into: starts)
      LayoutChannels._writePlain(center: end.center, size: end.size, item: item, count: n, include3D: include3D, into: targets)
      let (zIndex, isHidden) = kept.inFlightMeta(k)
      return (k, end, _Meta(startZ: zIndex, endZ: 0, startHidden: isHidden, endHidden: false))
    }
  }

  /// Whether an element's 3-D transform is not the identity (by value).
  static func _is3D(_ attributes: UnsafePointer<LayoutAttributes>) -> Bool {
    // The usual case first, bit for bit the identity (no branch per lane).
    !attributes.pointee.transform3D._isBitwiseIdentity && _is3D(notBitwiseIdentity: attributes)
  }

  /// ``_is3D(_:)`` for a transform known not to be the identity bit for bit:
  /// by value (−0 counts as 0, as in `==`).
  static func _is3D(notBitwiseIdentity attributes: UnsafePointer<LayoutAttributes>) -> Bool {
    let m = attributes.pointee.transform3D.m
    var differs = false
    for lane in 0..<16 { differs = differs || m[lane] != (lane % 5 == 0 ? 1 : 0) }
    return differs
  }

  static func _faded(_ attributes: LayoutAttributes) -> LayoutAttributes {
    var faded = attributes
    faded.alpha = 0
    return faded
  }

  /// Writes one side's attributes of an element into `target`
  /// (uninitialized); false, writing nothing, when the element has no id on
  /// that side or the layout has no such non-cell element.
  @inline(__always)
  static func _initialize(
    _ target: UnsafeMutablePointer<LayoutAttributes>, id: ElementID?, in layout: some CollectionLayout, shown: (Viewport, CGPoint),
    side: String
  ) throws(HarmonicError) -> Bool {
    guard let id else { return false }
    // Cells straight from attributes(of:) (inlined for the layouts Harmonic
    // ships); views as shown at the end's offset (a pinned header pinned).
    let found = id.kind == .cell ? layout.attributes(of: id) : layout.attributes(of: id, in: shown.0, at: shown.1)
    if let found {
      target.initialize(to: found)
      return true
    }
    guard id.kind == .cell else { return false }
    throw _missing(id, side: side)
  }

  static func _missing(_ id: ElementID, side: String) -> HarmonicError {
    .invalidParameter(
      name: "\(id)", value: Double(id.indexPath.item),
      accepted: "an element of the \(side) layout (the update's index mapping pairs it; declare it inserted or deleted)")
  }
}
