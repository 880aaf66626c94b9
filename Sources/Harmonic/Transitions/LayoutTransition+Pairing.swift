// Which elements a transition animates, paired old → new and sorted, with
// their start and end attributes: the per-element part of setup.
//
// Order of work: (1) the ids visible at each end, paired through the index
// mapping, sorted and merged (no attributes yet; cells as their sort keys);
// (2) each pair's attributes looked up once per side into scratch,
// decorated and posed (cells of two undecorated grids: only their frames),
// their channels written straight into the batch's columns, while the
// frames of the other end's visible elements widen the two corridors;
// (3) elements that cross the screen without being visible at either end,
// found in the corridors (usually none) and merged in.

extension LayoutTransition {
  /// What the initializer hands the per-element work, besides the layouts.
  struct _Ends {
    var startRect: CGRect, endRect: CGRect
    var viewportSizes: (CGSize, CGSize)
    /// The viewports at the two ends (insets included): elements are read
    /// as shown at each end's offset (pinned headers where they are pinned).
    var viewports: (Viewport, Viewport)
    var mapping: LayoutUpdate.IndexMapping
    var update: LayoutUpdate
    var appearance: AppearanceStyle
    var decoration: LayoutTransition.Decoration?
    var include3D: Bool
    /// Per entry: the attributes go straight into the batch's columns.
    var transforms: TransformInterpolation
  }

  /// Where pairs of old and new ids go, each with a 32-bit tag: before
  /// merging, which corridor the pair's frames widen (``_Pairing/widensNew``,
  /// ``_Pairing/widensOld``); when crossing elements are merged in, where
  /// the pair came from.
  protocol _PairSink {
    /// Adds one pair; at least one id is there.
    mutating func append(from: ElementID?, to: ElementID?, tag: Int32)
  }

  /// Pairs as elements, with their tags.
  struct _Pairing: _PairSink {
    var elements: [LayoutTransition.Element] = []
    var tags: [Int32] = []
    /// The end frame widens the new layout's corridor: the old id is visible at the start.
    static let widensNew: Int32 = 1
    /// The start frame widens the old layout's corridor: the new id is visible at the end.
    static let widensOld: Int32 = 2

    mutating func append(from: ElementID?, to: ElementID?, tag: Int32) {
      elements.append(LayoutTransition.Element(_from: from, _to: to))
      tags.append(tag)
    }
  }

  /// Pairs of cells as their sort keys (``_PairKey``), which hold them
  /// whole: sorted and merged without an element per pair found. Written
  /// into `capacity` slots (at most two pairs per id: a reload).
  struct _CellPairing: _PairSink {
    let keys: UnsafeMutablePointer<_PairKey>
    let tags: UnsafeMutablePointer<Int32>
    let capacity: Int
    var count = 0

    @inline(__always)
    mutating func append(from: ElementID?, to: ElementID?, tag: Int32) {
      precondition(count < capacity, "LayoutTransition._CellPairing: more than two pairs per id")
      let id = (to ?? from)!.indexPath
      let old = from?.indexPath ?? ItemIndexPath(item: 0, section: 0)
      (keys + count).initialize(
        to: _PairKey(
          idRank: 0, section: id.section, item: id.item, leaving: to == nil, fromRank: from != nil ? 1 : 0, fromSection: old.section,
          fromItem: old.item))
      (tags + count).initialize(to: tag)
      count += 1
    }

    /// The pair a key holds.
    static func element(_ key: _PairKey) -> LayoutTransition.Element {
      let id = ElementID(.cell, ItemIndexPath(item: key.item, section: key.section))
      return LayoutTransition.Element(
        _from: key.fromRank != 0 ? ElementID(.cell, ItemIndexPath(item: key.fromItem, section: key.fromSection)) : nil,
        _to: key.leaving ? nil : id)
    }

    /// The visible cells' pairs (see ``_pairVisible(old:new:mapping:into:)``),
    /// sorted and merged, their tags ORed.
    static func visible(old: [ElementID], new: [ElementID], mapping: LayoutUpdate.IndexMapping) -> _Pairing {
      let capacity = 2 * (old.count + new.count)
      let keys = UnsafeMutablePointer<_PairKey>.allocate(capacity: capacity)
      let tags = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
      defer { keys.deallocate(); tags.deallocate() }  // plain values: nothing to deinitialize
      var cells = _CellPairing(keys: keys, tags: tags, capacity: capacity)
      _pairVisible(old: old, new: new, mapping: mapping, into: &cells)
      let written = UnsafeBufferPointer(start: keys, count: cells.count)
      return _uniqueSorted(
        keys: written, tags: UnsafeBufferPointer(start: tags, count: cells.count), combine: { $0 | $1 },
        element: { element(written[$0]) })
    }
  }

