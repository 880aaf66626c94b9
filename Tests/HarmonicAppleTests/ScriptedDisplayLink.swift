#if HARMONIC_APPLE_INTERFACE
import _AppleInterface

// The Linux counterpart of Sources/Harmonic/Hosting/LayoutAnimator+DisplayLink.swift
// (compiled only on Apple platforms): a display link the scripted host fires
// by calling the driver's frame(atTimestamp:), as the Objective-C
// target does there in one line.

extension HarmonicDisplayLinkDriver {
  func _startDisplayLink() -> CADisplayLink {
    let link = CADisplayLink(target: self, selector: Selector("_displayLinkFired:"))
    link.add(to: .main, forMode: .common)
    return link
  }
}

extension HarmonicTransitionLayout {
  func _startDisplayLink() -> CADisplayLink {
    let link = CADisplayLink(target: self, selector: Selector("_displayLinkFired:"))
    link.add(to: .main, forMode: .common)
    return link
  }
}
extension HarmonicLayoutSprings {
  func _startDisplayLink() -> CADisplayLink {
    let link = CADisplayLink(target: self, selector: Selector("_displayLinkFired:"))
    link.add(to: .main, forMode: .common)
    return link
  }
}

@MainActor final class HarmonicFrameTarget: NSObject {
  static func start(_ fire: @escaping @MainActor (CFTimeInterval) -> Void) -> CADisplayLink {
    let link = CADisplayLink(target: HarmonicFrameTarget(), selector: Selector("_displayLinkFired:"))
    link.add(to: .main, forMode: .common)
    return link
  }
}
#endif
