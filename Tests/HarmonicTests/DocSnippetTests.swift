// swift-format-ignore-file
// (The snippets are the lines of the README and the articles, verbatim: not reformatted.)
// The DocC articles' Swift blocks, verbatim, compiled and run. Each test
// holds the blocks of one article (consecutive blocks that build on each
// other share a test) and checks what the article's comments say.
// `everyArticleBlockIsHere` fails when an article's block is not found here.
import Foundation
import Harmonic
import HarmonicTuning
import Testing

@Suite("DocC snippets")
struct DocSnippetTests {
  @Test("Getting started: a motion, its state and settle time; a retarget on the clock")
  func gettingStarted() throws {
    let spring = try Spring(duration: 0.5, bounce: 0.3)
    let motion = try SpringMotion(spring: spring, from: 0, to: 320, initialVelocity: 1500)
    let state = motion.state(at: try AnimationTime(seconds: 0.25))     // value in points, velocity in points/s
    let rest = motion.endTick(within: try SettleTolerance(value: 0.5, velocity: 5))   // the first tick at rest
    let restSeconds = try #require(rest).seconds
    #expect(state.value > 0 && restSeconds > 0.25)

    var animation = try ValueAnimation(value: 0.0, target: 100, spring: .snappy)
    let frame = try AnimationTime(frame: 12, framesPerSecond: 120)
    let now = animation.state(at: frame)
    try animation.retarget(to: 40, at: frame)        // C¹: same value and velocity at the tick
    #expect(animation.state(at: frame) == now)
  }

  @Test("Springs in depth: extreme overdamping comes out as e⁻¹")
  func springsInDepth() throws {
    let stiff = try Spring(mass: 1, stiffness: 1, damping: 1e9)
    let motion = try SpringMotion(spring: stiff, from: 1, to: 0)
    let value = motion.state(at: try AnimationTime(seconds: 1e9)).value   // 0.36787944117144233
    #expect(value == 0.36787944117144233)
  }

