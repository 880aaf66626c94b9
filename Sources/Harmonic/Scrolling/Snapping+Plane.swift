extension SnapLayout {
  /// Explicit snap points: content positions, in any order, duplicates and
  /// all (overlapping items reduced to where they start, say). Each is a
  /// zero-extent target, so `.leading` alignment rests the snap area's
  /// leading edge on it and `.center` centers it.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   no points, a non-finite one, a content extent below the last point,
  ///   or bad viewport and insets.
  /// - Complexity: O(n log n) once.
  public static func points(
    _ points: [Double], contentExtent: Double, viewport: Double, leadingInset: Double = 0, trailingInset: Double = 0
  ) throws(HarmonicError) -> SnapLayout {
    for (k, point) in points.enumerated() {
      try _Check.coordinate(point, "points[\(k)]")
    }
    var sorted: [Double] = []
    for point in points.sorted() where sorted.last != point { sorted.append(point) }
    return try SnapLayout(
      starts: sorted, ends: sorted, contentExtent: contentExtent, viewport: viewport,
      leadingInset: leadingInset, trailingInset: trailingInset)
  }
}

extension Snapping {
  /// A snap decision on both axes: each axis moves on its own,
  /// `x.motion()` and `y.motion()` (``Decision/motion(spring:start:)``).
  public struct PlaneDecision: Sendable, Hashable {
    public let x: Decision
    public let y: Decision
    /// The target content offset (x, y), points.
    public var target: SIMD2<Double> { SIMD2(x.target, y.target) }
  }

  /// Snapping on two axes: a grid that pages both ways, a spreadsheet.
  ///
  /// The axes are independent: the candidate set is the product of each
  /// axis's candidates (rows × columns), so the 2-D candidate nearest the
  /// 2-D rest offset is the pair of per-axis nearest candidates, and each
  /// axis applies its own flick, limit and clamping rules to its own velocity
  /// component. That is what a lattice of cells calls for, costs two O(log n)
  /// queries, and keeps a mostly horizontal flick from moving a row because
  /// of a few points per second of vertical drift (below the minimum fling
  /// velocity, that axis snaps to the nearest row).
  ///
  /// - Parameters:
  ///   - x: the horizontal items.
  ///   - y: the vertical items.
  ///   - offset: the current content offset (x, y), points.
  ///   - velocity: the release velocity (x, y), points per second.
  ///   - options: per axis.
  /// - Throws: as ``target(layout:offset:velocity:options:)`` for either axis.
  public static func target(
    x: SnapLayout, y: SnapLayout, offset: SIMD2<Double>, velocity: SIMD2<Double>, options: (x: Options, y: Options) = (Options(), Options())
  ) throws(HarmonicError) -> PlaneDecision {
    PlaneDecision(
      x: try target(layout: x, offset: offset.x, velocity: velocity.x, options: options.x),
      y: try target(layout: y, offset: offset.y, velocity: velocity.y, options: options.y))
  }
}

/// Snap points on a circle: an infinite carousel, a wheel, a picker — the
/// offset wraps every `period` (points, or radians for a wheel).
public struct CircularSnapLayout: Sendable, Hashable {
  public let period: Double
  /// Snap points within one period, sorted, in [0, period).
  public let points: [Double]

  /// - Parameters:
  ///   - period: the wrap-around length, > 0.
  ///   - points: positions of the snap points, any order, reduced into [0, period).
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   period that is not positive and finite, no points, or a non-finite point.
  public init(period: Double, points: [Double]) throws(HarmonicError) {
    try _Check.length(period, "period", minimum: 1e-9, unit: "points or radians")
    try _Check.count(points.count, "points.count", atLeast: 1)
    var reduced: [Double] = []
    for (k, point) in points.enumerated() {
      try _Check.coordinate(point, "points[\(k)]", unit: "points or radians")
      var r = point - (point / period).rounded(.down) * period
      if r >= period || r < 0 { r = 0 }
      reduced.append(r + 0)
    }
    var sorted: [Double] = []
    for point in reduced.sorted() where sorted.last != point { sorted.append(point) }
    self.period = period
    self.points = sorted
  }

  /// `count` evenly spaced points: items of a carousel of `count` items, a
  /// wheel of `count` detents.
  public static func evenlySpaced(count: Int, period: Double) throws(HarmonicError) -> CircularSnapLayout {
    try _Check.count(count, "count", atLeast: 1, atMost: 1 << 24)
    return try CircularSnapLayout(period: period, points: (0..<count).map { Double($0) * (period / Double(count)) })
  }

