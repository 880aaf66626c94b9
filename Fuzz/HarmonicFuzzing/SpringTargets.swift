import Harmonic

/// A spring from any family, with fuzzed parameters; `nil` when rejected.
func makeSpring(_ input: inout FuzzInput) -> Spring? {
  switch input.int(0...6) {
  case 0: return attempt { () throws(HarmonicError) in try Spring(mass: input.double(), stiffness: input.double(), damping: input.double()) }
  case 1: return attempt { () throws(HarmonicError) in try Spring(response: input.double(), dampingRatio: input.double(), mass: input.double()) }
  case 2: return attempt { () throws(HarmonicError) in try Spring(duration: input.double(), bounce: input.double(), mass: input.double()) }
  case 3: return attempt { () throws(HarmonicError) in try Spring(origamiTension: input.double(), friction: input.double()) }
  case 4: return attempt { () throws(HarmonicError) in try Spring(bounciness: input.double(), speed: input.double()) }
  case 5:
    // Android's constants, or the general stiffness/damping-ratio family they belong to.
    if input.bool() {
      return attempt { () throws(HarmonicError) in try Spring(stiffness: input.double(), dampingRatio: input.double(), mass: input.double()) }
    }
    return Spring.android(
      stiffness: input.element(Spring.AndroidStiffness.allCases),
      dampingRatio: input.element(Spring.AndroidDampingRatio.allCases))
  default:
    return input.element([Spring.smooth, .snappy, .bouncy, .coreAnimationDefault, .popDefault])
  }
}

/// A spring that is always valid (fuzzed if accepted, else a preset).
func anySpring(_ input: inout FuzzInput) -> Spring { makeSpring(&input) ?? .snappy }

/// Checks every derived characteristic of an accepted spring.
func checkCharacteristics(_ spring: Spring) {
  finite(spring.mass, spring.stiffness, spring.damping, what: "parameter of \(spring)")
  require(spring.mass > 0 && spring.stiffness > 0 && spring.damping >= 0, "accepted \(spring)")
  finite(spring.dampingRatio, spring.naturalFrequency, spring.response, spring.origamiTension, spring.origamiFriction, what: "characteristic of \(spring)")
  require(spring.naturalFrequency > 0 && spring.response > 0 && spring.dampingRatio >= 0, "characteristic sign of \(spring)")
  require((0...1).contains(spring.overshoot), "overshoot \(spring.overshoot) of \(spring)")
  require(!spring.bounce.isNaN && !spring.popSpeed.isNaN && !(spring.popBounciness?.isNaN ?? false), "read-back of \(spring)")
  require(spring.dampedPeriod > 0, "damped period \(spring.dampedPeriod) of \(spring)")
  let settling = spring.settlingDuration
  require(settling >= 0, "settling duration \(settling) of \(spring)")
  require(settling.isFinite || spring.damping == 0 || spring.dampingRatio < 1e-10, "settling duration ∞ of damped \(spring)")
  // The canonical parameters rebuild the same spring.
  let rebuilt = attempt { () throws(HarmonicError) in try Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping) }
  require(rebuilt == spring, "canonical round trip of \(spring)")
}

func fuzzSpring(_ input: inout FuzzInput) {
  guard let spring = makeSpring(&input) else { return }
  checkCharacteristics(spring)
}

/// Rounding slack for comparing a computed state with an exact band:
/// the closed form's documented error bound, times 16.
func stateSlack(_ motion: SpringMotion, from: Double, to: Double, velocity: Double, time: Double) -> (value: Double, velocity: Double) {
  let omega = motion.spring.naturalFrequency
  let scale = (from - to).magnitude + velocity.magnitude / omega + to.magnitude
  // Relative rounding, plus a few steps of the subnormal grid (absolute
  // 4.9e-324 each), where relative bounds stop holding.
  let value = 1024 * Double.ulpOfOne * (scale * (1 + omega * time) + to.magnitude) + 8 * Double.leastNonzeroMagnitude
  return (value, value * max(omega, 1) * 4)
}

