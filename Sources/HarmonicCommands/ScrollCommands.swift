import ArgumentParser
import Harmonic

// `snap`, `decay` and `rubber-band`: typed functions and their options.

/// The input of `snap`: a uniform layout (items at k·(E+S)) and a release.
package struct SnapInput: Sendable, Hashable {
  package var count: Int
  /// Points.
  package var itemExtent: Double
  package var spacing = 0.0
  package var viewport: Double
  package var leadingInset = 0.0
  package var trailingInset = 0.0
  /// Content offset at release, points.
  package var offset: Double
  /// Release velocity, points per second.
  package var velocity: Double
  package var align = SnapAlignment.center
  /// Per millisecond, in (0, 1).
  package var decelerationRate = ScrollDeceleration.normal
  package var maxItemsPerFlick: Int?
  /// Points per second.
  package var minFlingVelocity = 50.0
  package var rtl = false

  /// ``Snapping/target(layout:offset:velocity:options:)``. O(log count).
  package func run() throws(CommandError) -> SnapOutput {
    let layout = try checked(nil) { () throws(HarmonicError) in
      try SnapLayout.uniform(
        count: count, itemExtent: itemExtent, spacing: spacing, viewport: viewport, leadingInset: leadingInset, trailingInset: trailingInset)
    }
    let options = Snapping.Options(
      alignment: align, decelerationRate: decelerationRate, minimumFlingVelocity: minFlingVelocity, maximumItemsPerFlick: maxItemsPerFlick,
      isRightToLeft: rtl)
    let names = ["maximumItemsPerFlick": "maxItemsPerFlick", "minimumFlingVelocity": "minFlingVelocity", "rate": "decelerationRate"]
    let result = try checked(nil, renaming: names) { () throws(HarmonicError) in
      try Snapping.target(layout: layout, offset: offset, velocity: velocity, options: options)
    }
    return SnapOutput(target: result.target, index: result.index, restOffset: result.restOffset)
  }
}

/// Where a flick comes to rest: the target offset and item, and the free rest offset (points).
package struct SnapOutput: Codable, Sendable, Hashable {
  package var target: Double
  package var index: Int
  package var restOffset: Double
}

/// The input of `decay`: an exponential scroll deceleration and sample times.
package struct DecayInput: Sendable, Hashable {
  /// Points per second.
  package var velocity: Double
  /// Per millisecond, in (0, 1); nil: `dragPerSecond`, or UIKit's normal 0.998.
  package var rate: Double?
  /// Flutter's drag: the velocity factor per second, in (0, 1).
  package var dragPerSecond: Double?
  /// Points.
  package var from = 0.0
  /// Seconds.
  package var times = [0.0]

  /// The rest offset and samples. O(times).
  package func run() throws(CommandError) -> DecayOutput {
    if rate != nil, dragPerSecond != nil { throw CommandError("rate", "give `rate` or `dragPerSecond`, not both") }
    let perMillisecond =
      try dragPerSecond.map { drag throws(CommandError) in
        try checked(nil, renaming: ["drag": "dragPerSecond"]) { () throws(HarmonicError) in try ScrollDeceleration.decelerationRate(fromDragPerSecond: drag) }
      } ?? rate ?? ScrollDeceleration.normal
    let decay = try checked(nil) { () throws(HarmonicError) in try ScrollDeceleration(decelerationRate: perMillisecond, from: from, velocity: velocity) }
    var samples: [SampleOutput.Sample] = []
    for time in times {
      let state = try checked("times") { () throws(HarmonicError) in try decay._checkedState(atSeconds: time) }
      samples.append(SampleOutput.Sample(time: time, value: state.value, velocity: state.velocity))
    }
    return DecayOutput(restOffset: decay.restOffset, samples: samples)
  }
}

/// Where a deceleration rests (points) and its samples.
package struct DecayOutput: Codable, Sendable, Hashable {
  package var restOffset: Double
  package var samples: [SampleOutput.Sample]
}

/// The input of `rubber-band`: an overscroll past an edge.
package struct RubberBandInput: Sendable, Hashable {
  /// Points, signed.
  package var overscroll: Double
  /// Viewport extent along the axis, points.
  package var dimension: Double
  package var coefficient = RubberBand.defaultCoefficient

  /// (1 − 1/(x·c/d + 1))·d. O(1).
  package func run() throws(CommandError) -> RubberBandOutput {
    RubberBandOutput(
      offset: try checked(nil) { () throws(HarmonicError) in
        try RubberBand.offset(overscroll: overscroll, dimension: dimension, coefficient: coefficient)
      })
  }
}

