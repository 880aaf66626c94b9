import Foundation
import HarmonicFuzzing
import Testing
import _AllocationCounter

/// The fuzzer's corpus (Fuzz/corpus, minimized with `scripts/fuzz --merge`)
/// replayed through the same checks libFuzzer runs: every input that ever
/// reached new code keeps its promise in every `swift test`.
@Suite("Fuzz corpus")
struct FuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

  // Under the sanitizers the replay is left to `scripts/fuzz` in CI, which
  // runs the whole corpus with AddressSanitizer in an optimized build (a debug
  // build under TSan takes 5 min). The malloc interposer's absence is how a
  // sanitized build is recognised, so off glibc the replay is skipped too.
  @Test(
    "every corpus input runs clean, and the corpus reaches every entry point",
    .enabled(if: harmonic_allocations_available() == 1, FuzzCorpusTests.skipReason))
  func replay() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: FuzzCorpusTests.corpus.path).sorted()
    #expect(names.count >= 100, "corpus has \(names.count) inputs")
    var reached = Set<Int>()
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: FuzzCorpusTests.corpus.appendingPathComponent(name)))
      if let first = bytes.first { reached.insert(Int(first) % HarmonicFuzz.corpusTargetNames.count) }
      HarmonicFuzz.run(bytes)  // traps on a broken promise
    }
    let missing = HarmonicFuzz.corpusTargetNames.indices.filter { !reached.contains($0) }.map { HarmonicFuzz.corpusTargetNames[$0] }
    #expect(missing.isEmpty, "no corpus input for \(missing)")
  }

  static var skipReason: Comment {
    #if canImport(Glibc)
    "skipped because this is a sanitized build: scripts/fuzz replays the corpus under AddressSanitizer instead"
    #else
    "skipped because the sanitizer check (the malloc interposer) is glibc-only"
    #endif
  }

  @Test("the empty input and one-byte inputs run clean")
  func emptyAndShortInputs() {
    // Every byte string is a complete input, including the empty one.
    HarmonicFuzz.run([])
    for target in 0..<HarmonicFuzz.targetNames.count { HarmonicFuzz.run([UInt8(target)]) }
  }
}
