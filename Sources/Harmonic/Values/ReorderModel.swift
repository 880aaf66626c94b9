/// Interactive drag-to-reorder along one axis (a list's rows, a carousel's
/// cards): one row follows the finger, the others spring to their shifted
/// places as the insertion point changes, and the drop springs the dragged
/// row into its slot with the release velocity.
///
/// - Positions are along the axis, in points (row centers, say), one per
///   slot; slot k holds row `order[k]`.
/// - Every row that is not dragged is a ``ValueAnimation`` (``motion(ofRow:)``): a change of the
///   insertion point retargets the rows it moves from their exact state at
///   that tick, so every row is C¹ throughout, however often the finger
///   crosses back and forth.
/// - The dragged row is where the finger is: between drag events it moves
///   on at the finger's last velocity (so every tick has a position); the
///   finger's reports are the truth, so its position is continuous only as
///   the reports are.
/// - Events may come out of order or twice: an event stamped before the last
///   one is applied at the last one's tick (the model does not go back in time).
/// - Frames are arrays of one value (and velocity) per row, in row order:
///   a frame made before any event stays usable after it.
///
/// Cost: O(n) per drag event that moves the insertion point (the rows
/// between the old and the new point retarget), O(log n) otherwise; a frame
/// is n closed-form evaluations.
public struct ReorderModel: Sendable {
  /// Slot positions, sorted, points.
  public let slots: [Double]
  /// `order[k]` is the row in slot k.
  public private(set) var order: [Int]
  /// The row being dragged, if any.
  public private(set) var draggedRow: Int?
  public let spring: Spring
  var _rows: [ValueAnimation<Double>]
  var _slotOfRow: [Int]
  var _finger: (position: Double, velocity: Double, time: AnimationTime)
  var _lastEvent: AnimationTime

  /// Rows 0…n−1 at rest in slots 0…n−1.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   no slots, or slots that are not finite and strictly increasing.
  public init(slots: [Double], spring: Spring = .snappy, at time: AnimationTime = .zero) throws(HarmonicError) {
    try _Check.count(slots.count, "slots.count", atLeast: 1)
    for (k, slot) in slots.enumerated() {
      try _Check.finiteMagnitude(slot, "slots[\(k)]", unit: "points")
      if k > 0 { try _Check.order(slot, "slots[\(k)]", .above, slots[k - 1], "slots[\(k - 1)]", why: "strictly increasing") }
    }
    self.slots = slots
    self.spring = spring
    order = Array(slots.indices)
    _slotOfRow = order
    var rows: [ValueAnimation<Double>] = []
    rows.reserveCapacity(slots.count)
    for slot in slots { rows.append(try ValueAnimation(value: slot, target: slot, spring: spring, start: time)) }
    _rows = rows
    _finger = (0, 0, time)
    _lastEvent = time
  }

  /// The slot nearest `position` (ties to the lower slot).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   position that is not finite with magnitude ≤ 1e100.
  public func slot(nearest position: Double) throws(HarmonicError) -> Int {
    try _Check.finiteMagnitude(position, "position", unit: "points")
    let k = _partitionPoint(count: slots.count) { slots[$0] >= position }
    if k == 0 { return 0 }
    if k == slots.count { return slots.count - 1 }
    return position - slots[k - 1] <= slots[k] - position ? k - 1 : k
  }

  mutating func _now(_ time: AnimationTime) -> AnimationTime {
    let now = max(time, _lastEvent)
    _lastEvent = now
    return now
  }

  /// A finger picks up `row` at `position` (points) moving at `velocity` (points/s).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   row out of range, a drag already in progress, or a non-finite position
  ///   or velocity.
  public mutating func beginDrag(row: Int, position: Double, velocity: Double = 0, at time: AnimationTime) throws(HarmonicError) {
    try _Check.index(row, "row", count: order.count)
    try _Check.state(draggedRow == nil, "row", value: Double(row), needs: "no drag in progress (row \(draggedRow!) is dragged; drop it first)")
    try _Check.finiteMagnitude(position, "position", unit: "points")
    try _Check.finiteMagnitude(velocity, "velocity", unit: "points/s")
    draggedRow = row
    _finger = (position, velocity, _now(time))
  }

