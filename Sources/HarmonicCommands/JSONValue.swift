import Foundation

/// A JSON document read exactly and within bounds.
///
/// Numbers are converted by `Double(String)`, which rounds decimal text
/// correctly, so a number written in shortest round-trip form (or with 17
/// significant digits) comes back bit for bit. Foundation's
/// `JSONSerialization` does not on Linux (it is 1–7 ulp off for many 15–17
/// digit numbers), so the commands never use it for input.
///
/// The reader is a single pass over the bytes (RFC 8259's grammar): nesting
/// deeper than ``maximumDepth`` and arrays longer than ``maximumArrayCount``
/// are refused where they occur, before the rest of the document is read.
package enum JSONValue: Sendable, Equatable, Encodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Deepest nesting of arrays and objects.
  package static let maximumDepth = 64
  /// Most elements of one array (a transition's item limit).
  package static let maximumArrayCount = 1_000_000

  /// Parses `data`; malformed or oversized JSON is a ``CommandError`` about
  /// `input` that says what and at which byte.
  package static func parse(_ data: Data) throws(CommandError) -> JSONValue {
    let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<JSONValue, CommandError> in
      var reader = _JSONReader(bytes: raw.bindMemory(to: UInt8.self))
      do throws(CommandError) {
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == reader.bytes.count else { throw reader.error("unexpected text after the document") }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The document as JSON text, written by the commands' one writer
  /// (members sorted by name, numbers in shortest round-trip form, so
  /// parsing it again gives an equal value; a non-finite number is `null`).
  package var text: String { (try? CommandJSON.string(self)) ?? "null" }

  package func encode(to encoder: any Encoder) throws {
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    switch self {
    case let .array(elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case let .object(members):
      var container = encoder.container(keyedBy: Key.self)
      for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
    default:
      var container = encoder.singleValueContainer()
      switch self {
      case let .bool(value): try container.encode(value)
      case let .number(value) where value.isFinite: try container.encode(value)
      case let .string(text): try container.encode(text)
      default: try container.encodeNil()
      }
    }
  }

  /// Whether every number in the document is finite.
  package var isFinite: Bool {
    switch self {
    case let .number(value): value.isFinite
    case let .array(elements): elements.allSatisfy(\.isFinite)
    case let .object(members): members.values.allSatisfy(\.isFinite)
    default: true
    }
  }

  /// The members of an object, nil for anything else.
  package var object: [String: JSONValue]? { if case let .object(members) = self { members } else { nil } }
  /// The elements of an array, nil for anything else.
  package var array: [JSONValue]? { if case let .array(elements) = self { elements } else { nil } }
  /// The text of a string, nil for anything else.
  package var string: String? { if case let .string(text) = self { text } else { nil } }
  /// The value of a number, nil for anything else (booleans are not numbers).
  package var number: Double? { if case let .number(value) = self { value } else { nil } }
}

/// The byte-level reader behind ``JSONValue/parse(_:)``.
struct _JSONReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  func error(_ what: String) -> CommandError { CommandError("input", "`input`: not valid JSON at byte \(position): \(what)") }

  var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
  }

  mutating func expect(_ byte: UInt8) throws(CommandError) {
    skipWhitespace()
    guard current == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
    position += 1
  }

  mutating func value(depth: Int) throws(CommandError) -> JSONValue {
    skipWhitespace()
    guard let byte = current else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return .object(try object(depth: depth + 1))
    case UInt8(ascii: "["): return .array(try array(depth: depth + 1))
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw error("unexpected character")
    }
  }

  mutating func literal(_ word: String) throws(CommandError) {
    let utf8 = Array(word.utf8)
    guard position + utf8.count <= bytes.count, (0..<utf8.count).allSatisfy({ bytes[position + $0] == utf8[$0] }) else {
      throw error("expected \(word)")
    }
    position += utf8.count
  }

  mutating func object(depth: Int) throws(CommandError) -> [String: JSONValue] {
    guard depth <= JSONValue.maximumDepth else { throw error("nesting deeper than \(JSONValue.maximumDepth)") }
    position += 1  // {
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      position += 1
      return members
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a member name") }
      let name = try string()
      // A repeated name is refused: with "last wins" a typo's twin would silently replace a value.
      guard members[name] == nil else { throw error("the member \"\(name)\" appears twice in one object") }
      try expect(UInt8(ascii: ":"))
      members[name] = try value(depth: depth)
      skipWhitespace()
      guard let byte = current else { throw error("unexpected end of input in an object") }
      position += 1
      if byte == UInt8(ascii: "}") { return members }
      guard byte == UInt8(ascii: ",") else {
        position -= 1
        throw error("expected ',' or '}'")
      }
    }
  }

  mutating func array(depth: Int) throws(CommandError) -> [JSONValue] {
    guard depth <= JSONValue.maximumDepth else { throw error("nesting deeper than \(JSONValue.maximumDepth)") }
    position += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      position += 1
      return elements
    }
    while true {
      guard elements.count < JSONValue.maximumArrayCount else {
        throw error("an array longer than \(JSONValue.maximumArrayCount) elements")
      }
      elements.append(try value(depth: depth))
      skipWhitespace()
      guard let byte = current else { throw error("unexpected end of input in an array") }
      position += 1
      if byte == UInt8(ascii: "]") { return elements }
      guard byte == UInt8(ascii: ",") else {
        position -= 1
        throw error("expected ',' or ']'")
      }
    }
  }

  /// A number as RFC 8259 writes it, converted by `Double(String)`
  /// (correctly rounded); one beyond a Double's range is refused.
  mutating func number() throws(CommandError) -> Double {
    let start = position
    func digits() -> Int {
      let first = position
      while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
      return position - first
    }
    if current == UInt8(ascii: "-") { position += 1 }
    if current == UInt8(ascii: "0") {
      position += 1
    } else {
      guard digits() > 0 else { throw error("expected a digit") }
    }
    if current == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw error("expected a digit after '.'") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard digits() > 0 else { throw error("expected a digit in the exponent") }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text) else { throw error("not a number: \(text)") }
    guard value.isFinite else { throw error("a number beyond the range of a Double: \(text)") }
    return value
  }

  mutating func string() throws(CommandError) -> String {
    position += 1  // opening quote
    var utf8: [UInt8] = []
    while true {
      guard let byte = current else { throw error("unterminated string") }
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: utf8, as: UTF8.self) else { throw error("a string that is not UTF-8") }
        return text
      case UInt8(ascii: "\\"):
        guard let escape = current else { throw error("unterminated string") }
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
        default: throw error("unknown escape")
        }
      case 0..<0x20:
        throw error("a control character in a string")
      default:
        utf8.append(byte)
      }
    }
  }

  /// The UTF-8 of a `\uXXXX` escape (the `\u` already read), a surrogate
  /// pair taken whole.
  mutating func unicodeEscape() throws(CommandError) -> [UInt8] {
    func hex() throws(CommandError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let byte = current, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
          throw error("expected four hexadecimal digits")
        }
        value = value << 4 | UInt32(digit)
        position += 1
      }
      return value
    }
    var code = try hex()
    if (0xD800..<0xDC00).contains(code) {
      guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
        throw error("a lone high surrogate")
      }
      position += 2
      let low = try hex()
      guard (0xDC00..<0xE000).contains(low) else { throw error("a high surrogate without its low half") }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let scalar = Unicode.Scalar(code) else { throw error("a lone low surrogate") }
    return Array(String(Character(scalar)).utf8)
  }
}

/// Numbers as people type them — in queries, lists and CSV: an optional
/// sign, decimal digits with an optional fraction and exponent (`12`,
/// `-0.5`, `.5`, `3e-2`), or `inf`. Nothing else: no hexadecimal (`0x10`,
/// which `Double(String)` reads as 16), no `nan`, no trailing text (a NUL
/// inside a percent-decoded query ended `Double(String)`'s reading early and
/// hid the rest). The conversion is `Double(String)`'s, correctly rounded.
package enum DecimalNumber {
  /// The number `text` spells (leading and trailing spaces ignored), or nil.
  package static func parse(_ text: some StringProtocol) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var bytes = Substring(trimmed).utf8[...]
    if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    if bytes.elementsEqual("inf".utf8) { return Double(trimmed) }
    func digits() -> Int {
      let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    var mantissa = digits()
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return nil }
    }
    guard bytes.isEmpty else { return nil }
    return Double(trimmed)
  }
}
