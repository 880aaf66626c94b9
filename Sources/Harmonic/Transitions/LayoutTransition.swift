extension LayoutTransition {
  /// One animated element of a ``LayoutTransition``: where it comes from and
  /// where it goes.
  public struct Element: Sendable, Hashable, Comparable {
    /// The element in the old layout; nil when it appears (inserted, or the
    /// new half of a reload).
    public let from: ElementID?
    /// The element in the new layout; nil when it disappears (deleted, or the
    /// old half of a reload).
    public let to: ElementID?

    /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
    ///   both ids are nil.
    package init(from: ElementID?, to: ElementID?) throws(HarmonicError) {
      guard from != nil || to != nil else {
        throw .invalidParameter(name: "from and to", value: 0, accepted: "at least one element id")
      }
      (self.from, self.to) = (from, to)
    }

    /// Pairs built by the transition itself: one id is always there.
    init(_from from: ElementID?, _to to: ElementID?) {
      (self.from, self.to) = (from, to)
    }

    /// What a frame shows: the new id, or the old one of a disappearing element.
    public var id: ElementID { to ?? from ?? ElementID(.cell, ItemIndexPath(item: 0, section: 0)) }

    /// By ``id``; an element that stays or appears before one that disappears.
    public static func < (lhs: LayoutTransition.Element, rhs: LayoutTransition.Element) -> Bool {
      if lhs.id != rhs.id { return lhs.id < rhs.id }
      let (l, r) = (lhs.to == nil ? 1 : 0, rhs.to == nil ? 1 : 0)
      if l != r { return l < r }
      switch (lhs.from, rhs.from) {
      case let (a?, b?): return a < b
      case (nil, .some): return true
      default: return false
      }
    }
  }
}

extension LayoutTransition {
  /// Something applied to a layout's attributes at each end of a transition,
  /// given the visible rect at that end (a carousel's scale and alpha by
  /// distance from the center — ``scrollEffect(_:phase:)`` with
  /// ``ScrollEffect/scaleAndFade(minimumScale:minimumAlpha:)`` — a parallax,
  /// a sticky header).
  public struct Decoration: Sendable {
    let _body: @Sendable (inout LayoutAttributes, CGRect) -> Void

    /// - Parameter body: changes one element's attributes for the visible rect.
    public init(_ body: @escaping @Sendable (inout LayoutAttributes, CGRect) -> Void) { _body = body }

    /// A scroll-driven effect (``ScrollEffect``) at each end of the
    /// transition, its phases measured by `phase` in that end's visible
    /// rect; an element the effect throws for keeps the layout's attributes.
    public static func scrollEffect(_ effect: ScrollEffect, phase: ScrollPhase) -> LayoutTransition.Decoration {
      LayoutTransition.Decoration { attributes, rect in
        var one = [attributes]
        try? effect._apply(to: &one, in: rect, phase: phase, lenient: true)
        attributes = one[0]
      }
    }

    /// Applies the decoration to `attributes` for the visible rect `rect`.
    package func apply(to attributes: inout LayoutAttributes, visibleRect rect: CGRect) { _body(&attributes, rect) }
  }
}

