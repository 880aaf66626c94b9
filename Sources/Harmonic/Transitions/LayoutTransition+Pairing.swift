// Which elements a transition animates, paired old → new and sorted, with
// their start and end attributes: the per-element part of setup.
//
// Order of work: (1) the ids visible at each end, paired through the index
// mapping, sorted and merged (no attributes yet; cells as their sort keys);
// (2) each pair's attributes looked up once per side into scratch,
// decorated and posed (cells of two undecorated grids: only their frames),
// their channels written straight into the batch's columns, while the
// frames of the other end's visible elements widen the two corridors;
// (3) elements that cross the screen without being visible at either end,
// found in the corridors (usually none) and merged in.

extension LayoutTransition {
  /// What the initializer hands the per-element work, besides the layouts.
  struct _Ends {
    var startRect: CGRect, endRect: CGRect
    var viewportSizes: (CGSize, CGSize)
    /// The viewports at the two ends (insets included): elements are read
    /// as shown at each end's offset (pinned headers where they are pinned).
    var viewports: (Viewport, Viewport)
    var mapping: LayoutUpdate.IndexMapping
    var update: LayoutUpdate
    var appearance: AppearanceStyle
    var decoration: LayoutTransition.Decoration?
    var include3D: Bool
    /// Per entry: the attributes go straight into the batch's columns.
    var transforms: TransformInterpolation
  }

  /// Where pairs of old and new ids go, each with a 32-bit tag: before
  /// merging, which corridor the pair's frames widen (``_Pairing/widensNew``,
  /// ``_Pairing/widensOld``); when crossing elements are merged in, where
  /// the pair came from.
  protocol _PairSink {
    /// Adds one pair; at least one id is there.
    mutating func append(from: ElementID?, to: ElementID?, tag: Int32)
  }

  /// Pairs as elements, with their tags.
  struct _Pairing: _PairSink {
    var elements: [LayoutTransition.Element] = []
    var tags: [Int32] = []
    /// The end frame widens the new layout's corridor: the old id is visible at the start.
    static let widensNew: Int32 = 1
    /// The start frame widens the old layout's corridor: the new id is visible at the end.
    static let widensOld: Int32 = 2

    mutating func append(from: ElementID?, to: ElementID?, tag: Int32) {
      elements.append(LayoutTransition.Element(_from: from, _to: to))
      tags.append(tag)
    }
  }

  /// Pairs of cells as their sort keys (``_PairKey``), which hold them
  /// whole: sorted and merged without an element per pair found. Written
  /// into `capacity` slots (at most two pairs per id: a reload).
  struct _CellPairing: _PairSink {
    let keys: UnsafeMutablePointer<_PairKey>
    let tags: UnsafeMutablePointer<Int32>
    let capacity: Int
    var count = 0

    @inline(__always)
    mutating func append(from: ElementID?, to: ElementID?, tag: Int32) {
      precondition(count < capacity, "LayoutTransition._CellPairing: more than two pairs per id")
      let id = (to ?? from)!.indexPath
      let old = from?.indexPath ?? ItemIndexPath(item: 0, section: 0)
      (keys + count).initialize(
        to: _PairKey(
          idRank: 0, section: id.section, item: id.item, leaving: to == nil, fromRank: from != nil ? 1 : 0, fromSection: old.section,
          fromItem: old.item))
      (tags + count).initialize(to: tag)
      count += 1
    }

    /// The pair a key holds.
    static func element(_ key: _PairKey) -> LayoutTransition.Element {
      let id = ElementID(.cell, ItemIndexPath(item: key.item, section: key.section))
      return LayoutTransition.Element(
        _from: key.fromRank != 0 ? ElementID(.cell, ItemIndexPath(item: key.fromItem, section: key.fromSection)) : nil,
        _to: key.leaving ? nil : id)
    }

    /// The visible cells' pairs (see ``_pairVisible(old:new:mapping:into:)``),
    /// sorted and merged, their tags ORed.
    static func visible(old: [ElementID], new: [ElementID], mapping: LayoutUpdate.IndexMapping) -> _Pairing {
      if let union = identityUnion(old: old, new: new, mapping: mapping) { return union }
      let capacity = 2 * (old.count + new.count)
      let keys = UnsafeMutablePointer<_PairKey>.allocate(capacity: capacity)
      let tags = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
      defer { keys.deallocate(); tags.deallocate() }  // plain values: nothing to deinitialize
      var cells = _CellPairing(keys: keys, tags: tags, capacity: capacity)
      _pairVisible(old: old, new: new, mapping: mapping, into: &cells)
      let written = UnsafeBufferPointer(start: keys, count: cells.count)
      return _uniqueSorted(
        keys: written, tags: UnsafeBufferPointer(start: tags, count: cells.count), combine: { $0 | $1 },
        element: { element(written[$0]) })
    }

