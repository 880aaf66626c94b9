import Foundation
import Testing
@testable import Harmonic

@Suite("Platform-independent math")
struct DeterministicMathTests {
  /// Rows of math_reference.csv: function name, x, reference as hi + lo.
  static func rows() throws -> [(String, Double, Double, Double)] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Reference/math_reference.csv")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
      let f = line.split(separator: ",")
      return (String(f[0]), Double(f[1])!, Double(f[3])!, Double(f[4])!)
    }
  }

  /// |ours − (hi + lo)| in units of the last place of the reference.
  static func ulps(_ ours: Double, _ hi: Double, _ lo: Double) -> Double {
    if hi == 0 { return ours == 0 ? 0 : .infinity }
    let unit = hi.ulp
    return ((ours - hi) - lo).magnitude / unit
  }

  @Test("exp, expm1, sin and cos are within 1 ulp of a 45-digit reference")
  func accuracy() throws {
    var worst: [String: (Double, Double)] = [:]
    for (name, x, hi, lo) in try DeterministicMathTests.rows() {
      let ours: Double
      switch name {
      case "exp": ours = _Math.exp(x)
      case "expm1": ours = _Math.expm1(x)
      case "sin": ours = _Math.sin(x)
      default: ours = _Math.cos(x)
      }
      let error = DeterministicMathTests.ulps(ours, hi, lo)
      if name == "sin" { #expect(_Math.sincos(x).sin.bitPattern == ours.bitPattern) }
      if name == "cos" { #expect(_Math.sincos(x).cos.bitPattern == ours.bitPattern) }
      if error > (worst[name]?.0 ?? -1) { worst[name] = (error, x) }
      #expect(error <= 1, "\(name)(\(x)) = \(ours), reference \(hi) + \(lo): \(error) ulp")
    }
    print("deterministic math, worst error in ulps: " + worst.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.3f", $0.value.0)) at \($0.value.1)" }.joined(separator: ", "))
  }

  @Test("special values")
  func specials() {
    #expect(_Math.exp(.infinity) == .infinity && _Math.exp(-.infinity) == 0 && _Math.exp(.nan).isNaN)
    #expect(_Math.exp(0) == 1 && _Math.expm1(0) == 0 && _Math.expm1(-.infinity) == -1)
    #expect(_Math.sin(0) == 0 && _Math.sin(-0.0).sign == .minus && _Math.cos(0) == 1)
    #expect(_Math.sin(.infinity).isNaN && _Math.cos(.nan).isNaN)
    #expect(_Math.exp(-745.2) == 0 && _Math.exp(710) == .infinity)
  }
}
