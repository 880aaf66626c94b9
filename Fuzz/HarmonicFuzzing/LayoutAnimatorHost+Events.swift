import Harmonic

extension _HostRun {
  /// How an event must leave what is on screen.
  enum Continuity {
    /// Every element shown before is shown after — the same element,
    /// through the update's mapping — at the same center and size (within
    /// the tolerance, points), and the offset is where it was; with
    /// `keepsVelocity`, every cell also keeps its velocity.
    case continues(tolerance: Double, keepsVelocity: Bool = false)
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
    let (activity, snapshot, digest) = (engine.activity, engine, engine._digest)
    let continuity: Continuity
    mapping = [:]
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
      // The whole state, not only the answers; and no restore: what a
      // refusal changed would show later.
      guard engine._digest == digest else { return "a refused event changed the engine's state (was \(activity), now \(engine.activity))" }
    case .continues(let tolerance, let keepsVelocity):
      if let failure = continues(from: before, tolerance: tolerance) { return "\(failure) (was \(activity), now \(engine.activity))" }
      if keepsVelocity, let failure = keepsVelocities(of: before, from: snapshot, at: step.tick) {
        return "\(failure) (was \(activity), now \(engine.activity))"
      }
    }
    digests.append(engine._digest)
    last = (step.tick, after, engine.activity, engine)
    return nil
  }

  /// Element `id` shown before the event, as the data now names it
  /// (``mapping``; nil: it left the data), or itself.
  func mapped(_ id: ElementID) -> ElementID? {
    if let entry = mapping[id] { return entry }
    return id
  }

  /// Whether every element shown in `before` is still shown — the same
  /// element, through the update's index mapping (``mapping``) — at the
  /// same place: among the layout's answers under its new id, or among
  /// the leaving elements under its old one when it left the data.
  func continues(from before: _HostPass, tolerance: Double) -> String? {
    let offsetStep = max(
      (Double(before.offset.x) - Double(engine.contentOffset.x)).magnitude, (Double(before.offset.y) - Double(engine.contentOffset.y)).magnitude)
    if offsetStep > tolerance { return "the offset jumped from \(before.offset) to \(engine.contentOffset)" }
    let everywhere = CGRect(x: -100_000, y: -100_000, width: 200_000, height: 200_000)
    var now: [ElementID: [LayoutAttributes]] = [:]
    for a in engine.layoutAttributesForElements(in: everywhere) { now[a.elementID, default: []].append(a) }
    var gone: [ElementID: [LayoutAttributes]] = [:]
    for a in engine.leavingAttributes { gone[a.elementID, default: []].append(a) }
    func same(_ a: LayoutAttributes, _ was: LayoutAttributes) -> Bool {
      (Double(a.center.x) - Double(was.center.x)).magnitude <= tolerance && (Double(a.center.y) - Double(was.center.y)).magnitude <= tolerance
        && (Double(a.size.width) - Double(was.size.width)).magnitude <= tolerance
        && (Double(a.size.height) - Double(was.size.height)).magnitude <= tolerance
    }
    for was in before.visible {
      let id = mapped(was.elementID)
      let found = id.map { (now[$0] ?? []).contains { same($0, was) } } ?? false
      if !found, !(gone[was.elementID] ?? []).contains(where: { same($0, was) }) {
        let shown = id.flatMap { now[$0]?.first }.map { "\($0.center)" } ?? "nowhere"
        return "\(was.elementID) (now \(id.map { "\($0)" } ?? "gone")) at \(was.center) \(was.size) is no longer shown there (shown at \(shown))"
      }
    }
    return nil
  }

  /// Whether every element shown in `before` (cells; a pinned header
  /// follows the offset) moves on at the velocity it had: its step over
  /// the next tick, after the event, against its step over that tick had
  /// the event not happened (`previous`), in content coordinates. One tick
  /// is 1.4 ns: the steps differ by (Δv)·δ plus the two motions'
  /// accelerations times δ²/2, which is below 1e-12 pt for any spring here,
  /// so the steps tell the velocities apart to 0.05 pt/s.
  func keepsVelocities(of before: _HostPass, from previous: LayoutAnimator, at tick: Int64) -> String? {
    var (without, with) = (previous, engine)
    let next = AnimationTime(ticks: tick + 1)
    guard (try? without.advance(to: next)) != nil, (try? with.advance(to: next)) != nil else { return "advance threw" }
    let everywhere = CGRect(x: -100_000, y: -100_000, width: 200_000, height: 200_000)
    var (then, now): ([ElementID: LayoutAttributes], [ElementID: LayoutAttributes]) = ([:], [:])
    for a in without.layoutAttributesForElements(in: everywhere) { then[a.elementID] = a }
    var shownNow: [ElementID: LayoutAttributes] = [:]
    for a in engine.layoutAttributesForElements(in: everywhere) { shownNow[a.elementID] = a }
    for a in with.layoutAttributesForElements(in: everywhere) { now[a.elementID] = a }
    let perTick = Double(AnimationTime.ticksPerSecond)
    for was in before.visible where was.elementID.kind == .cell {
      guard let id = mapped(was.elementID), let a0 = shownNow[id], let a1 = now[id], let b1 = then[was.elementID] else { continue }
      let axes = [(a0.center.x, a1.center.x, was.center.x, b1.center.x, "x"), (a0.center.y, a1.center.y, was.center.y, b1.center.y, "y")]
      for (p0, p1, q0, q1, axis) in axes {
        let vAfter = (Double(p1) - Double(p0)) * perTick, vBefore = (Double(q1) - Double(q0)) * perTick
        if (vAfter - vBefore).magnitude > 0.05 + 1e-6 * vBefore.magnitude {
          return "\(was.elementID) (now \(id)) moved at \(vBefore) pt/s along \(axis) before the event and \(vAfter) after"
        }
      }
    }
    return nil
  }

  /// Applies an event the way a host would; what it must do to the screen.
  mutating func apply(_ event: LayoutAnimatorHost.Event) throws -> Continuity {
    let exact = Continuity.continues(tolerance: 1e-6)
    let smooth = Continuity.continues(tolerance: 1e-6, keepsVelocity: true)
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
      return animated && !engine.isMotionReduced ? smooth : .jumps
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
      return engine.isMotionReduced ? .jumps : smooth
    case .setLayoutKeepingAnchor(let animated):
      presentation = presentation == .grid ? .list : .grid
      gesture = nil
      try engine.setLayout(try currentLayout(), animated: animated)
      if script.snapping { offTarget = false }
      return animated && !engine.isMotionReduced ? smooth : .jumps
    case .rotateKeepingAnchor:
      portrait.toggle()
      let viewport = _HostRun.viewport(portrait: portrait, chrome: script.chrome)
      try engine.prepare(forAnimatedBoundsChange: viewport, layout: try currentLayout())
      if script.snapping { offTarget = false }
      gesture = nil
      return engine.isMotionReduced ? .jumps : smooth
    case .reduceMotion(let on):
      engine.systemReducesMotion = on
      return smooth
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
    let oldCounts = counts
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
    mapping = _HostRun.mapping(items, from: oldCounts, to: counts)
    gesture = nil
    if script.snapping { offTarget = false }
    // With motion reduced the offset lands at once (what is on screen fades in place).
    return engine.isMotionReduced ? .jumps : .continues(tolerance: 1e-6, keepsVelocity: true)
  }
}

