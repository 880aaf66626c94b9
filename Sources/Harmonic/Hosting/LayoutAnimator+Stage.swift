// The engine's state as one stage machine (swift-nio's model): a
// `_Stage` whose cases carry exactly the data of that stage, each UIKit event
// one transition of it, and `_checkInvariants()` after every event in debug
// builds. Leaving a stage drops what belonged to it: a snap in flight ends
// with the resting stage it belonged to, a released gesture stops being
// grabbable when another change takes over its transition.
//
// What wins when goals conflict, in order: what is on screen never jumps
// (every event continues from the pose shown), every answer is a pure
// function of the tick and the events (the same bits at any frame rate),
// exact ends (at rest, the layout's own attributes and a snap target), then
// speed.

extension LayoutAnimator {
  /// What the engine is doing, with exactly the data of that stage.
  enum _Stage: Sendable {
    /// The content rests in ``LayoutAnimator/layout``; after a release with
    /// snapping on, the scroll moves to its snap target.
    case resting(_ScrollMotion?)
    /// A transition moves the elements and the content offset: a batch
    /// update, an animated layout or bounds change, or a released gesture.
    case transitioning(_Running)
    /// A gesture poses an interactive transition.
    case interactive(_Gesture)
  }

  /// The engine's whole state after an event: its layout, viewport,
  /// content offset, stage and leaving elements (the anchor lives in the
  /// stage's transition). An event is one pure function of the current
  /// state, ``LayoutAnimator/_next(after:)``, that builds this without
  /// changing anything and throws when the event is refused; then
  /// ``LayoutAnimator/_commit(_:)``, which cannot fail, installs it. So a
  /// refused event changes nothing, by construction.
  struct _Next: Sendable {
    var layout: any CollectionLayout
    var viewport: Viewport
    var contentOffset: CGPoint
    var stage: _Stage
    var leaving: [_Leaving]

    /// The stage and the leaving elements brought to `time`.
    mutating func evaluate(at time: AnimationTime) throws(HarmonicError) {
      switch stage {
      case .resting(let scroll?):
        contentOffset = scroll.offset(at: time)
        if time >= scroll.end { stage = .resting(nil) }
      case .transitioning(var running):
        stage = .resting(nil)  // the frame is then this function's alone: written in place
        do {
          try running.shown.evaluate(at: time)
        } catch {
          stage = .transitioning(running)
          throw error
        }
        let frame = running.shown.frame
        contentOffset = frame.contentOffset
        #if DEBUG
        if LayoutAnimator._fault.get() == .jumpInFlight, frame.progress > 0.3, frame.progress < 0.35 {
          contentOffset = CGPoint(x: Double(contentOffset.x), y: Double(contentOffset.y) + 700)
        }
        #endif
        if let carried = running.carried {
          let weight = frame.hasEnded ? 1 : running.shown.transition._residualWeight(frame.progress)
          contentOffset = carried.offset(frame.contentOffset, at: time, weight: weight)
        }
        if !frame.hasEnded { running.shown.pin(at: contentOffset, from: frame.contentOffset, in: layout, viewport: viewport) }
        if !frame.hasEnded {
          stage = .transitioning(running)
        } else if let carried = running.carried, let scroll = carried.moving(at: time) {
          // The transition ends under a scroll that goes on: the scroll
          // lands where the content offset now heads; from this tick on the
          // offset is the scroll's own (the same bits whichever frame first
          // sees the transition complete).
          let landing = scroll.landing(at: carried.offset(frame.contentOffset, at: scroll.end, weight: 1))
          stage = .resting(landing)
          contentOffset = landing.offset(at: time)
        }
      case .resting(nil), .interactive:
        break
      }
      for k in leaving.indices { try leaving[k].evaluate(at: time) }
      leaving.removeAll { $0.frame.hasEnded }
    }
  }

  /// The state now, as the base of an event's next state.
  var _now: _Next { _Next(layout: layout, viewport: viewport, contentOffset: contentOffset, stage: stage, leaving: leaving) }

