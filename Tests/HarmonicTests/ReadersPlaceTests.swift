import Foundation
import Harmonic
import Testing

/// Keeping the reader's place (``AnchorPolicy``) and Reduce Motion
/// (``ReduceMotion``), through ``LayoutAnimator`` as a UIKit host drives it
/// and through ``LayoutTransition`` for apps that drive their own frames.
/// Public API only: each reference is another run of the engine (the same
/// scroll without the update) or a hand-computed offset.
@Suite("Keeping the reader's place, and Reduce Motion")
struct ReadersPlaceTests {
  // MARK: - Frame schedules

  enum Schedule: CaseIterable { case hz60, hz120, irregular }

  /// Frame ticks after `start` up to `start + seconds`: 60 Hz, 120 Hz, or
  /// irregular (4–21 ms apart, seeded).
  static func ticks(_ schedule: Schedule, from start: Int64, seconds: Double) -> [Int64] {
    let end = start + Int64(seconds * Double(AnimationTime.ticksPerSecond))
    var (ticks, tick) = ([Int64](), start)
    var random = SeededGenerator(seed: 48)
    while tick < end {
      switch schedule {
      case .hz60: tick += AnimationTime.ticksPerSecond / 60
      case .hz120: tick += AnimationTime.ticksPerSecond / 120
      case .irregular: tick += Int64.random(in: 4_000...21_000, using: &random) * (AnimationTime.ticksPerSecond / 1_000_000)
      }
      ticks.append(tick)
    }
    return ticks
  }

  static func seconds(_ s: Double) -> AnimationTime { AnimationTime(ticks: Int64(s * Double(AnimationTime.ticksPerSecond))) }

  // MARK: - A chat

  static let phone = try! Viewport(size: CGSize(width: 390, height: 844))

  /// Message heights: 44–96 pt, deterministic.
  static func heights(_ count: Int, salt: Int) -> [Double] {
    (0..<count).map { 44 + Double(($0 * 37 + salt) % 5) * 13 }
  }

  static let history = heights(300, salt: 0)
  static let older = heights(50, salt: 3)
  static func chat(_ rows: [Double]) throws -> GridLayout { try GridLayout.list(rowHeights: [rows], width: 390) }
  static func top(_ row: Int, in rows: [Double]) -> Double { rows[..<row].reduce(0, +) }

  /// Where message `row` is on screen (its top, points from the visible
  /// rect's top), if the host draws it (`layoutAttributesForElements(in:)`
  /// over the visible rect).
  static func onScreen(_ engine: LayoutAnimator, row: Int) -> Double? {
    let shown = engine.layoutAttributesForElements(in: engine.viewport.visibleRect(at: engine.contentOffset))
    return shown.first { $0.kind == .cell && $0.indexPath.item == row }.map { Double($0.frame.minY) - Double(engine.contentOffset.y) }
  }