  /// The finger moved: the dragged row follows, and when the slot nearest
  /// the finger changes the rows in between spring one slot over.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   no drag is in progress or for a non-finite position or velocity.
  public mutating func drag(to position: Double, velocity: Double, at time: AnimationTime) throws(HarmonicError) {
    try _Check.state(draggedRow != nil, "drag", needs: "after beginDrag(row:position:velocity:at:)")
    let row = draggedRow!
    try _Check.finiteMagnitude(position, "position", unit: "points")
    try _Check.finiteMagnitude(velocity, "velocity", unit: "points/s")
    let now = _now(time)
    _finger = (position, velocity, now)
    let from = _slotOfRow[row], to = try slot(nearest: position)
    guard from != to else { return }
    order.remove(at: from)
    order.insert(row, at: to)
    for k in min(from, to)...max(from, to) {
      let moved = order[k]
      _slotOfRow[moved] = k
      if moved != row { try _rows[moved].retarget(to: slots[k], at: now) }
    }
  }

  /// The finger lets go moving at `velocity` (points/s): the dragged row
  /// springs from where it is into its slot carrying that velocity.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   no drag is in progress or for a non-finite velocity.
  public mutating func drop(velocity: Double, at time: AnimationTime) throws(HarmonicError) {
    try _Check.state(draggedRow != nil, "drop", needs: "after beginDrag(row:position:velocity:at:)")
    let row = draggedRow!
    try _Check.finiteMagnitude(velocity, "velocity", unit: "points/s")
    let now = _now(time)
    let here = _fingerPosition(at: now)
    _rows[row] = try ValueAnimation(value: here, velocity: velocity, target: slots[_slotOfRow[row]], spring: spring, start: now)
    draggedRow = nil
  }

  func _fingerPosition(at time: AnimationTime) -> Double {
    _finger.position + _finger.velocity * time._seconds(since: _finger.time)
  }

  /// Row `row`'s position (points) and velocity (points/s) at `time`.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   row outside `0 ..< order.count`.
  public func state(ofRow row: Int, at time: AnimationTime) throws(HarmonicError) -> SpringState {
    try _Check.index(row, "row", count: order.count)
    return _state(ofRow: row, at: time)
  }

  /// ``state(ofRow:at:)`` of a row known to be in range.
  func _state(ofRow row: Int, at time: AnimationTime) -> SpringState {
    if row == draggedRow { return SpringState(value: _fingerPosition(at: time), velocity: _finger.velocity) }
    let state = _rows[row].state(at: time)
    return SpringState(value: state.value, velocity: state.velocity)
  }

  /// Row `row`'s spring, a ``Motion`` of its position (points); nil while
  /// the row is dragged (it is where the finger is).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for a
  ///   row outside `0 ..< order.count`.
  public func motion(ofRow row: Int) throws(HarmonicError) -> ValueAnimation<Double>? {
    try _Check.index(row, "row", count: order.count)
    return row == draggedRow ? nil : _rows[row]
  }

  /// Every row's position and velocity at `time`, in row order.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` for
  ///   arrays that do not hold one value per row.
  public func frame(at time: AnimationTime, positions: inout [Double], velocities: inout [Double]) throws(HarmonicError) {
    try _Check.shape(positions.count, "positions.count", expected: order.count, what: "one per row")
    try _Check.shape(velocities.count, "velocities.count", expected: order.count, what: "one per row")
    for row in 0..<order.count {
      let state = _state(ofRow: row, at: time)
      positions[row] = state.value
      velocities[row] = state.velocity
    }
  }
}
