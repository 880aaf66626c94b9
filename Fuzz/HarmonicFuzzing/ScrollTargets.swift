import Harmonic

func fuzzSnapping(_ input: inout FuzzInput) {
  let viewport = input.byte() < 16 ? input.double() : input.points(1...1000)
  let leading = input.byte() < 16 ? input.double() : input.points(0...50)
  let trailing = input.byte() < 16 ? input.double() : input.points(0...50)
  let layout: SnapLayout?
  switch input.int(0...3) {
  case 0:
    let count = input.byte() < 8 ? Int(truncatingIfNeeded: input.uint64()) : input.int(0...10_000)
    layout = attempt { () throws(HarmonicError) in
      try SnapLayout.uniform(
        count: count, itemExtent: input.byte() < 16 ? input.double() : input.points(1...500),
        spacing: input.byte() < 16 ? input.double() : input.points(0...40), viewport: viewport,
        leadingInset: leading, trailingInset: trailing)
    }
  case 1:
    var starts: [Double] = [], ends: [Double] = []
    var edge = input.points(0...100) - 50
    for _ in 0..<input.int(0...30) {
      edge += input.byte() < 8 ? input.double() : input.points(0...60)
      starts.append(edge)
      edge += input.byte() < 8 ? input.double() : input.points(0...400)
      ends.append(edge)
    }
    let content: Double? = input.bool() ? nil : edge + input.points(0...100) - 10
    layout = attempt { () throws(HarmonicError) in
      try SnapLayout(starts: starts, ends: ends, contentExtent: content, viewport: viewport, leadingInset: leading, trailingInset: trailing)
    }
  case 2:
    layout = attempt { () throws(HarmonicError) in
      try SnapLayout.pages(
        contentExtent: input.byte() < 16 ? input.double() : input.points(1...20_000), viewport: viewport,
        pageSize: input.bool() ? nil : input.double())
    }
  default:
    let points = (0..<input.int(0...20)).map { _ in input.byte() < 8 ? input.double() : input.points(0...5_000) }
    layout = attempt { () throws(HarmonicError) in
      try SnapLayout.points(points, contentExtent: input.points(0...6_000), viewport: viewport, leadingInset: leading, trailingInset: trailing)
    }
  }
  fuzzCircularAndPlane(&input)
  guard let layout else { return }
  finite(layout.reachableOffsets.lowerBound, layout.reachableOffsets.upperBound, what: "reachable offsets")
  for _ in 0..<input.int(1...4) {
    let options = Snapping.Options(
      alignment: input.element(SnapAlignment.allCases),
      decelerationRate: input.byte() < 16 ? input.double() : input.element([ScrollDeceleration.normal, ScrollDeceleration.fast, 0.95]),
      minimumFlingVelocity: input.byte() < 16 ? input.double() : input.points(0...100),
      maximumItemsPerFlick: input.bool() ? nil : input.int(-1...5),
      stopItems: (0..<input.int(0...3)).map { _ in input.int(-1...40) },
      isRightToLeft: input.bool())
    let offset = input.byte() < 16 ? input.double() : input.points(0...20_000) - 500
    let velocity = input.byte() < 16 ? input.double() : input.moderate() * 8
    guard let result = attempt({ () throws(HarmonicError) in try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: options) }) else {
      continue
    }
    let reach = layout.reachableOffsets(isRightToLeft: options.isRightToLeft)
    finite(result.target, result.restOffset, what: "snap result for offset \(offset), velocity \(velocity)")
    require(
      reach.contains(result.target),
      "snap target \(result.target) outside \(reach): \(layout.count) items, content \(layout.contentExtent), "
        + "viewport \(layout.viewportExtent), insets \(layout.leadingInset)/\(layout.trailingInset), offset \(offset), velocity \(velocity), \(options)")
    require((0..<layout.count).contains(result.index), "snap index \(result.index) of \(layout.count)")
    if let animation = attempt({ () throws(HarmonicError) in try result.motion(spring: anySpring(&input)) }) {
      switch animation {
      case let .spring(motion):
        require(motion.state(at: .zero).value == offset, "snap spring does not start at the offset")
      case let .deceleration(decay):
        require(
          (decay.restOffset - result.target).magnitude <= 1e-9 * max(1, result.target.magnitude, offset.magnitude),
          "deceleration rests at \(decay.restOffset), target \(result.target)")
      }
    }
  }
}

