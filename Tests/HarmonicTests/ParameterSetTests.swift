import Foundation
import Harmonic
import Testing

/// Parameter sets people bring from other toolkits, and read-backs that are
/// exact where the construction was.
@Suite("Parameter sets from other toolkits")
struct ParameterSetTests {
  @Test("stiffness + damping ratio (Flutter withDampingRatio, androidx SpringForce): c = 2ζ√(km)")
  func stiffnessAndDampingRatio() throws {
    let spring = try Spring(stiffness: 1500, dampingRatio: 0.5, mass: 2)
    // 2·0.5·√3000 = 54.77225575051661134569697828008021339527 (mpmath, 50 digits): correctly rounded
    #expect(spring.damping == 54.77225575051661134569697828008021339527)
    #expect(spring.dampingRatio == 0.5 && spring.mass == 2 && spring.stiffness == 1500)
    // Android's constants agree with the general initializer.
    for stiffness in Spring.AndroidStiffness.allCases {
      for ratio in Spring.AndroidDampingRatio.allCases {
        #expect(try Spring(stiffness: stiffness.rawValue, dampingRatio: ratio.rawValue) == Spring.android(stiffness: stiffness, dampingRatio: ratio))
      }
    }
    #expect(throws: HarmonicError.self) { try Spring(stiffness: 0, dampingRatio: 1) }
    #expect(throws: HarmonicError.self) { try Spring(stiffness: 100, dampingRatio: -0.1) }
    #expect(throws: HarmonicError.self) { try Spring(stiffness: 100, dampingRatio: .nan) }
    #expect(throws: HarmonicError.self) { try Spring(stiffness: 1e50, dampingRatio: 1e40) }
  }

  @Test("a spring constructed critical reports ζ = 1, no damped period, bounce 0, no overshoot — and moves as before")
  func criticalReportsAreExact() throws {
    let built = [
      try Spring(response: 5, dampingRatio: 1), try Spring(duration: 0.5, bounce: 0), .smooth,
      try Spring(stiffness: 1, dampingRatio: 1), try Spring(response: 0.37, dampingRatio: 1, mass: 3),
    ]
    for spring in built {
      #expect(spring.dampingRatio == 1, "\(spring)")
      #expect(spring.dampedPeriod == .infinity && spring.bounce == 0 && spring.overshoot == 0 && !spring.isUnderdamped, "\(spring)")
      // The motion is the same coefficients' motion: equal to a spring built from (m, k, c).
      let raw = try Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
      #expect(raw == spring)
      let a = try SpringMotion(spring: spring, from: 0, to: 1), b = try SpringMotion(spring: raw, from: 0, to: 1)
      for t in [0.0, 0.01, 0.3, 2.0] { #expect(try a._checkedState(atSeconds: t).value.bitPattern == b._checkedState(atSeconds: t).value.bitPattern) }
    }
    // Built from coefficients, the reports follow the coefficients (ζ = 1 − 7e-18 here).
    let smooth = Spring.smooth
    let raw = try Spring(mass: smooth.mass, stiffness: smooth.stiffness, damping: smooth.damping)
    #expect(raw.dampingRatio == smooth._coefficientDampingRatio)
  }

  @Test(
    "describe: critical presets print dampedPeriod null and bounce 0; --stiffness --damping-ratio works; other families' read-backs out of range are null with a note"
  )
  func describeReadBacks() throws {
    for args in [["--preset", "smooth"], ["--response", "5", "--damping-ratio", "1"], ["--duration", "0.3", "--bounce", "0"]] {
      let result = try harmonicArgs(["describe"] + args + ["--json"])
      #expect(result.status == 0, "\(result.stderr)")
      let object = try jsonObject(result.stdout)
      #expect(object["dampedPeriod"] is NSNull, "\(args)")
      #expect(object["bounce"] as? Double == 0 && object["overshoot"] as? Double == 0 && object["dampingRatio"] as? Double == 1, "\(args)")
    }
    let flutter = try jsonObject(try harmonic("describe", "--stiffness", "100", "--damping-ratio", "0.5", "--json").stdout)
    #expect(flutter["damping"] as? Double == 10 && flutter["mass"] as? Double == 1)
    // Response 5 s: Origami tension −23.15 and POP speed −4.03 cannot be typed into those tools.
    let slow = try jsonObject(try harmonic("describe", "--response", "5", "--damping-ratio", "1", "--json").stdout)
    #expect(slow["origamiTension"] is NSNull && slow["popSpeed"] is NSNull)
    #expect((slow["notes"] as? [String])?.count == 2)
    let bouncy = try jsonObject(try harmonic("describe", "--preset", "bouncy", "--json").stdout)
    #expect(bouncy["origamiTension"] is Double && (bouncy["notes"] as? [String])?.isEmpty == true)
    // One option of a two-family pair says what is missing.
    let half = try harmonic("describe", "--stiffness", "100", "--json")
    #expect(half.status == 2 && half.stderr.contains("--damping or --damping-ratio") && half.stdout.isEmpty)
  }

  @Test("decay --drag-per-second: Flutter's friction, 0.135/s from 100 at 100 pt/s rests at 149.938…")
  func decayDragPerSecond() throws {
    let result = try harmonic("decay", "--velocity", "100", "--from", "100", "--drag-per-second", "0.135", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let rest = try #require(try jsonObject(result.stdout)["restOffset"] as? Double)
    // 100 + 100/(−ln 0.135) = 149.9380643021733768425949946088726651109 (mpmath, 50 digits)
    // The drag converts through the per-millisecond rate, a double: its
    // rounding (half an ulp of 0.998) moves ln(rate) by ulp/(2·rate), i.e. the
    // travelled distance by that over |ln rate| — about 3e-14 relative here.
    let rate = try ScrollDeceleration.decelerationRate(fromDragPerSecond: 0.135)
    let bound = (rate.ulp / 2) / (rate * Foundation.log(1 / rate)) * 50 + 4 * (150.0).ulp
    #expect((rest - 149.9380643021733768425949946088726651109).magnitude <= bound, "bound \(bound)")
    let both = try harmonic("decay", "--velocity", "100", "--rate", "0.99", "--drag-per-second", "0.135", "--json")
    #expect(both.status == 2 && both.stdout.isEmpty)
    let bad = try harmonic("decay", "--velocity", "100", "--drag-per-second", "1.5", "--json")
    #expect(bad.status == 2 && bad.stderr.contains("drag"))
  }
}
