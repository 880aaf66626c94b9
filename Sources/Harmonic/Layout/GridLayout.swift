/// A flow (grid) layout computed without UIKit: sections of items filled into
/// lines across the viewport, lines stacked along the scroll axis — the model
/// of `UICollectionViewFlowLayout`, plus list and carousel forms.
///
/// Rules (vertical scrolling; horizontal swaps the roles of x and y):
/// - A section is its header, its top inset, its lines, its bottom inset and
///   its footer, stacked along the scroll axis; sections follow each other.
/// - Items fill a line from the leading edge at the inter-item spacing until
///   the next one would not fit in the available width (viewport width minus
///   the section's leading and trailing insets); lines are `lineSpacing`
///   apart; an item is centered in its line's height. Lines are
///   leading-aligned by default (an item's position then does not depend on
///   its neighbours' sizes) or, with ``LineAlignment/justified``, spread as
///   UICollectionViewFlowLayout spreads them: the first item at the leading
///   edge, the last at the trailing edge, equal gaps between; a line of one
///   item centered.
/// - A section may be empty: its header, insets and footer still take their place.
/// - With `pinsSectionHeaders` (UIKit's `sectionHeadersPinToVisibleBounds`)
///   a section's header stays at the start of the visible area while the
///   section is there, pushed along by the section's end: under the
///   viewport's leading inset for ``attributes(in:viewport:at:)`` and
///   ``attributes(of:in:at:)`` (what transitions and ``LayoutAnimator`` use),
///   at the queried rect's start for ``attributes(in:)``; `attributes(of:)`
///   with an ``ElementID`` reports headers where they are unpinned.
/// - Headers and footers span the viewport width (`.supplementary("header")`,
///   `.supplementary("footer")`).
/// - Right-to-left mirrors every frame horizontally across the content width,
///   as UIKit's `flipsHorizontallyInOppositeLayoutDirection` does; a section's
///   `left` inset is then on the right (it is the leading inset).
///
/// Queries (`attributes(in:)`, `indexPath(at:)`) are O(log n + k): binary
/// searches over lines and over the items of a line.
public struct GridLayout: Sendable {
  /// How big a section's items are.
  public enum ItemSizes: Sendable, Hashable {
    case fixed(CGSize)
    case perItem([CGSize])

    public func hash(into hasher: inout Hasher) {
      switch self {
      case .fixed(let size):
        hasher.combine(0)
        hasher.combine(size: size)
      case .perItem(let sizes):
        hasher.combine(1)
        hasher.combine(sizes.count)
        for size in sizes { hasher.combine(size: size) }
      }
    }
  }

  /// One section's configuration, in points.
  public struct Section: Sendable, Hashable {
    public var itemCount: Int
    public var itemSizes: ItemSizes
    public var insets: LayoutInsets
    /// Between lines, along the scroll axis.
    public var lineSpacing: Double
    /// Between items of one line, across the scroll axis.
    public var interitemSpacing: Double
    /// Header and footer extents along the scroll axis (0: none).
    public var headerExtent: Double
    public var footerExtent: Double

    public init(
      itemCount: Int, itemSize: CGSize, insets: LayoutInsets = .zero, lineSpacing: Double = 10, interitemSpacing: Double = 10,
      headerExtent: Double = 0, footerExtent: Double = 0
    ) {
      self.init(
        itemSizes: .fixed(itemSize), itemCount: itemCount, insets: insets, lineSpacing: lineSpacing,
        interitemSpacing: interitemSpacing, headerExtent: headerExtent, footerExtent: footerExtent)
    }

    public init(
      itemSizes: [CGSize], insets: LayoutInsets = .zero, lineSpacing: Double = 10, interitemSpacing: Double = 10,
      headerExtent: Double = 0, footerExtent: Double = 0
    ) {
      self.init(
        itemSizes: .perItem(itemSizes), itemCount: itemSizes.count, insets: insets, lineSpacing: lineSpacing,
        interitemSpacing: interitemSpacing, headerExtent: headerExtent, footerExtent: footerExtent)
    }

