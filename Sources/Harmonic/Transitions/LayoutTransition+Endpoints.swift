// A transition's start and end attributes, kept without two arrays of
// whole `LayoutAttributes` values: a transition built from layouts with per-entry
// transforms keeps, per element, only what its batch's columns and its id do
// not hold (zIndex and hidden at each end), and rebuilds the attributes from
// them, bit for bit, when asked.

extension LayoutTransition {
  /// What an element's attributes hold besides its channels and its id.
  struct _Meta: Sendable, Equatable {
    var startZ: Int
    var endZ: Int
    var startHidden: Bool
    var endHidden: Bool

    /// zIndex 0 and shown at both ends: what most elements have.
    static let plain = _Meta(startZ: 0, endZ: 0, startHidden: false, endHidden: false)
  }

  /// A test hook: the bytes the compact endpoints keep per element beyond
  /// the batch's columns (nil when the endpoints are stored as given).
  package var _keptMetaBytes: Int? {
    guard case let .compact(kept, _) = _endpoints else { return nil }
    return kept.metaBytes
  }

  /// Start and end attributes: stored as given, or compact.
  enum _Endpoints: Sendable {
    /// Both arrays, as given (segments, decomposed transforms).
    case full(starts: [LayoutAttributes], ends: [LayoutAttributes])
    /// Per element its ``_Meta``; attributes rebuilt from the batch's start
    /// and target columns and the element's id. The few elements whose
    /// attributes do not rebuild exactly (a decoration or pose that changed
    /// the id, a 3-D transform that is the identity only by value while no
    /// 3-D channels exist) are kept whole, by index.
    case compact(_Kept, arrays: _Deferred<([LayoutAttributes], [LayoutAttributes])>)

    /// The compact form of a setup's columns (``_fillColumns(_:include3D:_:)``)
    /// once `batch` holds them.
    static func compact(_ kept: _Kept, elements: [LayoutTransition.Element], batch: SpringBatch) -> _Endpoints {
      // Rebuilding needs the batch and the elements: captured once for the
      // arrays, made on first request.
      let arrays = _Deferred<([LayoutAttributes], [LayoutAttributes])> {
        let n = elements.count
        var (starts, ends) = ([LayoutAttributes](), [LayoutAttributes]())
        starts.reserveCapacity(n)
        ends.reserveCapacity(n)
        for k in 0..<n {
          let id = elements[k].id
          starts.append(kept.element(k, id: id, end: false, batch: batch))
          ends.append(kept.element(k, id: id, end: true, batch: batch))
        }
        return (starts, ends)
      }
      return .compact(kept, arrays: arrays)
    }

    /// Whether `attributes` equal, bit for bit, what ``_rebuild`` makes of
    /// their channels (which the columns hold exactly), `id` and meta, given
    /// whether their 3-D transform comes back bit for bit (the columns hold
    /// its entries, or it is the identity bit for bit).
    @inline(__always)
    static func _rebuilds(_ attributes: UnsafePointer<LayoutAttributes>, id: ElementID, transform3DRebuilds: Bool) -> Bool {
      transform3DRebuilds && attributes.pointee.indexPath == id.indexPath && attributes.pointee.kind == id.kind
    }

    /// Element k's start (or end) attributes from columns laid out as a
    /// batch's (`[start | target | …]`, `itemCount` items per channel).
    static func _rebuild(
      _ k: Int, id: ElementID, meta: _Meta, end: Bool, columns: UnsafePointer<Double>, itemCount n: Int, include3D: Bool
    ) -> LayoutAttributes {
      let column = columns + (end ? n * (include3D ? LayoutChannels.count3D : LayoutChannels.count2D) : 0) + k
      func value(_ channel: Int) -> Double { column[channel * n] }
      var attributes = LayoutAttributes(
        indexPath: id.indexPath, kind: id.kind, frame: .zero,
        transform: AffineTransform2D(
          a: value(LayoutChannels.a), b: value(LayoutChannels.b), c: value(LayoutChannels.c),
          d: value(LayoutChannels.d), tx: value(LayoutChannels.tx), ty: value(LayoutChannels.ty)),
        alpha: value(LayoutChannels.alpha), zIndex: end ? meta.endZ : meta.startZ, isHidden: end ? meta.endHidden : meta.startHidden)
      attributes.center = CGPoint(x: value(LayoutChannels.centerX), y: value(LayoutChannels.centerY))
      attributes.size = CGSize(width: value(LayoutChannels.width), height: value(LayoutChannels.height))
      if include3D {
        for entry in 0..<16 { attributes.transform3D.m[entry] = value(LayoutChannels.transform3DStart + entry) }
      }
      return attributes
    }
  }

