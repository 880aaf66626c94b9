/// A layout-to-layout transition: every visible item's every attribute
/// driven by its own spring through one ``SpringBatch``, with the content
/// offset and size following the average progress.
///
/// - Items are paired by index path over those visible at the start or at
///   the end (the rest jump); items only in the new layout must be declared
///   inserted and appear from ``LayoutUpdate/initialAttributes(appearing:style:)``,
///   items only in the old one must be declared deleted and leave through
///   ``LayoutUpdate/finalAttributes(disappearing:style:)``.
/// - Every channel springs: center, size, affine transform, alpha (and the
///   3-D transform with `include3D`).
/// - zIndex takes the end value at the start (items stack as they will
///   end); an item that becomes hidden stays visible until completion, one
///   that becomes visible is visible from the start.
/// - contentOffset and contentSize follow the average progress p̄ from their
///   start to their end values: `(0 + start·(1 − p̄)) + end·p̄`.
/// - A frame is a pure function of the tick. From ``completion`` on — the
///   first tick at which every element has settled within its tolerance and
///   p̄ = 1 — every item and the offset are exactly at their targets.
public struct LayoutTransition: Sendable {
  /// The animated items, in batch order (sorted).
  public private(set) var indexPaths: [ItemIndexPath]
  public let include3D: Bool
  public private(set) var batch: SpringBatch
  /// Start and end attributes of the current segment.
  public private(set) var startAttributes: [LayoutAttributes]
  public private(set) var endAttributes: [LayoutAttributes]
  public private(set) var startOffset: CGPoint
  public private(set) var endOffset: CGPoint
  public private(set) var startContentSize: CGSize
  public private(set) var endContentSize: CGSize
  public let tolerances: TransitionTolerances
  /// The first tick from which the frame is exactly the end state.
  public private(set) var completion: AnimationTime
  /// The layout being transitioned to.
  public private(set) var target: GridLayout

  /// - Parameters:
  ///   - old: the layout at the start.
  ///   - oldOffset: its content offset at the start, points.
  ///   - new: the layout at the end.
  ///   - newOffset: its content offset at the end, points (see
  ///     ``GridLayout/placement(of:_:viewport:current:old:)``).
  ///   - viewport: size and content insets (the visible rect is
  ///     `viewport.visibleRect(at: offset)`).
  ///   - update: inserted and deleted items.
  ///   - appearance: the pose inserted items appear from and deleted ones
  ///     leave towards.
  ///   - springs: see ``TransitionSprings``.
  ///   - velocity: see ``TransitionVelocity``.
  ///   - include3D: also animate the 16 entries of the 3-D transform.
  ///   - tolerances: when an element counts as settled, for ``completion``.
  ///   - start: the tick the transition starts at.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   an index path in one layout only and not declared inserted/deleted,
  ///   non-finite offsets or velocities, or a velocity array of the wrong size.
  public init(
    from old: GridLayout, offset oldOffset: CGPoint, to new: GridLayout, offset newOffset: CGPoint, viewport: Viewport,
    update: LayoutUpdate = LayoutUpdate(), appearance: AppearanceStyle = .fade, springs: TransitionSprings = .shared(.smooth),
    velocity: TransitionVelocity = .none, include3D: Bool = false, tolerances: TransitionTolerances = TransitionTolerances(),
    start: AnimationTime = .zero
  ) throws(HarmonicError) {
    try LayoutTransition._checkOffset(oldOffset, "offset")
    try LayoutTransition._checkOffset(newOffset, "new offset")
    let oldVisible = Set(old.visibleIndexPaths(in: viewport.visibleRect(at: oldOffset)))
    let newVisible = Set(new.visibleIndexPaths(in: viewport.visibleRect(at: newOffset)))
    let indexPaths = oldVisible.union(newVisible).sorted()
    guard !indexPaths.isEmpty else {
      throw .invalidParameter(name: "visible items", value: 0, accepted: "≥ 1 item visible at the start or at the end")
    }
    var starts: [LayoutAttributes] = [], ends: [LayoutAttributes] = []
    for indexPath in indexPaths {
      let inOld = old.contains(indexPath), inNew = new.contains(indexPath)
      switch (inOld, inNew) {
      case (true, true):
        starts.append(try old.attributes(of: indexPath))
        ends.append(try new.attributes(of: indexPath))
      case (false, true):
        guard update.inserted.contains(indexPath) else {
          throw .invalidParameter(name: "index path \(indexPath)", value: Double(indexPath.item), accepted: "present in the old layout, or listed in update.inserted")
        }
        let end = try new.attributes(of: indexPath)
        starts.append(update.initialAttributes(appearing: end, style: appearance))
        ends.append(end)
      default:
        guard update.deleted.contains(indexPath) else {
          throw .invalidParameter(name: "index path \(indexPath)", value: Double(indexPath.item), accepted: "present in the new layout, or listed in update.deleted")
        }
        let start = try old.attributes(of: indexPath)
        starts.append(start)
        ends.append(update.finalAttributes(disappearing: start, style: appearance))
      }
    }
    self.indexPaths = indexPaths
    self.include3D = include3D
    self.tolerances = tolerances
    self.target = new
    self.startAttributes = starts
    self.endAttributes = ends
    self.startOffset = oldOffset
    self.endOffset = newOffset
    self.startContentSize = old.contentSize
    self.endContentSize = new.contentSize
    let (batch, completion) = try LayoutTransition._makeBatch(
      starts: starts, startValues: nil, ends: ends, indexPaths: indexPaths, springs: springs, velocity: velocity, include3D: include3D,
      tolerances: tolerances, origin: start)
    self.batch = batch
    self.completion = completion
  }

