// swift-format-ignore-file
// (The snippets are the lines of the README and the articles, verbatim: not reformatted.)
// The README's Swift snippets, verbatim, compiled with only `import Harmonic`
// (this file imports nothing else from the library's world), and run.
// `snippetsMatchTheReadme` fails when a README snippet is not found here.
import Harmonic
import Testing

@Suite("README snippets")
struct ReadmeSnippetTests {
  @Test("springs: a duration/bounce spring, a motion, its state and settle time")
  func springs() throws {
    let spring = try Spring(duration: 0.5, bounce: 0.3)          // SwiftUI / Flutter
    // spring.mass 1, spring.stiffness 157.91…, spring.damping 17.59…
    let motion = try SpringMotion(spring: spring, from: 0, to: 320, initialVelocity: 1500)
    let state = try motion.state(atTime: 0.25)                   // value (pt), velocity (pt/s)
    let rest = motion.settleTime(tolerance: try SettleTolerance(value: 0.5, velocity: 5))
    #expect((spring.stiffness - 157.91367041742973).magnitude < 1e-9 && (spring.damping - 17.59291886010284).magnitude < 1e-9)
    #expect(state.value > 0 && rest > 0.25 && rest < 2)
  }

  @Test("batches: a 1,000-item batch, a frame, average progress")
  func batches() throws {
    let n = 1_000                                       // items, 11 channels each
    let start = (0..<11 * n).map { Double($0 % 320) }
    let target = start.map { $0 + 100 }
    let velocity = [Double](repeating: 0, count: 11 * n)
    let batch = try SpringBatch(itemCount: n, channelCount: 11, start: start, target: target,
                                velocity: velocity, springs: .shared(.snappy))
    var frame = batch.makeFrame()                       // reuse it: frames then allocate nothing
    let t = try AnimationTime(frame: 12, framesPerSecond: 120)
    try batch.evaluate(at: t, into: &frame)             // frame.values, frame.velocities
    let p = batch.averageProgress(at: t)                // exactly 1 once all settled
    #expect(p > 0 && p < 1)
    #expect(frame.values[5] > start[5] && frame.values[5] < target[5] + 10)
  }

  @Test("transitions: flow → list with a flick")
  func transition() throws {
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    let grid = try GridLayout(sections: [.init(itemCount: 60, itemSize: CGSize(width: 100, height: 100),
                                               lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 60)], width: 320)
    let end = try list.placement(of: [ItemIndexPath(item: 9, section: 0)], .top, viewport: viewport, current: .zero)
    let transition = try LayoutTransition(from: grid, offset: CGPoint(x: 0, y: 315), to: list, offset: end,
                                          viewport: viewport, springs: .shared(.snappy),
                                          velocity: .gesture(CGPoint(x: 0, y: -1200)))   // the flick, pt/s
    var frame = transition.makeFrame()
    try transition.frame(at: AnimationTime(frame: 30, framesPerSecond: 120), into: &frame)
    // frame.attributes, frame.contentOffset, frame.contentSize, frame.progress, frame.isComplete
    // `completion` is computed when first read (an exact search); reading it once
    // off the main thread keeps that cost out of every frame (copies share it):
    let ready = transition
    Task.detached { _ = ready.completion }
    #expect(!frame.isComplete && frame.progress > 0)
    #expect((transition.completion.seconds - 0.70).magnitude < 0.01)  // "completes after 0.70 s"
  }

  @Test("transitions: attribute sets with an insert and a move, decomposed transforms, velocities")
  func reorder() throws {
    let phone = try Viewport(size: CGSize(width: 390, height: 844))
    func rows(_ count: Int) -> [LayoutAttributes] {
      (0..<count).map { LayoutAttributes(indexPath: ItemIndexPath(item: $0, section: 0),
                                         frame: CGRect(x: 0, y: 60 * Double($0), width: 390, height: 56)) }
    }
    let reorder = try LayoutTransition(
      from: rows(20), offset: .zero, contentSize: CGSize(width: 390, height: 1200), viewport: phone,
      to: rows(21), offset: .zero, contentSize: CGSize(width: 390, height: 1260), viewport: phone,
      update: LayoutUpdate(inserted: [ItemIndexPath(item: 0, section: 0)],
                           moved: [ItemIndexPath(item: 3, section: 0): ItemIndexPath(item: 15, section: 0)]),
      appearance: .flyIn(distance: 40, rotation: .pi), springs: .shared(.snappy), transforms: .decomposed)
    var frame = reorder.makeFrame(velocities: true)
    try reorder.frame(at: AnimationTime(frame: 9, framesPerSecond: 120), into: &frame)
    let onScreen = frame.attributes(in: CGRect(x: 0, y: 0, width: 390, height: 844))   // mid-flight query
    let k = try #require(reorder.elements.firstIndex { $0.from == .cell(ItemIndexPath(item: 3, section: 0)) })
    #expect(reorder.elements[k].to == .cell(ItemIndexPath(item: 15, section: 0)) && frame.centerVelocity(ofElement: k)!.y > 0)
    #expect(!onScreen.isEmpty && onScreen.count <= frame.attributes.count)
  }

