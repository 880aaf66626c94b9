import Foundation
import Testing

@testable import Harmonic

/// Springs for the lane kernel's tests (the kernel is the one step-basis
/// path besides the scalar one; the Swift lanes it was ported from are gone).
enum LaneMathTests {
  /// `count` springs of random response (0.01–20 s) and damping ratio
  /// (1e-3–1e3, log-uniform), then critical damping as written and one ulp
  /// either side, and undamped, at four responses.
  static func springs(count: Int, seed: UInt64) throws -> [Spring] {
    var random = SeededGenerator(seed: seed)
    var springs: [Spring] = []
    for _ in 0..<count {
      springs.append(try Spring(response: random.logUniform(0.01, 20), dampingRatio: random.logUniform(1e-3, 1e3)))
    }
    for response in [0.05, 0.3, 1, 4.0] {
      for ratio in [1.0, 1.0.nextUp, 1.0.nextDown, 0] { springs.append(try Spring(response: response, dampingRatio: ratio)) }
    }
    return springs
  }
}

/// The C kernel of `_HarmonicLanes` (eight lanes; baseline, AVX2 and
/// AVX-512 builds) against the scalar step basis, in every variant this
/// processor runs.
@Suite("Lane kernel")
struct LaneKernelTests {
  @Test("every build of the eight-lane kernel writes the scalar step basis bit for bit, in both regimes, mixed item by item")
  func kernelMatchesScalar() throws {
    var springs = try LaneMathTests.springs(count: 2_000, seed: 16)
    // An odd count, so that each regime ends in a part-filled vector.
    springs.append(try Spring(response: 0.5, dampingRatio: 0.7))
    let groups = springs.map { _SpringGroup(spring: $0, progressOrigin: AnimationTime(ticks: 0), progressVelocity: 0, progressSettle: .infinity) }
    let bases = _LaneKernel.bases(of: groups)
    // The kernel's exp, expm1 and sincos through every range a spring
    // gives them: chosen instants, then 60 log-uniform ones from 1 ns to
    // 11 days (decays past −708 and phases past 2¹⁹·π/2 are left to the
    // scalar path, and counted).
    var random = SeededGenerator(seed: 61)
    let sweep = (0..<60).map { _ in random.logUniform(1e-9, 1e6) }
    let times = [0, 1e-9, 1.0 / 120, 0.01, 0.05, 1.0 / 7, 0.3, 1, 5, 60, 3_600, 1e6] + sweep
    let n = groups.count
    #expect((1...3).contains(_LaneKernel.bestVariant))
    print("lane kernel: variants 1…\(_LaneKernel.bestVariant) run on this processor")
    // The whole batch, then ranges that start and end inside the kernel's
    // chunks of 256 (a block of a worker's items): the lanes outside are
    // computed and not stored.
    let ranges = [0..<n, 37..<1_900, 256..<512, 300..<301, 255..<257, 1_999..<n]
    for variant in 1..._LaneKernel.bestVariant {
      var (left, written) = (0, 0)
      for t in times {
        for slots in sweep.contains(t) ? [5] : [5, 3] {
          for range in ranges where t == 1.0 / 7 || range == 0..<n {
            let m = range.count
            // One guard before and one after the five slots.
            var out = [Double](repeating: -7, count: 5 * m + 2)
            let taken = groups.withUnsafeBufferPointer { groups in
              bases.withUnsafeBufferPointer { bases in
                out.withUnsafeMutableBufferPointer { out in
                  _LaneKernel.write(
                    _SendableBuffer(bases), _SendableBuffer(groups), range, at: t, into: _SendablePointer(out.baseAddress! + 1),
                    slots: slots, variant: variant)
                }
              }
            }
            let kernelLeft = try #require(taken, "variant \(variant) runs here")
            left += kernelLeft
            written += m
            var bad = 0
            for j in 0..<m {
              let e = groups[range.lowerBound + j].spring._basis.stepBasis(t)
              let expected = [e.remaining, e.step, e.s, e.c, -e.s]
              for slot in 0..<slots where out[1 + slot * m + j].bitPattern != expected[slot].bitPattern {
                bad += 1
                if bad <= 3 {
                  Issue.record("variant \(variant), t \(t), spring \(range.lowerBound + j), slot \(slot): \(out[1 + slot * m + j]) ≠ \(expected[slot])")
                }
              }
            }
            // Nothing written outside the range's slots.
            let untouched = out[0] == -7 && out[5 * m + 1] == -7
            #expect(bad == 0 && untouched, "variant \(variant), t \(t), \(slots) slots, items \(range): \(bad) coefficients differ")
          }
        }
      }
      // Most springs take the vector path: the comparison is not vacuous.
      #expect(left * 10 <= written * 3, "variant \(variant) left \(left) of \(written) to the scalar path")
    }
    // A variant this processor lacks is refused, not run.
    if _LaneKernel.bestVariant < 3 {
      let refused = groups.withUnsafeBufferPointer { groups in
        bases.withUnsafeBufferPointer { bases in
          var out = [Double](repeating: 0, count: 5 * n)
          return out.withUnsafeMutableBufferPointer { out in
            _LaneKernel.write(_SendableBuffer(bases), _SendableBuffer(groups), 0..<n, at: 1, into: _SendablePointer(out.baseAddress!), variant: 3)
          }
        }
      }
      #expect(refused == nil)
    }
  }

