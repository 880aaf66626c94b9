// Setup, stage 1 (the order): pairs sorted and merged through integer
// keys (_PairKey), so cells never compare kind names.

extension LayoutTransition {
  /// `pairing`'s elements sorted as ``LayoutTransition/Element`` orders them,
  /// duplicates merged (their tags combined by `combine`, in sorted order):
  /// through integer keys, so cells never compare kind names.
  static func _sortedUnique(_ pairing: _Pairing, combine: (Int32, Int32) -> Int32) -> _Pairing {
    let elements = pairing.elements
    var names: [String] = []
    for k in elements.indices {
      if let name = elements[k].from?.kind.name { names.append(name) }
      if let name = elements[k].to?.kind.name { names.append(name) }
    }
    let ordinal = Dictionary(Set(names).sorted().enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    func rank(_ id: ElementID) -> Int {
      switch id.kind.category {
      case .cell: return 0
      case .supplementary: return 1 + 2 * ordinal[id.kind.name!]!
      case .decoration: return 1 + 2 * names.count + ordinal[id.kind.name!]!
      }
    }
    typealias Key = _PairKey
    // Fields read in place through a pointer (an array's subscript copies
    // the element, ids and kind names included).
    let keys = [Key](_unsafeFilling: elements.count) { keys, keyCount in
      // Called only for at least one element (an empty fill is `[]`).
      elements.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress!
        for k in buffer.indices {
          let element = base + k
          let toPath = element.pointee.to?.indexPath, fromPath = element.pointee.from?.indexPath
          let idPath = toPath ?? fromPath!
          let idRank = names.isEmpty ? 0 : rank(element.pointee.id)
          var from = (rank: 0, section: 0, item: 0)
          if let path = fromPath { from = (names.isEmpty ? 1 : rank(element.pointee.from!) + 1, path.section, path.item) }
          (keys.baseAddress! + k).initialize(
            to: _PairKey(
              idRank: idRank, section: idPath.section, item: idPath.item, leaving: toPath == nil, fromRank: from.rank,
              fromSection: from.section, fromItem: from.item))
        }
      }
      keyCount = elements.count
    }
    return elements.withUnsafeBufferPointer { elements in
      keys.withUnsafeBufferPointer { keys in
        pairing.tags.withUnsafeBufferPointer { tags in _uniqueSorted(keys: keys, tags: tags, combine: combine) { elements[$0] } }
      }
    }
  }

  /// The pairs `keys` stand for, sorted, duplicates merged (their tags
  /// combined by `combine`, in sorted order); `element(k)` makes pair k.
  /// Exactly as many elements as there are distinct keys are made.
  static func _uniqueSorted(
    keys: UnsafeBufferPointer<_PairKey>, tags given: UnsafeBufferPointer<Int32>, combine: (Int32, Int32) -> Int32,
    element: (Int) -> LayoutTransition.Element
  ) -> _Pairing {
    var order = _sortedOrder(keys)
    // The distinct keys' indices written over the front of `order`, their
    // tags combined.
    var unique = 0
    var result = _Pairing()
    result.tags = [Int32](_unsafeFilling: order.count) { tags, tagCount in
      order.withUnsafeMutableBufferPointer { order in
        for position in order.indices {
          let k = order[position]
          if unique > 0, keys[order[unique - 1]] == keys[k] {
            tags[unique - 1] = combine(tags[unique - 1], given[k])
            continue
          }
          order[unique] = k
          tags[unique] = given[k]
          unique += 1
        }
      }
      tagCount = unique
    }
    result.elements = [LayoutTransition.Element](_unsafeFilling: unique) { buffer, count in
      for j in 0..<unique { (buffer.baseAddress! + j).initialize(to: element(order[j])) }
      count = unique
    }
    return result
  }

  /// A pair's sort key, compared field by field in declaration order: the
  /// element's id (kind rank, section, item), then staying or appearing
  /// before leaving, then the old id (kind rank + 1, 0 for none; section;
  /// item).
  struct _PairKey: Comparable {
    /// 0 for cells; supplementary and decoration kinds by name after them.
    var idRank: Int
    var section: Int
    var item: Int
    /// The pair has no new id: the element leaves.
    var leaving: Bool
    /// The old id's kind rank + 1; 0 when there is no old id (appearing).
    var fromRank: Int
    var fromSection: Int
    var fromItem: Int

    @inline(__always)
    static func < (a: _PairKey, b: _PairKey) -> Bool {
      if a.idRank != b.idRank { return a.idRank < b.idRank }
      if a.section != b.section { return a.section < b.section }
      if a.item != b.item { return a.item < b.item }
      if a.leaving != b.leaving { return !a.leaving }
      if a.fromRank != b.fromRank { return a.fromRank < b.fromRank }
      if a.fromSection != b.fromSection { return a.fromSection < b.fromSection }
      return a.fromItem < b.fromItem
    }
  }

  /// The indices of `keys` in stable sorted order. The pairing lists the
  /// elements found from the start's visible ones, then those found from
  /// the end's: usually two ascending runs (each layout lists its ids in
  /// order and the mapping keeps order), which are merged in one pass; any
  /// other input is sorted.
  static func _sortedOrder(_ keys: UnsafeBufferPointer<_PairKey>) -> [Int] {
    let n = keys.count
    guard n > 1 else { return Array(0..<n) }
    var split = 1
    while split < n, !(keys[split] < keys[split - 1]) { split += 1 }
    var rest = split + 1
    while rest < n, !(keys[rest] < keys[rest - 1]) { rest += 1 }
    guard split >= n || rest >= n else {
      // Ties by index: stable whatever the sort.
      return keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    }
    return [Int](_unsafeFilling: n) { order, count in
      var (i, j, k) = (0, split, 0)
      // Ties take the first run first, as a stable sort does.
      while i < split, j < n {
        if keys[j] < keys[i] { order[k] = j; j += 1 } else { order[k] = i; i += 1 }
        k += 1
      }
      while i < split { order[k] = i; i += 1; k += 1 }
      while j < n { order[k] = j; j += 1; k += 1 }
      count = n
    }
  }
}
