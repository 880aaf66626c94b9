import Foundation
import Harmonic
import Testing

/// The small API that app scenarios asked for (issue 33): transform algebra,
/// the rubber band's inverses, a spring switch at a hand-off, and the
/// circular snap's animation.
@Suite("API the scenarios asked for")
struct ScenarioAPITests {
  /// An integer 3×3 affine matrix product in the row-vector convention, the independent reference.
  static func product(_ p: [Int], _ q: [Int]) -> [Int] {
    let (a, b, c, d, tx, ty) = (p[0], p[1], p[2], p[3], p[4], p[5])
    return [
      a * q[0] + b * q[2], a * q[1] + b * q[3], c * q[0] + d * q[2], c * q[1] + d * q[3],
      tx * q[0] + ty * q[2] + q[4], tx * q[1] + ty * q[3] + q[5],
    ]
  }

  static func transform(_ e: [Int]) -> AffineTransform2D {
    AffineTransform2D(a: Double(e[0]), b: Double(e[1]), c: Double(e[2]), d: Double(e[3]), tx: Double(e[4]), ty: Double(e[5]))
  }

  static func entries(_ t: AffineTransform2D) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }

  @Test("AffineTransform2D: concatenation is the matrix product (exact on integers), applied in order to points")
  func concatenation() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let p = (0..<6).map { _ in Int.random(in: -1000...1000, using: &generator) }
      let q = (0..<6).map { _ in Int.random(in: -1000...1000, using: &generator) }
      let t = try Self.transform(p).concatenating(Self.transform(q))
      #expect(Self.entries(t) == Self.product(p, q).map(Double.init), "\(p) · \(q)")
      // p first, then q.
      let point = CGPoint(x: Double(Int.random(in: -500...500)), y: Double(Int.random(in: -500...500)))
      let both = try t.applied(to: point), inTurn = try Self.transform(q).applied(to: Self.transform(p).applied(to: point))
      #expect(both == inTurn)
    }
    // A quarter turn twice is a half turn; scale then translate moves the scaled point.
    let quarter = AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
    let half = try quarter.concatenating(quarter)
    #expect(half == AffineTransform2D(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0))
    let moved = try AffineTransform2D.scale(2, 4).concatenating(AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 5))
    let image = try moved.applied(to: CGPoint(x: 1, y: 1))
    #expect(image == CGPoint(x: 5, y: 9))
    let (before, after) = (try AffineTransform2D.identity.concatenating(moved), try moved.concatenating(.identity))
    #expect(before == moved && after == moved)
  }

  @Test("AffineTransform2D: the inverse is exact for unimodular integer matrices, undoes any regular one, and refuses a singular one")
  func inverse() throws {
    var generator = SystemRandomNumberGenerator()
    // Unimodular (det ±1) integer matrices have integer inverses: exact.
    for _ in 0..<500 {
      let (k, m) = (Int.random(in: -50...50, using: &generator), Int.random(in: -50...50, using: &generator))
      let shear = [1, k, 0, 1, Int.random(in: -99...99), Int.random(in: -99...99)]
      let other = [1, 0, m, 1, Int.random(in: -99...99), Int.random(in: -99...99)]
      let e = Self.product(shear, other)
      let inverse = try Self.transform(e).inverted()
      #expect(Self.entries(inverse).allSatisfy { $0 == $0.rounded() }, "\(e)")
      let back = Self.product(e, Self.entries(inverse).map { Int($0) })
      #expect(back == [1, 0, 0, 1, 0, 0], "\(e) · inverse = \(back)")
    }
    // Any regular matrix: t · t⁻¹ is the identity to within rounding.
    for _ in 0..<1000 {
      let t = AffineTransform2D(
        a: .random(in: -3...3), b: .random(in: -3...3), c: .random(in: -3...3), d: .random(in: -3...3), tx: .random(in: -500...500),
        ty: .random(in: -500...500))
      guard (t.a * t.d - t.b * t.c).magnitude > 0.1 else { continue }
      let identity = try t.concatenating(try t.inverted())
      let error = zip(Self.entries(identity), [1.0, 0, 0, 1, 0, 0]).map { ($0 - $1).magnitude }.max()!
      #expect(error < 1e-10, "\(t): \(identity)")
    }
    // Singular, not a number, or an inverse that overflows (1/1e-310 is beyond the largest double).
    for singular in [
      AffineTransform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0), .scale(0, 1),
      AffineTransform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), AffineTransform2D(a: 1e-310, b: 0, c: 0, d: 1e-310, tx: 0, ty: 0),
    ] {
      #expect(throws: HarmonicError.self) { try singular.inverted() }
    }
    // A determinant beyond the doubles (1e400) no longer makes a regular matrix singular: its inverse is formed scaled.
    #expect(try AffineTransform2D(a: 1e200, b: 0, c: 0, d: 1e200, tx: 0, ty: 0).inverted().a == 1e-200)
  }

  @Test("RubberBand.overscroll(offset:) inverts the band: 52.02 pt of a 960-pt view is 100 pt of finger; past the band is refused")
  func rubberBandInverse() throws {
    let offset = try RubberBand.offset(overscroll: 100, dimension: 960)
    #expect((try RubberBand.overscroll(offset: offset, dimension: 960) - 100).magnitude < 1e-12)
    #expect((try RubberBand.overscroll(offset: -offset, dimension: 960) + 100).magnitude < 1e-12)
    for x in stride(from: -5000.0, through: 5000, by: 37.5) {
      for (d, c) in [(960.0, 0.55), (320, 0.3), (1, 2)] {
        let y = try RubberBand.offset(overscroll: x, dimension: d, coefficient: c)
        let back = try RubberBand.overscroll(offset: y, dimension: d, coefficient: c)
        #expect((back - x).magnitude <= 1e-9 * max(1, x.magnitude), "x \(x), d \(d), c \(c): \(back)")
      }
    }
    #expect(try RubberBand.overscroll(offset: 0, dimension: 960) == 0)
    for (y, d, c) in [(960.0, 960.0, 0.55), (-961, 960, 0.55), (.nan, 960, 0.55), (1, 0, 0.55), (1, 960, 0)] {
      #expect(throws: HarmonicError.self) { try RubberBand.overscroll(offset: y, dimension: d, coefficient: c) }
    }
    // An overscroll past 1e100 points is refused, naming the offset: a tiny
    // coefficient gave +∞ (an input sweep), and so can an offset one ulp
    // inside a huge dimension.
    for (y, d, c) in [(30.0, 300.0, 5e-324), (-30, 300, 1e-99), (1e100.nextDown, 1e100, 0.55)] {
      #expect(throws: HarmonicError.self) { try RubberBand.overscroll(offset: y, dimension: d, coefficient: c) }
      do {
        _ = try RubberBand.overscroll(offset: y, dimension: d, coefficient: c)
      } catch {
        guard case .invalidParameter(let name, let value, _) = error else { Issue.record("\(error)"); continue }
        #expect(name == "offset" && value == y)
      }
    }
    #expect((try RubberBand.overscroll(offset: 30, dimension: 300, coefficient: 1e-97) / (1e99 / 3) - 1).magnitude < 1e-12)
  }

  @Test("LayoutTransition.progress(fromRubberBanded:) inverts rubberBanded on (−1, 2)")
  func rubberBandedProgressInverse() throws {
    for p in stride(from: -20.0, through: 21, by: 0.125) {
      let banded = LayoutTransition.rubberBanded(p).value
      let back = try LayoutTransition.progress(fromRubberBanded: banded)
      #expect((back - p).magnitude <= 1e-9 * max(1, p.magnitude), "p \(p): banded \(banded), back \(back)")
    }
    #expect(try LayoutTransition.progress(fromRubberBanded: 0.25) == 0.25)
    for value in [2.0, -1, 7, .nan, .infinity] {
      #expect(throws: HarmonicError.self) { try LayoutTransition.progress(fromRubberBanded: value) }
    }
  }

  @Test("ValueAnimation.reset(…, spring:) hands off and switches spring at one tick, as a new animation from that state would")
  func resetWithSpring() throws {
    var animation = try ValueAnimation(value: CGPoint(x: 0, y: 0), target: CGPoint(x: 300, y: 120), spring: .smooth)
    let handOff = try AnimationTime(seconds: 0.2)
    try animation.reset(
      value: CGPoint(x: 180, y: 40), velocity: CGPoint(x: 900, y: -300), target: CGPoint(x: 40, y: 400), at: handOff, spring: .bouncy)
    #expect(animation.spring == .bouncy)
    let fresh = try ValueAnimation(
      value: CGPoint(x: 180, y: 40), velocity: CGPoint(x: 900, y: -300), target: CGPoint(x: 40, y: 400), spring: .bouncy, start: handOff)
    for ms in stride(from: 200, through: 1500, by: 7) {
      let time = try AnimationTime(seconds: Double(ms) / 1000)
      #expect(animation.value(at: time) == fresh.value(at: time), "\(ms) ms")
    }
  }

  @Test("A circular snap has its animation: from the offset with the release velocity, across the seam to the unwrapped target")
  func circularAnimation() throws {
    // A wheel of four stops, in radians: the fling threshold in rad/s (50 pt/s at a 150-pt rim).
    let wheel = try CircularSnapLayout.evenlySpaced(count: 4, period: 2 * Double.pi)
    let options = Snapping.Options(minimumFlingVelocity: 50.0 / 150)
    // Rest 6 + 3/(1000·ln(1/0.998)) ≈ 7.50 rad: the stop at 2π + π/2, past the seam.
    let decision = try Snapping.target(circular: wheel, offset: 6.0, velocity: 3, options: options)
    #expect(decision.target == 2 * Double.pi + Double.pi / 2 && wheel.points[decision.index] == Double.pi / 2 && decision.index == 1)
    switch try decision.motion() {
    case .spring(let motion):
      #expect(try motion._checkedState(atSeconds: 0).value == 6.0 && (try motion._checkedState(atSeconds: 0).velocity) == 3)
      #expect(motion.target == decision.target)
    case .deceleration(let deceleration):
      #expect(try deceleration._checkedState(atSeconds: 0).value == 6.0 && (try deceleration._checkedState(atSeconds: 0).velocity) == 3)
      #expect((deceleration.restOffset - decision.target).magnitude < 1e-9)
    }
    // The spring form, always available with the spring's own timing.
    guard case .spring(let motion) = try Snapping._motion(from: 6, velocity: 3, to: decision.target, rate: 0.5, spring: .snappy) else {
      Issue.record("a spring was expected")
      return
    }
    #expect(motion.target == decision.target && motion.initialValue == 6)
    // A slow turn below the wheel's threshold is not a flick: it goes to the nearest stop.
    let slow = try Snapping.target(circular: wheel, offset: 1.4, velocity: 0.2, options: options)
    #expect(wheel.points[slow.index] == Double.pi / 2)
  }
  @Test("A held chain leader sits at the finger, never trailing it; released, it leaves with the finger's velocity")
  func heldLeader() throws {
    var held = try SpringChain(count: 4, value: CGPoint(x: 0, y: 0), spring: .snappy)
    var moved = held
    var values = Array(repeating: CGPoint(x: 0, y: 0), count: 4)
    var trailing = 0.0
    for j in 0...30 {
      // A finger at 600 pt/s to the right, reported at 60 Hz.
      let time = try AnimationTime(frame: Int64(j), framesPerSecond: 60)
      let finger = CGPoint(x: 10 * Double(j), y: 0)
      try held.holdLeader(finger, at: time)
      try moved.moveLeader(to: finger, at: time)
      try held.values(at: time, into: &values)
      #expect(values[0] == finger, "frame \(j)")
      #expect(values[3].x <= values[2].x && values[2].x <= values[1].x && values[1].x <= values[0].x)
      // Between events it stays put.
      try held.values(at: time + AnimationTime(ticks: 1_000_000), into: &values)
      #expect(values[0] == finger)
      try moved.values(at: time, into: &values)
      trailing = max(trailing, Double(finger.x - values[0].x))
    }
    #expect(trailing > 20, "a spring-led leader trails the finger by \(trailing) pt")
    // Released with the finger's velocity: it leaves from the finger at 600 pt/s.
    let release = try AnimationTime(frame: 30, framesPerSecond: 60)
    try held.releaseLeader(velocity: CGPoint(x: 600, y: 0), to: CGPoint(x: 400, y: 0), at: release)
    #expect(held.elements[0].value(at: release) == CGPoint(x: 300, y: 0))
    #expect(held.elements[0].velocity(at: release) == CGPoint(x: 600, y: 0))
    #expect(throws: HarmonicError.self) { try held.holdLeader(CGPoint(x: Double.nan, y: 0), at: release) }
  }
}
