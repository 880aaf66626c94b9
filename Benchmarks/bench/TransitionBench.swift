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
    let grid = try GridLayout(sections: [.init(itemCount: count, itemSize: CGSize(width: 10, height: 10), lineSpacing: 2, interitemSpacing: 2)],
                              viewportCrossExtent: cross)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 4, count: count)], width: cross)
    let viewport = try Viewport(size: CGSize(width: cross, height: max(grid.contentSize.height, list.contentSize.height)))
    return (grid, list, viewport)
  }

  /// Records `transition setup` (the whole initializer, once) and
  /// `transition frame` (median) at `count` items.
  mutating func transition(count: Int) throws -> String {
    let (grid, list, viewport) = try Suite.gridAndList(count: count)
    var transition: LayoutTransition? = nil
    let setup = try measureOnce {
      transition = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport,
                                        springs: .shared(.snappy), velocity: .gesture(CGPoint(x: 0, y: -800)))
    }
    guard let transition else { return "" }
    // The same transition with the default spring (.smooth: critically
    // damped, where the settle search costs most).
    var smooth: LayoutTransition? = nil
    let smoothSetup = try measureOnce {
      smooth = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport,
                                    velocity: .gesture(CGPoint(x: 0, y: -800)))
    }
    blackHole(smooth?.completion)
    record("transition setup, default spring", "native", threads: count * 11 >= 100_000 ? ProcessInfo.processInfo.activeProcessorCount : 1,
           items: count, bytes: 0, (smoothSetup, smoothSetup, smoothSetup))
    var frame = transition.makeFrame()
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)
    let time = try measure { try transition.frame(at: tick, into: &frame) }
    blackHole(frame.contentOffset)
    var channelFrame = transition.makeChannelFrame()
    let columnTime = try measure { try transition.frame(at: tick, into: &channelFrame) }
    blackHole(channelFrame.contentOffset)
    record("transition frame, channel columns", "native", threads: count * 11 >= 100_000 ? ProcessInfo.processInfo.activeProcessorCount : 1,
           items: count, bytes: 0, columnTime)
    record("transition setup", "native", threads: count * 11 >= 100_000 ? ProcessInfo.processInfo.activeProcessorCount : 1, items: count, bytes: 0, (setup, setup, setup))
    record("transition frame", "native", threads: count * 11 >= 100_000 ? ProcessInfo.processInfo.activeProcessorCount : 1, items: count, bytes: 0, time)
    return String(format: "transition grid → list, %d visible items × 11 channels: frame %.3f ms (channel columns %.3f ms; 120 Hz budget 8.33 ms), setup %.1f ms (default spring %.1f ms), completes after %.3f s",
                  transition.indexPaths.count, time.median / 1e6, columnTime.median / 1e6, setup / 1e6, smoothSetup / 1e6, transition.completion.seconds)
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
      transition = try LayoutTransition(from: from, offset: .zero, contentSize: grid.contentSize, viewport: viewport,
                                        to: to, offset: .zero, contentSize: list.contentSize, viewport: viewport,
                                        springs: .shared(.snappy), velocity: .gesture(CGPoint(x: 0, y: -800)))
    }
    guard let transition else { return "" }
    var frame = transition.makeFrame()
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)
    let time = try measure { try transition.frame(at: tick, into: &frame) }
    blackHole(frame.contentOffset)
    let threads = count * 11 >= 100_000 ? ProcessInfo.processInfo.activeProcessorCount : 1
    record("transition setup, attribute sets", "native", threads: threads, items: count, bytes: 0, (setup, setup, setup))
    record("transition frame, attribute sets", "native", threads: threads, items: count, bytes: 0, time)
    return String(format: "transition from attribute sets, %d elements: frame %.3f ms, setup %.1f ms",
                  transition.elements.count, time.median / 1e6, setup / 1e6)
  }
}
