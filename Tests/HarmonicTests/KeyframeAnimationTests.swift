import Foundation
import Harmonic
import Testing

@Suite("Keyframes: exact at every key, C¹ through them")
struct KeyframeAnimationTests {
  static func seconds(_ s: Double) -> AnimationTime { AnimationTime(ticks: Int64((s * Double(AnimationTime.ticksPerSecond)).rounded())) }

  static let keys: [KeyframeAnimation<CGPoint>.Key] = [
    .init(CGPoint(x: 100, y: 40), duration: 0.25, curve: .timing(.linear)),
    .init(CGPoint(x: 160, y: 220), duration: 0.4, curve: .spring(.bouncy)),
    .init(CGPoint(x: 20, y: 200), duration: 0.3, curve: .timing(.cubicBezier(.easeInOut)), stops: true),
    .init(CGPoint(x: 60, y: 60), duration: 0.5, curve: .spring(.smooth)),
  ]

  @Test("every key is reached exactly at its tick; from the last key on, exactly its value at rest")
  func exactKeys() throws {
    let track = try KeyframeAnimation(from: CGPoint(x: 0, y: 0), velocity: CGPoint(x: 300, y: -500), keys: Self.keys, start: Self.seconds(0.1))
    var tick = Self.seconds(0.1)
    for (i, key) in Self.keys.enumerated() {
      tick = tick + (try AnimationTime(seconds: key.duration))
      #expect(track.tick(ofKey: i) == tick)
      #expect(track.value(at: tick) == key.value, "key \(i)")
    }
    #expect(track.endTick == tick && track.endValue == CGPoint(x: 60, y: 60) && track.hasEnded(at: tick))
    #expect(track.value(at: tick + Self.seconds(3)) == CGPoint(x: 60, y: 60) && track.velocity(at: tick + Self.seconds(3)) == .zero)
    #expect(track.value(at: .zero) == .zero && track.velocity(at: Self.seconds(0.1)) == CGPoint(x: 300, y: -500))
  }

