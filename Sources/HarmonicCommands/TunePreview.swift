import Foundation
import Harmonic

/// The tuning page's two previews, computed with the library: a 12-item grid
/// ↔ list ``LayoutTransition`` and a flick on a strip of cards that
/// ``Snapping`` brings to rest, each as frames at the page's frame rate.
enum TunePreview {
  /// The preview's viewport, points.
  static let viewport = CGSize(width: 320, height: 480)
  static let itemCount = 12
  /// The card strip: 20 cards of 96 × 100 pt with 12 pt between in 360 pt,
  /// so that a centred card shows whole with a whole card on either side
  /// (3.3 pitches in view) — an effect is judged by its neighbours; insets
  /// of (360 − 96)/2 let the first and last card centre too.
  static let cards = (count: 20, extent: 96.0, spacing: 12.0, viewport: 360.0, inset: 132.0, height: 100.0)

  /// Checks a frame rate: within [10, 240].
  static func checkFramesPerSecond(_ fps: Double) throws(CommandError) {
    guard fps >= 10, fps <= 240 else { throw CommandError("fps", "`fps` must be within [10, 240] frames per second; got \(fps)") }
  }

  /// Frame times k/fps from 0 up to and including the first at or after `end` seconds.
  static func frameTimes(until end: Double, fps: Double) throws(CommandError) -> [Double] {
    let count = (end * fps).rounded(.up) + 1
    guard count <= Double(TuneAPI.maximumFrames) else {
      throw CommandError(
        "spring",
        "the motion takes \(end) s to settle, \(Int(min(count, 1e15))) frames at \(fps) fps; the preview plays at most \(TuneAPI.maximumFrames) frames")
    }
    return (0..<Int(count)).map { Double($0) / fps }
  }

  /// To 0.001.
  static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

/// The input of the page's transition preview.
struct TransitionPreviewInput: Sendable, Hashable {
  /// The spring (default `.smooth`).
  var spring = SpringParameters()
  /// Frames per second, within [10, 240].
  var fps = 60.0
  /// Grid → list, or list → grid.
  var toList = true
  /// Interruptions, seconds into each segment (the first heads the other
  /// way when their count is odd, and each turns back): the frames start at
  /// the last one, from the pose and velocities it interrupts — the
  /// library's retarget. At most 16, each within [0, 60].
  var interrupts: [Double] = []