/// How far the content moves, points.
package struct RubberBandOutput: Codable, Sendable, Hashable {
  package var offset: Double
}

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
  @Option(name: .customLong("item-extent"), parsing: .unconditional, help: "Item extent E along the axis, points.", transform: decimal) var itemExtent: Double
  @Option(parsing: .unconditional, help: "Spacing S between items, points.", transform: decimal) var spacing: Double = 0
  @Option(parsing: .unconditional, help: "Viewport extent W, points.", transform: decimal) var viewport: Double
  @Option(name: .customLong("leading-inset"), parsing: .unconditional, help: "Leading content inset, points.", transform: decimal) var leadingInset: Double = 0
  @Option(name: .customLong("trailing-inset"), parsing: .unconditional, help: "Trailing content inset, points.", transform: decimal) var trailingInset: Double =
    0
  @Option(parsing: .unconditional, help: "Current content offset, points.", transform: decimal) var offset: Double
  @Option(parsing: .unconditional, help: "Release velocity, points per second.", transform: decimal) var velocity: Double
  @Option(help: "leading, center or trailing.") var align: SnapAlignment = .center
  @Option(name: .customLong("deceleration-rate"), parsing: .unconditional, help: "Rate per millisecond in (0, 1).", transform: decimal) var decelerationRate:
    Double =
      ScrollDeceleration.normal
  @Option(name: .customLong("max-items-per-flick"), help: "At most n items from the item nearest the current offset.") var maxItemsPerFlick: Int?
  @Option(name: .customLong("min-fling-velocity"), parsing: .unconditional, help: "Flick threshold, points per second.", transform: decimal)
  var minFlingVelocity: Double = 50
  @Flag(help: "Right-to-left: offsets physical, items from the right edge.") var rtl = false
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let input = SnapInput(
      count: count, itemExtent: itemExtent, spacing: spacing, viewport: viewport, leadingInset: leadingInset, trailingInset: trailingInset,
      offset: offset, velocity: velocity, align: align, decelerationRate: decelerationRate, maxItemsPerFlick: maxItemsPerFlick,
      minFlingVelocity: minFlingVelocity, rtl: rtl)
    let output = try input.run()
    if json { return emit(try CommandJSON.string(output)) }
    emit(
      Table.render(
        header: ["quantity", "value"],
        rows: [
          ["target offset (pt)", Table.number(output.target)], ["item", "\(output.index)"], ["rest offset (pt)", Table.number(output.restOffset)],
        ]))
  }
}

struct Decay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Exponential scroll deceleration: rest offset and samples.",
    discussion: "v(t) = v·rate^(1000 t); rest offset = from − v/(1000·ln rate). Velocity in points per second, rate per millisecond.")

  @Option(parsing: .unconditional, help: "Initial velocity, points per second.", transform: decimal) var velocity: Double
  @Option(parsing: .unconditional, help: "Deceleration rate per millisecond, in (0, 1) (default 0.998, UIKit's normal).", transform: decimal) var rate: Double?
  @Option(
    name: .customLong("drag-per-second"), parsing: .unconditional,
    help: "Flutter's friction drag instead of --rate: the velocity factor per second, in (0, 1) (0.135 ≈ 0.998 per ms).", transform: decimal)
  var dragPerSecond: Double?
  @Option(parsing: .unconditional, help: "Start offset, points.", transform: decimal) var from: Double = 0
  @Option(parsing: .unconditional, help: "Comma-separated times in seconds.") var times: String = "0"
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let input = DecayInput(velocity: velocity, rate: rate, dragPerSecond: dragPerSecond, from: from, times: try parseList(times, parameter: "times"))
    let output = try input.run()
    if json { return emit(try CommandJSON.string(output)) }
    emit("rest offset: \(output.restOffset) pt")
    emit(SampleOutput(samples: output.samples).table(value: "offset (pt)", velocity: "velocity (pt/s)"))
  }
}

struct RubberBandCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rubber-band",
    abstract: "How far content moves for a finger dragged past an edge: (1 − 1/(x·c/d + 1))·d.")

  @Option(parsing: .unconditional, help: "Overscroll x, points (signed).", transform: decimal) var overscroll: Double
  @Option(parsing: .unconditional, help: "Viewport extent d along the axis, points.", transform: decimal) var dimension: Double
  @Option(parsing: .unconditional, help: "Coefficient c (default 0.55).", transform: decimal) var coefficient: Double = RubberBand.defaultCoefficient
  @Flag(help: "Print one JSON object.") var json = false

  func run() throws {
    let output = try RubberBandInput(overscroll: overscroll, dimension: dimension, coefficient: coefficient).run()
    emit(json ? try CommandJSON.string(output) : "offset: \(output.offset) pt")
  }
}