  /// Candidate j (any integer): points[j mod m] + ⌊j/m⌋·period.
  func candidate(_ j: Int) -> Double {
    let m = points.count
    let turn = j >= 0 ? j / m : -((-j + m - 1) / m)
    return points[j - turn * m] + Double(turn) * period
  }

  /// The smallest j whose candidate is ≥ x.
  func lowerBound(_ x: Double) -> Int {
    let turn = (x / period).rounded(.down)
    let base = Int(turn) * points.count
    let r = x - turn * period
    let i = _partitionPoint(count: points.count) { points[$0] >= r }
    var j = base + i
    while candidate(j) < x { j += 1 }  // rounding at a period boundary
    while candidate(j - 1) >= x { j -= 1 }
    return j
  }
}

extension Snapping {
  /// Snapping with wrap-around: the rules of ``target(layout:offset:velocity:options:)``
  /// on the infinite sequence of snap points repeated every period (no
  /// clamping: there are no ends). A flick counts candidates across the
  /// seam like any others; `alignment` and the stops do not apply.
  ///
  /// The decision's ``Decision/target`` is continuous with the offset
  /// (unwrapped: it may lie beyond one period), so its
  /// ``Decision/motion(spring:start:)`` runs the short way, across the seam: read
  /// the motion's values modulo the period to show them. The snap point in
  /// [0, period) is `layout.points[decision.index]`.
  ///
  /// Every velocity is in the offset's unit per second, the minimum fling
  /// velocity included: its default of 50 suits points. For a wheel in
  /// radians set ``Options/minimumFlingVelocity`` in radians per second —
  /// 50 pt/s at the rim of a wheel of radius r points is 50/r rad/s (0.33
  /// rad/s for r = 150) — or every slow turn counts as a flick.
  ///
  /// - Parameters:
  ///   - layout: the snap points and the period.
  ///   - offset: the current offset (any real number: unwrapped), points or radians.
  ///   - velocity: the release velocity, per second.
  ///   - options: deceleration rate, minimum fling velocity, item limit.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   non-finite offset or velocity, an offset or rest offset more than
  ///   2⁴⁰/m periods from 0, a rate outside (0, 1), or a negative limit.
  /// - Complexity: O(log m) for m points per period.
  public static func target(
    circular layout: CircularSnapLayout, offset: Double, velocity: Double, options: Options = Options()
  ) throws(HarmonicError) -> Decision {
    try _Check.coordinate(offset, "offset", unit: "points or radians")
    try _Check.scrollVelocity(velocity, "velocity", unit: "points or radians per second")
    if let n = options.maximumItemsPerFlick { try _Check.count(n, "maximumItemsPerFlick", atLeast: 1, why: "nil for no limit") }
    let rest = try ScrollDeceleration(decelerationRate: options.decelerationRate, from: offset, velocity: velocity).restOffset
    // Candidates are numbered by Int: keep every turn count far from its limits.
    let turns = Double(1 << 40) / Double(layout.points.count)
    for (name, x) in [("offset", offset), ("rest offset", rest)] where !((x / layout.period).magnitude <= turns) {
      throw .invalidParameter(name: name, value: x, accepted: "within ±\(turns) periods of \(layout.period)")
    }
    func nearest(_ x: Double, preferring direction: Double) -> Int {
      let j = layout.lowerBound(x)
      let (after, before) = (layout.candidate(j) - x, x - layout.candidate(j - 1))
      if after < before { return j }
      if before < after { return j - 1 }
      return direction > 0 ? j : j - 1
    }
    var j = nearest(rest, preferring: velocity)
    // Candidates lie within ±2⁴⁰ of 0 (checked above), so a limit past 2⁵⁰
    // is no limit; capping it keeps the index arithmetic in range.
    let itemLimit = options.maximumItemsPerFlick.map { min($0, 1 << 50) }
    let flick = velocity.magnitude >= options.minimumFlingVelocity && velocity != 0
    if flick {
      // Strictly ahead, and at most n candidates ahead.
      let ahead = velocity > 0 ? layout.lowerBound(offset.nextUp) : layout.lowerBound(offset) - 1
      if velocity > 0 {
        j = max(j, ahead)
        if let n = itemLimit { j = min(j, ahead + n - 1) }
      } else {
        j = min(j, ahead)
        if let n = itemLimit { j = max(j, ahead - n + 1) }
      }
    } else if let n = itemLimit {
      let anchor = nearest(offset, preferring: 0)
      j = min(max(j, anchor - n), anchor + n)
    }
    let target = layout.candidate(j)
    let m = layout.points.count
    let index = ((j % m) + m) % m
    return Decision(
      target: target, index: index, restOffset: rest, offset: offset, velocity: velocity, decelerationRate: options.decelerationRate)
  }
}