  /// The pairs of the ids visible at the start (`old`) and at the end
  /// (`new`), through `mapping`: each id with its counterpart.
  static func _pairVisible(old: [ElementID], new: [ElementID], mapping: LayoutUpdate.IndexMapping, into sink: inout some _PairSink) {
    for id in old { _add(old: id, to: mapping.newElement(forOld: id), tag: _Pairing.widensNew, mapping: mapping, into: &sink) }
    for id in new {
      guard let from = mapping.oldElement(forNew: id) else {
        sink.append(from: nil, to: id, tag: 0)
        continue
      }
      _add(old: from, to: id, tag: _Pairing.widensOld, mapping: mapping, into: &sink)
    }
  }

  /// Adds the pair of old `id` and new `to` (a reloaded cell as two
  /// elements: the old view leaving, the new one arriving).
  @inline(__always)
  static func _add(old id: ElementID, to: ElementID?, tag: Int32, mapping: LayoutUpdate.IndexMapping, into sink: inout some _PairSink) {
    guard let to else { return sink.append(from: id, to: nil, tag: tag & _Pairing.widensOld) }
    if id.kind == .cell, mapping.isReloaded(id.indexPath) {
      sink.append(from: id, to: nil, tag: tag & _Pairing.widensOld)
      sink.append(from: nil, to: to, tag: tag & _Pairing.widensNew)
    } else {
      sink.append(from: id, to: to, tag: tag)
    }
  }

  /// A cell's center and size in a grid, the rest of its attributes at
  /// their defaults (see ``_ElementSource/plainCellFrames(_:)``).
  struct _PlainFrame {
    var center: CGPoint, size: CGSize
  }

  /// The smallest rect holding a rect and frames added to it: kept as
  /// bounds, so adding a frame inside changes nothing (a chain of
  /// `CGRect.union`s rounds its width and height at every step).
  struct _Corridor {
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Frames that are not plain (non-finite, negative size): `union` decides.
    var unusual: CGRect?

    init(_ rect: CGRect) {
      (minX, minY, maxX, maxY) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
      initial = rect
    }

    let initial: CGRect

    @inline(__always)
    mutating func add(center: CGPoint, size: CGSize) {
      let (w, h) = (Double(size.width), Double(size.height))
      let x = Double(center.x) - w / 2, y = Double(center.y) - h / 2
      guard w >= 0, h >= 0, x.isFinite, y.isFinite, w.isFinite, h.isFinite else {
        let frame = CGRect(x: x, y: y, width: w, height: h)
        unusual = unusual.map { $0.union(frame) } ?? frame
        return
      }
      minX = Swift.min(minX, x)
      minY = Swift.min(minY, y)
      maxX = Swift.max(maxX, x + w)
      maxY = Swift.max(maxY, y + h)
    }

    /// The corridor; exactly the initial rect when nothing reached past it.
    var rect: CGRect {
      var rect = initial
      if minX < Double(initial.minX) || minY < Double(initial.minY) || maxX > Double(initial.maxX) || maxY > Double(initial.maxY) {
        rect = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
      }
      if let unusual { rect = rect.union(unusual) }
      return rect
    }
  }

  /// What the per-element work of setup hands the initializer: the
  /// elements, and their start and end attributes — for per-entry
  /// transforms as the batch's columns and what ``_Kept`` keeps beside them
  /// (no attribute arrays), otherwise as two arrays.
  struct _Setup {
    var elements: [LayoutTransition.Element]
    /// Whether any element carries a 3-D transform (or `include3D`).
    var include3D: Bool
    /// `[start | target | velocity | restoring]`, velocity and restoring 0
    /// (per-entry transforms only).
    var columns: [Double] = []
    var kept: _Kept? = nil
    /// Start and end attributes (decomposed transforms only).
    var starts: [LayoutAttributes] = [], ends: [LayoutAttributes] = []
  }

