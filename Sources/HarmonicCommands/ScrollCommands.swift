import ArgumentParser
import Harmonic

extension SnapAlignment: ExpressibleByArgument {}

struct Snap: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Target content offset after a drag, for a uniform layout (items at k·(E+S)).",
    discussion: """
      Rules: rest offset from the exact deceleration; the candidate nearest it; a flick
      (|v| ≥ min fling velocity) never snaps back; at most n items per flick; clamped to
      [−leading inset, content + trailing inset − viewport]. Offsets in points, velocities
      in points per second (UIKit's points/ms × 1000).
      """)

  @Option(help: "Number of items.") var count: Int
  @Option(name: .customLong("item-extent"), parsing: .unconditional, help: "Item extent E along the axis, points.") var itemExtent: Double
  @Option(parsing: .unconditional, help: "Spacing S between items, points.") var spacing: Double = 0
  @Option(parsing: .unconditional, help: "Viewport extent W, points.") var viewport: Double
  @Option(name: .customLong("leading-inset"), parsing: .unconditional, help: "Leading content inset, points.") var leadingInset: Double = 0
  @Option(name: .customLong("trailing-inset"), parsing: .unconditional, help: "Trailing content inset, points.") var trailingInset: Double = 0
  @Option(parsing: .unconditional, help: "Current content offset, points.") var offset: Double
  @Option(parsing: .unconditional, help: "Release velocity, points per second.") var velocity: Double
  @Option(help: "leading, center or trailing.") var align: SnapAlignment = .center
  @Option(name: .customLong("deceleration-rate"), parsing: .unconditional, help: "Rate per millisecond in (0, 1).") var decelerationRate: Double =
    ScrollDeceleration.normal
  @Option(name: .customLong("max-items-per-flick"), help: "At most n items from the item nearest the current offset.") var maxItemsPerFlick: Int?
  @Option(name: .customLong("min-fling-velocity"), parsing: .unconditional, help: "Flick threshold, points per second.") var minFlingVelocity: Double = 50
  @Flag(help: "Right-to-left: offsets physical, items from the right edge.") var rtl = false
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let layout = try SnapLayout.uniform(
      count: count, itemExtent: itemExtent, spacing: spacing, viewport: viewport,
      leadingInset: leadingInset, trailingInset: trailingInset)
    let options = Snapping.Options(
      alignment: align, decelerationRate: decelerationRate, minimumFlingVelocity: minFlingVelocity,
      maximumItemsPerFlick: maxItemsPerFlick, isRightToLeft: rtl)
    let result = try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: options)
    if json {
      emit(JSON.object([("target", JSON.number(result.target)), ("index", "\(result.index)"), ("restOffset", JSON.number(result.restOffset))]))
    } else {
      emit(
        Table.render(
          header: ["quantity", "value"],
          rows: [
            ["target offset (pt)", Table.number(result.target)], ["item", "\(result.index)"], ["rest offset (pt)", Table.number(result.restOffset)],
          ]))
    }
  }
}

struct Decay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Exponential scroll deceleration: rest offset and samples.",
    discussion: "v(t) = v·rate^(1000 t); rest offset = from − v/(1000·ln rate). Velocity in points per second, rate per millisecond.")

  @Option(parsing: .unconditional, help: "Initial velocity, points per second.") var velocity: Double
  @Option(parsing: .unconditional, help: "Deceleration rate per millisecond, in (0, 1) (default 0.998, UIKit's normal).") var rate: Double?
  @Option(
    name: .customLong("drag-per-second"), parsing: .unconditional,
    help: "Flutter's friction drag instead of --rate: the velocity factor per second, in (0, 1) (0.135 ≈ 0.998 per ms).")
  var dragPerSecond: Double?
  @Option(parsing: .unconditional, help: "Start offset, points.") var from: Double = 0
  @Option(parsing: .unconditional, help: "Comma-separated times in seconds.") var times: String = "0"
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    if rate != nil, dragPerSecond != nil { throw ValidationError("give --rate or --drag-per-second, not both") }
    let perMillisecond =
      try dragPerSecond.map { drag throws(HarmonicError) in try ScrollDeceleration.rate(fromDragPerSecond: drag) }
      ?? rate ?? ScrollDeceleration.normal
    let decay = try ScrollDeceleration(rate: perMillisecond, from: from, velocity: velocity)
    let times = try parseList(times, option: "--times")
    let states = try times.map { time throws(HarmonicError) in try decay.state(atTime: time) }
    if json {
      let samples = zip(times, states).map { time, state in
        JSON.object([("time", JSON.number(time)), ("value", JSON.number(state.value)), ("velocity", JSON.number(state.velocity))])
      }
      emit(JSON.object([("restOffset", JSON.number(decay.restOffset)), ("samples", JSON.array(samples))]))
    } else {
      emit("rest offset: \(decay.restOffset) pt")
      emit(
        Table.render(
          header: ["time (s)", "offset (pt)", "velocity (pt/s)"],
          rows: zip(times, states).map { [Table.number($0), Table.number($1.value), Table.number($1.velocity)] }))
    }
  }
}

struct RubberBandCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rubber-band",
    abstract: "How far content moves for a finger dragged past an edge: (1 − 1/(x·c/d + 1))·d.")

  @Option(parsing: .unconditional, help: "Overscroll x, points (signed).") var overscroll: Double
  @Option(parsing: .unconditional, help: "Viewport extent d along the axis, points.") var dimension: Double
  @Option(parsing: .unconditional, help: "Coefficient c (default 0.55).") var coefficient: Double = RubberBand.defaultCoefficient
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let offset = try RubberBand.offset(overscroll: overscroll, dimension: dimension, coefficient: coefficient)
    emit(json ? JSON.object([("offset", JSON.number(offset))]) : "offset: \(offset) pt")
  }
}
