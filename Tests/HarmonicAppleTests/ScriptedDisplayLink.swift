#if HARMONIC_APPLE_INTERFACE
import _AppleInterface

// The Linux counterpart of Sources/Harmonic/Hosting/LayoutAnimator+DisplayLink.swift
// (compiled only on Apple platforms): a display link the scripted host fires
// by calling the shim's frame(atTimestamp:), as the Objective-C target's
// closure does there in one line.

@MainActor final class HarmonicFrameTarget: NSObject {
  static func start(_ fire: @escaping @MainActor (CFTimeInterval) -> Void) -> CADisplayLink {
    let link = CADisplayLink(target: HarmonicFrameTarget(), selector: Selector("_displayLinkFired:"))
    link.add(to: .main, forMode: .common)
    return link
  }
}
#endif
