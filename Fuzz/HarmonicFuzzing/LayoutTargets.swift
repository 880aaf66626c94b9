import Foundation
import Harmonic

func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
  // A positive-area intersection, as GridLayout.attributes(in:) documents.
  a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY && a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
}

/// A small grid layout. With `exact`, every length is a whole number of
/// points, so frames are exact and a brute-force scan is a true reference;
/// otherwise any double may appear (only validation and finiteness are checked).
func makeLayout(_ input: inout FuzzInput, exact: Bool) -> GridLayout? {
  func length(_ range: ClosedRange<Int>) -> Double { exact || input.byte() >= 8 ? input.points(range) : input.double() }
  let axis: ScrollAxis = input.bool() ? .vertical : .horizontal
  let cross = length(1...600)
  switch input.int(0...3) {
  case 0:
    let rows = (0..<input.int(1...3)).map { _ in (0..<input.int(0...12)).map { _ in length(0...80) } }
    return attempt { () throws(HarmonicError) in
      try GridLayout.list(rowHeights: rows, width: cross, rowSpacing: length(0...10), headerHeight: length(0...30), isRightToLeft: input.bool())
    }
  case 1:
    let size = CGSize(width: length(0...200), height: length(0...200))
    let viewport = CGSize(width: length(1...400), height: length(1...400))
    return attempt { () throws(HarmonicError) in
      try GridLayout.carousel(count: input.int(0...30), itemSize: size, spacing: length(0...20), viewport: viewport, isRightToLeft: input.bool())
    }
  default:
    var sections: [GridLayout.Section] = []
    for _ in 0..<input.int(0...3) {
      let insets = LayoutInsets(top: length(0...20), left: length(0...20), bottom: length(0...20), right: length(0...20))
      if input.bool() {
        sections.append(
          .init(
            itemCount: input.int(0...40), itemSize: CGSize(width: length(0...150), height: length(0...150)), insets: insets,
            lineSpacing: length(0...15), interitemSpacing: length(0...15), headerExtent: length(0...30), footerExtent: length(0...30)))
      } else {
        let sizes = (0..<input.int(0...20)).map { _ in CGSize(width: length(0...150), height: length(0...150)) }
        sections.append(
          .init(
            itemSizes: sizes, insets: insets, lineSpacing: length(0...15), interitemSpacing: length(0...15),
            headerExtent: length(0...30), footerExtent: length(0...30)))
      }
    }
    return attempt { () throws(HarmonicError) in
      try GridLayout(
        sections: sections, scrollAxis: axis, viewportCrossExtent: cross, isRightToLeft: input.bool(),
        lineAlignment: input.bool() ? .leading : .justified, pinsSectionHeaders: input.bool())
    }
  }
}

