import Foundation
import Harmonic

// A grid → list transition: setup time and one frame (batch evaluation,
// attributes, offset, progress).
extension Suite {
  /// A `count`-item grid of 10-pt squares and the list of the same items,
  /// with a viewport that shows every item at both ends.
  static func gridAndList(count: Int) throws -> (GridLayout, GridLayout, Viewport) {
    let columns = Int(Double(count).squareRoot().rounded(.up))
    let cross = Double(columns) * 12
    let grid = try GridLayout(
      sections: [.init(itemCount: count, itemSize: CGSize(width: 10, height: 10), lineSpacing: 2, interitemSpacing: 2)],
      viewportCrossExtent: cross)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 4, count: count)], width: cross)
    let viewport = try Viewport(size: CGSize(width: cross, height: max(grid.contentSize.height, list.contentSize.height)))
    return (grid, list, viewport)
  }

  /// Records `transition setup` (the whole initializer: pairing, attributes,
  /// batch), `transition completion` (the first read of `completion`, which
  /// setup defers: its exact settle search) and `transition frame` at
  /// `count` items. Setup and frame are measured in alternation (a setup,
  /// then a frame of the first transition after one untimed frame), so the
  /// two sides of their ratio see the same machine — as for the math ratio —
  /// 31 pairs up to 10k items, `repeats` up to 100k, three above; after
  /// each setup, `transition retarget`, the transition reversed at the
  /// frame's tick (so that their ratio compares like with like).
  /// Each new transition's completion is read once, timed, and the
  /// transition is then released, untimed, before the next setup: an app
  /// replaces its transition, it does not pile them up. (Keeping them all
  /// would make each 1M-item setup the first to touch ~0.5 GB of memory,
  /// which on a virtual machine costs the hypervisor's first-touch faults:
  /// 1.0–1.3 s per setup here against ~0.3 s.)
  mutating func transition(count: Int) throws -> String {
    let (grid, list, viewport) = try Suite.gridAndList(count: count)
    // The workers a frame gets by default.
    let threads = _Parallel.workers(elementCount: count * 11, threads: nil)
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)
    let pairs = count <= 10_000 ? 31 : count > 100_000 ? 3 : repeats
    func median(_ samples: [Double]) -> (median: Double, min: Double, max: Double) {
      let sorted = samples.sorted()
      return (sorted[sorted.count / 2], sorted[0], sorted[sorted.count - 1])
    }
    func make(_ springs: LayoutTransition.Springs) throws -> LayoutTransition {
      try LayoutTransition(
        from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport, springs: springs,
        velocity: .gesture(CGPoint(x: 0, y: -800)))
    }
    // The snappy spring: setups alternating with frames.
    let transition = try make(.shared(.snappy))
    var frame = transition.makeFrame()
    // A fresh transition's setup and its first completion read, timed; its
    // release is not.
    func setupAndCompletion(_ spring: Spring) throws -> (setup: Double, completion: Double) {
      var made: LayoutTransition? = nil
      let setup = try measureOnce { made = try make(.shared(spring)) }
      let completion = measureOnce { blackHole(made!.endTick) }
      return (setup, completion)
    }
    // A change in flight: reversing to the grid at the frame's tick (the
    // in-flight pose read, the setup of a fresh transition, the in-flight
    // values and velocities put back), timed right after each setup so
    // that the two sides of their ratio see the same memory state (on this
    // VM a setup costs 5 to 18 ms at 100k items depending on whether freed
    // memory is there to reuse); released untimed, as the setups are.
    var setupSamples: [Double] = [], frameSamples: [Double] = [], completionSamples: [Double] = []
    var retargetSamples: [Double] = []
    for _ in 0..<pairs {
      let sample = try setupAndCompletion(.snappy)
      setupSamples.append(sample.setup)
      completionSamples.append(sample.completion)
      var interrupted = transition
      retargetSamples.append(try measureOnce { try interrupted.retarget(to: grid, offset: .zero, viewport: viewport, at: tick) })
      blackHole(interrupted)
      try transition.frame(at: tick, into: &frame)
      frameSamples.append(try measureOnce { try transition.frame(at: tick, into: &frame) })
    }
    blackHole(frame.contentOffset)
    let (setup, time, completion) = (median(setupSamples), median(frameSamples), median(completionSamples))
    // The default spring (.smooth: critically damped, where the settle
    // search costs most).
    var smoothSetupSamples: [Double] = [], smoothCompletionSamples: [Double] = []
    for _ in 0..<(count > 100_000 ? 3 : repeats) {
      let sample = try setupAndCompletion(.smooth)
      smoothSetupSamples.append(sample.setup)
      smoothCompletionSamples.append(sample.completion)
    }
    let (smoothSetup, smoothCompletion) = (median(smoothSetupSamples), median(smoothCompletionSamples))
    record("transition setup, default spring", "native", threads: threads, items: count, bytes: 0, smoothSetup)
    record("transition completion, default spring", "native", threads: threads, items: count, bytes: 0, smoothCompletion)
    let retarget = median(retargetSamples)
    record("transition retarget", "native", threads: threads, items: count, bytes: 0, retarget)
    // Frames at each thread count, attributes and channel columns
    // interleaved (their ratio is the cost of the attributes).
    var channelFrame = transition.makeFrame(attributes: false)
    var columnTime = (median: 0.0, min: 0.0, max: 0.0)
    var ratios: [String] = []
    for workers in threadCounts {
      let both = try measureInterleaved(
        count: repeats,
        [
          { try transition.frame(at: tick, into: &frame, threads: workers) },
          { try transition.frame(at: tick, into: &channelFrame, threads: workers) },
        ])
      record("transition frame", "native", threads: workers, items: count, bytes: 0, both[0])
      record("transition frame, channel columns", "native", threads: workers, items: count, bytes: 0, both[1])
      if workers == threads { columnTime = both[1] }
      ratios.append(String(format: "%d: %.2f", workers, both[0].median / both[1].median))
    }
    if !threadCounts.contains(threads) {
      // The columns at the frame's own (default) worker count, for the
      // summary line; not a row (its thread count is none of those asked for).
      columnTime = try measureInterleaved(
        count: repeats,
        [
          { try transition.frame(at: tick, into: &frame, threads: threads) },
          { try transition.frame(at: tick, into: &channelFrame, threads: threads) },
        ])[1]
    }
    blackHole(channelFrame.contentOffset)
    record("transition setup", "native", threads: threads, items: count, bytes: 0, setup)
    record("transition completion", "native", threads: threads, items: count, bytes: 0, completion)
    return String(
      format:
        "transition grid → list, %d visible items × 11 channels: frame %.3f ms after a setup (channel columns %.3f ms; 120 Hz budget 8.33 ms; frame ÷ columns by threads %@), setup %.2f ms (%.0f× the frame; default spring %.2f ms), completion %.2f ms on first read (default spring %.2f ms), retarget %.2f ms, completes after %.3f s",
      transition.elements.count, time.median / 1e6, columnTime.median / 1e6, ratios.joined(separator: ", "), setup.median / 1e6,
      setup.median / time.median, smoothSetup.median / 1e6, completion.median / 1e6, smoothCompletion.median / 1e6, retarget.median / 1e6,
      transition.endTick.seconds)
  }
}