  /// An input for the streaming-pass tests: one in five from the specials
  /// (±0, a subnormal of each sign's kind, magnitudes whose products
  /// overflow or underflow, 1, and ∞ with `infinity`), else ± log-uniform
  /// in [1e-6, 1e6].
  static func mixedValue(_ random: inout SeededGenerator, infinity: Bool = false) -> Double {
    var specials: [Double] = [0, -0.0, .leastNonzeroMagnitude, -Double.leastNormalMagnitude.nextDown, 1e300, -1e-300, .greatestFiniteMagnitude, 1]
    if infinity { specials.append(.infinity) }
    if Int.random(in: 0..<5, using: &random) == 0 { return specials.randomElement(using: &random)! }
    let magnitude = random.logUniform(1e-6, 1e6)
    return Bool.random(using: &random) ? magnitude : -magnitude
  }

  @Test("every build of the per-item channel pass gives the bits of _valueTerm and _velocityTerm, and touches only its block")
  func channelsMatchSwift() {
    // 37 items × 3 channels: an odd block length, so each build's vector
    // loop ends in a remainder; the inputs mix signs, ±0, subnormals and
    // magnitudes whose products overflow or underflow.
    let (items, channels) = (37, 3)
    let n = items * channels
    var random = SeededGenerator(seed: 50)
    func value() -> Double { Self.mixedValue(&random) }
    let columns = (0..<(4 * n)).map { _ in value() }
    let coefficients = (0..<(3 * items)).map { _ in value() }
    let sentinel = -7.0
    for variant in 1..._LaneKernel.bestVariant {
      for inputs in [3, 2] {
        for width in 1...3 {
          // The whole block, and one that starts and ends inside it.
          for (first, count) in [(0, items), (3, 29)] {
            var out = [Double](repeating: sentinel, count: n)
            let applied = columns.withUnsafeBufferPointer { c in
              coefficients.withUnsafeBufferPointer { k in
                out.withUnsafeMutableBufferPointer { o in
                  // Values read columns 0–2 (start, target, velocity);
                  // velocities columns 2–3 (velocity, restoring).
                  let a = c.baseAddress! + (inputs == 3 ? 0 : 2 * n) + first
                  return _StepBasisKernel.applyChannels(
                    a, n: n, items: items, width: width, inputs: inputs, count: count, k.baseAddress! + first,
                    k.baseAddress! + items + first, k.baseAddress! + 2 * items + first, into: o.baseAddress! + first, variant: variant)
                }
              }
            }
            #expect(applied, "variant \(variant) runs here")
            var bad = 0
            for channel in 0..<channels {
              for item in 0..<items {
                let e = channel * items + item
                let inBlock = channel < width && item >= first && item < first + count
                let (k0, k1, k2) = (coefficients[item], coefficients[items + item], coefficients[2 * items + item])
                let expected =
                  !inBlock
                  ? sentinel
                  : inputs == 3
                    ? _valueTerm(columns[e], columns[n + e], columns[2 * n + e], k0, k1, k2)
                    : _velocityTerm(columns[2 * n + e], columns[3 * n + e], k0, k1)
                if out[e].bitPattern != expected.bitPattern {
                  bad += 1
                  if bad <= 3 { Issue.record("variant \(variant), inputs \(inputs), width \(width), element \(e): \(out[e]) ≠ \(expected)") }
                }
              }
            }
            #expect(bad == 0, "variant \(variant), inputs \(inputs), width \(width), items \(first)..<\(first + count)")
          }
        }
      }
    }
    // Out-of-range shapes and a variant this processor lacks are refused.
    var out = [Double](repeating: sentinel, count: n)
    let refused = columns.withUnsafeBufferPointer { c in
      coefficients.withUnsafeBufferPointer { k in
        out.withUnsafeMutableBufferPointer { o in
          let (a, k0, y) = (c.baseAddress!, k.baseAddress!, o.baseAddress!)
          var answers = [
            _StepBasisKernel.applyChannels(a, n: n, items: items, width: 4, inputs: 3, count: items, k0, k0, k0, into: y),
            _StepBasisKernel.applyChannels(a, n: n, items: items, width: 1, inputs: 4, count: items, k0, k0, k0, into: y),
          ]
          if _LaneKernel.bestVariant < 3 {
            answers.append(_StepBasisKernel.applyChannels(a, n: n, items: items, width: 1, inputs: 3, count: items, k0, k0, k0, into: y, variant: 3))
          }
          return answers
        }
      }
    }
    #expect(refused.allSatisfy { !$0 } && out.allSatisfy { $0 == sentinel })
  }

