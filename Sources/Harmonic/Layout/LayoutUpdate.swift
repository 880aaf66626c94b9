/// A batch update, as `UICollectionView.performBatchUpdates` takes it:
/// inserts, deletes, moves and reloads of items and sections.
///
/// Index paths follow UIKit's convention: deletions, reloads and the source
/// of a move name **old** index paths (before the update); insertions and the
/// destination of a move name **new** ones. Everything else keeps its
/// identity and shifts: an item after an insertion in its section is the same
/// item one place further on, and springs there from where it was.
///
/// The old → new mapping (``mapping(oldItemCounts:newItemCounts:)``) is derived
/// per section: the old section's items that are neither deleted, reloaded
/// nor moved away fill, in order, the new section's places that are neither
/// inserted nor a move's destination. Sections map the same way. A reloaded
/// item keeps its place (it is deleted and inserted at the mapped place: the
/// old view fades out as the new one fades in).
public struct LayoutUpdate: Sendable, Hashable {
  /// New index paths of inserted items.
  public var inserted: Set<ItemIndexPath>
  /// Old index paths of deleted items.
  public var deleted: Set<ItemIndexPath>
  /// Moved items, old index path → new index path.
  public var moved: [ItemIndexPath: ItemIndexPath]
  /// Old index paths of reloaded items.
  public var reloaded: Set<ItemIndexPath>
  /// New indices of inserted sections (all their items are inserted).
  public var insertedSections: Set<Int>
  /// Old indices of deleted sections (all their items are deleted).
  public var deletedSections: Set<Int>
  /// Moved sections, old index → new index (their items move with them).
  public var movedSections: [Int: Int]
  /// True for a bounds change (rotation, resize): nothing appears or
  /// disappears, every visible item moves from its old to its new frame.
  public var isBoundsChange: Bool

  public init(
    inserted: Set<ItemIndexPath> = [], deleted: Set<ItemIndexPath> = [], moved: [ItemIndexPath: ItemIndexPath] = [:],
    reloaded: Set<ItemIndexPath> = [], insertedSections: Set<Int> = [], deletedSections: Set<Int> = [],
    movedSections: [Int: Int] = [:], isBoundsChange: Bool = false
  ) {
    self.inserted = inserted
    self.deleted = deleted
    self.moved = moved
    self.reloaded = reloaded
    self.insertedSections = insertedSections
    self.deletedSections = deletedSections
    self.movedSections = movedSections
    self.isBoundsChange = isBoundsChange
  }

  /// True when nothing is inserted, deleted, moved or reloaded.
  package var isEmpty: Bool {
    inserted.isEmpty && deleted.isEmpty && moved.isEmpty && reloaded.isEmpty && insertedSections.isEmpty
      && deletedSections.isEmpty && movedSections.isEmpty
  }

  /// The old → new index mapping between layouts with these item counts.
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   the update does not account for the counts (UIKit's "invalid number of
  ///   items in section" exception), an index path is outside its layout, a
  ///   path is named twice (deleted and moved, inserted twice as a move
  ///   destination…), or a move leaves or enters an inserted or deleted section.
  /// - Complexity: O(s + u log u) for s sections and u updates; each query
  ///   afterwards is O(log u).
  public func mapping(oldItemCounts: [Int], newItemCounts: [Int]) throws(HarmonicError) -> LayoutUpdate.IndexMapping {
    try LayoutUpdate.IndexMapping(self, old: oldItemCounts, new: newItemCounts)
  }

  /// The mapping from `old` to `new`: the identity, without a check, when
  /// there is no update and the item counts agree; else ``mapping(oldItemCounts:newItemCounts:)``.
  func _mapping(from old: some CollectionLayout, to new: some CollectionLayout) throws(HarmonicError) -> LayoutUpdate.IndexMapping {
    isEmpty && old.itemCounts == new.itemCounts
      ? LayoutUpdate.IndexMapping(identity: old.itemCounts) : try mapping(oldItemCounts: old.itemCounts, newItemCounts: new.itemCounts)
  }
}

extension LayoutUpdate {
  /// Old ↔ new index paths of a ``LayoutUpdate`` between two layouts.
  public struct IndexMapping: Sendable {
    struct Side: Sendable {
      /// Per section: sorted indices removed (old side) or added (new side).
      var changed: [[Int]]
      var counts: [Int]
    }
    let _oldSections: [Int?]  // old section → new section
    let _newSections: [Int?]  // new section → old section
    let _old: Side
    let _new: Side
    let _movedForward: [ItemIndexPath: ItemIndexPath]
    let _movedBackward: [ItemIndexPath: ItemIndexPath]
    let _reloaded: Set<ItemIndexPath>
    let _inserted: Set<ItemIndexPath>
    let _deleted: Set<ItemIndexPath>
    /// Nothing changes: every query answers its argument.
    let _isIdentity: Bool

