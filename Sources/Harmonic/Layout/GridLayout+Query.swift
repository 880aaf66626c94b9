extension GridLayout {
  /// The index path of global item `index` (binary search over sections).
  func _indexPath(_ index: Int) -> ItemIndexPath {
    let section = _section(ofItem: index)
    return ItemIndexPath(item: index - _sectionFirstItem[section], section: section)
  }

  /// The section of global item `index`: the last whose first item is at
  /// or before it (a section of no items shares its first index with the
  /// next, which wins).
  func _section(ofItem index: Int) -> Int {
    var (low, high) = (0, _sectionFirstItem.count - 1)
    while high - low > 1 {
      let middle = (low + high) / 2
      if _sectionFirstItem[middle] <= index { low = middle } else { high = middle }
    }
    return low
  }

  func _globalIndex(_ indexPath: ItemIndexPath) throws(HarmonicError) -> Int {
    try _Check.index(indexPath.section, "indexPath.section", count: itemCounts.count)
    try _Check.index(indexPath.item, "indexPath.item", count: itemCounts[indexPath.section], of: "in section \(indexPath.section)")
    return _sectionFirstItem[indexPath.section] + indexPath.item
  }

  /// Physical frame from (main, cross) coordinates, mirrored for RTL.
  func _frame(main: Double, cross: Double, mainSize: Double, crossSize: Double) -> CGRect {
    var x: Double, y: Double, w: Double, h: Double
    if scrollAxis == .vertical { (x, y, w, h) = (cross, main, crossSize, mainSize) } else { (x, y, w, h) = (main, cross, mainSize, crossSize) }
    if isRightToLeft { x = Double(contentSize.width) - x - w }
    return CGRect(x: x, y: y, width: w, height: h)
  }

  func _itemFrame(_ index: Int) -> CGRect {
    let box = _items[index]
    return _frame(main: box.main, cross: box.cross, mainSize: box.mainSize, crossSize: box.crossSize)
  }

  func _cell(_ index: Int) -> LayoutAttributes {
    LayoutAttributes(indexPath: _indexPath(index), frame: _itemFrame(index))
  }

  /// The frame of an item.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   an index path outside the layout.
  package func frame(of indexPath: ItemIndexPath) throws(HarmonicError) -> CGRect {
    _itemFrame(try _globalIndex(indexPath))
  }

  /// The attributes of an item.
  package func attributes(of indexPath: ItemIndexPath) throws(HarmonicError) -> LayoutAttributes {
    _cell(try _globalIndex(indexPath))
  }

  /// Every item, in index-path order (O(n)).
  package func allAttributes() -> [LayoutAttributes] { (0..<itemCount).map(_cell) }

  /// The (main, cross) ranges of a physical rect in left-to-right coordinates.
  func _ranges(_ rect: CGRect) -> (main: (Double, Double), cross: (Double, Double)) {
    var minX = Double(rect.minX), maxX = Double(rect.maxX)
    if isRightToLeft { (minX, maxX) = (Double(contentSize.width) - maxX, Double(contentSize.width) - minX) }
    let x = (minX, maxX), y = (Double(rect.minY), Double(rect.maxY))
    return scrollAxis == .vertical ? (y, x) : (x, y)
  }

  /// Attributes of every element whose frame overlaps `rect` with positive
  /// area (cells in index-path order, then headers and footers).
  ///
  /// - Complexity: O(log n + lines crossed + k) for k results.
  public func attributes(in rect: CGRect) -> [LayoutAttributes] { _attributes(in: rect, pinEdge: nil) }

  /// ``attributes(in:)`` with pinned headers at `offset` by the rule of
  /// ``CollectionLayout/attributes(of:in:at:)`` (under the viewport's
  /// leading inset), whatever `rect` is.
  ///
  /// - Complexity: as ``attributes(in:)``.
  public func attributes(in rect: CGRect, viewport: Viewport, at offset: CGPoint) -> [LayoutAttributes] {
    _attributes(in: rect, pinEdge: pinsSectionHeaders ? _pinEdge(viewport, offset) : nil)
  }

  /// The elements overlapping `rect`, pinned headers pinned at `pinEdge`
  /// (main-axis coordinate; nil: the rect's start).
  func _attributes(in rect: CGRect, pinEdge: Double?) -> [LayoutAttributes] {
    guard var plan = _visitPlan(rect) else { return [] }
    plan.pinEdge = pinEdge
    // Written in place, at most the plan's bound: no growing array.
    return [LayoutAttributes](_unsafeFilling: plan.bound) { result, count in
      _visit(
        plan,
        cell: {
          precondition(count < plan.bound, "GridLayout: a rect query past its bound")
          (result.baseAddress! + count).initialize(to: LayoutAttributes(indexPath: $0, frame: _itemFrame($1)))
          count += 1
        }
      ) { section, kind, frame, pinned in
        precondition(count < plan.bound, "GridLayout: a rect query past its bound")
        (result.baseAddress! + count).initialize(
          to: LayoutAttributes(
            indexPath: ItemIndexPath(item: 0, section: section), kind: kind,
            frame: frame, zIndex: pinned ? 1024 : 1))
        count += 1
      }
    }
  }

  /// The ids of the elements ``attributes(in:)`` returns, in the same order,
  /// without building their attributes.
  ///
  /// - Complexity: O(log n + lines crossed + k) for k results.
  public func elementIDs(in rect: CGRect) -> [ElementID] {
    guard let plan = _visitPlan(rect) else { return [] }
    return [ElementID](_unsafeFilling: plan.bound) { result, count in
      _visit(
        plan,
        cell: { path, _ in
          precondition(count < plan.bound, "GridLayout: a rect query past its bound")
          (result.baseAddress! + count).initialize(to: ElementID(.cell, path))
          count += 1
        }
      ) { section, kind, _, _ in
        precondition(count < plan.bound, "GridLayout: a rect query past its bound")
        (result.baseAddress! + count).initialize(to: ElementID(kind, ItemIndexPath(item: 0, section: section)))
        count += 1
      }
    }
  }

  /// What a rect query visits: the rect's (main, cross) ranges, the lines
  /// and sections it crosses, and at most how many elements it finds.
  struct _VisitPlan {
    /// The rect as asked, and its (main, cross) ranges widened by `slack`
    /// to pick candidates, which are then tested on their reported frames;
    /// narrowed by `slack` (`sureMain`, `sureCross`): a box that overlaps
    /// those overlaps the rect as reported too, untested.
    var rect: CGRect, mainStart: Double
    var main: (Double, Double), cross: (Double, Double)
    var sureMain: (Double, Double), sureCross: (Double, Double)
    var lines: Range<Int>, sections: Range<Int>
    /// Every item of those lines and a header and footer per section.
    var bound: Int
    /// Where pinned headers pin along the main axis; nil: the rect's start
    /// (`mainStart`, not widened).
    var pinEdge: Double? = nil
  }

  /// The plan of a query of `rect`; nil for an empty or non-finite rect.
  ///
  /// An element's reported frame is its size about its center
  /// (``LayoutAttributes/frame``), which can differ from the layout's own
  /// edges by an ulp or two: the ranges are widened by far more than that
  /// (1e-13 of the coordinates' scale) to pick candidates, and each
  /// candidate is kept by its reported frame (``_reportedOverlap(_:_:)``),
  /// so that the query agrees bit for bit with a scan of those frames.
  func _visitPlan(_ rect: CGRect) -> _VisitPlan? {
    guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
    let (exactMain, exactCross) = _ranges(rect)
    let slack = _slack(exactMain.0.magnitude + exactMain.1.magnitude + exactCross.0.magnitude + exactCross.1.magnitude)
    let main = (exactMain.0 - slack, exactMain.1 + slack), cross = (exactCross.0 - slack, exactCross.1 + slack)
    // First line whose end is past the rect's start.
    let firstLine = _partitionPoint(count: _lineMainStart.count) { _lineMainEnd[$0] > main.0 }
    var endLine = firstLine
    while endLine < _lineMainStart.count, _lineMainStart[endLine] < main.1 { endLine += 1 }
    let firstSection = _partitionPoint(count: _sectionMainStart.count) { _sectionMainEnd[$0] > main.0 }
    var endSection = firstSection
    while endSection < _sectionMainStart.count, _sectionMainStart[endSection] < main.1 { endSection += 1 }
    return _VisitPlan(
      rect: rect, mainStart: exactMain.0, main: main, cross: cross, sureMain: (exactMain.0 + slack, exactMain.1 - slack),
      sureCross: (exactCross.0 + slack, exactCross.1 - slack), lines: firstLine..<endLine, sections: firstSection..<endSection,
      bound: _lineFirstItem[endLine] - _lineFirstItem[firstLine] + 2 * (endSection - firstSection))
  }

  /// How far a query widens the layout's own edges to pick candidates:
  /// 1e-13 of the content's extent plus `magnitudes` (the query's
  /// coordinates), far past the ulp or two between those edges and the
  /// reported frames.
  func _slack(_ magnitudes: Double) -> Double {
    1e-13 * (Double(Swift.max(contentSize.width, contentSize.height)) + magnitudes + 1)
  }

  /// The edges of `frame` as an element reports it (its size about its
  /// center, ``LayoutAttributes/frame``): min and max on each axis.
  @inline(__always)
  static func _reportedEdges(_ frame: CGRect) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
    let center = LayoutAttributes._center(of: frame)
    let (w, h) = (Double(frame.size.width), Double(frame.size.height))
    let (minX, minY) = (Double(center.x) - w / 2, Double(center.y) - h / 2)
    return (minX, minX + w, minY, minY + h)
  }

  /// Whether `frame`, as an element reports it, overlaps `rect` with
  /// positive area.
  @inline(__always)
  static func _reportedOverlap(_ frame: CGRect, _ rect: CGRect) -> Bool {
    let e = _reportedEdges(frame)
    return frame.size.width > 0 && frame.size.height > 0 && e.minX < Double(rect.maxX) && Double(rect.minX) < e.maxX
      && e.minY < Double(rect.maxY) && Double(rect.minY) < e.maxY
  }

  /// Whether `frame`, as an element reports it, holds `point`, half-open:
  /// min ≤ p < max on both axes.
  static func _reportedFrame(_ frame: CGRect, holds point: CGPoint) -> Bool {
    let e = _reportedEdges(frame)
    let (x, y) = (Double(point.x), Double(point.y))
    return e.minX <= x && x < e.maxX && e.minY <= y && y < e.maxY
  }

  /// Calls `cell` with the index path and the global index of every item
  /// whose reported frame overlaps the planned rect with positive area
  /// (index order), then `supplementary` for each header and footer that
  /// does: at most `plan.bound` calls. An item well inside the rect (its
  /// box overlaps the plan's sure ranges) is kept without making its frame;
  /// one near an edge is kept by its reported frame. Inlined into each
  /// query, with its closures.
  @inline(__always)
  func _visit(
    _ plan: _VisitPlan, cell: (ItemIndexPath, Int) -> Void,
    supplementary: (_ section: Int, _ kind: ElementKind, _ frame: CGRect, _ pinned: Bool) -> Void
  ) {
    let (main, cross, sureMain, sureCross) = (plan.main, plan.cross, plan.sureMain, plan.sureCross)
    // Items are visited in ascending order: their section follows along
    // (no search per item). Columns read through their buffers: every index
    // is within the lines' items.
    var section = 0, sectionEnd = 0
    _items.withUnsafeBufferPointer { items in
      var line = plan.lines.lowerBound
      while line < plan.lines.upperBound {
        let first = _lineFirstItem[line], end = _lineFirstItem[line + 1]
        // The first item past the rect's cross start: usually the
        // line's first (a rect from the leading edge), else searched.
        var item = first
        if first < end, !(items[first].cross + items[first].crossSize > cross.0) {
          item += _partitionPoint(count: end - first) { items[first + $0].cross + items[first + $0].crossSize > cross.0 }
        }
        while item < end, items[item].cross < cross.1 {
          let box = items[item]
          if box.main < main.1, box.main + box.mainSize > main.0, box.crossSize > 0, box.mainSize > 0 {
            let inside =
              box.main < sureMain.1 && box.main + box.mainSize > sureMain.0 && box.cross < sureCross.1
              && box.cross + box.crossSize > sureCross.0
            if inside || GridLayout._reportedOverlap(_itemFrame(item), plan.rect) {
              if item >= sectionEnd {
                section = _section(ofItem: item)
                sectionEnd = _sectionFirstItem[section + 1]
              }
              cell(ItemIndexPath(item: item - _sectionFirstItem[section], section: section), item)
            }
          }
          item += 1
        }
        line += 1
      }
    }
    for section in plan.sections {
      for (kind, natural) in [(ElementKind._header, _headers[section]), (ElementKind._footer, _footers[section])] where natural.extent > 0 {
        var piece = natural
        let pinned = pinsSectionHeaders && kind == ElementKind._header
        if pinned { piece.start = _pinnedHeaderStart(section, viewportStart: plan.pinEdge ?? plan.mainStart) }
        if piece.start < main.1, piece.start + piece.extent > main.0, cross.0 < viewportCrossExtent, cross.1 > 0 {
          let frame = _frame(main: piece.start, cross: 0, mainSize: piece.extent, crossSize: viewportCrossExtent)
          if GridLayout._reportedOverlap(frame, plan.rect) { supplementary(section, kind, frame, pinned) }
        }
      }
    }
  }

  /// Where a pinned header starts along the scroll axis when the visible
  /// rect starts at `viewportStart`: at the rect's start, but never before
  /// its own place nor past the end of its section's items (before the footer).
  func _pinnedHeaderStart(_ section: Int, viewportStart: Double) -> Double {
    let header = _headers[section]
    let limit = _footers[section].start - header.extent
    return max(header.start, min(viewportStart, limit))
  }

  /// The frame of a section: its header, insets, lines and footer, across
  /// the whole cross extent.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   a section outside the layout.
  package func frame(ofSection section: Int) throws(HarmonicError) -> CGRect {
    try _Check.index(section, "section", count: itemCounts.count)
    return _frame(
      main: _sectionMainStart[section], cross: 0, mainSize: _sectionMainEnd[section] - _sectionMainStart[section],
      crossSize: viewportCrossExtent)
  }

  /// The number of lines (rows of a vertical grid, columns of a horizontal one).
  package var lineCount: Int { _lineMainStart.count }

  /// The item whose frame contains `point` (half-open: min ≤ p < max), or nil.
  ///
  /// - Complexity: O(log n).
  public func indexPath(at point: CGPoint) -> ItemIndexPath? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    var x = Double(point.x)
    // RTL mirroring maps the half-open [min, max) to (min, max]; nudge back.
    // x is the cross axis of a vertical layout and the main axis of a
    // horizontal one.
    if isRightToLeft { x = (Double(contentSize.width) - x).nextDown }
    let (main, cross) = scrollAxis == .vertical ? (Double(point.y), x) : (x, Double(point.y))
    // An item's reported frame (its size about its center) can differ from
    // the layout's own edges by an ulp: candidates are found by those
    // edges widened by far more (1e-13 of the scale) and kept by their
    // reported frames, so the answer agrees with a scan of those frames.
    let slack = _slack(main.magnitude + cross.magnitude)
    // Every line and item whose own edges come within `slack` of the
    // point, in index order; the first whose reported frame holds it.
    var line = _partitionPoint(count: _lineMainStart.count) { _lineMainEnd[$0] > main - slack }
    while line < _lineMainStart.count, _lineMainStart[line] <= main + slack {
      let first = _lineFirstItem[line], end = _lineFirstItem[line + 1]
      var item = first + _partitionPoint(count: end - first) { _items[first + $0].cross + _items[first + $0].crossSize > cross - slack }
      while item < end, _items[item].cross <= cross + slack {
        if GridLayout._reportedFrame(_itemFrame(item), holds: point) { return _indexPath(item) }
        item += 1
      }
      line += 1
    }
    return nil
  }

}

extension GridLayout {
  /// Whether the layout has this item.
  package func contains(_ indexPath: ItemIndexPath) -> Bool {
    (0..<itemCounts.count).contains(indexPath.section) && (0..<itemCounts[indexPath.section]).contains(indexPath.item)
  }
}
