/// Candidate intervals in flow coordinates: item k may rest anywhere in
/// [low(k), high(k)]; both are non-decreasing in k. For items that fit in
/// the snap area the interval is the single aligned offset.
struct _FlowSnapper {
  let layout: SnapLayout
  let alignment: SnapAlignment
  let area: Double

  init(layout: SnapLayout, alignment: SnapAlignment) {
    self.layout = layout
    self.alignment = alignment
    self.area = layout.viewportExtent - layout.leadingInset - layout.trailingInset
  }

  @inline(__always)
  func interval(_ k: Int) -> (low: Double, high: Double) {
    let start = layout.start(k), end = layout.end(k)
    if end - start > area {
      return (start - layout.leadingInset, end - layout.leadingInset - area)
    }
    let aligned: Double
    switch alignment {
    case .leading: aligned = start - layout.leadingInset
    case .trailing: aligned = end - layout.leadingInset - area
    case .center: aligned = start + (end - start) / 2 - layout.leadingInset - area / 2
    }
    return (aligned, aligned)
  }

  func low(_ k: Int) -> Double { interval(k).low }
  func high(_ k: Int) -> Double { interval(k).high }

  /// The point of item k's interval nearest x.
  func point(_ k: Int, nearest x: Double) -> Double {
    let (low, high) = interval(k)
    return min(max(x, low), high)
  }

  /// Smallest k with high(k) ≥ x, or count.
  func lowerBound(_ x: Double) -> Int {
    _partitionPoint(count: layout.count) { high($0) >= x }
  }

  /// The item and point nearest x; ties go towards the sign of `direction`,
  /// else to the lower index.
  func nearest(to x: Double, preferring direction: Double) -> (index: Int, point: Double) {
    let k = lowerBound(x)
    if k == layout.count { return (k - 1, high(k - 1)) }
    let after = (index: k, point: point(k, nearest: x))
    guard k > 0 else { return after }
    let before = (index: k - 1, point: high(k - 1))
    let distanceAfter = after.point - x, distanceBefore = x - before.point
    if distanceAfter < distanceBefore { return after }
    if distanceBefore < distanceAfter { return before }
    return direction > 0 ? after : before
  }

  /// Smallest k with high(k) > x.
  func firstItem(withHighAbove x: Double) -> Int? {
    let k = _partitionPoint(count: layout.count) { high($0) > x }
    return k < layout.count ? k : nil
  }

  /// Smallest k with low(k) > x: the first item strictly ahead going forward.
  func firstItem(withLowAbove x: Double) -> Int? {
    let k = _partitionPoint(count: layout.count) { low($0) > x }
    return k < layout.count ? k : nil
  }

  /// Largest k with high(k) < x: the first item strictly ahead going back.
  func lastItem(withHighBelow x: Double) -> Int? {
    let k = _partitionPoint(count: layout.count) { !(high($0) < x) }
    return k > 0 ? k - 1 : nil
  }

  /// Largest k with low(k) < x.
  func lastItem(withLowBelow x: Double) -> Int? {
    let k = _partitionPoint(count: layout.count) { !(low($0) < x) }
    return k > 0 ? k - 1 : nil
  }
}
