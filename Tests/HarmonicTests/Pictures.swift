import Foundation
import Testing

/// The DocC catalog's pictures that tests draw: each test compares what it
/// draws now with the committed SVG, and `HARMONIC_WRITE_PICTURES=1`
/// rewrites the file first.
enum Pictures {
  static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/Harmonic/Harmonic.docc/Resources")

  /// Expects `svg` to be the committed `name`.svg (written first when asked);
  /// `filter` is the `swift test --filter` that rewrites it.
  static func compare(_ svg: String, name: String, filter: String) throws {
    let file = resources.appendingPathComponent("\(name).svg")
    if ProcessInfo.processInfo.environment["HARMONIC_WRITE_PICTURES"] == "1" {
      try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
      try svg.write(to: file, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: file, encoding: .utf8)
    #expect(committed == svg, "\(name).svg is not what Harmonic draws now: HARMONIC_WRITE_PICTURES=1 swift test --filter \(filter)")
  }

  /// An SVG's opening: its size, a white ground, a bold title and a grey
  /// caption at `x`, with their baselines at `titleY` and `captionY`.
  static func header(width: Double, height: Double, title: String, caption: String, x: Int, titleY: Int, captionY: Int) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" \
    font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="12">
    <rect width="\(Int(width))" height="\(Int(height))" fill="#ffffff"/>
    <text x="\(x)" y="\(titleY)" font-size="14" font-weight="bold">\(title)</text>
    <text x="\(x)" y="\(captionY)" fill="#555555">\(caption)</text>

    """
  }
}
