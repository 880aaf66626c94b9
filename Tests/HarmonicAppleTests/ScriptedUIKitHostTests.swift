#if HARMONIC_APPLE_INTERFACE
import Foundation
import Harmonic
import Testing
import _AppleInterface

/// The shim's own code (Sources/Harmonic/Hosting/LayoutAnimator+UIKit.swift,
/// compiled here against the interface) driven by a scripted UIKit host:
/// UIKit's order for layout passes, scrolling, batch updates, layout changes,
/// rotation and interactive transitions, with a display link that fires at
/// 60 Hz, 120 Hz or irregularly.
@MainActor
@Suite("Apple shims: the UIKit layout under a scripted host")
struct ScriptedUIKitHostTests {
  static let origin = 1000.0  // the media time of the first frame, seconds

  static func grid(_ count: Int, width: Double = 320) throws -> GridLayout {
    try GridLayout(
      sections: [.init(itemCount: count, itemSize: CGSize(width: 100, height: 100), lineSpacing: 5, interitemSpacing: 5)], viewportCrossExtent: width)
  }

  /// A collection view of `count` photos in a Harmonic layout, snapping to rows, with its driver.
  @MainActor final class Host {
    var count: Int
    var width = 320.0
    let layout: HarmonicCollectionViewLayout
    let collectionView: UICollectionView
    let driver: HarmonicDisplayLinkDriver
    var errors: [HarmonicError] = []

    init(count: Int) throws {
      self.count = count
      _scriptedMediaTime = ScriptedUIKitHostTests.origin
      var engine = try LayoutAnimator(
        layout: try ScriptedUIKitHostTests.grid(count), viewport: try Viewport(size: CGSize(width: 320, height: 480)), contentOffset: .zero,
        springs: .shared(.snappy))
      let grid = try ScriptedUIKitHostTests.grid(count)
      engine.snapping = { layout, viewport throws(HarmonicError) in try (layout as! GridLayout).snapLayout(by: .lines, viewport: viewport) }
      engine.snappingOptions = grid.snapOptions()
      var current: (() -> any CollectionLayout)!
      layout = HarmonicCollectionViewLayout(engine: engine, clock: try FrameClock(origin: ScriptedUIKitHostTests.origin)) { current() }
      collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
      driver = HarmonicDisplayLinkDriver(layout: layout, collectionView: collectionView)
      current = { [unowned self] in (try? ScriptedUIKitHostTests.grid(self.count, width: self.width)) ?? self.layout.engine.layout }
      layout.onError = { [unowned self] error in self.errors.append(error) }
    }

    /// A finger scrolls the content to `y`: UIKit moves the bounds and asks the layout.
    func drag(to y: Double) {
      driver.scrollViewWillBeginDragging()
      collectionView.contentOffset = CGPoint(x: 0, y: y)
      _ = layout.shouldInvalidateLayout(forBoundsChange: collectionView.bounds)
    }

    /// The finger lifts moving at `velocity` points per millisecond.
    func release(_ velocity: Double) {
      var target = collectionView.contentOffset
      driver.scrollViewWillEndDragging(withVelocity: CGPoint(x: 0, y: velocity), targetContentOffset: &target)
    }

    /// What UIKit reads in one layout pass, as raw bits.
    func pass() -> [UInt64] {
      let size = layout.collectionViewContentSize
      var bits = [Double(collectionView.contentOffset.x), Double(collectionView.contentOffset.y), Double(size.width), Double(size.height)]
      for a in layout.layoutAttributesForElements(in: collectionView.bounds) ?? [] {
        bits += [Double(a.indexPath.item), Double(a.center.x), Double(a.center.y), Double(a.size.width), Double(a.size.height), Double(a.alpha)]
      }
      return bits.map(\.bitPattern)
    }
  }