  @Test("Batches: a two-item batch, a frame, the average progress")
  func batches() throws {
    let start = [Double](repeating: 0, count: 4)
    let target: [Double] = [100, 200, 300, 400]
    let batch = try SpringBatch(itemCount: 2, channelCount: 2, from: start, to: target,
                                springs: .shared(.snappy))
    var frame = batch.makeFrame()                    // reuse it: later frames allocate nothing
    try batch.evaluate(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 10), into: &frame)
    let progress = batch.averageProgress(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 10))
    #expect(progress > 0 && progress < 1 && frame.values[3] > 0 && frame.values[3] < 400)
  }

  @Test("Value springs: a springy list row lags the scroll by its distance from the touch")
  func springyList() throws {
    var springy = try SpringyScroll(offset: 0, touch: 620, at: .zero)   // a finger down at y = 620
    // scrollViewDidScroll, each time: the offset and its tick
    try springy.update(offset: 12, at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 60))
    // every frame: one read, then one multiply-add per row and touch
    let lag = springy.lag(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 60))
    let rowY = 44.0 * 30 + lag.displacement(ofRowAt: 44.0 * 30)   // row 30's place plus its lag
    // Row 30 is 700 pt from the touch: it trails the scroll (towards larger y) by less than the 12 pt moved.
    #expect(rowY > 44.0 * 30 && rowY < 44.0 * 30 + 12)
  }

  @Test("Using Harmonic in UIKit: a batch update through LayoutAnimator, frames from a FrameClock")
  func layoutAnimator() throws {
    let clock = try FrameClock(origin: 1000.0)                 // the display link's first timestamp
    let grid = try GridLayout(sections: [.init(itemCount: 30, itemSize: CGSize(width: 100, height: 100),
                                               lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: 320)
    var engine = try LayoutAnimator(layout: grid, viewport: try Viewport(size: CGSize(width: 320, height: 480)),
                                    contentOffset: .zero)
    // performBatchUpdates: the data lost item 3; the app's layout for the new data
    try engine.prepare(forCollectionViewUpdates: [.delete(ItemIndexPath(item: 3, section: 0))],
                       layout: try GridLayout(sections: [.init(itemCount: 29, itemSize: CGSize(width: 100, height: 100),
                                                               lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: 320))
    // each display-link frame
    try engine.advance(to: try clock.time(atTimestamp: 1000.0 + 5.0 / 60))
    let visible = engine.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 320, height: 480))
    let leaving = engine.leavingAttributes                     // item 3, fading out
    #expect(engine.time.ticks == 5 * 11_760_000 && engine.isAnimating)
    #expect(!visible.isEmpty && leaving.count == 1 && leaving[0].alpha < 1 && leaving[0].indexPath.item == 3)
  }

  @Test("SwiftUI: the step response a HarmonicSpringAnimation scales a change by")
  func swiftUIStep() throws {
    let step = try SpringMotion(spring: .bouncy, from: 0, to: 1)   // what the animation scales a change by
    let settle = step.endTick(within: try SettleTolerance(value: 0.001, velocity: 0.01))   // a tick; nil: never settles
    let midway = step.state(at: try AnimationTime(seconds: 0.25))   // .value: how far along, .velocity: per second
    let seconds = try #require(settle).seconds
    #expect(seconds > 0.5 && seconds < 3 && (midway.value - 1).magnitude < 0.3)
  }

  @Test("Layouts and transitions: flow → list, and reading completion off the main thread")
  func transition() async throws {
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    let grid = try GridLayout(sections: [.init(itemCount: 60, itemSize: CGSize(width: 100, height: 100),
                                               lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: 320)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 60)], width: 320)
    let transition = try LayoutTransition(from: grid, offset: CGPoint(x: 0, y: 315), to: list, offset: .zero,
                                          viewport: viewport, springs: .shared(.snappy),
                                          velocity: .gesture(CGPoint(x: 0, y: -1200)))
    var frame = transition.makeFrame()
    try transition.frame(at: AnimationTime(ticks: AnimationTime.ticksPerSecond / 4), into: &frame)
    // frame.attributes, frame.contentOffset, frame.contentSize, frame.progress, frame.hasEnded
    #expect(frame.progress > 0 && !frame.hasEnded)

    let ready = transition  // a copy shares the lazily computed value
    Task.detached { _ = ready.endTick }
    #expect(transition.endTick.seconds > 0.25)
  }

  @Test("Layouts and transitions: attribute sets with an insert, a move and a fly-in")
  func reorderTransition() throws {
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
    #expect(!onScreen.isEmpty && onScreen.count <= frame.attributes.count)
    // The moved row springs down from slot 3 towards slot 15.
    let k = try #require(reorder.elements.firstIndex { $0.from == .cell(ItemIndexPath(item: 3, section: 0)) })
    #expect(reorder.elements[k].to == .cell(ItemIndexPath(item: 15, section: 0)) && frame.centerVelocity(ofElement: k)!.y > 0)
  }

  @Test("Snapping: a grid snaps by its lines (the paging flick is the README's)")
  func snapping() throws {
    let grid = try GridLayout(sections: [.init(itemCount: 300, itemSize: CGSize(width: 100, height: 100),
                                               headerExtent: 30)],
                              viewportCrossExtent: 320, lineAlignment: .justified, pinsSectionHeaders: true)
    let viewport = try Viewport(size: CGSize(width: 320, height: 568))
    let rows = try grid.snapLayout(by: .lines, viewport: viewport)
    let stop = try Snapping.target(layout: rows, offset: 1234, velocity: 800, options: grid.snapOptions())
    #expect(stop.target > 1234)
  }

  @Test("Value springs: a flung card, drag-to-reorder, a zoom and a pinch")
  func valueSprings() throws {
    var card = try ValueAnimation(value: CGPoint(x: 40, y: 40), target: CGPoint(x: 40, y: 40), spring: .snappy)
    // The pan ends: hand over the finger's position and velocity (points per second).
    try card.reset(value: CGPoint(x: 180, y: 320), velocity: CGPoint(x: 1400, y: -900),
                   target: CGPoint(x: 330, y: 60), at: try AnimationTime(frame: 30, framesPerSecond: 120))
    let position = try card.value(at: AnimationTime(frame: 42, framesPerSecond: 120))
    #expect(position.x > 180 && position.y < 320)

    let glide = try ValueDecay(value: CGPoint(x: 200, y: 300), velocity: CGPoint(x: 2500, y: 400))
    let rest = glide.endValue   // (1448.7, 499.8): past the screen's right edge
    let bounce = try glide.handOff(minimum: SIMD2(0, 0), maximum: SIMD2(375, 667), spring: .snappy)
    // Before bounce?.contact draw glide.value(at:), from it on bounce?.animation.value(at:): onto x = 375.
    let (contact, animation) = try #require(bounce)
    let settled = animation.endTick
    #expect(contact.ticks > 0 && animation.target.x == 375 && settled != nil)
    #expect((rest.x - 1448.7).magnitude < 0.05 && (rest.y - 499.8).magnitude < 0.05)

    let slide = try TimedAnimation(from: CGPoint(x: 20, y: 300), to: CGPoint(x: 320, y: 40), duration: 0.4,
                                   curve: .cubicBezier(.easeOut))
    let caught = try slide.handOff(to: CGPoint(x: 100, y: 100), with: .snappy,
                                   at: try AnimationTime(seconds: 0.2))   // C¹ from the curve's value and slope
    #expect(caught.velocity(at: try AnimationTime(seconds: 0.2)) == slide.velocity(at: try AnimationTime(seconds: 0.2)))

    var sheet = try ValueAnimator(value: 0.0)
    sheet.run(try TimedAnimation(from: 0.0, to: 600, duration: 0.5, curve: .cubicBezier(.easeOut)))
    try sheet.spring(to: 300, with: .bouncy, at: try AnimationTime(seconds: 0.2))   // caught mid-curve, C¹
    let frame = sheet.frame(at: try AnimationTime(frame: 30, framesPerSecond: 60))
    // frame.value to draw; stop the display link when frame.didEnd
    #expect(frame.value > 300 && !frame.hasEnded && !frame.didEnd)

    var list = try ReorderModel(slots: (0..<20).map { 22 + 44 * Double($0) })
    try list.beginDrag(row: 3, position: 154, velocity: 0, at: .zero)
    try list.drag(to: 700, velocity: 600, at: AnimationTime(frame: 60, framesPerSecond: 120))  // over row 15
    try list.drop(velocity: 600, at: AnimationTime(frame: 61, framesPerSecond: 120))
    var positions = [Double](repeating: 0, count: 20), velocities = positions
    try list.frame(at: AnimationTime(frame: 80, framesPerSecond: 120), positions: &positions, velocities: &velocities)
    // list.order: row 3 is in slot 15, rows 4…15 moved up one slot
    #expect(list.order[15] == 3 && list.order[3] == 4 && positions[4] < 22 + 44 * 4)

    // Hero zoom from a cell to full screen, with the pinch's velocity per component.
    let zoom = try ValueAnimation(value: CGRect(x: 20, y: 300, width: 110, height: 110), velocity: CGRect(x: 0, y: -600, width: 900, height: 1800),
                                  target: CGRect(x: 0, y: 0, width: 390, height: 844), spring: .smooth)
    // A pinch-driven scale released at 1.8 springs back to 1 without passing it.
    let scale = try ValueAnimation(value: 1.8, velocity: -4, target: 1.0, spring: .bouncy,
                                   limits: ValueLimits(clampsOvershoot: true))
    for k in 0...240 {
      let t = try AnimationTime(frame: Int64(k), framesPerSecond: 120)
      #expect(scale.value(at: t) >= 1.0)
      #expect(zoom.value(at: t).width > 0)
    }
  }

  @Test("Tuning springs: design targets, a bezier, a recording cut short, the snippets")
  func tuning() throws {
    let designed = try SpringFit.spring(overshoot: 0.05, settleTime: 0.4)
    let easeOut = try SpringFit.fit(bezier: 0, 0, 0.58, 1, duration: 0.5)
    let fitted = easeOut.spring                      // stiffness ≈ 44, damping ≈ 10.5

    // 0.25 s of a 0.6 s motion from 10 towards 110, recorded at 240 Hz.
    let motion = try SpringMotion(spring: Spring(mass: 1, stiffness: 300, damping: 20), from: 10, to: 110)
    let recording = try (0...60).map { i in
      SpringFit.Sample(time: Double(i) / 240, value: motion.state(at: try AnimationTime(frame: Int64(i), framesPerSecond: 240)).value)
    }
    let found = try SpringFit.fit(samples: recording)  // k 300, c 20, found.target 110 (to 1e-6)
    #expect((designed.settlingDuration - 0.4).magnitude < 1e-9)
    #expect((fitted.stiffness - 44).magnitude < 1 && (fitted.damping - 10.5).magnitude < 0.1)
    #expect((found.spring.stiffness - 300).magnitude < 1e-4 && (found.target - 110).magnitude < 1e-6)

    let spring = try Spring(duration: 0.5, bounce: 0.25)
    for snippet in try SpringExport.snippets(spring) {
      print("// \(snippet.title), max error \(snippet.maxError)\n\(snippet.code)")
    }
  }

  @Test("Layouts and transitions: a push between screens by model id")
  func screenTransition() throws {
    let screen = CGSize(width: 390, height: 844)
    func row(_ i: Int) -> LayoutAttributes {           // the table, scrolled to 300
      LayoutAttributes(indexPath: ItemIndexPath(item: i, section: 0), frame: CGRect(x: 0, y: 44 * Double(i) - 300, width: 390, height: 44))
    }
    let gridOffset = ScreenTransition<Int>.destinationOffset(
      bringing: CGRect(x: 262, y: 786, width: 128, height: 128), contentSize: CGSize(width: 390, height: 2224),
      viewport: try Viewport(size: screen))           // row 20 tapped: the grid opens at y = 786
    func cell(_ i: Int) -> LayoutAttributes {
      LayoutAttributes(indexPath: ItemIndexPath(item: i, section: 0),
                       frame: CGRect(x: Double(i % 3) * 131, y: Double(i / 3) * 131 - Double(gridOffset.y), width: 128, height: 128))
    }
    var push = try ScreenTransition(
      from: .init(shown: (6...25).map { ($0, row($0)) }, place: { row($0) }),
      to: .init(shown: (18...38).map { ($0, cell($0)) }, place: { cell($0) }),
      container: screen, springs: .shared(.snappy))
    try push.finish(velocity: 0, at: .zero)           // a tap: no gesture
    try push.advance(to: AnimationTime(frame: 12, framesPerSecond: 120))
    let views = push.shown                            // (model id, attributes) to draw this frame
    #expect(gridOffset == CGPoint(x: 0, y: 786) && views.count > 10 && push.isAnimating)
  }

  @Test("Layouts and transitions: a move while a move is in flight")
  func changesInFlight() throws {
    let two = try GridLayout(sections: [.init(itemCount: 12, itemSize: CGSize(width: 100, height: 100)),
                                        .init(itemCount: 12, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let moved = try GridLayout(sections: [.init(itemCount: 11, itemSize: CGSize(width: 100, height: 100)),
                                          .init(itemCount: 13, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let screen = try Viewport(size: CGSize(width: 320, height: 900))
    let drag = try LayoutTransition(from: two, offset: .zero, to: two, offset: .zero, viewport: screen,
                                    update: LayoutUpdate(moved: [ItemIndexPath(item: 2, section: 0): ItemIndexPath(item: 5, section: 0)]))
    // 90 ms later the finger crosses into section 1: the same item moves on.
    let onwards = try LayoutTransition(continuing: drag, at: try AnimationTime(seconds: 0.09), to: moved, offset: .zero,
                                       viewport: screen,
                                       update: LayoutUpdate(moved: [ItemIndexPath(item: 5, section: 0): ItemIndexPath(item: 1, section: 1)]))
    #expect(onwards.elements.contains { $0.id == ElementID(.cell, ItemIndexPath(item: 1, section: 1)) })
  }

  @Test("Scroll-driven effects: a snapping carousel with scale and fade, a custom effect, keyframes")
  func scrollDrivenEffects() throws {
    let viewport = try Viewport(size: CGSize(width: 390, height: 844))
    let carousel = try GridLayout.carousel(count: 20, itemSize: CGSize(width: 280, height: 400), spacing: 20,
                                           viewport: viewport.size)
    var engine = try LayoutAnimator(layout: carousel, viewport: viewport, contentOffset: .zero)
    engine.scrollAxis = .horizontal
    engine.snapping = { layout, viewport throws(HarmonicError) in
      try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport)
    }
    engine.snappingOptions = carousel.snapOptions(alignment: .center)
    engine.scrollEffect = .scaleAndFade(minimumScale: 0.8, minimumAlpha: 0.5)
    engine.scrollPhase = try ScrollPhase(axis: .horizontal, scale: .pitch(300))   // one card away = 1
    let shown = engine.layoutAttributesForElements(in: viewport.visibleRect(at: engine.contentOffset))
    #expect(shown.contains { $0.alpha < 1 })

    let tilt = ScrollEffect { attributes, input throws(HarmonicError) in
      attributes.transform = try attributes.transform.concatenating(.rotation(input.clampedPhase * 0.2))
      attributes.alpha *= 1 - 0.4 * input.clampedPhase.magnitude
    }
    var card = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    try tilt.apply(to: &card, input: ScrollEffect.Input(phase: 2, distance: 600, axis: .horizontal))
    #expect(abs(card.alpha - 0.6) < 1e-15)

    let bounce = try KeyframeAnimation(from: CGPoint(x: 0, y: 0), keys: [
      .init(CGPoint(x: 0, y: -120), duration: 0.25, curve: .timing(.cubicBezier(.easeOut))),
      .init(CGPoint(x: 0, y: 0), duration: 0.2, curve: .timing(.cubicBezier(.easeIn)), stops: true),
      .init(CGPoint(x: 0, y: -30), duration: 0.4, curve: .spring(.bouncy)),
    ])
    let top = bounce.value(at: bounce.tick(ofKey: 0)!)   // exactly (0, −120)
    #expect(top == CGPoint(x: 0, y: -120))

    let cascade = try Cascade(style: .slide(x: 0, y: 60), delay: 0.05, progress: .spring(.snappy))
    let entering = LayoutAttributes(indexPath: ItemIndexPath(item: 3, section: 0), frame: CGRect(x: 20, y: 40, width: 100, height: 100))
    let frame = try cascade.attributes(entering, ofElement: 3, at: try AnimationTime(seconds: 0.2))   // 0.05 s into its spring
    #expect(frame.alpha > 0 && frame.alpha < 1)
  }

  @Test("Keeping the reader's place: the anchored end, and a transition that follows the anchor")
  func keepingTheReadersPlace() throws {
    let rows = [Double](repeating: 60, count: 200), older = [Double](repeating: 80, count: 10)
    let reading = CGPoint(x: 0, y: 6_000)
    let old = try GridLayout.list(rowHeights: [rows], width: 390)
    let new = try GridLayout.list(rowHeights: [older + rows], width: 390)
    var update = LayoutUpdate()
    for item in older.indices { update.inserted.insert(ItemIndexPath(item: item, section: 0)) }
    let screen = try Viewport(size: CGSize(width: 390, height: 844))
    if let end = try LayoutTransition.anchoredEnd(keeping: .firstVisible, in: old, at: reading, viewport: screen,
                                                  to: new, update: update, axis: .vertical) {
      var transition = try LayoutTransition(from: old, offset: reading, to: new, offset: end.offset,
                                            viewport: screen, update: update)
      try transition.anchorContentOffset(to: end.element, along: .vertical)
    }
    let end = try #require(try LayoutTransition.anchoredEnd(keeping: .firstVisible, in: old, at: reading, viewport: screen,
                                                            to: new, update: update, axis: .vertical))
    #expect(end.offset.y == 6_800 && end.element == ElementID(.cell, ItemIndexPath(item: 110, section: 0)))
  }

  /// Every ```swift block of every DocC article (but Package.swift fragments)
  /// must appear in this file (or in ReadmeSnippetTests) line for line,
  /// leading spaces ignored.
  @Test("every Swift block in the DocC articles is one of the compiled snippets above")
  func everyArticleBlockIsHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    // A block both documents show is compiled once, in the README's tests.
    let source = try [here, here.deletingLastPathComponent().appendingPathComponent("ReadmeSnippetTests.swift")]
      .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    var blocks: [(file: String, lines: [String])] = []
    for catalog in ["Sources/Harmonic/Harmonic.docc", "Sources/HarmonicTuning/HarmonicTuning.docc"] {
      let folder = root.appendingPathComponent(catalog)
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        blocks += Snippets.swiftBlocks(in: text).map { ("\(catalog)/\(name)", $0) }
      }
    }
    // A block that opens with `// From <path>` is that file of the
    // repository, whole: the Apple shims and the examples, which cannot be
    // compiled here, are shown as they ship.
    let copies = blocks.filter { ($0.lines.first ?? "").hasPrefix("// From ") }
    #expect(copies.count >= 4, "found \(copies.count) file copies")
    for block in copies {
      let path = String(block.lines[0].dropFirst("// From ".count))
      let file = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      let shown = Array(block.lines.dropFirst())
      func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      }
      let whole = normalized(shown) == normalized(file.components(separatedBy: "\n"))
      #expect(whole, "\(block.file): the copy of \(path) is not the file")
    }
    let snippets = blocks.filter { !($0.lines.first ?? "").hasPrefix("// Package.swift") && !($0.lines.first ?? "").hasPrefix("// From ") }
    #expect(snippets.count >= 12, "found \(snippets.count) blocks")
    for block in snippets {
      #expect(Snippets.contains(source, block.lines), "\(block.file): block not compiled by DocSnippetTests:\n\(block.lines.joined(separator: "\n"))")
    }
  }
}

/// Finding a document's Swift blocks in a test file.
enum Snippets {
  /// The ```swift blocks of a Markdown text, as lines.
  static func swiftBlocks(in text: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]? = nil
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!)
        current = nil
      } else if current != nil {
        current!.append(line)
      }
    }
    return blocks
  }

  /// Whether `source` holds `block`'s lines consecutively (blank and `import`
  /// lines dropped, leading spaces ignored).
  static func contains(_ source: String, _ block: [String]) -> Bool {
    func trimmed(_ line: Substring) -> String { String(line.trimmingPrefix(while: { $0 == " " })) }
    let sourceLines = source.split(separator: "\n").map(trimmed)
    let lines = block.filter { !$0.hasPrefix("import ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { trimmed(Substring($0)) }
    guard !lines.isEmpty else { return true }
    return sourceLines.indices.contains { start in
      start + lines.count <= sourceLines.count && Array(sourceLines[start..<(start + lines.count)]) == lines
    }
  }
}