  /// The elements to animate, paired and sorted, with their start and end
  /// attributes (decorated, posed) and whether any carries a 3-D transform.
  ///
  /// Elements visible at an end, or crossing the screen: see the layout
  /// initializer. O(k log k) for k elements (O(k) when the layouts list
  /// their ids in order and the mapping keeps it); each element's
  /// attributes are looked up once per side (an element with a 3-D
  /// transform, when `include3D` is false, makes the columns be filled
  /// again with its 16 channels).
  static func _endpoints<Old: CollectionLayout, New: CollectionLayout>(
    _ old: Old, _ new: New, _ context: _Ends
  ) throws(HarmonicError) -> _Setup {
    let (startRect, endRect, mapping) = (context.startRect, context.endRect, context.mapping)
    var visible: _Pairing
    do {
      let oldVisible = old.elementIDs(in: startRect), newVisible = new.elementIDs(in: endRect)
      let expected = oldVisible.count + newVisible.count
      // The same pair found from both ends: one element, widening both corridors.
      if oldVisible.allSatisfy({ $0.kind == .cell }), newVisible.allSatisfy({ $0.kind == .cell }) {
        // Cells only (the mapping keeps kinds): pairs as their keys.
        visible = _CellPairing.visible(old: oldVisible, new: newVisible, mapping: mapping)
      } else {
        var pairing = _Pairing()
        pairing.elements.reserveCapacity(expected)
        pairing.tags.reserveCapacity(expected)
        _pairVisible(old: oldVisible, new: newVisible, mapping: mapping, into: &pairing)
        visible = _sortedUnique(pairing) { $0 | $1 }
      }
    }
    let n = visible.elements.count
    guard n > 0 else {
      throw .invalidParameter(name: "visible elements", value: 0, accepted: "≥ 1 element visible at the start or at the end")
    }
    var source = _Visible(
      writer: _EndpointWriter(old: old, new: new, context: context), pairing: visible,
      oldCorridor: _Corridor(startRect), newCorridor: _Corridor(endRect))
    var setup = _Setup(elements: visible.elements, include3D: context.include3D)
    if context.transforms == .componentwise {
      var filled = try _fillColumns(visible.elements, include3D: setup.include3D, &source)
      if filled == nil {  // an element carries a 3-D transform: again, with its channels
        (source.oldCorridor, source.newCorridor) = (_Corridor(startRect), _Corridor(endRect))
        filled = try _fillColumns(visible.elements, include3D: true, &source)
      }
      (setup.columns, setup.kept, setup.include3D) = (filled!.columns, filled!.kept, filled!.kept.include3D)
    } else {
      (setup.starts, setup.ends, setup.include3D) = try _fillArrays(n, include3D: setup.include3D, &source)
    }

    // Elements visible at neither end that cross the screen.
    let crossing = _crossing(old: old, oldCorridor: source.oldCorridor.rect, new: new, newCorridor: source.newCorridor.rect, context)
    guard !crossing.elements.isEmpty else { return setup }
    var all = visible
    all.tags = Array(0..<Int32(n))
    all.elements.append(contentsOf: crossing.elements)
    all.tags.append(contentsOf: (0..<crossing.elements.count).map { Int32(n + $0) })
    // A crossing pair that is also visible keeps the visible one's attributes.
    all = _sortedUnique(all) { Swift.min($0, $1) }
    var merged = _Merged(writer: source.writer, pairing: all, visible: setup)
    var result = _Setup(elements: all.elements, include3D: setup.include3D)
    if setup.kept != nil {
      var filled = try _fillColumns(all.elements, include3D: result.include3D, &merged)
      if filled == nil {  // a crossing element carries a 3-D transform: again, with its channels
        filled = try _fillColumns(all.elements, include3D: true, &merged)
      }
      (result.columns, result.kept, result.include3D) = (filled!.columns, filled!.kept, filled!.kept.include3D)
    } else {
      (result.starts, result.ends, result.include3D) = try _fillArrays(all.elements.count, include3D: result.include3D, &merged)
    }
    return result
  }