  @Test("a touch that catches a snap between frames leaves the engine where the screen is: a still release does not step (issue 69)")
  func caughtSnap() throws {
    let host = try Host(count: 600)
    host.drag(to: 3000)
    _scriptedMediaTime = Self.origin + 0.001
    host.release(1.5)
    var t = 0.0
    while t < 0.15 {
      t += 1.0 / 60
      _scriptedMediaTime = Self.origin + t
      host.driver.frame(atTimestamp: Self.origin + t)
    }
    // The touch at 0.158 s, between the frames of 0.15 and 0.167 s.
    _scriptedMediaTime = Self.origin + 0.158
    let shown = host.collectionView.contentOffset
    host.driver.scrollViewWillBeginDragging()
    #expect(host.layout.engine.contentOffset == shown, "the engine holds \(host.layout.engine.contentOffset.y), the screen \(shown.y)")
    // A release without movement: the next frame moves on from the screen's offset.
    host.release(0)
    _scriptedMediaTime = Self.origin + 0.167
    host.driver.frame(atTimestamp: Self.origin + 0.167)
    let step = Double(host.collectionView.contentOffset.y) - Double(shown.y)
    #expect(abs(step) < 2, "the first frame after the release steps \(step) pt")
    #expect(host.errors.isEmpty, "\(host.errors)")
  }

  /// Runs `events` (at seconds after the origin, between frames) with
  /// frames `period` seconds apart (nil: irregular, 3–25 ms) for 3 s, in
  /// UIKit's order: the display link fires at each frame's time with that
  /// `timestamp`, events come at their own media time. Returns each frame's
  /// pass by tick.
  static func run(period: Double?, events: [(at: Double, apply: (Host) throws -> Void)]) throws -> [Int64: [UInt64]] {
    let host = try Host(count: 60)
    var frames: [Double]
    if let period {
      frames = (1...Int(3 / period)).map { Double($0) * period }
    } else {
      var t = 0.0, k: UInt64 = 7
      frames = []
      while t < 3 {
        k = k &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        t += 0.003 + Double(k >> 40) / Double(1 << 24) * 0.022
        frames.append(t)
      }
    }
    var pending = events[...]
    var seen: [Int64: [UInt64]] = [:]
    for t in frames {
      while let event = pending.first, event.at < t {
        _scriptedMediaTime = origin + event.at
        try event.apply(host)
        pending = pending.dropFirst()
      }
      _scriptedMediaTime = origin + t
      if host.driver.isRunning { host.driver.frame(atTimestamp: origin + t) }
      seen[try host.layout.clock.time(atTimestamp: origin + t).ticks] = host.pass()
    }
    #expect(host.errors.isEmpty, "\(host.errors)")
    #expect(!host.driver.isRunning && !host.layout.engine.isAnimating, "still running after 3 s")
    return seen
  }

  /// A user's script: scroll, fling, delete while the snap runs, rotate,
  /// change the layout mid-flight — each event between frames, at its own time.
  static var script: [(at: Double, apply: (Host) throws -> Void)] {
    [
      (0.1037, { $0.drag(to: 130) }),
      (0.1541, { $0.release(1.5) }),
      (
        0.3023,
        { host in
          host.count -= 1
          host.collectionView.performBatchUpdates { host.collectionView.deleteItems(at: [IndexPath(item: 4, section: 0)]) }
        }
      ),
      (
        0.7111,
        { host in
          host.width = 480
          let layout = try ScriptedUIKitHostTests.grid(host.count, width: 480)
          let viewport = try Viewport(size: CGSize(width: 480, height: 320))
          host.layout.perform { engine throws(HarmonicError) in
            try engine.prepare(forAnimatedBoundsChange: viewport, layout: layout, contentOffset: CGPoint(x: 0, y: 210))
          }
          host.collectionView.bounds.size = CGSize(width: 480, height: 320)
        }
      ),
      (
        0.8527,
        { host in
          let list = try GridLayout.list(rowHeights: [Array(repeating: 44, count: host.count)], width: 480)
          host.layout.perform { engine throws(HarmonicError) in try engine.setLayout(list, contentOffset: CGPoint(x: 0, y: 88), animated: true) }
        }
      ),
    ]
  }

