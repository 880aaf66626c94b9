/// A scroll-driven effect: attributes as a function of an element's
/// ``ScrollPhase`` — a carousel that scales and fades cards by their
/// distance from the center, a stack of cards, cover flow, a cube, a
/// page turn, parallax, a rotary wheel — applied to any layout's
/// attributes, to a transition's ends (``LayoutTransition/Decoration/scrollEffect(_:phase:)``)
/// and to what ``LayoutAnimator`` answers (``LayoutAnimator/scrollEffect``).
///
/// An effect is a plain function of the element's phase, phase velocity and distance
/// (``Input``) that edits its attributes: the presets in
/// `ScrollEffect+Presets` are written this way, and so is a custom one:
///
/// ```swift
/// let tilt = ScrollEffect { attributes, input throws(HarmonicError) in
///   attributes.transform = try attributes.transform.concatenating(.rotation(input.clampedPhase * 0.2))
///   attributes.alpha *= 1 - 0.4 * input.clampedPhase.magnitude
/// }
/// ```
///
/// A body may throw (the transform arithmetic does, for a product that
/// overflows): ``apply(to:input:)`` passes the error on; where nothing can
/// take it — ``LayoutAnimator``'s answers to UIKit — the element is
/// answered as the layout has it, without the effect.
///
/// Effects compose (``combined(with:)``: this one, then the other). The
/// presets leave ``LayoutAttributes/center`` and ``LayoutAttributes/size``
/// as the layout placed them and *concatenate* their transform onto the one
/// the attributes carry, so a layout's own transforms survive. A NaN phase
/// leaves the attributes unchanged. A preset's parameter outside its
/// documented range is clamped into it; a NaN or infinite one is taken as
/// the value that has no effect (a perspective below 1 point or not finite:
/// the default), so a preset's transforms stay finite and its alpha within
/// [0, 1] for the phases ``ScrollPhase`` computes from accepted geometry
/// (fuzzed). An ``Input`` holds no NaN and no infinite distance or phase velocity
/// (its initializer throws).
///
/// An effect declares its ``Reach``: how far from the visible rect it can
/// draw an element into it (a stack's waiting cards, pulled back onto the top
/// one). ``LayoutAnimator`` considers exactly the elements within that reach.
///
/// Cost: the effect's function once per element; the presets are a few
/// multiplications and at most one sine and cosine per element.
public struct ScrollEffect: Sendable {
  /// How far beyond the visible rect, along the scroll axis, an effect can
  /// draw an element into it: `phase` units of the ``ScrollPhase``'s scale
  /// (a pitch for ``ScrollPhase/Scale/pitch(_:)``, a point for
  /// ``ScrollPhase/Scale/points``, the viewport's extent for
  /// ``ScrollPhase/Scale/viewport`` — exact there for elements no longer
  /// than the viewport), plus `viewports` viewport extents. An element whose
  /// frame lies farther away is drawn outside the visible rect, whatever the
  /// effect does. Infinite: any element may be drawn in (every element is
  /// considered). Negative or NaN parts count as 0.
  public struct Reach: Sendable, Hashable {
    /// In units of the phase's scale.
    public var phase: Double
    /// In viewport extents along the scroll axis.
    public var viewports: Double

    public init(phase: Double = 0, viewports: Double = 0) {
      (self.phase, self.viewports) = (phase > 0 ? phase : 0, viewports > 0 ? viewports : 0)
    }

    /// Only elements whose own frames overlap the visible rect can be drawn in it.
    public static let none = Reach()

    /// The points beyond the visible rect's edges, along the axis, for a
    /// phase measured by `scale` in a viewport `viewportExtent` long.
    func points(scale: ScrollPhase.Scale, viewportExtent: Double) -> Double {
      let unit: Double =
        switch scale {
        case .points: 1
        case let .pitch(pitch): pitch
        case .viewport: viewportExtent
        }
      let along = (phase > 0 ? phase * unit : 0) + (viewports > 0 ? viewports * viewportExtent : 0)
      return along.isNaN ? 0 : Swift.min(along, 4 * _Check.maximumCoordinate)
    }

    /// The farther of two reaches, part by part.
    func union(_ other: Reach) -> Reach { Reach(phase: Swift.max(phase, other.phase), viewports: Swift.max(viewports, other.viewports)) }
  }