    init(
      itemSizes: ItemSizes, itemCount: Int, insets: LayoutInsets, lineSpacing: Double, interitemSpacing: Double,
      headerExtent: Double, footerExtent: Double
    ) {
      self.itemSizes = itemSizes
      self.itemCount = itemCount
      self.insets = insets
      self.lineSpacing = lineSpacing
      self.interitemSpacing = interitemSpacing
      self.headerExtent = headerExtent
      self.footerExtent = footerExtent
    }

    func size(_ item: Int) -> CGSize {
      switch itemSizes {
      case let .fixed(size): return size
      case let .perItem(sizes): return sizes[item]
      }
    }
  }

  /// How the items of a line are placed across the scroll axis.
  public enum LineAlignment: Sendable, Hashable {
    /// From the leading edge at the inter-item spacing.
    case leading
    /// UIKit's flow layout: first item at the leading edge, last at the
    /// trailing edge, equal gaps (at least the inter-item spacing); a lone
    /// item centered.
    case justified
  }

  public let scrollAxis: ScrollAxis
  package let lineAlignment: LineAlignment
  /// Headers stay at the start of the visible rect while their section is in it.
  package let pinsSectionHeaders: Bool
  public let isRightToLeft: Bool
  /// The viewport's extent across the scroll axis (its width when scrolling vertically).
  package let viewportCrossExtent: Double
  /// The whole content, points.
  public let contentSize: CGSize
  /// Items per section.
  public let itemCounts: [Int]

  // Left-to-right storage in (main, cross) coordinates: main runs along the
  // scroll axis, cross across it.
  let _sectionFirstItem: [Int]  // + sentinel: total count
  let _lineMainStart: [Double]
  let _lineMainEnd: [Double]
  let _lineFirstItem: [Int]  // + sentinel
  /// Each item's box, its four numbers side by side: a frame lookup reads
  /// one stream, not four. A transition's setup reads two layouts while it
  /// writes 22 columns; with four arrays per layout a 100,000-item setup
  /// took 7.4–7.7 ms against 5.7–5.8 (two pairs of arrays: 6.1–6.2), and
  /// the rect and point queries cost the same either way.
  let _items: [_ItemBox]
  /// Per section: header (start, extent) and footer (start, extent) along main.
  let _headers: [(start: Double, extent: Double)]
  let _footers: [(start: Double, extent: Double)]
  let _sectionMainStart: [Double]
  let _sectionMainEnd: [Double]

  /// Total number of items.
  public var itemCount: Int { _sectionFirstItem[_sectionFirstItem.count - 1] }

  /// Every element the layout has, whether a query returns it or not (an
  /// item of zero size): the items, and the headers and footers of
  /// positive extent. O(sections).
  var _elementCount: Int {
    itemCount + _headers.reduce(0) { $0 + ($1.extent > 0 ? 1 : 0) } + _footers.reduce(0) { $0 + ($1.extent > 0 ? 1 : 0) }
  }