  @Test("C¹: the velocity carried into each key is the one carried out (difference quotients from both sides); a stop arrives at rest")
  func continuity() throws {
    let track = try KeyframeAnimation(from: CGPoint(x: 0, y: 0), velocity: CGPoint(x: 300, y: -500), keys: Self.keys)
    for i in 0..<(Self.keys.count - 1) {
      let key = try #require(track.tick(ofKey: i))
      let h = AnimationTime(ticks: 7_056)  // 10 µs: a difference quotient is off by about |acceleration|·h/2
      let (x0, xl, xr) = (track.value(at: key), track.value(at: key - h), track.value(at: key + h))
      let v = track.velocity(at: key)
      let left = (Double(x0.x) - Double(xl.x)) / h.seconds, right = (Double(xr.x) - Double(x0.x)) / h.seconds
      let scale = max(5, abs(Double(v.x)))
      #expect(abs(left - Double(v.x)) <= 2e-2 * scale && abs(right - Double(v.x)) <= 2e-2 * scale, "key \(i): \(left), \(v.x), \(right), \(v.y)")
      // The velocity is continuous: one tick either side.
      let (vl, vr) = (track.velocity(at: key - AnimationTime(ticks: 1)), track.velocity(at: key + AnimationTime(ticks: 1)))
      #expect(abs(Double(vl.y) - Double(vr.y)) <= 1e-3 * max(1, abs(Double(v.y))), "key \(i)")
      if Self.keys[i].stops { #expect(v == .zero) }
    }
  }

  @Test("a linear segment with a carried velocity is the cubic Hermite of its ends: a reference computed here")
  func hermiteReference() throws {
    // From 0 at 200 units/s to 100 in 0.5 s, linear, then on (so the
    // velocity out is the line's own, 200 units/s): the Hermite cubic with
    // end slopes v₀·T = 100 and Δ = 100 is the line itself.
    let straight = try KeyframeAnimation(
      from: 0.0, velocity: 200, keys: [.init(100.0, duration: 0.5, curve: .timing(.linear)), .init(300.0, duration: 1, curve: .timing(.linear))])
    for ms in stride(from: 0, through: 500, by: 25) {
      let t = Self.seconds(Double(ms) / 1000)
      #expect(abs(straight.value(at: t) - Double(ms) / 5) <= 1e-12)
    }
    // At rest into a linear segment: x(p) = Δ·p − Δ·p(1 − p)² (the launch
    // correction), velocity Δ/T at the end, carried on.
    let bent = try KeyframeAnimation(
      from: 0.0, keys: [.init(100.0, duration: 0.5, curve: .timing(.linear)), .init(300.0, duration: 1, curve: .timing(.linear))])
    for ms in stride(from: 0, through: 500, by: 25) {
      let p = Double(ms) / 500
      let reference = 100 * p - 100 * p * (1 - p) * (1 - p)
      #expect(abs(bent.value(at: Self.seconds(Double(ms) / 1000)) - reference) <= 1e-11, "\(ms) ms")
    }
    #expect(abs(bent.velocity(at: Self.seconds(0.5)) - 200) <= 1e-9)
  }

  @Test("a spring segment keeps the spring's own start and its own arrival velocity")
  func springSegment() throws {
    let track = try KeyframeAnimation(from: 0.0, velocity: 50, keys: [.init(100.0, duration: 0.3, curve: .spring(.snappy)), .init(0.0, duration: 1)])
    let free = try ValueAnimation(value: 0.0, velocity: 50, target: 100, spring: .snappy)
    let end = try #require(track.tick(ofKey: 0))
    #expect(abs(track.velocity(at: end) - free.velocity(at: end)) <= 1e-9 * max(1, abs(free.velocity(at: end))))
    #expect(abs(track.velocity(at: AnimationTime(ticks: 1)) - free.velocity(at: AnimationTime(ticks: 1))) <= 1e-6)
    #expect(track.value(at: end) == 100)
  }

  @Test("the same bits at 60 Hz, 120 Hz and irregular frames; a spring takes over C¹")
  func determinismAndHandOff() throws {
    let track = try KeyframeAnimation(from: CGPoint(x: 0, y: 0), keys: Self.keys)
    var reference: [Int64: (CGPoint, CGPoint)] = [:]
    var random = SeededGenerator(seed: 3)
    for schedule in [60, 120, 0] {
      var t: Int64 = 0
      while t < AnimationTime.ticksPerSecond * 2 {
        t += schedule > 0 ? AnimationTime.ticksPerSecond / Int64(schedule) : Int64.random(in: 1...30_000_000, using: &random)
        let common = t / (AnimationTime.ticksPerSecond / 60) * (AnimationTime.ticksPerSecond / 60)
        let state = (track.value(at: AnimationTime(ticks: common)), track.velocity(at: AnimationTime(ticks: common)))
        if let known = reference[common] {
          #expect(known.0 == state.0 && known.1 == state.1)
        } else {
          reference[common] = state
        }
      }
    }
    let at = Self.seconds(0.5)
    let spring = try track.handOff(to: CGPoint(x: 300, y: 300), with: .snappy, at: at)
    #expect(spring.value(at: at) == track.value(at: at) && spring.velocity(at: at) == track.velocity(at: at))
  }

  @Test("bad keys are refused, naming them")
  func badInput() {
    func name(_ body: () throws(HarmonicError) -> Void) -> String? {
      do throws(HarmonicError) {
        try body()
        return nil
      } catch {
        if case let .invalidParameter(name, _, _) = error { return name }
        return "\(error)"
      }
    }
    #expect(name { () throws(HarmonicError) in _ = try KeyframeAnimation(from: 0.0, keys: []) } == "keys.count")
    #expect(name { () throws(HarmonicError) in _ = try KeyframeAnimation(from: 0.0, keys: [.init(1.0, duration: 0)]) } == "keys[0].duration")
    #expect(
      name { () throws(HarmonicError) in _ = try KeyframeAnimation(from: 0.0, keys: [.init(1.0, duration: 1), .init(2.0, duration: .nan)]) }
        == "keys[1].duration")
    #expect(name { () throws(HarmonicError) in _ = try KeyframeAnimation(from: 0.0, keys: [.init(.infinity, duration: 1)]) } == "keys[0].value component 0")
    #expect(name { () throws(HarmonicError) in _ = try KeyframeAnimation(from: .nan, keys: [.init(1.0, duration: 1)]) } == "value component 0")
    #expect(
      name { () throws(HarmonicError) in _ = try KeyframeAnimation(from: 0.0, keys: [.init(1.0, duration: 1)], start: AnimationTime(ticks: .max - 10)) }
        == "keys[0].duration")
  }
}