func fuzzMotion(_ input: inout FuzzInput) {
  let spring = anySpring(&input)
  let from = input.moderate(), to = input.moderate(), velocity = input.moderate() * 16
  let relative = input.bool()
  let built = attempt { () throws(HarmonicError) in
    relative
      ? try SpringMotion(spring: spring, from: from, to: to, initialVelocity: SpringMotion.absoluteVelocity(relative: velocity, from: from, to: to))
      : try SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity)
  }
  guard let motion = built else { return }
  let v0 = motion.state(at: .zero).velocity
  finite(v0, what: "initial velocity")
  require(motion.state(at: .zero).value == from, "value at 0 is \(motion.state(at: .zero).value), not \(from)")

  for _ in 0..<3 {
    let time = input.double()
    if let state = attempt({ () throws(HarmonicError) in try motion._checkedState(atSeconds: time) }) {
      finite(state.value, state.velocity, what: "state at \(time) s of \(motion)")
    }
    let tick = AnimationTime(ticks: Int64(bitPattern: input.uint64()))
    let state = motion.state(at: tick)
    finite(state.value, state.velocity, what: "state at tick \(tick.ticks) of \(motion)")
  }

  // Settle time: never NaN; the band holds at and after it.
  if let tolerance = attempt({ () throws(HarmonicError) in try SettleTolerance(value: input.double(), velocity: input.double()) }) {
    let settle = motion.endTime(within: tolerance)
    require(settle >= 0, "settle time \(settle) for \(motion), \(tolerance)")
    // +∞ only for an undamped spring (a tolerance below 1e-308 gave +∞ for
    // damped ones: the ratio of amplitude to tolerance overflowed).
    require(settle.isFinite || spring.damping == 0, "settle time ∞ for a damped spring: \(motion), \(tolerance)")
    if settle.isFinite && settle <= 1e12 {
      for factor in [0.0, 1e-9, 1e-3, 0.5, 3] {
        let t = min(settle + factor * max(settle, spring.response), 1e12)
        guard let state = attempt({ () throws(HarmonicError) in try motion._checkedState(atSeconds: t) }) else { continue }
        let slack = stateSlack(motion, from: from, to: to, velocity: v0, time: t)
        require(
          (state.value - to).magnitude <= tolerance.value + slack.value,
          "|x − target| = \((state.value - to).magnitude) > \(tolerance.value) at \(t) after settle \(settle) for \(motion)")
        require(
          state.velocity.magnitude <= tolerance.velocity + slack.velocity,
          "|v| = \(state.velocity.magnitude) > \(tolerance.velocity) at \(t) after settle \(settle) for \(motion)")
      }
    }
  }

  // Retargeting keeps position and velocity (C¹) at the hand-off.
  let at = input.double(), newTarget = input.moderate()
  let newSpring = input.bool() ? makeSpring(&input) : nil
  // Any tick within 1e12 (about 23 minutes): the fuzzer's double folded into range (0 for NaN or ±∞).
  let atTick = AnimationTime(ticks: at.isFinite ? Int64(at.magnitude.truncatingRemainder(dividingBy: 1e6) * 1e6) : 0)
  if let next = attempt({ () throws(HarmonicError) in try motion.handOff(to: newTarget, with: newSpring ?? spring, at: atTick) }) {
    let before = motion.state(at: atTick), after = next.components(at: atTick)
    require(
      after.value[0] == before.value && after.velocity[0] == before.velocity,
      "hand-off at \(atTick.ticks): \(before) → \(after)")
  }

  // Velocity conversions: relative = absolute / (to − from), both ways.
  if let absolute = attempt({ () throws(HarmonicError) in try SpringMotion.absoluteVelocity(relative: velocity, from: from, to: to) }) {
    finite(absolute, what: "absolute velocity")
  }
  if let relativeVelocity = attempt({ () throws(HarmonicError) in try SpringMotion.relativeVelocity(absolute: velocity, from: from, to: to) }) {
    require(!relativeVelocity.isNaN, "relative velocity is NaN")
  }
}

