extension LayoutTransition {
  /// One frame of a ``LayoutTransition``; make it once with
  /// ``LayoutTransition/makeFrame(velocities:attributes:)`` and reuse it (no
  /// allocation per frame).
  ///
  /// A frame holds the springs' channel columns, ``values`` (and
  /// ``velocities``), and — unless made with `attributes: false`, for
  /// consumers that read values straight into their own storage (a Metal
  /// buffer, a render tree) — the elements' ``LayoutAttributes`` built from
  /// them. Element k's channel c is `values[c·n + k]` (``LayoutChannels``
  /// order, n = `elements.count`, in ``LayoutTransition/elements`` order);
  /// with decomposed transforms the transform channels hold the decomposition.
  public struct Frame: Sendable {
    /// The animated elements' attributes, in ``LayoutTransition/elements``
    /// order (empty in a frame made with `attributes: false`).
    public internal(set) var attributes: [LayoutAttributes]
    /// Channel-major values, n·11 or n·27.
    public var values: [Double] { _values.values }
    /// Channel-major rates per second: 0 from the end on and in a scrubbed
    /// pose; empty unless made with velocities.
    public var velocities: [Double] { _values.velocities }
    public internal(set) var contentOffset: CGPoint
    public internal(set) var contentSize: CGSize
    /// The segment's average progress p̄ (0 → 1; may overshoot with bouncy springs).
    public internal(set) var progress: Double
    /// Progress across segments: `start + (end − start)·p̄` over the
    /// segment's share of the gesture's path. It keeps counting
    /// through ``LayoutTransition/finish(fromProgress:velocity:at:rubberBand:springs:)``,
    /// ``LayoutTransition/cancel(fromProgress:velocity:at:rubberBand:springs:)``
    /// and ``LayoutTransition/init(continuing:at:to:offset:viewport:endViewport:update:appearance:decoration:springs:tolerances:)``.
    ///
    /// Re-grabbing a released pinch: a scrub released at progress q with
    /// progress velocity ṗ (per second) moves every element along
    /// `start + (end − start)·(q + (g − q)·p̄(t))`, g = 1 (finish) or 0
    /// (cancel), p̄ = P(t) + ṗ/(g − q)·Ŝ(t) — so with one shared spring, the
    /// frame at t *is* the original transition's
    /// ``LayoutTransition/scrub(progress:rubberBand:into:)`` pose at
    /// `overallProgress` (to rounding). A gesture that grabs again at t
    /// resumes scrubbing from `overallProgress`, without a jump.
    public internal(set) var overallProgress: Double
    /// True from ``LayoutTransition/endTick`` on: everything is exactly at its target.
    public internal(set) var hasEnded: Bool
    /// The tick evaluated (nil for a scrubbed pose or a frame never evaluated).
    public internal(set) var time: AnimationTime?
    var _values: SpringBatch.Frame
    /// Whether the frame builds attributes.
    let _writesAttributes: Bool
    /// True when the channel values already hold their channels at rest
    /// (a host's pose, which may then move some on purpose): a change in
    /// flight takes them as they are.
    var _restHeld = false
    /// A change's frame without channel arrays (``LayoutTransition/_frameForChange(at:attributes:)``):
    /// the values and rates, element by element, from the running batch.
    var _change: _ChangeChannels? = nil

    /// Whether this frame computes velocities (``makeFrame(velocities:attributes:)``).
    package var hasVelocities: Bool { !_values.velocities.isEmpty }

    /// The rate of one channel (``LayoutChannels``) of element `element`, in
    /// the channel's units per second: 0 once complete and for a scrubbed
    /// pose; nil when the frame was made without velocities or the indices
    /// are out of range. With decomposed transforms, the transform channels'
    /// rates are those of the decomposition (rotation in radians per second).
    package func velocity(ofElement element: Int, channel: Int) -> Double? {
      let n = _values.values.count / max(_channelCount, 1)
      guard hasVelocities, (0..<n).contains(element), (0..<_channelCount).contains(channel) else { return nil }
      return _values.velocities[channel * n + element]
    }

