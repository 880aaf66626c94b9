#if canImport(SwiftUI)
import Harmonic
import SwiftUI

// An example view: a card that expands on tap with a Harmonic spring. Not
// built by this package (SwiftUI is not available where its CI runs); copy it
// into an app target that depends on the `Harmonic` product.

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
struct ExpandingCard: View {
  /// The spring UIKit's `animate(withDuration: 0.6, …, usingSpringWithDamping: 0.7, …)`
  /// names: damping ratio 0.7, at rest 0.6 s after it starts.
  static let spring = (try? Spring(settlingDuration: 0.6, dampingRatio: 0.7)) ?? .smooth
  @State private var expanded = false

  var body: some View {
    RoundedRectangle(cornerRadius: expanded ? 24 : 12)
      .fill(.orange)
      .frame(width: expanded ? 320 : 160, height: expanded ? 420 : 120)
      .onTapGesture { withAnimation(.harmonic(Self.spring)) { expanded.toggle() } }
  }
}
#endif
