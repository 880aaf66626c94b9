/// Many spring motions evaluated as one numeric operation: N items × C
/// channels of `Double` in structure-of-arrays form.
///
/// A layout item typically has 11 channels — center x/y, size w/h, the six
/// affine components, alpha — or 27 with the 16 entries of a 3-D transform.
/// Every (item, channel) *element* has its own start, target and initial
/// velocity; items share one spring, belong to one of a few spring groups, or
/// each have their own spring (``SpringAssignment``).
///
/// Storage is channel-major: element `e = channel·itemCount + item`. The
/// per-element inputs are kept as four columns of length N·C,
/// `[start | target | velocity | restoring]` with
/// `restoring = ω₀²·(start − target) + a·v₀`, read as two overlapping
/// column-major matrices
///
///     V = [start | target | velocity]      (columns 0–2)
///     W = [velocity | restoring]           (columns 2–3)
///
/// so that at time t, with (Ĉ, Ŝ) the spring's closed-form basis and
/// R = Ĉ + a·Ŝ, P = 1 − R its step response (see ``SpringMotion``), all
/// values are `V·[R, P, Ŝ]ᵀ` and all velocities `W·[Ĉ, −Ŝ]ᵀ` — one BLAS
/// `dgemv` per spring group, or one fused native loop.
/// Memory: 32 bytes per element (four doubles), plus 4 bytes per item for
/// the group index when there is more than one group; 10M items × 11 channels
/// take 3.5 GB.
///
/// Time: the batch has a ``start`` tick (where every element's start and
/// initial velocity hold); states are pure functions of the tick. A
/// ``retarget(items:to:at:spring:progressVelocity:threads:)`` moves the start of the whole
/// batch to the retarget tick (every element restarts from its exact state
/// there), so all items always share one clock.
///
/// Progress: each item has a progress that runs from 0 to 1 with its spring's
/// own timing, whether or not its channels move — see ``progress(at:into:)``.
public struct SpringBatch: Sendable {
  /// Number of items N.
  public let itemCount: Int
  /// Number of channels C per item.
  public let channelCount: Int
  /// The tick at which every element's initial value and velocity hold:
  /// where the batch's motions start.
  public internal(set) var start: AnimationTime

  /// The value tolerance of the progress curve: progress is exactly 1 from
  /// the tick it stays within this of 1 (see ``progressEndTick``).
  var _progressTolerance: Double
  /// The progress tolerance of a batch made without one: 0.001.
  static let defaultProgressTolerance = Spring.settlingTolerance.value

  /// Spring groups; an item's group is `_groupOfItem[item]` (all 0 when empty).
  var _groups: [_SpringGroup]
  var _groupOfItem: [Int32]
  /// Maximal item ranges of one group, for per-group BLAS calls.
  var _runs: [_GroupRun]
  /// Items per group, for the average progress.
  var _itemsPerGroup: [Int]
  /// Whether item i is in group i, for every item (every spring distinct):
  /// a frame then writes the groups' coefficients straight into the
  /// per-item ones.
  var _groupsAreItems = false
  /// Every group's spring basis in the lane kernel's layout, sorted by
  /// regime (`_LaneKernel.bases`): the one step-basis path of a frame.
  /// When `_groupsAreItems`, the ~37 bytes a frame streams per item instead
  /// of its 104-byte group.
  var _groupBases: [Double] = []
  /// [start | target | velocity | restoring], each N·C long: the value
  /// matrix V is columns 0–2, the velocity matrix W columns 2–3.
  package var _columns: [Double]

  /// N·C.
  package var elementCount: Int { itemCount * channelCount }

  /// The element index of (item, channel): `channel·itemCount + item`.
  @inlinable
  package func element(item: Int, channel: Int) -> Int { channel * itemCount + item }

  /// Largest accepted N·C (BLAS takes 32-bit dimensions).
  package static let maximumElementCount = Int(Int32.max)

