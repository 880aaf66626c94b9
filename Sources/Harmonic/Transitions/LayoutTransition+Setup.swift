// Setup, the driver: the visible ids paired (LayoutTransition+Pairing),
// each pair looked up, posed and written into the batch columns
// (LayoutTransition+EndpointWriter), crossing elements merged in
// (LayoutTransition+Corridors).
//
// What wins when the goals of the transition setup conflict, in order:
//
// 1. What is on screen never jumps. Every element visible at either end, or
//    crossing the screen between them, animates from exactly the pose shown
//    (a change in flight starts from the in-flight pose and velocity), and a
//    candidate is kept rather than dropped when in doubt.
// 2. The same bits everywhere. The pairing and the columns depend only on
//    the layouts, the update and the offsets — never on the thread count,
//    the order a layout lists its elements in, or a hash table's order —
//    and the arithmetic is the one closed form per channel, without FMA.
// 3. Exact ends. From completion on, every element is exactly its end
//    attributes and the offset exactly its end; a channel whose start equals
//    its target at rest stays exactly there.
// 4. Bad input is refused before anything is built: an update that does not
//    match the layouts, a layout that lists an element it cannot answer for.
// 5. Then speed and memory: no per-element allocation (the columns are the
//    storage, attributes are rebuilt from them), work in proportion to the
//    elements animated, not to the layouts' sizes.

extension LayoutTransition {
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
        (source.oldCorridor, source.newCorridor, source.inFlightWidening) = (_Corridor(startRect), _Corridor(endRect), [])
        filled = try _fillColumns(visible.elements, include3D: true, &source)
      }
      source.widenOldCorridor()
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
    /// Writes element k's start and target channels (item k of `count`) and
    /// appends its ``_Meta`` when it is a cell in flight heading for a
    /// cell of an undecorated grid (``_InFlightCells/write(_:item:count:include3D:starts:targets:)``):
    /// the values ``write(_:_:_:)`` and the channel writes would give,
    /// without the attributes. False, writing nothing, otherwise.
    mutating func writeInFlightCell(
      _ k: Int, starts: UnsafeMutablePointer<Double>, targets: UnsafeMutablePointer<Double>, count: Int, include3D: Bool, kept: inout _Kept
    ) -> Bool
  }

  /// The elements visible at either end, looked up; their frames as looked
  /// up widen the corridors their tags name.
  struct _Visible<Old: CollectionLayout, New: CollectionLayout>: _ElementSource {
    var writer: _EndpointWriter<Old, New>
    let pairing: _Pairing
    var oldCorridor: _Corridor, newCorridor: _Corridor
    /// Running's indices of the cells in flight whose frames widen the old
    /// corridor: read after the fill (``widenOldCorridor()``), not amid it.
    var inFlightWidening: [Int] = []

    /// Widens the old corridor by the frames in flight the fill deferred
    /// (a corridor is a min and max: the order of its additions does not
    /// change it), and forgets them.
    mutating func widenOldCorridor() {
      guard let cells = writer._inFlightCells, !inFlightWidening.isEmpty else { return }
      cells._withUnsafeGuaranteedRef { cells in
        cells.values.widen(&oldCorridor, byFramesOf: inFlightWidening)
      }
      inFlightWidening = []
    }

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

    @inline(__always)
    mutating func writeInFlightCell(
      _ k: Int, starts: UnsafeMutablePointer<Double>, targets: UnsafeMutablePointer<Double>, count n: Int, include3D: Bool, kept: inout _Kept
    ) -> Bool {
      let element = pairing.elements[k]
      guard
        let cell = writer._inFlightCells?._withUnsafeGuaranteedRef({
          $0.write(element, item: k, count: n, include3D: include3D, starts: starts, targets: targets)
        })
      else { return false }
      kept.append(cell.meta)
      // As write(_:_:_:) widens them: the frames as looked up (the one in
      // flight read after the fill).
      let tag = pairing.tags[k]
      if tag & _Pairing.widensOld != 0 { inFlightWidening.append(cell.running) }
      if tag & _Pairing.widensNew != 0 { newCorridor.add(center: cell.end.center, size: cell.end.size) }
      return true
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

    func writeInFlightCell(
      _ k: Int, starts: UnsafeMutablePointer<Double>, targets: UnsafeMutablePointer<Double>, count: Int, include3D: Bool, kept: inout _Kept
    ) -> Bool { false }

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
}
