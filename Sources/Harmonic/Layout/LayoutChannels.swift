/// The channels of a layout item in a ``SpringBatch``, in this order:
/// center x, center y, width, height, a, b, c, d, tx, ty, alpha — and, with a
/// 3-D transform, its 16 entries m11…m44 (27 channels).
///
/// With ``TransformInterpolation/decomposed`` the transform channels hold the
/// decomposition instead of the matrix entries: a → scale x, b → scale y,
/// c → rotation (radians), d → skew, tx and ty unchanged
/// (``DecomposedAffineTransform``); of the 16 3-D channels, m11–m13 → scale
/// x, y, z, m21–m23 → skew xy, xz, yz, m31–m33 → rotation vector, and the
/// translation row and perspective column unchanged (``DecomposedTransform3D``).
public enum LayoutChannels {
  public static let centerX = 0, centerY = 1, width = 2, height = 3
  public static let a = 4, b = 5, c = 6, d = 7, tx = 8, ty = 9, alpha = 10
  /// m11 is channel 11, m44 channel 26.
  public static let transform3DStart = 11
  public static let count2D = 11
  public static let count3D = 27

  /// Channel-major values (`channel·N + item`) of `attributes`: a copy, exact.
  ///
  /// - Parameters:
  ///   - attributes: the items, in the batch's item order.
  ///   - include3D: add the 16 entries of the 3-D transform.
  ///   - transforms: matrix entries, or their decomposition.
  public static func values(
    of attributes: [LayoutAttributes], include3D: Bool = false, transforms: TransformInterpolation = .componentwise
  ) -> [Double] {
    var values = [Double](repeating: 0, count: attributes.count * (include3D ? count3D : count2D))
    values.withUnsafeMutableBufferPointer { _write(attributes, include3D: include3D, transforms: transforms, into: $0) }
    return values
  }

  /// ``values(of:include3D:transforms:)`` written into `values` (N·11 or
  /// N·27 long): the batch's columns are filled in place.
  static func _write(
    _ attributes: [LayoutAttributes], include3D: Bool, transforms: TransformInterpolation, into values: UnsafeMutableBufferPointer<Double>
  ) {
    let n = attributes.count
    precondition(values.count == n * (include3D ? count3D : count2D), "LayoutChannels._write: a column of the wrong size")
    attributes.withUnsafeBufferPointer { attributes in
      guard let base = attributes.baseAddress, let values = values.baseAddress else { return }
      for item in 0..<n { _write(base + item, item: item, count: n, include3D: include3D, transforms: transforms, into: values) }
    }
  }

  /// One item's channels, written at `channel·n + item` of `values` (which
  /// holds N·11 or N·27 values).
  @inline(__always)
  static func _write(
    _ element: UnsafePointer<LayoutAttributes>, item: Int, count n: Int, include3D: Bool, transforms: TransformInterpolation,
    into values: UnsafeMutablePointer<Double>
  ) {
    // Fields read in place through the pointer: a buffer's subscript
    // would copy the whole attributes value.
    let (center, size) = (element.pointee.center, element.pointee.size)
    values[centerX * n + item] = Double(center.x)
    values[centerY * n + item] = Double(center.y)
    values[width * n + item] = Double(size.width)
    values[height * n + item] = Double(size.height)
    values[alpha * n + item] = element.pointee.alpha
    let t = element.pointee.transform
    if transforms == .decomposed {
      let p = DecomposedAffineTransform(_unchecked: t)
      (values[a * n + item], values[b * n + item], values[c * n + item], values[d * n + item]) = (p.scaleX, p.scaleY, p.rotation, p.skew)
    } else {
      (values[a * n + item], values[b * n + item], values[c * n + item], values[d * n + item]) = (t.a, t.b, t.c, t.d)
    }
    (values[tx * n + item], values[ty * n + item]) = (t.tx, t.ty)
    if include3D {
      var m = element.pointee.transform3D.m
      if transforms == .decomposed {
        let p = DecomposedTransform3D(element.pointee.transform3D)
        for k in 0..<3 { (m[k], m[4 + k], m[8 + k]) = (p.scale[k], p.skew[k], p.rotation[k]) }
      }
      for k in 0..<16 { values[(transform3DStart + k) * n + item] = m[k] }
    }
  }

