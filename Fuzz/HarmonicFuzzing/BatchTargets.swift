import Harmonic

func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

/// Whether two backends' results agree: bit for bit when the active BLAS
/// rounds like the native loops (reference BLAS), otherwise within 4ε of
/// `scale`, the sum of the magnitudes of the terms each result adds up (FMA
/// and blocking change only the last bits), plus two subnormal steps.
func backendsAgree(_ a: Double, _ b: Double, scale: Double) -> Bool {
  if SpringBatch.blasMatchesNativeBitForBit { return a.bitPattern == b.bitPattern }
  return (a - b).magnitude <= 4 * Double.ulpOfOne * scale + 2 * Double.leastNonzeroMagnitude
}

/// The magnitudes of the terms of an element's value `start·R + target·P + v₀·Ŝ`
/// and velocity `v₀·Ĉ − restoring·Ŝ` at `tick`, from probe motions whose
/// value or velocity is one coefficient exactly (nil when a probe is refused).
func termScales(_ batch: SpringBatch, item: Int, channel: Int, at tick: AnimationTime) -> (value: Double, velocity: Double)? {
  let spring = batch.spring(ofItem: item)
  let elapsed = tick - batch.start
  guard let remaining = attempt({ () throws(HarmonicError) in try SpringMotion(spring: spring, from: 1, to: 0) }),
    let step = attempt({ () throws(HarmonicError) in try SpringMotion(spring: spring, from: 0, to: 1) }),
    let kick = attempt({ () throws(HarmonicError) in try SpringMotion(spring: spring, from: 0, to: 0, initialVelocity: 1) })
  else { return nil }
  let r = remaining.state(at: elapsed).value, p = step.state(at: elapsed).value
  let k = kick.state(at: elapsed)  // value Ŝ, velocity Ĉ − a·Ŝ
  let a = spring.damping / (2 * spring.mass)
  let c = k.velocity.magnitude + a * k.value.magnitude
  let (start, target) = (batch.start(item: item, channel: channel), batch.target(item: item, channel: channel))
  let v0 = batch.initialVelocity(item: item, channel: channel)
  let restoring = (spring.stiffness / spring.mass) * (start - target).magnitude + a * v0.magnitude
  return (
    (start * r).magnitude + (target * p).magnitude + (v0 * k.value).magnitude,
    (v0 * c).magnitude + restoring * k.value.magnitude
  )
}