    /// The velocity of an element's center, points per second (nil as for
    /// ``velocities``).
    package func centerVelocity(ofElement element: Int) -> CGPoint? {
      guard let x = velocity(ofElement: element, channel: LayoutChannels.centerX),
        let y = velocity(ofElement: element, channel: LayoutChannels.centerY)
      else { return nil }
      return CGPoint(x: x, y: y)
    }

    /// The elements whose current frame overlaps `rect` with positive area —
    /// what `layoutAttributesForElements(in:)` returns mid-flight. The frame
    /// is the bounding box of the element's bounds under its affine
    /// transform (about its center), as UIKit's `frame`; hidden elements
    /// are left out. O(k) for k animated elements.
    public func attributes(in rect: CGRect) -> [LayoutAttributes] {
      attributes.filter { Frame._shows($0, in: rect) }
    }

    var _channelCount: Int

    /// Whether `element` is not hidden and its frame (the bounding box of its
    /// bounds under its affine transform) overlaps `rect` with positive area.
    static func _shows(_ element: LayoutAttributes, in rect: CGRect) -> Bool {
      guard !element.isHidden else { return false }
      let t = element.transform
      let (w, h) = (Double(element.size.width) / 2, Double(element.size.height) / 2)
      let halfX = t.a.magnitude * w + t.c.magnitude * h, halfY = t.b.magnitude * w + t.d.magnitude * h
      let box = CGRect(
        x: Double(element.center.x) + t.tx - halfX, y: Double(element.center.y) + t.ty - halfY,
        width: 2 * halfX, height: 2 * halfY)
      return box._overlaps(rect)
    }
  }
}

extension LayoutTransition {
  /// A frame to evaluate into.
  ///
  /// - Parameters:
  ///   - velocities: also compute every channel's velocity (about twice the
  ///     arithmetic per frame).
  ///   - attributes: also build every element's ``LayoutAttributes`` from
  ///     the channels (default); `false` keeps only the channel columns.
  public func makeFrame(velocities: Bool = false, attributes: Bool = true) -> LayoutTransition.Frame {
    LayoutTransition.Frame(
      attributes: attributes ? _inFlight() : [], contentOffset: startOffset, contentSize: startContentSize, progress: 0,
      overallProgress: overallProgressRange.start, hasEnded: false, time: nil,
      _values: batch.makeFrame(velocities: velocities), _writesAttributes: attributes, _channelCount: batch.channelCount)
  }

  /// ``_inFlight()`` written into an existing array of the same count
  /// (no allocation).
  func _restoreInFlight(_ attributes: inout [LayoutAttributes]) {
    attributes.withUnsafeMutableBufferPointer { attributes in
      for k in 0..<attributes.count { attributes[k] = _inFlight(k) }
    }
  }

  /// Start attributes with the in-flight zIndex and hidden rules applied.
  func _inFlight() -> [LayoutAttributes] {
    (0..<elements.count).map(_inFlight)
  }

  /// Element k's start attributes with the in-flight zIndex and hidden rules.
  func _inFlight(_ k: Int) -> LayoutAttributes {
    var element = _startAttributes(k)
    (element.zIndex, element.isHidden) = _inFlightMeta(k)
    return element
  }

