import Foundation

/// A JSON document read exactly: numbers are parsed by `JSONDecoder`, which
/// rounds decimal text correctly, so a number written in shortest round-trip
/// form (or with 17 significant digits) comes back bit for bit. Foundation's
/// `JSONSerialization` does not on Linux (it is 1–7 ulp off for many 15–17
/// digit numbers), so the commands never use it for input.
enum JSONValue: Decodable, Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Parses `data`; malformed JSON is an ``InputError`` saying so.
  static func parse(_ data: Data) throws -> JSONValue {
    do {
      return try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw InputError("input: not valid JSON (\(error.localizedDescription))")
    }
  }

  /// The members of an object, nil for anything else.
  var object: [String: JSONValue]? { if case let .object(members) = self { members } else { nil } }
  /// The elements of an array, nil for anything else.
  var array: [JSONValue]? { if case let .array(elements) = self { elements } else { nil } }
  /// The text of a string, nil for anything else.
  var string: String? { if case let .string(text) = self { text } else { nil } }
  /// The value of a number, nil for anything else (booleans are not numbers).
  var number: Double? { if case let .number(value) = self { value } else { nil } }
}