func fuzzAnimation(_ input: inout FuzzInput) {
  if input.byte() < 64 { return fuzzValueAnimation(&input) }
  let spring = anySpring(&input)
  guard
    let motion = attempt({ () throws(HarmonicError) in
      try SpringMotion(spring: spring, from: input.moderate(), to: input.moderate(), initialVelocity: input.moderate())
    })
  else { return }
  let start = AnimationTime(ticks: Int64(input.int(-1_000_000...1_000_000)) * 1_000)
  guard
    var animation = attempt({ () throws(HarmonicError) in
      try ValueAnimation(value: motion.initialValue, velocity: motion.initialVelocity, target: motion.target, spring: spring, start: start)
    })
  else { return }
  var now = start
  for _ in 0..<input.int(0...6) {
    // Frames in integer ticks, at any of the usual rates or irregular.
    let fps = Int64(input.element([24, 30, 60, 120, 144, 240, 7, 1000]))
    if let step = attempt({ () throws(HarmonicError) in try AnimationTime(frame: Int64(input.int(0...600)), framesPerSecond: fps) }) {
      now = now + step
    }
    let before = animation.state(at: now)
    finite(before.value, before.velocity, what: "animation state at \(now.ticks)")
    if input.bool() {
      let newSpring = input.bool() ? makeSpring(&input) : nil
      let target = input.moderate()
      if attempt({ () throws(HarmonicError) in try animation.retarget(to: target, at: now, spring: newSpring) }) != nil {
        let after = animation.state(at: now)
        require(after.value == before.value && after.velocity == before.velocity, "animation retarget at \(now.ticks): \(before) → \(after)")
      }
    }
  }
  if let tolerance = attempt({ () throws(HarmonicError) in try SettleTolerance(value: input.double()) }),
    let settle = animation.endTick(within: tolerance)
  {
    let state = animation.state(at: settle)
    finite(state.value, state.velocity, what: "state at the settle tick")
  }
  // Times from seconds and frames: a typed error or a tick.
  _ = attempt { () throws(HarmonicError) in try AnimationTime(seconds: input.double()) }
  _ = attempt { () throws(HarmonicError) in try AnimationTime(frame: Int64(bitPattern: input.uint64()), framesPerSecond: Int64(bitPattern: input.uint64())) }
  fuzzKeyframes(&input)
}