/// A layout-to-layout transition: every element's every attribute driven by
/// its own spring through one ``SpringBatch``, with the content offset and
/// size following the average progress.
///
/// - Any two layouts (``CollectionLayout``: ``GridLayout``, a
///   ``LayoutSnapshot`` of attributes an app computed, your own), or two
///   plain attribute sets. Cells, supplementary views (headers, footers) and
///   decoration views all animate; elements are identified by kind + index
///   path (``ElementID``).
/// - Which elements animate: those visible at the start or at the end, and
///   those that cross the screen in between (see
///   ``init(from:offset:to:offset:viewport:endViewport:update:appearance:decoration:springs:velocity:include3D:transforms:tolerances:start:)``);
///   the rest jump, unseen.
/// - Old and new elements are paired through the ``LayoutUpdate``'s index
///   mapping (inserts, deletes, moves, reloads of items and sections, as
///   UICollectionView performs them). Inserted items appear from the
///   ``AppearanceStyle`` pose of their end attributes, deleted ones leave
///   towards the style's pose of their start attributes, a reloaded item
///   cross-fades (old view out, new view in, both travelling old → new
///   place). Supplementary and decoration views follow their section and
///   fade in or out when only one layout has them.
/// - Every channel springs: center, size, affine transform, alpha, and the
///   3-D transform whenever an element carries one (or `include3D`).
///   Transforms spring per entry or decomposed (``TransformInterpolation``).
/// - zIndex takes the end value at the start (elements stack as they will
///   end); an element that becomes hidden stays visible until completion, one
///   that becomes visible is visible from the start.
/// - contentOffset and contentSize follow the average progress p̄ from their
///   start to their end values: `(0 + start·(1 − p̄)) + end·p̄`.
/// - A frame is a pure function of the tick. From ``endTick`` on — the
///   first tick at which every element has settled within its tolerance and
///   p̄ = 1 — every element and the offset are exactly at their targets.
public struct LayoutTransition: Sendable {
  /// The animated elements, in batch order (sorted).
  public private(set) var elements: [LayoutTransition.Element]
  package let include3D: Bool
  package let transforms: TransformInterpolation
  public internal(set) var batch: SpringBatch
  /// Start and end attributes of the current segment: see ``startAttributes``.
  var _endpoints: _Endpoints
  public internal(set) var startOffset: CGPoint
  public private(set) var endOffset: CGPoint
  package private(set) var startContentSize: CGSize
  package private(set) var endContentSize: CGSize
  package let tolerances: LayoutTransition.Tolerances
  /// The first tick from which the frame is exactly the end state: the
  /// latest of the elements' exact settle ticks (within its tolerances) and
  /// ``SpringBatch/progressEndTick``.
  ///
  /// Computed on first use, not by the initializer: it costs about as much
  /// as the rest of the setup (an exact settle time for each element that can
  /// be the last to settle), and a frame before
  /// `batch.progressEndTick` — a lower bound, O(spring groups) — never
  /// needs it. The first frame at or after that tick computes it, unless it
  /// was read before: read it once off the main thread after setup (copies
  /// of the transition share the value) to take the cost out of every frame.
  ///
  /// - Complexity: first read O(k·C) for k elements and C channels plus about
  ///   60 spring evaluations per element that can settle last; then O(1).
  public var endTick: AnimationTime { _completion.resolved }
  var _completion: _Deferred<AnimationTime>
  /// The layout being transitioned to.
  public internal(set) var target: any CollectionLayout
  /// The decoration applied at both ends (and to the ends of a retarget).
  package internal(set) var decoration: LayoutTransition.Decoration?
  /// The overall progress at the start of this segment and where it goes:
  /// 0 and 1 for a transition, the release point and 1 (``finish(fromProgress:velocity:at:rubberBand:springs:)``)
  /// or 0 (``cancel(fromProgress:velocity:at:rubberBand:springs:)``) for a
  /// released scrub, the overall progress at the interruption and 1 for a
  /// ``init(continuing:at:to:offset:viewport:endViewport:update:appearance:decoration:springs:tolerances:)``. See ``Frame/overallProgress``.
  package internal(set) var overallProgressRange: (start: Double, end: Double)
  /// The element the content offset follows in this segment, if any.
  var _anchor: _Anchor? = nil
  /// A released scrub that starts exactly at its goal (progress 0
  /// cancelled, or 1 finished) with a velocity: its overall progress range
  /// and its offsets have no length, so the motion that velocity makes —
  /// overall progress and content offset per unit of the mean impulse
  /// response Ŝ̄ (``SpringBatch/_averageImpulse(at:)``) — is kept here and
  /// added to every frame. Nil for every other segment.
  var _releaseImpulse: (overall: Double, offset: CGPoint)? = nil