    /// The identity mapping between layouts with the same counts.
    init(identity counts: [Int]) {
      let sections = Array(0..<counts.count).map(Optional.some)
      (_oldSections, _newSections) = (sections, sections)
      _old = Side(changed: counts.map { _ in [] }, counts: counts)
      _new = _old
      (_movedForward, _movedBackward, _reloaded, _inserted, _deleted) = ([:], [:], [], [], [])
      _isIdentity = true
    }

    init(_ update: LayoutUpdate, old oldCounts: [Int], new newCounts: [Int]) throws(HarmonicError) {
      for (name, counts) in [("old item counts", oldCounts), ("new item counts", newCounts)] {
        try _Check.count(counts.count, "\(name).count", atLeast: 0, atMost: _Check.maximumSectionCount, why: "sections")
        for (s, count) in counts.enumerated() where !(0..._Check.maximumItemCount).contains(count) {
          try _Check.itemCount(count, "\(name)[\(s)]")
        }
      }
      // Sections.
      func checkSection(_ s: Int, _ counts: [Int], _ name: String) throws(HarmonicError) {
        try _Check.index(s, name, count: counts.count)
      }
      var removedSections = update.deletedSections, addedSections = update.insertedSections
      for s in update.deletedSections { try checkSection(s, oldCounts, "deletedSections") }
      for s in update.insertedSections { try checkSection(s, newCounts, "insertedSections") }
      for (from, to) in update.movedSections.sorted(by: { $0.key < $1.key }) {
        try checkSection(from, oldCounts, "movedSections source")
        try checkSection(to, newCounts, "movedSections destination")
        try _Check.unique(removedSections.insert(from).inserted, "movedSections source", value: Double(from), accepted: "a section not also deleted")
        try _Check.unique(
          addedSections.insert(to).inserted, "movedSections destination", value: Double(to), accepted: "a section not also inserted or moved to")
      }
      let survivingOld = (0..<oldCounts.count).filter { !removedSections.contains($0) }
      let survivingNew = (0..<newCounts.count).filter { !addedSections.contains($0) }
      guard survivingOld.count == survivingNew.count else {
        throw .invalidParameter(
          name: "section count", value: Double(newCounts.count),
          accepted:
            "\(oldCounts.count) old sections − \(removedSections.count - update.movedSections.count) deleted + \(addedSections.count - update.movedSections.count) inserted = \(oldCounts.count - removedSections.count + addedSections.count)"
        )
      }
      var oldSections = [Int?](repeating: nil, count: oldCounts.count), newSections = [Int?](repeating: nil, count: newCounts.count)
      for (o, n) in zip(survivingOld, survivingNew) { (oldSections[o], newSections[n]) = (n, o) }
      for (o, n) in update.movedSections { (oldSections[o], newSections[n]) = (n, o) }

      // Items.
      func check(_ path: ItemIndexPath, _ counts: [Int], _ name: String) throws(HarmonicError) {
        guard (0..<counts.count).contains(path.section), (0..<counts[path.section]).contains(path.item) else {
          throw .invalidParameter(
            name: "\(name) \(path)", value: Double(path.item),
            accepted: counts.indices.contains(path.section)
              ? "an item within 0..<\(counts[path.section]) of section \(path.section)" : "a section within 0..<\(counts.count)")
        }
      }
      var removed = oldCounts.map { _ in Set<Int>() }, added = newCounts.map { _ in Set<Int>() }
      /// Marks `path` as taken on one side: within that side's counts, not in a
      /// section the update deletes (old side) or inserts (new side), named once.
      func mark(_ path: ItemIndexPath, _ name: String, old: Bool) throws(HarmonicError) {
        try check(path, old ? oldCounts : newCounts, name)
        guard !(old ? update.deletedSections : update.insertedSections).contains(path.section) else {
          throw .invalidParameter(
            name: "\(name) \(path)", value: Double(path.section),
            accepted: "an item of a section that is not \(old ? "deleted" : "inserted")")
        }
        let fresh = old ? removed[path.section].insert(path.item).inserted : added[path.section].insert(path.item).inserted
        try _Check.unique(
          fresh, "\(name) \(path)", value: Double(path.item),
          accepted: old ? "an old index path named once (deleted, reloaded or moved)" : "a new index path named once (inserted or moved to)")
      }
      func remove(_ path: ItemIndexPath, _ name: String) throws(HarmonicError) { try mark(path, name, old: true) }
      func add(_ path: ItemIndexPath, _ name: String) throws(HarmonicError) { try mark(path, name, old: false) }
      for path in update.deleted.sorted() { try remove(path, "deleted") }
      for (from, to) in update.moved.sorted(by: { $0.key < $1.key }) {
        try remove(from, "moved from")
        try add(to, "moved to")
      }
      for path in update.inserted.sorted() { try add(path, "inserted") }
      for path in update.reloaded.sorted() {
        try check(path, oldCounts, "reloaded")
        // A reloaded item stays (it is not removed), but it may not also be deleted or moved.
        try _Check.unique(
          !removed[path.section].contains(path.item), "reloaded \(path)", value: Double(path.item),
          accepted: "an old index path named once (deleted, reloaded or moved)")
      }
      var movedBackward: [ItemIndexPath: ItemIndexPath] = [:]
      for (from, to) in update.moved { movedBackward[to] = from }
      // Every surviving old section's staying items fill its new section's free places.
      for (o, n) in oldSections.enumerated() {
        guard let n else { continue }
        let staying = oldCounts[o] - removed[o].count, free = newCounts[n] - added[n].count
        guard staying == free else {
          throw .invalidParameter(
            name: "new item count of section \(n)", value: Double(newCounts[n]),
            accepted:
              "\(oldCounts[o]) items of old section \(o) − \(removed[o].count) deleted or moved out + \(added[n].count) inserted or moved in = \(staying + added[n].count)"
          )
        }
      }
      _oldSections = oldSections
      _newSections = newSections
      _old = Side(changed: removed.map { $0.sorted() }, counts: oldCounts)
      _new = Side(changed: added.map { $0.sorted() }, counts: newCounts)
      _movedForward = update.moved
      _movedBackward = movedBackward
      _reloaded = update.reloaded
      _inserted = update.inserted
      _deleted = update.deleted
      _isIdentity = false
    }