  /// Installs `next` (the one step that changes the engine; it cannot fail).
  mutating func _commit(_ next: _Next) {
    (layout, viewport, contentOffset, stage, leaving) = (next.layout, next.viewport, next.contentOffset, next.stage, next.leaving)
  }

  /// Every event the engine takes from its host that changes its state.
  enum _Event {
    /// A change of layout, viewport or data (``LayoutAnimator/prepare(forCollectionViewUpdates:layout:)``,
    /// ``LayoutAnimator/setLayout(_:contentOffset:animated:)``,
    /// ``LayoutAnimator/prepare(forAnimatedBoundsChange:layout:contentOffset:)``).
    case change(
      to: any CollectionLayout, endViewport: Viewport?, update: LayoutUpdate, requested: CGPoint?, policy: AnchorPolicy, animated: Bool)
    /// ``LayoutAnimator/startInteractiveTransition(to:contentOffset:)``.
    case startInteractive(to: any CollectionLayout, offset: CGPoint)
    /// ``LayoutAnimator/finishInteractiveTransition(velocity:)`` (towards the end) or the cancel.
    case release(velocity: Double, towardsEnd: Bool)
    /// ``LayoutAnimator/grabInteractiveTransition()``.
    case grab
    /// ``LayoutAnimator/scrollViewWillEndDragging(withVelocity:spring:)``, in points per second.
    case scrollRelease(speed: Double, spring: Spring)
  }

  /// The whole state after `event`, from the current one; nothing changes.
  ///
  /// - Throws: what the event's path throws: the event is then refused.
  func _next(after event: _Event) throws(HarmonicError) -> _Next {
    switch event {
    case .change(let layout, let endViewport, let update, let requested, let policy, let animated):
      try _changing(to: layout, endViewport: endViewport, update: update, requested: requested, policy: policy, animated: animated)
    case .startInteractive(let layout, let offset): try _startingInteractiveTransition(to: layout, offset: offset)
    case .release(let velocity, let towardsEnd): try _releasing(velocity: velocity, towardsEnd: towardsEnd)
    case .grab: try _grabbing()
    case .scrollRelease(let speed, let spring): try _releasingScroll(speed: speed, spring: spring)
    }
  }

  /// Takes `event`: its next state, committed; unchanged when it is refused.
  mutating func _apply(_ event: _Event) throws(HarmonicError) {
    _commit(try _next(after: event))
  }

  /// A transition the engine shows: its frame at the current tick, and its
  /// elements by their ids, for O(1) item queries.
  struct _Shown: Sendable {
    let transition: LayoutTransition
    var frame: LayoutTransition.Frame
    /// The elements' old ids with their indices, sorted by id (the
    /// elements themselves are sorted by their new id, ``LayoutTransition/Element/id``):
    /// both lookups are binary searches, and building this is one pass
    /// when no update reorders the elements (no hashing: at 100,000
    /// elements two dictionaries were a fifth of an update in flight).
    let byOldID: [(id: ElementID, element: Int)]
    /// The indices of the elements that have left the layout (`to` nil).
    let leaving: [Int]
    /// Per element, its channels at rest (``LayoutTransition/_restMasks()``): answered at their targets exactly.
    let restMasks: [UInt32]
    /// The elements other than cells that stay in the layout (headers,
    /// footers, decorations): where a layout pins them, they follow the
    /// content offset (``pin(at:from:in:viewport:)``).
    let views: [Int]
    /// The views the layout pins at both ends of the transition, where they
    /// start: along the scroll axis they stay where the layout pins them at
    /// the offset on screen (``pinThroughout(in:viewport:axis:)``).
    var pinned: [Int] = []
    /// The axis ``pinned`` views are pinned along.
    var pinnedAxis: ScrollAxis = .vertical

