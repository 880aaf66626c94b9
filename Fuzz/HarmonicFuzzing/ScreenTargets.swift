import Foundation
import Harmonic

/// ``ScreenTransition`` from fuzzed screens and a fuzzed event sequence:
/// ids that repeat, frames on the edges of the accepted ranges (NaN,
/// ±∞, 1e12 and past it), progress outside [0, 1], velocities and times
/// anywhere. Promises: no trap or hang; a refused event changes nothing
/// (the elements shown are the same bits before and after); every element
/// shown is finite.
func fuzzScreen(_ input: inout FuzzInput) {
  func side() -> ScreenTransition<Int>.Side {
    var shown: [(id: Int, attributes: LayoutAttributes)] = []
    for _ in 0..<input.int(0...12) {
      let frame = CGRect(x: input.moderate(), y: input.moderate(), width: abs(input.moderate()), height: abs(input.moderate()))
      var attributes = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: frame)
      if input.byte() < 24 { attributes.alpha = input.double() }
      if input.byte() < 24 { attributes.center.x = input.double() }
      shown.append((id: input.int(0...15), attributes: attributes))
    }
    let places = Dictionary(shown.map { ($0.id + 100, $0.attributes) }, uniquingKeysWith: { a, _ in a })
    return ScreenTransition<Int>.Side(shown: shown) { places[$0] ?? places[$0 + 100] }
  }
  let (source, destination) = (side(), side())
  let container = CGSize(width: input.byte() < 16 ? input.double() : 390, height: 844)
  let reduced = input.bool()
  guard
    var transition = attempt({ () throws(HarmonicError) in
      try ScreenTransition(from: source, to: destination, container: container, springs: .shared(.snappy), reducesMotion: reduced)
    })
  else { return }
  func bits(_ transition: ScreenTransition<Int>) -> [UInt64] {
    transition.shown.flatMap { id, a in
      [Double(id), Double(a.center.x), Double(a.center.y), Double(a.size.width), Double(a.size.height), a.alpha].map(\.bitPattern)
    }
  }
  var ticks: Int64 = 0
  for _ in 0..<input.int(1...10) {
    // Mostly forward in time, sometimes anywhere (a time before the last is taken as the last).
    ticks = input.byte() < 32 ? Int64(truncatingIfNeeded: input.uint64()) : ticks + Int64(input.int(0...200)) * 1_000_000
    let time = AnimationTime(ticks: max(0, ticks))
    let before = bits(transition)
    var next = transition
    let refused: Bool
    switch input.int(0...4) {
    case 0: refused = attempt({ () throws(HarmonicError) in try next.setProgress(input.double(), at: time) }) == nil
    case 1: refused = attempt({ () throws(HarmonicError) in try next.finish(velocity: input.double(), at: time) }) == nil
    case 2: refused = attempt({ () throws(HarmonicError) in try next.cancel(velocity: input.double(), at: time) }) == nil
    case 3: refused = attempt({ () throws(HarmonicError) in try next.grab(at: time) }) == nil
    default: refused = attempt({ () throws(HarmonicError) in try next.advance(to: time) }) == nil
    }
    if refused {
      require(bits(next) == before, "screen: a refused event changed what is shown")
    } else {
      transition = next
    }
    for (id, a) in transition.shown {
      finite(Double(a.center.x), Double(a.center.y), Double(a.size.width), Double(a.size.height), a.alpha, what: "screen element \(id)")
    }
  }
}
