import Foundation

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