func fuzzScrollPhysics(_ input: inout FuzzInput) {
  let rate = input.byte() < 64 ? input.double() : input.element([ScrollDeceleration.normal, ScrollDeceleration.fast, 0.9, 0.999_999])
  if let decay = attempt({ () throws(HarmonicError) in try ScrollDeceleration(decelerationRate: rate, from: input.moderate(), velocity: input.moderate() * 16) }
  ) {
    finite(decay.restOffset, decay.decayConstant, what: "deceleration \(decay)")
    for _ in 0..<3 {
      if let state = attempt({ () throws(HarmonicError) in try decay._checkedState(atSeconds: input.double()) }) {
        finite(state.value, state.velocity, what: "deceleration state")
        let low = min(decay.initialOffset, decay.restOffset), high = max(decay.initialOffset, decay.restOffset)
        let slack = 1e-12 * (low.magnitude + high.magnitude)
        require(state.value >= low - slack && state.value <= high + slack, "deceleration left [start, rest]: \(state.value)")
      }
      if let time = attempt({ () throws(HarmonicError) in try decay.endTime(within: SettleTolerance(speed: input.double())) }) {
        require(time >= 0, "time until speed \(time)")
      }
      // Any band, however fine, is reached in finite time (a subnormal one
      // gave +∞ when tolerance/travel underflowed).
      if let band = attempt({ () throws(HarmonicError) in try SettleTolerance(value: input.double(), velocity: input.bool() ? .infinity : input.double()) }) {
        let time = decay.endTime(within: band)
        require(time >= 0 && time.isFinite, "end time \(time) of \(decay) within \(band)")
      }
    }
  }
  if let converted = attempt({ () throws(HarmonicError) in try ScrollDeceleration.decelerationRate(fromDragPerSecond: input.double()) }) {
    require(converted > 0 && converted < 1, "rate from drag \(converted)")
  }
  if let fitted = ScrollDeceleration.decelerationRate(toRestAt: input.moderate(), from: input.moderate(), velocity: input.moderate() * 16) {
    require(fitted > 0 && fitted < 1, "rate to rest at target \(fitted)")
  }
  let dimension = input.byte() < 32 ? input.double() : input.points(1...1000)
  if let offset = attempt({ () throws(HarmonicError) in
    try RubberBand.offset(overscroll: input.double(), dimension: dimension, coefficient: input.bool() ? RubberBand.defaultCoefficient : input.double())
  }) {
    finite(offset, what: "rubber-band offset")
    require(offset.magnitude <= dimension, "rubber band \(offset) beyond the dimension \(dimension)")
  }
  let coefficient = input.bool() ? RubberBand.defaultCoefficient : input.double()
  if let overscroll = attempt({ () throws(HarmonicError) in
    try RubberBand.overscroll(offset: input.byte() < 64 ? input.double() : input.moderate(), dimension: dimension, coefficient: coefficient)
  }) {
    finite(overscroll, what: "rubber-band inverse")
  }
  if let motion = attempt({ () throws(HarmonicError) in
    try RubberBand.returnMotion(from: input.moderate(), velocity: input.moderate(), toEdge: input.moderate())
  }) {
    let state = motion.state(at: AnimationTime(ticks: 70_560_000))
    finite(state.value, state.velocity, what: "rubber-band return")
  }
  fuzzScrollEffects(&input)
}

/// Scroll phases and effects: never a NaN phase from finite geometry, the
/// column form the scalar form's bits, and every preset keeps transforms
/// finite and alpha within [0, 1].
func fuzzScrollEffects(_ input: inout FuzzInput) {
  let scale: ScrollPhase.Scale = input.element([.viewport, .points, .pitch(input.byte() < 16 ? input.double() : input.points(1...600))])
  guard
    let phase = attempt({ () throws(HarmonicError) in
      try ScrollPhase(
        axis: input.bool() ? .horizontal : .vertical, alignment: input.element(SnapAlignment.allCases), scale: scale, isRightToLeft: input.bool())
    })
  else { return }
  let n = input.int(1...6)
  let centers = (0..<n).map { _ in input.moderate() * 100 }, extents = (0..<n).map { _ in input.points(0...800) }
  let velocities = (0..<n).map { _ in input.moderate() * 10 }
  let offset = input.moderate() * 100, offsetVelocity = input.moderate() * 10, viewport = input.points(1...2000)
  var phases: [Double] = [], rates: [Double] = []
  guard
    attempt({ () throws(HarmonicError) in
      try phase.phases(
        centers: centers, extents: extents, velocities: velocities, offset: offset, offsetVelocity: offsetVelocity, viewportExtent: viewport,
        into: &phases, phaseVelocities: &rates)
    }) != nil
  else {
    require(phases.isEmpty && rates.isEmpty, "refused phase columns were written")
    return
  }
  do {
    for k in 0..<n {
      // The column form accepted the geometry: so does the scalar form, with the same bits.
      guard
        let one = attempt({ () throws(HarmonicError) in
          try phase.phase(
            center: centers[k], extent: extents[k], velocity: velocities[k], offset: offset, offsetVelocity: offsetVelocity, viewportExtent: viewport)
        })
      else {
        require(false, "the scalar form refused geometry the column form accepted")
        return
      }
      require(
        one.phase.bitPattern == phases[k].bitPattern && one.phaseVelocity.bitPattern == rates[k].bitPattern, "phase columns differ from the scalar form")
      // The column form accepted the geometry, so it is finite and in range: no NaN.
      require(!one.phase.isNaN && !one.phaseVelocity.isNaN, "a NaN phase from accepted geometry: \(one)")
    }
  }
  let parameter = input.byte() < 32 ? input.double() : input.moderate()
  let effect: ScrollEffect = input.element([
    .scaleAndFade(minimumScale: parameter, minimumAlpha: parameter), .stack(peek: parameter, scaleStep: parameter, visibleCount: input.int(0...5)),
    .coverFlow(maximumAngle: parameter, perspective: parameter, minimumScale: parameter), .cube(perspective: parameter),
    .pageTurn(perspective: parameter), .parallax(factor: parameter), .rotaryWheel(radius: parameter, angle: parameter),
    .zoomAndFade(scale: parameter), .dissolve, .turnAndFade(angle: parameter, fade: parameter),
  ])
  var attributes = (0..<n).map { k in
    LayoutAttributes(
      indexPath: ItemIndexPath(item: k, section: 0), frame: CGRect(x: centers[k] - extents[k] / 2, y: 0, width: extents[k], height: extents[k]))
  }
  let rect =
    phase.axis == .horizontal
    ? CGRect(x: offset, y: 0, width: viewport, height: 800) : CGRect(x: 0, y: offset, width: 800, height: viewport)
  // A rect or velocity out of range is refused with a typed error; the presets throw nothing else.
  guard (try? effect.apply(to: &attributes, in: rect, phase: phase, offsetVelocity: CGPoint(x: offsetVelocity, y: offsetVelocity))) != nil else { return }
  for element in attributes {
    let t = element.combinedTransform3D.m
    require((0..<16).allSatisfy { t[$0].isFinite }, "an effect's transform is not finite: \(element)")
    require(element.alpha >= 0 && element.alpha <= 1, "an effect's alpha left [0, 1]: \(element.alpha)")
  }
}

