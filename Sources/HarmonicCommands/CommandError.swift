import Foundation
import Harmonic

/// The one error the commands throw: what was wrong, said once, and the
/// parameter it is about, named as each front end names it.
///
/// Parameters have one canonical name, the camel-case query name of the
/// tuning page's API (`dampingRatio`, `times`, `valueTolerance`); the command
/// line spells the same parameter as an option (`--damping-ratio`). A
/// message refers to parameters by writing their canonical name between
/// backticks (`` `dampingRatio` must be ≥ 0 ``), and each front end renders
/// the references in its own spelling: ``commandLineMessage`` and
/// ``queryMessage``.
package struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The parameter the error is about, canonical name (`dampingRatio`,
  /// `body` for a request body, `input` for an input file, `spring` for a
  /// spring that is valid but unusable here), or nil for a wrong combination.
  package var parameter: String?
  /// The message with parameter references between backticks.
  package var template: String

  package init(_ parameter: String?, _ template: String) {
    (self.parameter, self.template) = (parameter, template)
  }

  /// A library error about `parameter`. When the library names the same
  /// parameter (`response`, `valueTolerance`), the message names it as the
  /// front end does; otherwise the library's name follows the parameter's
  /// (`` `times`: time must be within [0, 1e12] (s); got -1 ``). With
  /// `parameter` nil, the error is about the parameter the library names.
  package init(_ error: HarmonicError, parameter: String?) {
    self.parameter = parameter
    // The library's text is quoted, never read as a reference.
    func plain(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "'") }
    switch error {
    case let .invalidParameter(name, value, accepted):
      if parameter == nil { self.parameter = name }
      let lead = parameter == nil || parameter == name ? "`\(plain(name))`" : "`\(parameter!)`: \(plain(name))"
      template = "\(lead) must be \(plain(accepted)); got \(value)"
    case let .undefined(quantity, reason):
      template = (parameter.map { "`\($0)`: " } ?? "") + plain("\(quantity) is undefined: \(reason)")
    }
  }

  /// The message with references rendered by `name` (canonical name →
  /// shown name). Only a backticked identifier is a reference; any other
  /// backtick is text.
  package func message(naming name: (String) -> String) -> String {
    var out = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "`") {
      out += rest[..<open]
      let after = rest.index(after: open)
      if let close = rest[after...].firstIndex(of: "`"), CommandError.isName(rest[after..<close]) {
        out += name(String(rest[after..<close]))
        rest = rest[rest.index(after: close)...]
      } else {
        out += "`"
        rest = rest[after...]
      }
    }
    return out + rest
  }

  /// A canonical name: a lower-case ASCII letter, then ASCII letters and digits.
  static func isName(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
  }

  /// Text a person gave (a value, a key, a line), quoted in a message: its
  /// backticks become apostrophes, so that it never reads as a reference.
  package static func literal(_ text: some StringProtocol) -> String {
    "'" + text.replacingOccurrences(of: "`", with: "'") + "'"
  }

  /// References as command-line options: `dampingRatio` → `--damping-ratio`.
  package var commandLineMessage: String { message(naming: CommandError.option) }
  /// References as query parameters: `dampingRatio` stays `dampingRatio`.
  package var queryMessage: String { message(naming: { $0 }) }
  package var description: String { commandLineMessage }

  /// The command-line option of a canonical name: `--` and the camel case
  /// split into lower-case words joined by hyphens.
  package static func option(_ name: String) -> String {
    var out = "--"
    for character in name {
      if character.isUppercase {
        out += "-" + character.lowercased()
      } else {
        out.append(character)
      }
    }
    return out
  }
}

/// Runs a library call whose errors are about `parameter` (nil: the
/// parameter the library names, renamed by `renaming` where the command
/// calls it otherwise).
func checked<T>(
  _ parameter: String?, renaming: [String: String] = [:], _ body: () throws(HarmonicError) -> T
) throws(CommandError) -> T {
  do {
    return try body()
  } catch {
    if parameter == nil, case let .invalidParameter(name, value, accepted) = error, let renamed = renaming[name] {
      throw CommandError(.invalidParameter(name: renamed, value: value, accepted: accepted), parameter: nil)
    }
    throw CommandError(error, parameter: parameter)
  }
}

/// The one JSON writer of the commands and the tuning page's API: a result's
/// `Codable` form through Foundation's `JSONEncoder`, keys sorted, numbers in
/// Swift's shortest round-trip form (every `Double` reads back bit for bit),
/// no whitespace. A quantity that can be undefined is an optional and
/// written `null`; results hold no non-finite number.
enum CommandJSON {
  static func string(_ value: some Encodable) throws(CommandError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw CommandError(nil, "the result cannot be written as JSON: \(error)")
    }
  }
}

/// `x` when finite, else nil (written `null`).
func finite(_ x: Double) -> Double? { x.isFinite ? x : nil }

/// An optional number written `null` when absent (a synthesized `Codable`
/// leaves an optional out instead): for quantities that exist but can be
/// undefined, such as a settle time that never comes.
@propertyWrapper
package struct OrNull: Codable, Sendable, Hashable {
  package var wrappedValue: Double?

  package init(wrappedValue: Double?) { self.wrappedValue = wrappedValue }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wrappedValue = container.decodeNil() ? nil : try container.decode(Double.self)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
  }
}