  /// - Parameters:
  ///   - sections: at least one; a section may be empty (its header, footer
  ///     and insets still take their space, it has no lines).
  ///   - scrollAxis: default vertical.
  ///   - viewportCrossExtent: the viewport's width (vertical scrolling) or
  ///     height (horizontal), points.
  ///   - rightToLeft: mirror horizontally.
  ///   - lineAlignment: leading (default) or justified.
  ///   - pinsSectionHeaders: pin headers to the visible rect.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   no sections, a negative item count, a negative or non-finite size,
  ///   spacing or inset, or an item wider than its section's available width.
  /// - Complexity: O(n) time, 32 bytes per item plus 24 per line.
  public init(
    sections: [Section], scrollAxis: ScrollAxis = .vertical, viewportCrossExtent: Double, isRightToLeft rightToLeft: Bool = false,
    lineAlignment: LineAlignment = .leading, pinsSectionHeaders: Bool = false
  ) throws(HarmonicError) {
    try _Check.count(sections.count, "sections.count", atLeast: 1)
    try _Check.length(viewportCrossExtent, "viewportCrossExtent", positive: true)
    let vertical = scrollAxis == .vertical
    var total = 0
    for (s, section) in sections.enumerated() {
      try _Check.itemCount(section.itemCount, "sections[\(s)].itemCount")
      try section.insets.check("sections[\(s)].insets")
      for (name, value) in [
        ("lineSpacing", section.lineSpacing), ("interitemSpacing", section.interitemSpacing),
        ("headerExtent", section.headerExtent), ("footerExtent", section.footerExtent),
      ] {
        try _Check.length(value, "sections[\(s)].\(name)")
      }
      let crossInsets = vertical ? section.insets.left + section.insets.right : section.insets.top + section.insets.bottom
      let available = viewportCrossExtent - crossInsets
      guard available > 0 else {
        throw .invalidParameter(name: "sections[\(s)].insets", value: crossInsets, accepted: "less than the viewport's cross extent \(viewportCrossExtent)")
      }
      if case let .perItem(sizes) = section.itemSizes {
        try _Check.shape(sizes.count, "sections[\(s)].itemSizes.count", expected: section.itemCount, what: "itemCount")
      }
      let checkCount = { if case .fixed = section.itemSizes { return min(1, section.itemCount) } else { return section.itemCount } }()
      for item in 0..<checkCount {
        let size = section.size(item)
        let (w, h) = (Double(size.width), Double(size.height))
        try _Check.length(w, "sections[\(s)] item \(item) width")
        try _Check.length(h, "sections[\(s)] item \(item) height")
        let cross = vertical ? w : h
        guard cross <= available else {
          throw .invalidParameter(
            name: "sections[\(s)] item \(item) \(vertical ? "width" : "height")", value: cross,
            accepted: "≤ the available \(vertical ? "width" : "height") \(available) (viewport minus section insets)")
        }
      }
      total += section.itemCount
      try _Check.itemCount(total, "item count")
    }

    var sectionFirstItem = [Int](), lineMainStart = [Double](), lineMainEnd = [Double](), lineFirstItem = [Int]()
    var items = [_ItemBox]()
    var headers: [(start: Double, extent: Double)] = [], footers: [(start: Double, extent: Double)] = []
    var sectionMainStart = [Double](), sectionMainEnd = [Double]()
    items.reserveCapacity(total)

    var main = 0.0
    for section in sections {
      sectionFirstItem.append(items.count)
      sectionMainStart.append(main)
      let insets = section.insets
      let (mainLeading, mainTrailing) = vertical ? (insets.top, insets.bottom) : (insets.left, insets.right)
      let (crossLeading, crossTrailing) = vertical ? (insets.left, insets.right) : (insets.top, insets.bottom)
      let available = viewportCrossExtent - crossLeading - crossTrailing
      headers.append((main, section.headerExtent))
      main += section.headerExtent + mainLeading
      var lineStartItem = items.count
      var cross = 0.0, lineExtent = 0.0
      func closeLine() {
        for k in lineStartItem..<items.count { items[k].main = main + (lineExtent - items[k].mainSize) / 2 }
        if lineAlignment == .justified {
          let count = items.count - lineStartItem
          var total = 0.0
          for k in lineStartItem..<items.count { total += items[k].crossSize }
          if count == 1 {
            items[lineStartItem].cross = crossLeading + (available - items[lineStartItem].crossSize) / 2
          } else if count > 1 {
            let gap = (available - total) / Double(count - 1)
            var position = crossLeading
            for k in lineStartItem..<items.count {
              // Never past the trailing edge by rounding: the last item ends on it.
              items[k].cross = min(position, crossLeading + available - items[k].crossSize)
              position += items[k].crossSize + gap
            }
          }
        }
        lineFirstItem.append(lineStartItem)
        lineMainStart.append(main)
        lineMainEnd.append(main + lineExtent)
      }
      for item in 0..<section.itemCount {
        let size = section.size(item)
        let (crossSize, mainSize) = vertical ? (Double(size.width), Double(size.height)) : (Double(size.height), Double(size.width))
        let inLine = items.count - lineStartItem
        if inLine > 0, cross + section.interitemSpacing + crossSize > available {
          closeLine()
          main += lineExtent + section.lineSpacing
          lineStartItem = items.count
          cross = 0
          lineExtent = 0
        }
        let position = items.count == lineStartItem ? 0 : cross + section.interitemSpacing
        items.append(_ItemBox(main: 0, cross: crossLeading + position, mainSize: mainSize, crossSize: crossSize))
        cross = position + crossSize
        lineExtent = max(lineExtent, mainSize)
      }
      if section.itemCount > 0 { closeLine() }
      main += lineExtent + mainTrailing
      footers.append((main, section.footerExtent))
      main += section.footerExtent
      sectionMainEnd.append(main)
      _ = crossTrailing
    }
    sectionFirstItem.append(items.count)
    lineFirstItem.append(items.count)

    self.scrollAxis = scrollAxis
    self.lineAlignment = lineAlignment
    self.pinsSectionHeaders = pinsSectionHeaders
    self.isRightToLeft = rightToLeft
    self.viewportCrossExtent = viewportCrossExtent
    self.contentSize = vertical ? CGSize(width: viewportCrossExtent, height: main) : CGSize(width: main, height: viewportCrossExtent)
    self.itemCounts = sections.map(\.itemCount)
    (_sectionFirstItem, _lineMainStart, _lineMainEnd, _lineFirstItem) = (sectionFirstItem, lineMainStart, lineMainEnd, lineFirstItem)
    _items = items
    (_headers, _footers, _sectionMainStart, _sectionMainEnd) = (headers, footers, sectionMainStart, sectionMainEnd)
  }

