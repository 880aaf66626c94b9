/// The first index in `0..<count` at which `isInSecondPart` becomes true, or
/// `count` if it never does: binary search, O(log count) calls.
///
/// Precondition (unchecked): the predicate is monotone over `0..<count` —
/// false for a prefix, true for the rest. Every sorted-array query in Harmonic
/// (grid lines and items, snap candidates, stop items) is this one search with
/// its own predicate. With a monotone predicate the result does not depend on
/// how the midpoint is chosen.
@inline(__always)
func _partitionPoint(count: Int, _ isInSecondPart: (Int) -> Bool) -> Int {
  var (low, high) = (0, count)
  while low < high {
    let middle = low + (high - low) / 2
    if isInSecondPart(middle) { high = middle } else { low = middle + 1 }
  }
  return low
}
