/// What a transition (and anything else that animates a layout) needs from
/// a layout: its size, the elements in a rect, one element's attributes and
/// the number of items per section. ``GridLayout`` and ``LayoutSnapshot``
/// conform; conform your own (a circle, a waterfall, a card stack) to
/// animate between it and any other.
///
/// Coordinates are content coordinates in points (the visible rect at
/// content offset o is `o` plus the viewport size).
public protocol CollectionLayout: Sendable {
  /// The scrollable content, points.
  var contentSize: CGSize { get }
  /// Items per section (sections in order). A batch update's old → new
  /// index mapping is derived from these counts.
  var itemCounts: [Int] { get }
  /// Every element (cells, supplementary and decoration views) whose frame
  /// overlaps `rect`; any order.
  func attributes(in rect: CGRect) -> [LayoutAttributes]
  /// One element's attributes, or nil when the layout has no such element.
  func attributes(of element: ElementID) -> LayoutAttributes?
  /// The ids of the elements ``attributes(in:)`` returns. A transition
  /// needs only these for the visible rects; implement it when building
  /// attributes costs more than naming the elements. Default:
  /// `attributes(in: rect).map(\.elementID)`.
  func elementIDs(in rect: CGRect) -> [ElementID]
  /// One element as the collection view shows it with `viewport` scrolled
  /// to `offset`: ``CollectionLayout/attributes(of:)``, except for elements the layout places
  /// relative to the visible area. The rule for pinned (sticky) section
  /// headers, the same for every call that takes a viewport and an offset —
  /// transitions, ``LayoutAnimator`` and ``GridLayout/snapLayout(by:viewport:)``:
  /// a pinned header sits at the leading edge of the visible area *inside
  /// the viewport's insets* (below a navigation bar's inset, as UIKit pins
  /// to the adjusted content inset), never before its own place nor past
  /// its section's last line. Default: ``CollectionLayout/attributes(of:)``.
  func attributes(of element: ElementID, in viewport: Viewport, at offset: CGPoint) -> LayoutAttributes?
  /// Every element whose frame overlaps `rect`, as the collection view shows
  /// them with `viewport` scrolled to `offset` (pinned headers by the rule of
  /// ``CollectionLayout/attributes(of:in:at:)``, whatever `rect` is: UIKit
  /// asks for rects larger than the visible one). Default:
  /// ``CollectionLayout/attributes(in:)``.
  func attributes(in rect: CGRect, viewport: Viewport, at offset: CGPoint) -> [LayoutAttributes]
}

extension CollectionLayout {
  public func elementIDs(in rect: CGRect) -> [ElementID] { attributes(in: rect).map(\.elementID) }
  public func attributes(of element: ElementID, in viewport: Viewport, at offset: CGPoint) -> LayoutAttributes? { attributes(of: element) }
  public func attributes(in rect: CGRect, viewport: Viewport, at offset: CGPoint) -> [LayoutAttributes] { attributes(in: rect) }
}

extension GridLayout: CollectionLayout {
  /// Cells, and the `"header"`/`"footer"` supplementary views of sections
  /// that have them (item 0 of the section). O(log n).
  @inline(__always)
  public func attributes(of element: ElementID) -> LayoutAttributes? {
    // Cells inline into the caller (a transition's setup looks up every
    // element); views go through the call below.
    guard element.kind == .cell else { return _viewAttributes(of: element) }
    return _cellFrame(element.indexPath).map { LayoutAttributes(indexPath: element.indexPath, frame: $0) }
  }

  /// The frame ``attributes(of:)`` gives the cell at `indexPath` (its
  /// other fields at their defaults); nil when the layout has no such item.
  @inline(__always)
  func _cellFrame(_ indexPath: ItemIndexPath) -> CGRect? {
    guard contains(indexPath) else { return nil }
    return _itemFrame(_sectionFirstItem[indexPath.section] + indexPath.item)
  }

  func _viewAttributes(of element: ElementID) -> LayoutAttributes? {
    switch element.kind {
    case ElementKind._header, ElementKind._footer:
      let section = element.indexPath.section
      guard element.indexPath.item == 0, (0..<itemCounts.count).contains(section) else { return nil }
      let piece = element.kind == ElementKind._header ? _headers[section] : _footers[section]
      guard piece.extent > 0 else { return nil }
      return _supplementary(element.kind, section: section, piece)
    default:
      return nil
    }
  }