  /// Writes element k's start and end attributes, for ``_fillColumns(_:include3D:_:)``
  /// and ``_fillArrays(_:include3D:_:)``.
  protocol _ElementSource {
    /// Element k's frames at each end when it is a cell in two
    /// ``GridLayout``s with no decoration (its attributes are then
    /// `LayoutAttributes(indexPath:frame:)` at both ends); nil otherwise,
    /// and then ``write(_:_:_:)`` is asked.
    mutating func plainCellFrames(_ k: Int) -> (start: _PlainFrame, end: _PlainFrame)?
    /// Initializes `start` and `end` (uninitialized memory) with element k's attributes.
    mutating func write(_ k: Int, _ start: UnsafeMutablePointer<LayoutAttributes>, _ end: UnsafeMutablePointer<LayoutAttributes>) throws(HarmonicError)
  }

  /// The elements visible at either end, looked up; their frames as looked
  /// up widen the corridors their tags name.
  struct _Visible<Old: CollectionLayout, New: CollectionLayout>: _ElementSource {
    var writer: _EndpointWriter<Old, New>
    let pairing: _Pairing
    var oldCorridor: _Corridor, newCorridor: _Corridor

    @inline(__always)
    mutating func plainCellFrames(_ k: Int) -> (start: _PlainFrame, end: _PlainFrame)? {
      guard let frames = writer.plainCellFrames(pairing.elements[k]) else { return nil }
      // As write(_:_:_:) widens them.
      let tag = pairing.tags[k]
      if tag & _Pairing.widensOld != 0 { oldCorridor.add(center: frames.start.center, size: frames.start.size) }
      if tag & _Pairing.widensNew != 0 { newCorridor.add(center: frames.end.center, size: frames.end.size) }
      return frames
    }

    @inline(__always)
    mutating func write(_ k: Int, _ start: UnsafeMutablePointer<LayoutAttributes>, _ end: UnsafeMutablePointer<LayoutAttributes>) throws(HarmonicError) {
      let (hasStart, hasEnd) = try writer.write(pairing.elements[k], start: start, end: end)
      // The frames as looked up, before decoration and posing.
      let tag = pairing.tags[k]
      if tag & _Pairing.widensOld != 0, hasStart { oldCorridor.add(center: writer.lookedUp.start.center, size: writer.lookedUp.start.size) }
      if tag & _Pairing.widensNew != 0, hasEnd { newCorridor.add(center: writer.lookedUp.end.center, size: writer.lookedUp.end.size) }
    }
  }

  /// Visible and crossing elements merged: a visible one (its tag, the
  /// index among the visible ones, below their count) as `visible` holds
  /// it, a crossing one looked up.
  struct _Merged<Old: CollectionLayout, New: CollectionLayout>: _ElementSource {
    var writer: _EndpointWriter<Old, New>
    let pairing: _Pairing
    let visible: _Setup

    func plainCellFrames(_ k: Int) -> (start: _PlainFrame, end: _PlainFrame)? { nil }

    mutating func write(_ k: Int, _ start: UnsafeMutablePointer<LayoutAttributes>, _ end: UnsafeMutablePointer<LayoutAttributes>) throws(HarmonicError) {
      let source = Int(pairing.tags[k])
      let n = visible.elements.count
      guard source < n else {
        _ = try writer.write(pairing.elements[k], start: start, end: end)
        return
      }
      guard let kept = visible.kept else {
        start.initialize(to: visible.starts[source])
        end.initialize(to: visible.ends[source])
        return
      }
      let id = visible.elements[source].id
      visible.columns.withUnsafeBufferPointer { columns in
        start.initialize(to: kept.element(source, id: id, end: false, columns: columns.baseAddress!, itemCount: n))
        end.initialize(to: kept.element(source, id: id, end: true, columns: columns.baseAddress!, itemCount: n))
      }
    }
  }

