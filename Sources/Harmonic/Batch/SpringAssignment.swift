/// Which spring drives which item of a ``SpringBatch``.
public enum SpringAssignment: Sendable {
  /// One spring for every item.
  case shared(Spring)
  /// A few springs; `groupOfItem[item]` indexes `springs`. Items of one group
  /// in contiguous ranges make the BLAS backend's calls fewer.
  case groups([Spring], groupOfItem: [Int])
  /// One spring per item (`springs.count == itemCount`). Items whose
  /// springs are equal (same m, k, c) share one group, in order of first
  /// appearance: each distinct spring's coefficients are computed once per
  /// tick, however many items it drives.
  case perItem([Spring])

  /// Whether the spring list ``_resolve(itemCount:)`` gives has no two equal
  /// springs (`.groups` may repeat one).
  var _listsDistinctSprings: Bool {
    if case .groups = self { false } else { true }
  }

  func _resolve(itemCount: Int) throws(HarmonicError) -> ([Spring], [Int32]) {
    switch self {
    case let .shared(spring):
      return ([spring], [])
    case let .groups(springs, groupOfItem):
      try _Check.count(springs.count, "springs.count", atLeast: 1, atMost: Int(Int32.max))
      try _Check.shape(groupOfItem.count, "groupOfItem.count", expected: itemCount, what: "itemCount")
      for (item, group) in groupOfItem.enumerated() where !(0..<springs.count).contains(group) {
        try _Check.index(group, "groupOfItem[\(item)]", count: springs.count, of: "springs")
      }
      return springs.count == 1 ? (springs, []) : (springs, groupOfItem.map { Int32($0) })
    case let .perItem(springs):
      try _Check.shape(springs.count, "springs.count", expected: itemCount, what: "itemCount")
      var index: [Spring: Int32] = [:]
      var unique: [Spring] = []
      let groupOfItem = springs.map { spring -> Int32 in
        if let known = index[spring] { return known }
        index[spring] = Int32(unique.count)
        unique.append(spring)
        return Int32(unique.count - 1)
      }
      return unique.count == 1 ? (unique, []) : (unique, groupOfItem)
    }
  }
}
