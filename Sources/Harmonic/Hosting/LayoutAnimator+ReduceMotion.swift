// Reduce Motion: a change that keeps its meaning without travel.

extension LayoutAnimator {
  /// The change to `destination` (seen through `end`) with motion reduced:
  /// ``LayoutTransition/crossFade(from:offset:shown:to:offset:viewport:endViewport:update:spring:start:)``
  /// from the pose on screen. The content offset lands at once; what stays
  /// at the same place on screen stays, everything else fades out where it
  /// is (in ``leavingAttributes``) and in where it ends, on a critically
  /// damped spring with the response of the engine's shared spring (else
  /// ``Spring/smooth``'s). At rest the layout answers on its own: the same
  /// bits as after the change with motion.
  ///
  /// Elements already leaving (an earlier deletion) go on fading out where
  /// they are in the content. Returns the engine's next state; nothing
  /// changes here.
  func _crossFading(to destination: _Destination, viewport end: Viewport, update: LayoutUpdate) throws(HarmonicError) -> _Next {
    let spring: Spring = if case .shared(let spring) = springs { spring } else { .smooth }
    let fade = try LayoutTransition.crossFade(
      from: layout, offset: contentOffset, shown: layoutAttributesForElements(in: viewport.visibleRect(at: contentOffset)), to: destination.layout,
      offset: destination.offset, viewport: viewport, endViewport: end, update: update, spring: spring, start: time)
    var retiring: _Leaving?
    if case .transitioning(let running) = stage { retiring = _Leaving(retiring: running.shown) }
    if case .interactive(let gesture) = stage { retiring = _Leaving(retiring: gesture.shown) }
    var departed: _Leaving?
    if let departing = fade.departing {
      departed = _Leaving(transition: departing, frame: departing.makeFrame(), elements: Array(departing.elements.indices), restMasks: departing._restMasks())
    }
    guard let arriving = fade.arriving else {
      var next = _now
      next.leaving += [departed, retiring].compactMap { $0 }
      (next.layout, next.viewport, next.contentOffset, next.stage) = (destination.layout, end, destination.offset, .resting(nil))
      try next.evaluate(at: time)
      return next
    }
    return try _installing(arriving, in: destination.layout, viewport: end, grabbable: nil, retiring: retiring, departed: departed)
  }
}