  /// Frame rectangles (origin and size) in points to 0.001, in the order of
  /// `ids` (item numbers); each frame's time is the animation tick nearest
  /// k/fps after the last interruption (or the start), in seconds, and its
  /// progress the overall progress. At most ``TuneAPI/maximumFrames``
  /// frames of 12 items.
  func run() throws(CommandError) -> TransitionPreviewOutput {
    let spring = try spring.spring(default: .smooth)
    try TunePreview.checkFramesPerSecond(fps)
    let (viewport, itemCount, toList) = (TunePreview.viewport, TunePreview.itemCount, toList)
    let transition = try checked("spring") { () throws(HarmonicError) in
      let insets = LayoutInsets(top: 14, left: 14, bottom: 14, right: 14)
      let grid = try GridLayout(
        sections: [.init(itemCount: itemCount, itemSize: CGSize(width: 90, height: 90), insets: insets, lineSpacing: 10, interitemSpacing: 10)],
        viewportCrossExtent: Double(viewport.width))
      let list = try GridLayout(
        sections: [.init(itemCount: itemCount, itemSize: CGSize(width: 292, height: 32), insets: insets, lineSpacing: 6, interitemSpacing: 0)],
        viewportCrossExtent: Double(viewport.width))
      let screen = try Viewport(size: viewport)
      // Heading for the list after the interruptions: the first segment's way.
      var heading = interrupts.count % 2 == 0 ? toList : !toList
      var transition = try LayoutTransition(
        from: heading ? grid : list, offset: .zero, to: heading ? list : grid, offset: .zero, viewport: screen, springs: .shared(spring))
      for seconds in interrupts {
        heading.toggle()
        let tick = transition.batch.start + (try AnimationTime(seconds: seconds))
        try transition.retarget(to: heading ? list : grid, offset: .zero, viewport: screen, at: tick, springs: .shared(spring))
      }
      return transition
    }
    let origin = transition.batch.start
    let times = try TunePreview.frameTimes(until: transition.endTick.seconds - origin.seconds, fps: fps)
    var frame = transition.makeFrame()
    var frames: [TransitionPreviewOutput.Frame] = []
    frames.reserveCapacity(times.count)
    for seconds in times {
      let time = try checked("fps") { () throws(HarmonicError) in origin + (try AnimationTime(seconds: seconds)) }
      try checked("fps") { () throws(HarmonicError) in try transition.frame(at: time, into: &frame) }
      let items = frame.attributes.map { a in
        [
          Double(a.center.x - a.size.width / 2), Double(a.center.y - a.size.height / 2), Double(a.size.width), Double(a.size.height), a.alpha,
        ].map(TunePreview.rounded)
      }
      frames.append(TransitionPreviewOutput.Frame(time: (time - origin).seconds, progress: frame.overallProgress, items: items))
    }
    return TransitionPreviewOutput(
      viewport: [Double(viewport.width), Double(viewport.height)], fps: fps, completion: (transition.endTick - origin).seconds,
      ids: transition.elements.map { ($0.to ?? $0.from)?.indexPath.item ?? -1 }, frames: frames)
  }
}

/// The transition preview's frames.
struct TransitionPreviewOutput: Codable, Sendable, Hashable {
  struct Frame: Codable, Sendable, Hashable {
    /// Seconds.
    var time, progress: Double
    /// [x, y, width, height, alpha] per item.
    var items: [[Double]]
  }
  var viewport: [Double]
  var fps, completion: Double
  var ids: [Int]
  var frames: [Frame]
}

/// The input of the page's snap preview: a flick on the card strip.
struct SnapPreviewInput: Sendable, Hashable {
  var spring = SpringParameters()
  var fps = 60.0
  /// Content offset at release, points, within ±1e6.
  var offset = 0.0
  /// Release velocity, points per second, within ±1e6.
  var velocity: Double
  /// A scroll effect on the cards, frame by frame (nil: none).
  var effect: EffectPreview? = nil

  /// The ``Snapping`` target and the content offset (points, to 0.001) and
  /// its velocity at k/fps seconds after release, up to the frame at or after the motion is
  /// within 0.5 pt and 5 pt/s of the target; the last offset is the target.
  func run() throws(CommandError) -> SnapPreviewOutput {
    let spring = try spring.spring(default: .smooth)
    try TunePreview.checkFramesPerSecond(fps)
    for (name, value) in [("offset", offset), ("velocity", velocity)] where !(value.magnitude <= 1e6) {
      throw CommandError(name, "`\(name)` must be a number within [-1e6, 1e6]; got \(value)")
    }
    let cards = TunePreview.cards
    let (offset, velocity) = (offset, velocity)
    let (decision, animation) = try checked("spring") { () throws(HarmonicError) in
      let layout = try SnapLayout.uniform(
        count: cards.count, itemExtent: cards.extent, spacing: cards.spacing, viewport: cards.viewport, leadingInset: cards.inset,
        trailingInset: cards.inset)
      let decision = try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: Snapping.Options(alignment: .center))
      return (decision, try decision.motion(spring: spring))
    }
    let duration: Double
    let kind: String
    switch animation {
    case .spring(let motion):
      kind = "spring"
      duration = motion.endTime(within: try checked(nil) { () throws(HarmonicError) in try SettleTolerance(value: 0.5, velocity: 5) })
    case .deceleration(let deceleration):
      kind = "deceleration"
      duration = try checked("velocity") { () throws(HarmonicError) in try deceleration.endTime(within: SettleTolerance(speed: 5)) }
    }
    var offsets: [Double] = [], velocities: [Double] = []
    var cardFrames: [[[Double]]] = []
    for time in try TunePreview.frameTimes(until: duration, fps: fps) {
      guard time < duration else {
        offsets.append(decision.target)
        velocities.append(0)
        if let effect { cardFrames.append(try effect.cards(offset: decision.target, velocity: 0)) }
        continue
      }
      let state = try checked("spring") { () throws(HarmonicError) in
        switch animation {
        case .spring(let motion): try motion._checkedState(atSeconds: time)
        case .deceleration(let deceleration): try deceleration._checkedState(atSeconds: time)
        }
      }
      offsets.append(TunePreview.rounded(state.value))
      velocities.append(TunePreview.rounded(state.velocity))
      if let effect { cardFrames.append(try effect.cards(offset: state.value, velocity: state.velocity)) }
    }
    return SnapPreviewOutput(
      layout: .init(
        count: cards.count, itemExtent: cards.extent, spacing: cards.spacing, viewport: cards.viewport, leadingInset: cards.inset, trailingInset: cards.inset),
      target: decision.target, index: decision.index, restOffset: decision.restOffset, animation: kind, duration: duration, fps: fps, offsets: offsets,
      velocities: velocities, cards: effect == nil ? nil : cardFrames)
  }
}