  /// The frame at `time`: a pure function of the tick. From ``endTick`` on,
  /// exactly the end state (velocities 0).
  ///
  /// - Parameters:
  ///   - time: the tick.
  ///   - frame: made by ``makeFrame(velocities:attributes:)`` of this segment.
  ///   - backend: `.native` or `.blas`.
  ///   - threads: the most workers to use (default: the cores); each gets at
  ///     least 100,000 values, so a small batch runs on one. The result does
  ///     not depend on it.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   frame made by a different transition segment.
  /// - Complexity: O(k·C) for k elements and C channels; no allocation.
  public func frame(
    at time: AnimationTime, into frame: inout LayoutTransition.Frame, backend: BatchBackend = .native, threads: Int? = nil
  ) throws(HarmonicError) {
    try _checkShape(of: frame)
    frame.time = time
    if _isComplete(at: time) {
      if frame._writesAttributes {
        frame.attributes.withUnsafeMutableBufferPointer { attributes in
          for k in 0..<attributes.count { attributes[k] = _endAttributes(k) }
        }
      }
      let m = batch.elementCount
      batch._columns.withUnsafeBufferPointer { columns in
        frame._values.values.withUnsafeMutableBufferPointer { out in
          for e in 0..<m { out[e] = columns[m + e] }
        }
      }
      frame._zeroVelocities()
      (frame.contentOffset, frame.contentSize, frame.progress) = (endOffset, endContentSize, 1)
      frame.overallProgress = overallProgressRange.end
      frame.hasEnded = true
      return
    }
    if frame._writesAttributes, frame.hasEnded || time <= batch.start {  // reused after the end, or the exact start
      _restoreInFlight(&frame.attributes)
    }
    // Recomposing is exact only to rounding: no attributes from a
    // decomposition at the start.
    let applies = frame._writesAttributes && !(time <= batch.start && transforms == .decomposed)
    if applies && !batch._usesBLAS(backend) && !elements.isEmpty {
      // Each block of elements' attributes from its values while they are
      // in the worker's cache, instead of a second pass that reads every
      // value again from memory: the same copies, so the same bits.
      var attributes: [LayoutAttributes] = []
      swap(&attributes, &frame.attributes)
      defer { swap(&attributes, &frame.attributes) }
      let (n, has3D, transforms) = (elements.count, batch.channelCount == LayoutChannels.count3D, transforms)
      try attributes.withUnsafeMutableBufferPointer { out in
        let target = _SendableMutableBuffer(out)
        return Result { () throws(HarmonicError) in
          try batch._evaluate(
            at: time, into: &frame._values, backend: backend, threads: threads, block: SpringBatch._perItemBlock,
            visitBlock: SpringBatch._itemsWrittenBlock,
            itemsWritten: { values, items in
              LayoutChannels._apply(
                UnsafeBufferPointer(start: values, count: n * (has3D ? LayoutChannels.count3D : LayoutChannels.count2D)), to: target.buffer,
                items: items, count: n, has3D: has3D, transforms: transforms)
            })
        }
      }.unwrapped()
    } else {
      try batch.evaluate(at: time, into: &frame._values, backend: backend, threads: threads)
      if applies {
        try LayoutChannels.apply(frame._values.values, to: &frame.attributes, transforms: transforms, threads: threads)
      }
    }
    (frame.progress, frame.overallProgress, frame.contentOffset, frame.contentSize) = _state(atProgress: batch.averageProgress(at: time))
    _addReleaseImpulse(at: time, overall: &frame.overallProgress, offset: &frame.contentOffset)
    if time > batch.start { frame.contentOffset = _anchored(frame.contentOffset, values: frame._values.values, progress: frame.progress) }
    frame.hasEnded = false
  }

  /// Throws unless `frame` was made by this segment's ``makeFrame(velocities:attributes:)``.
  func _checkShape(of frame: LayoutTransition.Frame) throws(HarmonicError) {
    let why = "the segment's size (make the frame with makeFrame() of this segment)"
    try _Check.shape(frame._values.values.count, "frame.values.count", expected: batch.elementCount, what: why)
    if frame._writesAttributes { try _Check.shape(frame.attributes.count, "frame.attributes.count", expected: elements.count, what: why) }
  }

  /// Whether `time` is at or after ``endTick``: without computing it
  /// before ``SpringBatch/progressEndTick``, a lower bound.
  func _isComplete(at time: AnimationTime) -> Bool {
    time >= batch.progressEndTick && time >= endTick
  }