  /// What a compact transition keeps per element besides the batch's
  /// columns: its ``_Meta``, and the attributes that do not rebuild exactly,
  /// kept whole by index.
  struct _Kept: Sendable {
    /// Per element its ``_Meta``; empty while every element's is
    /// ``_Meta/plain`` (24 B per element not written, nor paged in).
    private var _meta: [_Meta] = []
    /// How many elements ``append(_:)`` has been given.
    private(set) var count = 0
    /// How many it will be given.
    let capacity: Int
    var startExceptions: [Int: LayoutAttributes] = [:]
    var endExceptions: [Int: LayoutAttributes] = [:]
    /// Whether the columns hold the 16 channels of the 3-D transform.
    var include3D: Bool

    init(include3D: Bool, capacity: Int) { (self.include3D, self.capacity) = (include3D, capacity) }

    /// Element k's zIndex and hidden flags.
    func meta(_ k: Int) -> _Meta { _meta.isEmpty ? .plain : _meta[k] }

    /// Element k's zIndex and hidden flag in flight (``LayoutTransition/_inFlightMeta(_:)``).
    func inFlightMeta(_ k: Int) -> (zIndex: Int, isHidden: Bool) {
      let meta = meta(k)
      return (meta.endZ, meta.startHidden && meta.endHidden)
    }

    /// Bytes of per-element ``_Meta`` held (0 while all are plain).
    var metaBytes: Int { _meta.capacity * MemoryLayout<_Meta>.stride }

    /// Adds the next element's ``_Meta``.
    mutating func append(_ meta: _Meta) {
      defer { count += 1 }
      if _meta.isEmpty {
        if meta == .plain { return }  // all plain so far: nothing recorded
        _meta.reserveCapacity(Swift.max(capacity, count + 1))
        _meta.append(contentsOf: repeatElement(.plain, count: count))
      }
      _meta.append(meta)
    }

    /// Element k's start (or end) attributes: kept whole, or rebuilt from
    /// `columns` (laid out as a batch's, `itemCount` items per channel).
    func element(_ k: Int, id: ElementID, end: Bool, columns: UnsafePointer<Double>, itemCount: Int) -> LayoutAttributes {
      let exceptions = end ? endExceptions : startExceptions
      if !exceptions.isEmpty, let kept = exceptions[k] { return kept }
      return _Endpoints._rebuild(k, id: id, meta: meta(k), end: end, columns: columns, itemCount: itemCount, include3D: include3D)
    }

    /// Element k's start (or end) attributes, from the batch that holds the columns.
    func element(_ k: Int, id: ElementID, end: Bool, batch: SpringBatch) -> LayoutAttributes {
      batch._columns.withUnsafeBufferPointer { element(k, id: id, end: end, columns: $0.baseAddress!, itemCount: batch.itemCount) }
    }
  }

