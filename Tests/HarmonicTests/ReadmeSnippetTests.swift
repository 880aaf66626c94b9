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
    let state = motion.state(at: try AnimationTime(seconds: 0.25))    // value (pt), velocity (pt/s)
    let rest = motion.endTick(within: try SettleTolerance(value: 0.5, velocity: 5))   // first tick at rest
    #expect((spring.stiffness - 157.91367041742973).magnitude < 1e-9 && (spring.damping - 17.59291886010284).magnitude < 1e-9)
    let seconds = try #require(rest).seconds
    #expect(state.value > 0 && seconds > 0.25 && seconds < 2)
  }

  @Test("batches: a 1,000-item batch, a frame, average progress")
  func batches() throws {
    let n = 1_000                                       // items, 11 channels each
    let start = (0..<11 * n).map { Double($0 % 320) }
    let target = start.map { $0 + 100 }
    let velocity = [Double](repeating: 0, count: 11 * n)
    let batch = try SpringBatch(itemCount: n, channelCount: 11, from: start, to: target,
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
    // frame.attributes, frame.contentOffset, frame.contentSize, frame.progress, frame.hasEnded
    // `completion` is computed when first read (an exact search); reading it once
    // off the main thread keeps that cost out of every frame (copies share it):
    let ready = transition
    Task.detached { _ = ready.endTick }
    #expect(!frame.hasEnded && frame.progress > 0)
    #expect((transition.endTick.seconds - 0.70).magnitude < 0.01)  // "completes after 0.70 s"
  }

  @Test("value springs: a flung card")
  func valueSprings() throws {
    var card = try ValueAnimation(value: CGPoint(x: 40, y: 40), target: CGPoint(x: 40, y: 40), spring: .snappy)
    try card.reset(value: CGPoint(x: 180, y: 320), velocity: CGPoint(x: 1400, y: -900),   // pt/s from the pan
                   target: CGPoint(x: 330, y: 60), at: AnimationTime(frame: 30, framesPerSecond: 120))
    let where_ = try card.value(at: AnimationTime(frame: 42, framesPerSecond: 120))
    #expect(where_.x > 180 && where_.y < 320)
    #expect(card.value(at: AnimationTime(ticks: AnimationTime.ticksPerSecond * 5)) == CGPoint(x: 330, y: 60))
  }

  @Test("snapping: a paging flick moves one page")
  func snapping() throws {
    let pages = try SnapLayout.pages(contentExtent: 375 * 10, viewport: 375)
    let decision = try Snapping.target(layout: pages, offset: 400, velocity: -900,
                                       options: Snapping.Options(maximumItemsPerFlick: 1))
    let motion = try decision.motion()               // a spring from 400 with −900 pt/s, or the deceleration itself
    // decision.target == 375: the flick counts from where the scroll is, so it moves one page.
    #expect(decision.target == 375)
    #expect(motion.velocity(at: .zero) == -900 && motion.endValue == 375)
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