  /// What an effect knows about one element.
  public struct Input: Sendable, Hashable {
    /// The phase in the ``ScrollPhase``'s unit: never NaN; ±∞ only for an
    /// element of extent 0 off a leading or trailing reference.
    public private(set) var phase: Double
    /// The phase velocity, phase per second: finite.
    public private(set) var phaseVelocity: Double
    /// The signed distance from the reference, points, in reading order:
    /// finite, within ±2e12.
    public private(set) var distance: Double
    /// The scroll axis.
    public var axis: ScrollAxis
    /// Reading order runs right to left (a horizontal axis).
    public var isRightToLeft: Bool

    /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
    ///   naming `phase` when it is NaN, `phaseVelocity` when it is not finite or
    ///   beyond ±1e12 per second, or `distance` when it is not finite or
    ///   beyond ±2e12 points (two coordinates apart).
    public init(phase: Double, phaseVelocity: Double = 0, distance: Double, axis: ScrollAxis, isRightToLeft: Bool = false) throws(HarmonicError) {
      try _Check.holds(!phase.isNaN, "phase", value: phase, accepted: "a phase that is not NaN (±∞ allowed)")
      try _Check.magnitude(phaseVelocity, "phaseVelocity", atMost: _Check.maximumScrollVelocity, unit: "phase per second")
      try _Check.magnitude(distance, "distance", atMost: 2 * _Check.maximumCoordinate, unit: "points")
      self.init(_phase: phase, phaseVelocity: phaseVelocity, distance: distance, axis: axis, isRightToLeft: isRightToLeft)
    }

    /// Unchecked, for what ``ScrollPhase`` computed from checked geometry.
    init(_phase phase: Double, phaseVelocity: Double, distance: Double, axis: ScrollAxis, isRightToLeft: Bool) {
      (self.phase, self.phaseVelocity, self.distance, self.axis, self.isRightToLeft) = (phase, phaseVelocity, distance, axis, isRightToLeft)
    }

    /// The phase clamped into [−1, 1].
    public var clampedPhase: Double { Swift.min(Swift.max(phase, -1), 1) }

    /// +1, or −1 where reading order runs against the screen's x axis (RTL):
    /// multiply a screen-space angle or translation along the axis by it.
    package var direction: Double { isRightToLeft ? -1 : 1 }