  /// The content offset's velocity at `time`, points per second: p̄'·(end − start),
  /// or along an anchor's axis, the anchor's (``anchorContentOffset(to:along:)``).
  public func contentOffsetVelocity(at time: AnimationTime) -> CGPoint {
    var velocity = _progressOffsetVelocity(at: time)
    if let anchor = _anchor, !_isComplete(at: time) {
      let along = _anchorVelocity(at: time, progressRate: batch.averageProgressVelocity(at: time))
      if anchor.axis == .vertical { velocity.y = CGFloat(along) } else { velocity.x = CGFloat(along) }
    }
    return velocity
  }

  /// The part of the offset's velocity that follows the average progress,
  /// p̄'·(end − start): what a change in flight hands on to its own p̄ (an
  /// anchor's part is carried by the anchor's springs).
  func _progressOffsetVelocity(at time: AnimationTime) -> CGPoint {
    let rate = _isComplete(at: time) ? 0 : batch.averageProgressVelocity(at: time)
    let velocity = CGPoint(x: rate * (Double(endOffset.x) - Double(startOffset.x)), y: rate * (Double(endOffset.y) - Double(startOffset.y)))
    guard let impulse = _releaseImpulse, !_isComplete(at: time) else { return velocity }
    let s = batch._averageImpulse(at: time).rate
    return CGPoint(x: Double(velocity.x) + Double(impulse.offset.x) * s, y: Double(velocity.y) + Double(impulse.offset.y) * s)
  }

  /// Adds ``_releaseImpulse``'s motion at `time` (it times Ŝ̄) to a
  /// frame's overall progress and content offset; nothing for any other
  /// segment.
  func _addReleaseImpulse(at time: AnimationTime, overall: inout Double, offset: inout CGPoint) {
    guard let impulse = _releaseImpulse else { return }
    let s = batch._averageImpulse(at: time).value
    overall += impulse.overall * s
    offset = CGPoint(x: Double(offset.x) + Double(impulse.offset.x) * s, y: Double(offset.y) + Double(impulse.offset.y) * s)
  }
}

extension LayoutTransition {
  /// Everything that follows the segment's average progress `p`: p itself,
  /// the overall progress and the content offset and size. One formula for
  /// frames, channel frames and scrubs.
  func _state(atProgress p: Double) -> (progress: Double, overall: Double, offset: CGPoint, size: CGSize) {
    let (offset, size) = _offsetAndSize(atProgress: p)
    return (p, overallProgressRange.start + (overallProgressRange.end - overallProgressRange.start) * p, offset, size)
  }

  /// Content offset and size at average progress `p`: start·(1 − p) + end·p
  /// per coordinate, exactly the start at 0 and the end at 1; a size never
  /// below 0 (p̄ swings past [0, 1]: a change in flight that starts moving
  /// back, a bouncy spring towards a nearly empty layout).
  func _offsetAndSize(atProgress p: Double) -> (offset: CGPoint, size: CGSize) {
    func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { CGFloat(_interpolate(Double(a), Double(b), p)) }
    func extent(_ a: CGFloat, _ b: CGFloat) -> CGFloat { max(0, mix(a, b)) }
    return (
      CGPoint(x: mix(startOffset.x, endOffset.x), y: mix(startOffset.y, endOffset.y)),
      CGSize(width: extent(startContentSize.width, endContentSize.width), height: extent(startContentSize.height, endContentSize.height))
    )
  }
}

extension LayoutTransition.Frame {
  /// Every velocity 0 (the end, a scrub): O(n·C) writes, none without velocities.
  mutating func _zeroVelocities() {
    _values.velocities.withUnsafeMutableBufferPointer { out in
      for e in 0..<out.count { out[e] = 0 }
    }
  }
}

// MARK: - Channels at rest

extension LayoutTransition {
  /// Whether element `e` of the batch `columns` ([start | target | velocity
  /// | …], `m` apart) is at rest: its start equal to its target and its velocity 0.
  @inline(__always)
  static func _isAtRest(_ c: UnsafeBufferPointer<Double>, _ e: Int, _ m: Int) -> Bool {
    c[e] == c[m + e] && c[2 * m + e] == 0
  }