  /// A pinned header at `offset` by the rule of ``CollectionLayout/attributes(of:in:at:)``;
  /// anything else as `attributes(of:)` gives it.
  public func attributes(of element: ElementID, in viewport: Viewport, at offset: CGPoint) -> LayoutAttributes? {
    guard pinsSectionHeaders, element.kind == ElementKind._header else { return attributes(of: element) }
    let section = element.indexPath.section
    guard element.indexPath.item == 0, (0..<itemCounts.count).contains(section), _headers[section].extent > 0 else { return nil }
    var piece = _headers[section]
    piece.start = _pinnedHeaderStart(section, viewportStart: _pinEdge(viewport, offset))
    var pinned = _supplementary(ElementKind._header, section: section, piece)
    pinned.zIndex = 1024  // as attributes(in:) gives a pinned header
    return pinned
  }

  /// Where pinned headers pin at `offset`, in the layout's main-axis
  /// coordinates: the leading edge of the visible area inside the insets.
  func _pinEdge(_ viewport: Viewport, _ offset: CGPoint) -> Double {
    let insets = viewport.insets
    if scrollAxis == .vertical { return Double(offset.y) + insets.top }
    if isRightToLeft { return Double(contentSize.width) - (Double(offset.x) + Double(viewport.size.width) - insets.right) }
    return Double(offset.x) + insets.left
  }

  func _supplementary(_ kind: ElementKind, section: Int, _ piece: (start: Double, extent: Double)) -> LayoutAttributes {
    let frame = _frame(main: piece.start, cross: 0, mainSize: piece.extent, crossSize: viewportCrossExtent)
    return LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: section), kind: kind, frame: frame, zIndex: 1)
  }
}

/// A layout given as its attributes: for apps that compute their own
/// (a circle, a waterfall, a compositional layout read back from UIKit).
///
/// Every element is kept; ``attributes(in:)`` scans them all (O(n)), and
/// ``attributes(of:)`` is O(1): a cell's place in a flat table when the
/// cells given fill at least half of their sections, else a hash lookup.
public struct LayoutSnapshot: CollectionLayout {
  public let contentSize: CGSize
  public let itemCounts: [Int]
  /// The elements, in the order given.
  public let elements: [LayoutAttributes]
  let _index: _ElementIndex

  /// - Parameters:
  ///   - elements: every element of the layout; ids (kind + index path) unique.
  ///   - contentSize: the content size, points (finite, ≥ 0).
  ///   - itemCounts: items per section; nil counts the cells given (the
  ///     largest item index + 1 per section, sections up to the largest
  ///     given). Give it when `elements` is not every cell.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   duplicate id, a negative or too large size, a non-finite center,
  ///   transform or alpha (or one beyond ±1e12), an index outside the
  ///   limits, a cell outside `itemCounts`, or a bad content size. An alpha
  ///   outside [0, 1] is accepted: a frame in flight overshoots it with a
  ///   bouncy spring (UIKit draws it clamped), and any frame's attributes
  ///   are a valid snapshot to start the next transition from.
  /// - Complexity: O(n) time and memory.
  public init(elements: [LayoutAttributes], contentSize: CGSize, itemCounts: [Int]? = nil) throws(HarmonicError) {
    for (name, value) in [("contentSize.width", Double(contentSize.width)), ("contentSize.height", Double(contentSize.height))] {
      try _Check.length(value, name)
    }
    var index = _ElementIndex(elements)
    // Read in place: iterating the array would copy every element (a whole `LayoutAttributes`).
    try elements.withUnsafeBufferPointer { buffer in
      Result { () throws(HarmonicError) in
        for k in buffer.indices {
          try LayoutSnapshot.check(buffer[k])
          let id = ElementID(buffer[k].kind, buffer[k].indexPath)
          try _Check.unique(index.insert(k, for: id), "elements[\(k)] (\(id))", value: Double(k), accepted: "a unique kind + index path")
        }
      }
    }.unwrapped()
    let counts = index.counts
    if let itemCounts {
      for (s, count) in itemCounts.enumerated() where !(0..._Check.maximumItemCount).contains(count) {
        try _Check.itemCount(count, "itemCounts[\(s)]")
      }
      for (s, count) in counts.enumerated() where count > 0 && (s >= itemCounts.count || count > itemCounts[s]) {
        throw .invalidParameter(
          name: "itemCounts[\(s)]", value: Double(s < itemCounts.count ? itemCounts[s] : 0),
          accepted: "≥ \(count), the cells given in section \(s)")
      }
    }
    self.contentSize = contentSize
    self.itemCounts = itemCounts ?? counts
    self.elements = elements
    self._index = index
  }

