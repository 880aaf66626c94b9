// Setup, stage 3: elements that cross the screen without being visible at
// either end, found in two corridors — rects the visible frames widen — and
// paired like the visible ones.

extension LayoutTransition {
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
}