/// The snap preview: the strip, the decision, and the offsets frame by frame.
struct SnapPreviewOutput: Codable, Sendable, Hashable {
  struct Layout: Codable, Sendable, Hashable {
    var count: Int
    var itemExtent, spacing, viewport, leadingInset, trailingInset: Double
  }
  var layout: Layout
  var target: Double
  var index: Int
  var restOffset: Double
  /// `spring` or `deceleration`.
  var animation: String
  var duration, fps: Double
  var offsets: [Double]
  /// The offset's velocity at each frame, points per second (to 0.001; 0 at rest): a
  /// flick mid-flight adds to it.
  var velocities: [Double]
  /// With an effect: per frame, per card [phase, rate, opacity, zIndex, the
  /// 16 entries of its 3-D transform] (``EffectPreview/cards(offset:velocity:)``).
  var cards: [[[Double]]]?
}

/// The input of the page's push-and-pop preview: the table-to-grid seed at
/// the preview's size, as ``ScreenTransition`` runs it. A list of 24 rows
/// 40 pt tall, scrolled to 120 pt (rows 3–14 show), pushes a three-across
/// grid with row 9's item on its first row; the pop runs back.
struct ScreenPreviewInput: Sendable, Hashable {
  /// The spring (default `.smooth`).
  var spring = SpringParameters()
  /// Frames per second, within [10, 240].
  var fps = 60.0
  /// The push (list → grid) or the pop (grid → list).
  var push = true
  /// Where the gesture lets go, progress within [0, 1] (0: a tap, no gesture).
  var release = 0.0
  /// The gesture's velocity at the release, progress per second, within ±100.
  var velocity = 0.0

  static let rows = (count: 24, height: 40.0, offset: 120.0, tapped: 9)