    /// The visible cells' pairs when nothing moves: with the identity
    /// mapping, each visible cell pairs with itself, so the pairs are the
    /// union of the two id lists. When each list is strictly ascending (as
    /// layouts list them) and every id exists at both ends, that union is
    /// one merge: the same elements and tags as through the keys, without
    /// writing a key per pair (56 B each, two per element at 1M items:
    /// 112 MB of fresh pages). Nil otherwise.
    static func identityUnion(old: [ElementID], new: [ElementID], mapping: LayoutUpdate.IndexMapping) -> _Pairing? {
      guard mapping._isIdentity else { return nil }
      // Ascending, and each id mapped to itself (not out of the counts).
      func ascending(_ ids: UnsafeBufferPointer<ElementID>, _ mapped: (ElementID) -> ElementID?) -> Bool {
        for k in ids.indices {
          if k > 0, !(ids[k - 1].indexPath < ids[k].indexPath) { return false }
          if mapped(ids[k]) == nil { return false }
        }
        return true
      }
      return old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new -> _Pairing? in
          guard ascending(old, mapping.newElement(forOld:)), ascending(new, mapping.oldElement(forNew:)) else { return nil }
          // Pass 1 counts the union, pass 2 writes it: both arrays exact.
          func merge(_ visit: (ElementID, Int32) -> Void) {
            var (i, j) = (0, 0)
            while i < old.count || j < new.count {
              if j == new.count || (i < old.count && old[i].indexPath < new[j].indexPath) {
                visit(old[i], _Pairing.widensNew)
                i += 1
              } else if i == old.count || new[j].indexPath < old[i].indexPath {
                visit(new[j], _Pairing.widensOld)
                j += 1
              } else {
                visit(old[i], _Pairing.widensNew | _Pairing.widensOld)
                (i, j) = (i + 1, j + 1)
              }
            }
          }
          var count = 0
          merge { _, _ in count += 1 }
          var tags: [Int32] = []
          let elements = [LayoutTransition.Element](_unsafeFilling: count) { elements, written in
            tags = [Int32](_unsafeFilling: count) { tags, tagCount in
              var k = 0
              merge { id, tag in
                (elements.baseAddress! + k).initialize(to: LayoutTransition.Element(_from: id, _to: id))
                (tags.baseAddress! + k).initialize(to: tag)
                k += 1
              }
              tagCount = k
            }
            written = count
          }
          return _Pairing(elements: elements, tags: tags)
        }
      }
    }
  }

  /// The pairs of the ids visible at the start (`old`) and at the end
  /// (`new`), through `mapping`: each id with its counterpart.
  static func _pairVisible(old: [ElementID], new: [ElementID], mapping: LayoutUpdate.IndexMapping, into sink: inout some _PairSink) {
    for id in old { _add(old: id, to: mapping.newElement(forOld: id), tag: _Pairing.widensNew, mapping: mapping, into: &sink) }
    for id in new {
      guard let from = mapping.oldElement(forNew: id) else {
        sink.append(from: nil, to: id, tag: 0)
        continue
      }
      _add(old: from, to: id, tag: _Pairing.widensOld, mapping: mapping, into: &sink)
    }
  }

  /// Adds the pair of old `id` and new `to` (a reloaded cell as two
  /// elements: the old view leaving, the new one arriving).
  @inline(__always)
  static func _add(old id: ElementID, to: ElementID?, tag: Int32, mapping: LayoutUpdate.IndexMapping, into sink: inout some _PairSink) {
    guard let to else { return sink.append(from: id, to: nil, tag: tag & _Pairing.widensOld) }
    if id.kind == .cell, mapping.isReloaded(id.indexPath) {
      sink.append(from: id, to: nil, tag: tag & _Pairing.widensOld)
      sink.append(from: nil, to: to, tag: tag & _Pairing.widensNew)
    } else {
      sink.append(from: id, to: to, tag: tag)
    }
  }
}
