import Foundation
import Harmonic
import Testing

/// Box2D-style determinism: one canonical scene, hashed at fixed ticks.
///
/// A transition of 10,000 visible items between two grids with five mixed
/// springs and seeded per-element velocities; at 0.25 s it is interrupted
/// towards a third layout whose end offset is where a 2,400 pt/s flick snaps.
/// The hashes and the completion tick change only on purpose, with the reason
/// in the commit. The closed form uses Harmonic's own exp/expm1/sin/cos; the
/// completion tick also depends on settle times, which still call the
/// platform's atan2/log/atanh.
@Suite("Golden determinism scene", .splittingEveryBatch)
struct GoldenSceneTests {
  static let probes: [AnimationTime] = [0.1, 0.25, 0.4, 0.8].map { AnimationTime(ticks: Int64($0 * Double(AnimationTime.ticksPerSecond))) }

  static func scene() throws -> (LayoutTransition, [LayoutTransition]) {
    let viewport = try Viewport(size: CGSize(width: 2200, height: 2200))
    let first = try GridLayout(
      sections: [.init(itemCount: 12_000, itemSize: CGSize(width: 20, height: 20), lineSpacing: 2, interitemSpacing: 2)],
      viewportCrossExtent: 2200)
    let second = try GridLayout(
      sections: [.init(itemCount: 12_000, itemSize: CGSize(width: 12, height: 36), lineSpacing: 4, interitemSpacing: 4)],
      viewportCrossExtent: 2200)
    let third = try GridLayout(
      sections: [.init(itemCount: 12_000, itemSize: CGSize(width: 30, height: 14), lineSpacing: 3, interitemSpacing: 1)],
      viewportCrossExtent: 2200)
    let springs = [Spring.bouncy, .snappy, .smooth, try Spring(response: 0.35, dampingRatio: 0.45), try Spring(response: 0.6, dampingRatio: 1.4)]
    var transition = try LayoutTransition(
      from: first, offset: .zero, to: second, offset: .zero, viewport: viewport,
      springs: .perItem { springs[($0.item * 7) % springs.count] }, velocity: .none)
    var random = SeededGenerator(seed: 2026)
    let velocities = (0..<(transition.elements.count * 11)).map { _ in Double.random(in: -300...300, using: &random) }
    transition = try LayoutTransition(
      from: first, offset: .zero, to: second, offset: .zero, viewport: viewport,
      springs: .perItem { springs[($0.item * 7) % springs.count] }, velocity: .perElement(velocities))
    // The flick: where a 2,400 pt/s release at 600 pt snaps on the third layout's lines.
    let lines = try SnapLayout.uniform(count: 12_000 / 71 + 1, itemExtent: 14, spacing: 3, viewport: 2200)
    let snap = try Snapping.target(layout: lines, offset: 600, velocity: 2400, options: .init(alignment: .leading))
    var interrupted = transition
    try interrupted.retarget(
      to: third, offset: CGPoint(x: 0, y: snap.target), viewport: viewport, at: probes[1],
      springs: .perItem { springs[($0.item * 3) % springs.count] })
    return (transition, [interrupted])
  }

  static func hash(
    _ transition: LayoutTransition, _ ticks: [AnimationTime], backend: BatchBackend = .native, threads: Int? = nil, warmUp: [AnimationTime] = []
  ) throws -> UInt64 {
    var frame = transition.makeFrame()
    // Frames shown before (at any rate) must not change what a tick shows.
    for tick in warmUp { try transition.frame(at: tick, into: &frame, backend: backend, threads: threads) }
    var hasher = BitHasher()
    for tick in ticks {
      try transition.frame(at: tick, into: &frame, backend: backend, threads: threads)
      for element in frame.attributes {
        for v in [element.center.x, element.center.y, element.size.width, element.size.height] { hasher.combine(Double(v)) }
        for v in [
          element.transform.a, element.transform.b, element.transform.c, element.transform.d, element.transform.tx, element.transform.ty, element.alpha,
        ] {
          hasher.combine(v)
        }
      }
      hasher.combine(Double(frame.contentOffset.x))
      hasher.combine(Double(frame.contentOffset.y))
      hasher.combine(frame.progress)
    }
    return hasher.value
  }

  @Test("the scene hashes to its goldens for any thread count, backend and frame schedule")
  func golden() throws {
    let (transition, segments) = try GoldenSceneTests.scene()
    let interrupted = segments[0]
    #expect(transition.elements.count == 10_000)
    let before = try GoldenSceneTests.hash(transition, Array(GoldenSceneTests.probes.prefix(2)))
    let after = try GoldenSceneTests.hash(interrupted, Array(GoldenSceneTests.probes.suffix(3)) + [interrupted.endTick])
    print("golden scene: before \(String(before, radix: 16)), after \(String(after, radix: 16)), completion tick \(interrupted.endTick.ticks)")
    #expect(before == 0xae2c_3229_113b_d22a, "before: \(String(before, radix: 16))")
    #expect(after == 0x6e22_c57f_2c47_f9cb, "after: \(String(after, radix: 16))")
    #expect(interrupted.endTick.ticks == 1_545_405_477, "completion \(interrupted.endTick.ticks)")
    for threads in [1, 2] {
      #expect(try GoldenSceneTests.hash(interrupted, Array(GoldenSceneTests.probes.suffix(3)) + [interrupted.endTick], threads: threads) == after)
    }
    if SpringBatch.blasMatchesNativeBitForBit {
      #expect(try GoldenSceneTests.hash(interrupted, Array(GoldenSceneTests.probes.suffix(3)) + [interrupted.endTick], backend: .blas) == after)
    } else {
      // Another BLAS rounds differently (FMA): its hash is its own, but stable.
      let blas = try GoldenSceneTests.hash(interrupted, Array(GoldenSceneTests.probes.suffix(3)) + [interrupted.endTick], backend: .blas)
      print("golden scene on \(SpringBatch.blasImplementation): BLAS hash \(String(blas, radix: 16)) not compared with the native golden (rounds differently)")
      #expect(try GoldenSceneTests.hash(interrupted, Array(GoldenSceneTests.probes.suffix(3)) + [interrupted.endTick], backend: .blas, threads: 2) == blas)
    }
    // Frames shown before, at 30/60/120/144 Hz or irregularly, do not change the probes.
    var random = SeededGenerator(seed: 5)
    let irregular = (0..<20).map { _ in AnimationTime(ticks: Int64.random(in: 0...(2 * AnimationTime.ticksPerSecond), using: &random)) }
    for schedule in try [30, 60, 120, 144].map({ rate in try (0..<Int64(rate / 2)).map { try AnimationTime(frame: $0, framesPerSecond: rate) } }) + [irregular]
    {
      #expect(try GoldenSceneTests.hash(interrupted, Array(GoldenSceneTests.probes.suffix(3)) + [interrupted.endTick], warmUp: schedule) == after)
    }
  }
}
