import Foundation
import Harmonic

// A grid → list transition: setup time and one frame (batch evaluation,
// attributes, offset, progress).
extension Suite {
  /// Records `transition setup` (the whole initializer, once) and
  /// `transition frame` (median) at `count` items.
  mutating func transition(count: Int) throws -> String {
    let columns = Int(Double(count).squareRoot().rounded(.up))
    let cross = Double(columns) * 12
    let grid = try GridLayout(sections: [.init(itemCount: count, itemSize: CGSize(width: 10, height: 10), lineSpacing: 2, interitemSpacing: 2)],
                              viewportCrossExtent: cross)
    let list = try GridLayout.list(rowHeights: [Array(repeating: 4, count: count)], width: cross)
    let viewport = try Viewport(size: CGSize(width: cross, height: max(grid.contentSize.height, list.contentSize.height)))
    var transition: LayoutTransition? = nil
    let setup = try measureOnce {
      transition = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: viewport,
                                        springs: .shared(.snappy), velocity: .gesture(CGPoint(x: 0, y: -800)))
    }
    guard let transition else { return "" }
    var frame = transition.makeFrame()
    let tick = AnimationTime(ticks: AnimationTime.ticksPerSecond / 5)
    let time = try measure { try transition.frame(at: tick, into: &frame) }
    blackHole(frame.contentOffset)
    record("transition setup", "native", threads: count * 11 >= 100_000 ? ProcessInfo.processInfo.activeProcessorCount : 1, items: count, bytes: 0, (setup, setup, setup))
    record("transition frame", "native", threads: count * 11 >= 100_000 ? ProcessInfo.processInfo.activeProcessorCount : 1, items: count, bytes: 0, time)
    return String(format: "transition grid → list, %d visible items × 11 channels: frame %.3f ms (120 Hz budget 8.33 ms), setup %.1f ms, completes after %.3f s",
                  transition.indexPaths.count, time.median / 1e6, setup / 1e6, transition.completion.seconds)
  }
}
