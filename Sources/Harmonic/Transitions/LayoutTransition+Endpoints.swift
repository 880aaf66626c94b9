// A transition's start and end attributes, kept without two arrays of
// 272-byte values: a transition built from layouts with per-entry
// transforms keeps, per element, only what its batch's columns and its id do
// not hold (zIndex and hidden at each end), and rebuilds the attributes from
// them, bit for bit, when asked.

extension LayoutTransition {
  /// What an element's attributes hold besides its channels and its id.
  struct _Meta: Sendable {
    var startZ: Int
    var endZ: Int
    var startHidden: Bool
    var endHidden: Bool
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
    case compact(meta: [_Meta], startExceptions: [Int: LayoutAttributes], endExceptions: [Int: LayoutAttributes],
                 arrays: _Deferred<([LayoutAttributes], [LayoutAttributes])>)

    /// The compact form of `starts` and `ends` for a batch whose columns
    /// hold their channels per entry (``TransformInterpolation/componentwise``).
    static func compact(
      starts: [LayoutAttributes], ends: [LayoutAttributes], elements: [TransitionElement], batch: SpringBatch, include3D: Bool
    ) -> _Endpoints {
      var meta: [_Meta] = []
      meta.reserveCapacity(starts.count)
      var startExceptions: [Int: LayoutAttributes] = [:], endExceptions: [Int: LayoutAttributes] = [:]
      starts.withUnsafeBufferPointer { starts in
        ends.withUnsafeBufferPointer { ends in
          elements.withUnsafeBufferPointer { elements in
            for k in 0..<starts.count {
              let (start, end) = (starts.baseAddress! + k, ends.baseAddress! + k)
              meta.append(_Meta(startZ: start.pointee.zIndex, endZ: end.pointee.zIndex, startHidden: start.pointee.isHidden,
                                endHidden: end.pointee.isHidden))
              let id = elements[k].id
              if !_rebuilds(start, id: id, include3D: include3D) { startExceptions[k] = start.pointee }
              if !_rebuilds(end, id: id, include3D: include3D) { endExceptions[k] = end.pointee }
            }
          }
        }
      }
      // Rebuilding needs the batch and the elements: captured once for the
      // arrays, made on first request.
      let (kept, keptStarts, keptEnds) = (meta, startExceptions, endExceptions)
      let arrays = _Deferred<([LayoutAttributes], [LayoutAttributes])> {
        let n = elements.count
        var (starts, ends) = ([LayoutAttributes](), [LayoutAttributes]())
        starts.reserveCapacity(n)
        ends.reserveCapacity(n)
        for k in 0..<n {
          let id = elements[k].id
          starts.append(_element(k, id: id, meta: kept[k], end: false, exceptions: keptStarts, batch: batch, include3D: include3D))
          ends.append(_element(k, id: id, meta: kept[k], end: true, exceptions: keptEnds, batch: batch, include3D: include3D))
        }
        return (starts, ends)
      }
      return .compact(meta: meta, startExceptions: startExceptions, endExceptions: endExceptions, arrays: arrays)
    }

    /// Whether `attributes` equal, bit for bit, what ``_rebuild`` makes of
    /// their channels (which the columns hold exactly), `id` and meta.
    static func _rebuilds(_ attributes: UnsafePointer<LayoutAttributes>, id: ElementID, include3D: Bool) -> Bool {
      guard attributes.pointee.indexPath == id.indexPath, attributes.pointee.kind == id.kind else { return false }
      return include3D || attributes.pointee.transform3D._isBitwiseIdentity
    }

    /// Element k's start (or end) attributes: kept whole, or rebuilt.
    static func _element(
      _ k: Int, id: ElementID, meta: _Meta, end: Bool, exceptions: [Int: LayoutAttributes], batch: SpringBatch, include3D: Bool
    ) -> LayoutAttributes {
      if !exceptions.isEmpty, let kept = exceptions[k] { return kept }
      return _rebuild(k, id: id, meta: meta, end: end, batch: batch, include3D: include3D)
    }

    /// Element k's start (or end) attributes from the batch's start (or
    /// target) column.
    static func _rebuild(
      _ k: Int, id: ElementID, meta: _Meta, end: Bool, batch: SpringBatch, include3D: Bool
    ) -> LayoutAttributes {
      batch._columns.withUnsafeBufferPointer { columns in
        let n = batch.itemCount
        let column = columns.baseAddress! + (end ? batch.elementCount : 0) + k
        func value(_ channel: Int) -> Double { column[channel * n] }
        var attributes = LayoutAttributes(
          indexPath: id.indexPath, kind: id.kind, frame: .zero,
          transform: AffineTransform2D(a: value(LayoutChannels.a), b: value(LayoutChannels.b), c: value(LayoutChannels.c),
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
    case let .compact(_, _, _, arrays): return arrays.resolved.0
    }
  }

  /// End attributes of the current segment, in ``elements`` order (see
  /// ``startAttributes`` for the cost).
  public var endAttributes: [LayoutAttributes] {
    switch _endpoints {
    case let .full(_, ends): return ends
    case let .compact(_, _, _, arrays): return arrays.resolved.1
    }
  }

  /// Element k's start attributes, without building the arrays.
  func _startAttributes(_ k: Int) -> LayoutAttributes { _attributes(k, end: false) }

  /// Element k's end attributes, without building the arrays.
  func _endAttributes(_ k: Int) -> LayoutAttributes { _attributes(k, end: true) }

  func _attributes(_ k: Int, end: Bool) -> LayoutAttributes {
    switch _endpoints {
    case let .full(starts, ends): return end ? ends[k] : starts[k]
    case let .compact(meta, startExceptions, endExceptions, _):
      return _Endpoints._element(k, id: elements[k].id, meta: meta[k], end: end, exceptions: end ? endExceptions : startExceptions,
                                 batch: batch, include3D: include3D)
    }
  }

  /// Element k's zIndex and hidden flag in flight: the end's zIndex, hidden
  /// only when hidden at both ends.
  func _inFlightMeta(_ k: Int) -> (zIndex: Int, isHidden: Bool) {
    switch _endpoints {
    case let .full(starts, ends): return (ends[k].zIndex, starts[k].isHidden && ends[k].isHidden)
    case let .compact(meta, _, _, _): return (meta[k].endZ, meta[k].startHidden && meta[k].endHidden)
    }
  }
}
