import Harmonic

/// One animation object per item, kept in a dictionary by index path and
/// ticked through a method call — the design of STTransitionLayout-style
/// code, with Harmonic's exact math so that only the design differs.
final class ItemAnimator {
  var motions: [SpringMotion]
  var values: [Double]

  init(motions: [SpringMotion]) {
    self.motions = motions
    self.values = Array(repeating: 0, count: motions.count)
  }

  func tick(at time: AnimationTime) {
    for channel in 0..<motions.count {
      values[channel] = motions[channel].state(at: time).value
    }
  }
}

struct IndexPath: Hashable {
  var section: Int
  var item: Int
}

struct Baseline {
  var animators: [IndexPath: ItemAnimator] = [:]

  init(items: Int, channels: Int) throws {
    for item in 0..<items {
      let motions = try (0..<channels).map { channel in
        try SpringMotion(
          spring: .bouncy, from: Double(item) * 0.37 + Double(channel) * 13,
          to: Double(item) * 0.41 - Double(channel) * 7,
          initialVelocity: (Double(item).truncatingRemainder(dividingBy: 17) - 8) * 50)
      }
      animators[IndexPath(section: 0, item: item)] = ItemAnimator(motions: motions)
    }
  }

  func tick(at time: AnimationTime) {
    for (_, animator) in animators { animator.tick(at: time) }
  }
}