  /// The columns of a batch, `[start | target | velocity | restoring]` with
  /// velocity and restoring 0, and what ``_Kept`` keeps, for `elements`:
  /// element k's start and end attributes written by `source` into
  /// scratch and taken from there, so no attribute arrays are
  /// made. Nil when an element carries a 3-D transform and `include3D` is
  /// false (fill again with it).
  static func _fillColumns(
    _ elements: [LayoutTransition.Element], include3D: Bool, _ source: inout some _ElementSource
  ) throws(HarmonicError) -> (columns: [Double], kept: _Kept)? {
    let n = elements.count
    let m = try _elementCount(n, include3D: include3D)
    var kept = _Kept(include3D: include3D, capacity: n)
    var failure: HarmonicError? = nil
    var needs3D = false
    let columns = [Double](_unsafeFilling: 4 * m) { columns, count in
      let (starts, targets) = (columns.baseAddress!, columns.baseAddress! + m)
      withUnsafeTemporaryAllocation(of: LayoutAttributes.self, capacity: 2) { scratch in
        let (start, end) = (scratch.baseAddress!, scratch.baseAddress! + 1)
        elements.withUnsafeBufferPointer { elements in
          do throws(HarmonicError) {
            for k in 0..<n {
              if source.writeInFlightCell(k, starts: starts, targets: targets, count: n, include3D: include3D, kept: &kept) { continue }
              if let frames = source.plainCellFrames(k) {
                // Two grid cells, undecorated: their attributes are their
                // frames with every other field at its default, so the
                // channels come straight from the frames.
                LayoutChannels._writePlain(
                  center: frames.start.center, size: frames.start.size, item: k, count: n, include3D: include3D,
                  into: starts)
                LayoutChannels._writePlain(
                  center: frames.end.center, size: frames.end.size, item: k, count: n, include3D: include3D,
                  into: targets)
                kept.append(.plain)
                continue
              }
              // LayoutAttributes is plain bytes: the scratch needs no deinitializing.
              try source.write(k, start, end)
              // Each transform read once: bit for bit the identity (the usual
              // case), else a 3-D transform unless equal to it by value.
              let plain = (start.pointee.transform3D._isBitwiseIdentity, end.pointee.transform3D._isBitwiseIdentity)
              if !include3D, !(plain.0 && plain.1),
                (!plain.0 && _is3D(notBitwiseIdentity: start)) || (!plain.1 && _is3D(notBitwiseIdentity: end))
              {
                needs3D = true
                return
              }
              LayoutChannels._write(start, item: k, count: n, include3D: include3D, transforms: .componentwise, into: starts)
              LayoutChannels._write(end, item: k, count: n, include3D: include3D, transforms: .componentwise, into: targets)
              kept.append(
                _Meta(
                  startZ: start.pointee.zIndex, endZ: end.pointee.zIndex, startHidden: start.pointee.isHidden,
                  endHidden: end.pointee.isHidden))
              let id = elements[k].id
              if !_Endpoints._rebuilds(start, id: id, transform3DRebuilds: include3D || plain.0) { kept.startExceptions[k] = start.pointee }
              if !_Endpoints._rebuilds(end, id: id, transform3DRebuilds: include3D || plain.1) { kept.endExceptions[k] = end.pointee }
            }
          } catch {
            failure = error
          }
        }
      }
      // Doubles are plain bytes: an unfinished fill leaves nothing to destroy.
      guard failure == nil, !needs3D else { return }
      (columns.baseAddress! + 2 * m).initialize(repeating: 0, count: 2 * m)
      count = 4 * m
    }
    if let failure { throw failure }
    return needs3D ? nil : (columns, kept)
  }

  /// N·C for `n` items of 11 (or 27) channels, within a batch's limit.
  static func _elementCount(_ n: Int, include3D: Bool) throws(HarmonicError) -> Int {
    let (m, overflow) = n.multipliedReportingOverflow(by: include3D ? LayoutChannels.count3D : LayoutChannels.count2D)
    guard n >= 1, !overflow, m <= SpringBatch.maximumElementCount else {
      throw .invalidParameter(name: "elements × channels", value: Double(n) * Double(include3D ? 27 : 11), accepted: "1 … 2³¹ − 1")
    }
    return m
  }

  /// Start attributes of the current segment, in ``elements`` order.
  ///
  /// - Complexity: O(1) for a segment of a scrub or a retarget, or with
  ///   decomposed transforms; otherwise the first read of either array
  ///   rebuilds both, O(n·C), and later reads are O(1) (copies of the
  ///   transition share them).
  public var startAttributes: [LayoutAttributes] {
    switch _endpoints {
    case let .full(starts, _): return starts
    case let .compact(_, arrays): return arrays.resolved.0
    }
  }

  /// End attributes of the current segment, in ``elements`` order (see
  /// ``startAttributes`` for the cost).
  public var endAttributes: [LayoutAttributes] {
    switch _endpoints {
    case let .full(_, ends): return ends
    case let .compact(_, arrays): return arrays.resolved.1
    }
  }

  /// Element k's start attributes, without building the arrays.
  func _startAttributes(_ k: Int) -> LayoutAttributes { _attributes(k, end: false) }

  /// Element k's end attributes, without building the arrays.
  func _endAttributes(_ k: Int) -> LayoutAttributes { _attributes(k, end: true) }

  func _attributes(_ k: Int, end: Bool) -> LayoutAttributes {
    switch _endpoints {
    case let .full(starts, ends): return end ? ends[k] : starts[k]
    case let .compact(kept, _): return kept.element(k, id: elements[k].id, end: end, batch: batch)
    }
  }

  /// Element k's zIndex and hidden flag in flight: the end's zIndex, hidden
  /// only when hidden at both ends.
  func _inFlightMeta(_ k: Int) -> (zIndex: Int, isHidden: Bool) {
    switch _endpoints {
    case let .full(starts, ends): return (ends[k].zIndex, starts[k].isHidden && ends[k].isHidden)
    case let .compact(kept, _): return kept.inFlightMeta(k)
    }
  }
}
