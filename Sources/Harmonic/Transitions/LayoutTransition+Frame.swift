extension LayoutTransition {
  /// One frame of a ``LayoutTransition``; make it once with
  /// ``LayoutTransition/makeFrame()`` and reuse it.
  public struct Frame: Sendable {
    /// The animated items' attributes, in ``LayoutTransition/indexPaths`` order.
    public internal(set) var attributes: [LayoutAttributes]
    public internal(set) var contentOffset: CGPoint
    public internal(set) var contentSize: CGSize
    /// The average progress p̄ (0 → 1; may overshoot with bouncy springs).
    public internal(set) var progress: Double
    /// True from ``LayoutTransition/completion`` on: everything is exactly at its target.
    public internal(set) var isComplete: Bool
    public internal(set) var time: AnimationTime?
    var _values: SpringBatch.Frame
  }
}

@available(*, deprecated, renamed: "LayoutTransition.Frame")
public typealias TransitionFrame = LayoutTransition.Frame

extension LayoutTransition {
  public func makeFrame() -> LayoutTransition.Frame {
    LayoutTransition.Frame(attributes: _inFlight(), contentOffset: startOffset, contentSize: startContentSize, progress: 0,
                    isComplete: false, time: nil, _values: batch.makeFrame(velocities: false))
  }

  /// Start attributes with the in-flight zIndex and hidden rules applied.
  func _inFlight() -> [LayoutAttributes] {
    zip(startAttributes, endAttributes).map { start, end in
      var element = start
      element.zIndex = end.zIndex
      element.isHidden = start.isHidden && end.isHidden
      return element
    }
  }

  /// The frame at `time`: a pure function of the tick.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   frame made by a different transition segment.
  public func frame(
    at time: AnimationTime, into frame: inout LayoutTransition.Frame, backend: BatchBackend = .native, threads: Int? = nil
  ) throws(HarmonicError) {
    guard frame.attributes.count == indexPaths.count else {
      throw .invalidParameter(name: "frame.attributes.count", value: Double(frame.attributes.count), accepted: "\(indexPaths.count) (make the frame with makeFrame() of this segment)")
    }
    frame.time = time
    if time >= completion {
      for k in 0..<endAttributes.count { frame.attributes[k] = endAttributes[k] }
      frame.contentOffset = endOffset
      frame.contentSize = endContentSize
      frame.progress = 1
      frame.isComplete = true
      return
    }
    try batch.evaluate(at: time, into: &frame._values, backend: backend, threads: threads)
    if frame.isComplete {  // reused after completion: restore the in-flight identity fields
      frame.attributes = _inFlight()
    }
    try LayoutChannels.apply(frame._values.values, to: &frame.attributes)
    let p = batch.averageProgress(at: time)
    frame.progress = p
    (frame.contentOffset, frame.contentSize) = _offsetAndSize(atProgress: p)
    frame.isComplete = false
  }

  /// The content offset's velocity at `time`, points per second: p̄'·(end − start).
  public func contentOffsetVelocity(at time: AnimationTime) -> CGPoint {
    let rate = time >= completion ? 0 : batch.averageProgressVelocity(at: time)
    return CGPoint(x: rate * (Double(endOffset.x) - Double(startOffset.x)), y: rate * (Double(endOffset.y) - Double(startOffset.y)))
  }
}

extension LayoutTransition {
  /// Content offset and size at average progress `p`: start·(1 − p) + end·p
  /// per coordinate, exactly the start at 0 and the end at 1.
  func _offsetAndSize(atProgress p: Double) -> (offset: CGPoint, size: CGSize) {
    func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { CGFloat(_interpolate(Double(a), Double(b), p)) }
    return (CGPoint(x: mix(startOffset.x, endOffset.x), y: mix(startOffset.y, endOffset.y)),
            CGSize(width: mix(startContentSize.width, endContentSize.width), height: mix(startContentSize.height, endContentSize.height)))
  }
}