  /// The frames from the release to rest: every element's rectangle and
  /// alpha, to 0.001, in the order of `ids`. A tap (release 0, velocity
  /// 0) finishes; another release finishes or cancels as
  /// ``LayoutAnimator/shouldFinish(progress:progressVelocity:threshold:)``
  /// says. Also the Swift that makes this transition in an app.
  func run() throws(CommandError) -> ScreenPreviewOutput {
    let spring = try spring.spring(default: .smooth)
    try TunePreview.checkFramesPerSecond(fps)
    guard release >= 0, release <= 1 else { throw CommandError("release", "`release` must be a progress within [0, 1]; got \(release)") }
    guard velocity.isFinite, velocity.magnitude <= 100 else {
      throw CommandError("velocity", "`velocity` must be within ±100 progress per second; got \(velocity)")
    }
    let (size, rows) = (TunePreview.viewport, Self.rows)
    let side = (Double(size.width) - 4) / 3
    func row(_ i: Int) -> LayoutAttributes {
      LayoutAttributes(
        indexPath: ItemIndexPath(item: i, section: 0),
        frame: CGRect(x: 0, y: Double(i) * rows.height - rows.offset, width: Double(size.width), height: rows.height - 1))
    }
    func cell(_ i: Int, top: Double) -> LayoutAttributes {
      LayoutAttributes(
        indexPath: ItemIndexPath(item: i, section: 0),
        frame: CGRect(x: Double(i % 3) * (side + 2), y: Double(i / 3) * (side + 2) - top, width: side, height: side))
    }
    // Release 0 with no velocity is a tap (a push, a back button): it finishes.
    let finishes = (release == 0 && velocity == 0) || LayoutAnimator.shouldFinish(progress: release, progressVelocity: velocity)
    let (transition, top) = try checked("spring") { () throws(HarmonicError) -> (ScreenTransition<Int>, Double) in
      let content = CGSize(width: size.width, height: Double((rows.count + 2) / 3) * (side + 2) - 2)
      let top = Double(
        ScreenTransition<Int>.destinationOffset(
          bringing: cell(rows.tapped, top: 0).frame, contentSize: content, viewport: try Viewport(size: size)
        ).y)
      func shown(_ place: (Int) -> LayoutAttributes) -> [(id: Int, attributes: LayoutAttributes)] {
        (0..<rows.count).map { ($0, place($0)) }.filter { $0.1.frame.intersects(CGRect(origin: .zero, size: size)) }
      }
      let list = ScreenTransition<Int>.Side(shown: shown(row), place: row)
      let grid = ScreenTransition<Int>.Side(shown: shown { cell($0, top: top) }, place: { cell($0, top: top) })
      var transition = try ScreenTransition(from: push ? list : grid, to: push ? grid : list, container: size, springs: .shared(spring))
      try transition.setProgress(release, at: .zero)
      if finishes { try transition.finish(velocity: velocity, at: .zero) } else { try transition.cancel(velocity: velocity, at: .zero) }
      return (transition, top)
    }
    let order = transition.ids.keys.sorted {
      ($0.kind == .cell ? 0 : 1, "\($0.kind)", $0.indexPath.item) < ($1.kind == .cell ? 0 : 1, "\($1.kind)", $1.indexPath.item)
    }
    // Frames at k/fps from the release, up to the first at rest.
    var frames: [[[Double]]] = []
    var current = transition
    let everywhere = CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
    repeat {
      guard frames.count < TuneAPI.maximumFrames else {
        throw CommandError(
          "spring", "the transition takes more than \(TuneAPI.maximumFrames) frames at \(fps) fps to settle; the preview plays at most that many")
      }
      let seconds = Double(frames.count) / fps
      try checked("fps") { () throws(HarmonicError) in try current.advance(to: try AnimationTime(seconds: seconds)) }
      var poses: [ElementID: LayoutAttributes] = [:]
      for a in current.engine.layoutAttributesForElements(in: everywhere) + current.engine.leavingAttributes { poses[a.elementID] = a }
      frames.append(
        order.map { id in
          guard let a = poses[id] else { return [0, 0, 0, 0, 0] }
          return [Double(a.frame.minX), Double(a.frame.minY), Double(a.size.width), Double(a.size.height), a.alpha].map(TunePreview.rounded)
        })
    } while current.isAnimating
    let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
    let code =
      push
      ? """
      // In the navigation controller's delegate, for the push (a tap: wantsInteractiveStart false):
      let transition = HarmonicScreenTransition(
        from: list.screen, to: grid.screen, destinationOffset: .bringingToFirstRow(item),
        springs: .shared(try Spring(mass: \(m), stiffness: \(k), damping: \(c))), wantsInteractiveStart: false)
      """
      : """
      // In the navigation controller's delegate, for the pop (an edge pan):
      let transition = HarmonicScreenTransition(
        from: grid.screen, to: list.screen, springs: .shared(try Spring(mass: \(m), stiffness: \(k), damping: \(c))))
      // In the pan's action, after popViewController(animated: true) on .began:
      transition.follow(pan, distance: view.bounds.width)
      """
    return ScreenPreviewOutput(
      viewport: [Double(size.width), Double(size.height)], fps: fps, gridOffset: top, finishes: finishes,
      ids: order.map { transition.ids[$0]! }, frames: frames, code: code)
  }
}

/// The push-and-pop preview's frames.
struct ScreenPreviewOutput: Codable, Sendable, Hashable {
  var viewport: [Double]
  var fps: Double
  /// The grid's content offset, points (the seed's rule).
  var gridOffset: Double
  /// Whether the release finished (true) or cancelled.
  var finishes: Bool
  /// The model id (row number) of each element.
  var ids: [Int]
  /// Per frame, per element: [x, y, width, height, alpha].
  var frames: [[[Double]]]
  /// The Swift that makes this transition in an app.
  var code: String
}
