import Foundation

/// Throughput against item count, log–log, one line per backend and thread
/// count, as a standalone SVG.
enum Chart {
  static func svg(records: [Record], machine: String) -> String {
    let series: [(String, String, (Record) -> Bool)] = [
      ("native, 1 thread", "#1f77b4", { $0.operation == "value at tick" && $0.backend == "native" && $0.threads == 1 }),
      ("native, 2 threads", "#6baed6", { $0.operation == "value at tick" && $0.backend == "native" && $0.threads == 2 }),
      ("BLAS, 1 thread", "#d62728", { $0.operation == "value at tick" && $0.backend == "blas" && $0.threads == 1 }),
      ("BLAS, 2 threads", "#ff9896", { $0.operation == "value at tick" && $0.backend == "blas" && $0.threads == 2 }),
      ("per-item springs, native, 2 threads", "#2ca02c", { $0.operation == "value at tick, per-item springs" && $0.threads == 2 }),
      ("one object per item (baseline)", "#7f7f7f", { $0.backend == "per-object baseline" }),
    ]
    let points = series.map { name, color, include in
      (name, color, records.filter(include).map { (Double($0.items), $0.itemsPerSecond) }.sorted { $0.0 < $1.0 })
    }.filter { !$0.2.isEmpty }
    let xs = points.flatMap { $0.2.map(\.0) }, ys = points.flatMap { $0.2.map(\.1) }
    guard let xMin = xs.min(), let xMax = xs.max(), let yMinRaw = ys.min(), let yMaxRaw = ys.max() else { return "" }
    let x0 = floor(log10(xMin)), x1 = max(ceil(log10(xMax)), x0 + 1)
    let y0 = floor(log10(yMinRaw)), y1 = max(ceil(log10(yMaxRaw)), y0 + 1)
    let (width, height) = (920.0, 520.0)
    let (left, right, top, bottom) = (90.0, 300.0, 50.0, 70.0)
    let plotW = width - left - right, plotH = height - top - bottom
    func px(_ x: Double) -> Double { left + (log10(x) - x0) / (x1 - x0) * plotW }
    func py(_ y: Double) -> Double { top + plotH - (log10(y) - y0) / (y1 - y0) * plotH }
    func label(_ value: Double) -> String {
      switch value {
      case 1e9...: return "\(Int(value / 1e9))G"
      case 1e6...: return "\(Int(value / 1e6))M"
      case 1e3...: return "\(Int(value / 1e3))k"
      default: return "\(Int(value))"
      }
    }
    let scaling = scalingPanel(records: records, top: height)
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height + scaling.height))" font-family="Helvetica, Arial, sans-serif" font-size="13">
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(left)" y="24" font-size="16" font-weight="bold">Harmonic: spring values at a tick, 11 channels per item</text>
      <text x="\(left)" y="42" font-size="11" fill="#555">\(escape(machine))</text>

      """
    for decade in Int(x0)...Int(x1) {
      let x = px(pow(10, Double(decade)))
      svg += "<line x1=\"\(x)\" y1=\"\(top)\" x2=\"\(x)\" y2=\"\(top + plotH)\" stroke=\"#e5e5e5\"/>\n"
      svg += "<text x=\"\(x)\" y=\"\(top + plotH + 20)\" text-anchor=\"middle\">\(label(pow(10, Double(decade))))</text>\n"
    }
    for decade in Int(y0)...Int(y1) {
      let y = py(pow(10, Double(decade)))
      svg += "<line x1=\"\(left)\" y1=\"\(y)\" x2=\"\(left + plotW)\" y2=\"\(y)\" stroke=\"#e5e5e5\"/>\n"
      svg += "<text x=\"\(left - 8)\" y=\"\(y + 4)\" text-anchor=\"end\">\(label(pow(10, Double(decade))))</text>\n"
    }
    svg += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(plotW)\" height=\"\(plotH)\" fill=\"none\" stroke=\"#333\"/>\n"
    svg += "<text x=\"\(left + plotW / 2)\" y=\"\(height - 20)\" text-anchor=\"middle\">items (log scale)</text>\n"
    svg += "<text transform=\"translate(24 \(top + plotH / 2)) rotate(-90)\" text-anchor=\"middle\">items per second (log scale)</text>\n"
    for (index, (name, color, data)) in points.enumerated() {
      let path = data.map { "\(px($0.0)),\(py($0.1))" }.joined(separator: " ")
      svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2.5\"/>\n"
      for (x, y) in data { svg += "<circle cx=\"\(px(x))\" cy=\"\(py(y))\" r=\"3.5\" fill=\"\(color)\"/>\n" }
      let ly = top + 10 + Double(index) * 22
      svg += "<line x1=\"\(left + plotW + 15)\" y1=\"\(ly)\" x2=\"\(left + plotW + 40)\" y2=\"\(ly)\" stroke=\"\(color)\" stroke-width=\"2.5\"/>\n"
      svg += "<text x=\"\(left + plotW + 46)\" y=\"\(ly + 4)\" font-size=\"12\">\(escape(name))</text>\n"
    }
    return svg + scaling.svg + "</svg>\n"
  }

  /// The operations whose scaling is charted and tabulated: each at its
  /// largest item count measured at more than one thread count.
  static let scaledOperations: [(operation: String, color: String)] = [
    ("value at tick", "#1f77b4"), ("value + velocity", "#17becf"), ("bake 60 frames", "#9467bd"),
    ("propagator step", "#8c564b"), ("interpolate poses", "#bcbd22"), ("value at tick, per-item springs", "#2ca02c"),
    ("value at tick, distinct springs", "#98df8a"), ("transition frame", "#d62728"), ("transition frame, channel columns", "#ff9896"),
  ]

  /// Per operation: its item count and (threads, speedup over one thread),
  /// native backend, at the largest item count with several thread counts.
  static func scaling(records: [Record]) -> [(operation: String, color: String, items: Int, points: [(threads: Int, speedup: Double)])] {
    scaledOperations.compactMap { operation, color in
      let rows = records.filter { $0.operation == operation && $0.backend == "native" }
      let counts = Set(rows.map(\.items)).filter { items in rows.filter { $0.items == items }.count > 1 }
      guard let items = counts.max(), let one = rows.first(where: { $0.items == items && $0.threads == 1 }) else { return nil }
      let points = rows.filter { $0.items == items }.sorted { $0.threads < $1.threads }.map { ($0.threads, one.medianNanoseconds / $0.medianNanoseconds) }
      return (operation, color, items, points)
    }
  }

  /// The same as text: one line per operation.
  static func scalingTable(records: [Record]) -> String {
    let lines = scaling(records: records).map { row in
      let cells = row.points.map { String(format: "%d: %.2f×", $0.threads, $0.speedup) }.joined(separator: ", ")
      return
        "\(row.operation.padding(toLength: 36, withPad: " ", startingAt: 0)) \(String(row.items).padding(toLength: 9, withPad: " ", startingAt: 0)) \(cells)"
    }
    return (["speedup over one thread (native), at each operation's largest item count:"] + lines).joined(separator: "\n")
  }

  /// A second chart under the first: speedup over one thread against thread
  /// count, linear axes, with the ideal (speedup = threads) dashed.
  static func scalingPanel(records: [Record], top: Double) -> (svg: String, height: Double) {
    let rows = scaling(records: records)
    guard !rows.isEmpty else { return ("", 0) }
    let height = 460.0
    let (left, plotW, plotTop, plotH) = (90.0, 530.0, top + 50, 340.0)
    let maxThreads = Double(rows.flatMap { $0.points.map(\.threads) }.max() ?? 2)
    let maxSpeedup = max(2, ceil(rows.flatMap { $0.points.map(\.speedup) }.max() ?? 2), maxThreads)
    func px(_ t: Double) -> Double { left + (t - 1) / max(1, maxThreads - 1) * plotW }
    func py(_ s: Double) -> Double { plotTop + plotH - s / maxSpeedup * plotH }
    var svg =
      "<text x=\"\(left)\" y=\"\(top + 24)\" font-size=\"16\" font-weight=\"bold\">Scaling: speedup over one thread (native, largest item count)</text>\n"
    let threadTicks = Array(Set(rows.flatMap { $0.points.map(\.threads) })).sorted()
    for t in threadTicks {
      svg += "<line x1=\"\(px(Double(t)))\" y1=\"\(plotTop)\" x2=\"\(px(Double(t)))\" y2=\"\(plotTop + plotH)\" stroke=\"#e5e5e5\"/>\n"
      svg += "<text x=\"\(px(Double(t)))\" y=\"\(plotTop + plotH + 20)\" text-anchor=\"middle\">\(t)</text>\n"
    }
    let step = maxSpeedup <= 4 ? 0.5 : maxSpeedup <= 8 ? 1 : 2
    for s in stride(from: 0, through: maxSpeedup, by: step) {
      svg += "<line x1=\"\(left)\" y1=\"\(py(s))\" x2=\"\(left + plotW)\" y2=\"\(py(s))\" stroke=\"#e5e5e5\"/>\n"
      svg += "<text x=\"\(left - 8)\" y=\"\(py(s) + 4)\" text-anchor=\"end\">\(String(format: "%g", s))×</text>\n"
    }
    svg += "<rect x=\"\(left)\" y=\"\(plotTop)\" width=\"\(plotW)\" height=\"\(plotH)\" fill=\"none\" stroke=\"#333\"/>\n"
    let ideal = min(maxThreads, maxSpeedup)
    svg += "<line x1=\"\(px(1))\" y1=\"\(py(1))\" x2=\"\(px(ideal))\" y2=\"\(py(ideal))\" stroke=\"#999\" stroke-dasharray=\"6 4\"/>\n"
    svg += "<text x=\"\(left + plotW / 2)\" y=\"\(plotTop + plotH + 44)\" text-anchor=\"middle\">threads</text>\n"
    for (index, row) in rows.enumerated() {
      let path = row.points.map { "\(px(Double($0.threads))),\(py($0.speedup))" }.joined(separator: " ")
      svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(row.color)\" stroke-width=\"2.5\"/>\n"
      for point in row.points { svg += "<circle cx=\"\(px(Double(point.threads)))\" cy=\"\(py(point.speedup))\" r=\"3.5\" fill=\"\(row.color)\"/>\n" }
      let ly = plotTop + 10 + Double(index) * 22
      svg += "<line x1=\"\(left + plotW + 15)\" y1=\"\(ly)\" x2=\"\(left + plotW + 40)\" y2=\"\(ly)\" stroke=\"\(row.color)\" stroke-width=\"2.5\"/>\n"
      svg += "<text x=\"\(left + plotW + 46)\" y=\"\(ly + 4)\" font-size=\"12\">\(escape("\(row.operation), \(row.items)"))</text>\n"
    }
    return (svg, height)
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
  }
}
