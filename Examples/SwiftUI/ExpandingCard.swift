#if HARMONIC_APPLE_INTERFACE
// Compiled on Linux in HarmonicAppleTests against Tests/AppleInterface.
import Harmonic
import _AppleInterface
#elseif canImport(SwiftUI)
import Harmonic
import SwiftUI
#endif
#if HARMONIC_APPLE_INTERFACE || canImport(SwiftUI)

// An example view: a card that expands on tap with a Harmonic spring. Copy it
// into an app target that depends on the `Harmonic` product; Harmonic's tests
// compile it on Linux against an interface of SwiftUI's API.

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
struct ExpandingCard: View {
  /// The spring UIKit's `animate(withDuration: 0.6, …, usingSpringWithDamping: 0.7, …)`
  /// names: damping ratio 0.7, at rest 0.6 s after it starts.
  /// `Harmonic.Spring`, by its module: SwiftUI has a `Spring` of its own (iOS 17).
  static let spring = (try? Harmonic.Spring(settlingDuration: 0.6, dampingRatio: 0.7)) ?? .smooth
  @State private var expanded = false

  var body: some View {
    RoundedRectangle(cornerRadius: expanded ? 24 : 12)
      .fill(.orange)
      .frame(width: expanded ? 320 : 160, height: expanded ? 420 : 120)
      .onTapGesture { withAnimation(.harmonic(Self.spring)) { expanded.toggle() } }
  }
}
#endif