func fuzzBatch(_ input: inout FuzzInput) {
  let items = input.int(1...6), channels = input.int(1...4)
  let n = items * channels
  // Mostly valid columns, sometimes a bad count or value.
  func column(_ scale: Double) -> [Double] {
    let count = input.byte() < 8 ? input.int(0...n + 1) : n
    return (0..<count).map { _ in input.moderate() * scale }
  }
  let start = column(1), target = column(1)
  let velocity: [Double]? = input.bool() ? column(8) : nil
  let assignment: SpringAssignment
  switch input.int(0...2) {
  case 0: assignment = .shared(anySpring(&input))
  case 1:
    let springs = (0..<input.int(0...3)).map { _ in anySpring(&input) }
    assignment = .groups(springs, groupOfItem: (0..<(input.byte() < 8 ? input.int(0...7) : items)).map { _ in input.int(-1...3) })
  default:
    assignment = .perItem((0..<(input.byte() < 8 ? input.int(0...7) : items)).map { _ in anySpring(&input) })
  }
  guard
    var batch = attempt({ () throws(HarmonicError) in
      try SpringBatch(
        itemCount: items, channelCount: channels, from: start, to: target, velocity: velocity,
        springs: assignment, progressVelocity: input.bool() ? input.double() : 0)
    })
  else { return }

  var native = batch.makeFrame(), blas = batch.makeFrame()
  var progress = [Double](repeating: 0, count: items)
  for _ in 0..<input.int(1...4) {
    let tick = AnimationTime(ticks: Int64(input.int(-1_000...2_000_000)) * 1_000_000)
    evaluateAndCompare(batch, at: tick, native: &native, blas: &blas)
    if attempt({ () throws(HarmonicError) in try batch.progress(at: tick, into: &progress) }) != nil {
      for p in progress { finite(p, what: "progress at \(tick.ticks)") }
    }
    finite(batch.averageProgress(at: tick), what: "average progress at \(tick.ticks)")

    // Retarget a few items, C¹ bit for bit at the retarget tick.
    if input.bool() {
      let chosen = Array(Set((0..<input.int(0...items)).map { _ in input.int(0...items - 1) })).sorted()
      let targets = (0..<chosen.count * channels).map { _ in input.moderate() }
      let spring = input.bool() ? makeSpring(&input) : nil
      var retargeted = batch
      if attempt({ () throws(HarmonicError) in try retargeted.retarget(items: chosen, to: targets, at: tick, spring: spring) }) != nil {
        // A new spring adds a group: frames are per batch shape, so make new ones.
        var after = retargeted.makeFrame(), afterBLAS = retargeted.makeFrame()
        evaluateAndCompare(retargeted, at: tick, native: &after, blas: &afterBLAS)
        evaluateAndCompare(batch, at: tick, native: &native, blas: &blas)
        require(bits(after.values) == bits(native.values), "retarget moved values at \(tick.ticks)")
        require(bits(after.velocities) == bits(native.velocities), "retarget changed velocities at \(tick.ticks)")
        batch = retargeted
        (native, blas) = (after, afterBLAS)
      }
    }
  }

  // Settle tick for per-channel tolerances: the band holds from it on.
  let tolerances = (0..<channels).map { _ in input.byte() < 8 ? input.double() : Double(input.int(1...1000)) / 100 }
  if let settle = attempt({ () throws(HarmonicError) in try batch.endTick(valueTolerances: tolerances) }), let settle {
    for later in [settle, settle + AnimationTime(ticks: 705_600_000)] {
      evaluateAndCompare(batch, at: later, native: &native, blas: &blas)
      for item in 0..<items {
        for channel in 0..<channels {
          let e = batch.element(item: item, channel: channel)
          let distance = (native.values[e] - batch.target(item: item, channel: channel)).magnitude
          let scale =
            (batch.start(item: item, channel: channel) - batch.target(item: item, channel: channel)).magnitude
            + batch.target(item: item, channel: channel).magnitude + batch.initialVelocity(item: item, channel: channel).magnitude
          // The settle time is the exact motion's; a computed value also
          // carries its rounding: relative, and below the normal range
          // absolute (three products, each rounded by up to half of the
          // least subnormal: a subnormal tolerance saw 1.4 of it).
          require(
            distance <= tolerances[channel] + 1e-12 * scale + 4 * Double.leastNonzeroMagnitude,
            "item \(item) channel \(channel) off by \(distance) > \(tolerances[channel]) at tick \(later.ticks), settle tick \(settle.ticks), origin \(batch.start.ticks), "
              + "spring \(batch.spring(ofItem: item)), start \(batch.start(item: item, channel: channel)), target \(batch.target(item: item, channel: channel)), "
              + "velocity \(batch.initialVelocity(item: item, channel: channel))")
        }
      }
    }
  }

  // Fixed-step stepping and baking stay finite and agree across backends.
  if let step = attempt({ () throws(HarmonicError) in try AnimationTime(frame: 1, framesPerSecond: Int64(input.element([30, 60, 120, 240]))) }),
    var stepper = attempt({ () throws(HarmonicError) in try batch.makeStepper(step: step) })
  {
    var other = stepper
    var values = [Double](repeating: 0, count: n), otherValues = values
    // Largest |u| + |v|·(steps·h) met on the way, per element: the scale of what
    // one step's rounding can add up to by the end (an error in v moves u by at
    // most the elapsed time).
    let steps = input.int(1...50)
    var scale = (0..<n).map { e in batch.target(item: e % items, channel: e / items).magnitude }
    let elapsed = Double(steps) * step.seconds
    for _ in 0..<steps {
      stepper.advance(backend: .native)
      other.advance(backend: .blas)
      _ = attempt { () throws(HarmonicError) in try stepper.values(into: &values) }
      for e in 0..<n {
        let target = batch.target(item: e % items, channel: e / items)
        scale[e] = max(scale[e], target.magnitude + (values[e] - target).magnitude + stepper.velocities[stepper.velocities.startIndex + e].magnitude * elapsed)
      }
    }
    _ = attempt { () throws(HarmonicError) in try stepper.values(into: &values) }
    _ = attempt { () throws(HarmonicError) in try other.values(into: &otherValues) }
    for value in values { finite(value, what: "stepped value") }
    for e in 0..<n {
      require(
        backendsAgree(values[e], otherValues[e], scale: 16 * Double(steps) * scale[e]),
        "stepper native \(values[e]) != BLAS \(otherValues[e]) at element \(e)")
    }
  }
  let frames = input.int(0...4)
  if var bakeNative = attempt({ () throws(HarmonicError) in try batch.makeBake(frameCount: frames) }) {
    var bakeBLAS = bakeNative
    var ticks: [AnimationTime] = []
    var tick: Int64 = 0
    for _ in 0..<frames { tick += Int64(input.int(-2...40)) * 11_760_000; ticks.append(AnimationTime(ticks: tick)) }
    let a: Void? = attempt { () throws(HarmonicError) in try batch.bake(ticks: ticks, into: &bakeNative, backend: .native) }
    let b: Void? = attempt { () throws(HarmonicError) in try batch.bake(ticks: ticks, into: &bakeBLAS, backend: .blas) }
    require((a == nil) == (b == nil), "bake accepted by one backend only")
    if a != nil {
      for value in bakeNative.values { finite(value, what: "baked value") }
      for (j, tick) in ticks.enumerated() {
        for item in 0..<items {
          for channel in 0..<channels {
            let e = j * n + batch.element(item: item, channel: channel)
            guard let scale = termScales(batch, item: item, channel: channel, at: tick)?.value else { continue }
            require(
              backendsAgree(bakeNative.values[e], bakeBLAS.values[e], scale: scale),
              "bake native \(bakeNative.values[e]) != BLAS \(bakeBLAS.values[e]) at frame \(j), item \(item), channel \(channel)")
          }
        }
      }
    }
  }

  // Pose interpolation.
  let (from, to) = (column(1), column(1))
  if let pose = attempt({ () throws(HarmonicError) in try PosePair(from: from, to: to) }) {
    var a = [Double](repeating: 0, count: pose.elementCount), b = a
    let p = input.double()
    let ok: Void? = attempt { () throws(HarmonicError) in try pose.interpolate(progress: p, into: &a, backend: .native) }
    _ = attempt { () throws(HarmonicError) in try pose.interpolate(progress: p, into: &b, backend: .blas) }
    if ok != nil {
      for value in a { finite(value, what: "interpolated value at \(p)") }
      for e in 0..<a.count {
        require(
          backendsAgree(a[e], b[e], scale: (from[e] * (1 - p)).magnitude + (to[e] * p).magnitude),
          "interpolation native \(a[e]) != BLAS \(b[e]) at \(e)")
      }
    }
  }
}

