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
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="13">
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
    return svg + "</svg>\n"
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
  }
}