/// Keyframes: exactly each key's value at its tick, finite in between,
/// exactly the last value at rest from the end on; a cascade holds its pose.
func fuzzKeyframes(_ input: inout FuzzInput) {
  var keys: [KeyframeAnimation<CGPoint>.Key] = []
  for _ in 0..<input.int(0...5) {
    let value = CGPoint(x: input.byte() < 16 ? input.double() : input.moderate(), y: input.moderate())
    let duration = input.byte() < 16 ? input.double() : input.points(1...2_000) / 1_000
    let curve: KeyframeAnimation<CGPoint>.Curve = input.bool() ? .spring(anySpring(&input)) : .timing(.cubicBezier(.easeInOut))
    keys.append(.init(value, duration: duration, curve: curve, stops: input.bool()))
  }
  let start = AnimationTime(ticks: Int64(input.int(-1_000...1_000)) * 1_000_000)
  guard
    let track = attempt({ () throws(HarmonicError) in
      try KeyframeAnimation(from: CGPoint(x: input.moderate(), y: 0), velocity: CGPoint(x: input.moderate() * 10, y: 0), keys: keys, start: start)
    })
  else { return }
  for i in keys.indices {
    guard let tick = track.tick(ofKey: i) else { continue }
    require(track.value(at: tick) == keys[i].value, "keyframe \(i) not exact at its tick")
    for delta: Int64 in [-1, 1, 3_528_000] {
      let (value, velocity) = (track.value(at: tick + AnimationTime(ticks: delta)), track.velocity(at: tick + AnimationTime(ticks: delta)))
      finite(Double(value.x), Double(value.y), Double(velocity.x), Double(velocity.y), what: "keyframes near key \(i)")
    }
  }
  if let end = track.endTick {
    require(track.value(at: end + AnimationTime(ticks: 1_000)) == track.endValue && track.velocity(at: end) == .zero, "keyframes not at rest at the end")
  }
  if let cascade = attempt({ () throws(HarmonicError) in try Cascade(style: .scale(0.5), delay: input.byte() < 16 ? input.double() : 0.05) }) {
    let card = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    if let shown = attempt({ () throws(HarmonicError) in try cascade.attributes(card, ofElement: input.int(0...1_000), at: start) }) {
      finite(shown.alpha, Double(shown.center.x), what: "a cascade's attributes")
    }
  }
  // Any accepted bezier, in keyframes and a timed animation (read last, so
  // the inputs above keep their meaning): an x control point of 1e-300
  // under a y of 1,000 made a keyframe's value, and a timed velocity, infinite.
  guard
    let bezier = attempt({ () throws(HarmonicError) in
      try CubicBezier(x1: input.double(), y1: input.moderate(), x2: input.double(), y2: input.moderate())
    })
  else { return }
  let (to, duration) = (input.byte() < 16 ? input.double() : input.moderate(), input.byte() < 16 ? input.double() : input.points(1...2_000) / 1_000)
  let bent = attempt { () throws(HarmonicError) in
    try KeyframeAnimation(from: 0.0, keys: [.init(to, duration: duration, curve: .timing(.cubicBezier(bezier))), .init(0, duration: duration)])
  }
  let timed = attempt { () throws(HarmonicError) in try TimedAnimation(from: 0.0, to: to, duration: duration, curve: .cubicBezier(bezier)) }
  for ticks: Int64 in [0, 1, 2, 700, 70_560_000, 352_800_000] {
    let time = AnimationTime(ticks: ticks)
    if let bent { finite(bent.value(at: time), bent.velocity(at: time), what: "keyframes through \(bezier) at \(ticks)") }
    if let timed { finite(timed.value(at: time), timed.velocity(at: time), what: "a timed animation through \(bezier) at \(ticks)") }
  }
}