  /// Start and end attributes of `n` elements, element k's written in place
  /// by `source`, and whether any carries a 3-D transform (or `include3D`).
  static func _fillArrays(
    _ n: Int, include3D: Bool, _ source: inout some _ElementSource
  ) throws(HarmonicError) -> ([LayoutAttributes], [LayoutAttributes], Bool) {
    var carries3D = include3D
    var failure: HarmonicError? = nil
    // Both arrays are filled in place; LayoutAttributes is plain bytes, so
    // a failure part-way leaves nothing to destroy (the counts stay 0).
    var ends: [LayoutAttributes] = []
    let starts = [LayoutAttributes](_unsafeFilling: n) { startBuffer, startCount in
      ends = [LayoutAttributes](_unsafeFilling: n) { endBuffer, endCount in
        do throws(HarmonicError) {
          for k in 0..<n {
            let (start, end) = (startBuffer.baseAddress! + k, endBuffer.baseAddress! + k)
            try source.write(k, start, end)
            if !carries3D { carries3D = _is3D(start) || _is3D(end) }
          }
          endCount = n
        } catch {
          failure = error
        }
      }
      startCount = failure == nil ? n : 0
    }
    if let failure { throw failure }
    return (starts, ends, carries3D)
  }

  /// Pairs whose elements are visible at neither end but cross the screen:
  /// candidates from one rect query per layout over its corridor (the
  /// visible rect and the frames there of the other end's visible elements).
  static func _crossing(
    old: some CollectionLayout, oldCorridor: CGRect, new: some CollectionLayout, newCorridor: CGRect, _ context: _Ends
  ) -> _Pairing {
    let (startRect, endRect, mapping) = (context.startRect, context.endRect, context.mapping)
    let (first, second) = context.viewportSizes
    let screen = CGRect(x: 0, y: 0, width: max(first.width, second.width), height: max(first.height, second.height))
    func crosses(_ start: CGRect, _ end: CGRect) -> Bool {
      let relative = start.offsetBy(dx: -startRect.minX, dy: -startRect.minY).union(end.offsetBy(dx: -endRect.minX, dy: -endRect.minY))
      return relative._overlaps(screen)
    }
    var found = _Pairing()
    if oldCorridor != startRect {
      for element in old.attributes(in: oldCorridor) where !element.frame._overlaps(startRect) {
        let id = element.elementID
        guard let to = mapping.newElement(forOld: id), let there = new.attributes(of: to), crosses(element.frame, there.frame) else { continue }
        _add(old: id, to: to, tag: 0, mapping: mapping, into: &found)
      }
    }
    if newCorridor != endRect {
      for element in new.attributes(in: newCorridor) where !element.frame._overlaps(endRect) {
        let id = element.elementID
        guard let from = mapping.oldElement(forNew: id), let there = old.attributes(of: from), crosses(there.frame, element.frame) else { continue }
        _add(old: from, to: id, tag: 0, mapping: mapping, into: &found)
      }
    }
    return found
  }

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