extension Suite {
  /// The same grid → list transition handed in as two attribute arrays (the
  /// path of an app that computes its own layout): records
  /// `transition setup, attribute sets` (snapshots and initializer) and
  /// `transition frame, attribute sets`.
  mutating func transitionFromAttributes(count: Int) throws -> String {
    let (grid, list, viewport) = try Suite.gridAndList(count: count)
    let (from, to) = (grid.allAttributes(), list.allAttributes())
    var transition: LayoutTransition? = nil
    let setup = try measureOnce {
      transition = try LayoutTransition(
        from: from, offset: .zero, contentSize: grid.contentSize, viewport: viewport,
        to: to, offset: .zero, contentSize: list.contentSize, viewport: viewport,
        springs: .shared(.snappy), velocity: .gesture(CGPoint(x: 0, y: -800)))
    }
    guard let transition else { return "" }
    var frame = transition.makeFrame()
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)
    let time = try measure { try transition.frame(at: tick, into: &frame) }
    blackHole(frame.contentOffset)
    // The workers a frame gets by default.
    let threads = _Parallel.workers(elementCount: count * 11, threads: nil)
    record("transition setup, attribute sets", "native", threads: threads, items: count, bytes: 0, (setup, setup, setup))
    record("transition frame, attribute sets", "native", threads: threads, items: count, bytes: 0, time)
    return String(
      format: "transition from attribute sets, %d elements: frame %.3f ms, setup %.1f ms",
      transition.elements.count, time.median / 1e6, setup / 1e6)
  }
}