extension _HostRun {
  /// UIKit's index mapping of a batch update, written here from its rules
  /// (not the engine's): deletes, reloads and moves read old index paths,
  /// inserts and moves' destinations new ones; what is left keeps its order
  /// in the slots that remain, a reloaded item's new self in its slot. Old
  /// element → new element, nil when it left the data (a deleted item or
  /// section, a reloaded item's old self); the section's header goes with
  /// its section.
  static func mapping(_ items: [LayoutAnimator.UpdateItem], from old: [Int], to new: [Int]) -> [ElementID: ElementID?] {
    var (deletedSections, insertedSections, movedSections) = (Set<Int>(), Set<Int>(), [Int: Int]())
    var (deleted, inserted, moved) = (Set<ItemIndexPath>(), Set<ItemIndexPath>(), [ItemIndexPath: ItemIndexPath]())
    var reloaded = Set<ItemIndexPath>()
    for item in items {
      switch item {
      case .insert(let p): inserted.insert(p)
      case .delete(let p): deleted.insert(p)
      case .reload(let p): reloaded.insert(p)
      case .move(let from, let to): moved[from] = to
      case .insertSection(let s): insertedSections.insert(s)
      case .deleteSection(let s): deletedSections.insert(s)
      case .moveSection(let from, let to): movedSections[from] = to
      }
    }
    /// Old index → new index for `count` old slots into `newCount` new ones.
    func fill(_ count: Int, _ newCount: Int, gone: Set<Int>, arriving: Set<Int>, moves: [Int: Int]) -> [Int: Int] {
      var result = moves
      var taken = arriving.union(moves.values)
      var slot = 0
      for k in 0..<count where !gone.contains(k) && moves[k] == nil {
        while taken.contains(slot) { slot += 1 }
        result[k] = slot
        taken.insert(slot)
      }
      return result.filter { $0.value < newCount }
    }
    let sections = fill(old.count, new.count, gone: deletedSections, arriving: insertedSections, moves: movedSections)
    var map: [ElementID: ElementID?] = [:]
    for s in 0..<old.count {
      let header = ElementID(ElementKind._header, ItemIndexPath(item: 0, section: s))
      guard let t = sections[s] else {
        map[header] = .some(nil)
        for k in 0..<old[s] { map[ElementID(.cell, ItemIndexPath(item: k, section: s))] = .some(nil) }
        continue
      }
      map[header] = ElementID(ElementKind._header, ItemIndexPath(item: 0, section: t))
      // Items moved within or into this section, by old index; items moved out of it leave its slots.
      var within: [Int: Int] = [:]
      var out: Set<Int> = []
      for (from, to) in moved where from.section == s {
        if to.section == t { within[from.item] = to.item } else { out.insert(from.item) }
      }
      let arriving = Set(inserted.filter { $0.section == t }.map(\.item)).union(moved.filter { $0.key.section != s && $0.value.section == t }.map(\.value.item))
      let gone = Set(deleted.filter { $0.section == s }.map(\.item)).union(out)
      let items = fill(old[s], new[t], gone: gone, arriving: arriving, moves: within)
      for k in 0..<old[s] {
        let id = ElementID(.cell, ItemIndexPath(item: k, section: s))
        if reloaded.contains(ItemIndexPath(item: k, section: s)) {
          map[id] = .some(nil)
        } else if let to = moved[ItemIndexPath(item: k, section: s)], to.section != t {
          map[id] = ElementID(.cell, to)
        } else {
          map[id] = items[k].map { ElementID(.cell, ItemIndexPath(item: $0, section: t)) } ?? .some(nil)
        }
      }
    }
    return map
  }
}

/// A promise the host found broken (not an error of the engine's).
struct HostFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
