extension LayoutTransition {
  /// Which spring drives which item of a transition.
  public enum Springs: Sendable {
    /// One spring for every item.
    case shared(Spring)
    /// Any spring per item (groups: return the same spring for a group).
    case perItem(@Sendable (ItemIndexPath) -> Spring)
    /// A stagger: items ordered by index path (or by distance of their start
    /// center from `origin`) get `base` with its response stretched by
    /// `step`·rank, so later items arrive later without a delay that holds them still.
    case staggered(base: Spring, step: Double, origin: CGPoint?)
  }
}

extension LayoutTransition {
  /// The initial velocity of a transition's elements.
  public enum Velocity: Sendable {
    case none
    /// A velocity per element, channel-major (`channel·N + item` over the
    /// transition's ``LayoutTransition/elements``), in channel units per second.
    case perElement([Double])
    /// A progress velocity ṗ per second (a scrub's): every element gets
    /// ṗ·(end − start), and the content offset and progress get the same progress velocity.
    case progress(Double)
    /// A gesture velocity in points per second, given to every item's center.
    case gesture(CGPoint)
    /// Center velocities of some elements, points per second, by the id a
    /// frame shows (``LayoutTransition/Element/id``): an element grabbed by a
    /// finger, a card that was flung. Elements not named start at rest; an
    /// id the transition does not animate is ignored (its velocity is still
    /// checked: finite, |v| ≤ 1e100), so an app can name every element it
    /// tracks without knowing first which ones animate (read
    /// ``LayoutTransition/elements`` for that).
    case centers([ElementID: CGPoint])
  }
}

extension LayoutTransition {
  /// Tolerances that decide completion, per channel — the smallest changes
  /// one can see (Android's choice for its minimum visible changes).
  public struct Tolerances: Sendable, Hashable {
    /// Positions and sizes, points. Default 0.5.
    public var points: Double = 0.5
    /// Alpha. Default 1/256.
    public var alpha: Double = 1.0 / 256
    /// Scale-like transform entries (a, b, c, d, 3-D m11…m34, m44). Default 1/500.
    public var scale: Double = 1.0 / 500

    public init(points: Double = 0.5, alpha: Double = 1.0 / 256, scale: Double = 1.0 / 500) {
      (self.points, self.alpha, self.scale) = (points, alpha, scale)
    }

    package func perChannel(include3D: Bool) -> [Double] {
      var channels = [points, points, points, points, scale, scale, scale, scale, points, points, alpha]
      if include3D {
        // m11…m44 row-major: the translation row m41…m43 is in points.
        for k in 0..<16 { channels.append(k >= 12 && k <= 14 ? points : scale) }
      }
      return channels
    }
  }
}
