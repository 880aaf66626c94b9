extension GridLayout {
  /// The content offset that shows `indexPath` at `position`, honouring the
  /// content insets, clamped to the reachable range.
  ///
  /// - Parameters:
  ///   - indexPath: the item to show.
  ///   - position: where in the visible area (UIKit's `ScrollPosition`).
  ///   - viewport: the viewport's size and content insets.
  ///   - current: the current offset (used by `.none`, and for the axis the
  ///     position does not name).
  public func contentOffset(
    toShow indexPath: ItemIndexPath, at position: ScrollPosition, viewport: Viewport, current: CGPoint = _zeroPoint
  ) throws(HarmonicError) -> CGPoint {
    let frame = try self.frame(of: indexPath)
    return viewport.clamp(Self._offset(showing: frame, at: position, viewport: viewport, current: current), content: contentSize)
  }

  static func _offset(showing frame: CGRect, at position: ScrollPosition, viewport: Viewport, current: CGPoint) -> CGPoint {
    let i = viewport.insets
    let (w, h) = (Double(viewport.size.width), Double(viewport.size.height))
    var x = Double(current.x), y = Double(current.y)
    switch position {
    case .top: y = Double(frame.minY) - i.top
    case .bottom: y = Double(frame.maxY) - h + i.bottom
    case .centeredVertically: y = Double(frame.midY) - i.top - (h - i.top - i.bottom) / 2
    case .left: x = Double(frame.minX) - i.left
    case .right: x = Double(frame.maxX) - w + i.right
    case .centeredHorizontally: x = Double(frame.midX) - i.left - (w - i.left - i.right) / 2
    case .none:
      x = _minimal(x, low: Double(frame.minX) - i.left, high: Double(frame.maxX) - w + i.right)
      y = _minimal(y, low: Double(frame.minY) - i.top, high: Double(frame.maxY) - h + i.bottom)
    }
    return CGPoint(x: x, y: y)
  }

  /// The offset nearest `current` that shows [start, end]: `low` puts its
  /// start at the leading edge, `high` its end at the trailing edge.
  static func _minimal(_ current: Double, low: Double, high: Double) -> Double {
    if high > low { return low }  // larger than the visible area: show its start
    return min(max(current, high), low)
  }

  /// The content offset in this (new) layout that places `indexPaths` as
  /// `placement` says, clamped to the reachable range.
  ///
  /// - Parameters:
  ///   - indexPaths: the items to place (their bounding box for `.visible`,
  ///     `.center` and the edges; the first one for `.minimal`).
  ///   - placement: how to place them.
  ///   - viewport: the viewport's size and content insets.
  ///   - old: the layout the transition starts from and its offset, needed by `.minimal`.
  ///   - current: the current offset (for `.visible`).
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for an
  ///   empty set, an index path outside either layout, or a non-finite
  ///   `current` or old offset.
  public func placement(
    of indexPaths: [ItemIndexPath], _ placement: TransitionPlacement, viewport: Viewport, current: CGPoint,
    old: (layout: GridLayout, offset: CGPoint)? = nil
  ) throws(HarmonicError) -> CGPoint {
    try _Check.count(indexPaths.count, "indexPaths.count", atLeast: 1)
    for (name, point) in [("current", current), ("old.offset", old?.offset ?? .zero)] {
      try _Check.coordinate(Double(point.x), name)
      try _Check.coordinate(Double(point.y), name)
    }
    let first = indexPaths[0]
    var box = try frame(of: first)
    for indexPath in indexPaths.dropFirst() { box = box.union(try frame(of: indexPath)) }
    let i = viewport.insets
    let (w, h) = (Double(viewport.size.width), Double(viewport.size.height))
    var offset: CGPoint
    switch placement {
    case .minimal:
      if let old {
        let before = try old.layout.frame(of: first)
        let after = try frame(of: first)
        offset = CGPoint(
          x: Double(after.minX) - (Double(before.minX) - Double(old.offset.x)),
          y: Double(after.minY) - (Double(before.minY) - Double(old.offset.y)))
      } else {
        offset = Self._offset(showing: box, at: .none, viewport: viewport, current: current)
      }
    case .visible:
      offset = Self._offset(showing: box, at: .none, viewport: viewport, current: current)
    case .center:
      offset = CGPoint(x: Double(box.midX) - i.left - (w - i.left - i.right) / 2, y: Double(box.midY) - i.top - (h - i.top - i.bottom) / 2)
    case .top: offset = CGPoint(x: Double(current.x), y: Double(box.minY) - i.top)
    case .bottom: offset = CGPoint(x: Double(current.x), y: Double(box.maxY) - h + i.bottom)
    case .left: offset = CGPoint(x: Double(box.minX) - i.left, y: Double(current.y))
    case .right: offset = CGPoint(x: Double(box.maxX) - w + i.right, y: Double(current.y))
    }
    return viewport.clamp(offset, content: contentSize)
  }

  /// For a table → collection transition: the offset in this layout that
  /// brings `indexPath`'s line to the top of the visible area, clamped to the
  /// reachable range.
  public func offsetBringingToFirstRow(_ indexPath: ItemIndexPath, viewport: Viewport) throws(HarmonicError) -> CGPoint {
    let index = try _globalIndex(indexPath)
    let line = _partitionPoint(count: _lineMainStart.count) { self._lineFirstItem[$0 + 1] > index }
    let start = _lineMainStart[line]
    let offset =
      scrollAxis == .vertical
      ? CGPoint(x: -viewport.insets.left, y: start - viewport.insets.top)
      : CGPoint(
        x: isRightToLeft ? Double(contentSize.width) - start - Double(viewport.size.width) + viewport.insets.right : start - viewport.insets.left,
        y: -viewport.insets.top)
    return viewport.clamp(offset, content: contentSize)
  }

  /// Index paths of the cells visible in `rect` (O(log n + k)).
  package func visibleIndexPaths(in rect: CGRect) -> [ItemIndexPath] {
    attributes(in: rect).filter { $0.kind == .cell }.map(\.indexPath)
  }
}
