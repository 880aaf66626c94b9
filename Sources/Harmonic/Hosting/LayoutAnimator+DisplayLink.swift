#if canImport(UIKit) && !os(watchOS) && canImport(ObjectiveC) && !HARMONIC_APPLE_INTERFACE
import UIKit

// The one part of the UIKit shims that needs the Objective-C runtime, and so
// is compiled only on Apple platforms: the display link's target. It
// forwards each frame in one line to the closure a shim starts it with
// (HarmonicDisplayLinkDriver's, HarmonicTransitionLayout's,
// HarmonicLayoutSprings' or HarmonicScreenTransition's frame(atTimestamp:)),
// which the Linux tests drive from a scripted display link (HarmonicAppleTests).

/// The display link's target for every shim (one `@objc` method, which a
/// generic class such as ``HarmonicScreenTransition`` could not declare in
/// an extension): calls `fire` with each frame's timestamp. The link keeps
/// the target and so `fire` until it is invalidated.
@MainActor final class HarmonicFrameTarget: NSObject {
  let fire: @MainActor (CFTimeInterval) -> Void
  init(_ fire: @escaping @MainActor (CFTimeInterval) -> Void) { self.fire = fire }

  /// A display link on the main run loop (common modes) calling `fire`.
  static func start(_ fire: @escaping @MainActor (CFTimeInterval) -> Void) -> CADisplayLink {
    let link = CADisplayLink(target: HarmonicFrameTarget(fire), selector: #selector(_displayLinkFired(_:)))
    link.add(to: .main, forMode: .common)
    return link
  }

  @objc func _displayLinkFired(_ link: CADisplayLink) { fire(link.timestamp) }
}
#endif