  /// A transition between any two layouts.
  ///
  /// Elements that cross the screen: an element visible at neither end can
  /// still pass through the screen (a table → collection change scrolled far:
  /// rows between the two visible ranges fly across). Candidates are found
  /// with two rect queries, not a scan: in the old layout, the rect spanning
  /// the start's visible rect and the old frames of the elements visible at
  /// the end; in the new layout, the rect spanning the end's visible rect and
  /// the new frames of those visible at the start. A candidate animates when
  /// the bounding box of its start frame (relative to the start's visible
  /// rect) and its end frame (relative to the end's) overlaps the viewport —
  /// the region its frame sweeps, relative to the screen, when it and the
  /// content offset follow the same progress. For layouts whose order follows
  /// the scroll axis (grids, lists, flow layouts) the candidates are exactly
  /// the elements between the two visible ranges. Overshoot beyond the end
  /// can briefly show an element that is not animated; it is drawn at its end.
  ///
  /// - Parameters:
  ///   - old: the layout at the start.
  ///   - oldOffset: its content offset at the start, points.
  ///   - new: the layout at the end.
  ///   - newOffset: its content offset at the end, points (see
  ///     ``GridLayout/placement(of:_:viewport:current:old:)``).
  ///   - viewport: size and content insets at the start (the visible rect is
  ///     `viewport.visibleRect(at: offset)`).
  ///   - endViewport: the viewport at the end (a rotation); nil: `viewport`.
  ///   - update: the batch update between the layouts; the old → new index
  ///     mapping is derived from it and the layouts' ``CollectionLayout/itemCounts``.
  ///   - appearance: the pose inserted items appear from and deleted ones
  ///     leave towards.
  ///   - decoration: applied to the old layout's attributes with the start's
  ///     visible rect and to the new layout's with the end's.
  ///   - springs: see ``LayoutTransition/Springs``.
  ///   - velocity: see ``LayoutTransition/Velocity``.
  ///   - include3D: animate the 16 entries of the 3-D transform even when no
  ///     element carries one (they do whenever one does).
  ///   - transforms: per entry or decomposed (``TransformInterpolation``).
  ///   - tolerances: when an element counts as settled, for ``endTick``.
  ///   - start: the tick the transition starts at.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   an update that does not match the layouts' item counts, a cell in one
  ///   layout only that the update does not account for (the message names
  ///   it), no element visible at either end, non-finite offsets or
  ///   velocities, or a velocity array of the wrong size.
  /// - Complexity: O(k log k) for k animated elements plus the layouts'
  ///   queries (for ``GridLayout``, O(log n + k)).
  public init(
    from old: some CollectionLayout, offset oldOffset: CGPoint, to new: some CollectionLayout, offset newOffset: CGPoint,
    viewport: Viewport, endViewport: Viewport? = nil, update: LayoutUpdate = LayoutUpdate(), appearance: AppearanceStyle = .fade,
    decoration: LayoutTransition.Decoration? = nil, springs: LayoutTransition.Springs = .shared(.smooth), velocity: LayoutTransition.Velocity = .none,
    include3D: Bool = false, transforms: TransformInterpolation = .componentwise,
    tolerances: LayoutTransition.Tolerances = LayoutTransition.Tolerances(), start: AnimationTime = .zero
  ) throws(HarmonicError) {
    try self.init(
      from: old, offset: oldOffset, to: new, offset: newOffset, viewport: viewport, endViewport: endViewport, update: update,
      appearance: appearance, decoration: decoration, springs: springs, velocity: velocity, include3D: include3D, transforms: transforms,
      tolerances: tolerances, start: start, buildsBatch: true)
  }

