#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface.
import _AppleInterface
import Harmonic
#elseif canImport(SwiftUI) && !HARMONIC_APPLE_TESTS
import SwiftUI
#endif
#if HARMONIC_APPLE_INTERFACE || (canImport(SwiftUI) && !HARMONIC_APPLE_TESTS)

// The SwiftUI shim for snapping: a `ScrollTargetBehavior` whose one member
// forwards to Snapping.target(proposed:velocity:axis:layout:options:),
// compiled and tested on Linux.

/// Harmonic's snapping as a SwiftUI scroll behavior:
/// `.scrollTargetBehavior(HarmonicScrollTargetBehavior(axis: .horizontal) { content, container in … })`.
///
/// When a scroll gesture ends, SwiftUI proposes where its deceleration would
/// stop; this behavior answers with ``Snapping/target(proposed:velocity:axis:layout:options:)``
/// on the snap layout you give for the content and container sizes —
/// paging that never skips content, at most ``Snapping/Options/maximumItemsPerFlick``
/// items per flick, your alignment. A snap layout that cannot be made
/// (the provider throws) leaves SwiftUI's target as it proposed.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct HarmonicScrollTargetBehavior: ScrollTargetBehavior {
  /// The axis that snaps.
  package let axis: ScrollAxis
  /// Alignment, deceleration rate, flick limits.
  package let options: Snapping.Options
  /// The snap targets for a content size and a container size (points).
  package let snapLayout: @Sendable (_ content: CGSize, _ container: CGSize) throws(HarmonicError) -> SnapLayout

  public init(
    axis: ScrollAxis, options: Snapping.Options = Snapping.Options(),
    snapLayout: @escaping @Sendable (_ content: CGSize, _ container: CGSize) throws(HarmonicError) -> SnapLayout
  ) {
    (self.axis, self.options, self.snapLayout) = (axis, options, snapLayout)
  }

  public func updateTarget(_ target: inout ScrollTarget, context: TargetContext) {
    target.rect.origin =
      (try? Snapping.target(
        proposed: target.rect.origin, velocity: CGPoint(x: context.velocity.dx, y: context.velocity.dy), axis: axis,
        layout: snapLayout(context.contentSize, context.containerSize), options: options)) ?? target.rect.origin
  }
}
#endif