  /// The batch of one segment: from `startValues` (or the start attributes'
  /// channels) to the end attributes.
  static func _makeBatch(
    starts: [LayoutAttributes], startValues explicitStart: [Double]?, ends: [LayoutAttributes], indexPaths: [ItemIndexPath],
    springs: TransitionSprings, velocity: TransitionVelocity, include3D: Bool, tolerances: TransitionTolerances,
    origin: AnimationTime, progressVelocity explicitProgressVelocity: Double? = nil
  ) throws(HarmonicError) -> (SpringBatch, AnimationTime) {
    let n = indexPaths.count
    let channels = include3D ? LayoutChannels.count3D : LayoutChannels.count2D
    let startValues = explicitStart ?? LayoutChannels.values(of: starts, include3D: include3D)
    let endValues = LayoutChannels.values(of: ends, include3D: include3D)
    var velocities = [Double](repeating: 0, count: n * channels)
    var progressVelocity = 0.0
    switch velocity {
    case .none: break
    case let .perElement(values):
      guard values.count == n * channels else {
        throw .invalidParameter(name: "velocity.count", value: Double(values.count), accepted: "items × channels = \(n * channels)")
      }
      velocities = values
    case let .progress(rate):
      try _Check.finiteMagnitude(rate, "progress velocity", unit: "1/s")
      for e in 0..<(n * channels) { velocities[e] = rate * (endValues[e] - startValues[e]) }
      progressVelocity = rate
    case let .gesture(v):
      guard v.x.isFinite, v.y.isFinite else {
        throw .invalidParameter(name: "gesture velocity", value: Double(v.x.isFinite ? v.y : v.x), accepted: "finite (points/s)")
      }
      for item in 0..<n {
        velocities[LayoutChannels.centerX * n + item] = Double(v.x)
        velocities[LayoutChannels.centerY * n + item] = Double(v.y)
      }
    }
    let assignment: SpringAssignment
    switch springs {
    case let .shared(spring):
      assignment = .shared(spring)
    case let .perItem(make):
      assignment = LayoutTransition._groups(indexPaths.map(make))
    case let .staggered(base, step, origin):
      guard step.isFinite, step >= 0 else {
        throw .invalidParameter(name: "stagger step", value: step, accepted: "finite and ≥ 0 (fraction of the response per rank)")
      }
      var order = Array(0..<n)
      if let origin {
        try LayoutTransition._checkOffset(origin, "stagger origin")
        func distance(_ k: Int) -> Double {
          let c = starts[k].center
          return ((Double(c.x) - Double(origin.x)) * (Double(c.x) - Double(origin.x)) + (Double(c.y) - Double(origin.y)) * (Double(c.y) - Double(origin.y))).squareRoot()
        }
        order.sort { (distance($0), $0) < (distance($1), $1) }
      }
      var rank = [Int](repeating: 0, count: n)
      for (position, k) in order.enumerated() { rank[k] = position }
      let list = try (0..<n).map { k throws(HarmonicError) in
        try Spring(response: base.response * (1 + step * Double(rank[k])), dampingRatio: base._coefficientDampingRatio, mass: base.mass)
      }
      assignment = LayoutTransition._groups(list)
    }
    let batch = try SpringBatch(itemCount: n, channelCount: channels, start: startValues, target: endValues, velocity: velocities,
                                springs: assignment, origin: origin, progressVelocity: explicitProgressVelocity ?? progressVelocity)
    let completion = try _completion(batch, tolerances: tolerances, include3D: include3D)
    return (batch, completion)
  }

