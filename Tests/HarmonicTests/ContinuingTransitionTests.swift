import Foundation
import Testing

@testable import Harmonic

@Suite("Changes in flight: LayoutTransition(continuing:) through the same setup")
struct ContinuingTransitionTests {
  static let viewport = try! Viewport(size: CGSize(width: 320, height: 900))

  /// A 3-column grid of two sections with these item counts (100×100, spacing 10, header 30).
  static func grid(_ counts: [Int]) throws -> GridLayout {
    try GridLayout(
      sections: counts.map { .init(itemCount: $0, itemSize: CGSize(width: 100, height: 100), lineSpacing: 10, interitemSpacing: 10, headerExtent: 30) },
      viewportCrossExtent: 320)
  }

  /// Every channel's value and rate of every element of `running` that
  /// `next` continues, compared at `time`: the worst difference.
  static func continuity(_ running: LayoutTransition, _ next: LayoutTransition, at time: AnimationTime) throws -> (Double, Int) {
    var (before, after) = (running.makeFrame(velocities: true), next.makeFrame(velocities: true))
    try running.frame(at: time, into: &before)
    try next.frame(at: time, into: &after)
    var index: [ElementID: Int] = [:]
    for (k, element) in running.elements.enumerated() { if let to = element.to { index[to] = k } }
    let channels = running.include3D ? LayoutChannels.count3D : LayoutChannels.count2D
    var (worst, compared) = (0.0, 0)
    for (k, element) in next.elements.enumerated() {
      guard let from = element.from, let old = index[from] else { continue }
      compared += 1
      let (a, b) = (LayoutChannels.values(of: [before.attributes[old]], include3D: false), LayoutChannels.values(of: [after.attributes[k]], include3D: false))
      for channel in 0..<channels {
        worst = max(worst, (a[channel] - b[channel]).magnitude)
        worst = max(worst, (before.velocity(ofElement: old, channel: channel)! - after.velocity(ofElement: k, channel: channel)!).magnitude)
      }
    }
    return (worst, compared)
  }

  @Test("a reorder across two sections, 5 moves while in flight: every element C¹ at every move, exactly in its slot at the end")
  func reorderInFlight() throws {
    var counts = [12, 12]
    var layout = try Self.grid(counts)
    // The moves of a drag across the sections: (from, to) in the layout before each.
    let moves: [(ItemIndexPath, ItemIndexPath)] = [
      (ItemIndexPath(item: 2, section: 0), ItemIndexPath(item: 5, section: 0)),
      (ItemIndexPath(item: 5, section: 0), ItemIndexPath(item: 1, section: 1)),
      (ItemIndexPath(item: 1, section: 1), ItemIndexPath(item: 4, section: 1)),
      (ItemIndexPath(item: 4, section: 1), ItemIndexPath(item: 9, section: 0)),
      (ItemIndexPath(item: 9, section: 0), ItemIndexPath(item: 0, section: 1)),
    ]
    func apply(_ move: (ItemIndexPath, ItemIndexPath)) throws -> (GridLayout, LayoutUpdate) {
      counts[move.0.section] -= 1
      counts[move.1.section] += 1
      return (try Self.grid(counts), LayoutUpdate(moved: [move.0: move.1]))
    }
    let (first, update) = try apply(moves[0])
    var transition = try LayoutTransition(
      from: layout, offset: .zero, to: first, offset: .zero, viewport: Self.viewport, update: update, springs: .shared(.snappy))
    layout = first
    var worst = 0.0
    for (k, ms) in [60, 140, 230, 310, 400].enumerated() where k + 1 < moves.count {
      let time = try AnimationTime(seconds: Double(ms) / 1000)
      let (next, update) = try apply(moves[k + 1])
      let continuing = try LayoutTransition(
        continuing: transition, at: time, to: next, offset: .zero, viewport: Self.viewport, update: update, springs: .shared(.snappy))
      let (difference, compared) = try Self.continuity(transition, continuing, at: time)
      #expect(compared >= 24, "move \(k + 1): only \(compared) elements continue")
      worst = max(worst, difference)
      #expect(continuing.overallProgressRange.start > 0)
      (transition, layout) = (continuing, next)
    }
    #expect(worst == 0, "a continuing element jumps by \(worst) in value or rate")
    var end = transition.makeFrame()
    try transition.frame(at: transition.completion, into: &end)
    for (k, element) in transition.elements.enumerated() where element.id.kind == .cell {
      #expect(end.attributes[k].frame == layout.attributes(of: element.id)?.frame, "\(element.id) is not in its slot")
    }
  }

  @Test("a delete while in flight: the deleted cell leaves from where it is, moving, and fades out")
  func deleteInFlight() throws {
    let (grid, list) = (
      try Self.grid([12, 12]), try GridLayout.list(rowHeights: [Array(repeating: 44, count: 12), Array(repeating: 44, count: 12)], width: 320)
    )
    let running = try LayoutTransition(from: grid, offset: .zero, to: list, offset: .zero, viewport: Self.viewport, springs: .shared(.smooth))
    let time = try AnimationTime(seconds: 0.12)
    let shorter = try GridLayout.list(rowHeights: [Array(repeating: 44, count: 11), Array(repeating: 44, count: 12)], width: 320)
    let doomed = ItemIndexPath(item: 4, section: 0)
    let next = try LayoutTransition(
      continuing: running, at: time, to: shorter, offset: .zero, viewport: Self.viewport, update: LayoutUpdate(deleted: [doomed]))
    let k = try #require(next.elements.firstIndex { $0.from == ElementID(.cell, doomed) && $0.to == nil })
    let (difference, _) = try Self.continuity(running, next, at: time)
    #expect(difference == 0)
    var frame = next.makeFrame(velocities: true)
    try next.frame(at: time, into: &frame)
    #expect(frame.attributes[k].alpha > 0.99 && frame.centerVelocity(ofElement: k) != .zero)
    try next.frame(at: next.completion, into: &frame)
    #expect(frame.attributes[k].alpha == 0)
    #expect(throws: HarmonicError.self) {
      try LayoutTransition(continuing: next, at: .zero, to: shorter, offset: .zero, viewport: Self.viewport)  // before its start
    }
  }
}