    /// Number of entries of sorted `list` that are < `value`.
    static func _countBelow(_ list: [Int], _ value: Int) -> Int {
      var (low, high) = (0, list.count)
      while low < high {
        let middle = (low + high) / 2
        if list[middle] < value { low = middle + 1 } else { high = middle }
      }
      return low
    }

    /// The place of the `rank`-th (0-based) index not in sorted `changed`.
    static func _place(ofRank rank: Int, skipping changed: [Int]) -> Int {
      // changed[i] − i counts the free places before changed[i] (non-decreasing).
      var (low, high) = (0, changed.count)
      while low < high {
        let middle = (low + high) / 2
        if changed[middle] - middle <= rank { low = middle + 1 } else { high = middle }
      }
      return rank + low
    }

    /// Where an old item is after the update: nil when it is deleted (or its
    /// section is). A reloaded item maps to its place (see ``isReloaded(_:)``).
    /// Nil for an index path outside the old layout.
    public func newIndexPath(forOld path: ItemIndexPath) -> ItemIndexPath? {
      guard _oldSections.indices.contains(path.section), (0..<_old.counts[path.section]).contains(path.item) else { return nil }
      if _isIdentity { return path }
      if !_movedForward.isEmpty, let to = _movedForward[path] { return to }
      guard let section = _oldSections[path.section], _deleted.isEmpty || !_deleted.contains(path) else { return nil }
      let removed = _old.changed[path.section]
      // Reloads keep their place: they are not in `removed`.
      let rank = path.item - LayoutUpdate.IndexMapping._countBelow(removed, path.item)
      return ItemIndexPath(item: LayoutUpdate.IndexMapping._place(ofRank: rank, skipping: _new.changed[section]), section: section)
    }

