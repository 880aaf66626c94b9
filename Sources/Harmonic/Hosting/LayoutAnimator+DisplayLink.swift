#if canImport(UIKit) && !os(watchOS) && canImport(ObjectiveC) && !HARMONIC_APPLE_INTERFACE
import UIKit

// The one part of the UIKit shim that needs the Objective-C runtime, and so
// is compiled only on Apple platforms: the display link's target. It
// forwards each frame in one line to HarmonicDisplayLinkDriver's (or
// HarmonicTransitionLayout's) frame(atTimestamp:), which the Linux tests
// drive from a scripted display link (HarmonicAppleTests).

extension HarmonicDisplayLinkDriver {
  /// A display link on the main run loop (common modes) calling ``frame(atTimestamp:)``.
  func _startDisplayLink() -> CADisplayLink {
    let link = CADisplayLink(target: self, selector: #selector(_displayLinkFired(_:)))
    link.add(to: .main, forMode: .common)
    return link
  }

  @objc func _displayLinkFired(_ link: CADisplayLink) { frame(atTimestamp: link.timestamp) }
}

extension HarmonicTransitionLayout {
  /// A display link on the main run loop (common modes) calling ``frame(atTimestamp:)``.
  func _startDisplayLink() -> CADisplayLink {
    let link = CADisplayLink(target: self, selector: #selector(_displayLinkFired(_:)))
    link.add(to: .main, forMode: .common)
    return link
  }

  @objc func _displayLinkFired(_ link: CADisplayLink) { frame(atTimestamp: link.timestamp) }
}
extension HarmonicLayoutSprings {
  /// A display link on the main run loop (common modes) calling ``frame(atTimestamp:)``.
  func _startDisplayLink() -> CADisplayLink {
    let link = CADisplayLink(target: self, selector: #selector(_displayLinkFired(_:)))
    link.add(to: .main, forMode: .common)
    return link
  }

  @objc func _displayLinkFired(_ link: CADisplayLink) { frame(atTimestamp: link.timestamp) }
}

/// A display link's target for the generic ``HarmonicScreenTransition``
/// (a generic class cannot declare an `@objc` method in an extension):
/// calls `fire` with each frame's timestamp.
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
