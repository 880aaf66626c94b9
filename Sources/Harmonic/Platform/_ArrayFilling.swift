// Arrays filled in place, without the standard library's write to the shared
// empty-array storage.
//
// `Array(unsafeUninitializedCapacity:initializingWith:)` (Swift 6.3) stores
// the final count back into the array's buffer even when the capacity is 0,
// and an empty array's buffer is one global object shared by every empty array
// of the process (`_swiftEmptyArrayStorage`). Two threads that build an empty
// array this way at the same time both write 0 to that word: harmless, but a
// data race that ThreadSanitizer reports, and the sanitizer build of the tests
// fails on it (a rect query that finds nothing, on two test threads at once).
// The standard library removed the same write from other array paths
// (swiftlang/swift#14778, #21624, #27808); this one remains, so every in-place
// fill of this module goes through the initializer below.

extension Array {
  /// An array of at most `capacity` elements that `body` initializes in place
  /// and counts, as `init(unsafeUninitializedCapacity:initializingWith:)`
  /// does; for a capacity of 0, the empty array, without calling `body`.
  ///
  /// - Complexity: O(1) plus `body`.
  @inlinable
  package init(
    _unsafeFilling capacity: Int,
    initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) -> Void
  ) {
    guard capacity > 0 else {
      self = []
      return
    }
    self.init(unsafeUninitializedCapacity: capacity, initializingWith: body)
  }
}