    init(old: Old, new: New, context: _Ends) {
      (self.old, self.new, self.context) = (old, new, context)
      if context.decoration == nil, let old = old as? GridLayout, let new = new as? GridLayout { grids = (old, new) } else { grids = nil }
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

  /// `pairing`'s elements sorted as ``LayoutTransition/Element`` orders them,
  /// duplicates merged (their tags combined by `combine`, in sorted order):
  /// through integer keys, so cells never compare kind names.
  static func _sortedUnique(_ pairing: _Pairing, combine: (Int32, Int32) -> Int32) -> _Pairing {
    let elements = pairing.elements
    var names: [String] = []
    for k in elements.indices {
      if let name = elements[k].from?.kind.name { names.append(name) }
      if let name = elements[k].to?.kind.name { names.append(name) }
    }
    let ordinal = Dictionary(Set(names).sorted().enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    func rank(_ id: ElementID) -> Int {
      switch id.kind.category {
      case .cell: return 0
      case .supplementary: return 1 + 2 * ordinal[id.kind.name!]!
      case .decoration: return 1 + 2 * names.count + ordinal[id.kind.name!]!
      }
    }
    typealias Key = _PairKey
    // Fields read in place through a pointer (an array's subscript copies
    // the element, ids and kind names included).
    let keys = [Key](_unsafeFilling: elements.count) { keys, keyCount in
      // Called only for at least one element (an empty fill is `[]`).
      elements.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress!
        for k in buffer.indices {
          let element = base + k
          let toPath = element.pointee.to?.indexPath, fromPath = element.pointee.from?.indexPath
          let idPath = toPath ?? fromPath!
          let idRank = names.isEmpty ? 0 : rank(element.pointee.id)
          var from = (rank: 0, section: 0, item: 0)
          if let path = fromPath { from = (names.isEmpty ? 1 : rank(element.pointee.from!) + 1, path.section, path.item) }
          (keys.baseAddress! + k).initialize(
            to: _PairKey(
              idRank: idRank, section: idPath.section, item: idPath.item, leaving: toPath == nil, fromRank: from.rank,
              fromSection: from.section, fromItem: from.item))
        }
      }
      keyCount = elements.count
    }
    return elements.withUnsafeBufferPointer { elements in
      keys.withUnsafeBufferPointer { keys in
        pairing.tags.withUnsafeBufferPointer { tags in _uniqueSorted(keys: keys, tags: tags, combine: combine) { elements[$0] } }
      }
    }
  }

  /// The pairs `keys` stand for, sorted, duplicates merged (their tags
  /// combined by `combine`, in sorted order); `element(k)` makes pair k.
  /// Exactly as many elements as there are distinct keys are made.
  static func _uniqueSorted(
    keys: UnsafeBufferPointer<_PairKey>, tags given: UnsafeBufferPointer<Int32>, combine: (Int32, Int32) -> Int32,
    element: (Int) -> LayoutTransition.Element
  ) -> _Pairing {
    var order = _sortedOrder(keys)
    // The distinct keys' indices written over the front of `order`, their
    // tags combined.
    var unique = 0
    var result = _Pairing()
    result.tags = [Int32](_unsafeFilling: order.count) { tags, tagCount in
      order.withUnsafeMutableBufferPointer { order in
        for position in order.indices {
          let k = order[position]
          if unique > 0, keys[order[unique - 1]] == keys[k] {
            tags[unique - 1] = combine(tags[unique - 1], given[k])
            continue
          }
          order[unique] = k
          tags[unique] = given[k]
          unique += 1
        }
      }
      tagCount = unique
    }
    result.elements = [LayoutTransition.Element](_unsafeFilling: unique) { buffer, count in
      for j in 0..<unique { (buffer.baseAddress! + j).initialize(to: element(order[j])) }
      count = unique
    }
    return result
  }

  /// A pair's sort key, compared field by field in declaration order: the
  /// element's id (kind rank, section, item), then staying or appearing
  /// before leaving, then the old id (kind rank + 1, 0 for none; section;
  /// item).
  struct _PairKey: Comparable {
    /// 0 for cells; supplementary and decoration kinds by name after them.
    var idRank: Int
    var section: Int
    var item: Int
    /// The pair has no new id: the element leaves.
    var leaving: Bool
    /// The old id's kind rank + 1; 0 when there is no old id (appearing).
    var fromRank: Int
    var fromSection: Int
    var fromItem: Int

    @inline(__always)
    static func < (a: _PairKey, b: _PairKey) -> Bool {
      if a.idRank != b.idRank { return a.idRank < b.idRank }
      if a.section != b.section { return a.section < b.section }
      if a.item != b.item { return a.item < b.item }
      if a.leaving != b.leaving { return !a.leaving }
      if a.fromRank != b.fromRank { return a.fromRank < b.fromRank }
      if a.fromSection != b.fromSection { return a.fromSection < b.fromSection }
      return a.fromItem < b.fromItem
    }
  }

  /// The indices of `keys` in stable sorted order. The pairing lists the
  /// elements found from the start's visible ones, then those found from
  /// the end's: usually two ascending runs (each layout lists its ids in
  /// order and the mapping keeps order), which are merged in one pass; any
  /// other input is sorted.
  static func _sortedOrder(_ keys: UnsafeBufferPointer<_PairKey>) -> [Int] {
    let n = keys.count
    guard n > 1 else { return Array(0..<n) }
    var split = 1
    while split < n, !(keys[split] < keys[split - 1]) { split += 1 }
    var rest = split + 1
    while rest < n, !(keys[rest] < keys[rest - 1]) { rest += 1 }
    guard split >= n || rest >= n else {
      // Ties by index: stable whatever the sort.
      return keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    }
    return [Int](_unsafeFilling: n) { order, count in
      var (i, j, k) = (0, split, 0)
      // Ties take the first run first, as a stable sort does.
      while i < split, j < n {
        if keys[j] < keys[i] { order[k] = j; j += 1 } else { order[k] = i; i += 1 }
        k += 1
      }
      while i < split { order[k] = i; i += 1; k += 1 }
      while j < n { order[k] = j; j += 1; k += 1 }
      count = n
    }
  }
}