    /// A translation by `points` along the scroll axis in reading order
    /// (and `across` points along the other axis), as a transform.
    package func translation(along points: Double, across: Double = 0) -> AffineTransform2D {
      let along = points * direction
      return axis == .horizontal
        ? AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: along, ty: across)
        : AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: across, ty: along)
    }
  }

  let _body: @Sendable (inout LayoutAttributes, Input) throws(HarmonicError) -> Void

  /// How far from the visible rect the effect can draw an element into it.
  public let reach: Reach

  /// An effect from a function that edits one element's attributes.
  ///
  /// - Parameters:
  ///   - reach: how far from the visible rect `body` can draw an element
  ///     into it (default: one viewport extent, which covers effects that
  ///     pull elements back by up to a page).
  ///   - body: edits one element's attributes for its ``Input``; what it
  ///     throws, ``apply(to:input:)`` passes on.
  public init(
    reach: Reach = Reach(viewports: 1), _ body: @escaping @Sendable (_ attributes: inout LayoutAttributes, _ input: Input) throws(HarmonicError) -> Void
  ) {
    (_body, self.reach) = (body, reach)
  }

  /// Applies the effect to one element.
  ///
  /// - Throws: what the effect's body throws (the presets never do); the
  ///   attributes are then unchanged.
  public func apply(to attributes: inout LayoutAttributes, input: Input) throws(HarmonicError) {
    var edited = attributes
    try _body(&edited, input)
    attributes = edited
  }

  /// Applies the effect to every element of `attributes` seen through the
  /// visible rect `rect`, their phases measured by `phase`; velocities in
  /// points per second (`velocities`: one per element, or empty for
  /// elements at rest — any other count is taken as empty;
  /// `offsetVelocity`: the scroll's, nil at rest).
  ///
  /// An element whose center or size is not finite is left unchanged.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)``
  ///   naming `rect` for an origin beyond ±1e12 points or an extent along
  ///   the axis outside (0, 1e12], `offsetVelocity` or `velocities[k]` for a
  ///   velocity beyond ±1e12 points per second, `velocities.count` when it
  ///   is neither 0 nor one per element — all before anything is written —
  ///   or what the effect's body throws (the elements before that one are
  ///   then edited).
  /// - Complexity: O(n), no allocation.
  public func apply(
    to attributes: inout [LayoutAttributes], in rect: CGRect, phase: ScrollPhase, velocities: [CGPoint] = [],
    offsetVelocity: CGPoint? = nil
  ) throws(HarmonicError) {
    let horizontal = phase.axis == .horizontal
    try _Check.coordinate(Double(horizontal ? rect.origin.x : rect.origin.y), "rect.origin")
    try _Check.length(Double(horizontal ? rect.size.width : rect.size.height), "rect.size", positive: true)
    if !velocities.isEmpty { try _Check.shape(velocities.count, "velocities.count", expected: attributes.count, what: "one per element, or none") }
    for k in velocities.indices { try _Check.scrollVelocity(Double(horizontal ? velocities[k].x : velocities[k].y), "velocities[\(k)]") }
    if let offsetVelocity { try _Check.scrollVelocity(Double(horizontal ? offsetVelocity.x : offsetVelocity.y), "offsetVelocity") }
    try _apply(to: &attributes, in: rect, phase: phase, velocities: velocities, offsetVelocity: offsetVelocity)
  }

  /// ``apply(to:in:phase:velocities:offsetVelocity:)`` without its checks
  /// (the engine's own rect and velocities); `lenient`: an element the
  /// body throws for is left unchanged and the others go on (where no
  /// caller can take the error: UIKit's queries).
  func _apply(
    to attributes: inout [LayoutAttributes], in rect: CGRect, phase: ScrollPhase, velocities: [CGPoint] = [], offsetVelocity: CGPoint? = nil,
    lenient: Bool = false
  ) throws(HarmonicError) {
    let horizontal = phase.axis == .horizontal
    let offset = Double(horizontal ? rect.origin.x : rect.origin.y)
    let viewport = Double(horizontal ? rect.size.width : rect.size.height)
    let scroll = offsetVelocity.map { Double(horizontal ? $0.x : $0.y) } ?? 0
    for k in attributes.indices {  // in place: no copy of the array
      // The distance once, then the phase from it (ScrollPhase.phase(of:)'s arithmetic).
      let velocity = velocities.count == attributes.count ? Double(horizontal ? velocities[k].x : velocities[k].y) : 0
      let center = Double(horizontal ? attributes[k].center.x : attributes[k].center.y)
      let extent = Double(horizontal ? attributes[k].size.width : attributes[k].size.height)
      let distance = phase._distance(center: center, extent: extent, offset: offset, viewportExtent: viewport)
      let (p, phaseVelocity) = phase._phase(distance: distance, extent: extent, velocity: velocity, offsetVelocity: scroll, viewportExtent: viewport)
      guard !p.isNaN, distance.isFinite, phaseVelocity.isFinite else { continue }
      let input = Input(_phase: p, phaseVelocity: phaseVelocity, distance: distance, axis: phase.axis, isRightToLeft: phase.isRightToLeft)
      do {
        try apply(to: &attributes[k], input: input)
      } catch {
        if !lenient { throw error }
      }
    }
  }

  /// This effect, then `other`, on the same input (the farther reach of the two).
  public func combined(with other: ScrollEffect) -> ScrollEffect {
    ScrollEffect(reach: reach.union(other.reach)) { attributes, input throws(HarmonicError) in
      try self.apply(to: &attributes, input: input)
      try other.apply(to: &attributes, input: input)
    }
  }

  /// No effect.
  public static let identity = ScrollEffect(reach: .none) { _, _ in }
}

extension LayoutAttributes {
  /// `t` concatenated after the current 2-D transform.
  mutating func _then(_ t: AffineTransform2D) { transform = transform._concatenating(t) }

  /// `t` concatenated after the current 3-D transform.
  mutating func _then(_ t: Transform3D) { transform3D = transform3D._concatenating(t) }

  /// zIndex −round(k·|x|), saturating (NaN and huge values sort last).
  mutating func _stackOrder(_ x: Double, per k: Double = 100) {
    let rank = (x.magnitude * k).rounded()
    zIndex = rank < 0x1p53 ? -Int(rank) : -(1 << 53)
  }

  /// zIndex −round(k·x), signed: the lower the phase, the higher the
  /// element (a deck's leaving card stays on top of every waiting one).
  /// Saturating at ±2⁵³; NaN sorts last.
  mutating func _signedStackOrder(_ x: Double, per k: Double = 100) {
    let rank = (x * k).rounded()
    zIndex = rank.isNaN || rank >= 0x1p53 ? -(1 << 53) : rank <= -0x1p53 ? 1 << 53 : -Int(rank)
  }
}