    /// Where a new item was before the update: nil when it is inserted (or its
    /// section is). Nil for an index path outside the new layout.
    public func oldIndexPath(forNew path: ItemIndexPath) -> ItemIndexPath? {
      guard _newSections.indices.contains(path.section), (0..<_new.counts[path.section]).contains(path.item) else { return nil }
      if _isIdentity { return path }
      if !_movedBackward.isEmpty, let from = _movedBackward[path] { return from }
      guard let section = _newSections[path.section], _inserted.isEmpty || !_inserted.contains(path) else { return nil }
      let rank = path.item - LayoutUpdate.IndexMapping._countBelow(_new.changed[path.section], path.item)
      return ItemIndexPath(item: LayoutUpdate.IndexMapping._place(ofRank: rank, skipping: _old.changed[section]), section: section)
    }

    /// The new section of an old one (nil: deleted).
    package func newSection(forOld section: Int) -> Int? { _oldSections.indices.contains(section) ? _oldSections[section] : nil }
    /// The old section of a new one (nil: inserted).
    package func oldSection(forNew section: Int) -> Int? { _newSections.indices.contains(section) ? _newSections[section] : nil }

    /// Whether an old item is reloaded (its old view leaves, a new one appears in its place).
    public func isReloaded(_ old: ItemIndexPath) -> Bool { !_reloaded.isEmpty && _reloaded.contains(old) }

    /// The old cell whose reload the new cell `element` is, if it is one.
    package func reloadedOrigin(of element: ElementID) -> ElementID? {
      guard element.kind == .cell, let old = oldIndexPath(forNew: element.indexPath), _reloaded.contains(old) else { return nil }
      return .cell(old)
    }

    /// The new cell that replaces the reloaded old cell `element`, if it is one.
    package func reloadedDestination(of element: ElementID) -> ElementID? {
      guard element.kind == .cell, _reloaded.contains(element.indexPath) else { return nil }
      return newIndexPath(forOld: element.indexPath).map(ElementID.cell)
    }

    /// The new element of an old one: cells through the item mapping;
    /// supplementary and decoration views follow their section.
    public func newElement(forOld element: ElementID) -> ElementID? {
      if _isIdentity { return newIndexPath(forOld: element.indexPath) == nil && element.kind == .cell ? nil : element }
      switch element.kind {
      case .cell: return newIndexPath(forOld: element.indexPath).map(ElementID.cell)
      default:
        return newSection(forOld: element.indexPath.section).map { ElementID(element.kind, ItemIndexPath(item: element.indexPath.item, section: $0)) }
      }
    }

    /// The old element of a new one (see ``newElement(forOld:)``).
    public func oldElement(forNew element: ElementID) -> ElementID? {
      if _isIdentity { return oldIndexPath(forNew: element.indexPath) == nil && element.kind == .cell ? nil : element }
      switch element.kind {
      case .cell: return oldIndexPath(forNew: element.indexPath).map(ElementID.cell)
      default:
        return oldSection(forNew: element.indexPath.section).map { ElementID(element.kind, ItemIndexPath(item: element.indexPath.item, section: $0)) }
      }
    }
  }
}

extension LayoutUpdate {
  /// `initialLayoutAttributesForAppearingItem(at:)`: the styled pose for an
  /// item that was really inserted, and its final attributes unchanged for
  /// everything else (so a bounds change or a moved item does not fly in).
  public func initialAttributes(appearing final: LayoutAttributes, style: AppearanceStyle = .fade) -> LayoutAttributes {
    guard !isBoundsChange, final.kind == .cell, inserted.contains(final.indexPath) else { return final }
    return style.pose(final)
  }

  /// `finalLayoutAttributesForDisappearingItem(at:)`: the styled pose for an
  /// item that was really deleted, its attributes unchanged otherwise.
  public func finalAttributes(disappearing initial: LayoutAttributes, style: AppearanceStyle = .fade) -> LayoutAttributes {
    guard !isBoundsChange, initial.kind == .cell, deleted.contains(initial.indexPath) else { return initial }
    return style.pose(initial)
  }
}
