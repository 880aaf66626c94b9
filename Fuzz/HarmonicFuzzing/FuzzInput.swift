/// Reads a fuzzer's bytes as structured values. Every read succeeds: past the
/// end of the data it yields zeros, so any byte string is a complete input.
struct FuzzInput {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isExhausted: Bool { position >= bytes.count }

  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func uint64() -> UInt64 {
    var value: UInt64 = 0
    for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
    return value
  }

  mutating func bool() -> Bool { byte() & 1 == 1 }

  /// An integer in `range` (the byte modulo the range's width).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    let raw = byte() < 0x80 ? UInt64(byte()) : uint64()
    return range.lowerBound + Int(raw % width)
  }

  mutating func element<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

  /// Values that sit on the edges of Harmonic's accepted ranges, or just past them.
  static let edges: [Double] = [
    0, -0.0, 1, -1, 0.5, 2, .ulpOfOne, 1 - .ulpOfOne / 2, 1 + .ulpOfOne, .leastNonzeroMagnitude, .leastNormalMagnitude,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan, .signalingNaN,
    1e-50, 1e-50.nextDown, 1e50, 1e50.nextUp, 1e100, 1e100.nextUp, -1e100, 1e12, 1e12.nextUp, 1e15, 1e9, 1e6,
    1.3e10, 0x1p63 / 705_600_000, 0.001, 1e-6, 0.1, 0.05, 0.9999999999, 1.0000000001, -0.9999999999, 60, 120, 1000,
  ]

  /// A double drawn to reach both valid and invalid inputs: raw bit patterns,
  /// range edges, log-uniform magnitudes from 1e-60 to 1e60, and small
  /// fractions.
  mutating func double() -> Double {
    switch byte() % 8 {
    case 0: return Double(bitPattern: uint64())
    case 1: return element(FuzzInput.edges)
    case 2, 3, 4:
      let exponent = Double(Int16(truncatingIfNeeded: Int(byte()) << 8 | Int(byte()))) / 546  // ±60
      let sign: Double = bool() ? -1 : 1
      return sign * pow10(exponent)
    default:
      return Double(Int16(truncatingIfNeeded: Int(byte()) << 8 | Int(byte()))) / 64
    }
  }

  /// A double that is usually valid for a magnitude-limited slot.
  mutating func moderate() -> Double {
    byte() < 16 ? double() : Double(Int16(truncatingIfNeeded: Int(byte()) << 8 | Int(byte()))) / 16
  }

  /// A small non-negative whole number of points, for exact layout geometry.
  mutating func points(_ range: ClosedRange<Int>) -> Double { Double(int(range)) }

  private func pow10(_ x: Double) -> Double {
    // 10^x from an exact integer part and a short series for the fraction;
    // precision does not matter here, only spread.
    var result = 1.0
    let whole = Int(x.rounded(.down))
    let fraction = x - Double(whole)
    for _ in 0..<abs(whole) { result = whole < 0 ? result / 10 : result * 10 }
    var term = 1.0, sum = 1.0
    let y = fraction * 2.302585092994046
    for n in 1...20 { term *= y / Double(n); sum += term }
    return result * sum
  }
}
