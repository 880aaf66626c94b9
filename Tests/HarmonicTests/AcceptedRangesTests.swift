import Foundation
import Harmonic
import Testing

/// The Accepted ranges article states the limits `_Check` enforces, and
/// every kind of quantity is refused just past its limit, with the range in
/// the message.
@Suite("Accepted ranges")
struct AcceptedRangesTests {
  static let article: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let url = root.appendingPathComponent("Sources/Harmonic/Harmonic.docc/AcceptedRanges.md")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  /// The table row of a quantity: its cells after the first.
  static func row(_ quantity: String) -> String? {
    article.split(separator: "\n").first { $0.hasPrefix("| \(quantity) |") }.map(String.init)
  }

  @Test("the article's table holds the limits of _Check")
  func tableMatchesTheLimits() throws {
    #expect(_Check.parameterRange == 1e-50...1e50)
    #expect(try #require(Self.row("mass, stiffness")).contains("within [1e-50, 1e50]"))
    #expect(try #require(Self.row("damping")).contains("0 or within [1e-50, 1e50]"))
    #expect(_Check.maximumMagnitude == 1e100)
    #expect(try #require(Self.row("value or velocity of a motion")).contains("magnitude ≤ 1e100"))
    #expect(_Check.maximumTime == 1e12)
    #expect(try #require(Self.row("time")).contains("within [0, 1e12]"))
    #expect(_Check.maximumLength == 1e12)
    #expect(try #require(Self.row("length of a layout")).contains("within [0, 1e12]"))
    #expect(_Check.maximumCoordinate == 1e12)
    #expect(try #require(Self.row("coordinate of a layout")).contains("magnitude ≤ 1e12"))
    #expect(_Check.maximumScrollVelocity == 1e12)
    #expect(try #require(Self.row("velocity of a scroll")).contains("magnitude ≤ 1e12"))
    #expect(_Check.maximumFactor == 1e6)
    #expect(try #require(Self.row("dimensionless factor")).contains("magnitude ≤ 1e6"))
    #expect(_Check.maximumProgressRate == 100)
    #expect(try #require(Self.row("progress velocity of a release")).contains("magnitude ≤ 100"))
    #expect(ScrollPhase.minimumExtent == 1e-6)
    #expect(try #require(Self.row("pitch or viewport extent of a phase")).contains("within [1e-6, 1e12]"))
  }

  /// The `accepted` text of the error `body` throws (nil when it does not throw).
  static func accepted(_ body: () throws -> Void) -> String? { refusal(body)?.accepted }

  @Test("each kind of quantity is accepted at its limit and refused just past it, in the same words everywhere")
  func limitsAreSharedAcrossEntryPoints() throws {
    let viewport = try Viewport(size: CGSize(width: 320, height: 480))
    // Lengths: a grid, a snapshot, a snap layout, insets.
    let size = { (w: Double) in CGSize(width: 100, height: w) }
    #expect(Self.accepted { _ = try GridLayout(sections: [.init(itemCount: 1, itemSize: size(1e12))], viewportCrossExtent: 320) } == nil)
    let lengthRefusals = [
      Self.accepted { _ = try GridLayout(sections: [.init(itemCount: 1, itemSize: size(1e12.nextUp))], viewportCrossExtent: 320) },
      Self.accepted { _ = try LayoutSnapshot(elements: [], contentSize: CGSize(width: 320, height: 1e12.nextUp)) },
      Self.accepted { _ = try SnapLayout.uniform(count: 3, itemExtent: 100, spacing: 1e12.nextUp, viewport: 320) },
      Self.accepted { _ = try Viewport(size: CGSize(width: 320, height: 480), insets: LayoutInsets(top: 1e12.nextUp)) },
    ]
    for accepted in lengthRefusals { #expect(accepted == "within [0, 1e12] (points)") }
    // Coordinates: a content offset of a transition, a snap offset, a snap point.
    let grid = try GridLayout(sections: [.init(itemCount: 3, itemSize: CGSize(width: 100, height: 100))], viewportCrossExtent: 320)
    let pages = try SnapLayout.pages(contentExtent: 3_200, viewport: 320)
    #expect(Self.accepted { _ = try Snapping.target(layout: pages, offset: -1e12, velocity: 0) } == nil)
    let coordinateRefusals = [
      Self.accepted { _ = try LayoutTransition(from: grid, offset: CGPoint(x: 0, y: 1e12.nextUp), to: grid, offset: .zero, viewport: viewport) },
      Self.accepted { _ = try Snapping.target(layout: pages, offset: -(1e12.nextUp), velocity: 0) },
      Self.accepted { _ = try SnapLayout.points([0, 1e12.nextUp], contentExtent: 2e12, viewport: 320) },
    ]
    for accepted in coordinateRefusals { #expect(accepted == "finite with magnitude ≤ 1e12 (points)") }
    // Motions, times, factors, counts, indices.
    #expect(Self.accepted { _ = try SpringMotion(spring: .smooth, from: 1e100.nextUp, to: 0) } == "finite with magnitude ≤ 1e100 (units)")
    #expect(Self.accepted { _ = try SpringMotion(spring: .smooth, from: 0, to: 1)._checkedState(atSeconds: 1e12.nextUp) } == "within [0, 1e12] (s)")
    #expect(Self.accepted { _ = try Snapping.target(layout: pages, offset: 0, velocity: 1e12.nextUp) } == "finite with magnitude ≤ 1e12 (points/s)")
    let transition = try LayoutTransition(from: grid, offset: .zero, to: grid, offset: .zero, viewport: viewport)
    var frame = transition.makeFrame()
    #expect(Self.accepted { try transition.scrub(progress: 1e6.nextUp, into: &frame) } == "finite with magnitude ≤ 1e6 (progress)")
    #expect(Self.accepted { _ = try RubberBand.offset(overscroll: 1, dimension: 100, coefficient: 0) } == "within (0, 1e6] (dimensionless)")
    #expect(
      Self.accepted { _ = try SpringBatch(itemCount: 0, channelCount: 1, from: [], to: [], springs: .shared(.smooth)) }
        == "≥ 1 (an empty batch has nothing to animate)")
    #expect(Self.accepted { _ = try Viewport(size: CGSize(width: 0, height: 480)) } == "within (0, 1e12] (points)")
    #expect(
      Self.accepted { _ = try SpringBatch(itemCount: 2, channelCount: 3, from: [0], to: [0], springs: .shared(.smooth)) }
        == "itemCount × channelCount = 6")
    var rows = try ReorderModel(slots: [0, 44])
    #expect(Self.accepted { try rows.beginDrag(row: 2, position: 0, at: .zero) } == "within 0..<2")
  }
}