  /// For each element, a bit per channel (``LayoutChannels`` order) that is
  /// at rest: its start equal to its target and its velocity 0. Its value
  /// is then its target at every tick; the batch forms `start·R + target·P +
  /// v·Ŝ`, which is the target only to rounding (R + P is 1 to an ulp), so
  /// frames can show it an ulp off. O(k·C), one sequential pass per channel.
  func _restMasks() -> [UInt32] {
    let n = elements.count, m = batch.elementCount
    let channels = m / max(n, 1)
    var masks = [UInt32](repeating: 0, count: n)
    batch._columns.withUnsafeBufferPointer { c in
      for channel in 0..<channels {
        let bit = UInt32(1) << UInt32(channel)
        for k in 0..<n {
          let e = channel * n + k
          if LayoutTransition._isAtRest(c, e, m) { masks[k] |= bit }
        }
      }
    }
    return masks
  }

  /// `attributes` (a frame's, of this transition) with every channel at
  /// rest (`masks`, from ``_restMasks()``) exactly at its target: what
  /// ``LayoutAnimator`` answers. The transform channels are held only when
  /// they are the transform's own entries
  /// (``TransformInterpolation/componentwise``). O(k) plus one write per
  /// channel held; no allocation.
  func _holdRest(_ attributes: inout [LayoutAttributes], masks: [UInt32]) {
    let n = elements.count, m = batch.elementCount
    guard attributes.count == n, masks.count == n else { return }
    let componentwise = transforms == .componentwise, threeD = include3D
    batch._columns.withUnsafeBufferPointer { c in
      masks.withUnsafeBufferPointer { masks in
        attributes.withUnsafeMutableBufferPointer { out in
          for k in 0..<n where masks[k] != 0 {
            let mask = masks[k]
            func held(_ channel: Int) -> Bool { mask & (UInt32(1) << UInt32(channel)) != 0 }
            func target(_ channel: Int) -> Double { c[m + channel * n + k] }
            if held(LayoutChannels.centerX) { out[k].center.x = CGFloat(target(LayoutChannels.centerX)) }
            if held(LayoutChannels.centerY) { out[k].center.y = CGFloat(target(LayoutChannels.centerY)) }
            if held(LayoutChannels.width) { out[k].size.width = CGFloat(target(LayoutChannels.width)) }
            if held(LayoutChannels.height) { out[k].size.height = CGFloat(target(LayoutChannels.height)) }
            if held(LayoutChannels.alpha) { out[k].alpha = target(LayoutChannels.alpha) }
            guard componentwise else { continue }
            if held(LayoutChannels.a) { out[k].transform.a = target(LayoutChannels.a) }
            if held(LayoutChannels.b) { out[k].transform.b = target(LayoutChannels.b) }
            if held(LayoutChannels.c) { out[k].transform.c = target(LayoutChannels.c) }
            if held(LayoutChannels.d) { out[k].transform.d = target(LayoutChannels.d) }
            if held(LayoutChannels.tx) { out[k].transform.tx = target(LayoutChannels.tx) }
            if held(LayoutChannels.ty) { out[k].transform.ty = target(LayoutChannels.ty) }
            guard threeD else { continue }
            for entry in 0..<16 where held(LayoutChannels.transform3DStart + entry) {
              out[k].transform3D.m[entry] = target(LayoutChannels.transform3DStart + entry)
            }
          }
        }
      }
    }
  }

  /// `values` (channel-major, this transition's elements: a frame's
  /// channel values) with every channel at rest exactly at its target.
  func _holdingRest(_ values: [Double]) -> [Double] {
    let m = batch.elementCount
    guard values.count == m else { return values }
    var held = values
    batch._columns.withUnsafeBufferPointer { columns in
      for e in 0..<m where LayoutTransition._isAtRest(columns, e, m) { held[e] = columns[m + e] }
    }
    return held
  }
}
