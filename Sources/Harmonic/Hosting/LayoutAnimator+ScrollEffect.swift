extension LayoutAnimator {
  /// The phase the scroll effect is measured with.
  var _scrollPhase: ScrollPhase {
    scrollPhase ?? (try? ScrollPhase(axis: scrollAxis)) ?? _libraryConstant { try ScrollPhase(axis: .vertical) }
  }

  /// The content offset's velocity at the current tick, points per second:
  /// a snap's or deceleration's, a transition's; 0 at rest and under a
  /// gesture (the host's scroll view owns the offset then).
  var _offsetVelocity: CGPoint {
    switch stage {
    case .resting(let scroll?):
      let along = scroll.velocity(at: time)
      return scroll.axis == .vertical ? CGPoint(x: 0, y: along) : CGPoint(x: along, y: 0)
    case .transitioning(let running):
      return running.shown.transition.contentOffsetVelocity(at: time)
    case .resting(nil), .interactive:
      return CGPoint(x: 0, y: 0)
    }
  }

  /// The answer with ``scrollEffect`` applied: the elements within the
  /// effect's ``ScrollEffect/reach`` of the visible rect along the axis,
  /// with the effect, whose transformed frames overlap `rect` — built in one
  /// pass into the answer.
  func _effectAttributes(in rect: CGRect) -> [LayoutAttributes] {
    guard let effect = scrollEffect else { return _attributes(in: rect) }
    let visible = viewport.visibleRect(at: contentOffset)
    let phase = _scrollPhase
    let horizontal = phase.axis == .horizontal
    let extent = Double(horizontal ? visible.size.width : visible.size.height)
    let reach = effect.reach.points(scale: phase.scale, viewportExtent: extent)
    let near = horizontal ? visible.insetBy(dx: -reach, dy: 0) : visible.insetBy(dx: 0, dy: -reach)
    var elements = _attributes(in: reach > 0 ? near.union(rect) : visible.union(rect))
    try? effect._apply(to: &elements, in: visible, phase: phase, offsetVelocity: _offsetVelocity, lenient: true)
    var answer: [LayoutAttributes] = []
    answer.reserveCapacity(elements.count)
    elements.withUnsafeBufferPointer { elements in
      for k in elements.indices where LayoutTransition.Frame._shows(elements[k], in: rect) {
        answer.append(LayoutAnimator._answer(elements[k], as: nil))
      }
    }
    return answer
  }
}
