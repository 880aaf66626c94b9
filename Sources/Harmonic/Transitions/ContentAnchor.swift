/// The element a reader keeps their eyes on while the content changes under
/// it: the one that an ``AnchorPolicy/keepAnchor(_:)`` change keeps in place
/// on screen.
public enum ContentAnchor: Sendable, Hashable {
  /// The first cell fully visible in the scroll direction (top to bottom;
  /// left to right, or right to left in a right-to-left layout); when no
  /// cell is fully visible, the first one partly visible. Cells that the
  /// change deletes are skipped.
  case firstVisible
  /// This cell, by its id **before** the change (what is on screen now);
  /// when the change deletes it, ``firstVisible``.
  case element(ElementID)
  /// The cell under this point, in points from the visible rect's origin
  /// (the viewport's coordinates, not the content's); when no cell that
  /// survives the change is there, ``firstVisible``.
  case point(CGPoint)

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .firstVisible: hasher.combine(0)
    case .element(let id):
      hasher.combine(1)
      hasher.combine(id)
    case .point(let point):
      hasher.combine(2)
      hasher.combine(point: point)
    }
  }
}

/// What a batch update, a layout change or a bounds change keeps in place on
/// screen — where the content offset goes, and how it gets there.
///
/// | Policy | Where the offset ends | On the way |
/// | --- | --- | --- |
/// | ``keepAnchor(_:)`` | where the anchor is at the same place on screen | follows the anchor: it does not move on screen |
/// | ``followProgress`` | where it was heading (or the offset the app asks for) | the items' average progress |
/// | ``keepOffset`` | where it was heading | stays: the content moves under it |
/// | ``keepEnd`` | the end, when it was at the end; else as ``keepAnchor(_:)`` | follows the items' average progress |
///
/// Every end is clamped to the new content and, with snapping on, moved to
/// the nearest snap target. A scroll in flight (a snap or a deceleration
/// that ``LayoutAnimator`` carries) goes on under ``keepAnchor(_:)`` and
/// ``keepOffset`` — its target moves with the content — and is replaced by
/// the transition's own travel under ``followProgress``.
///
/// ``LayoutAnimator`` uses ``keepAnchor(_:)`` by default for batch updates
/// (what a reader expects when a chat loads older messages or a feed
/// inserts posts above them); a layout change to an offset the app names
/// follows the average progress, the layout-to-layout transition's own answer.
public enum AnchorPolicy: Sendable, Hashable {
  /// The anchor keeps its place on screen (``ContentAnchor``; default
  /// ``ContentAnchor/firstVisible``).
  case keepAnchor(ContentAnchor = .firstVisible)
  /// The content offset moves with the items' average progress to where it
  /// was heading, or to the offset the app asks for: what the layouts' own
  /// offsets say, the design's answer for a change of layout.
  case followProgress
  /// The content offset stays where it was heading; the content changes
  /// under it (what a plain `reloadData` shows).
  case keepOffset
  /// A chat's rule: content resting at its end (the bottom of a vertical
  /// list, the right edge of a horizontal one, the left in right to left)
  /// stays at the new end — new messages come into view; anywhere else,
  /// ``keepAnchor(_:)`` with ``ContentAnchor/firstVisible``.
  case keepEnd
}

/// Whether motion is reduced (the system's Reduce Motion setting, or an
/// app's choice), as Reanimated's `ReduceMotion` and Framer Motion's
/// `reducedMotion` let an app decide.
///
/// With motion reduced, ``LayoutAnimator`` keeps what a change means
/// without travel: a batch update, a layout change and a bounds change
/// cross-fade (what changed fades out where it was on screen and in where
/// it ends, what stayed on screen stays, the content offset lands at once);
/// a snap or a page lands without overshoot (a critically damped spring);
/// ``SpringyScroll`` stays rigid. The state at rest is the same, bit for
/// bit, as with motion. A transition already running when the setting
/// changes finishes as it began, without a jump.
public enum ReduceMotion: Sendable, Hashable, CaseIterable {
  /// Follow the system's setting (`UIAccessibility.isReduceMotionEnabled`,
  /// SwiftUI's `accessibilityReduceMotion`).
  case system
  /// Always reduce motion.
  case always
  /// Never reduce motion.
  case never

  /// Whether motion is reduced when the system's setting is `systemSetting`.
  public func isReduced(systemSetting: Bool) -> Bool {
    switch self {
    case .system: systemSetting
    case .always: true
    case .never: false
    }
  }

  /// `spring` as motion allows: unchanged, or, with motion reduced and
  /// `spring` underdamped, the critically damped spring with its response
  /// (no overshoot; the same time scale). For a value animation that opts in.
  ///
  /// The substitute is always a valid spring that comes to rest, for every
  /// spring Harmonic accepts: `spring`'s mass and stiffness with the
  /// critical damping 2√(km), or — where that is beyond the accepted 1e50 —
  /// mass and stiffness scaled down alike until it is 5e49 (a motion's path
  /// depends on ω₀ = √(k/m) and ζ alone, so the motion is the same). The
  /// scaled mass and stiffness stay in range: 2√(km) ≥ 2e-50 for any
  /// accepted m and k, and the scale keeps √(m/k) and √(k/m) ≥ 1e-50.
  public func spring(_ spring: Spring, systemSetting: Bool) -> Spring {
    guard isReduced(systemSetting: systemSetting), spring.dampingRatio < 1 else { return spring }
    let (m, k) = (spring.mass, spring.stiffness)
    let root = (k * m).squareRoot()
    let scale = 2 * root <= _Check.parameterRange.upperBound ? 1 : _Check.parameterRange.upperBound / 4 / root
    // Not reached for an accepted spring (the bounds above); kept total.
    return (try? Spring(mass: m * scale, stiffness: k * scale, damping: 2 * root * scale)) ?? .smooth
  }
}
