import Foundation
import Harmonic
import HarmonicFuzzing
import Testing
import _AllocationCounter

/// Rows of a committed reference CSV under `Tests/Reference/`, parsed as
/// doubles (the 45-digit references round to the nearest double).
func referenceRows(_ name: String) throws -> [[Double]] {
  let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Reference").appendingPathComponent(name)
  let text = try String(contentsOf: url, encoding: .utf8)
  return text.split(separator: "\n").dropFirst().map { line in
    line.split(separator: ",").map { field in
      guard let value = Double(field) else { fatalError("bad number '\(field)' in \(name)") }
      return value
    }
  }
}

/// Distance in units in the last place between two finite doubles.
func ulpDistance(_ a: Double, _ b: Double) -> UInt64 {
  func ordered(_ x: Double) -> Int64 {
    let bits = Int64(bitPattern: x.bitPattern)
    return bits < 0 ? Int64.min - bits : bits
  }
  let (x, y) = (ordered(a), ordered(b))
  return x > y ? UInt64(x &- y) : UInt64(y &- x)
}

/// FNV-1a over the raw bits of doubles: a golden-able fingerprint of results.
struct BitHasher {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
  mutating func combine(_ x: Double) {
    var bits = x.bitPattern
    for _ in 0..<8 {
      value ^= bits & 0xff
      value = value &* 0x0000_0100_0000_01b3
      bits >>= 8
    }
  }
}

/// A small deterministic generator (SplitMix64, HarmonicFuzzing's) for seeded property tests.
typealias SeededGenerator = SeededRandom

extension SeededRandom {
  /// Log-uniform in [low, high].
  mutating func logUniform(_ low: Double, _ high: Double) -> Double {
    exp(Double.random(in: log(low)...log(high), using: &self))
  }
}

func spring(_ m: Double, _ k: Double, _ c: Double) -> Spring {
  do { return try Spring(mass: m, stiffness: k, damping: c) } catch { fatalError("\(error)") }
}

/// Whether the test binary's malloc interposer is live, and if not, why — so
/// that a test that needs it says "skipped because …" instead of passing.
enum AllocationCounter {
  static var isLive: Bool { harmonic_allocations_available() == 1 }

  static var skipReason: Comment {
    #if canImport(Glibc)
    "skipped because the malloc interposer stands aside under the sanitizers"
    #else
    "skipped because the malloc interposer is glibc-only (not built on this platform)"
    #endif
  }
}

/// Magnitudes of the terms that element (item, channel) adds up at `tick`:
/// |start·R| + |target·P| + |v₀·Ŝ| for the value, |v₀·Ĉ| + |restoring·Ŝ| for
/// the velocity. Backends that round differently agree within 4ε of them.
func termScales(_ batch: SpringBatch, item: Int, channel: Int, at tick: AnimationTime) -> (value: Double, velocity: Double) {
  let basis = batch.spring(ofItem: item)._basis
  let (c, s, remaining, step) = basis.stepBasis(tick._seconds(since: batch.start))
  let (start, target) = (batch.start(item: item, channel: channel), batch.target(item: item, channel: channel))
  let v0 = batch.initialVelocity(item: item, channel: channel)
  let restoring = basis.omegaSquared * (start - target) + basis.decayRate * v0
  return (
    (start * remaining).magnitude + (target * step).magnitude + (v0 * s).magnitude,
    (v0 * c).magnitude + (restoring * s).magnitude
  )
}

/// Whether two backends' results agree as ``BatchBackend`` promises: bit for
/// bit with reference BLAS, otherwise within 4ε of `scale`.
func backendsAgree(_ a: Double, _ b: Double, scale: Double) -> Bool {
  if SpringBatch.blasMatchesNativeBitForBit { return a.bitPattern == b.bitPattern }
  return (a - b).magnitude <= 4 * Double.ulpOfOne * scale + 2 * Double.leastNonzeroMagnitude
}

/// The `invalidParameter` error `body` throws, as (parameter name, accepted
/// range); nil when it does not throw. Any other error is reported in both
/// fields, so a comparison with the expected text fails and shows it.
func refusal(_ body: () throws -> Void) -> (name: String, accepted: String)? {
  do {
    try body()
    return nil
  } catch let error as HarmonicError {
    guard case let .invalidParameter(name, _, accepted) = error else { return ("\(error)", "\(error)") }
    return (name, accepted)
  } catch {
    return ("not a HarmonicError: \(error)", "not a HarmonicError: \(error)")
  }
}

/// Irregular frame ticks from 0 through `end`: each gap `minimum` plus a
/// seeded pseudo-random part below `spread` (long gaps are dropped frames);
/// the same sequence on every run.
func irregularFrameTicks(through end: Int64, seed: UInt64, minimum: Int64, spread: Int64) -> [Int64] {
  var ticks: [Int64] = []
  var (tick, state) = (Int64(0), seed)
  while tick <= end {
    ticks.append(tick)
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    tick += minimum + Int64(state >> 40) % spread
  }
  return ticks
}

/// Runs a suite's tests with every batch split across as many workers as it
/// asks for (or the cores), however small: outside tests a worker gets at
/// least 100,000 values, so the small batches of the tests would otherwise
/// never leave one thread and the split-independence checks (and
/// ThreadSanitizer) would see no split.
struct SplittingEveryBatch: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
    try await _Parallel.workerMinimum.withValue(1) { try await function() }
  }
}

extension Trait where Self == SplittingEveryBatch {
  /// See ``SplittingEveryBatch``.
  static var splittingEveryBatch: SplittingEveryBatch { SplittingEveryBatch() }
}

// The curves' readings where a test compares numbers: NaN for a refused
// progress, so a comparison fails (it never crashes the run).
extension TimingCurve {
  func valueOrNaN(atProgress x: Double) -> Double { (try? value(atProgress: x)) ?? .nan }
  func slopeOrNaN(atProgress x: Double) -> Double? {
    do { return try slope(atProgress: x) } catch { return .nan }
  }
}

extension CubicBezier {
  func valueOrNaN(atProgress x: Double) -> Double { (try? value(atProgress: x)) ?? .nan }
  func slopeOrNaN(atProgress x: Double) -> Double? {
    do { return try slope(atProgress: x) } catch { return .nan }
  }
}

extension ValueAnimator {
  /// A throw from the value shown at `time`, as an app writes it with
  /// ``ValueAnimator/run(_:)``: a ``ValueDecay`` from the value shown.
  mutating func decay(velocity: Value.SpringVelocity, rate: Double = ScrollDeceleration.normal, at time: AnimationTime) throws(HarmonicError) {
    let now = max(time, start)
    run(try ValueDecay(value: value(at: now), velocity: velocity, decelerationRate: rate, start: now))
  }

  /// An ease from the value shown at `time` to `target`: a ``TimedAnimation`` through ``ValueAnimator/run(_:)``.
  mutating func ease(
    to target: Value, duration: Double, curve: TimingCurve = .cubicBezier(.easeInOut), at time: AnimationTime
  ) throws(HarmonicError) {
    let now = max(time, start)
    run(try TimedAnimation(from: value(at: now), to: target, duration: duration, curve: curve, start: now))
  }
}
