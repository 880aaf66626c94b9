/// One animated element of a ``LayoutTransition``: where it comes from and
/// where it goes.
public struct TransitionElement: Sendable, Hashable, Comparable {
  /// The element in the old layout; nil when it appears (inserted, or the
  /// new half of a reload).
  public var from: ElementID?
  /// The element in the new layout; nil when it disappears (deleted, or the
  /// old half of a reload).
  public var to: ElementID?

  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   both ids are nil.
  public init(from: ElementID?, to: ElementID?) throws(HarmonicError) {
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
  public static func < (lhs: TransitionElement, rhs: TransitionElement) -> Bool {
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

/// Something applied to a layout's attributes at each end of a transition,
/// given the visible rect at that end (a carousel's scale and alpha by
/// distance from the center, a parallax, a sticky header).
public struct LayoutDecoration: Sendable {
  let _body: @Sendable (inout LayoutAttributes, CGRect) -> Void

  /// - Parameter body: changes one element's attributes for the visible rect.
  public init(_ body: @escaping @Sendable (inout LayoutAttributes, CGRect) -> Void) { _body = body }

  /// A ``CarouselDecoration`` on the cells along `axis`.
  public static func carousel(_ decoration: CarouselDecoration, axis: ScrollAxis = .horizontal) -> LayoutDecoration {
    LayoutDecoration { attributes, rect in
      guard attributes.kind == .cell else { return }
      let horizontal = axis == .horizontal
      decoration.apply(to: &attributes, viewportCenter: Double(horizontal ? rect.midX : rect.midY),
                       viewportExtent: Double(horizontal ? rect.width : rect.height), axis: axis)
    }
  }

  /// Applies the decoration to `attributes` for the visible rect `rect`.
  public func apply(to attributes: inout LayoutAttributes, visibleRect rect: CGRect) { _body(&attributes, rect) }
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
/// - A frame is a pure function of the tick. From ``completion`` on — the
///   first tick at which every element has settled within its tolerance and
///   p̄ = 1 — every element and the offset are exactly at their targets.
public struct LayoutTransition: Sendable {
  /// The animated elements, in batch order (sorted).
  public private(set) var elements: [TransitionElement]
  /// The index paths of ``elements`` (their ``TransitionElement/id``), in batch order.
  public var indexPaths: [ItemIndexPath] { elements.map(\.id.indexPath) }
  public let include3D: Bool
  public let transforms: TransformInterpolation
  public private(set) var batch: SpringBatch
  /// Start and end attributes of the current segment.
  public private(set) var startAttributes: [LayoutAttributes]
  public private(set) var endAttributes: [LayoutAttributes]
  public private(set) var startOffset: CGPoint
  public private(set) var endOffset: CGPoint
  public private(set) var startContentSize: CGSize
  public private(set) var endContentSize: CGSize
  public let tolerances: TransitionTolerances
  /// The first tick from which the frame is exactly the end state: the
  /// latest of the elements' exact settle ticks (within ``tolerances``) and
  /// ``SpringBatch/progressCompletion``.
  ///
  /// Computed on first use, not by the initializer: it costs about as much
  /// as the rest of the setup (an exact settle time for each element that can
  /// be the last to settle), and a frame before
  /// `batch.progressCompletion` — a lower bound, O(spring groups) — never
  /// needs it. The first frame at or after that tick computes it, unless it
  /// was read before: read it once off the main thread after setup (copies
  /// of the transition share the value) to take the cost out of every frame.
  ///
  /// - Complexity: first read O(k·C) for k elements and C channels plus about
  ///   60 spring evaluations per element that can settle last; then O(1).
  public var completion: AnimationTime { _completion.resolved }
  var _completion: _Deferred<AnimationTime>
  /// The layout being transitioned to.
  public private(set) var target: any CollectionLayout
  /// The decoration applied at both ends (and to the ends of a retarget).
  public let decoration: LayoutDecoration?
  /// The overall progress at the start of this segment and where it goes:
  /// 0 and 1 for a transition, the release point and 1 (``finish(fromProgress:velocity:at:rubberBand:springs:)``)
  /// or 0 (``cancel(fromProgress:velocity:at:rubberBand:springs:)``) for a
  /// released scrub, the overall progress at the interruption and 1 for a
  /// ``retarget(to:offset:viewport:at:springs:)``. See ``Frame/overallProgress``.
  public private(set) var overallProgressRange: (start: Double, end: Double)

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
  ///   - springs: see ``TransitionSprings``.
  ///   - velocity: see ``TransitionVelocity``.
  ///   - include3D: animate the 16 entries of the 3-D transform even when no
  ///     element carries one (they do whenever one does).
  ///   - transforms: per entry or decomposed (``TransformInterpolation``).
  ///   - tolerances: when an element counts as settled, for ``completion``.
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
    decoration: LayoutDecoration? = nil, springs: TransitionSprings = .shared(.smooth), velocity: TransitionVelocity = .none,
    include3D: Bool = false, transforms: TransformInterpolation = .componentwise,
    tolerances: TransitionTolerances = TransitionTolerances(), start: AnimationTime = .zero
  ) throws(HarmonicError) {
    try LayoutTransition._checkOffset(oldOffset, "offset")
    try LayoutTransition._checkOffset(newOffset, "new offset")
    let endViewport = endViewport ?? viewport
    let startRect = viewport.visibleRect(at: oldOffset), endRect = endViewport.visibleRect(at: newOffset)
    let mapping = update.isEmpty && old.itemCounts == new.itemCounts
      ? IndexMapping(identity: old.itemCounts) : try update.mapping(oldItemCounts: old.itemCounts, newItemCounts: new.itemCounts)
    let context = _Ends(startRect: startRect, endRect: endRect, viewportSizes: (viewport.size, endViewport.size), mapping: mapping,
                     update: update, appearance: appearance, decoration: decoration, include3D: include3D)
    // The layouts Harmonic ships get their own compiled copies of the work
    // per element (their lookups inline there instead of going through the
    // protocol and moving 272-byte results around); any other layout takes
    // the generic one.
    let (pairs, starts, endAttributes, carries3D): ([TransitionElement], [LayoutAttributes], [LayoutAttributes], Bool)
    if let old = old as? GridLayout, let new = new as? GridLayout {
      (pairs, starts, endAttributes, carries3D) = try LayoutTransition._endpoints(old, new, context)
    } else if let old = old as? LayoutSnapshot, let new = new as? LayoutSnapshot {
      (pairs, starts, endAttributes, carries3D) = try LayoutTransition._endpoints(old, new, context)
    } else {
      (pairs, starts, endAttributes, carries3D) = try LayoutTransition._endpoints(old, new, context)
    }
    self.elements = pairs
    self.include3D = carries3D
    self.transforms = transforms
    self.tolerances = tolerances
    self.target = new
    self.decoration = decoration
    self.overallProgressRange = (0, 1)
    self.startAttributes = starts
    self.endAttributes = endAttributes
    self.startOffset = oldOffset
    self.endOffset = newOffset
    self.startContentSize = old.contentSize
    self.endContentSize = new.contentSize
    let (batch, completion) = try LayoutTransition._makeBatch(
      starts: starts, startValues: nil, ends: endAttributes, elements: pairs, springs: springs, velocity: velocity, include3D: carries3D,
      transforms: transforms, tolerances: tolerances, origin: start)
    self.batch = batch
    self._completion = completion
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
  ///   - springs: see ``TransitionSprings``.
  ///   - velocity: see ``TransitionVelocity``.
  ///   - include3D: see the layout initializer.
  ///   - transforms: see ``TransformInterpolation``.
  ///   - tolerances: see ``TransitionTolerances``.
  ///   - start: the tick the transition starts at.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` as
  ///   ``LayoutSnapshot/init(elements:contentSize:itemCounts:)`` and the layout initializer do.
  /// - Complexity: O(n) for n elements given (the sets are scanned).
  public init(
    from startElements: [LayoutAttributes], offset oldOffset: CGPoint, contentSize oldContentSize: CGSize, viewport: Viewport,
    to endElements: [LayoutAttributes], offset newOffset: CGPoint, contentSize newContentSize: CGSize, viewport endViewport: Viewport,
    update: LayoutUpdate = LayoutUpdate(), appearance: AppearanceStyle = .fade, decoration: LayoutDecoration? = nil,
    springs: TransitionSprings = .shared(.smooth), velocity: TransitionVelocity = .none, include3D: Bool = false,
    transforms: TransformInterpolation = .componentwise, tolerances: TransitionTolerances = TransitionTolerances(),
    start: AnimationTime = .zero
  ) throws(HarmonicError) {
    try self.init(
      from: try LayoutSnapshot(elements: startElements, contentSize: oldContentSize), offset: oldOffset,
      to: try LayoutSnapshot(elements: endElements, contentSize: newContentSize), offset: newOffset,
      viewport: viewport, endViewport: endViewport, update: update, appearance: appearance, decoration: decoration, springs: springs,
      velocity: velocity, include3D: include3D, transforms: transforms, tolerances: tolerances, start: start)
  }

  /// What the initializer hands the per-element work, besides the layouts.
  struct _Ends {
    var startRect: CGRect, endRect: CGRect
    var viewportSizes: (CGSize, CGSize)
    var mapping: IndexMapping
    var update: LayoutUpdate
    var appearance: AppearanceStyle
    var decoration: LayoutDecoration?
    var include3D: Bool
  }

  /// The elements to animate, paired and sorted, with their start and end
  /// attributes (decorated, posed) and whether any carries a 3-D transform.
  static func _endpoints<Old: CollectionLayout, New: CollectionLayout>(
    _ old: Old, _ new: New, _ context: _Ends
  ) throws(HarmonicError) -> ([TransitionElement], [LayoutAttributes], [LayoutAttributes], Bool) {
    let (startRect, endRect, mapping, update, appearance, decoration) =
      (context.startRect, context.endRect, context.mapping, context.update, context.appearance, context.decoration)
    let pairing = try LayoutTransition._pairs(old: old, startRect: startRect, new: new, endRect: endRect, mapping: mapping,
                                              viewportSize: context.viewportSizes)
    let pairs = pairing.elements
    guard !pairs.isEmpty else {
      throw .invalidParameter(name: "visible elements", value: 0, accepted: "≥ 1 element visible at the start or at the end")
    }
    let n = pairs.count
    func decorated(_ attributes: LayoutAttributes?, _ rect: CGRect) -> LayoutAttributes? {
      guard var attributes, let decoration else { return attributes }
      decoration.apply(to: &attributes, visibleRect: rect)
      return attributes
    }
    let pose = { (a: LayoutAttributes) in update.isBoundsChange ? a : appearance.pose(a) }
    var carries3D = context.include3D
    var failure: HarmonicError? = nil
    /// Element k's attributes, written once into `start` and `end` and
    /// changed in place (LayoutAttributes is 272 bytes: copies are what
    /// setup costs).
    func fill(_ k: Int, start: UnsafeMutablePointer<LayoutAttributes>, end: UnsafeMutablePointer<LayoutAttributes>,
              startStore: UnsafePointer<LayoutAttributes>?, endStore: UnsafePointer<LayoutAttributes>?) throws(HarmonicError) {
      let pair = pairs[k]
      let hasStart = try LayoutTransition._initialize(start, id: pair.from, ref: pairing.startRef[k], store: startStore, in: old, side: "old")
      let hasEnd = try LayoutTransition._initialize(end, id: pair.to, ref: pairing.endRef[k], store: endStore, in: new, side: "new")
      if let decoration {
        if hasStart { decoration.apply(to: &start.pointee, visibleRect: startRect) }
        if hasEnd { decoration.apply(to: &end.pointee, visibleRect: endRect) }
      }
      switch (hasStart, hasEnd) {
      case (true, true):
        // Frames show the new id throughout.
        start.pointee.indexPath = end.pointee.indexPath
        start.pointee.kind = end.pointee.kind
      case (false, true):
        // Appearing: an inserted item from its styled pose; the new half of
        // a reload (or a view only the new layout has) fades in where the old one was.
        if let from = mapping.reloadedOrigin(of: pair.to!), var was = decorated(old.attributes(of: from), startRect) {
          (was.indexPath, was.kind, was.alpha) = (end.pointee.indexPath, end.pointee.kind, 0)
          start.initialize(to: was)
        } else {
          start.initialize(to: pair.to!.kind == .cell ? pose(end.pointee) : LayoutTransition._faded(end.pointee))
        }
      case (true, false):
        if let to = mapping.reloadedDestination(of: pair.from!), var will = decorated(new.attributes(of: to), endRect) {
          (will.indexPath, will.kind, will.alpha) = (start.pointee.indexPath, start.pointee.kind, 0)
          end.initialize(to: will)
        } else {
          end.initialize(to: pair.from!.kind == .cell ? pose(start.pointee) : LayoutTransition._faded(start.pointee))
        }
      case (false, false):
        // A layout listed the element in a rect but has no attributes for it.
        throw .invalidParameter(name: "\(pair.id)", value: Double(pair.id.indexPath.item),
                                accepted: "attributes(of:) for every element attributes(in:) lists (the layouts disagree)")
      }
      // While the element is in cache (a pass afterwards cost a tenth of setup).
      if !carries3D { carries3D = LayoutTransition._is3D(start) || LayoutTransition._is3D(end) }
    }
    // Both arrays are filled in place; LayoutAttributes is plain bytes, so
    // a failure part-way leaves nothing to destroy (the counts stay 0).
    var ends: [LayoutAttributes] = []
    let starts = [LayoutAttributes](unsafeUninitializedCapacity: n) { startBuffer, startCount in
      ends = [LayoutAttributes](unsafeUninitializedCapacity: n) { endBuffer, endCount in
        pairing.startStore.withUnsafeBufferPointer { startStore in
          pairing.endStore.withUnsafeBufferPointer { endStore in
            do throws(HarmonicError) {
              for k in 0..<n {
                try fill(k, start: startBuffer.baseAddress! + k, end: endBuffer.baseAddress! + k,
                         startStore: startStore.baseAddress, endStore: endStore.baseAddress)
              }
              endCount = n
            } catch {
              failure = error
            }
          }
        }
      }
      startCount = failure == nil ? n : 0
    }
    if let failure { throw failure }
    return (pairs, starts, ends, carries3D)
  }

  /// Whether an element's 3-D transform is not the identity: lane by lane
  /// (SIMD16's `!=` is a generic loop that does not vectorize).
  static func _is3D(_ attributes: UnsafePointer<LayoutAttributes>) -> Bool {
    let m = attributes.pointee.transform3D.m
    // The usual case, bit for bit the identity: the bits' differences ORed
    // (no branch per lane). Otherwise by value (−0 counts as 0, as in `==`).
    var bits: UInt64 = 0
    for lane in 0..<16 { bits |= m[lane].bitPattern ^ (lane % 5 == 0 ? 0x3FF0_0000_0000_0000 : 0) }
    if bits == 0 { return false }
    var differs = false
    for lane in 0..<16 { differs = differs || m[lane] != (lane % 5 == 0 ? 1 : 0) }
    return differs
  }

  static func _faded(_ attributes: LayoutAttributes) -> LayoutAttributes {
    var faded = attributes
    faded.alpha = 0
    return faded
  }

  /// An element's attributes; a cell the mapping says exists but the layout
  /// lacks is an error naming it.
  static func _attributes(of id: ElementID, in layout: some CollectionLayout, side: String) throws(HarmonicError) -> LayoutAttributes? {
    if let attributes = layout.attributes(of: id) { return attributes }
    guard id.kind == .cell else { return nil }
    throw .invalidParameter(name: "\(id)", value: Double(id.indexPath.item),
                            accepted: "an element of the \(side) layout (the update's index mapping pairs it; declare it inserted or deleted)")
  }

  /// Writes one side's attributes of an element into `target`
  /// (uninitialized): the pairing's lookup when it made one (`ref` ≥ 0),
  /// else the layout's; false, writing nothing, when the element has no id
  /// on that side or the layout has no such non-cell element.
  @inline(__always)
  static func _initialize(
    _ target: UnsafeMutablePointer<LayoutAttributes>, id: ElementID?, ref: Int32, store: UnsafePointer<LayoutAttributes>?,
    in layout: some CollectionLayout, side: String
  ) throws(HarmonicError) -> Bool {
    guard let id else { return false }
    if ref >= 0, let store {
      target.initialize(from: store + Int(ref), count: 1)
    } else if let found = try _attributes(of: id, in: layout, side: side) {
      target.initialize(to: found)
    } else {
      return false
    }
    return true
  }

  /// The elements to animate, paired and sorted, with the attributes the
  /// pairing looked up on the way (the other end's frames bound the
  /// corridors) so that the initializer does not look them up again.
  struct _Pairing {
    var elements: [TransitionElement] = []
    /// Per element, an index into `startStore` / `endStore`, or −1: not looked up.
    var startRef: [Int32] = []
    var endRef: [Int32] = []
    /// `attributes(of:)` of the old layout (undecorated) for elements' `from`.
    var startStore: [LayoutAttributes] = []
    /// `attributes(of:)` of the new layout (undecorated) for elements' `to`.
    var endStore: [LayoutAttributes] = []
  }

  /// The elements to animate, paired and sorted: visible at either end, or
  /// crossing the screen. O(k log k) for k candidates; each element's
  /// attributes are looked up at most once per side here.
  static func _pairs(
    old: some CollectionLayout, startRect: CGRect, new: some CollectionLayout, endRect: CGRect, mapping: IndexMapping,
    viewportSize: (CGSize, CGSize)
  ) throws(HarmonicError) -> _Pairing {
    let oldVisible = old.elementIDs(in: startRect), newVisible = new.elementIDs(in: endRect)
    var found = _Pairing()
    var oldCorridor = startRect, newCorridor = endRect
    let expected = oldVisible.count + newVisible.count
    found.elements.reserveCapacity(expected)
    found.startRef.reserveCapacity(expected)
    found.endRef.reserveCapacity(expected)
    found.startStore.reserveCapacity(newVisible.count)
    found.endStore.reserveCapacity(oldVisible.count)
    func append(_ element: TransitionElement, start: Int32, end: Int32) {
      found.elements.append(element)
      found.startRef.append(start)
      found.endRef.append(end)
    }
    // Attributes go straight from the lookup into the store (no copies of
    // 288-byte values); the corridors read the stored frame.
    func lookUp(new id: ElementID?) -> Int32 {
      guard let id, let attributes = new.attributes(of: id) else { return -1 }
      found.endStore.append(attributes)
      newCorridor = newCorridor.union(found.endStore[found.endStore.count - 1].frame)
      return Int32(found.endStore.count - 1)
    }
    func lookUp(old id: ElementID) -> Int32 {
      guard let attributes = old.attributes(of: id) else { return -1 }
      found.startStore.append(attributes)
      oldCorridor = oldCorridor.union(found.startStore[found.startStore.count - 1].frame)
      return Int32(found.startStore.count - 1)
    }
    /// Adds the pair (id, to); `start`/`end` are refs already looked up.
    func add(old id: ElementID, to: ElementID?, start: Int32, end: Int32) {
      guard let to else { return append(TransitionElement(_from: id, _to: nil), start: start, end: -1) }
      if id.kind == .cell, mapping.isReloaded(id.indexPath) {
        append(TransitionElement(_from: id, _to: nil), start: start, end: -1)
        append(TransitionElement(_from: nil, _to: to), start: -1, end: end)
      } else {
        append(TransitionElement(_from: id, _to: to), start: start, end: end)
      }
    }
    // Corridors: where the other end's visible elements are in each layout.
    for id in oldVisible {
      let to = mapping.newElement(forOld: id)
      add(old: id, to: to, start: -1, end: lookUp(new: to))
    }
    for id in newVisible {
      guard let from = mapping.oldElement(forNew: id) else {
        append(TransitionElement(_from: nil, _to: id), start: -1, end: -1)
        continue
      }
      add(old: from, to: id, start: lookUp(old: from), end: -1)
    }
    let screen = CGRect(x: 0, y: 0, width: max(viewportSize.0.width, viewportSize.1.width), height: max(viewportSize.0.height, viewportSize.1.height))
    func crosses(_ start: CGRect, _ end: CGRect) -> Bool {
      let relative = start.offsetBy(dx: -startRect.minX, dy: -startRect.minY).union(end.offsetBy(dx: -endRect.minX, dy: -endRect.minY))
      return relative._overlaps(screen)
    }
    if oldCorridor != startRect {
      for element in old.attributes(in: oldCorridor) where !element.frame._overlaps(startRect) {
        let id = element.elementID
        guard let to = mapping.newElement(forOld: id), let there = new.attributes(of: to), crosses(element.frame, there.frame) else { continue }
        found.endStore.append(there)
        add(old: id, to: to, start: -1, end: Int32(found.endStore.count - 1))
      }
    }
    if newCorridor != endRect {
      for element in new.attributes(in: newCorridor) where !element.frame._overlaps(endRect) {
        let id = element.elementID
        guard let from = mapping.oldElement(forNew: id), let there = old.attributes(of: from), crosses(there.frame, element.frame) else { continue }
        found.startStore.append(there)
        add(old: from, to: id, start: Int32(found.startStore.count - 1), end: -1)
      }
    }
    return _sortedUnique(found)
  }

  /// `pairing`'s elements sorted as ``TransitionElement`` orders them,
  /// duplicates merged (their refs combined): through integer keys, so
  /// cells never compare kind names.
  static func _sortedUnique(_ pairing: _Pairing) -> _Pairing {
    let elements = pairing.elements
    var names: [String] = []
    for k in elements.indices {
      if let name = elements[k].from?.kind.name { names.append(name) }
      if let name = elements[k].to?.kind.name { names.append(name) }
    }
    let ordinal = Dictionary(Set(names).sorted().enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    func rank(_ id: ElementID) -> Int {
      switch id.kind.category {
      case .cell: return 0
      case .supplementary: return 1 + 2 * ordinal[id.kind.name!]!
      case .decoration: return 1 + 2 * names.count + ordinal[id.kind.name!]!
      }
    }
    typealias Key = _PairKey
    // Fields read in place through a pointer (an array's subscript copies
    // the element, ids and kind names included).
    var keys: [Key] = []
    keys.reserveCapacity(elements.count)
    elements.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for k in buffer.indices {
        let element = base + k
        let toPath = element.pointee.to?.indexPath, fromPath = element.pointee.from?.indexPath
        let idPath = toPath ?? fromPath!
        let idRank = names.isEmpty ? 0 : rank(element.pointee.id)
        var from = (0, 0, 0)
        if let path = fromPath { from = (names.isEmpty ? 1 : rank(element.pointee.from!) + 1, path.section, path.item) }
        // Staying or appearing (to ≠ nil) before disappearing, then by the old id.
        keys.append((idRank, idPath.section, idPath.item, (toPath != nil ? 0 : 1 << 40) | from.0, from.1, from.2))
      }
    }
    let order = _sortedOrder(keys)
    var result = _Pairing()
    result.elements.reserveCapacity(elements.count)
    result.startRef.reserveCapacity(elements.count)
    result.endRef.reserveCapacity(elements.count)
    var last: Key? = nil
    for k in order {
      if let last, last == keys[k] {
        // The same pair found from both ends: keep what either looked up.
        let j = result.elements.count - 1
        if result.startRef[j] < 0 { result.startRef[j] = pairing.startRef[k] }
        if result.endRef[j] < 0 { result.endRef[j] = pairing.endRef[k] }
        continue
      }
      result.elements.append(elements[k])
      result.startRef.append(pairing.startRef[k])
      result.endRef.append(pairing.endRef[k])
      last = keys[k]
    }
    result.startStore = pairing.startStore
    result.endStore = pairing.endStore
    return result
  }

  /// A pair's sort key: id rank, section, item; appearing/disappearing flag
  /// with the old id's rank, its section, its item.
  typealias _PairKey = (Int, Int, Int, Int, Int, Int)

  /// The indices of `keys` in stable sorted order. The pairing lists the
  /// elements found from the start's visible ones, then those found from
  /// the end's: usually two ascending runs (each layout lists its ids in
  /// order and the mapping keeps order), which are merged in one pass; any
  /// other input is sorted.
  static func _sortedOrder(_ keys: [_PairKey]) -> [Int] {
    keys.withUnsafeBufferPointer { keys in
      let n = keys.count
      guard n > 1 else { return Array(0..<n) }
      var split = 1
      while split < n, !(keys[split] < keys[split - 1]) { split += 1 }
      var rest = split + 1
      while rest < n, !(keys[rest] < keys[rest - 1]) { rest += 1 }
      guard split >= n || rest >= n else { return keys.indices.sorted { keys[$0] < keys[$1] } }
      var order: [Int] = []
      order.reserveCapacity(n)
      var (i, j) = (0, split)
      // Ties take the first run first, as a stable sort does.
      while i < split, j < n {
        if keys[j] < keys[i] { order.append(j); j += 1 } else { order.append(i); i += 1 }
      }
      order.append(contentsOf: i..<split)
      order.append(contentsOf: j..<n)
      return order
    }
  }

  /// The batch of one segment: from `startValues` (or the start attributes'
  /// channels) to the end attributes.
  static func _makeBatch(
    starts: [LayoutAttributes], startValues explicitStart: [Double]?, ends: [LayoutAttributes], elements: [TransitionElement],
    springs: TransitionSprings, velocity: TransitionVelocity, include3D: Bool, transforms: TransformInterpolation,
    tolerances: TransitionTolerances, origin: AnimationTime, progressVelocity explicitProgressVelocity: Double? = nil
  ) throws(HarmonicError) -> (SpringBatch, _Deferred<AnimationTime>) {
    let n = elements.count
    let channels = include3D ? LayoutChannels.count3D : LayoutChannels.count2D
    let m = n * channels
    guard n >= 1, m <= SpringBatch.maximumElementCount else {
      throw .invalidParameter(name: "elements × channels", value: Double(m), accepted: "1 … 2³¹ − 1")
    }
    // The batch's columns [start | target | velocity | restoring], written
    // in place and handed over: no per-column arrays to copy.
    var columns = [Double](repeating: 0, count: 4 * m)
    if let explicitStart {
      guard explicitStart.count == m else {
        throw .invalidParameter(name: "start.count", value: Double(explicitStart.count), accepted: "items × channels = \(m)")
      }
      columns.replaceSubrange(0..<m, with: explicitStart)
    }
    columns.withUnsafeMutableBufferPointer { columns in
      if explicitStart == nil {
        LayoutChannels._write(starts, include3D: include3D, transforms: transforms, into: UnsafeMutableBufferPointer(rebasing: columns[0..<m]))
      }
      LayoutChannels._write(ends, include3D: include3D, transforms: transforms, into: UnsafeMutableBufferPointer(rebasing: columns[m..<(2 * m)]))
    }
    if transforms == .decomposed {
      var (startValues, endValues) = (Array(columns[0..<m]), Array(columns[m..<(2 * m)]))
      LayoutChannels._alignRotations(start: &startValues, end: &endValues, count: n, include3D: include3D)
      columns.replaceSubrange(0..<(2 * m), with: startValues + endValues)
    }
    var progressVelocity = 0.0
    switch velocity {
    case .none, .centers: break
    case let .perElement(values):
      guard values.count == m else {
        throw .invalidParameter(name: "velocity.count", value: Double(values.count), accepted: "items × channels = \(m)")
      }
      columns.replaceSubrange((2 * m)..<(3 * m), with: values)
    case let .progress(rate):
      try _Check.finiteMagnitude(rate, "progress velocity", unit: "1/s")
      for e in 0..<m { columns[2 * m + e] = rate * (columns[m + e] - columns[e]) }
      progressVelocity = rate
    case let .gesture(v):
      guard v.x.isFinite, v.y.isFinite else {
        throw .invalidParameter(name: "gesture velocity", value: Double(v.x.isFinite ? v.y : v.x), accepted: "finite (points/s)")
      }
      for item in 0..<n {
        columns[2 * m + LayoutChannels.centerX * n + item] = Double(v.x)
        columns[2 * m + LayoutChannels.centerY * n + item] = Double(v.y)
      }
    }
    if case let .centers(byID) = velocity {
      var position: [ElementID: Int] = [:]
      for k in elements.indices where position[elements[k].id] == nil { position[elements[k].id] = k }
      for (id, v) in byID.sorted(by: { $0.key < $1.key }) {
        guard let item = position[id] else {
          throw .invalidParameter(name: "velocity of \(id)", value: Double(id.indexPath.item), accepted: "an element of the transition")
        }
        for (channel, value) in [(LayoutChannels.centerX, Double(v.x)), (LayoutChannels.centerY, Double(v.y))] {
          try _Check.finiteMagnitude(value, "velocity of \(id)", unit: "points/s")
          columns[2 * m + channel * n + item] = value
        }
      }
    }
    let assignment: SpringAssignment
    switch springs {
    case let .shared(spring):
      assignment = .shared(spring)
    case let .perItem(make):
      assignment = LayoutTransition._groups(elements.map { make($0.id.indexPath) })
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
    try columns.withUnsafeBufferPointer { (columns) throws(HarmonicError) in
      for (k, (name, unit)) in [("start", "units"), ("target", "units"), ("velocity", "units/s")].enumerated() {
        try SpringBatch._checkValues(UnsafeBufferPointer(rebasing: columns[(k * m)..<((k + 1) * m)]), name, itemCount: n, unit: unit)
      }
    }
    let batch = try SpringBatch(_checkedColumns: consume columns, itemCount: n, channelCount: channels, springs: assignment, origin: origin,
                                progressVelocity: explicitProgressVelocity ?? progressVelocity)
    return (batch, try _completion(batch, tolerances: tolerances, include3D: include3D))
  }

  /// A segment from explicit start values and velocities (scrub hand-offs,
  /// interruptions).
  init(
    segment elements: [TransitionElement], of previous: LayoutTransition, identities: [LayoutAttributes], startValues: [Double],
    velocities: [Double], ends: [LayoutAttributes], startOffset: CGPoint, endOffset: CGPoint, startContentSize: CGSize,
    endContentSize: CGSize, offsetVelocity: CGPoint, progressVelocity: Double? = nil, springs: TransitionSprings,
    target: any CollectionLayout, overallProgressRange: (start: Double, end: Double), origin: AnimationTime
  ) throws(HarmonicError) {
    // The content offset follows p̄ from here; unless told, give p̄ the rate
    // that keeps the offset's velocity along its path (its projection on
    // the remaining travel).
    let dx = Double(endOffset.x) - Double(startOffset.x), dy = Double(endOffset.y) - Double(startOffset.y)
    let travel = dx * dx + dy * dy
    let rate = progressVelocity ?? (travel > 0 ? (Double(offsetVelocity.x) * dx + Double(offsetVelocity.y) * dy) / travel : 0)
    self.elements = elements
    self.include3D = previous.include3D
    self.transforms = previous.transforms
    self.tolerances = previous.tolerances
    self.decoration = previous.decoration
    self.target = target
    self.overallProgressRange = overallProgressRange
    var starts = identities
    try LayoutChannels.apply(startValues, to: &starts, transforms: transforms)
    self.startAttributes = starts
    self.endAttributes = ends
    self.startOffset = startOffset
    self.endOffset = endOffset
    self.startContentSize = startContentSize
    self.endContentSize = endContentSize
    let (batch, completion) = try LayoutTransition._makeBatch(
      starts: starts, startValues: startValues, ends: ends, elements: elements, springs: springs,
      velocity: .perElement(velocities), include3D: include3D, transforms: transforms, tolerances: tolerances, origin: origin,
      progressVelocity: rate.isFinite && rate.magnitude <= 1e100 ? rate : 0)
    self.batch = batch
    self._completion = completion
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

  /// The segment's completion, computed when first read: the checks happen
  /// now, so reading it never fails.
  static func _completion(
    _ batch: SpringBatch, tolerances: TransitionTolerances, include3D: Bool
  ) throws(HarmonicError) -> _Deferred<AnimationTime> {
    for (name, value) in [("tolerances.points", tolerances.points), ("tolerances.alpha", tolerances.alpha), ("tolerances.scale", tolerances.scale)]
    where !(value > 0 && value.isFinite) {
      throw .invalidParameter(name: name, value: value, accepted: "finite and > 0")
    }
    let perChannel = tolerances.perChannel(include3D: include3D)
    return _Deferred {
      let settled = batch._settleTick(checkedTolerances: perChannel, threads: nil) ?? AnimationTime(ticks: .max)
      return max(settled, batch.progressCompletion)
    }
  }

}