  /// The layout initializer; with `buildsBatch` false (a change in flight,
  /// whose ``_continue(_:springs:tolerances:progressRate:)`` or
  /// ``_merged(_:fresh:target:springs:tolerances:progressRate:)`` makes
  /// the batch from these columns with running's values in them), the
  /// batch only holds the columns: no springs, no derived column, no
  /// checks (made and checked once, by the change).
  init(
    from old: some CollectionLayout, offset oldOffset: CGPoint, to new: some CollectionLayout, offset newOffset: CGPoint,
    viewport: Viewport, endViewport: Viewport?, update: LayoutUpdate, appearance: AppearanceStyle, decoration: LayoutTransition.Decoration?,
    springs: LayoutTransition.Springs, velocity: LayoutTransition.Velocity, include3D: Bool, transforms: TransformInterpolation,
    tolerances: LayoutTransition.Tolerances, start: AnimationTime, buildsBatch: Bool
  ) throws(HarmonicError) {
    try appearance._check()
    try LayoutTransition._checkOffset(oldOffset, "offset")
    try LayoutTransition._checkOffset(newOffset, "new offset")
    let endViewport = endViewport ?? viewport
    let startRect = viewport.visibleRect(at: oldOffset), endRect = endViewport.visibleRect(at: newOffset)
    let mapping = try update._mapping(from: old, to: new)
    let context = _Ends(
      startRect: startRect, endRect: endRect, viewportSizes: (viewport.size, endViewport.size), viewports: (viewport, endViewport), mapping: mapping,
      update: update, appearance: appearance, decoration: decoration, include3D: include3D, transforms: transforms)
    // The layouts Harmonic ships get their own compiled copies of the work
    // per element (their lookups inline there instead of going through the
    // protocol and moving whole `LayoutAttributes` results around); any other layout takes
    // the generic one.
    var setup: _Setup
    if let old = old as? GridLayout, let new = new as? GridLayout {
      setup = try LayoutTransition._endpoints(old, new, context)
    } else if let old = old as? LayoutSnapshot, let new = new as? LayoutSnapshot {
      setup = try LayoutTransition._endpoints(old, new, context)
    } else if let old = old as? _InFlightLayout, let new = new as? GridLayout {  // a change in flight
      setup = try LayoutTransition._endpoints(old, new, context)
    } else if let old = old as? _InFlightLayout, let new = new as? LayoutSnapshot {
      setup = try LayoutTransition._endpoints(old, new, context)
    } else {
      setup = try LayoutTransition._endpoints(old, new, context)
    }
    self.elements = setup.elements
    self.include3D = setup.include3D
    self.transforms = transforms
    self.tolerances = tolerances
    self.target = new
    self.decoration = decoration
    self.overallProgressRange = (0, 1)
    self.startOffset = oldOffset
    self.endOffset = newOffset
    self.startContentSize = old.contentSize
    self.endContentSize = new.contentSize
    if let kept = setup.kept {
      // The columns hold every channel exactly: only what they do not is kept.
      var columns: [Double] = []
      swap(&columns, &setup.columns)  // handed over, not shared (the batch writes into them)
      if !buildsBatch {
        let channels = setup.include3D ? LayoutChannels.count3D : LayoutChannels.count2D
        self.batch = SpringBatch(_unbuiltColumns: _take(&columns), itemCount: setup.elements.count, channelCount: channels, start: start)
        self._completion = _Deferred { start }
        self._endpoints = .compact(kept, elements: setup.elements, batch: batch)
        return
      }
      (self.batch, self._completion) = try LayoutTransition._makeBatch(
        columns: _take(&columns), elements: setup.elements, springs: springs, velocity: velocity, include3D: setup.include3D,
        transforms: transforms, tolerances: tolerances, origin: start,
        progressTolerance: LayoutTransition._progressTolerance(tolerances, from: oldOffset, to: newOffset))
      self._endpoints = .compact(kept, elements: setup.elements, batch: batch)
    } else {
      (self.batch, self._completion) = try LayoutTransition._makeBatch(
        starts: setup.starts, startValues: nil, ends: setup.ends, elements: setup.elements, springs: springs, velocity: velocity,
        include3D: setup.include3D, transforms: transforms, tolerances: tolerances, origin: start,
        progressTolerance: LayoutTransition._progressTolerance(tolerances, from: oldOffset, to: newOffset))
      self._endpoints = .full(starts: setup.starts, ends: setup.ends)
    }
  }

  /// A transition between two attribute sets an app computed itself.
  ///
  /// - Parameters:
  ///   - startElements: every element of the old layout (or every one that
  ///     can be on screen during the transition), ids unique.
  ///   - oldOffset: the content offset at the start, points.
  ///   - oldContentSize: the old content size, points.
  ///   - viewport: the viewport at the start.
  ///   - endElements: the new layout's elements.
  ///   - newOffset: the content offset at the end, points.
  ///   - newContentSize: the new content size, points.
  ///   - endViewport: the viewport at the end.
  ///   - update: the batch update between them; item counts are those of
  ///     the cells given (see ``LayoutSnapshot``).
  ///   - appearance: see the layout initializer.
  ///   - decoration: see the layout initializer.
  ///   - springs: see ``LayoutTransition/Springs``.
  ///   - velocity: see ``LayoutTransition/Velocity``.
  ///   - include3D: see the layout initializer.
  ///   - transforms: see ``TransformInterpolation``.
  ///   - tolerances: see ``LayoutTransition/Tolerances``.
  ///   - start: the tick the transition starts at.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``LayoutSnapshot/init(elements:contentSize:itemCounts:)`` and the layout initializer do.
  /// - Complexity: O(n) for n elements given (the sets are scanned).
  public init(
    from startElements: [LayoutAttributes], offset oldOffset: CGPoint, contentSize oldContentSize: CGSize, viewport: Viewport,
    to endElements: [LayoutAttributes], offset newOffset: CGPoint, contentSize newContentSize: CGSize, viewport endViewport: Viewport,
    update: LayoutUpdate = LayoutUpdate(), appearance: AppearanceStyle = .fade, decoration: LayoutTransition.Decoration? = nil,
    springs: LayoutTransition.Springs = .shared(.smooth), velocity: LayoutTransition.Velocity = .none, include3D: Bool = false,
    transforms: TransformInterpolation = .componentwise, tolerances: LayoutTransition.Tolerances = LayoutTransition.Tolerances(),
    start: AnimationTime = .zero
  ) throws(HarmonicError) {
    try self.init(
      from: try LayoutSnapshot(elements: startElements, contentSize: oldContentSize), offset: oldOffset,
      to: try LayoutSnapshot(elements: endElements, contentSize: newContentSize), offset: newOffset,
      viewport: viewport, endViewport: endViewport, update: update, appearance: appearance, decoration: decoration, springs: springs,
      velocity: velocity, include3D: include3D, transforms: transforms, tolerances: tolerances, start: start)
  }