    init(_ transition: LayoutTransition, frame: LayoutTransition.Frame) {
      var byOldID: [(id: ElementID, element: Int)] = []
      var leaving: [Int] = [], views: [Int] = []
      byOldID.reserveCapacity(transition.elements.count)
      var sorted = true
      for (k, element) in transition.elements.enumerated() {
        if let id = element.to {
          if id.kind != .cell { views.append(k) }
        } else {
          leaving.append(k)
        }
        if let id = element.from {
          if let last = byOldID.last, !(last.id < id) { sorted = false }
          byOldID.append((id, k))
        }
      }
      if !sorted { byOldID.sort { $0.id < $1.id } }
      assert(zip(transition.elements, transition.elements.dropFirst()).allSatisfy { !($1 < $0) }, "a transition's elements are sorted")
      (self.transition, self.frame, self.byOldID, self.leaving, self.views) = (transition, frame, byOldID, leaving, views)
      restMasks = transition._restMasks()
    }

    /// The index of the element whose new id is `id`.
    func element(withNewID id: ElementID) -> Int? {
      let elements = transition.elements
      // The first element whose id is not below `id`; one that stays or
      // appears sorts before one with the same id that leaves.
      let k = _partitionPoint(count: elements.count) { !(elements[$0].id < id) }
      return k < elements.count && elements[k].to == id ? k : nil
    }

    /// The index of the element whose old id is `id`.
    func element(withOldID id: ElementID) -> Int? {
      let k = _partitionPoint(count: byOldID.count) { !(byOldID[$0].id < id) }
      return k < byOldID.count && byOldID[k].id == id ? byOldID[k].element : nil
    }

    /// Finds ``pinned``: the views that `layout` (the destination) pins at
    /// the transition's start and end offsets, along `axis` exactly where
    /// the transition starts and ends them. Their springs alone would keep
    /// them there only when they move with the offset (one shared spring,
    /// the offset following average progress); a change in flight, whose
    /// offset follows a cell, let a pinned header drift 13.6 pt off the bar.
    /// O(views) layout lookups.
    mutating func pinThroughout(in layout: any CollectionLayout, viewport: Viewport, axis: ScrollAxis) {
      let (start, end) = (transition.startOffset, transition.endOffset)
      pinnedAxis = axis
      func along(_ a: LayoutAttributes) -> CGFloat { axis == .vertical ? a.center.y : a.center.x }
      pinned = views.filter { k in
        guard let id = transition.elements[k].to, let free = layout.attributes(of: id),
          let atStart = layout.attributes(of: id, in: viewport, at: start), let atEnd = layout.attributes(of: id, in: viewport, at: end)
        else { return false }
        return along(atStart) != along(free) && along(atEnd) != along(free) && along(transition._startAttributes(k)) == along(atStart)
          && along(transition._endAttributes(k)) == along(atEnd)
      }
    }

    /// Moves the views that `layout` pins by what pinning them at `offset`
    /// (the engine's, a carried scroll added) instead of at `own` (the
    /// transition's) changes: a pinned header stays pinned while a carried
    /// scroll goes on, and its pose at the transition's end is the layout's own.
    mutating func pin(at offset: CGPoint, from own: CGPoint, in layout: any CollectionLayout, viewport: Viewport) {
      pin(&frame, at: offset, from: own, in: layout, viewport: viewport)
    }