  @Test("value springs: a flung card, a zoom, a pinch that springs back")
  func valueSprings() throws {
    // A card follows the finger, then is flung to a corner with the finger's velocity.
    var card = try ValueAnimation(value: CGPoint(x: 40, y: 40), target: CGPoint(x: 40, y: 40), spring: .snappy)
    try card.reset(value: CGPoint(x: 180, y: 320), velocity: SIMD4(1400, -900, 0, 0),   // pt/s from the pan
                   target: CGPoint(x: 330, y: 60), at: AnimationTime(frame: 30, framesPerSecond: 120))
    let where_ = try card.value(at: AnimationTime(frame: 42, framesPerSecond: 120))
    // A photo zooms from its cell to full screen, carrying the pinch's velocity (pt/s per component).
    let zoom = try ValueAnimation(value: CGRect(x: 20, y: 300, width: 110, height: 110), velocity: SIMD4(0, -600, 900, 1800),
                                  target: CGRect(x: 0, y: 0, width: 390, height: 844), spring: .smooth)
    let frame = try zoom.value(at: AnimationTime(frame: 12, framesPerSecond: 120))
    // A pinch-driven scale springs back to 1, never below 0.5 nor past 1 on the way (clamped overshoot).
    let scale = try ValueAnimation(value: 1.8, velocity: SIMD4(-4, 0, 0, 0), target: 1.0, spring: .bouncy,
                                   limits: ValueLimits(clampsOvershoot: true, minimum: SIMD4(0.5, 0, 0, 0)))
    let settled = try scale.settleTick(valueTolerance: SIMD4(repeating: 0.001))
    #expect(where_.x > 180 && frame.width > 110 && frame.width < 390)
    #expect(settled != nil && scale.value(at: settled!) == 1.0)
  }

  @Test("value springs: drag-to-reorder")
  func reorderSnippet() throws {
    var list = try ReorderModel(slots: (0..<20).map { 22 + 44 * Double($0) })
    try list.beginDrag(row: 3, position: 154, velocity: 0, at: .zero)
    try list.drag(to: 700, velocity: 600, at: AnimationTime(frame: 60, framesPerSecond: 120))  // over row 15
    try list.drop(velocity: 600, at: AnimationTime(frame: 61, framesPerSecond: 120))
    var positions = [Double](repeating: 0, count: 20), velocities = positions
    try list.frame(at: AnimationTime(frame: 80, framesPerSecond: 120), positions: &positions, velocities: &velocities)
    // list.order: row 3 is in slot 15, rows 4…15 moved up one slot
    #expect(list.order[15] == 3 && list.order[3] == 4 && positions[4] < 22 + 44 * 4)
  }

  @Test("snapping: a paging flick moves one page")
  func snapping() throws {
    let pages = try SnapLayout.pages(contentExtent: 375 * 10, viewport: 375)
    let decision = try Snapping.target(layout: pages, offset: 400, velocity: -900,
                                       options: Snapping.Options(maximumItemsPerFlick: 1))
    let animation = try decision.animation()         // a spring from 400 with −900 pt/s, or the deceleration itself
    // decision.target == 375: the flick counts from where the scroll is, so it moves one page.
    #expect(decision.target == 375)
    if case let .spring(motion) = animation {
      #expect(try motion.state(atTime: 0).velocity == -900)
    }
  }

  /// Every ```swift block of the README (but the Package.swift fragment), its
  /// `import` lines dropped, must appear in this file line for line.
  @Test("every Swift snippet in the README is one of the compiled snippets above")
  func snippetsMatchTheReadme() throws {
    let here = #filePath
    let root = here.split(separator: "/").dropLast(3).joined(separator: "/")
    let readme = try String(contentsOfFile: "/" + root + "/README.md", encoding: .utf8)
    let source = try String(contentsOfFile: here, encoding: .utf8)
    let snippets = Snippets.swiftBlocks(in: readme).filter { !($0.first ?? "").hasPrefix("// Package.swift") }
    #expect(snippets.count >= 5, "found \(snippets.count) snippets")
    for block in snippets {
      #expect(Snippets.contains(source, block), "README snippet not compiled by ReadmeSnippetTests:\n\(block.joined(separator: "\n"))")
    }
  }
}