  /// Creates a batch.
  ///
  /// - Parameters:
  ///   - itemCount: N ≥ 1.
  ///   - channelCount: C ≥ 1.
  ///   - start: N·C values at `start`, channel-major, in units.
  ///   - target: N·C targets, channel-major, in units.
  ///   - velocity: N·C initial velocities in units/s, channel-major; `nil` for rest.
  ///   - springs: which spring drives which item.
  ///   - startTick: the tick at which the values and velocities hold
  ///     (the batch's ``start``). Default 0.
  ///   - progressVelocity: the items' initial progress rate, per second
  ///     (progress is 0 → 1; see ``progress(at:into:)``). Default 0 (from rest).
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` naming
  ///   the first wrong input (a size, an element such as `from[item 3, channel 1]`,
  ///   a group index), before anything is built.
  /// - Complexity: O(N·C), plus one exact settle time per distinct spring
  ///   (1–2 µs each; searched on every core when every item's spring is
  ///   its own, with the same bits as on one).
  public init(
    itemCount: Int, channelCount: Int, from start: [Double], to target: [Double], velocity: [Double]? = nil,
    springs: SpringAssignment, start startTick: AnimationTime = .zero, progressVelocity: Double = 0
  ) throws(HarmonicError) {
    try _Check.count(itemCount, "itemCount", atLeast: 1, why: "an empty batch has nothing to animate")
    try _Check.count(channelCount, "channelCount", atLeast: 1)
    let (elements, overflow) = itemCount.multipliedReportingOverflow(by: channelCount)
    guard !overflow, elements <= SpringBatch.maximumElementCount else {
      throw .invalidParameter(name: "itemCount × channelCount", value: Double(itemCount) * Double(channelCount), accepted: "≤ 2³¹ − 1")
    }
    try SpringBatch._checkColumn(start, "from", itemCount: itemCount, channelCount: channelCount, unit: "units")
    try SpringBatch._checkColumn(target, "to", itemCount: itemCount, channelCount: channelCount, unit: "units")
    if let velocity {
      try SpringBatch._checkColumn(velocity, "velocity", itemCount: itemCount, channelCount: channelCount, unit: "units/s")
    }
    var columns: [Double] = []
    columns.reserveCapacity(4 * elements)
    columns.append(contentsOf: start)
    columns.append(contentsOf: target)
    if let velocity { columns.append(contentsOf: velocity) } else { columns.append(contentsOf: repeatElement(0, count: elements)) }
    columns.append(contentsOf: repeatElement(0, count: elements))
    try self.init(
      _checkedColumns: _take(&columns), itemCount: itemCount, channelCount: channelCount, springs: springs, start: startTick,
      progressVelocity: progressVelocity)
  }

  /// A batch over columns laid out as `_columns` is, `[start | target |
  /// velocity | anything]` (N·C each), whose first three are checked
  /// already; the fourth is overwritten, unless `derived` says it holds the
  /// restoring terms ``_updateDerivedColumns(threads:)`` writes, bit for
  /// bit. The columns are taken, not copied.
  init(
    _checkedColumns columns: consuming [Double], itemCount: Int, channelCount: Int, springs: SpringAssignment, start startTick: AnimationTime,
    progressVelocity: Double, progressTolerance: Double = SpringBatch.defaultProgressTolerance, derived: Bool = false
  ) throws(HarmonicError) {
    let (springList, groupOfItem) = try springs._resolve(itemCount: itemCount)
    try _Check.finiteMagnitude(progressVelocity, "progressVelocity", unit: "1/s")
    self.itemCount = itemCount
    self.channelCount = channelCount
    self.start = startTick
    self._progressTolerance = progressTolerance
    self._groups = _SpringGroup.groups(
      springList, distinct: springs._listsDistinctSprings, origin: startTick, velocity: progressVelocity, tolerance: progressTolerance)
    self._groupOfItem = groupOfItem
    self._runs = []
    self._itemsPerGroup = []
    self._columns = _take(&columns)
    _rebuildRuns()
    if !derived { _updateDerivedColumns(threads: nil) }
  }

  /// A batch that only holds `columns` (`[start | target | velocity |
  /// restoring]`, taken), with no springs: the placeholder of a setup
  /// whose batch is made later from these columns (a change in flight).
  /// Its columns may be read and taken; it must not be evaluated.
  init(_unbuiltColumns columns: consuming [Double], itemCount: Int, channelCount: Int, start startTick: AnimationTime) {
    (self.itemCount, self.channelCount, self.start) = (itemCount, channelCount, startTick)
    (_progressTolerance, _groups, _groupOfItem, _runs, _itemsPerGroup) = (SpringBatch.defaultProgressTolerance, [], [], [], [])
    _columns = _take(&columns)
  }

  /// Checks a column's values in place, with the names and ranges
  /// ``_checkColumn(_:_:itemCount:channelCount:unit:)`` gives.
  static func _checkValues(
    _ values: UnsafeBufferPointer<Double>, _ name: String, itemCount: Int, unit: String
  ) throws(HarmonicError) {
    // A branch-free pass first, eight values at a time (NaN fails both
    // comparisons); the search for the first bad value only when there is one.
    if let base = values.baseAddress {
      let limit = _Check.maximumMagnitude
      var inside = SIMDMask<SIMD8<Int64>>(repeating: true)
      var index = 0
      while index + 8 <= values.count {
        let lanes = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<Double>.self)
        inside = inside .& (lanes .<= SIMD8(repeating: limit)) .& (lanes .>= SIMD8(repeating: -limit))
        index += 8
      }
      var tail = true
      while index < values.count { tail = tail && base[index].magnitude <= limit; index += 1 }
      guard !all(inside) || !tail else { return }
    }
    for index in values.indices where !(values[index].magnitude <= _Check.maximumMagnitude) {
      try _Check.finiteMagnitude(values[index], "\(name)[item \(index % itemCount), channel \(index / itemCount)]", unit: unit)
    }
  }