/// Wrap-around and two-axis snapping: a flick always lands strictly ahead
/// (there are no ends), within n candidates; the wrapped target is the snap
/// point it names; two axes are two independent queries.
func fuzzCircularAndPlane(_ input: inout FuzzInput) {
  let period = input.byte() < 16 ? input.double() : input.points(1...5_000)
  let points = (0..<input.int(0...12)).map { _ in input.byte() < 16 ? input.double() : input.points(0...6_000) - 500 }
  if let wheel = attempt({ () throws(HarmonicError) in try CircularSnapLayout(period: period, points: points) }) {
    let n = input.bool() ? nil : input.int(0...4)
    let options = Snapping.Options(minimumFlingVelocity: input.points(0...100), maximumItemsPerFlick: n)
    let offset = input.byte() < 16 ? input.double() : input.points(0...100_000) - 50_000
    let velocity = input.byte() < 16 ? input.double() : input.moderate() * 8
    if let decision = attempt({ () throws(HarmonicError) in try Snapping.target(circular: wheel, offset: offset, velocity: velocity, options: options) }) {
      finite(decision.target, decision.restOffset, what: "circular snap")
      require(wheel.points.indices.contains(decision.index), "circular index")
      let wrapped = wheel.points[decision.index]
      let turns = ((decision.target - wrapped) / wheel.period).rounded()
      require(
        (wrapped + turns * wheel.period - decision.target).magnitude <= 1e-9 * max(1, decision.target.magnitude),
        "circular target \(decision.target) is not point \(decision.index) plus whole periods")
      if velocity.magnitude >= options.minimumFlingVelocity, velocity != 0 {
        require(
          velocity > 0 ? decision.target > offset : decision.target < offset, "a circular flick landed behind: \(offset) → \(decision.target) at \(velocity)")
      }
    }
  }
  guard
    let x = attempt({ () throws(HarmonicError) in
      try SnapLayout.uniform(count: input.int(1...50), itemExtent: input.points(1...500), viewport: input.points(1...800))
    }),
    let y = attempt({ () throws(HarmonicError) in
      try SnapLayout.uniform(count: input.int(1...50), itemExtent: input.points(1...500), viewport: input.points(1...800))
    })
  else { return }
  let offset = SIMD2(input.points(0...20_000) - 500, input.points(0...20_000) - 500)
  let velocity = SIMD2(input.moderate() * 8, input.moderate() * 8)
  if let plane = attempt({ () throws(HarmonicError) in try Snapping.target(x: x, y: y, offset: offset, velocity: velocity) }),
    let alone = attempt({ () throws(HarmonicError) in try Snapping.target(layout: y, offset: offset.y, velocity: velocity.y) })
  {
    require(plane.y == alone, "two-axis snapping differs from the y query alone")
    if let x = attempt({ () throws(HarmonicError) in try plane.x.motion() }), let y = attempt({ () throws(HarmonicError) in try plane.y.motion() }) {
      let start = SIMD2(x.value(at: .zero), y.value(at: .zero)), speed = SIMD2(x.velocity(at: .zero), y.velocity(at: .zero))
      require(start == offset && speed == velocity, "the 2-D snap motions do not start at the release")
    }
  }
}
