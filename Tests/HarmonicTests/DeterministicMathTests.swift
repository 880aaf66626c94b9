import Foundation
import Testing

@testable import Harmonic

@Suite("Platform-independent math")
struct DeterministicMathTests {
  /// Rows of math_reference.csv: function name, x (for atan2 "y:x"), reference as hi + lo.
  static func rows() throws -> [(String, Substring, Double, Double)] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Reference/math_reference.csv")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
      let f = line.split(separator: ",")
      return (String(f[0]), f[1], Double(f[3])!, Double(f[4])!)
    }
  }

  /// |ours − (hi + lo)| in units of the last place of the reference.
  static func ulps(_ ours: Double, _ hi: Double, _ lo: Double) -> Double {
    if hi == 0 { return ours == 0 ? 0 : .infinity }
    let unit = hi.ulp
    return ((ours - hi) - lo).magnitude / unit
  }

  @Test("exp, expm1, sin, cos, log, log1p, atanh and atan2 are within 1 ulp of a 45-digit reference")
  func accuracy() throws {
    var worst: [String: (Double, Substring)] = [:]
    var counts: [String: Int] = [:]
    for (name, argument, hi, lo) in try DeterministicMathTests.rows() {
      let x = Double(argument.split(separator: ":").first!)!
      let ours: Double
      switch name {
      case "exp": ours = _Math.exp(x)
      case "expm1": ours = _Math.expm1(x)
      case "sin": ours = _Math.sin(x)
      case "cos": ours = _Math.cos(x)
      case "log": ours = _Math.log(x)
      case "log1p": ours = _Math.log1p(x)
      case "atanh": ours = _Math.atanh(x)
      case "atan2": ours = _Math.atan2(x, Double(argument.split(separator: ":").last!)!)
      case "exptable":  // the table itself: exactly the generated hi and lo of 2^(j/128)
        let j = Int(x)
        #expect(_Math.expTableHi[j].bitPattern == hi.bitPattern && _Math.expTableLo[j].bitPattern == lo.bitPattern, "2^(\(j)/128)")
        counts[name, default: 0] += 1
        continue
      default:
        Issue.record("unknown function \(name)")
        continue
      }
      counts[name, default: 0] += 1
      let error = DeterministicMathTests.ulps(ours, hi, lo)
      if name == "sin" { #expect(_Math.sincos(x).sin.bitPattern == ours.bitPattern) }
      if name == "cos" { #expect(_Math.sincos(x).cos.bitPattern == ours.bitPattern) }
      if error > (worst[name]?.0 ?? -1) { worst[name] = (error, argument) }
      #expect(error <= 1, "\(name)(\(argument)) = \(ours), reference \(hi) + \(lo): \(error) ulp")
    }
    #expect(counts["exptable"] == 128, "table rows: \(counts["exptable"] ?? 0)")
    counts["exptable"] = nil
    #expect(counts.count == 8 && counts.values.allSatisfy { $0 >= 3_000 }, "rows per function: \(counts)")
    print(
      "deterministic math, worst error in ulps: "
        + worst.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.3f", $0.value.0)) at \($0.value.1)" }.joined(separator: ", "))
  }

  @Test("the settle search's functions behind calls give the inlined functions' bits")
  func callsMatchInlined() {
    var x = -800.0
    var compared = 0
    while x <= 800 {
      for v in [x, x.nextUp, -x] {
        #expect(_MathCalls.exp(v).bitPattern == _Math.exp(v).bitPattern, "exp(\(v))")
        #expect(_MathCalls.expm1(v).bitPattern == _Math.expm1(v).bitPattern, "expm1(\(v))")
        #expect(_MathCalls.sin(v).bitPattern == _Math.sin(v).bitPattern, "sin(\(v))")
        let (s, c) = _MathCalls.sincos(v), (s0, c0) = _Math.sincos(v)
        #expect(s.bitPattern == s0.bitPattern && c.bitPattern == c0.bitPattern, "sincos(\(v))")
        compared += 1
      }
      x += 0.37
    }
    #expect(compared > 12_000)
  }

  @Test("special values")
  func specials() {
    #expect(_Math.exp(.infinity) == .infinity && _Math.exp(-.infinity) == 0 && _Math.exp(.nan).isNaN)
    #expect(_Math.exp(0) == 1 && _Math.expm1(0) == 0 && _Math.expm1(-.infinity) == -1)
    #expect(_Math.sin(0) == 0 && _Math.sin(-0.0).sign == .minus && _Math.cos(0) == 1)
    #expect(_Math.sin(.infinity).isNaN && _Math.cos(.nan).isNaN)
    #expect(_Math.exp(-745.2) == 0 && _Math.exp(710) == .infinity)
    // Each side of the inlined ranges' ends (the rest is out of line).
    #expect(_Math.exp(708.5).isFinite && _Math.exp(708.5) > 0x1p1021 && _Math.exp(-708.5) > 0 && _Math.exp(-708.5) < 0x1p-1021)
    #expect(_Math.expm1(.nan).isNaN && _Math.expm1(.infinity) == .infinity && _Math.expm1(710) == .infinity)
    #expect(_Math.expm1(-38.5) == -1 && _Math.expm1(-38) == -1 && _Math.expm1(709.78).isFinite && _Math.expm1(709.78) > 0x1p1023)
    #expect(_Math.sincos(.nan).sin.isNaN && _Math.sincos(-.infinity).cos.isNaN && _Math.sincos(1e6).sin.bitPattern == _Math.sin(1e6).bitPattern)
    #expect(_Math.log(0) == -.infinity && _Math.log(-1).isNaN && _Math.log(.infinity) == .infinity && _Math.log(1) == 0)
    #expect(_Math.log1p(-1) == -.infinity && _Math.log1p(-2).isNaN && _Math.log1p(0) == 0 && _Math.log1p(-0.0).sign == .minus)
    #expect(_Math.atanh(1) == .infinity && _Math.atanh(-1) == -.infinity && _Math.atanh(1.5).isNaN && _Math.atanh(-0.0).sign == .minus)
    // atan2's signed zeros and infinities (C99 Annex F).
    #expect(_Math.atan2(0, 1) == 0 && _Math.atan2(-0.0, 1).sign == .minus && _Math.atan2(0, -1) == Double.pi && _Math.atan2(-0.0, -1) == -Double.pi)
    #expect(_Math.atan2(0, -0.0) == Double.pi && _Math.atan2(1, 0) == Double.pi / 2 && _Math.atan2(-1, -0.0) == -Double.pi / 2)
    #expect(_Math.atan2(.infinity, .infinity) == Double.pi / 4 && _Math.atan2(-.infinity, -.infinity) == -3 * Double.pi / 4)
    #expect(_Math.atan2(1, .infinity) == 0 && _Math.atan2(1, -.infinity) == Double.pi && _Math.atan2(.infinity, 5) == Double.pi / 2)
    #expect(_Math.atan2(.nan, 1).isNaN && _Math.atan2(1, .nan).isNaN)
  }
}
