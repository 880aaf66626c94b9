import Harmonic

extension _HostRun {
  /// How an event must leave what is on screen.
  enum Continuity {
    /// Every element shown before is shown after at the same center (within
    /// the tolerance, points) and the offset is where it was.
    case continues(tolerance: Double)
    /// The event moves things on purpose (a finger, a gesture's progress, a change without animation).
    case jumps
    /// The event must be refused: it throws and every answer stays as it was.
    case refused
    /// The event does not apply in this state and was not delivered.
    case skipped
  }

  /// Delivers one event at its tick, in UIKit's order, and checks it.
  mutating func deliver(_ step: LayoutAnimatorHost.Script.Step) -> String? {
    do { try engine.advance(to: AnimationTime(ticks: step.tick)) } catch { return "advance threw \(error)" }
    if let failure = checkStep(to: step.tick, _HostPass(engine)) { return failure }
    let before = _HostPass(engine)
    let (activity, snapshot) = (engine.activity, engine)
    let continuity: Continuity
    do {
      continuity = try apply(step.event)
    } catch {
      return "threw \(error) (was \(activity))"
    }
    let after = _HostPass(engine)
    if let problem = after.problem() { return problem }
    switch continuity {
    case .skipped:
      break
    case .jumps:
      break
    case .refused:
      guard after.bits == before.bits, engine.activity == activity else { return "a refused event changed the engine" }
      engine = snapshot
    case .continues(let tolerance):
      if let failure = continues(from: before, tolerance: tolerance) { return "\(failure) (was \(activity), now \(engine.activity))" }
    }
    last = (step.tick, after, engine.activity, engine)
    return nil
  }

  /// Whether everything shown in `before` is still shown at the same place.
  func continues(from before: _HostPass, tolerance: Double) -> String? {
    let offsetStep = max(
      (Double(before.offset.x) - Double(engine.contentOffset.x)).magnitude, (Double(before.offset.y) - Double(engine.contentOffset.y)).magnitude)
    if offsetStep > tolerance { return "the offset jumped from \(before.offset) to \(engine.contentOffset)" }
    let everywhere = CGRect(x: -100_000, y: -100_000, width: 200_000, height: 200_000)
    let now = engine.layoutAttributesForElements(in: everywhere) + engine.leavingAttributes
    for was in before.visible {
      let found = now.contains { a in
        (Double(a.center.x) - Double(was.center.x)).magnitude <= tolerance && (Double(a.center.y) - Double(was.center.y)).magnitude <= tolerance
          && (Double(a.size.width) - Double(was.size.width)).magnitude <= tolerance
          && (Double(a.size.height) - Double(was.size.height)).magnitude <= tolerance
      }
      if !found { return "\(was.elementID) at \(was.center) \(was.size) is no longer shown there" }
    }
    return nil
  }