  /// A reader at message 120 (300 pt below the top of the screen),
  /// optionally flinging at `velocity` pt/ms from 0.05 s (negative: towards
  /// older messages).
  static func reader(velocity: Double?) throws -> LayoutAnimator {
    var engine = try LayoutAnimator(
      layout: try chat(history), viewport: phone, contentOffset: CGPoint(x: 0, y: top(120, in: history) - 300), time: seconds(0.05))
    if let velocity { _ = try engine.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: velocity)) }
    return engine
  }

  @Test(
    "a chat prepends 50 messages while the reader reads message 120: it stays within 0.5 pt of its place on every frame",
    arguments: [nil, -0.6, 0.45])
  func chatPrepend(velocity: Double?) throws {
    let inserted = (0..<50).map { LayoutAnimator.UpdateItem.insert(ItemIndexPath(item: $0, section: 0)) }
    var offsets: [Schedule: [Int64: UInt64]] = [:]
    for schedule in Schedule.allCases {
      var engine = try Self.reader(velocity: velocity)
      var reference = engine  // the same scroll, no update
      let frames = Self.ticks(schedule, from: engine.time.ticks, seconds: 6)
      let change = Self.seconds(0.15).ticks
      var changed = false
      var shown = 0
      for tick in frames {
        if !changed, tick >= change {
          try engine.advance(to: AnimationTime(ticks: change))
          try reference.advance(to: AnimationTime(ticks: change))
          try engine.prepare(forCollectionViewUpdates: inserted, layout: try Self.chat(Self.older + Self.history))
          changed = true
        }
        try engine.advance(to: AnimationTime(ticks: tick))
        try reference.advance(to: AnimationTime(ticks: tick))
        offsets[schedule, default: [:]][tick] = Double(engine.contentOffset.y).bitPattern
        let place = try #require(Self.onScreen(reference, row: 120), "message 120 leaves the screen in the reference at \(tick)")
        guard let now = Self.onScreen(engine, row: changed ? 170 : 120) else { continue }
        shown += 1
        #expect((now - place).magnitude <= 0.5, "\(schedule), \(String(describing: velocity)): message 120 at \(now), its place \(place), tick \(tick)")
      }
      #expect(shown == frames.count, "\(schedule): message 120 shown on \(shown) of \(frames.count) frames")
      #expect(!engine.isAnimating && !reference.isAnimating)
      // At rest: exactly the reference's offset plus the 50 messages above.
      let shift = Self.older.reduce(0, +)
      #expect((Double(engine.contentOffset.y) - (Double(reference.contentOffset.y) + shift)).magnitude <= 1e-9)
    }
    // The same bits at the ticks the schedules share.
    for (tick, bits) in offsets[.hz60]! {
      for other in [Schedule.hz120, .irregular] {
        if let theirs = offsets[other]![tick] { #expect(theirs == bits, "\(other) at tick \(tick)") }
      }
    }
  }

  @Test("the policies side by side: keep the anchor, follow the progress, keep the offset, keep the end")
  func policies() throws {
    let shift = Self.older.reduce(0, +)
    let inserted = (0..<50).map { LayoutAnimator.UpdateItem.insert(ItemIndexPath(item: $0, section: 0)) }
    func rest(_ policy: AnchorPolicy, at offset: Double, appending: Bool = false) throws -> Double {
      var engine = try LayoutAnimator(layout: try Self.chat(Self.history), viewport: Self.phone, contentOffset: CGPoint(x: 0, y: offset))
      engine.anchorPolicy = policy
      if appending {
        let appended = (300..<350).map { LayoutAnimator.UpdateItem.insert(ItemIndexPath(item: $0, section: 0)) }
        try engine.prepare(forCollectionViewUpdates: appended, layout: try Self.chat(Self.history + Self.older))
      } else {
        try engine.prepare(forCollectionViewUpdates: inserted, layout: try Self.chat(Self.older + Self.history))
      }
      try engine.advance(to: Self.seconds(5))
      #expect(!engine.isAnimating)
      return Double(engine.contentOffset.y)
    }
    let reading = Self.top(120, in: Self.history) - 20
    #expect(try rest(.keepAnchor(), at: reading) == reading + shift)
    #expect(try rest(.followProgress, at: reading) == reading)
    #expect(try rest(.keepOffset, at: reading) == reading)
    #expect(try rest(.keepEnd, at: reading) == reading + shift)  // not at the end: the anchor
    // A named anchor: message 125, wherever it is on screen.
    #expect(try rest(.keepAnchor(.element(ElementID(.cell, ItemIndexPath(item: 125, section: 0)))), at: reading) == reading + shift)
    // The element under a point: 400 pt down the screen.
    #expect(try rest(.keepAnchor(.point(CGPoint(x: 10, y: 400))), at: reading) == reading + shift)
    // At the bottom, keepEnd stays at the (new) bottom when messages are appended; keepAnchor keeps the reader's message.
    let bottom = Self.history.reduce(0, +) - 844
    #expect(try rest(.keepEnd, at: bottom, appending: true) == bottom + shift)
    #expect(try rest(.keepAnchor(), at: bottom, appending: true) == bottom)
  }

  // MARK: - A feed that snaps

  static func feed(_ count: Int) throws -> GridLayout {
    try GridLayout(sections: [.init(itemCount: count, itemSize: CGSize(width: 390, height: 400), lineSpacing: 10)], viewportCrossExtent: 390)
  }

  static func snappingFeed() throws -> LayoutAnimator {
    var engine = try LayoutAnimator(layout: try feed(100), viewport: phone, contentOffset: CGPoint(x: 0, y: 0))
    engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
    engine.snappingOptions.alignment = .leading
    return engine
  }

  @Test("a feed inserts 3 posts at the top while a snap runs: it lands on the same post, which never jumps")
  func feedInsertDuringSnap() throws {
    for schedule in Schedule.allCases {
      var engine = try Self.snappingFeed()
      _ = try engine.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: 2.5))
      var reference = engine
      let landing = Double(reference.targetContentOffset(forProposedContentOffset: .zero).y)
      try reference.advance(to: Self.seconds(6))
      let post = Int((Double(reference.contentOffset.y) / 410).rounded())
      #expect(Double(reference.contentOffset.y) == Double(post) * 410 && post >= 3, "reference landed at \(reference.contentOffset.y), \(landing)")
      reference = engine
      let change = Self.seconds(0.12).ticks
      var changed = false
      for tick in Self.ticks(schedule, from: 0, seconds: 6) {
        if !changed, tick >= change {
          try engine.advance(to: AnimationTime(ticks: change))
          let inserts = (0..<3).map { LayoutAnimator.UpdateItem.insert(ItemIndexPath(item: $0, section: 0)) }
          try engine.prepare(forCollectionViewUpdates: inserts, layout: try Self.feed(103))
          changed = true
        }
        try engine.advance(to: AnimationTime(ticks: tick))
        try reference.advance(to: AnimationTime(ticks: tick))
        let row = changed ? post + 3 : post
        if let mine = engine.layoutAttributesForItem(at: ItemIndexPath(item: row, section: 0)),
          let theirs = reference.layoutAttributesForItem(at: ItemIndexPath(item: post, section: 0))
        {
          let (a, b) = (Double(mine.frame.minY) - Double(engine.contentOffset.y), Double(theirs.frame.minY) - Double(reference.contentOffset.y))
          #expect((a - b).magnitude <= 0.5, "\(schedule): post \(post) at \(a) on screen, \(b) without the insert, tick \(tick)")
        }
      }
      #expect(!engine.isAnimating && Double(engine.contentOffset.y) == Double(post + 3) * 410, "\(schedule): rests at \(engine.contentOffset.y)")
    }
  }

  // MARK: - Rotation

  static func pages(_ size: CGSize, count: Int = 10) throws -> GridLayout {
    try GridLayout(
      sections: [.init(itemCount: count, itemSize: size, lineSpacing: 0, interitemSpacing: 0)], scrollAxis: .horizontal,
      viewportCrossExtent: Double(size.height))
  }

  @Test("a rotation in the middle of a paging snap lands on the same page of the new bounds")
  func rotationMidSnap() throws {
    let portrait = CGSize(width: 390, height: 844), landscape = CGSize(width: 844, height: 390)
    var engine = try LayoutAnimator(layout: try Self.pages(portrait), viewport: try Viewport(size: portrait), contentOffset: CGPoint(x: 390, y: 0))
    engine.scrollAxis = .horizontal
    engine.snapping = { layout, viewport throws(HarmonicError) in
      try SnapLayout.pages(contentExtent: Double(layout.contentSize.width), viewport: Double(viewport.size.width))
    }
    engine.snappingOptions.alignment = .leading
    engine.snappingOptions.maximumItemsPerFlick = 2
    _ = try engine.scrollViewWillEndDragging(withVelocity: CGPoint(x: 3, y: 0))
    var reference = engine
    try reference.advance(to: Self.seconds(6))
    let page = Int(Double(reference.contentOffset.x) / 390)
    #expect(Double(reference.contentOffset.x) == Double(page) * 390 && page == 3)
    try engine.advance(to: Self.seconds(0.08))
    #expect(engine.activity == .snapping && Double(engine.contentOffset.x) < 3 * 390)
    try engine.prepare(forAnimatedBoundsChange: try Viewport(size: landscape), layout: try Self.pages(landscape))
    var previous = Double(engine.contentOffset.x)
    for tick in Self.ticks(.hz120, from: engine.time.ticks, seconds: 5) {
      try engine.advance(to: AnimationTime(ticks: tick))
      #expect((Double(engine.contentOffset.x) - previous).magnitude < 100, "a step of \(Double(engine.contentOffset.x) - previous) pt")
      previous = Double(engine.contentOffset.x)
    }
    #expect(!engine.isAnimating && Double(engine.contentOffset.x) == 3 * 844)
  }

  @Test(
    "a rotation while a centred carousel pages keeps the reader's card, not its fraction of the screen (issue 69 item 1)",
    arguments: [1.5, -1.5, 0.0])
  func rotationKeepsTheCard(velocity: Double) throws {
    let portrait = CGSize(width: 390, height: 844), landscape = CGSize(width: 844, height: 390)
    func carousel(_ viewport: CGSize) throws -> GridLayout {
      try GridLayout.carousel(count: 20, itemSize: CGSize(width: 300, height: 380), spacing: 20, viewport: viewport)
    }
    let layout = try carousel(portrait)
    let centred = { (card: Int) throws(HarmonicError) -> CGPoint in
      CGPoint(x: Double(try layout.frame(of: ItemIndexPath(item: card, section: 0)).midX) - 195, y: 0)
    }
    var engine = try LayoutAnimator(layout: layout, viewport: try Viewport(size: portrait), contentOffset: try centred(velocity == 0 ? 10 : 9))
    engine.scrollAxis = .horizontal
    engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
    engine.snappingOptions = layout.snapOptions(alignment: .center)
    engine.snappingOptions.maximumItemsPerFlick = 1
    if velocity != 0 {
      // One card per flick: from card 9 (forward) or 11 (back) to card 10, a snap in flight.
      if velocity < 0 { engine = try LayoutAnimator(layout: layout, viewport: try Viewport(size: portrait), contentOffset: try centred(11)) }
      engine.scrollAxis = .horizontal
      engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
      engine.snappingOptions = layout.snapOptions(alignment: .center)
      engine.snappingOptions.maximumItemsPerFlick = 1
      _ = try engine.scrollViewWillEndDragging(withVelocity: CGPoint(x: velocity, y: 0))
      var unrotated = engine
      try unrotated.advance(to: Self.seconds(8))
      let ten = try centred(10)
      #expect(unrotated.contentOffset.x == ten.x, "without the rotation at \(unrotated.contentOffset.x), card 10 at \(ten.x)")
      try engine.advance(to: Self.seconds(0.1))
      #expect(engine.activity == .snapping)
    }
    let wide = try carousel(landscape)
    try engine.prepare(forAnimatedBoundsChange: try Viewport(size: landscape), layout: wide)
    try engine.advance(to: Self.seconds(8))
    let expected = Double(try wide.frame(of: ItemIndexPath(item: 10, section: 0)).midX) - 422
    #expect(!engine.isAnimating && Double(engine.contentOffset.x) == expected, "rests at \(engine.contentOffset.x), card 10 centred at \(expected)")
  }

  @Test("a rotation during an update keeps a named message at the same fraction of the screen")
  func rotationDuringUpdate() throws {
    let landscape = try Viewport(size: CGSize(width: 844, height: 390))
    var engine = try LayoutAnimator(
      layout: try Self.chat(Self.history), viewport: Self.phone, contentOffset: CGPoint(x: 0, y: Self.top(120, in: Self.history) - 422))
    let inserts = (0..<50).map { LayoutAnimator.UpdateItem.insert(ItemIndexPath(item: $0, section: 0)) }
    try engine.prepare(forCollectionViewUpdates: inserts, layout: try Self.chat(Self.older + Self.history))
    try engine.advance(to: Self.seconds(0.1))
    // The reader's message by its id in the layout the update heads for.
    engine.anchorPolicy = .keepAnchor(.element(ElementID(.cell, ItemIndexPath(item: 170, section: 0))))
    try engine.prepare(forAnimatedBoundsChange: landscape, layout: try GridLayout.list(rowHeights: [Self.older + Self.history], width: 844))
    // In content coordinates everything moves 3,000 pt (the prepended
    // messages); on screen the reader's message glides from the middle of
    // 844 pt (below the 390 pt of the new bounds, at first) to the middle of 390 pt.
    var previous: Double?
    for tick in Self.ticks(.irregular, from: engine.time.ticks, seconds: 4) {
      try engine.advance(to: AnimationTime(ticks: tick))
      let place = Self.onScreen(engine, row: 170)
      if let place, let previous { #expect((place - previous).magnitude < 20, "message 120 stepped from \(previous) to \(place) on screen") }
      previous = place
    }
    #expect(!engine.isAnimating)
    let place = try #require(Self.onScreen(engine, row: 170))
    #expect((place - 195).magnitude < 1e-9, "message 120 at \(place) pt of 390")
  }

  // MARK: - Reduce Motion

  /// Every element's attributes by id, and the leaving ones in order.
  static func shown(_ engine: LayoutAnimator) -> (byID: [ElementID: LayoutAttributes], leaving: [LayoutAttributes]) {
    let rect = engine.viewport.visibleRect(at: engine.contentOffset)
    var byID: [ElementID: LayoutAttributes] = [:]
    for attributes in engine.layoutAttributesForElements(in: rect) { byID[attributes.elementID] = attributes }
    return (byID, engine.leavingAttributes)
  }

  static func travels(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
    a.center != b.center || a.size != b.size || a.transform != b.transform || a.transform3D != b.transform3D
  }

  @Test("with motion reduced, an update and a layout change only fade, and rest in the same bits as with motion", arguments: [false, true])
  func reduceMotion(viaSystem: Bool) throws {
    let grid = try LayoutAnimatorCombinedEventTests.grid([40])
    let next = try LayoutAnimatorCombinedEventTests.grid([41])
    let update: [LayoutAnimator.UpdateItem] = [
      .delete(ItemIndexPath(item: 2, section: 0)), .insert(ItemIndexPath(item: 5, section: 0)), .insert(ItemIndexPath(item: 0, section: 0)),
      .move(from: ItemIndexPath(item: 7, section: 0), to: ItemIndexPath(item: 1, section: 0)),
    ]
    let viewport = LayoutAnimatorCombinedEventTests.viewport
    func run(reduced: Bool) throws -> (LayoutAnimator, travelled: [String]) {
      var engine = try LayoutAnimator(layout: grid, viewport: viewport, contentOffset: CGPoint(x: 0, y: 200))
      if viaSystem {
        engine.systemReducesMotion = reduced
      } else {
        engine.reduceMotion = reduced ? .always : .never
        engine.systemReducesMotion = !reduced  // ignored
      }
      #expect(engine.isMotionReduced == reduced)
      var travelled: [String] = []
      try engine.prepare(forCollectionViewUpdates: update, layout: next)
      var last = Self.shown(engine)
      var offset = engine.contentOffset
      var changedLayout = false
      for tick in Self.ticks(.irregular, from: 0, seconds: 4) {
        if tick >= Self.seconds(2).ticks, !changedLayout {
          changedLayout = true
          let larger = try GridLayout(
            sections: [.init(itemCount: 41, itemSize: CGSize(width: 150, height: 150), lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: 320)
          try engine.setLayout(larger, animated: true)
          last = Self.shown(engine)
          offset = engine.contentOffset
        }
        try engine.advance(to: AnimationTime(ticks: tick))
        let now = Self.shown(engine)
        for (id, a) in now.byID { if let b = last.byID[id], Self.travels(a, b) { travelled.append("\(id) at \(tick)") } }
        if now.leaving.count == last.leaving.count {
          for (a, b) in zip(now.leaving, last.leaving) where Self.travels(a, b) { travelled.append("leaving \(a.elementID) at \(tick)") }
        }
        if engine.contentOffset != offset { travelled.append("offset at \(tick)") }
        (last, offset) = (now, engine.contentOffset)
      }
      #expect(!engine.isAnimating)
      return (engine, travelled)
    }
    let (reduced, still) = try run(reduced: true)
    let (moving, travelled) = try run(reduced: false)
    #expect(still.isEmpty, "with motion reduced, these travelled: \(still.prefix(5)) of \(still.count)")
    #expect(!travelled.isEmpty)  // the same changes with motion do travel
    // At rest: the same bits.
    #expect(reduced.contentOffset == moving.contentOffset)
    let rect = reduced.viewport.visibleRect(at: reduced.contentOffset)
    #expect(reduced.layoutAttributesForElements(in: rect) == moving.layoutAttributesForElements(in: rect))
  }

  @Test("a transition running when Reduce Motion turns on finishes as it began; snaps then land without overshoot")
  func settingChangesMidFlight() throws {
    var engine = try LayoutAnimator(layout: try Self.chat(Self.history), viewport: Self.phone, contentOffset: CGPoint(x: 0, y: 400))
    try engine.setLayout(try Self.chat(Self.history.map { $0 + 10 }), contentOffset: CGPoint(x: 0, y: 900), animated: true)
    var unchanged = engine
    try engine.advance(to: Self.seconds(0.1))
    try unchanged.advance(to: Self.seconds(0.1))
    engine.systemReducesMotion = true
    for tick in Self.ticks(.hz120, from: Self.seconds(0.1).ticks, seconds: 2) {
      try engine.advance(to: AnimationTime(ticks: tick))
      try unchanged.advance(to: AnimationTime(ticks: tick))
      #expect(engine.contentOffset == unchanged.contentOffset)
    }
    // A bouncy snap with motion reduced: critically damped, never past its target.
    var snap = try Self.snappingFeed()
    snap.systemReducesMotion = true
    _ = try snap.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: 1.2), spring: .bouncy)
    let target = Double(snap.targetContentOffset(forProposedContentOffset: .zero).y)
    var farthest = 0.0
    for tick in Self.ticks(.hz120, from: 0, seconds: 4) {
      try snap.advance(to: AnimationTime(ticks: tick))
      farthest = max(farthest, Double(snap.contentOffset.y))
    }
    #expect(!snap.isAnimating && farthest == Double(snap.contentOffset.y) && farthest.truncatingRemainder(dividingBy: 410) == 0, "\(target)")
    #expect(ReduceMotion.always.spring(.bouncy, systemSetting: false).dampingRatio == 1)
    #expect(ReduceMotion.never.spring(.bouncy, systemSetting: true) == .bouncy)
    #expect(ReduceMotion.system.spring(.smooth, systemSetting: true) == .smooth)  // not underdamped: unchanged
  }

  @Test("every underdamped spring Harmonic accepts has a critically damped substitute that is valid and ends (issue 69, item 5)")
  func reducedSubstituteAlwaysEnds() throws {
    // The reported spring: ζ = 5e-101 (m = k = 1e50, c = 1e-50), whose
    // critical damping 2e50 is out of range with its own mass. It was
    // returned unchanged: a cross-fade's alpha reached 1.99 and never ended.
    var springs = [try Spring(mass: 1e50, stiffness: 1e50, damping: 1e-50)]
    for m in [1e-50, 1, 1e50] {
      for k in [1e-50, 1, 1e50] { springs.append(try Spring(mass: m, stiffness: k, damping: 0)) }
    }
    var random = SeededGenerator(seed: 69)
    while springs.count < 2_000 {
      let (m, k) = (random.logUniform(1e-50, 1e50), random.logUniform(1e-50, 1e50))
      let critical = 2 * (k * m).squareRoot()
      let c = random.logUniform(1e-50, min(1e50, critical * 0.999))
      if let spring = try? Spring(mass: m, stiffness: k, damping: c), spring.dampingRatio < 1 { springs.append(spring) }
    }
    for spring in springs {
      let reduced = ReduceMotion.always.spring(spring, systemSetting: false)
      #expect(abs(reduced.dampingRatio - 1) <= 1e-12, "\(spring): ζ \(reduced.dampingRatio)")
      #expect(abs(reduced.response / spring.response - 1) <= 1e-12, "\(spring): response \(reduced.response)")
      let motion = try SpringMotion(spring: reduced, from: 0, to: 1)
      let end = motion.endTime(within: try SettleTolerance(value: 1e-3, velocity: 1e-3))
      #expect(end.isFinite && end < 40 * reduced.response, "\(spring): at rest at \(end) s")
    }
    // The cross-fade with that spring ends, its alpha never past 1.
    let old = try LayoutAnimatorCombinedEventTests.grid([40]), new = try LayoutAnimatorCombinedEventTests.grid([39])
    var update = LayoutUpdate()
    update.deleted.insert(ItemIndexPath(item: 10, section: 0))
    let fade = try LayoutTransition.crossFade(
      from: old, offset: CGPoint(x: 0, y: 100), to: new, offset: CGPoint(x: 0, y: 100), viewport: LayoutAnimatorCombinedEventTests.viewport,
      update: update, spring: springs[0])
    let arriving = try #require(fade.arriving)
    var frame = arriving.makeFrame()
    var highest = 0.0
    for tick in Self.ticks(.hz120, from: 0, seconds: 60) {
      try arriving.frame(at: AnimationTime(ticks: tick), into: &frame)
      highest = max(highest, frame.attributes.map(\.alpha).max() ?? 0)
      if frame.hasEnded { break }
    }
    #expect(frame.hasEnded && highest <= 1 + 1e-12, "ended \(frame.hasEnded), highest alpha \(highest)")
  }

  @Test("LayoutTransition.crossFade: only alpha changes; what stays on screen stays; the end is the new layout's")
  func crossFade() throws {
    let old = try LayoutAnimatorCombinedEventTests.grid([40])
    let new = try GridLayout(
      sections: [.init(itemCount: 39, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: 320)
    var update = LayoutUpdate()
    update.deleted.insert(ItemIndexPath(item: 10, section: 0))  // the items after it move back a place
    let viewport = LayoutAnimatorCombinedEventTests.viewport
    let fade = try LayoutTransition.crossFade(
      from: old, offset: CGPoint(x: 0, y: 100), to: new, offset: CGPoint(x: 0, y: 100), viewport: viewport, update: update, spring: .bouncy)
    let arriving = try #require(fade.arriving), departing = try #require(fade.departing)
    for (k, element) in arriving.elements.enumerated() {
      let (a, b) = (arriving.startAttributes[k], arriving.endAttributes[k])
      #expect(a.center == b.center && a.size == b.size && element.from == element.to)
      // Items 0–9 stay (alpha 1 → 1); from 10 on they fade in (0 → 1).
      #expect(a.alpha == (element.id.indexPath.item < 10 ? 1 : 0) && b.alpha == 1, "\(element.id)")
    }
    for k in departing.elements.indices {
      let (a, b) = (departing.startAttributes[k], departing.endAttributes[k])
      #expect(a.center == b.center && a.alpha == 1 && b.alpha == 0 && departing.elements[k].id.indexPath.item >= 10)
    }
    #expect(arriving.startOffset == CGPoint(x: 0, y: 100) && arriving.endOffset == CGPoint(x: 0, y: 100))
    // Critically damped: no alpha past 1 on the way.
    var frame = arriving.makeFrame()
    for tick in Self.ticks(.hz120, from: 0, seconds: 2) {
      try arriving.frame(at: AnimationTime(ticks: tick), into: &frame)
      #expect(frame.attributes.allSatisfy { $0.alpha <= 1 })  // channels at rest stay exactly on their values
    }
    #expect(frame.hasEnded && frame.attributes == arriving.endAttributes)
    #expect(throws: HarmonicError.self) {
      try LayoutTransition.crossFade(from: old, offset: CGPoint(x: 0, y: Double.infinity), to: new, offset: .zero, viewport: viewport, update: update)
    }
  }

  @Test("a cross-fade into a rotation: what departs fades where it was on screen, outside the new viewport too (the host fuzzer)")
  func crossFadeIntoRotation() throws {
    // Rows in flight at the bottom of a portrait screen (y 350–482), moving
    // to a grid at the top of a landscape one: none is inside the landscape
    // viewport (320 tall), so their fade was refused for having no visible
    // element, and the engine's rotation with motion reduced threw.
    let old = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 3)], width: 320)
    let new = try GridLayout(sections: [.init(itemCount: 3, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 480)
    let (portrait, landscape) = (try Viewport(size: CGSize(width: 320, height: 480)), try Viewport(size: CGSize(width: 480, height: 320)))
    let shown = old.allAttributes().map {
      var row = $0
      row.center.y += 350
      return row
    }
    let fade = try LayoutTransition.crossFade(
      from: old, offset: .zero, shown: shown, to: new, offset: .zero, viewport: portrait, endViewport: landscape)
    let departing = try #require(fade.departing)
    #expect(departing.elements.map(\.id) == shown.map(\.elementID))
    #expect(departing.startAttributes.map(\.center) == shown.map(\.center) && departing.endAttributes.allSatisfy { $0.alpha == 0 })
    #expect(try #require(fade.arriving).endAttributes.map(\.center) == new.allAttributes().map(\.center))
    // A shown element that was not on screen has nothing to fade.
    var offScreen = shown
    offScreen[0].center.y += 10_000
    let partly = try LayoutTransition.crossFade(
      from: old, offset: .zero, shown: offScreen, to: new, offset: .zero, viewport: portrait, endViewport: landscape)
    #expect(try #require(partly.departing).elements.count == 2)
  }

  @Test("springy scrolling stays rigid with motion reduced")
  func rigidSpringyScroll() throws {
    var scroll = try SpringyScroll(offset: 0, touch: 300, at: .zero)
    try scroll.update(offset: 120, at: Self.seconds(0.016))
    let lag = scroll.lag(at: Self.seconds(0.02)), rigid = scroll.lag(at: Self.seconds(0.02), reducingMotion: true)
    #expect(lag.displacement(ofRowAt: 900) != 0)
    for row in stride(from: 0.0, through: 2000, by: 50) { #expect(rigid.displacement(ofRowAt: row) == 0) }
  }

  // MARK: - LayoutTransition, for apps that drive their own frames

  @Test("anchoredEnd keeps the anchor's distance from the top; anchorContentOffset keeps it there on every frame")
  func transitionAnchor() throws {
    let old = try Self.chat(Self.history), new = try Self.chat(Self.older + Self.history)
    var update = LayoutUpdate()
    for k in 0..<50 { update.inserted.insert(ItemIndexPath(item: k, section: 0)) }
    let offset = CGPoint(x: 0, y: Self.top(120, in: Self.history) - 20)
    let end = try #require(
      try LayoutTransition.anchoredEnd(keeping: .firstVisible, in: old, at: offset, viewport: Self.phone, to: new, update: update, axis: .vertical))
    #expect(end.element == ElementID(.cell, ItemIndexPath(item: 170, section: 0)))
    #expect(Double(end.offset.y) == Self.top(170, in: Self.older + Self.history) - 20 && end.offset.x == 0)
    var transition = try LayoutTransition(
      from: old, offset: offset, to: new, offset: end.offset, viewport: Self.phone, update: update, springs: .shared(.bouncy))
    #expect(transition.contentAnchor == nil)
    try transition.anchorContentOffset(to: end.element, along: .vertical)
    #expect(transition.contentAnchor == end.element)
    var frame = transition.makeFrame()
    let k = try #require(transition.elements.firstIndex { $0.to == end.element })
    var tick: Int64 = 0
    while true {
      try transition.frame(at: AnimationTime(ticks: tick), into: &frame)
      let place = Double(frame.attributes[k].frame.minY) - Double(frame.contentOffset.y)
      #expect((place - 20).magnitude < 1e-9, "at \(tick): \(place)")
      if tick == 0 { #expect(frame.contentOffset == offset) }
      if frame.hasEnded { break }
      tick += AnimationTime.ticksPerSecond / 120
    }
    #expect(frame.contentOffset == end.offset)
    // The offset's velocity is the anchor's.
    let mid = Self.seconds(0.1)
    let v = transition.contentOffsetVelocity(at: mid)
    var a = transition.makeFrame(velocities: true), b = transition.makeFrame()
    try transition.frame(at: mid, into: &a)
    try transition.frame(at: AnimationTime(ticks: mid.ticks + 7056), into: &b)  // 10 µs later
    let slope = (Double(b.contentOffset.y) - Double(a.contentOffset.y)) / 1e-5
    #expect((Double(v.y) - slope).magnitude <= 1e-3 * max(1, slope.magnitude), "\(v.y) vs \(slope)")
    #expect((Double(v.y) - Double(try #require(a.centerVelocity(ofElement: k)).y)).magnitude < 1e-6)
    // An element that is not animated, or leaves, cannot anchor.
    #expect(throws: HarmonicError.self) { try transition.anchorContentOffset(to: ElementID(.cell, ItemIndexPath(item: 349, section: 0)), along: .vertical) }
  }

  @Test("an end the content cannot reach: the residual is made up along the progress, and the end is exact")
  func transitionAnchorResidual() throws {
    // Reading at the bottom; deleting the last 10 rows leaves no room below:
    // the end clamps at the new bottom.
    let kept = Array(Self.history.dropLast(10))
    let old = try Self.chat(Self.history), new = try Self.chat(kept)
    var update = LayoutUpdate()
    for k in 290..<300 { update.deleted.insert(ItemIndexPath(item: k, section: 0)) }
    let offset = CGPoint(x: 0, y: Self.history.reduce(0, +) - 844)
    let end = try #require(
      try LayoutTransition.anchoredEnd(keeping: .firstVisible, in: old, at: offset, viewport: Self.phone, to: new, update: update, axis: .vertical))
    #expect(end.offset.y == kept.reduce(0, +) - 844 && end.offset.y < offset.y)
    var transition = try LayoutTransition(from: old, offset: offset, to: new, offset: end.offset, viewport: Self.phone, update: update)
    try transition.anchorContentOffset(to: end.element, along: .vertical)
    var frame = transition.makeFrame()
    var (tick, previous) = (Int64(0), Double(offset.y))
    repeat {
      tick += AnimationTime.ticksPerSecond / 120
      try transition.frame(at: AnimationTime(ticks: tick), into: &frame)
      #expect((Double(frame.contentOffset.y) - previous).magnitude < 40)
      previous = Double(frame.contentOffset.y)
    } while !frame.hasEnded
    #expect(frame.contentOffset == end.offset)
  }

  @Test("bad input: a non-finite offset names the parameter; no visible survivor gives nil")
  func anchorBadInput() throws {
    let old = try Self.chat(Self.history)
    #expect(throws: HarmonicError.self) {
      try LayoutTransition.anchoredEnd(keeping: .firstVisible, in: old, at: CGPoint(x: 0, y: Double.nan), viewport: Self.phone, to: old, axis: .vertical)
    }
    var update = LayoutUpdate()
    for k in 0..<300 { update.deleted.insert(ItemIndexPath(item: k, section: 0)) }
    let empty = try Self.chat([])
    #expect(
      try LayoutTransition.anchoredEnd(keeping: .firstVisible, in: old, at: .zero, viewport: Self.phone, to: empty, update: update, axis: .vertical) == nil)
  }
}
