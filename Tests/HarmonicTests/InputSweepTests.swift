import Foundation
import Harmonic
import Testing

/// Inputs of the newer surfaces (issue 47's sweep, in part): each a typed
/// error or a documented result.
@Suite("Inputs of the newer surfaces")
struct InputSweepTests {
  @Test("a transform with a tiny or huge determinant inverts to full precision")
  func inverseAtTheEdgesOfTheExponent() throws {
    // b78c276: 1.000011e160, the determinant 1e-320 being subnormal.
    let tiny = try AffineTransform2D(a: 1e-160, b: 0, c: 0, d: 1e-160, tx: 0, ty: 0).inverted()
    #expect((tiny.a / 1e160 - 1).magnitude <= 2 * Double.ulpOfOne && (tiny.d / 1e160 - 1).magnitude <= 2 * Double.ulpOfOne, "\(tiny.a)")
    let huge = try AffineTransform2D(a: 1e160, b: 0, c: 0, d: 1e160, tx: 1e160, ty: 0).inverted()
    #expect((huge.a / 1e-160 - 1).magnitude <= 2 * Double.ulpOfOne && (huge.tx + 1).magnitude <= 2 * Double.ulpOfOne, "\(huge.a) \(huge.tx)")
    // Ordinary transforms: the same bits as the plain formula (the scaling is by a power of two).
    var random = SeededGenerator(seed: 47)
    for _ in 0..<1_000 {
      let (a, b, c, d) = (
        Double.random(in: -3...3, using: &random), Double.random(in: -3...3, using: &random),
        Double.random(in: -3...3, using: &random), Double.random(in: -3...3, using: &random)
      )
      let (tx, ty) = (Double.random(in: -500...500, using: &random), Double.random(in: -500...500, using: &random))
      let det = a * d - b * c
      guard det.magnitude > 1e-6 else { continue }
      let inverse = try AffineTransform2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty).inverted()
      #expect(inverse.a == d / det && inverse.b == -b / det && inverse.c == -c / det && inverse.d == a / det)
      #expect(inverse.tx == (c * ty - d * tx) / det && inverse.ty == (b * tx - a * ty) / det)
    }
    #expect(throws: HarmonicError.self) { try AffineTransform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() }
    #expect(throws: HarmonicError.self) { try AffineTransform2D.scale(0, 1).inverted() }
  }

  @Test("a carousel's linear shrink below 0 or NaN changes nothing: the scale stays within [0, 1]")
  func carouselShrink() {
    for shrink in [-1.0, .nan, -.infinity] {
      var attributes = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      CarouselDecoration.linear(shrink: shrink).apply(to: &attributes, viewportCenter: 600, viewportExtent: 375, axis: .horizontal)
      #expect(attributes.transform.a == 1 && attributes.transform.d == 1, "shrink \(shrink): \(attributes.transform.a)")  // b78c276: 2.54, and 0 for NaN
    }
    var far = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    CarouselDecoration.linear(shrink: .infinity).apply(to: &far, viewportCenter: 600, viewportExtent: 375, axis: .horizontal)
    #expect(far.transform.a == 0)
  }

  @Test("a glide's hand-off refuses a minimum above its maximum; a NaN bound is no bound")
  func decayBounds() throws {
    let glide = try ValueDecay(value: 0.0, velocity: 800, rate: 0.998, start: .zero)
    // b78c276: accepted.
    #expect(throws: HarmonicError.self) { _ = try glide.handOff(minimum: SIMD2(10, 0), maximum: SIMD2(-10, 0), spring: .snappy) }
    #expect(glide.contactTick(maximum: SIMD2(.nan, 0)) == nil)
    let contact = try #require(glide.contactTick(maximum: SIMD2(100, 0)))
    #expect(contact > .zero && glide.value(at: contact) >= 100)
  }

  @Test("the range checks through _Check name the parameter and the interval, open or closed at each end")
  func rangeMessages() throws {
    #expect(refusal { _ = try SettleTolerance(value: 1, velocity: 0) }?.accepted == "within (0, +∞] (units/s)")
    #expect(refusal { _ = try Spring(duration: 0.5, bounce: -1) }! == ("bounce", "within (−1, 1]"))
    #expect(refusal { _ = try ScrollDeceleration(rate: 1, velocity: 10) }! == ("rate", "within (0, 1) (velocity factor per millisecond)"))
    #expect(refusal { _ = try CubicBezier(x1: 0.2, y1: 2e3, x2: 0.5, y2: 1) }! == ("y1", "finite with magnitude ≤ 1e3"))
    #expect(refusal { _ = try SnapLayout(starts: [0, 100], ends: [90, 80], contentExtent: 200, viewport: 100) }! == ("ends[1]", "≥ starts[1] = 100.0"))
    #expect(refusal { _ = try Spring(response: .nan, dampingRatio: 1) }! == ("response", "finite and > 0 (s)"))
    #expect(refusal { _ = try SpringChain(count: 0, value: 0.0, spring: .smooth) }! == ("count", "within [1, 100000]"))
  }
}