  /// The batch of one segment: from `startValues` (or the start attributes'
  /// channels) to the end attributes.
  static func _makeBatch(
    starts: [LayoutAttributes], startValues explicitStart: [Double]?, ends: [LayoutAttributes], elements: [LayoutTransition.Element],
    springs: LayoutTransition.Springs, velocity: LayoutTransition.Velocity, include3D: Bool, transforms: TransformInterpolation,
    tolerances: LayoutTransition.Tolerances, origin: AnimationTime, progressVelocity explicitProgressVelocity: Double? = nil,
    progressTolerance: Double
  ) throws(HarmonicError) -> (SpringBatch, _Deferred<AnimationTime>) {
    let m = try _elementCount(elements.count, include3D: include3D)
    if let explicitStart { try _Check.shape(explicitStart.count, "start.count", expected: m, what: "items × channels") }
    // The batch's columns [start | target | velocity | restoring], written
    // in place and handed over: no per-column arrays to copy. Every value
    // written once: start, target, velocity 0; the restoring column is the
    // batch's to compute (its initializer writes all of it).
    let columns = [Double](_unsafeFilling: 4 * m) { columns, count in
      if let explicitStart {
        _ = UnsafeMutableBufferPointer(rebasing: columns[0..<m]).initialize(from: explicitStart)
      } else {
        LayoutChannels._write(starts, include3D: include3D, transforms: transforms, into: UnsafeMutableBufferPointer(rebasing: columns[0..<m]))
      }
      LayoutChannels._write(ends, include3D: include3D, transforms: transforms, into: UnsafeMutableBufferPointer(rebasing: columns[m..<(2 * m)]))
      UnsafeMutableBufferPointer(rebasing: columns[(2 * m)..<(4 * m)]).initialize(repeating: 0)
      count = 4 * m
    }
    return try _makeBatch(
      columns: columns, elements: elements, springs: springs, velocity: velocity, include3D: include3D,
      transforms: transforms, tolerances: tolerances, origin: origin, progressVelocity: explicitProgressVelocity,
      progressTolerance: progressTolerance)
  }

  /// The progress tolerance of a segment whose content offset travels from
  /// `start` to `end` along p̄: small enough that the offset's last step,
  /// when p̄ becomes exactly 1, is within `tolerances.points` — the step an
  /// element may take at completion — and never looser than the default 0.001.
  static func _progressTolerance(_ tolerances: LayoutTransition.Tolerances, from start: CGPoint, to end: CGPoint) -> Double {
    let travel = max((Double(end.x) - Double(start.x)).magnitude, (Double(end.y) - Double(start.y)).magnitude)
    let tolerance = tolerances.points / travel
    return tolerance.isFinite && tolerance > 0 ? min(tolerance, SpringBatch.defaultProgressTolerance) : SpringBatch.defaultProgressTolerance
  }

