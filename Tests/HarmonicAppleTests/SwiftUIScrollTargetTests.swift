#if HARMONIC_APPLE_INTERFACE
import Foundation
import Harmonic
import Testing
import _AppleInterface

/// Sources/Harmonic/Hosting/HarmonicScrollTargetBehavior+SwiftUI.swift,
/// compiled here against the interface.
@Suite("Apple shims: the SwiftUI scroll target behavior")
struct SwiftUIScrollTargetTests {
  @Sendable static func pages(_ content: CGSize, _ container: CGSize) throws(HarmonicError) -> SnapLayout {
    try SnapLayout.pages(contentExtent: Double(content.width), viewport: Double(container.width))
  }

  @Test("a flick proposed past three pages moves one page; the other axis keeps SwiftUI's offset")
  func flick() throws {
    let behavior = HarmonicScrollTargetBehavior(
      axis: .horizontal, options: Snapping.Options(maximumItemsPerFlick: 1), snapLayout: { a, b throws(HarmonicError) in try Self.pages(a, b) })
    // Released at 400 pt moving −900 pt/s: SwiftUI proposes where its deceleration stops.
    let proposed = try ScrollDeceleration(from: 400, velocity: -900).restOffset
    var target = ScrollTarget(rect: CGRect(x: proposed, y: 12, width: 375, height: 600))
    let context = ScrollTargetBehaviorContext(
      originalTarget: ScrollTarget(rect: CGRect(x: 375, y: 12, width: 375, height: 600)), velocity: CGVector(dx: -900, dy: 0),
      contentSize: CGSize(width: 3750, height: 600), containerSize: CGSize(width: 375, height: 600), axes: .horizontal)
    behavior.updateTarget(&target, context: context)
    #expect(target.rect.origin == CGPoint(x: 375, y: 12))
    let direct = try Snapping.target(
      proposed: CGPoint(x: proposed, y: 12), velocity: CGPoint(x: -900, y: 0), axis: .horizontal,
      layout: try Self.pages(CGSize(width: 3750, height: 600), CGSize(width: 375, height: 600)), options: Snapping.Options(maximumItemsPerFlick: 1))
    #expect(direct == target.rect.origin)
  }

  @Test("a provider that throws leaves SwiftUI's proposal as it was")
  func refusal() {
    let behavior = HarmonicScrollTargetBehavior(axis: .vertical) { _, _ throws(HarmonicError) in
      throw .invalidParameter(name: "viewport", value: 0, accepted: "> 0")
    }
    var target = ScrollTarget(rect: CGRect(x: 0, y: 1234, width: 375, height: 600))
    behavior.updateTarget(
      &target,
      context: ScrollTargetBehaviorContext(
        originalTarget: target, velocity: CGVector(dx: 0, dy: 800), contentSize: CGSize(width: 375, height: 9000),
        containerSize: CGSize(width: 375, height: 600), axes: .vertical))
    #expect(target.rect.origin == CGPoint(x: 0, y: 1234))
  }
}
#endif