func fuzzLayout(_ input: inout FuzzInput) {
  let exact = input.byte() >= 16
  guard let layout = makeLayout(&input, exact: exact) else { return }
  let all = layout.allAttributes()
  require(all.count == layout.itemCount, "allAttributes has \(all.count) of \(layout.itemCount) items")
  // Snap targets from the layout: every target is reachable.
  if let viewport = attempt({ () throws(HarmonicError) in
    try Viewport(
      size: CGSize(width: input.points(1...600), height: input.points(1...600)),
      insets: LayoutInsets(top: input.points(0...80), left: input.points(0...80), bottom: input.points(0...20), right: input.points(0...20)))
  }),
    let snap = attempt({ () throws(HarmonicError) in try layout.snapLayout(by: input.bool() ? .lines : .sections, viewport: viewport) }),
    let decision = attempt({ () throws(HarmonicError) in
      try Snapping.target(
        layout: snap, offset: input.points(0...5_000) - 200, velocity: input.moderate() * 8,
        options: layout.snapOptions(alignment: input.element(SnapAlignment.allCases)))
    })
  {
    let reach = snap.reachableOffsets(isRightToLeft: layout.isRightToLeft && layout.scrollAxis == .horizontal)
    require(reach.contains(decision.target), "grid snap target \(decision.target) outside \(reach)")
  }
  let content = CGRect(origin: .zero, size: layout.contentSize)
  finite(Double(content.width), Double(content.height), what: "content size")
  for element in all {
    finite(Double(element.center.x), Double(element.center.y), Double(element.size.width), Double(element.size.height), what: "frame of \(element.indexPath)")
    if exact { require(content.contains(element.frame), "frame \(element.frame) of \(element.indexPath) outside the content \(content)") }
    let again = attempt { () throws(HarmonicError) in try layout.attributes(of: element.indexPath) }
    require(again == element, "attributes(of: \(element.indexPath)) differs from allAttributes")
  }
  // Index paths outside the layout are a typed error.
  _ = attempt { () throws(HarmonicError) in try layout.frame(of: ItemIndexPath(item: input.int(-2...50), section: input.int(-1...4))) }

  for _ in 0..<input.int(1...4) {
    let rect = CGRect(x: input.points(0...900) - 50, y: input.points(0...900) - 50, width: input.points(0...400), height: input.points(0...400))
    let fast = layout.attributes(in: rect).filter { $0.kind == .cell }.map(\.indexPath)
    require(Set(fast).count == fast.count, "rect query returned duplicates")
    if exact {
      let brute = Set(all.filter { overlaps($0.frame, rect) }.map(\.indexPath))
      require(Set(fast) == brute, "rect query \(rect): \(fast.count) items, brute force \(brute.count)")
      let point = CGPoint(x: rect.minX, y: rect.minY)
      let hit = layout.indexPath(at: point)
      if let hit, let element = all.first(where: { $0.indexPath == hit }) {
        let f = element.frame
        require(
          f.minX <= point.x && point.x < f.maxX && f.minY <= point.y && point.y < f.maxY,
          "hit \(hit) at \(point) is not under it: its frame is \(f) (\(layout.scrollAxis), rtl \(layout.isRightToLeft))")
      } else {
        require(
          !all.contains { $0.frame.minX <= point.x && point.x < $0.frame.maxX && $0.frame.minY <= point.y && point.y < $0.frame.maxY },
          "no hit at \(point) but an item is there (\(layout.scrollAxis), rtl \(layout.isRightToLeft))")
      }
    }
  }

  // Scrolling: offsets are clamped into the reachable range.
  let viewportSize = CGSize(width: input.byte() < 8 ? input.double() : input.points(1...500), height: input.byte() < 8 ? input.double() : input.points(1...500))
  guard
    let viewport = attempt({ () throws(HarmonicError) in
      try Viewport(size: viewportSize, insets: LayoutInsets(top: input.points(0...30), bottom: input.points(0...30)))
    })
  else { return }
  let reach = viewport.reachable(content: layout.contentSize)
  let some = ItemIndexPath(item: input.int(0...10), section: input.int(0...2))
  let placement = input.element([TransitionPlacement.minimal, .visible, .center, .top, .bottom, .left, .right])
  let current = CGPoint(x: input.moderate(), y: input.moderate())
  for offset in [
    attempt({ () throws(HarmonicError) in try layout.placement(of: [some], placement, viewport: viewport, current: current) }),
    attempt({ () throws(HarmonicError) in try layout.offsetBringingToFirstRow(some, viewport: viewport) }),
  ] {
    guard let offset else { continue }
    require(
      reach.x.contains(Double(offset.x)) && reach.y.contains(Double(offset.y)),
      "offset \(offset) outside \(reach) for \(placement) of \(some), current \(current), viewport \(viewport), content \(layout.contentSize)")
  }

  // A snapshot of the layout's answers — some left out, reordered, one
  // maybe repeated, a far cell maybe added — answers every lookup as a
  // scan does, or refuses the repeat, naming its later index.
  var elements = layout.attributes(in: CGRect(x: -1e13, y: -1e13, width: 2e13, height: 2e13))
  let stride = input.int(0...3)
  if stride > 0 { elements = elements.enumerated().filter { $0.offset % (stride + 1) != 0 }.map(\.element) }
  if input.bool(), elements.count > 1 { elements.swapAt(0, input.int(1...elements.count - 1)) }
  if input.bool(), !elements.isEmpty { elements.append(elements[input.int(0...elements.count - 1)]) }
  if input.bool() {
    let path = ItemIndexPath(item: input.bool() ? input.int(0...100_000_000) : input.int(0...60), section: input.int(0...4))
    elements.append(LayoutAttributes(indexPath: path, frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
  }
  let ids = elements.map(\.elementID)
  let firstRepeat = ids.indices.first { k in ids[..<k].contains(ids[k]) }
  do {
    let snapshot = try LayoutSnapshot(elements: elements, contentSize: CGSize(width: 100, height: 100))
    require(firstRepeat == nil, "snapshot accepted a repeated \(ids[firstRepeat ?? 0])")
    var probes = ids
    for section in -1...5 { for item in [-1, 0, 1, 39, 40, 60, 61, 100_000_000] { probes.append(.cell(ItemIndexPath(item: item, section: section))) } }
    for id in probes {
      let (found, scan) = (snapshot.attributes(of: id), elements.last { $0.elementID == id })
      require(
        found?.center.x.bitPattern == scan?.center.x.bitPattern && found?.center.y.bitPattern == scan?.center.y.bitPattern
          && (found == nil) == (scan == nil),
        "snapshot lookup of \(id): \(String(describing: found?.center)), a scan finds \(String(describing: scan?.center))")
    }
  } catch {
    guard case let .invalidParameter(name, _, accepted) = error else { return require(false, "snapshot: \(error)") }
    if let firstRepeat, accepted.contains("unique") {
      require(name.hasPrefix("elements[\(firstRepeat)]"), "snapshot named \(name) for the repeat at \(firstRepeat)")
    } else {
      require(!accepted.contains("unique"), "snapshot refused \(name) as a repeat; the first repeat is \(String(describing: firstRepeat))")
    }
  }
}

/// Two backends' transition frames agree: equal with reference BLAS; with a
/// BLAS that rounds differently, the same elements whose channels differ by at
/// most 1e-9 of the largest channel magnitude in the frames and the end state
/// (rounding moves the last bits of each term; a wrong coefficient moves
/// whole points).
func attributesAgree(_ a: [LayoutAttributes], _ b: [LayoutAttributes], end: [LayoutAttributes]) -> Bool {
  if SpringBatch.blasMatchesNativeBitForBit { return a == b }
  guard a.count == b.count, zip(a, b).allSatisfy({ $0.indexPath == $1.indexPath && $0.kind == $1.kind }) else { return false }
  let (x, y) = (LayoutChannels.values(of: a, include3D: true), LayoutChannels.values(of: b, include3D: true))
  let scale = (x + y + LayoutChannels.values(of: end, include3D: true)).reduce(1) { max($0, $1.magnitude) }
  return zip(x, y).allSatisfy { ($0 - $1).magnitude <= 1e-9 * scale }
}

func fuzzTransition(_ input: inout FuzzInput) {
  guard let old = makeLayout(&input, exact: true), let new = makeLayout(&input, exact: input.byte() >= 32) else { return }
  guard let viewport = attempt({ () throws(HarmonicError) in try Viewport(size: CGSize(width: input.points(1...500), height: input.points(1...500))) }) else {
    return
  }
  let springs: LayoutTransition.Springs
  switch input.int(0...2) {
  case 0: springs = .shared(anySpring(&input))
  case 1:
    let list = (0..<4).map { _ in anySpring(&input) }
    springs = .perItem { list[($0.item + $0.section) % 4] }
  default: springs = .staggered(base: anySpring(&input), step: input.byte() < 8 ? input.double() : input.points(0...10) / 100, origin: nil)
  }
  let velocity: LayoutTransition.Velocity = input.element([.none, .progress(input.moderate()), .gesture(CGPoint(x: input.moderate(), y: input.moderate()))])
  let update =
    input.bool()
    ? randomUpdate(&input, old: old.itemCounts, new: new.itemCounts)
    : LayoutUpdate(
      inserted: Set((0..<input.int(0...3)).map { _ in ItemIndexPath(item: input.int(0...40), section: input.int(0...2)) }),
      deleted: Set((0..<input.int(0...3)).map { _ in ItemIndexPath(item: input.int(0...40), section: input.int(0...2)) }))
  let appearance: AppearanceStyle = input.bool() ? .fade : .flyIn(distance: input.moderate(), rotation: input.moderate())
  let oldOffset = CGPoint(x: input.points(0...600) - 100, y: input.points(0...600) - 100)
  let newOffset = CGPoint(x: input.points(0...600) - 100, y: input.points(0...600) - 100)
  let endViewport =
    input.bool()
    ? nil
    : attempt({ () throws(HarmonicError) in
      try Viewport(size: CGSize(width: input.points(1...500), height: input.points(1...500)))
    })
  let decoration: LayoutTransition.Decoration? =
    input.bool()
    ? nil
    : .scrollEffect(
      .scaleAndFade(minimumScale: input.points(0...100) / 100),
      phase: _libraryConstant { try ScrollPhase(axis: input.bool() ? .horizontal : .vertical) })
  let transforms: TransformInterpolation = input.bool() ? .componentwise : .decomposed
  let snapshots = input.byte() < 32
  let include3D = input.bool()
  guard
    var transition = attempt({ () throws(HarmonicError) in
      snapshots
        ? try LayoutTransition(
          from: old.allAttributes(), offset: oldOffset, contentSize: old.contentSize, viewport: viewport,
          to: new.allAttributes(), offset: newOffset, contentSize: new.contentSize, viewport: endViewport ?? viewport,
          update: update, appearance: appearance, decoration: decoration, springs: springs, velocity: velocity,
          include3D: include3D, transforms: transforms)
        : try LayoutTransition(
          from: old, offset: oldOffset, to: new, offset: newOffset, viewport: viewport, endViewport: endViewport,
          update: update, appearance: appearance, decoration: decoration, springs: springs,
          velocity: velocity, include3D: include3D, transforms: transforms)
    })
  else { return }
  // The mapping is a bijection between the paired cells.
  if let mapping = attempt({ () throws(HarmonicError) in try update.mapping(oldItemCounts: old.itemCounts, newItemCounts: new.itemCounts) }) {
    for element in transition.elements {
      if let from = element.from, let to = element.to, from.kind == .cell {
        require(
          mapping.newIndexPath(forOld: from.indexPath) == to.indexPath && mapping.oldIndexPath(forNew: to.indexPath) == from.indexPath,
          "element \(from) → \(to) is not the mapping's")
      }
    }
  }
  if transforms == .componentwise {
    var start = transition.makeFrame()
    _ = attempt { () throws(HarmonicError) in try transition.frame(at: .zero, into: &start) }
    require(
      LayoutChannels.values(of: start.attributes, include3D: transition.include3D)
        == LayoutChannels.values(of: transition.startAttributes, include3D: transition.include3D), "the frame at the start is not the start")
  }
  var frame = transition.makeFrame(), other = transition.makeFrame()
  for _ in 0..<input.int(1...5) {
    let tick = AnimationTime(ticks: Int64(input.int(0...3_000)) * 1_000_000)
    let a: Void? = attempt { () throws(HarmonicError) in try transition.frame(at: tick, into: &frame, backend: .native) }
    let b: Void? = attempt { () throws(HarmonicError) in try transition.frame(at: tick, into: &other, backend: .blas) }
    require(a != nil && b != nil, "frame rejected a frame made by makeFrame()")
    require(attributesAgree(frame.attributes, other.attributes, end: transition.endAttributes), "transition frame native != BLAS at \(tick.ticks)")
    finite(Double(frame.contentOffset.x), Double(frame.contentOffset.y), frame.progress, what: "frame at \(tick.ticks)")
    for element in frame.attributes {
      finite(
        Double(element.center.x), Double(element.center.y), Double(element.size.width), Double(element.size.height), element.alpha,
        what: "attributes of \(element.indexPath) at \(tick.ticks)")
    }
    if frame.hasEnded { require(frame.attributes == transition.endAttributes, "complete frame differs from the end state") }
    if transition.transforms == .componentwise, input.byte() < 64 {
      var columns = transition.makeFrame(attributes: false)
      if attempt({ () throws(HarmonicError) in try transition.frame(at: tick, into: &columns) }) != nil {
        require(
          columns.values == LayoutChannels.values(of: frame.attributes, include3D: transition.include3D),
          "channel-column frame differs from the attribute frame at \(tick.ticks)")
      }
    }
    let rect = CGRect(x: input.points(0...600) - 100, y: input.points(0...600) - 100, width: input.points(0...500), height: input.points(0...500))
    let inRect = frame.attributes(in: rect)
    require(inRect.count <= frame.attributes.count && inRect.allSatisfy { !$0.isHidden }, "attributes(in:) returned more than the frame holds")
    switch input.int(0...3) {
    case 0:
      _ = attempt { () throws(HarmonicError) in try transition.retarget(to: old, offset: oldOffset, viewport: viewport, at: tick) }
      frame = transition.makeFrame()
      other = transition.makeFrame()
    case 1:
      let p = input.moderate() / 64
      _ = attempt { () throws(HarmonicError) in try transition.scrub(progress: p, rubberBand: input.bool(), into: &frame) }
      if let next = attempt({ () throws(HarmonicError) in
        try input.bool()
          ? transition.finish(fromProgress: p, velocity: input.moderate(), at: tick)
          : transition.cancel(fromProgress: p, velocity: input.moderate(), at: tick)
      }) {
        transition = next
        frame = transition.makeFrame()
        other = transition.makeFrame()
      }
    default: break
    }
  }
}

/// A batch update that matches the two layouts' item counts: per shared
/// section, inserts or deletes make up the difference, extra sections are
/// inserted or deleted, and some unchanged items are moved or reloaded.
func randomUpdate(_ input: inout FuzzInput, old: [Int], new: [Int]) -> LayoutUpdate {
  var update = LayoutUpdate()
  let shared = min(old.count, new.count)
  for s in shared..<max(old.count, new.count) {
    if old.count > new.count { update.deletedSections.insert(s) } else { update.insertedSections.insert(s) }
  }
  for s in 0..<shared {
    var oldFree = Array(0..<old[s]), newFree = Array(0..<new[s])
    func take(_ list: inout [Int]) -> Int { list.remove(at: input.int(0...(list.count - 1))) }
    for _ in 0..<max(0, old[s] - new[s]) { update.deleted.insert(ItemIndexPath(item: take(&oldFree), section: s)) }
    for _ in 0..<max(0, new[s] - old[s]) { update.inserted.insert(ItemIndexPath(item: take(&newFree), section: s)) }
    for _ in 0..<input.int(0...2) where !oldFree.isEmpty && !newFree.isEmpty {
      if input.bool() {
        update.moved[ItemIndexPath(item: take(&oldFree), section: s)] = ItemIndexPath(item: take(&newFree), section: s)
      } else {
        update.reloaded.insert(ItemIndexPath(item: take(&oldFree), section: s))
      }
    }
  }
  return update
}