extension Suite {
  /// What wrapping an app's own layout costs (issue 71): the app's
  /// answers for a rect (here `GridLayout.attributes(in:)` stands for a
  /// layout's `layoutAttributesForElements(in:)`; UIKit's own cannot run
  /// here) against the same read made a `LayoutSnapshot`; and a frame of
  /// the `count`-item grid → list transition between the two snapshots
  /// against the same transition between the two grid layouts. Records
  /// `layout read`, `layout snapshot` (read + snapshot), `transition frame,
  /// own layouts` and `transition frame, snapshots`, interleaved pairwise.
  mutating func wrappedLayouts(count: Int) throws -> String {
    let (grid, list, viewport) = try Suite.gridAndList(count: count)
    let rect = CGRect(origin: .zero, size: viewport.size)
    var snapshot: LayoutSnapshot? = nil
    let reading = try measureInterleaved(
      count: max(repeats, 11),
      [
        { blackHole(grid.attributes(in: rect).count) },
        { snapshot = try LayoutSnapshot(elements: grid.attributes(in: rect), contentSize: grid.contentSize, itemCounts: grid.itemCounts) },
      ])
    let (gridSnapshot, listSnapshot) = (
      snapshot!, try LayoutSnapshot(elements: list.attributes(in: rect), contentSize: list.contentSize, itemCounts: list.itemCounts)
    )
    let own = try LayoutTransition(
      from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport, springs: .shared(.snappy), velocity: .gesture(CGPoint(x: 0, y: -800)))
    let wrapped = try LayoutTransition(
      from: gridSnapshot, offset: .zero, to: listSnapshot, offset: .zero, viewport: viewport, springs: .shared(.snappy),
      velocity: .gesture(CGPoint(x: 0, y: -800)))
    var (ownFrame, wrappedFrame) = (own.makeFrame(), wrapped.makeFrame())
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)
    let frames = try measureInterleaved(
      count: max(repeats, 11),
      [{ try own.frame(at: tick, into: &ownFrame) }, { try wrapped.frame(at: tick, into: &wrappedFrame) }])
    blackHole(ownFrame.contentOffset)
    blackHole(wrappedFrame.contentOffset)
    let threads = _Parallel.workers(elementCount: count * 11, threads: nil)
    record("layout read", "native", threads: 1, items: count, bytes: 0, reading[0])
    record("layout snapshot", "native", threads: 1, items: count, bytes: 0, reading[1])
    record("transition frame, own layouts", "native", threads: threads, items: count, bytes: 0, frames[0])
    record("transition frame, snapshots", "native", threads: threads, items: count, bytes: 0, frames[1])
    return String(
      format:
        "an app's own layout, %d elements: read %.3f ms, read + snapshot %.3f ms (%.2f× the read); transition frame between snapshots %.3f ms, between Harmonic's own layouts %.3f ms (%.2f×)",
      count, reading[0].median / 1e6, reading[1].median / 1e6, reading[1].median / reading[0].median, frames[1].median / 1e6,
      frames[0].median / 1e6, frames[1].median / frames[0].median)
  }
}

