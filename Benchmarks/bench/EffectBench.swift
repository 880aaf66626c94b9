import Foundation
import Harmonic

// Scroll-driven effects per frame: every visible element's phase and rate
// from columns (against the memory floor of the same streams), and a 3-D
// preset (cover flow: a turn in perspective and a scale) applied to every
// visible element's attributes, phase included (against a 120 Hz frame).
extension Suite {
  mutating func scrollEffects(count: Int) throws -> String {
    let frames = max(1, (quick ? 2_000_000 : 20_000_000) / count)
    let pitch = 220.0
    let centers = (0..<count).map { 110 + pitch * Double($0) }
    let extents = [Double](repeating: 200, count: count)
    let phase = try ScrollPhase(axis: .horizontal, scale: .pitch(pitch))
    var phases = [Double](repeating: 0, count: count), rates = [Double](repeating: 0, count: count)
    let columns = try measure {
      for i in 0..<frames {
        try phase.phases(
          centers: centers, extents: extents, offset: Double(i % 97), offsetVelocity: -1200, viewportExtent: 390, into: &phases, phaseVelocities: &rates)
      }
      blackHole(phases[count - 1] + rates[0])
    }
    let perFrame = (columns.median / Double(frames), columns.min / Double(frames), columns.max / Double(frames))
    record("scroll phases (columns)", "native", threads: 1, items: count, channels: 1, bytes: 32, perFrame)
    let streams = Floor(elements: count, reads: 2, writes: 2)
    let floor = measure { streams.run(threads: 1) }.median
    records[records.count - 1].floorFraction = floor / perFrame.0

    let layout = try GridLayout.carousel(count: count, itemSize: CGSize(width: 200, height: 300), spacing: 20, viewport: CGSize(width: 390, height: 844))
    let base = layout.allAttributes()
    var cards = base
    let effect = ScrollEffect.coverFlow()
    let rect = CGRect(x: 0, y: 0, width: 390, height: 844)
    let effectFrames = max(1, frames / 10)
    try effect.apply(to: &cards, in: rect, phase: phase, offsetVelocity: CGPoint(x: -1200, y: 0))  // checks once: the timed calls cannot throw
    let applied = measure {
      for _ in 0..<effectFrames {
        cards.withUnsafeMutableBufferPointer { out in
          base.withUnsafeBufferPointer { source in
            for k in 0..<out.count { out[k] = source[k] }
          }
        }
        _ = try? effect.apply(to: &cards, in: rect, phase: phase, offsetVelocity: CGPoint(x: -1200, y: 0))
      }
      blackHole(cards[count - 1].transform3D.m[0])
    }
    let effectFrame = (applied.median / Double(effectFrames), applied.min / Double(effectFrames), applied.max / Double(effectFrames))
    record("scroll effect, cover flow (phase + 3-D, attributes)", "native", threads: 1, items: count, channels: 1, bytes: 0, effectFrame)
    return String(
      format: "scroll effects, %d elements: phases %.1f µs (%.0f %% of the floor), cover flow on attributes %.1f µs (%.1f %% of a 120 Hz frame)",
      count, perFrame.0 / 1000, 100 * floor / perFrame.0, effectFrame.0 / 1000, 100 * effectFrame.0 / (1e9 / 120))
  }
}
