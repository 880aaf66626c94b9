/// The five coefficients of one spring group at one time — R, P, Ŝ (value)
/// and Ĉ, −Ŝ (velocity), placed by `Layout` — through the scalar
/// `stepBasis`: for the springs the lane kernel (`_LaneKernel`) leaves,
/// with the same bits as the kernel's.
enum _StepCoefficients {
  /// Where group g's slot s goes.
  enum Layout {
    /// At `5·g + s` (the frame's per-group coefficients).
    case groupMajor
    /// At `s·count + (g − first)`: a block of items' coefficients, one
    /// array per slot, when group g is item g.
    case slotMajor(count: Int, first: Int)
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