    /// ``pin(at:from:in:viewport:)`` on a frame of this transition (its
    /// attributes and, for a change in flight to continue from, its channel values).
    /// The views in ``pinned`` go where `layout` pins them at `offset`.
    func pin(_ frame: inout LayoutTransition.Frame, at offset: CGPoint, from own: CGPoint, in layout: any CollectionLayout, viewport: Viewport) {
      let n = frame.attributes.count
      let channels = frame._values.values.count >= LayoutChannels.count2D * n
      for k in pinned {
        guard let id = transition.elements[k].to, let there = layout.attributes(of: id, in: viewport, at: offset) else { continue }
        // Along the axis only: the other channels go on springing.
        if pinnedAxis == .vertical {
          frame.attributes[k].center.y = there.center.y
          if channels { frame._values.values[LayoutChannels.centerY * n + k] = Double(there.center.y) }
        } else {
          frame.attributes[k].center.x = there.center.x
          if channels { frame._values.values[LayoutChannels.centerX * n + k] = Double(there.center.x) }
        }
      }
      guard offset != own else { return }
      for k in views where !pinned.contains(k) {
        guard let id = transition.elements[k].to, let there = layout.attributes(of: id, in: viewport, at: offset),
          let here = layout.attributes(of: id, in: viewport, at: own)
        else { continue }
        let (dx, dy) = (Double(there.center.x) - Double(here.center.x), Double(there.center.y) - Double(here.center.y))
        guard dx != 0 || dy != 0 else { continue }
        let center = frame.attributes[k].center
        frame.attributes[k].center = CGPoint(x: Double(center.x) + dx, y: Double(center.y) + dy)
        if channels {
          frame._values.values[LayoutChannels.centerX * n + k] += dx
          frame._values.values[LayoutChannels.centerY * n + k] += dy
        }
      }
    }

    /// The pose at `time` for a change to continue from: the transition's
    /// frame with velocities, at the engine's offset `offset` (a carried
    /// scroll moves it past the transition's own), pinned views pinned there.
    func pose(
      at time: AnimationTime, offset: CGPoint, in layout: any CollectionLayout, viewport: Viewport
    ) throws(HarmonicError)
      -> LayoutTransition.Frame
    {
      // At the transition's own offset the change reads the running
      // batch's channels (no attributes or arrays are made: the same
      // transition, bit for bit, as from the attributes); a carried scroll
      // pins views in the pose, which needs its attributes.
      let channels = try transition._frameForChange(at: time, attributes: false)
      if (offset == channels.contentOffset && pinned.isEmpty) || channels.hasEnded {
        var now = channels
        now.contentOffset = offset
        return now
      }
      var now = try transition._frameForChange(at: time)
      if !now.hasEnded {
        now._values.values = transition._holdingRest(now._values.values)
        now._restHeld = true
        pin(&now, at: offset, from: now.contentOffset, in: layout, viewport: viewport)
      }
      now.contentOffset = offset
      return now
    }

    /// The frame at `time`, its channels at rest exactly at their targets.
    mutating func evaluate(at time: AnimationTime) throws(HarmonicError) {
      try transition.frame(at: time, into: &frame)
      if !frame.hasEnded { transition._holdRest(&frame.attributes, masks: restMasks) }
    }
  }

  /// A transition running on its own springs.
  struct _Running: Sendable {
    var shown: _Shown
    /// The gesture this transition finishes or cancels, while a touch may
    /// grab it again; nil for every other transition.
    let grabbable: _Gesture?
    /// A scroll carried over under the transition (``AnchorPolicy``); nil:
    /// the transition's offset is the engine's.
    var carried: _Carried? = nil

    /// The gesture a touch may grab at `time`: ``grabbable`` until the
    /// transition's average progress arrives (its batch's end tick). After
    /// that the frame shows progress exactly 1 while the elements still
    /// close their last 0.1 % of the way, a pose no point of the gesture's
    /// path shows: a grab there moved every cell up to 0.001 of its travel
    /// (0.17 pt, found by the host fuzzer's random sweep).
    func grabbable(at time: AnimationTime) -> _Gesture? {
      time < shown.transition.batch.progressEndTick ? grabbable : nil
    }
  }

  /// Where a transition leaves the content: a layout and its offset.
  struct _Destination: Sendable {
    let layout: any CollectionLayout
    let offset: CGPoint
  }

  /// An interactive transition and the gesture's progress along it.
  struct _Gesture: Sendable {
    /// The scrubbed path (progress 0: the pose when the gesture began) and
    /// the pose at ``progress``.
    var shown: _Shown
    /// Where a cancel returns to.
    let start: _Destination
    /// Where a finish goes.
    let target: _Destination
    /// True when progress 0 is exactly `start` at rest; otherwise (the
    /// gesture began mid-flight) a cancel springs on to `start`.
    let startsAtRest: Bool
    var progress: Double
  }