/// Evaluates with both backends and checks them against each other and
/// against the scalar closed form of every element.
func evaluateAndCompare(_ batch: SpringBatch, at tick: AnimationTime, native: inout SpringBatch.Frame, blas: inout SpringBatch.Frame) {
  let a: Void? = attempt { () throws(HarmonicError) in try batch.evaluate(at: tick, into: &native, backend: .native) }
  let b: Void? = attempt { () throws(HarmonicError) in try batch.evaluate(at: tick, into: &blas, backend: .blas) }
  require(a != nil && b != nil, "evaluate rejected its own frame")
  for item in 0..<batch.itemCount {
    for channel in 0..<batch.channelCount {
      guard let scale = termScales(batch, item: item, channel: channel, at: tick) else { continue }
      let e = batch.element(item: item, channel: channel)
      require(
        backendsAgree(native.values[e], blas.values[e], scale: scale.value)
          && backendsAgree(native.velocities[e], blas.velocities[e], scale: scale.velocity),
        "native != BLAS at \(tick.ticks), item \(item), channel \(channel): \(native.values[e]) vs \(blas.values[e]), "
          + "\(native.velocities[e]) vs \(blas.velocities[e])")
    }
  }
  for value in native.values { finite(value, what: "batch value at \(tick.ticks)") }
  for value in native.velocities { finite(value, what: "batch velocity at \(tick.ticks)") }
  for item in 0..<batch.itemCount {
    for channel in 0..<batch.channelCount {
      guard
        let motion = attempt({ () throws(HarmonicError) in
          try SpringMotion(
            spring: batch.spring(ofItem: item), from: batch.start(item: item, channel: channel),
            to: batch.target(item: item, channel: channel), initialVelocity: batch.initialVelocity(item: item, channel: channel))
        })
      else {
        // A retarget rebases an element to its current state, which an
        // overshoot can carry past SpringMotion's 1e100 limit; only then may
        // the scalar motion be refused.
        let inRange = [
          batch.start(item: item, channel: channel), batch.target(item: item, channel: channel),
          batch.initialVelocity(item: item, channel: channel),
        ].allSatisfy { $0.magnitude <= 1e100 }
        if !inRange { continue }
        require(
          false,
          "batch element has no scalar motion: item \(item) channel \(channel), start \(batch.start(item: item, channel: channel)), "
            + "target \(batch.target(item: item, channel: channel)), velocity \(batch.initialVelocity(item: item, channel: channel)), origin \(batch.start.ticks)"
        )
        return
      }
      let state = motion.state(at: tick - batch.start)
      let e = batch.element(item: item, channel: channel)
      require(
        state.value.bitPattern == native.values[e].bitPattern && state.velocity.bitPattern == native.velocities[e].bitPattern,
        "batch != scalar for item \(item) channel \(channel) at \(tick.ticks): \(native.values[e]) vs \(state.value)")
    }
  }
}
