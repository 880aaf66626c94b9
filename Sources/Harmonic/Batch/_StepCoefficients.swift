/// The five coefficients of each spring group at one time — R, P, Ŝ (value)
/// and Ĉ, −Ŝ (velocity), placed by `Layout` — two groups of one regime at a
/// time through `_SpringBasisLanes`, the rest through the scalar
/// `stepBasis`: the same bits either way, and for any split of the groups.
enum _StepCoefficients {
  /// Where group g's slot s goes.
  enum Layout {
    /// At `5·g + s` (the frame's per-group coefficients).
    case groupMajor
    /// At `s·count + (g − first)`: a block of items' coefficients, one
    /// array per slot, when group g is item g.
    case slotMajor(count: Int, first: Int)
  }

  /// Writes the coefficients of `groups[range]` at `t` seconds after the
  /// origin: each group waits for the next of its regime, and the two take
  /// the lanes together (a regime's last odd group is computed alone).
  static func write(_ groups: _SendableBuffer<_SpringGroup>, _ range: Range<Int>, at t: Double, into coefficients: _SendablePointer, layout: Layout) {
    var waiting = (oscillating: -1, other: -1)
    for index in range {
      let isOscillating = groups[index].spring._basis.isOscillating
      let partner = isOscillating ? waiting.oscillating : waiting.other
      if partner < 0 {
        if isOscillating { waiting.oscillating = index } else { waiting.other = index }
        continue
      }
      if isOscillating { waiting.oscillating = -1 } else { waiting.other = -1 }
      let lanes = _SpringBasisLanes(groups[partner].spring._basis, groups[index].spring._basis)
      let (c, s, remaining, step, scalar) = lanes.stepBasis(_Lanes(repeating: t))
      for lane in 0..<2 {
        let group = lane == 0 ? partner : index
        if scalar[lane] {
          writeScalar(group, groups, at: t, into: coefficients, layout: layout)
        } else {
          store(group, c: c[lane], s: s[lane], remaining: remaining[lane], step: step[lane], into: coefficients, layout: layout)
        }
      }
    }
    if waiting.oscillating >= 0 { writeScalar(waiting.oscillating, groups, at: t, into: coefficients, layout: layout) }
    if waiting.other >= 0 { writeScalar(waiting.other, groups, at: t, into: coefficients, layout: layout) }
  }

  @inline(__always)
  static func writeScalar(_ index: Int, _ groups: _SendableBuffer<_SpringGroup>, at t: Double, into coefficients: _SendablePointer, layout: Layout) {
    let (c, s, remaining, step) = groups[index].spring._basis.stepBasis(t)
    store(index, c: c, s: s, remaining: remaining, step: step, into: coefficients, layout: layout)
  }

  @inline(__always)
  static func store(_ index: Int, c: Double, s: Double, remaining: Double, step: Double, into coefficients: _SendablePointer, layout: Layout) {
    let (first, stride) =
      switch layout {
      case .groupMajor: (5 * index, 1)
      case .slotMajor(let count, let first): (index - first, count)
      }
    coefficients[first] = remaining
    coefficients[first + stride] = step
    coefficients[first + 2 * stride] = s
    coefficients[first + 3 * stride] = c
    coefficients[first + 4 * stride] = -s
  }
}