  /// The batch of one segment over its columns `[start | target | velocity |
  /// restoring]` (velocity and restoring 0), taken, not copied: velocities
  /// written, values checked, springs assigned.
  ///
  /// `prepared`: the columns' values are checked and the restoring column
  /// derived for the one spring of `springs` (`.shared`) already, with the
  /// velocity `.none` and componentwise transforms — the batch is made
  /// without passing over them again.
  static func _makeBatch(
    columns given: consuming [Double], elements: [LayoutTransition.Element], springs: LayoutTransition.Springs, velocity: LayoutTransition.Velocity,
    include3D: Bool, transforms: TransformInterpolation, tolerances: LayoutTransition.Tolerances, origin: AnimationTime,
    progressVelocity explicitProgressVelocity: Double? = nil, progressTolerance: Double, prepared: Bool = false
  ) throws(HarmonicError) -> (SpringBatch, _Deferred<AnimationTime>) {
    if prepared {
      guard case .shared = springs, case .none = velocity, transforms == .componentwise else {
        preconditionFailure("LayoutTransition._makeBatch: prepared columns are a shared spring's, at rest, componentwise")
      }
    }
    let n = elements.count
    let channels = include3D ? LayoutChannels.count3D : LayoutChannels.count2D
    let m = try _elementCount(n, include3D: include3D)
    var columns = _take(&given)
    precondition(columns.count == 4 * m, "LayoutTransition._makeBatch: columns of the wrong size")
    if transforms == .decomposed {
      var (startValues, endValues) = (Array(columns[0..<m]), Array(columns[m..<(2 * m)]))
      LayoutChannels._alignRotations(start: &startValues, end: &endValues, count: n, include3D: include3D)
      columns.replaceSubrange(0..<(2 * m), with: startValues + endValues)
    }
    var progressVelocity = 0.0
    switch velocity {
    case .none, .centers: break
    case let .perElement(values):
      try _Check.shape(values.count, "velocity.count", expected: m, what: "items × channels")
      columns.replaceSubrange((2 * m)..<(3 * m), with: values)
    case let .progress(rate):
      try _Check.finiteMagnitude(rate, "progress velocity", unit: "1/s")
      columns.withUnsafeMutableBufferPointer { columns in
        let (start, target, velocity) = (columns.baseAddress!, columns.baseAddress! + m, columns.baseAddress! + 2 * m)
        for e in 0..<m { velocity[e] = rate * (target[e] - start[e]) }
      }
      progressVelocity = rate
    case let .gesture(v):
      try _Check.scrollVelocity(Double(v.x), "gesture velocity")
      try _Check.scrollVelocity(Double(v.y), "gesture velocity")
      columns.withUnsafeMutableBufferPointer { columns in
        let velocity = columns.baseAddress! + 2 * m
        (velocity + LayoutChannels.centerX * n).update(repeating: Double(v.x), count: n)
        (velocity + LayoutChannels.centerY * n).update(repeating: Double(v.y), count: n)
      }
    }
    if case let .centers(byID) = velocity {
      var position: [ElementID: Int] = [:]
      for k in elements.indices where position[elements[k].id] == nil { position[elements[k].id] = k }
      for (id, v) in byID.sorted(by: { $0.key < $1.key }) {
        for value in [Double(v.x), Double(v.y)] { try _Check.finiteMagnitude(value, "velocity of \(id)", unit: "points/s") }
        // An element the transition does not animate has no motion to give it to: ignored.
        guard let item = position[id] else { continue }
        columns[2 * m + LayoutChannels.centerX * n + item] = Double(v.x)
        columns[2 * m + LayoutChannels.centerY * n + item] = Double(v.y)
      }
    }
    let assignment = try _assignment(springs, elements: elements, columns: columns)
    if !prepared {
      try columns.withUnsafeBufferPointer { columns in
        Result { () throws(HarmonicError) in
          for (k, (name, unit)) in [("start", "units"), ("target", "units"), ("velocity", "units/s")].enumerated() {
            try SpringBatch._checkValues(UnsafeBufferPointer(rebasing: columns[(k * m)..<((k + 1) * m)]), name, itemCount: n, unit: unit)
          }
        }
      }.unwrapped()
    }
    let batch = try SpringBatch(
      _checkedColumns: _take(&columns), itemCount: n, channelCount: channels, springs: assignment, start: origin,
      progressVelocity: explicitProgressVelocity ?? progressVelocity, progressTolerance: progressTolerance, derived: prepared)
    return (batch, try _completion(batch, tolerances: tolerances, include3D: include3D))
  }