  @Test("every build of the shared-spring pass gives the bits of _valueTerm and _velocityTerm on its range only")
  func sharedMatchesSwift() {
    let n = 101
    var random = SeededGenerator(seed: 51)
    func value() -> Double { Self.mixedValue(&random) }
    let columns = (0..<(4 * n)).map { _ in value() }
    let sentinel = -7.0
    for variant in 1..._LaneKernel.bestVariant {
      for inputs in [3, 2] {
        // Odd ends, so that each build's vector loop has a remainder; the
        // coefficients include the specials too.
        for (range, c) in [(0..<n, (value(), value(), value())), (5..<94, (1e300, -0.0, Double.leastNonzeroMagnitude)), (7..<8, (value(), value(), value()))] {
          var out = [Double](repeating: sentinel, count: n)
          let applied = columns.withUnsafeBufferPointer { columns in
            out.withUnsafeMutableBufferPointer { out in
              _StepBasisKernel.applyShared(
                columns.baseAddress! + (inputs == 3 ? 0 : 2 * n), n: n, range: range, inputs: inputs, c.0, c.1, c.2,
                into: out.baseAddress!, variant: variant)
            }
          }
          #expect(applied, "variant \(variant) runs here")
          let expected = (0..<n).map { e in
            !range.contains(e)
              ? sentinel
              : inputs == 3
                ? _valueTerm(columns[e], columns[n + e], columns[2 * n + e], c.0, c.1, c.2)
                : _velocityTerm(columns[2 * n + e], columns[3 * n + e], c.0, c.1)
          }
          let bad = (0..<n).filter { out[$0].bitPattern != expected[$0].bitPattern }
          #expect(bad.isEmpty, "variant \(variant), inputs \(inputs), range \(range): elements \(bad.prefix(5)) differ")
        }
      }
    }
    let refused = columns.withUnsafeBufferPointer { columns in
      var out = [Double](repeating: sentinel, count: n)
      return out.withUnsafeMutableBufferPointer { out in
        _StepBasisKernel.applyShared(columns.baseAddress!, n: n, range: 0..<n, inputs: 1, 1, 1, 1, into: out.baseAddress!)
      }
    }
    #expect(!refused)
  }

  @Test("every build of the propagator step and of pose interpolation gives the bits of _stepTerm and _interpolate")
  func stepAndInterpolationMatchSwift() {
    let n = 101
    var random = SeededGenerator(seed: 52)
    func value() -> Double { Self.mixedValue(&random, infinity: true) }
    let u = (0..<n).map { _ in value() }
    // Every fifth v equals its u (interpolation keeps it), one pair ±0.
    var v = (0..<n).map { $0 % 5 == 0 ? u[$0] : value() }
    (v[1], v[2]) = (0, -0.0)
    var w = u
    (w[1], w[2]) = (-0.0, 0)
    let sentinel = -7.0
    for variant in 1..._LaneKernel.bestVariant {
      for range in [0..<n, 5..<94, 7..<8] {
        let d = (value(), value(), value(), value())
        var (u1, v1) = ([Double](repeating: sentinel, count: n), [Double](repeating: sentinel, count: n))
        let stepped = u.withUnsafeBufferPointer { u in
          v.withUnsafeBufferPointer { v in
            u1.withUnsafeMutableBufferPointer { u1 in
              v1.withUnsafeMutableBufferPointer { v1 in
                _StepBasisKernel.applyStep(u.baseAddress!, v.baseAddress!, range: range, d, into: u1.baseAddress!, v1.baseAddress!, variant: variant)
              }
            }
          }
        }
        let p = [0.0, 1, 0.37, 1e-300, -0.5][variant % 5 + range.count % 2]
        var out = [Double](repeating: sentinel, count: n)
        let interpolated = w.withUnsafeBufferPointer { a in
          v.withUnsafeBufferPointer { b in
            out.withUnsafeMutableBufferPointer { out in
              _StepBasisKernel.applyInterpolation(a.baseAddress!, b.baseAddress!, range: range, progress: p, into: out.baseAddress!, variant: variant)
            }
          }
        }
        #expect(stepped && interpolated, "variant \(variant) runs here")
        var bad: [Int] = []
        for e in 0..<n {
          let inside = range.contains(e)
          let step = inside ? _stepTerm(u[e], v[e], d.0, d.1, d.2, d.3) : (u: sentinel, v: sentinel)
          let pose = inside ? _interpolate(w[e], v[e], p) : sentinel
          if u1[e].bitPattern != step.u.bitPattern || v1[e].bitPattern != step.v.bitPattern || out[e].bitPattern != pose.bitPattern {
            bad.append(e)
          }
        }
        #expect(bad.isEmpty, "variant \(variant), range \(range), p \(p): elements \(bad.prefix(5)) differ")
      }
    }
  }
}