  /// A segment from explicit start values and velocities (scrub hand-offs,
  /// interruptions).
  init(
    segment indexPaths: [ItemIndexPath], identities: [LayoutAttributes], startValues: [Double], velocities: [Double],
    ends: [LayoutAttributes], startOffset: CGPoint, endOffset: CGPoint, startContentSize: CGSize, endContentSize: CGSize,
    offsetVelocity: CGPoint, springs: TransitionSprings, include3D: Bool, tolerances: TransitionTolerances,
    target: GridLayout, origin: AnimationTime
  ) throws(HarmonicError) {
    // The content offset follows p̄ from here; give p̄ the rate that keeps the
    // offset's velocity along its path (its projection on the remaining travel).
    let dx = Double(endOffset.x) - Double(startOffset.x), dy = Double(endOffset.y) - Double(startOffset.y)
    let travel = dx * dx + dy * dy
    let rate = travel > 0 ? (Double(offsetVelocity.x) * dx + Double(offsetVelocity.y) * dy) / travel : 0
    self.indexPaths = indexPaths
    self.include3D = include3D
    self.tolerances = tolerances
    self.target = target
    var starts = identities
    try LayoutChannels.apply(startValues, to: &starts)
    self.startAttributes = starts
    self.endAttributes = ends
    self.startOffset = startOffset
    self.endOffset = endOffset
    self.startContentSize = startContentSize
    self.endContentSize = endContentSize
    let (batch, completion) = try LayoutTransition._makeBatch(
      starts: starts, startValues: startValues, ends: ends, indexPaths: indexPaths, springs: springs,
      velocity: .perElement(velocities), include3D: include3D, tolerances: tolerances, origin: origin,
      progressVelocity: rate.isFinite && rate.magnitude <= 1e100 ? rate : 0)
    self.batch = batch
    self.completion = completion
  }

  /// Content offsets (and points in content coordinates): finite, each
  /// coordinate within ±1e12 points.
  static func _checkOffset(_ point: CGPoint, _ name: String) throws(HarmonicError) {
    for value in [Double(point.x), Double(point.y)] where !(value.magnitude <= 1e12) {
      throw .invalidParameter(name: name, value: value, accepted: "finite, each coordinate within ±1e12 (points)")
    }
  }

  static func _groups(_ springs: [Spring]) -> SpringAssignment {
    var index: [Spring: Int] = [:]
    var unique: [Spring] = []
    let groupOfItem = springs.map { spring -> Int in
      if let known = index[spring] { return known }
      index[spring] = unique.count
      unique.append(spring)
      return unique.count - 1
    }
    return .groups(unique, groupOfItem: groupOfItem)
  }

  static func _completion(_ batch: SpringBatch, tolerances: TransitionTolerances, include3D: Bool) throws(HarmonicError) -> AnimationTime {
    let settled = try batch.settleTick(valueTolerances: tolerances.perChannel(include3D: include3D)) ?? AnimationTime(ticks: .max)
    return max(settled, batch.progressCompletion)
  }
}