  /// A list (table): one full-width row per item, `rowHeights[section][row]` points tall.
  public static func list(
    rowHeights: [[Double]], width: Double, rowSpacing: Double = 0, insets: LayoutInsets = .zero,
    headerHeight: Double = 0, footerHeight: Double = 0, isRightToLeft rightToLeft: Bool = false
  ) throws(HarmonicError) -> GridLayout {
    let rowWidth = width - insets.left - insets.right
    var sections: [Section] = []
    for (s, heights) in rowHeights.enumerated() {
      for (row, height) in heights.enumerated() {
        try _Check.length(height, "rowHeights[\(s)][\(row)]")
      }
      sections.append(
        Section(
          itemSizes: heights.map { CGSize(width: max(rowWidth, 0), height: $0) }, insets: insets,
          lineSpacing: rowSpacing, interitemSpacing: 0, headerExtent: headerHeight, footerExtent: footerHeight))
    }
    return try GridLayout(sections: sections, viewportCrossExtent: width, isRightToLeft: rightToLeft)
  }

  /// A horizontal carousel: one row of `count` items, with insets that let
  /// the first and last item reach the viewport's center.
  public static func carousel(
    count: Int, itemSize: CGSize, spacing: Double, viewport: CGSize, isRightToLeft rightToLeft: Bool = false
  ) throws(HarmonicError) -> GridLayout {
    let side = max(0, (Double(viewport.width) - Double(itemSize.width)) / 2)
    let vertical = max(0, (Double(viewport.height) - Double(itemSize.height)) / 2)
    let section = Section(
      itemCount: count, itemSize: itemSize, insets: LayoutInsets(top: vertical, left: side, bottom: vertical, right: side),
      lineSpacing: spacing, interitemSpacing: 0)
    return try GridLayout(sections: [section], scrollAxis: .horizontal, viewportCrossExtent: Double(viewport.height), isRightToLeft: rightToLeft)
  }
}

/// An item's box in (main, cross) coordinates: main runs along the scroll
/// axis, cross across it; positions are left to right (mirrored for RTL
/// when a frame is made).
struct _ItemBox: Sendable {
  var main: Double, cross: Double, mainSize: Double, crossSize: Double
}