  /// The spring that drives `item`.
  package func spring(ofItem item: Int) -> Spring { _groups[_group(item)].spring }

  /// The start value of an element (its value at ``start``), in units.
  package func start(item: Int, channel: Int) -> Double { _columns[element(item: item, channel: channel)] }

  /// The target of an element, in units.
  package func target(item: Int, channel: Int) -> Double { _columns[elementCount + element(item: item, channel: channel)] }

  /// The velocity of an element at ``start``, in units/s.
  package func initialVelocity(item: Int, channel: Int) -> Double { _columns[2 * elementCount + element(item: item, channel: channel)] }

  /// The number of distinct spring groups currently in use.
  package var groupCount: Int { _groups.count }

  @inline(__always)
  func _group(_ item: Int) -> Int { _groupOfItem.isEmpty ? 0 : Int(_groupOfItem[item]) }

  static func _checkColumn(_ column: [Double], _ name: String, itemCount: Int, channelCount: Int, unit: String) throws(HarmonicError) {
    try _Check.shape(column.count, "\(name).count", expected: itemCount * channelCount, what: "itemCount × channelCount")
    try column.withUnsafeBufferPointer { values in
      Result { () throws(HarmonicError) in try _checkValues(values, name, itemCount: itemCount, unit: unit) }
    }.unwrapped()
  }

  /// Recomputes runs and per-group item counts from `_groupOfItem`.
  mutating func _rebuildRuns() {
    _itemsPerGroup = Array(repeating: 0, count: _groups.count)
    _runs.removeAll(keepingCapacity: true)
    _groupsAreItems = false
    _groupBases = _LaneKernel.bases(of: _groups)
    if _groupOfItem.isEmpty {
      _itemsPerGroup[0] = itemCount
      _runs.append(_GroupRun(items: 0..<itemCount, group: 0))
      return
    }
    var runStart = 0
    for item in 0..<itemCount {
      let group = Int(_groupOfItem[item])
      _itemsPerGroup[group] += 1
      if item > 0, group != Int(_groupOfItem[item - 1]) {
        _runs.append(_GroupRun(items: runStart..<item, group: Int(_groupOfItem[item - 1])))
        runStart = item
      }
    }
    _runs.append(_GroupRun(items: runStart..<itemCount, group: Int(_groupOfItem[itemCount - 1])))
    _groupsAreItems = _groups.count == itemCount && _runs.count == itemCount && _runs.allSatisfy { $0.items.lowerBound == $0.group }
  }

  /// restoring = ω₀²·(start − target) + a·v₀.
  mutating func _updateDerivedColumns(threads: Int?) {
    let n = elementCount
    let items = itemCount
    let channels = channelCount
    let groups = _groups.map { ($0.spring._basis.decayRate, $0.spring._basis.omegaSquared) }
    let groupOfItem = _groupOfItem
    _columns.withUnsafeMutableBufferPointer { columns in
      // One pointer per column: the one-spring loop is a plain streaming
      // loop the compiler vectorizes (elementwise, so the bits are those of
      // the scalar loop; no FMA contraction).
      let start = _SendablePointer(columns.baseAddress!), target = _SendablePointer(columns.baseAddress! + n)
      let velocity = _SendablePointer(columns.baseAddress! + 2 * n), restoring = _SendablePointer(columns.baseAddress! + 3 * n)
      groupOfItem.withUnsafeBufferPointer { groupIndex in
        let groupIndex = _SendableBuffer(groupIndex)
        _Parallel.forEachItemRange(itemCount: items, elementCount: n, threads: threads) { range in
          for channel in 0..<channels {
            let base = channel * items
            if groupIndex.isEmpty {  // one spring: its constants hoisted
              let (a, omegaSquared) = groups[0]
              let (s, t, v, r) = (start.base + base, target.base + base, velocity.base + base, restoring.base + base)
              for e in range {
                r[e] = omegaSquared * (s[e] - t[e]) + a * v[e]
              }
              continue
            }
            for item in range {
              let (a, omegaSquared) = groups[Int(groupIndex[item])]
              let e = base + item
              restoring[e] = omegaSquared * (start[e] - target[e]) + a * velocity[e]
            }
          }
        }
      }
    }
  }
}
