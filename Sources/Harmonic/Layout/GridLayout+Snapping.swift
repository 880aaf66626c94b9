/// Snap targets taken from a layout, so that snapping lands where the layout
/// puts things (section insets, headers, several items per line included).
extension GridLayout {
  /// What a snap target is.
  public enum SnapUnit: Sendable, Hashable {
    /// Lines: rows of a vertical grid, columns of a horizontal one — every
    /// item of a line shares one target, so a multi-column grid is not
    /// de-duplicated by hand.
    case lines
    /// Sections, from the start of the header to the end of the footer.
    case sections
  }

  /// A ``SnapLayout`` along the scroll axis for this layout seen through
  /// `viewport`: its content insets along the axis are the snap area's
  /// insets (a 64-pt bar is a 64-pt top inset), and with
  /// `pinsSectionHeaders` each line's target is moved down by its
  /// section's header, which covers the top of the snap area while the
  /// section scrolls under it (exact for leading alignment).
  ///
  /// Positions are in reading order from the leading edge; for a
  /// right-to-left horizontal layout pass `isRightToLeft: true` in
  /// ``Snapping/Options`` (``snapOptions(alignment:)`` does).
  ///
  /// - Parameters:
  ///   - unit: lines or sections.
  ///   - viewport: the scroll view's size and insets.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   layout without lines (every section empty) when snapping by lines, or
  ///   insets that leave no snap area.
  /// - Complexity: O(1) for lines and sections without pinned headers (the
  ///   layout's own arrays are shared), O(lines) with them; queries stay O(log n).
  public func snapLayout(by unit: SnapUnit, viewport: Viewport) throws(HarmonicError) -> SnapLayout {
    let vertical = scrollAxis == .vertical
    let insets = viewport.insets
    let (leading, trailing) = vertical ? (insets.top, insets.bottom) : (isRightToLeft ? (insets.right, insets.left) : (insets.left, insets.right))
    let extent = Double(vertical ? viewport.size.height : viewport.size.width)
    let content = Double(vertical ? contentSize.height : contentSize.width)
    try SnapLayout._checkViewport(extent, leading, trailing)
    switch unit {
    case .sections:
      return SnapLayout(
        items: .explicit(starts: _sectionMainStart, ends: _sectionMainEnd), contentExtent: content,
        viewportExtent: extent, leadingInset: leading, trailingInset: trailing)
    case .lines:
      guard !_lineMainStart.isEmpty else {
        throw .invalidParameter(name: "lines", value: 0, accepted: "≥ 1 (every section is empty: snap by sections instead)")
      }
      guard pinsSectionHeaders else {
        return SnapLayout(
          items: .explicit(starts: _lineMainStart, ends: _lineMainEnd), contentExtent: content,
          viewportExtent: extent, leadingInset: leading, trailingInset: trailing)
      }
      var starts = _lineMainStart, ends = _lineMainEnd
      var section = 0
      for line in 0..<starts.count {
        while _sectionFirstItem[section + 1] <= _lineFirstItem[line] { section += 1 }
        let header = _headers[section].extent
        (starts[line], ends[line]) = (starts[line] - header, ends[line] - header)
      }
      return SnapLayout(
        items: .explicit(starts: starts, ends: ends), contentExtent: content,
        viewportExtent: extent, leadingInset: leading, trailingInset: trailing)
    }
  }

  /// ``Snapping/Options`` for this layout: `alignment`, right-to-left when
  /// the layout scrolls horizontally right to left.
  public func snapOptions(alignment: SnapAlignment = .leading) -> Snapping.Options {
    Snapping.Options(alignment: alignment, isRightToLeft: isRightToLeft && scrollAxis == .horizontal)
  }
}

extension SnapLayout {
  /// Snap targets of any layout's cells along `axis`: each cell's extent on
  /// that axis. Cells sharing an extent (the items of one row) become one
  /// target. When extents overlap (the columns of a waterfall), each
  /// distinct extent's start becomes a snap point instead (a zero-extent
  /// target, so `.leading` alignment rests the snap area's start on it).
  ///
  /// - Parameters:
  ///   - layout: the layout; every cell in its content rect is read.
  ///   - axis: the scroll axis.
  ///   - viewport: the scroll view's size and insets (the insets along the
  ///     axis are the snap area's).
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   layout without cells, or insets that leave no snap area.
  /// - Complexity: O(n log n) for n cells, once; queries O(log n).
  public static func items(of layout: some CollectionLayout, axis: ScrollAxis, viewport: Viewport) throws(HarmonicError) -> SnapLayout {
    let vertical = axis == .vertical
    let content = CGRect(origin: .zero, size: layout.contentSize).insetBy(dx: -1, dy: -1)
    var extents: [(Double, Double)] = []
    for element in layout.attributes(in: content) where element.kind == .cell {
      let frame = element.frame
      extents.append(vertical ? (Double(frame.minY), Double(frame.maxY)) : (Double(frame.minX), Double(frame.maxX)))
    }
    guard !extents.isEmpty else {
      throw .invalidParameter(name: "cells", value: 0, accepted: "≥ 1 cell in the layout's content rect")
    }
    extents.sort { $0 < $1 }
    var starts: [Double] = [], ends: [Double] = []
    var overlapping = false
    for (start, end) in extents where starts.last != start || ends.last != end {
      if let last = ends.last, start < last { overlapping = true }
      starts.append(start)
      ends.append(end)
    }
    if overlapping {
      var points: [Double] = []
      for start in starts where points.last != start { points.append(start) }
      (starts, ends) = (points, points)
    }
    let insets = viewport.insets
    let (leading, trailing) = vertical ? (insets.top, insets.bottom) : (insets.left, insets.right)
    return try SnapLayout(
      starts: starts, ends: ends, contentExtent: max(ends[ends.count - 1], Double(vertical ? layout.contentSize.height : layout.contentSize.width)),
      viewport: Double(vertical ? viewport.size.height : viewport.size.width), leadingInset: leading, trailingInset: trailing)
  }
}
