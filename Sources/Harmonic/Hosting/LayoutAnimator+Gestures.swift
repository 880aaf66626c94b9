extension LayoutAnimator {
  /// A pinch driving an interactive transition: `UIPinchGestureRecognizer`'s
  /// scale and velocity → ``LayoutAnimator/transitionProgress`` and the
  /// progress velocity to release with.
  ///
  /// Zooming is felt in ratios, so progress is logarithmic in the scale:
  /// `base + ln(scale)/ln(completionScale)` — pinching out by 2× and then by
  /// another 2× moves as far each time — and the progress velocity is
  /// `(velocity/scale)/ln(completionScale)` per second. A pinch that grabs a
  /// released transition again starts from the progress
  /// ``LayoutAnimator/grabInteractiveTransition()`` returns: set it as
  /// ``baseProgress``, since the recognizer's scale starts at 1 again.
  public struct Pinch: Sendable, Hashable {
    /// The scale at which the transition completes: above 1 to pinch out,
    /// below 1 to pinch in.
    public let completionScale: Double
    /// The progress at scale 1 (where this gesture began).
    public var baseProgress: Double

    /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
    ///   a completion scale that is not positive and finite, within
    ///   [1e-6, 1e6], and at least 1e-3 away from 1 in ratio; or a base
    ///   progress beyond ±1e6.
    public init(completionScale: Double, baseProgress: Double = 0) throws(HarmonicError) {
      guard completionScale >= 1e-6, completionScale <= 1e6, (_Math.log(completionScale)).magnitude >= 1e-3 else {
        throw .invalidParameter(
          name: "completionScale", value: completionScale, accepted: "within [1e-6, 1e6] and at least 0.1 % away from 1 (a scale factor)")
      }
      try _Check.factor(baseProgress, "baseProgress", unit: "progress")
      (self.completionScale, self.baseProgress) = (completionScale, baseProgress)
    }

    /// The progress at the recognizer's `scale` (> 0; not finite or not
    /// positive gives ``baseProgress``).
    public func progress(scale: Double) -> Double {
      guard scale > 0, scale.isFinite else { return baseProgress }
      return baseProgress + _Math.log(scale) / _Math.log(completionScale)
    }

    /// The progress velocity, per second, at `scale` moving at `velocity` (the
    /// recognizer's scale factor per second); 0 for a scale or velocity that
    /// is not usable (not finite, or a scale that is not positive). A velocity
    /// beyond ±100 per second (a scale near 0) is given as ±100, the most
    /// ``LayoutAnimator/finishInteractiveTransition(velocity:)`` accepts.
    public func progressVelocity(scale: Double, velocity: Double) -> Double {
      guard scale > 0, scale.isFinite, velocity.isFinite else { return 0 }
      let rate = (velocity / scale) / _Math.log(completionScale)
      return rate.isNaN ? 0 : min(max(rate, -_Check.maximumProgressRate), _Check.maximumProgressRate)
    }
  }

  /// Whether a released gesture finishes (true) or cancels: a progress
  /// velocity beyond
  /// `threshold` (progress per second) decides by its direction, a slower
  /// release by which half the progress is in — iOS's usual rule.
  ///
  /// Inputs that are not numbers: a NaN velocity counts as 0 (the progress
  /// decides), a NaN progress cancels, and a NaN or negative threshold
  /// counts as 0 (any motion decides).
  public static func shouldFinish(progress: Double, progressVelocity velocity: Double, threshold: Double = 0.5) -> Bool {
    let threshold = threshold >= 0 ? threshold : 0
    if velocity > threshold { return true }
    if velocity < -threshold { return false }
    return progress >= 0.5
  }
}