  /// The springs of a segment's elements as the batch takes them: shared,
  /// or in groups of equal springs. `columns` holds the start centers a
  /// staggered order measures from.
  static func _assignment(
    _ springs: LayoutTransition.Springs, elements: [LayoutTransition.Element], columns: [Double]
  ) throws(HarmonicError) -> SpringAssignment {
    let n = elements.count
    switch springs {
    case let .shared(spring):
      return .shared(spring)
    case let .perItem(make):
      return LayoutTransition._groups(elements.map { make($0.id.indexPath) })
    case let .staggered(base, step, origin):
      try _Check.positive(step, "stagger step", orZero: true, unit: "fraction of the response per rank")
      var order = Array(0..<n)
      if let origin {
        try LayoutTransition._checkOffset(origin, "stagger origin")
        // From the start centers, as the start column holds them.
        let (xs, ys) = (columns[(LayoutChannels.centerX * n)...].prefix(n), columns[(LayoutChannels.centerY * n)...].prefix(n))
        let distance = zip(xs, ys).map { x, y in
          ((x - Double(origin.x)) * (x - Double(origin.x)) + (y - Double(origin.y)) * (y - Double(origin.y))).squareRoot()
        }
        order.sort { (distance[$0], $0) < (distance[$1], $1) }
      }
      var rank = [Int](repeating: 0, count: n)
      for (position, k) in order.enumerated() { rank[k] = position }
      var list: [Spring] = []
      list.reserveCapacity(n)
      for k in 0..<n {
        list.append(
          try Spring(response: base.response * (1 + step * Double(rank[k])), dampingRatio: base._coefficientDampingRatio, mass: base.mass))
      }
      return LayoutTransition._groups(list)
    }
  }

  /// A segment from explicit start values and velocities (scrub hand-offs,
  /// interruptions).
  init(
    segment elements: [LayoutTransition.Element], include3D: Bool, transforms: TransformInterpolation, tolerances: LayoutTransition.Tolerances,
    decoration: LayoutTransition.Decoration?, identities: [LayoutAttributes], startValues: [Double],
    velocities: [Double], ends: [LayoutAttributes], startOffset: CGPoint, endOffset: CGPoint, startContentSize: CGSize,
    endContentSize: CGSize, offsetVelocity: CGPoint, progressVelocity: Double? = nil, springs: LayoutTransition.Springs,
    target: any CollectionLayout, overallProgressRange: (start: Double, end: Double), origin: AnimationTime
  ) throws(HarmonicError) {
    // The content offset follows p̄ from here; unless told, give p̄ the rate
    // that keeps the offset's velocity along its path (its projection on
    // the remaining travel).
    let rate = progressVelocity ?? LayoutTransition._progressRate(offsetVelocity: offsetVelocity, from: startOffset, to: endOffset)
    self.elements = elements
    self.include3D = include3D
    self.transforms = transforms
    self.tolerances = tolerances
    self.decoration = decoration
    self.target = target
    self.overallProgressRange = overallProgressRange
    var starts = identities
    try LayoutChannels.apply(startValues, to: &starts, transforms: transforms)
    self._endpoints = .full(starts: starts, ends: ends)
    self.startOffset = startOffset
    self.endOffset = endOffset
    self.startContentSize = startContentSize
    self.endContentSize = endContentSize
    let (batch, completion) = try LayoutTransition._makeBatch(
      starts: starts, startValues: startValues, ends: ends, elements: elements, springs: springs,
      velocity: .perElement(velocities), include3D: include3D, transforms: transforms, tolerances: tolerances, origin: origin,
      progressVelocity: rate.isFinite && rate.magnitude <= 1e100 ? rate : 0,
      progressTolerance: LayoutTransition._progressTolerance(tolerances, from: startOffset, to: endOffset))
    self.batch = batch
    self._completion = completion
  }

  /// Content offsets (and points in content coordinates): each coordinate
  /// a layout coordinate (`_Check.coordinate`).
  static func _checkOffset(_ point: CGPoint, _ name: String) throws(HarmonicError) {
    try _Check.coordinate(Double(point.x), name)
    try _Check.coordinate(Double(point.y), name)
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

  /// The segment's completion, computed when first read: the checks happen
  /// now, so reading it never fails.
  static func _completion(
    _ batch: SpringBatch, tolerances: LayoutTransition.Tolerances, include3D: Bool
  ) throws(HarmonicError) -> _Deferred<AnimationTime> {
    for (name, value) in [("tolerances.points", tolerances.points), ("tolerances.alpha", tolerances.alpha), ("tolerances.scale", tolerances.scale)] {
      try _Check.positive(value, name)
    }
    let perChannel = tolerances.perChannel(include3D: include3D)
    return _Deferred {
      let settled = batch._settleTick(checkedTolerances: perChannel, threads: nil) ?? AnimationTime(ticks: .max)
      return max(settled, batch.progressEndTick)
    }
  }

}