@Suite("Cascades: entrances one after another, each holding its pose until its turn")
struct CascadeTests {
  static func seconds(_ s: Double) -> AnimationTime { KeyframeAnimationTests.seconds(s) }
  static let card = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(x: 20, y: 40, width: 100, height: 100))

  @Test("each element holds the pose until start + k·delay, then springs from rest; exactly its place at the end")
  func springCascade() throws {
    let cascade = try Cascade(style: .slide(x: 0, y: 60), delay: 0.05, progress: .spring(.snappy), start: Self.seconds(0.1))
    // A negative element is refused (it was taken as element 0: issue 69).
    #expect(throws: HarmonicError.self) { try cascade.progress(ofElement: -5) }
    let pose = LayoutUpdate(inserted: [Self.card.indexPath]).initialAttributes(appearing: Self.card, style: .slide(x: 0, y: 60))
    for k in 0..<4 {
      let begins = Self.seconds(0.1) + (try AnimationTime(seconds: 0.05 * Double(k)))
      #expect(try cascade.attributes(Self.card, ofElement: k, at: begins) == pose, "element \(k) at its start")
      #expect(try cascade.attributes(Self.card, ofElement: k, at: begins - AnimationTime(ticks: 1_000_000)) == pose)
      let progress = try cascade.progress(ofElement: k)
      #expect(progress.velocity(at: begins) == 0)
      let later = begins + Self.seconds(0.1)
      let p = progress.value(at: later)
      let mid = try cascade.attributes(Self.card, ofElement: k, at: later)
      #expect(abs(Double(mid.transform.ty) - 60 * (1 - p)) <= 1e-12 && abs(mid.alpha - p) <= 1e-15 && p > 0 && p < 1.2)
      let end = try #require(progress.endTick)
      #expect(try cascade.attributes(Self.card, ofElement: k, at: end + Self.seconds(5)) == Self.card)
    }
  }

  @Test("keyframes as an entrance: the progress reaches each key exactly; bad delays and far elements are refused")
  func keyframeCascade() throws {
    let keys: [KeyframeAnimation<Double>.Key] = [.init(1.1, duration: 0.2, curve: .timing(.cubicBezier(.easeOut))), .init(1, duration: 0.15)]
    let cascade = try Cascade(style: .scale(0.5), delay: 0.1, progress: .keyframes(keys))
    let second = try cascade.progress(ofElement: 1)
    #expect(second.value(at: Self.seconds(0.3)) == 1.1 && second.value(at: Self.seconds(0.45)) == 1)
    let over = try cascade.attributes(Self.card, ofElement: 1, at: Self.seconds(0.3))
    #expect(abs(over.transform.a - 1.05) <= 1e-12)
    #expect(throws: HarmonicError.self) { try Cascade(style: .fade, delay: -1) }
    #expect(throws: HarmonicError.self) { try Cascade(style: .fade, delay: .nan) }
    #expect(throws: HarmonicError.self) { try Cascade(style: .fade, delay: 60).progress(ofElement: Int.max) }
    #expect(throws: HarmonicError.self) { try Cascade(style: .scale(.nan), delay: 0.1) }
    #expect(throws: HarmonicError.self) { try Cascade(style: .flip(about: .y, perspective: 0), delay: 0.1) }
    // Keyframes that do not end at 1 would leave each element part-entered (issue 69).
    let halfway: [KeyframeAnimation<Double>.Key] = [.init(0.5, duration: 0.2)]
    #expect(throws: HarmonicError.self) { try Cascade(style: .fade, delay: 0.1, progress: .keyframes(halfway)) }
  }
}
