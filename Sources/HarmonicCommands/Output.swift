import Foundation

/// Minimal JSON writing with full precision: numbers are Swift's shortest
/// round-trip decimal form; non-finite numbers (and `nil`) are `null`.
enum JSON {
  static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    return "\(value)"
  }

  static func string(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  static func array(_ elements: [String]) -> String {
    "[" + elements.joined(separator: ",") + "]"
  }
}

/// Plain aligned text tables for people.
enum Table {
  static func number(_ value: Double?) -> String {
    guard let value else { return "—" }
    if value.isNaN { return "—" }
    if value.isInfinite { return value > 0 ? "∞" : "−∞" }
    return "\(value)"
  }

  static func render(header: [String], rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
        .trimmingCharacters(in: .whitespaces)
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}