  @Test("one script at 60 Hz, 120 Hz and irregular frames gives the same bits at every common tick")
  func sameBitsAtEveryFrameRate() throws {
    let at60 = try Self.run(period: 1.0 / 60, events: Self.script)
    let at120 = try Self.run(period: 1.0 / 120, events: Self.script)
    let irregular = try Self.run(period: nil, events: Self.script)
    var compared = 0
    for (tick, bits) in at60 {
      for other in [at120, irregular] {
        guard let theirs = other[tick] else { continue }
        #expect(theirs == bits, "differs at tick \(tick)")
        compared += 1
      }
    }
    print("scripted host: \(compared) common frames compared")
    #expect(compared > 150, "\(compared) common frames")
  }

  @Test("an update the engine refuses is reported, and the screen shows the data at once")
  func refusedUpdate() throws {
    let host = try Host(count: 30)
    // UIKit reports a delete, but the app's layout still has 30 items.
    host.collectionView.performBatchUpdates { host.collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)]) }
    #expect(host.errors.count == 1)
    #expect(!host.layout.engine.isAnimating && host.layout.engine.layout.itemCounts == [30])
    // Without a handler, a refusal fails an assertion in debug builds; a release at NaN is reported too.
    host.release(.nan)
    #expect(host.errors.count == 2 && !host.driver.isRunning)
  }

  @Test("the driver starts with the first event that animates and stops at rest, calling onIdle once")
  func driverLifecycle() throws {
    let host = try Host(count: 60)
    var idles = 0
    host.driver.onIdle = { idles += 1 }
    #expect(!host.driver.isRunning)
    host.drag(to: 140)
    host.release(2)
    #expect(host.driver.isRunning && host.layout.engine.activity == .snapping)
    var t = 0.0
    while host.driver.isRunning, t < 5 {
      t += 1.0 / 60
      _scriptedMediaTime = Self.origin + t
      host.driver.frame(atTimestamp: Self.origin + t)
    }
    #expect(idles == 1 && !host.driver.isRunning)
    // The scroll view ends on a snap target: a row's top.
    let y = Double(host.collectionView.contentOffset.y)
    #expect(y > 140 && (y / 105).rounded() * 105 == y, "rests at \(y)")
    #expect(host.layout._invalidations > 10)
  }

  @Test("the layout follows the system's Reduce Motion setting and its notification; with it on, an update only fades")
  func reduceMotion() throws {
    _scriptedReduceMotion = true
    defer { _scriptedReduceMotion = false }
    let host = try Host(count: 60)
    #expect(host.layout.engine.systemReducesMotion && host.layout.engine.isMotionReduced)
    _scriptedReduceMotion = false
    NotificationCenter.default.post(name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)
    #expect(!host.layout.engine.systemReducesMotion)
    _scriptedReduceMotion = true
    NotificationCenter.default.post(name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)
    #expect(host.layout.engine.isMotionReduced)
    // A deletion at the top: the cells after it move up a place; with
    // motion reduced they fade out where they were and in where they go.
    host.count -= 1
    host.collectionView.performBatchUpdates { host.collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)]) }
    var centers: [Int: CGPoint] = [:]
    for frame in 1...120 {
      let t = Double(frame) / 60
      _scriptedMediaTime = Self.origin + t
      if host.driver.isRunning { host.driver.frame(atTimestamp: Self.origin + t) }
      for a in host.layout.layoutAttributesForElements(in: host.collectionView.bounds) ?? [] {
        if let was = centers[a.indexPath.item] { #expect(was == a.center, "item \(a.indexPath.item) moved at frame \(frame)") }
        centers[a.indexPath.item] = a.center
      }
    }
    #expect(!host.driver.isRunning && host.errors.isEmpty)
  }
}
#endif