  /// The channels of `LayoutAttributes(indexPath:frame:)` with this center
  /// and size (every other field at its default), written as ``_write(_:item:count:include3D:transforms:into:)``
  /// writes them (the identity's transforms read the same either way).
  @inline(__always)
  static func _writePlain(
    center: CGPoint, size: CGSize, item: Int, count n: Int, include3D: Bool, into values: UnsafeMutablePointer<Double>
  ) {
    values[centerX * n + item] = Double(center.x)
    values[centerY * n + item] = Double(center.y)
    values[width * n + item] = Double(size.width)
    values[height * n + item] = Double(size.height)
    values[alpha * n + item] = 1
    (values[a * n + item], values[b * n + item], values[c * n + item], values[d * n + item]) = (1, 0, 0, 1)
    (values[tx * n + item], values[ty * n + item]) = (0, 0)
    if include3D {
      for k in 0..<16 { values[(transform3DStart + k) * n + item] = k % 5 == 0 ? 1 : 0 }
    }
  }

  /// Makes decomposed start and end values turn the shorter way: each end
  /// rotation is moved by whole turns to within π of its start (for 3-D, the
  /// end rotation vector or its equivalent with angle − 2π, whichever is
  /// nearer), and an element scaled to nothing at one end (both scales 0,
  /// so its rotation is undefined) takes the other end's rotation.
  static func _alignRotations(start: inout [Double], end: inout [Double], count n: Int, include3D: Bool) {
    guard n > 0 else { return }
    let twoPi = 2 * Double.pi
    for item in 0..<n {
      let (r, sx, sy) = (c * n + item, a * n + item, b * n + item)
      if start[sx] == 0 && start[sy] == 0 {
        start[r] = end[r]
      } else if end[sx] == 0 && end[sy] == 0 {
        end[r] = start[r]
      } else {
        end[r] += twoPi * ((start[r] - end[r]) / twoPi).rounded()
      }
      if include3D {
        let channel = { (k: Int) in (transform3DStart + k) * n + item }
        let scales = [0, 1, 2].map(channel), rotation = [8, 9, 10].map(channel)
        let degenerate = { (v: [Double]) in scales.allSatisfy { v[$0] == 0 } }
        if degenerate(start) {
          for k in rotation { start[k] = end[k] }
        } else if degenerate(end) {
          for k in rotation { end[k] = start[k] }
        } else {
          let e = SIMD3(end[rotation[0]], end[rotation[1]], end[rotation[2]])
          let s = SIMD3(start[rotation[0]], start[rotation[1]], start[rotation[2]])
          let angle = _Math.hypot(_Math.hypot(e.x, e.y), e.z)
          if angle > 0 {
            let other = e * ((angle - twoPi) / angle)
            let distance = { (v: SIMD3<Double>) in ((v - s) * (v - s)).sum() }
            if distance(other) < distance(e) {
              for (k, channel) in rotation.enumerated() { end[channel] = other[k] }
            }
          }
        }
      }
    }
  }