  /// An earlier transition whose elements have left the layout and are
  /// still springing away (deleted, or animated off by an update).
  struct _Leaving: Sendable {
    let transition: LayoutTransition
    var frame: LayoutTransition.Frame
    /// The indices of its elements that have left (`to` nil).
    let elements: [Int]
    /// Per element of the transition, its channels at rest.
    let restMasks: [UInt32]

    /// The frame at `time`, its channels at rest exactly at their targets.
    mutating func evaluate(at time: AnimationTime) throws(HarmonicError) {
      try transition.frame(at: time, into: &frame)
      if !frame.hasEnded { transition._holdRest(&frame.attributes, masks: restMasks) }
    }
  }

  /// The transition on screen, in any stage that has one.
  var _shown: _Shown? {
    switch stage {
    case .resting: nil
    case .transitioning(let running): running.shown
    case .interactive(let gesture): gesture.shown
    }
  }

  /// The running transition (a clear-box hook for tests: its completion, its frames).
  package var transition: LayoutTransition? { _shown?.transition }

  /// The tick at which the current stage ends by itself — the running
  /// transition's completion, the snap's landing, a released gesture's
  /// arrival (from there it can no longer be grabbed) — or nil (at rest, or
  /// a gesture that holds): a clear-box hook for tests.
  package var _stageEnd: AnimationTime? {
    switch stage {
    case .resting(let scroll): scroll?.end
    case .transitioning(let running):
      running.grabbable(at: time) == nil
        ? running.shown.transition.endTick : min(running.shown.transition.batch.progressEndTick, running.shown.transition.endTick)
    case .interactive: nil
    }
  }

  /// What the engine is doing, for a host that must decide what an event means.
  public enum Activity: Sendable, Hashable {
    /// At rest in ``LayoutAnimator/layout``; the host's scroll view owns the offset.
    case resting
    /// A released scroll moves to its snap target (without snapping: decelerates to its rest).
    case snapping
    /// A transition runs (an update, a layout or bounds change).
    case transitioning
    /// A gesture poses an interactive transition (``LayoutAnimator/transitionProgress``).
    case interactive
    /// A released interactive transition springs; a touch may grab it
    /// (``LayoutAnimator/grabInteractiveTransition()``) until its average
    /// progress arrives (within 0.001 of its end: a spring's
    /// ``Spring/settlingDuration`` after a release at rest). Its last 0.1 %
    /// of travel after that is ``transitioning``.
    case released
  }

  /// The stage the engine is in (see ``Activity``).
  public var activity: Activity {
    switch stage {
    case .resting(let scroll): scroll == nil ? .resting : .snapping
    case .transitioning(let running): running.grabbable(at: time) == nil ? .transitioning : .released
    case .interactive: .interactive
    }
  }

  /// A deliberately broken engine, for the host model's tests that show
  /// each of its checks failing (debug builds only; release builds have no
  /// hook). Set it around a host run with `LayoutAnimator._fault.withValue`.
  package enum _Fault: Sendable, Hashable {
    /// At the tick a transition starts, the first two cells answered trade
    /// index paths: every pose is still on screen, under another element's id.
    case swappedIdentity
    /// A batch update in flight starts every element at rest (its pose, not its velocity).
    case droppedVelocity
    /// A refused batch update moves the engine's clock one tick on: no
    /// answer changes, the state does.
    case hiddenChangeOnRefusal
    /// A batch update takes a spring that depends on how many frames the
    /// engine has seen: the same script differs between frame schedules.
    case frameCountDependent
    /// In flight, between 30 % and 35 % of the average progress, the offset
    /// is 700 pt off.
    case jumpInFlight
  }

  /// The fault in effect (nil: none).
  package static let _fault = TaskLocal<_Fault?>(wrappedValue: nil)