  /// Checks a rect to read: a finite origin within ±1e12 and a size
  /// within [0, 1e12], named `name.origin.x` … `name.size.height`.
  package static func _checkRect(_ rect: CGRect, _ name: String) throws(HarmonicError) {
    try _Check.coordinate(Double(rect.origin.x), "\(name).origin.x")
    try _Check.coordinate(Double(rect.origin.y), "\(name).origin.y")
    try _Check.length(Double(rect.size.width), "\(name).size.width")
    try _Check.length(Double(rect.size.height), "\(name).size.height")
  }

  /// Attributes already checked (a transition's own end states).
  static func _unchecked(_ elements: [LayoutAttributes], contentSize: CGSize) -> LayoutSnapshot {
    var index = _ElementIndex(elements)
    elements.withUnsafeBufferPointer { buffer in
      // A repeated id keeps the last, as a dictionary's assignment does.
      for k in buffer.indices { index.assign(k, for: ElementID(buffer[k].kind, buffer[k].indexPath)) }
    }
    return LayoutSnapshot(contentSize: contentSize, itemCounts: index.counts, elements: elements, _index: index)
  }

  init(contentSize: CGSize, itemCounts: [Int], elements: [LayoutAttributes], _index: _ElementIndex) {
    (self.contentSize, self.itemCounts, self.elements, self._index) = (contentSize, itemCounts, elements, _index)
  }

  static func check(_ element: LayoutAttributes) throws(HarmonicError) {
    if _isPlainlyValid(element) { return }
    try _checkNamed(element)
  }

  /// Whether `element` passes ``check(_:)`` by a sufficient test without
  /// branches per value: index path in range, sizes within [0, 1e12], and
  /// the sum of the squares of every coordinate, transform entry and alpha
  /// below 0.99e24 (so each is finite and within ±1e12; a NaN fails it). A
  /// false goes through the checks one by one, which name the value (and
  /// accept the rare large element this sum refuses). Most of a snapshot's
  /// cost was the 27 separate checks.
  @inline(__always)
  static func _isPlainlyValid(_ element: LayoutAttributes) -> Bool {
    let (section, item) = (element.indexPath.section, element.indexPath.item)
    let (w, h) = (Double(element.size.width), Double(element.size.height))
    guard section >= 0, section < _Check.maximumSectionCount, item >= 0, item < _Check.maximumItemCount,
      w >= 0, w <= _Check.maximumLength, h >= 0, h <= _Check.maximumLength
    else { return false }
    let (x, y, t, alpha) = (Double(element.center.x), Double(element.center.y), element.transform, element.alpha)
    let m = element.transform3D.m
    var squares = x * x + y * y
    squares += t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d + t.tx * t.tx + t.ty * t.ty + alpha * alpha
    squares += (m * m).sum()
    return squares <= 0.99e24
  }

  static func _checkNamed(_ element: LayoutAttributes) throws(HarmonicError) {
    let id = element.elementID
    try _Check.index(element.indexPath.section, "\(id) index path section", count: _Check.maximumSectionCount, of: "(sections)")
    try _Check.index(element.indexPath.item, "\(id) index path item", count: _Check.maximumItemCount, of: "(items)")
    // No arrays here: a snapshot checks every element, and two allocations
    // per element were most of a 100k-element snapshot's cost.
    let width = Double(element.size.width), height = Double(element.size.height)
    try _Check.length(width, "\(id) width")
    try _Check.length(height, "\(id) height")
    func finite(_ value: Double) throws(HarmonicError) {
      try _Check.coordinate(value, "\(id) center, transform or alpha", unit: "points, or the transform's own")
    }
    let t = element.transform
    try finite(Double(element.center.x))
    try finite(Double(element.center.y))
    try finite(t.a)
    try finite(t.b)
    try finite(t.c)
    try finite(t.d)
    try finite(t.tx)
    try finite(t.ty)
    try finite(element.alpha)
    let m = element.transform3D.m
    for k in 0..<16 { try finite(m[k]) }
  }

  /// Every element whose untransformed frame overlaps `rect` with positive
  /// area, in the order given. O(n).
  public func attributes(in rect: CGRect) -> [LayoutAttributes] {
    elements.filter { $0.frame._overlaps(rect) }
  }

