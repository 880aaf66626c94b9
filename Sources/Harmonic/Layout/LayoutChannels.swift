/// The channels of a layout item in a ``SpringBatch``, in this order:
/// center x, center y, width, height, a, b, c, d, tx, ty, alpha — and, with a
/// 3-D transform, its 16 entries m11…m44 (27 channels).
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
  public static func values(of attributes: [LayoutAttributes], include3D: Bool = false) -> [Double] {
    let n = attributes.count
    let channels = include3D ? count3D : count2D
    var values = [Double](repeating: 0, count: n * channels)
    for (item, element) in attributes.enumerated() {
      let t = element.transform
      let row = [Double(element.center.x), Double(element.center.y), Double(element.size.width), Double(element.size.height),
                 t.a, t.b, t.c, t.d, t.tx, t.ty, element.alpha]
      for channel in 0..<count2D { values[channel * n + item] = row[channel] }
      if include3D {
        for k in 0..<16 { values[(transform3DStart + k) * n + item] = element.transform3D.m[k] }
      }
    }
    return values
  }

  /// Writes channel-major values back into `attributes` (the inverse of
  /// ``values(of:include3D:)``; index paths, kinds, zIndex and hidden stay).
  ///
  /// - Throws: ``HarmonicError/invalidParameter(name:value:accepted:)`` when
  ///   `values.count` is not N·11 or N·27.
  public static func apply(_ values: [Double], to attributes: inout [LayoutAttributes]) throws(HarmonicError) {
    let n = attributes.count
    guard n > 0, values.count == n * count2D || values.count == n * count3D else {
      throw .invalidParameter(name: "values.count", value: Double(values.count), accepted: "attributes.count × 11 or × 27 = \(n * count2D) or \(n * count3D)")
    }
    let has3D = values.count == n * count3D
    values.withUnsafeBufferPointer { v in
      attributes.withUnsafeMutableBufferPointer { out in
        for item in 0..<n {
          out[item].center = CGPoint(x: v[centerX * n + item], y: v[centerY * n + item])
          out[item].size = CGSize(width: v[width * n + item], height: v[height * n + item])
          out[item].transform = AffineTransform2D(a: v[a * n + item], b: v[b * n + item], c: v[c * n + item], d: v[d * n + item],
                                                  tx: v[tx * n + item], ty: v[ty * n + item])
          out[item].alpha = v[alpha * n + item]
          if has3D {
            for k in 0..<16 { out[item].transform3D.m[k] = v[(transform3DStart + k) * n + item] }
          }
        }
      }
    }
  }
}
