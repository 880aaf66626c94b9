/// One frame of a ``LayoutTransition``; make it once with
/// ``LayoutTransition/makeFrame()`` and reuse it.
public struct TransitionFrame: Sendable {
  /// The animated items' attributes, in ``LayoutTransition/indexPaths`` order.
  public internal(set) var attributes: [LayoutAttributes]
  public internal(set) var contentOffset: CGPoint
  public internal(set) var contentSize: CGSize
  /// The average progress p̄ (0 → 1; may overshoot with bouncy springs).
  public internal(set) var progress: Double
  /// True from ``LayoutTransition/completion`` on: everything is exactly at its target.
  public internal(set) var isComplete: Bool
  public internal(set) var time: AnimationTime?
  var _values: SpringBatchFrame
}

extension LayoutTransition {
  public func makeFrame() -> TransitionFrame {
    TransitionFrame(attributes: _inFlight(), contentOffset: startOffset, contentSize: startContentSize, progress: 0,
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
    at time: AnimationTime, into frame: inout TransitionFrame, backend: BatchBackend = .native, threads: Int? = nil
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
    frame.contentOffset = CGPoint(x: _mix(startOffset.x, endOffset.x, p), y: _mix(startOffset.y, endOffset.y, p))
    frame.contentSize = CGSize(width: _mix(startContentSize.width, endContentSize.width, p), height: _mix(startContentSize.height, endContentSize.height, p))
    frame.isComplete = false
  }

  /// The content offset's velocity at `time`, points per second: p̄'·(end − start).
  public func contentOffsetVelocity(at time: AnimationTime) -> CGPoint {
    let rate = time >= completion ? 0 : batch.averageProgressVelocity(at: time)
    return CGPoint(x: rate * (Double(endOffset.x) - Double(startOffset.x)), y: rate * (Double(endOffset.y) - Double(startOffset.y)))
  }
}

/// `(0 + a·(1 − p)) + b·p`: exactly a at p = 0 and exactly b at p = 1.
@inline(__always)
func _mix(_ a: CGFloat, _ b: CGFloat, _ p: Double) -> CGFloat {
  CGFloat((0 + Double(a) * (1 - p)) + Double(b) * p)
}
