import Harmonic

/// SVG charts of spring step responses: value and velocity against time,
/// the settle band and settle time, the overshoot, several springs overlaid.
public enum SpringPlot {
  /// One curve to draw.
  public struct Series: Sendable {
    public var label: String
    public var spring: Spring
    /// Initial velocity in distances per second (0: from rest).
    public var relativeVelocity: Double
    /// Optional data points drawn as dots (e.g. the samples a fit matched), normalized.
    public var points: [SpringFit.Sample]

    public init(label: String, spring: Spring, relativeVelocity: Double = 0, points: [SpringFit.Sample] = []) {
      self.label = label
      self.spring = spring
      self.relativeVelocity = relativeVelocity
      self.points = points
    }
  }

  static let colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]

  /// An SVG with two panels — value (normalized step 0 → 1) and velocity
  /// (1/s) against time (s) — for each series, with the ±`tolerance` settle
  /// band around 1, each settle time as a dashed line, each overshoot peak
  /// marked, and a legend.
  ///
  /// - Throws: `HarmonicError/invalidParameter(name:value:accepted:)` for no
  ///   series or more than 8, a tolerance outside (0, 1], or
  ///   a data point with a time outside [0, 1e12] s or a non-finite value (or
  ///   one beyond ±1e100).
  public static func svg(_ series: [Series], tolerance: Double = 0.001, title: String = "Spring step response") throws(HarmonicError) -> String {
    guard !series.isEmpty, series.count <= colors.count else {
      throw .invalidParameter(name: "series.count", value: Double(series.count), accepted: "1...\(colors.count)")
    }
    guard tolerance > 0, tolerance <= 1 else {  // a band wider than the step itself says nothing (and 1e308 made it infinite)
      throw .invalidParameter(name: "tolerance", value: tolerance, accepted: "within (0, 1] (fraction of the step)")
    }
    let band = try SettleTolerance(value: tolerance)
    for (index, item) in series.enumerated() {
      for (k, point) in item.points.enumerated() {
        try _Check.time(point.time, "series[\(index)].points[\(k)].time")
        try _Check.finiteMagnitude(point.value, "series[\(index)].points[\(k)].value", unit: "progress")
      }
    }
    var curves: [(Series, SpringMotion, Double, [(Double, Double, Double)])] = []
    var horizon = 0.0
    for item in series {
      let motion = try SpringMotion(spring: item.spring, from: 0, to: 1, initialVelocity: item.relativeVelocity)
      let settle = motion.endTime(within: band)
      horizon = max(horizon, settle.isFinite ? settle * 1.25 : 5 * item.spring.response, item.points.last?.time ?? 0)
      curves.append((item, motion, settle, []))
    }
    horizon = max(horizon, 1e-6)
    var valueRange = (0.0, 1.0), velocityRange = (0.0, 0.0)
    for index in curves.indices {
      let motion = curves[index].1
      curves[index].3 = (0...600).map { i in
        let t = horizon * Double(i) / 600
        let state = motion._state(atSeconds: t)
        return (t, state.value, state.velocity)
      }
      for (_, value, velocity) in curves[index].3 {
        valueRange = (min(valueRange.0, value), max(valueRange.1, value))
        velocityRange = (min(velocityRange.0, velocity), max(velocityRange.1, velocity))
      }
      for point in curves[index].0.points { valueRange = (min(valueRange.0, point.value), max(valueRange.1, point.value)) }
    }
    let pad = (valueRange.1 - valueRange.0) * 0.06
    valueRange = (valueRange.0 - pad, valueRange.1 + pad)
    let vpad = max((velocityRange.1 - velocityRange.0) * 0.06, 1e-9)
    velocityRange = (velocityRange.0 - vpad, velocityRange.1 + vpad)

    let (width, left, right) = (900.0, 80.0, 240.0)
    let plotW = width - left - right
    let valuePanel = (top: 60.0, height: 300.0), velocityPanel = (top: 420.0, height: 180.0)
    let height = 660.0
    func x(_ t: Double) -> Double { left + t / horizon * plotW }
    func y(_ v: Double, _ panel: (top: Double, height: Double), _ range: (Double, Double)) -> Double {
      panel.top + panel.height - (v - range.0) / (range.1 - range.0) * panel.height
    }
    func fmt(_ v: Double) -> String { String(format: "%.2f", v) }
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(left)" y="28" font-size="16" font-weight="bold">\(escape(title))</text>

      """
    // Axes, ticks and labels.
    let timeStep = niceStep(horizon / 8)
    for (panel, range, label) in [(valuePanel, valueRange, "value (step from 0 to 1)"), (velocityPanel, velocityRange, "velocity (1/s)")] {
      svg += "<rect x=\"\(left)\" y=\"\(panel.top)\" width=\"\(plotW)\" height=\"\(panel.height)\" fill=\"none\" stroke=\"#333\"/>\n"
      // Ticks by index (a nice step gives at most ~10 of them), never by
      // accumulating a step that rounding could swallow.
      for k in 0...16 {
        let t = Double(k) * timeStep
        guard t <= horizon + 1e-12 else { break }
        svg += "<line x1=\"\(fmt(x(t)))\" y1=\"\(panel.top)\" x2=\"\(fmt(x(t)))\" y2=\"\(panel.top + panel.height)\" stroke=\"#eee\"/>\n"
        svg +=
          "<text x=\"\(fmt(x(t)))\" y=\"\(panel.top + panel.height + 16)\" text-anchor=\"middle\">\(String(format: "%g", (t * 1e6).rounded() / 1e6))</text>\n"
      }
      let step = niceStep((range.1 - range.0) / 6)
      let first = (range.0 / step).rounded(.up)
      for k in 0...16 {
        let v = (first + Double(k)) * step
        guard v <= range.1 else { break }
        svg += "<line x1=\"\(left)\" y1=\"\(fmt(y(v, panel, range)))\" x2=\"\(left + plotW)\" y2=\"\(fmt(y(v, panel, range)))\" stroke=\"#eee\"/>\n"
        svg +=
          "<text x=\"\(left - 6)\" y=\"\(fmt(y(v, panel, range) + 4))\" text-anchor=\"end\">\(String(format: "%g", (v * 1e6).rounded() / 1e6 + 0))</text>\n"
      }
      svg += "<text transform=\"translate(22 \(panel.top + panel.height / 2)) rotate(-90)\" text-anchor=\"middle\">\(escape(label))</text>\n"
      svg += "<text x=\"\(left + plotW / 2)\" y=\"\(panel.top + panel.height + 34)\" text-anchor=\"middle\">time (s)</text>\n"
    }
    // Settle band around 1 (drawn at least 2 px tall so it can be seen).
    let bandTop = y(1 + tolerance, valuePanel, valueRange), bandBottom = y(1 - tolerance, valuePanel, valueRange)
    let bandHeight = max(bandBottom - bandTop, 2)
    svg +=
      "<rect x=\"\(left)\" y=\"\(fmt((bandTop + bandBottom) / 2 - bandHeight / 2))\" width=\"\(plotW)\" height=\"\(fmt(bandHeight))\" fill=\"#999\" fill-opacity=\"0.35\"/>\n"
    svg +=
      "<text x=\"\(left + plotW - 4)\" y=\"\(fmt(bandTop - 5))\" text-anchor=\"end\" fill=\"#555\" font-size=\"11\">settle band 1 ± \(String(format: "%g", tolerance))</text>\n"
    svg +=
      "<line x1=\"\(left)\" y1=\"\(fmt(y(0, velocityPanel, velocityRange)))\" x2=\"\(left + plotW)\" y2=\"\(fmt(y(0, velocityPanel, velocityRange)))\" stroke=\"#999\"/>\n"
    for (index, (item, _, settle, points)) in curves.enumerated() {
      let color = colors[index]
      let valuePath = points.map { "\(fmt(x($0.0))),\(fmt(y($0.1, valuePanel, valueRange)))" }.joined(separator: " ")
      let velocityPath = points.map { "\(fmt(x($0.0))),\(fmt(y($0.2, velocityPanel, velocityRange)))" }.joined(separator: " ")
      svg += "<polyline points=\"\(valuePath)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
      svg += "<polyline points=\"\(velocityPath)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
      for sample in item.points {
        svg +=
          "<circle cx=\"\(fmt(x(sample.time)))\" cy=\"\(fmt(y(sample.value, valuePanel, valueRange)))\" r=\"2.2\" fill=\"none\" stroke=\"\(color)\" stroke-opacity=\"0.7\"/>\n"
      }
      if settle.isFinite, settle <= horizon {
        svg +=
          "<line x1=\"\(fmt(x(settle)))\" y1=\"\(valuePanel.top)\" x2=\"\(fmt(x(settle)))\" y2=\"\(valuePanel.top + valuePanel.height)\" stroke=\"\(color)\" stroke-dasharray=\"5 4\"/>\n"
      }
      var overshootText = "no overshoot"
      if let peak = points.max(by: { $0.1 < $1.1 }), peak.1 > 1 + tolerance {
        svg += "<circle cx=\"\(fmt(x(peak.0)))\" cy=\"\(fmt(y(peak.1, valuePanel, valueRange)))\" r=\"4\" fill=\"\(color)\"/>\n"
        overshootText = "overshoot " + String(format: "%.1f", (peak.1 - 1) * 100) + " %"
      }
      let ly = valuePanel.top + 10 + Double(index) * 56
      svg += "<line x1=\"\(left + plotW + 14)\" y1=\"\(ly)\" x2=\"\(left + plotW + 38)\" y2=\"\(ly)\" stroke=\"\(color)\" stroke-width=\"2.5\"/>\n"
      let label = item.label.count > 24 ? String(item.label.prefix(23)) + "…" : item.label
      svg += "<text x=\"\(left + plotW + 44)\" y=\"\(ly + 4)\">\(escape(label))</text>\n"
      let detail = String(format: "ζ %.3f, response %.3f s", item.spring.dampingRatio, item.spring.response)
      svg += "<text x=\"\(left + plotW + 44)\" y=\"\(ly + 19)\" fill=\"#555\" font-size=\"11\">\(detail)</text>\n"
      let settleText = settle.isFinite ? "settles " + String(format: "%.3f", settle) + " s" : "never settles"
      svg += "<text x=\"\(left + plotW + 44)\" y=\"\(ly + 33)\" fill=\"#555\" font-size=\"11\">\(overshootText), \(settleText)</text>\n"
    }
    return svg + "</svg>\n"
  }

  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    // The largest power of ten ≤ raw, found by exact comparisons.
    var exponent = 0
    while exponent < 308, powerOfTen(exponent + 1) <= raw { exponent += 1 }
    while exponent > -323, powerOfTen(exponent) > raw { exponent -= 1 }
    let magnitude = powerOfTen(exponent)
    for factor in [1.0, 2, 2.5, 5, 10] where factor * magnitude >= raw { return factor * magnitude }
    return 10 * magnitude
  }

  /// 10ⁿ: exact for 0 ≤ n ≤ 22, correctly rounded for −22 ≤ n < 0 (one
  /// division of exact values), monotone in n and within a few ulps beyond.
  static func powerOfTen(_ n: Int) -> Double {
    var power = 1.0
    for _ in 0..<min(n.magnitude, 22) { power *= 10 }
    if n >= 0 {
      for _ in 22..<max(22, n) { power *= 10 }
      return power
    }
    var reciprocal = 1 / power
    for _ in 22..<max(22, -n) { reciprocal /= 10 }
    return reciprocal
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
  }
}
