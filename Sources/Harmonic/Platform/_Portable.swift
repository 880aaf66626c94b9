// What differs between the standard libraries and Foundations Harmonic is
// compiled against (Linux's, and Apple's SDKs from Swift 5.10 on), written
// once in a form all of them accept.

// MARK: - Hashing Foundation's geometry by its components

// `CGPoint`, `CGSize` and `CGRect` are `Hashable` in swift-corelibs-foundation
// (Linux) but only `Equatable` in Apple's SDKs before iOS 18 and macOS 15, so
// a type that holds one cannot have its `Hashable` conformance synthesized on
// every platform. Such a type keeps the synthesized `==` and writes
// `hash(into:)` with these helpers: the same code on every platform, and the
// same equal-values-hash-equally contract (`CGFloat`'s own hashing treats +0
// and −0 alike, as `==` does).

extension Hasher {
  /// Feeds `point`'s x, then y.
  mutating func combine(point: CGPoint) {
    combine(point.x)
    combine(point.y)
  }

  /// Feeds `size`'s width, then height.
  mutating func combine(size: CGSize) {
    combine(size.width)
    combine(size.height)
  }
}

// MARK: - A lane mask that is Sendable

/// A `SIMDMask` that is `Sendable`. The mask is plain bits, but the standard
/// library of Swift 5.10 (Xcode 15.3, the iOS 17.4 SDK) does not declare it
/// `Sendable`, so a `Sendable` value that stores one keeps it in this box.
@usableFromInline
struct _SendableMask<Storage: SIMD>: @unchecked Sendable where Storage.Scalar: FixedWidthInteger & SignedInteger {
  @usableFromInline var mask: SIMDMask<Storage>

  @inlinable init(_ mask: SIMDMask<Storage>) { self.mask = mask }

  @inlinable subscript(lane lane: Int) -> Bool { mask[lane] }
}

// MARK: - Moving an array without `consume`

/// `array`'s storage, taken: `array` is left empty and the result is its
/// only owner, so a batch that writes into it copies nothing. The same move
/// as `consume array`, written with `swap`: type-checking `consume` against
/// Swift 5.10's standard library crashes Swift 6 compilers (it looks up
/// `Copyable`, which that library does not declare).
@inline(__always)
func _take<Element>(_ array: inout [Element]) -> [Element] {
  var taken: [Element] = []
  swap(&taken, &array)
  return taken
}