extension Suite {
  /// `LayoutChannels.apply` on one thread, the copy at the end of every
  /// attribute frame: channel columns into `count` attributes, 2-D and 3-D
  /// with componentwise transforms and 3-D decomposed, interleaved. Records
  /// `attributes from channels, 2-D` (and `, 3-D`, `, 3-D decomposed`).
  mutating func attributesFromChannels(count: Int) throws -> String {
    let values = (0..<(count * LayoutChannels.count3D)).map { Double($0 % 977) * 0.5 }
    let values2D = Array(values[0..<(count * LayoutChannels.count2D)])
    var attributes = (0..<count).map { LayoutAttributes(indexPath: ItemIndexPath(item: $0, section: 0), frame: .zero) }
    let times = try measureInterleaved(
      count: repeats,
      [
        { try LayoutChannels.apply(values2D, to: &attributes, transforms: .componentwise, threads: 1) },
        { try LayoutChannels.apply(values, to: &attributes, transforms: .componentwise, threads: 1) },
        { try LayoutChannels.apply(values, to: &attributes, transforms: .decomposed, threads: 1) },
      ])
    blackHole(attributes[count - 1].transform3D.m[15])
    let names = ["attributes from channels, 2-D", "attributes from channels, 3-D", "attributes from channels, 3-D decomposed"]
    for (name, time) in zip(names, times) { record(name, "native", threads: 1, items: count, channels: 1, bytes: 0, time) }
    return String(
      format: "attributes from channels, %d elements, one thread: 2-D %.1f µs, 3-D %.1f µs, 3-D decomposed %.1f µs (%.1f, %.1f and %.1f ns per element)",
      count, times[0].median / 1000, times[1].median / 1000, times[2].median / 1000, times[0].median / Double(count),
      times[1].median / Double(count), times[2].median / Double(count))
  }
}

extension Suite {
  /// A push between two screens (issue 72): `count` rows of a list, each
  /// matched by model id to a cell of a three-across grid, as
  /// `ScreenTransition` runs them in a 390 × 844 container. Records
  /// `screen transition setup` (both sides read, the interactive
  /// transition started) and `screen transition frame` (a frame and the
  /// elements it shows: what the UIKit shim poses its snapshots from).
  mutating func screenTransition(count: Int) throws -> String {
    let container = CGSize(width: 390, height: 844)
    func row(_ i: Int) -> LayoutAttributes {
      LayoutAttributes(indexPath: ItemIndexPath(item: i, section: 0), frame: CGRect(x: 0, y: 44 * Double(i) - 300, width: 390, height: 44))
    }
    func cell(_ i: Int) -> LayoutAttributes {
      LayoutAttributes(
        indexPath: ItemIndexPath(item: i, section: 0), frame: CGRect(x: Double(i % 3) * 131, y: Double(i / 3) * 131 - 786, width: 128, height: 128))
    }
    let source = ScreenTransition<Int>.Side(shown: (0..<count).map { ($0, row($0)) })
    let destination = ScreenTransition<Int>.Side(shown: (0..<count).map { ($0, cell($0)) })
    var transition: ScreenTransition<Int>? = nil
    let setup = try measureOnce {
      var push = try ScreenTransition(from: source, to: destination, container: container, springs: .shared(.snappy))
      try push.finish(velocity: 2, at: .zero)
      transition = push
    }
    guard var push = transition else { return "" }
    // Frames 0.1 s in, each a microsecond after the last: all mid-flight.
    var tick = AnimationTime.ticksPerSecond / 10
    var shown = 0
    let time = try measure {
      tick += AnimationTime.ticksPerSecond / 1_000_000
      try push.advance(to: AnimationTime(ticks: tick))
      shown = push.shown.count
    }
    blackHole(shown)
    record("screen transition setup", "native", threads: 1, items: count, bytes: 0, (setup, setup, setup))
    record("screen transition frame", "native", threads: 1, items: count, bytes: 0, time)
    return String(
      format: "screen transition (push), %d elements a side: setup %.3f ms, frame %.3f ms (%d shown)", count, setup / 1e6, time.median / 1e6, shown)
  }
}