  /// Every bit of the engine's state that events and frames change, in a
  /// fixed order: the tick, offset, viewport, content size, the stage and
  /// its data (the frame's every attribute, a snap's path, a gesture's
  /// progress and ends, a carried scroll), the leaving elements and the
  /// Reduce Motion setting. Two engines with the same digest answer every
  /// query alike from here on. A `package` hook for the host model.
  package var _digest: [UInt64] {
    var bits: [UInt64] = [UInt64(bitPattern: time.ticks)]
    func add(_ x: Double) { bits.append(x.bitPattern) }
    func add(_ p: CGPoint) {
      add(Double(p.x))
      add(Double(p.y))
    }
    func add(_ s: CGSize) {
      add(Double(s.width))
      add(Double(s.height))
    }
    func add(_ a: LayoutAttributes) {
      add(a.center)
      add(a.size)
      add(a.alpha)
      for entry in a.transform.components { add(entry) }
      for k in 0..<16 { add(a.transform3D.m[k]) }
      bits.append(UInt64(bitPattern: Int64(a.zIndex)) ^ (a.isHidden ? 1 << 63 : 0))
      bits.append(UInt64(a.indexPath.item) << 32 ^ UInt64(a.indexPath.section))
    }
    func add(_ shown: _Shown) {
      let t = shown.transition
      bits.append(UInt64(t.elements.count))
      add(t.startOffset)
      add(t.endOffset)
      add(t.endContentSize)
      bits.append(UInt64(bitPattern: t.batch.start.ticks))
      bits.append(UInt64(bitPattern: t.endTick.ticks))
      for a in shown.frame.attributes { add(a) }
      for k in shown.pinned { bits.append(UInt64(k)) }
    }
    add(contentOffset)
    add(viewport.size)
    add(layout.contentSize)
    add(viewport.insets.top)
    add(viewport.insets.left)
    add(viewport.insets.bottom)
    add(viewport.insets.right)
    bits.append(systemReducesMotion ? 1 : 0)
    switch stage {
    case .resting(nil):
      bits.append(0)
    case .resting(let scroll?):
      bits.append(1)
      bits.append(UInt64(bitPattern: scroll.start.ticks))
      bits.append(UInt64(bitPattern: scroll.end.ticks))
      add(scroll.target)
      add(scroll.across)
      add(scroll.shift)
      add(scroll.offset(at: scroll.end))
    case .transitioning(let running):
      bits.append(2)
      add(running.shown)
      bits.append(running.grabbable == nil ? 0 : 1)
      if let carried = running.carried {
        add(carried.from)
        add(carried.scroll.target)
        bits.append(UInt64(bitPattern: carried.scroll.end.ticks))
      }
    case .interactive(let gesture):
      bits.append(3)
      add(gesture.shown)
      add(gesture.progress)
      add(gesture.start.offset)
      add(gesture.target.offset)
      bits.append(gesture.startsAtRest ? 1 : 0)
    }
    for entry in leaving {
      bits.append(UInt64(entry.elements.count))
      for k in entry.elements { add(entry.frame.attributes[k]) }
    }
    return bits
  }

  /// Checks what must hold between events; compiled in debug builds only
  /// (`assert`), free in release builds.
  func _checkInvariants() {
    #if DEBUG
    assert(Double(contentOffset.x).isFinite && Double(contentOffset.y).isFinite, "LayoutAnimator: the content offset is finite")
    switch stage {
    case .resting(let scroll):
      if let scroll { assert(scroll.start <= time, "LayoutAnimator: a snap starts at or before the current tick") }
    case .transitioning(let running):
      assert(running.shown.frame.attributes.count == running.shown.transition.elements.count, "LayoutAnimator: the frame is the transition's")
      assert(!running.shown.frame.hasEnded, "LayoutAnimator: a complete transition has handed over to the resting stage")
    case .interactive(let gesture):
      assert(gesture.progress.isFinite, "LayoutAnimator: the gesture's progress is finite")
      assert(gesture.shown.frame.attributes.count == gesture.shown.transition.elements.count, "LayoutAnimator: the pose is the gesture's")
    }
    for entry in leaving {
      assert(!entry.elements.isEmpty, "LayoutAnimator: a leaving transition has elements that left")
    }
    #endif
  }
}
