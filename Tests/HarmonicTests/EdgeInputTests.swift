import Foundation
import Harmonic
import Testing

/// Inputs that trapped, hung or allocated without bound before: each is now
/// a typed error naming the parameter, or a documented result.
@Suite("Edge inputs: no trap, no hang, no unbounded allocation")
struct EdgeInputTests {
  /// The parameter name of the error `body` throws (nil when it does not throw).
  static func refused(_ body: () throws -> Void) -> String? { refusal(body)?.name }

  @Test("a chain read before its start answers; read too far ahead, it refuses at once and changes nothing")
  func chainTime() throws {
    var chain = try SpringChain(count: 3, value: 0.0, spring: .snappy)
    var values = [Double](repeating: 1, count: 3)
    try chain.values(at: AnimationTime(ticks: .min), into: &values)  // trapped: time − step overflowed
    #expect(values == [0, 0, 0])
    #expect(Self.refused { try chain.values(at: AnimationTime(ticks: .max), into: &values) } == "time")  // hung
    #expect(Self.refused { try chain.moveLeader(to: 5, at: AnimationTime(ticks: .max)) } == "time")  // hung
    #expect(chain.appliedUntil == .zero)
    var early = try SpringChain(count: 3, value: 0.0, spring: .snappy, start: AnimationTime(ticks: .min))
    #expect(Self.refused { try early.values(at: .zero, into: &values) } == "time")  // hung
    var fine = try SpringChain(count: 1000, value: 0.0, spring: .snappy, step: AnimationTime(ticks: 1))
    var many = [Double](repeating: 0, count: 1000)
    #expect(Self.refused { try fine.values(at: AnimationTime(ticks: AnimationTime.ticksPerSecond * 10), into: &many) } == "time")
    // Within the bound, frames as they come: 10 s at 120 Hz of a 20-link chain.
    var trail = try SpringChain(count: 20, value: 0.0, spring: .snappy)
    var positions = [Double](repeating: 0, count: 20)
    try trail.moveLeader(to: 100, at: .zero)
    for frame in 1...1_200 { try trail.values(at: AnimationTime(frame: Int64(frame), framesPerSecond: 120), into: &positions) }
    #expect(positions.allSatisfy { ($0 - 100).magnitude < 1e-6 })
  }

  @Test("index paths, item counts and sections past the limits are typed errors, not traps or huge allocations")
  func layoutSizes() throws {
    var cell = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    cell.indexPath = ItemIndexPath(item: 0, section: .max)
    #expect(Self.refused { _ = try LayoutSnapshot(elements: [cell], contentSize: CGSize(width: 10, height: 10)) }?.contains("section") == true)
    cell.indexPath = ItemIndexPath(item: .max, section: 0)
    #expect(Self.refused { _ = try LayoutSnapshot(elements: [cell], contentSize: CGSize(width: 10, height: 10)) }?.contains("item") == true)
    let insert = LayoutUpdate(inserted: [ItemIndexPath(item: 0, section: 0)])
    #expect(Self.refused { _ = try insert.mapping(oldItemCounts: [.max], newItemCounts: [.max]) } == "old item counts[0]")
    let tiny = CGSize(width: 1e-300, height: 1e-300)
    #expect(Self.refused { _ = try GridLayout(sections: [.init(itemCount: 2_000_000_000, itemSize: tiny)], viewportCrossExtent: 320) } != nil)
    #expect(try GridLayout(sections: [.init(itemCount: 100_000, itemSize: tiny)], viewportCrossExtent: 320).itemCount == 100_000)
  }

  @Test("an item limit of 0 is refused; one past the item count is no limit, and never overflows")
  func itemLimits() throws {
    let layout = try SnapLayout.uniform(count: 10, itemExtent: 300, spacing: 20, viewport: 400)
    let zero = Snapping.Options(maximumItemsPerFlick: 0)
    #expect(Self.refused { _ = try Snapping.target(layout: layout, offset: 0, velocity: 3_000, options: zero) } == "maximumItemsPerFlick")
    for velocity in [-3_000.0, 0, 3_000] {
      let huge = try Snapping.target(layout: layout, offset: 1_000, velocity: velocity, options: .init(maximumItemsPerFlick: .max))
      let free = try Snapping.target(layout: layout, offset: 1_000, velocity: velocity)
      #expect(huge.target == free.target && huge.index == free.index, "velocity \(velocity)")
    }
    let wheel = try CircularSnapLayout.evenlySpaced(count: 12, period: 1_200)
    for velocity in [-3_000.0, 0, 3_000] {
      let huge = try Snapping.target(circular: wheel, offset: 50, velocity: velocity, options: .init(maximumItemsPerFlick: .max))
      let free = try Snapping.target(circular: wheel, offset: 50, velocity: velocity)
      #expect(huge.target == free.target, "velocity \(velocity)")
    }
  }
}

extension EdgeInputTests {
  @Test("NaN and out-of-range inputs the library used to pass through or accept silently")
  func silentInputs() throws {
    // A value's unused lanes are not the value's: nothing given there comes back out of them.
    let scalar = try ValueAnimation(value: 0.0, velocity: 2, target: 1.0, spring: .snappy)
    var lanes = scalar
    try lanes.reset(value: 0.0, velocity: Double(springComponents: SIMD2(2, .nan)), target: 1.0, at: .zero)
    #expect(lanes.components(at: AnimationTime(ticks: 1_000)).velocity[1] == 0)
    #expect(scalar.velocity(at: AnimationTime(ticks: 1_000)) == lanes.velocity(at: AnimationTime(ticks: 1_000)))
    #expect(Self.refused { _ = try Transform3D(entries: [Double](repeating: 0, count: 15) + [.nan]) } == "entries[15]")
    #expect(
      Self.refused { _ = try Viewport(size: CGSize(width: 320, height: 480), insets: LayoutInsets(top: 300, bottom: 200)) } == "insets.top + insets.bottom")
    #expect(Self.refused { _ = try ReorderModel(slots: [0, 44, 88]).slot(nearest: .nan) } == "position")
    let update = LayoutUpdate(deleted: [ItemIndexPath(item: 3, section: 0)], reloaded: [ItemIndexPath(item: 3, section: 0)])
    #expect(Self.refused { _ = try update.mapping(oldItemCounts: [10], newItemCounts: [9]) }?.hasPrefix("reloaded") == true)
    let pose = try PosePair(from: [0, 1], to: [1, 2])
    var out = [0.0, 0.0]
    #expect(Self.refused { try pose.interpolate(progress: 1e100, into: &out) } == "progress")
  }

  @Test("Origami and POP parameters are taken in their tools' ranges (≥ 0), as describe reads them back")
  func toolRanges() throws {
    #expect(Self.refused { _ = try Spring(origamiTension: -1, friction: 7) } == "tension")
    #expect(Self.refused { _ = try Spring(origamiTension: 40, friction: -0.1) } == "friction")
    #expect(Self.refused { _ = try Spring(bounciness: -1, speed: 12) } == "bounciness")
    #expect(try Spring(origamiTension: 0, friction: 0).stiffness == (0 - 30) * 3.62 + 194)
    let pop = try Spring(bounciness: 4, speed: 12)
    #expect(try Spring(bounciness: pop.popBounciness!, speed: pop.popSpeed).stiffness.isFinite)
  }
}