  /// Writes channel-major values back into `attributes` (the inverse of
  /// ``values(of:include3D:transforms:)``; index paths, kinds, zIndex and
  /// hidden stay). Decomposed transforms are recomposed.
  ///
  /// - Parameters:
  ///   - values: N·11 or N·27 channel-major values.
  ///   - attributes: the N elements to write into.
  ///   - transforms: how `values` holds the transforms.
  ///   - threads: the most workers to use (default: the cores); each gets at
  ///     least 100,000 values, so a small batch runs on one. The result is the
  ///     same bits for any count.
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `values.count` is not N·11 or N·27.
  public static func apply(
    _ values: [Double], to attributes: inout [LayoutAttributes], transforms: TransformInterpolation = .componentwise, threads: Int? = nil
  ) throws(HarmonicError) {
    let n = attributes.count
    guard n > 0, values.count == n * count2D || values.count == n * count3D else {
      throw .invalidParameter(name: "values.count", value: Double(values.count), accepted: "attributes.count × 11 or × 27 = \(n * count2D) or \(n * count3D)")
    }
    let has3D = values.count == n * count3D
    values.withUnsafeBufferPointer { v in
      attributes.withUnsafeMutableBufferPointer { out in
        // Every element from its own channels alone: the same bits for any split.
        let (source, target) = (_SendableBuffer(v), _SendableMutableBuffer(out))
        _Parallel.forEachItemRange(itemCount: n, elementCount: values.count, threads: threads) { range in
          _apply(source.buffer, to: target.buffer, items: range, count: n, has3D: has3D, transforms: transforms)
        }
      }
    }
  }

  /// ``apply(_:to:transforms:threads:)`` for the elements `items`.
  static func _apply(
    _ v: UnsafeBufferPointer<Double>, to out: UnsafeMutableBufferPointer<LayoutAttributes>, items: Range<Int>, count n: Int, has3D: Bool,
    transforms: TransformInterpolation
  ) {
    var first = items.lowerBound
    if !has3D && transforms == .componentwise, let base = v.baseAddress, let target = out.baseAddress {
      first = _apply2DComponentwise(base, to: target, items: items, count: n)
    }
    let fields = has3D ? _WrittenFields.threeD : _WrittenFields.twoD
    for item in first..<items.upperBound {
      if _writeAhead > 0 && item &+ _writeAhead < items.upperBound { fields.prefetch(out.baseAddress! + (item &+ _writeAhead)) }
      _apply(v, item: item, count: n, has3D: has3D, transforms: transforms, to: &out[item])
    }
  }

  /// How many elements ahead of the one being written
  /// ``apply(_:to:transforms:threads:)`` asks for the lines it will write:
  /// an element's first store otherwise waits for its lines, which the
  /// hardware prefetchers do not fetch ahead for stores 256 bytes apart. A
  /// transition frame at 100k elements on the EPYC, one thread: 1.37–1.56
  /// ms against 1.65–1.75 without (8 and 16 ahead: 1.56–1.57; 48:
  /// 1.38–1.40); this function alone, 2-D: 0.50 against 0.70–0.72 ms. The
  /// lines are found from the fields' offsets: an earlier try fetched each
  /// element's bytes 0 and 64, which in an array 16 bytes past a line hold
  /// one written line and one not written, and measured slower.
  static let _writeAhead = 32

  /// The parts of a ``LayoutAttributes`` that the channels write: center
  /// through alpha (88 contiguous bytes, at most three cache lines) and,
  /// with 3-D channels, the 128-byte 3-D transform.
  struct _WrittenFields {
    let first: Int, last: Int, transform3D: Int?

    private init(has3D: Bool) {
      let layout = MemoryLayout<LayoutAttributes>.self
      let (center, size) = (layout.offset(of: \.center)!, layout.offset(of: \.size)!)
      let (transform, alpha) = (layout.offset(of: \.transform)!, layout.offset(of: \.alpha)!)
      first = Swift.min(Swift.min(center, size), Swift.min(transform, alpha))
      last = Swift.max(Swift.max(center, size), Swift.max(transform, alpha)) + MemoryLayout<Double>.size - 1
      transform3D = has3D ? layout.offset(of: \.transform3D)! : nil
    }

    /// Measured once (frames allocate nothing).
    static let twoD = _WrittenFields(has3D: false), threeD = _WrittenFields(has3D: true)

    /// Asks for every cache line of `element` that the channels write.
    @inline(__always)
    func prefetch(_ element: UnsafeMutablePointer<LayoutAttributes>) {
      let base = UnsafeRawPointer(element)
      func lines(_ from: Int, _ to: Int) {
        var offset = from
        while offset < to {
          _StepBasisKernel.prefetchForWriting(base + offset)
          offset &+= 64
        }
        _StepBasisKernel.prefetchForWriting(base + to)
      }
      lines(first, last)
      if let transform3D { lines(transform3D, transform3D + MemoryLayout<Transform3D>.size - 1) }
    }
  }