  /// Applies an event the way a host would; what it must do to the screen.
  mutating func apply(_ event: LayoutAnimatorHost.Event) throws -> Continuity {
    let exact = Continuity.continues(tolerance: 1e-6)
    switch event {
    case .drag(let fraction):
      engine.scrollViewWillBeginDragging()
      fingerDown = true
      guard engine.activity == .resting else { return exact }
      let to = offset(fraction, in: try currentLayout(), viewport: engine.viewport)
      _ = engine.shouldInvalidateLayout(forBoundsChange: CGRect(origin: to, size: engine.viewport.size))
      offTarget = true
      return .jumps
    case .touch:
      let wasSnapping = engine.activity == .snapping
      engine.scrollViewWillBeginDragging()
      fingerDown = true
      if wasSnapping { offTarget = true }
      return exact
    case .release(let velocity, let engineDriven):
      return try release(velocity: velocity, engineDriven: engineDriven)
    case .insert, .delete, .move, .reload, .insertSection, .deleteSection, .moveSection, .changes:
      return try update(event)
    case .bogusUpdate:
      let s = counts.count - 1
      do {
        try engine.prepare(forCollectionViewUpdates: [.insert(ItemIndexPath(item: counts[s] + 5, section: s))], layout: try currentLayout())
      } catch { return .refused }
      throw HostFailure("an update beyond the data was accepted")
    case .setLayout(let fraction, let animated):
      presentation = presentation == .grid ? .list : .grid
      gesture = nil
      let layout = try currentLayout()
      try engine.setLayout(layout, contentOffset: offset(fraction, in: layout, viewport: engine.viewport), animated: animated)
      if script.snapping { offTarget = false }
      return animated && !engine.isMotionReduced ? exact : .jumps
    case .rotate:
      portrait.toggle()
      let viewport = _HostRun.viewport(portrait: portrait, chrome: script.chrome)
      let old = reachable
      let fraction = old.upperBound > old.lowerBound ? (along(engine.contentOffset) - old.lowerBound) / (old.upperBound - old.lowerBound) : 0
      let layout = try currentLayout()
      try engine.prepare(
        forAnimatedBoundsChange: viewport, layout: layout, contentOffset: offset(min(max(fraction, 0), 1), in: layout, viewport: viewport))
      if script.snapping { offTarget = false }
      gesture = nil
      return engine.isMotionReduced ? .jumps : exact
    case .setLayoutKeepingAnchor(let animated):
      presentation = presentation == .grid ? .list : .grid
      gesture = nil
      try engine.setLayout(try currentLayout(), animated: animated)
      if script.snapping { offTarget = false }
      return animated && !engine.isMotionReduced ? exact : .jumps
    case .rotateKeepingAnchor:
      portrait.toggle()
      let viewport = _HostRun.viewport(portrait: portrait, chrome: script.chrome)
      try engine.prepare(forAnimatedBoundsChange: viewport, layout: try currentLayout())
      if script.snapping { offTarget = false }
      gesture = nil
      return engine.isMotionReduced ? .jumps : exact
    case .reduceMotion(let on):
      engine.systemReducesMotion = on
      return exact
    case .interactiveStart(let fraction):
      let start = presentation
      presentation = start == .grid ? .list : .grid
      let layout = try currentLayout()
      try engine.startInteractiveTransition(to: layout, contentOffset: offset(fraction, in: layout, viewport: engine.viewport))
      gesture = (start, presentation, offTarget)
      offTarget = !script.snapping
      return exact
    case .progress(let progress):
      guard engine.activity == .interactive else { return .skipped }
      engine.transitionProgress = progress
      return .jumps
    case .finish(let velocity), .cancel(let velocity):
      let finishing = if case .finish = event { true } else { false }
      guard engine.activity == .interactive, let gesture else {
        do {
          if finishing { try engine.finishInteractiveTransition(velocity: velocity) } else { try engine.cancelInteractiveTransition(velocity: velocity) }
        } catch { return .refused }
        throw HostFailure("a release without a gesture was accepted")
      }
      if finishing { try engine.finishInteractiveTransition(velocity: velocity) } else { try engine.cancelInteractiveTransition(velocity: velocity) }
      presentation = finishing ? gesture.target : gesture.start
      offTarget = finishing ? !script.snapping : gesture.offTarget
      return exact
    case .grab:
      guard engine.activity == .released, let gesture else {
        do { _ = try engine.grabInteractiveTransition() } catch { return .refused }
        throw HostFailure("a grab with nothing to grab was accepted")
      }
      _ = try engine.grabInteractiveTransition()
      presentation = gesture.target
      return .continues(tolerance: 1e-6)
    }
  }

