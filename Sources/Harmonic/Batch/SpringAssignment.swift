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
      var index = _SpringIndex()
      let groupOfItem = springs.map { index.group(of: $0) }
      return index.unique.count == 1 ? (index.unique, []) : (index.unique, groupOfItem)
    }
  }
}

/// Equal springs (by value, as `==`) numbered in order of first
/// appearance: an open-addressed table of group numbers keyed by the
/// parameters' bits (equal springs have equal bits: mass and stiffness
/// are never 0, and a spring stores a damping of −0 as +0), hashed with
/// a multiply-xor mix. The numbering is
/// `[Spring: Int32]`'s, at a fraction of its cost: a million items cost
/// one SipHash-1-3 each there, twice for each new spring.
struct _SpringIndex {
  /// The distinct springs, in order of first appearance.
  private(set) var unique: [Spring] = []
  /// Group number + 1 per slot (0: empty); a power of two, at most half full.
  private var slots = [Int32](repeating: 0, count: 64)

  /// The parameters' bits, mixed.
  private static func hash(_ spring: Spring) -> Int {
    var h = spring.mass.bitPattern &* 0x9E37_79B9_7F4A_7C15
    h = (h ^ spring.stiffness.bitPattern) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ spring.damping.bitPattern) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: h ^ (h >> 31))
  }

  /// `spring`'s group: an earlier equal spring's, or a new one.
  mutating func group(of spring: Spring) -> Int32 {
    let mask = slots.count - 1
    var slot = _SpringIndex.hash(spring) & mask
    while slots[slot] != 0 {
      let group = slots[slot] - 1
      if unique[Int(group)] == spring { return group }
      slot = (slot + 1) & mask
    }
    let group = Int32(unique.count)
    unique.append(spring)
    slots[slot] = group + 1
    if 2 * unique.count > slots.count { grow() }
    return group
  }

  /// Twice the slots, every group placed again.
  private mutating func grow() {
    slots = [Int32](repeating: 0, count: 2 * slots.count)
    let mask = slots.count - 1
    for (group, spring) in unique.enumerated() {
      var slot = _SpringIndex.hash(spring) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(group + 1)
    }
  }
}