/// Value springs: per-component C¹ retargets, limits never passed, colours
/// in [0, 1], the reorder model's rows finite and C¹ at every event.
func fuzzValueAnimation(_ input: inout FuzzInput) {
  let spring = anySpring(&input)
  let value = SIMD4(input.moderate(), input.moderate(), input.moderate(), input.moderate())
  let velocity = SIMD4(input.moderate(), input.moderate(), input.moderate(), input.moderate()) * 8
  let target = SIMD4(input.moderate(), input.moderate(), input.moderate(), input.moderate())
  let low = value - SIMD4(repeating: input.points(0...500)), high = value + SIMD4(repeating: input.points(0...500))
  let limits = ValueLimits(clampsOvershoot: input.bool(), minimum: input.bool() ? low : nil, maximum: input.bool() ? high : nil)
  let made = attempt { () throws(HarmonicError) in
    try ValueAnimation(value: value, velocity: velocity, target: target, spring: spring, limits: limits)
  }
  if var animation = made {
    var now = AnimationTime.zero
    for _ in 0..<input.int(1...5) {
      now = now + AnimationTime(ticks: Int64(input.int(-50...600)) * 1_000_000)  // may go back: out-of-order events
      let state = animation.components(at: now)
      finite(state.value[0], state.value[1], state.value[2], state.value[3], state.velocity[0], what: "value animation at \(now.ticks)")
      for k in 0..<4 {
        if let m = limits.minimum?[k] { require(state.value[k] >= m - 1e-9 * max(1, m.magnitude), "below the minimum: \(state.value[k]) < \(m)") }
        if let m = limits.maximum?[k] {
          require(
            state.value[k] <= m + 1e-9 * max(1, m.magnitude),
            "above the maximum: \(state.value[k]) > \(m) at \(now.ticks): \(value) \(velocity) → \(target), \(spring), \(limits), \(animation)")
        }
      }
      let next = SIMD4(input.moderate(), input.moderate(), 0, 0)
      if attempt({ () throws(HarmonicError) in try animation.retarget(to: next, at: now) }) != nil {
        let at = max(now, animation.start)
        let after = animation.components(at: at)
        require(
          now < animation.start || (after.value == state.value && after.velocity == state.velocity) || limits != .none,
          "value retarget is not C¹ at \(now.ticks)")
      }
    }
    _ = attempt { () throws(HarmonicError) in try animation.endTick(valueTolerance: SIMD4(repeating: input.points(1...10) / 10)) }
  }
  fuzzMomentumAndEasing(&input, spring: spring)
  let colour = ValueAnimation<RGBAColor>.self
  if let fade = attempt({ () throws(HarmonicError) in
    try colour.init(
      value: RGBAColor(red: input.double(), green: 0.5, blue: 1), velocity: velocity, target: RGBAColor(red: 0, green: 1, blue: 0.2), spring: spring)
  }) {
    let c = fade.value(at: AnimationTime(ticks: Int64(input.int(0...5_000)) * 1_000_000))
    for x in [c.red, c.green, c.blue, c.alpha] { require(x >= 0 && x <= 1, "colour component \(x) outside [0, 1]") }
  }
  let slots = (0..<input.int(1...30)).map { 10 + Double($0) * input.points(1...80) }
  if var model = attempt({ () throws(HarmonicError) in try ReorderModel(slots: slots, spring: spring) }) {
    var now = AnimationTime.zero, last = AnimationTime.zero  // events stamped before the last one act at the last one
    if attempt({ () throws(HarmonicError) in try model.beginDrag(row: input.int(-1...30), position: input.moderate(), velocity: input.moderate(), at: now) })
      != nil
    {
      last = now
    }
    for _ in 0..<input.int(0...8) {
      now = now + AnimationTime(ticks: Int64(input.int(-20...100)) * 1_000_000)
      let at = max(now, last)
      let rows = (0..<slots.count).compactMap { row in attempt { () throws(HarmonicError) in try model.state(ofRow: row, at: at) } }
      require(rows.count == slots.count, "reorder refused a row in range")
      // A row out of range is a typed error, not a trap (issue 69).
      let outside = input.byte() < 128 ? -1 - input.int(0...3) : slots.count + input.int(0...3)
      require(attempt({ () throws(HarmonicError) in try model.state(ofRow: outside, at: at) }) == nil, "reorder answered row \(outside)")
      require(attempt({ () throws(HarmonicError) in try model.motion(ofRow: outside) }) == nil, "reorder gave the motion of row \(outside)")
      let dragged = model.draggedRow
      let done: Void? = attempt { () throws(HarmonicError) in
        input.byte() < 32 ? try model.drop(velocity: input.moderate(), at: now) : try model.drag(to: input.moderate(), velocity: input.moderate(), at: now)
      }
      if done != nil { last = at }
      for row in 0..<slots.count where row != dragged {
        guard let after = attempt({ () throws(HarmonicError) in try model.state(ofRow: row, at: at) }) else {
          return require(false, "reorder refused row \(row)")
        }
        finite(after.value, after.velocity, what: "reorder row \(row)")
        require(after.value == rows[row].value && after.velocity == rows[row].velocity, "reorder row \(row) jumped at \(at.ticks)")
      }
    }
    require(model.order.sorted() == Array(0..<slots.count), "reorder lost a row: \(model.order)")
  }
}