  /// A release on either path.
  mutating func release(velocity: Double, engineDriven: Bool) throws -> Continuity {
    let v = script.horizontal ? CGPoint(x: velocity, y: 0) : CGPoint(x: 0, y: velocity)
    fingerDown = false
    let resting = engine.activity == .resting || engine.activity == .snapping
    if engineDriven {
      let stay = try engine.scrollViewWillEndDragging(withVelocity: v)
      guard resting else { return .continues(tolerance: 1e-6) }
      if script.snapping {
        offTarget = false
        return .continues(tolerance: 1e-6)
      }
      // No snapping: UIKit decelerates to the offset it was given, within the content; the host scrolls there.
      let to = offset(along: min(max(along(stay), reachable.lowerBound), reachable.upperBound))
      guard to != engine.contentOffset else { return .continues(tolerance: 1e-6) }
      _ = engine.shouldInvalidateLayout(forBoundsChange: CGRect(origin: to, size: engine.viewport.size))
      return .jumps
    }
    // UIKit's path: the layout answers the target, UIKit's own deceleration goes there.
    let proposed = offset(along: along(engine.contentOffset) - 1000 * velocity / (1000 * _HostRun.lnNormalRate))
    let target = try engine.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: v)
    guard engine.activity == .resting else { return .continues(tolerance: 1e-6) }
    let to = offset(along: min(max(along(target), reachable.lowerBound), reachable.upperBound))
    _ = engine.shouldInvalidateLayout(forBoundsChange: CGRect(origin: to, size: engine.viewport.size))
    offTarget = !script.snapping
    return .jumps
  }

  /// ln 0.998, UIKit's normal deceleration rate per millisecond.
  static let lnNormalRate = -0.002002002670673797

  /// A batch update of the app's data, as an index modulo the data.
  mutating func update(_ event: LayoutAnimatorHost.Event) throws -> Continuity {
    var items: [LayoutAnimator.UpdateItem] = []
    func path(_ item: Int, _ section: Int) -> ItemIndexPath { ItemIndexPath(item: item, section: section) }
    let total = counts.reduce(0, +)
    switch event {
    case .insert(let item, let section):
      let s = section % counts.count
      items = [.insert(path(item % (counts[s] + 1), s))]
      counts[s] += 1
    case .delete(let item, let section):
      let s = section % counts.count
      guard counts[s] > 0, total > 1 else { return .skipped }
      items = [.delete(path(item % counts[s], s))]
      counts[s] -= 1
    case .move(let from, let to, let section):
      let s = section % counts.count
      guard counts[s] >= 2, from % counts[s] != to % counts[s] else { return .skipped }
      items = [.move(from: path(from % counts[s], s), to: path(to % counts[s], s))]
    case .reload(let item, let section):
      let s = section % counts.count
      guard counts[s] > 0 else { return .skipped }
      items = [.reload(path(item % counts[s], s))]
    case .insertSection(let section, let count):
      guard counts.count < 3 else { return .skipped }
      let s = section % (counts.count + 1)
      items = [.insertSection(s)]
      counts.insert(count, at: s)
    case .deleteSection(let section):
      let s = section % counts.count
      guard counts.count >= 2, total - counts[s] >= 1 else { return .skipped }
      items = [.deleteSection(s)]
      counts.remove(at: s)
    case .moveSection(let from, let to):
      let (a, b) = (from % counts.count, to % counts.count)
      guard a != b else { return .skipped }
      items = [.moveSection(from: a, to: b)]
      counts.insert(counts.remove(at: a), at: b)
    case .changes(let deleted, let inserted, let reloaded, let section):
      let s = section % counts.count
      let old = counts[s]
      let gone = old == 0 ? [] : Array(Set(deleted.map { $0 % old })).sorted()
      guard total - gone.count >= 1 else { return .skipped }
      let new = old - gone.count + Set(inserted).count
      let added = new == 0 ? [] : Array(Set(inserted.map { $0 % new })).sorted()
      let count = old - gone.count + added.count
      let kept = old == 0 ? [] : Array(Set(reloaded.map { $0 % old }).subtracting(gone)).sorted()
      items = gone.map { .delete(path($0, s)) } + added.map { .insert(path($0, s)) } + kept.map { .reload(path($0, s)) }
      guard !items.isEmpty, added.allSatisfy({ $0 < count }) else { return .skipped }
      counts[s] = count
    default:
      return .skipped
    }
    try engine.prepare(forCollectionViewUpdates: items, layout: try currentLayout())
    gesture = nil
    if script.snapping { offTarget = false }
    // With motion reduced the offset lands at once (what is on screen fades in place).
    return engine.isMotionReduced ? .jumps : .continues(tolerance: 1e-6)
  }
}

/// A promise the host found broken (not an error of the engine's).
struct HostFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