  public func attributes(of element: ElementID) -> LayoutAttributes? {
    guard let k = _index[element] else { return nil }
    return elements[k]
  }

  /// The ids of ``attributes(in:)``, in the order given, read in place
  /// (no attributes copied). O(n).
  public func elementIDs(in rect: CGRect) -> [ElementID] {
    elements.withUnsafeBufferPointer { buffer in
      var ids: [ElementID] = []
      guard let base = buffer.baseAddress else { return ids }
      for k in 0..<buffer.count where (base + k).pointee.frame._overlaps(rect) {
        ids.append(ElementID((base + k).pointee.kind, (base + k).pointee.indexPath))
      }
      return ids
    }
  }
}

extension CGRect {
  /// Positive-area overlap of two finite rects (zero-size rects overlap nothing).
  package func _overlaps(_ other: CGRect) -> Bool {
    let (a, b) = (self.standardized, other.standardized)
    return a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
      && a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }
}

/// Where each element of a ``LayoutSnapshot`` is. Cells, when they fill
/// at least half of the sections they span (a layout's own cells do), sit
/// in one flat table by section start + item, so a lookup is two array
/// reads instead of hashing an id (which was most of a 100,000-element
/// snapshot transition's setup); other kinds, and sparse cells, go in a
/// dictionary.
struct _ElementIndex: Sendable {
  /// Items per section: the largest item index given + 1.
  private(set) var counts: [Int]
  /// The flat table's first slot of each section (nil: no table).
  private let starts: [Int]?
  /// Per slot, the element's index + 1 (0: none).
  private var cells: [Int32]
  private var others: [ElementID: Int] = [:]

  /// An empty index shaped for `elements`: one pass over their ids.
  init(_ elements: [LayoutAttributes]) {
    var counts: [Int] = []
    var (cellCount, dense) = (0, elements.count < Int(Int32.max))
    elements.withUnsafeBufferPointer { buffer in
      for k in buffer.indices where buffer[k].kind == .cell {
        let (s, i) = (buffer[k].indexPath.section, buffer[k].indexPath.item)
        // Out-of-range paths are refused by the snapshot's checks; here they only rule out the table.
        guard (0..<_Check.maximumSectionCount).contains(s), (0..<_Check.maximumItemCount).contains(i) else {
          dense = false
          continue
        }
        if counts.count <= s { counts += [Int](repeating: 0, count: s + 1 - counts.count) }
        counts[s] = max(counts[s], i + 1)
        cellCount += 1
      }
    }
    let slots = counts.reduce(0, +)
    dense = dense && slots <= 2 * cellCount + 64
    var starts: [Int] = []
    if dense {
      starts.reserveCapacity(counts.count + 1)
      var next = 0
      for count in counts {
        starts.append(next)
        next += count
      }
      starts.append(next)
    }
    self.counts = counts
    self.starts = dense ? starts : nil
    cells = [Int32](repeating: 0, count: dense ? slots : 0)
    others.reserveCapacity(dense ? elements.count - cellCount : elements.count)
  }

  /// The flat slot of a cell at `path`, if the table holds it.
  @inline(__always)
  private func slot(_ path: ItemIndexPath) -> Int? {
    guard let starts, path.section >= 0, path.section < starts.count - 1, path.item >= 0 else { return nil }
    let slot = starts[path.section] + path.item
    return slot < starts[path.section + 1] ? slot : nil
  }

  /// Records element `k` at `id`; false, recording nothing, when the id is already taken.
  mutating func insert(_ k: Int, for id: ElementID) -> Bool {
    if id.kind == .cell, let slot = slot(id.indexPath) {
      guard cells[slot] == 0 else { return false }
      cells[slot] = Int32(k + 1)
      return true
    }
    return others.updateValue(k, forKey: id) == nil
  }

  /// Records element `k` at `id`, replacing any earlier one.
  mutating func assign(_ k: Int, for id: ElementID) {
    if id.kind == .cell, let slot = slot(id.indexPath) {
      cells[slot] = Int32(k + 1)
    } else {
      others[id] = k
    }
  }

  /// The index of the element at `id`, if any.
  subscript(id: ElementID) -> Int? {
    if id.kind == .cell, starts != nil {
      guard let slot = slot(id.indexPath), cells[slot] != 0 else { return nil }
      return Int(cells[slot]) - 1
    }
    return others[id]
  }
}