/// Decays, timed curves and the animator that sequences them: typed errors
/// or finite values, C¹ hand-offs, completion reported at most once.
func fuzzMomentumAndEasing(_ input: inout FuzzInput, spring: Spring) {
  let rate = input.bool() ? input.double() : 0.9 + Double(input.int(0...99)) / 1000
  let start = CGPoint(x: input.moderate(), y: input.moderate())
  let velocity = CGPoint(x: input.moderate() * 50, y: input.moderate() * 50)
  if let glide = attempt({ () throws(HarmonicError) in try ValueDecay(value: start, velocity: velocity, decelerationRate: rate) }) {
    let time = AnimationTime(ticks: Int64(input.int(0...5_000)) * 1_000_000)
    let state = glide.components(at: time)
    finite(state.value[0], state.value[1], state.velocity[0], state.velocity[1], what: "decay at \(time.ticks)")
    if let band = attempt({ () throws(HarmonicError) in try SettleTolerance(value: input.double(), velocity: input.bool() ? .infinity : input.double()) }),
      let end = glide.endTick(within: band)
    {
      let rest = glide.endValue, there = glide.value(at: end)
      require(
        abs(there.x - rest.x) <= band.value && abs(there.y - rest.y) <= band.value,
        "decay not within its band at its end tick: \(there) vs \(rest), band \(band), end \(end.ticks), glide \(glide)")
    }
    let low = SIMD2(input.moderate(), input.moderate()), high = SIMD2(input.moderate(), input.moderate())
    if let (contact, next) = attempt({ () throws(HarmonicError) in try glide.handOff(minimum: low, maximum: high, spring: spring) }) ?? nil {
      let (a, b) = (glide.components(at: contact), next.components(at: contact))
      require(a.value == b.value && a.velocity == b.velocity, "decay hand-off is not C¹ at \(contact.ticks)")
    }
  }
  var points: [(time: Double, value: Double)] = []
  for _ in 0..<input.int(0...6) { points.append((input.double(), input.moderate())) }
  let curve: TimingCurve
  switch input.int(0...2) {
  case 0: curve = (attempt { () throws(HarmonicError) in try TimingCurve.piecewiseLinear(points) }) ?? .linear
  case 1:
    curve =
      (attempt { () throws(HarmonicError) in
        try TimingCurve.cubicBezier(CubicBezier(x1: input.double(), y1: input.moderate(), x2: input.double(), y2: input.moderate()))
      }) ?? .linear
  default: curve = .cubicBezier(.easeInOut)
  }
  let band = input.bool() ? nil : attempt { () throws(HarmonicError) in try SettleTolerance(value: input.double()) }
  guard var animator = attempt({ () throws(HarmonicError) in try ValueAnimator(value: start, tolerance: band) }) else { return }
  var now = AnimationTime.zero
  for _ in 0..<input.int(1...6) {
    now = now + AnimationTime(ticks: Int64(input.int(-20...400)) * 1_000_000)
    switch input.int(0...3) {
    case 0: _ = attempt { () throws(HarmonicError) in try animator.spring(to: CGPoint(x: input.moderate(), y: input.moderate()), with: spring, at: now) }
    case 1:
      let shown = max(now, animator.start)
      _ = attempt { () throws(HarmonicError) in
        animator.run(try ValueDecay(value: animator.value(at: shown), velocity: velocity, decelerationRate: rate, start: shown))
      }
    case 2:
      let shown = max(now, animator.start)
      _ = attempt { () throws(HarmonicError) in
        animator.run(
          try TimedAnimation(
            from: animator.value(at: shown), to: CGPoint(x: input.moderate(), y: input.moderate()), duration: input.double(), curve: curve,
            start: shown))
      }
    default: animator.stop(at: now)
    }
    let frame = animator.frame(at: now)
    finite(Double(frame.value.x), Double(frame.value.y), Double(frame.velocity.x), Double(frame.velocity.y), what: "animator frame at \(now.ticks)")
    require(!(frame.didEnd && animator.frame(at: now).didEnd), "didEnd reported twice")
  }
}
