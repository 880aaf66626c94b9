import Foundation
import HarmonicCommands
import Testing

/// The commands' JSON reader against the grammar, exact numbers and bounds.
@Suite("JSON reader")
struct JSONReaderTests {
  static func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

  static func refusal(_ text: String) -> String? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("numbers in shortest and 17-digit form read back bit for bit, random bit patterns included")
  func exactNumbers() throws {
    var random = SeededGenerator(seed: 0x6a73_6f6e)
    var values: [Double] = [
      0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude, 206.60799999999998, 1618.7690368407302,
    ]
    while values.count < 20_000 {
      let value = Double(bitPattern: random.next())
      if value.isFinite { values.append(value) }
      values.append(.random(in: -5_000...5_000, using: &random))
    }
    for (form, text) in [("shortest", values.map { "\($0)" }), ("17 digits", values.map { String(format: "%.17g", $0) })] {
      let read = try #require(try Self.parse("[" + text.joined(separator: ",") + "]").array)
      let differing = zip(read, values).filter { $0.number?.bitPattern != $1.bitPattern }.count
      #expect(differing == 0, "\(form): \(differing) of \(values.count) differ")
    }
  }

  @Test("the grammar: literals, strings with escapes, nesting; booleans are not numbers")
  func grammar() throws {
    let value = try Self.parse(#" { "a": [1, -2.5e3, true, false, null], "b\n\u00e9\ud83d\ude00": "x\"y\\z/", "c": {} } "#)
    let object = try #require(value.object)
    #expect(object["a"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
    #expect(object["b\né😀"] == .string("x\"y\\z/"))
    #expect(object["c"] == .object([:]) && object["a"]?.array?[2].number == nil)
    #expect(try Self.parse(value.text) == value)
  }

  @Test("malformed input is a CommandError about input saying what and where")
  func malformed() throws {
    for text in [
      "", "[1,]", "{\"a\" 1}", "01", "1.", "-", ".5", "1e", "+1", "0x10", "NaN", "Infinity", "[1] 2", "\"a", "\"\\x\"",
      "\"\\ud800\"", "1e400", "\"\\u12g4\"", "{1: 2}", "tru", "[\"\u{1}\"]",
    ] {
      let message = Self.refusal(text)
      #expect(message?.hasPrefix("--input: not valid JSON at byte") == true, "\(text): \(message ?? "accepted")")
    }
  }

  @Test("nesting and array length are bounded where they occur")
  func bounds() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(Self.refusal(deep)?.contains("nesting deeper than 64") == true)
    #expect(try Self.parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).array != nil)
    let long = "[" + Array(repeating: "0", count: JSONValue.maximumArrayCount + 1).joined(separator: ",") + "]"
    #expect(Self.refusal(long)?.contains("longer than 1000000") == true)
  }
}

@Suite("Decimal numbers in queries, lists and CSV")
struct DecimalNumberTests {
  @Test("decimal text and inf are read exactly; hex, nan, words and trailing text are not")
  func grammar() throws {
    for (text, value) in [("12", 12.0), ("-0.5", -0.5), (".5", 0.5), ("5.", 5), ("+3e-2", 0.03), (" 1E3 ", 1000), ("inf", .infinity), ("-inf", -.infinity)] {
      #expect(DecimalNumber.parse(text) == value, "\(text)")
    }
    for text in ["", " ", "0x10", "0x1p3", "nan", "NaN", "infinity", "1e", "e3", ".", "-", "1.2.3", "0.5\u{0}garbage", "1,5", "١٢"] {
      #expect(DecimalNumber.parse(text) == nil, "\(text.debugDescription)")
    }
    var random = SeededGenerator(seed: 0x6465_6331)
    var differing = 0
    for _ in 0..<10_000 {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      if DecimalNumber.parse("\(value)")?.bitPattern != value.bitPattern { differing += 1 }
    }
    #expect(differing == 0)
  }

  @Test("the tuning API refuses hex, a NUL-cut number and an empty list element by name")
  func queries() throws {
    for (query, parameter) in [
      ("response=0x10&dampingRatio=0.5&times=0", "response"), ("response=0.5%00garbage&dampingRatio=0.5&times=0", "response"),
      ("response=0.5&dampingRatio=0.5&times=", "times"), ("response=0.5&dampingRatio=0.5&times=0,0x1", "times"),
    ] {
      let response = TuneAPI.respond(endpoint: "sample", query: query)
      #expect(response.status == 400 && response.body.contains("\"parameter\":\"\(parameter)\""), "\(query): \(response.body)")
    }
    #expect(TuneAPI.respond(endpoint: "sample", query: "response=0.5&dampingRatio=0.5&times=0,0.25").status == 200)
  }
}