  /// The common frame (2-D, componentwise transforms) four elements at a
  /// time: each channel read as one four-lane load, then four attributes
  /// written. Copies only, so the same bits as
  /// ``_apply(_:item:count:has3D:transforms:to:)``; at 100k elements on one
  /// thread 0.66–0.69 ms against 0.79–0.89 (fewer loads, no index check per
  /// element). With 3-D transforms the element-by-element loop measured
  /// the same as four at a time, and stays. Returns the first element left
  /// for that loop (fewer than four).
  @inline(__always)
  static func _apply2DComponentwise(
    _ v: UnsafePointer<Double>, to out: UnsafeMutablePointer<LayoutAttributes>, items: Range<Int>, count n: Int
  ) -> Int {
    var item = items.lowerBound
    let fields = _WrittenFields.twoD
    while item &+ 4 <= items.upperBound {
      if _writeAhead > 0 && item &+ _writeAhead &+ 4 <= items.upperBound {
        for j in 0..<4 { fields.prefetch(out + (item &+ _writeAhead &+ j)) }
      }
      func load(_ channel: Int) -> SIMD4<Double> {
        UnsafeRawPointer(v + (channel &* n &+ item)).loadUnaligned(as: SIMD4<Double>.self)
      }
      let (x, y, w, h) = (load(centerX), load(centerY), load(width), load(height))
      let (ta, tb, tc, td, ttx, tty) = (load(a), load(b), load(c), load(d), load(tx), load(ty))
      let opacity = load(alpha)
      for j in 0..<4 {
        let element = out + (item &+ j)
        element.pointee.center = CGPoint(x: x[j], y: y[j])
        element.pointee.size = CGSize(width: w[j], height: h[j])
        element.pointee.transform = AffineTransform2D(a: ta[j], b: tb[j], c: tc[j], d: td[j], tx: ttx[j], ty: tty[j])
        element.pointee.alpha = opacity[j]
      }
      item &+= 4
    }
    return item
  }

  /// Element `item`'s channels of `v` (N = `n` elements, channel-major)
  /// written into `attributes`: one element of ``apply(_:to:transforms:threads:)``.
  @inline(__always)
  static func _apply(
    _ v: UnsafeBufferPointer<Double>, item: Int, count n: Int, has3D: Bool, transforms: TransformInterpolation,
    to attributes: inout LayoutAttributes
  ) {
    attributes.center = CGPoint(x: v[centerX * n + item], y: v[centerY * n + item])
    attributes.size = CGSize(width: v[width * n + item], height: v[height * n + item])
    if transforms == .decomposed {
      attributes.transform =
        DecomposedAffineTransform(
          scaleX: v[a * n + item], scaleY: v[b * n + item], rotation: v[c * n + item],
          skew: v[d * n + item], tx: v[tx * n + item], ty: v[ty * n + item]
        ).transform
    } else {
      attributes.transform = AffineTransform2D(
        a: v[a * n + item], b: v[b * n + item], c: v[c * n + item], d: v[d * n + item],
        tx: v[tx * n + item], ty: v[ty * n + item])
    }
    attributes.alpha = v[alpha * n + item]
    if has3D {
      var m = SIMD16<Double>()
      for k in 0..<16 { m[k] = v[(transform3DStart + k) * n + item] }
      if transforms == .decomposed {
        let p = DecomposedTransform3D(
          scale: SIMD3(m[0], m[1], m[2]), skew: SIMD3(m[4], m[5], m[6]), rotation: SIMD3(m[8], m[9], m[10]),
          translation: SIMD3(m[12], m[13], m[14]), perspective: SIMD4(m[3], m[7], m[11], m[15]))
        m = p.transform.m
      }
      attributes.transform3D.m = m
    }
  }
}
