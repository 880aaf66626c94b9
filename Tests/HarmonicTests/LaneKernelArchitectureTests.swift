import Foundation
import Testing

@testable import Harmonic

#if os(Linux) && arch(x86_64)
/// The C kernel of `_HarmonicLanes` built for aarch64 (its eight-lane
/// vectors become NEON) against the same source built here for x86-64, in
/// every variant this processor runs: `Tests/CrossArchitecture/lane_driver.c`
/// calls every entry point over the same inputs and writes every output;
/// the aarch64 build runs under qemu-user. `LaneKernelTests` shows the x86
/// variants equal to the Swift scalar path, so the same bits here carry that
/// to arm64 (iPhones, iPads, Apple silicon Macs).
///
/// Needs clang (the Swift toolchain's), `qemu-aarch64` and an aarch64 C
/// library (Debian: `qemu-user libc6-dev-arm64-cross libgcc-12-dev-arm64-cross`,
/// `scripts/bootstrap --arm64`). Without them the test is skipped, unless
/// `HARMONIC_REQUIRE_ARM64` is set (CI sets it), when it fails.
@Suite("Lane kernel on arm64")
struct LaneKernelArchitectureTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let qemu = "/usr/bin/qemu-aarch64"
  static let armLibrary = "/usr/aarch64-linux-gnu/lib/libc.a"
  static let required = ProcessInfo.processInfo.environment["HARMONIC_REQUIRE_ARM64"] != nil
  static let toolsPresent = FileManager.default.isExecutableFile(atPath: qemu) && FileManager.default.fileExists(atPath: armLibrary)

  /// Runs `arguments` (the first found on PATH); its status and stdout.
  static func run(_ arguments: [String], output: URL? = nil) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let err = Pipe()
    process.standardError = err
    if let output {
      FileManager.default.createFile(atPath: output.path, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: output)
    }
    try process.run()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
  }

  /// The driver's input: the constants, four bases per spring, the times
  /// and the streaming passes' columns, in the layout its header states.
  static func input(springs: [Spring], times: [Double], columns: [Double]) -> Data {
    var data = Data()
    func append<T>(_ values: [T]) { values.withUnsafeBytes { data.append(contentsOf: $0) } }
    append([Int64(springs.count), Int64(times.count), Int64(columns.count)])
    append((0..<128).flatMap { [_Math.expTableHi[$0], _Math.expTableLo[$0]] })
    append([
      _Math.expStepHi, _Math.expStepLo, _Math.expStepsPerUnit, _Math.twoOverPi, _Math.pio2p1, _Math.pio2p2, _Math.pio2p3, _Math.pio2p3t,
      _Math.sinS1, _Math.sinS2, _Math.sinS3, _Math.sinS4, _Math.sinS5, _Math.sinS6,
      _Math.cosC1, _Math.cosC2, _Math.cosC3, _Math.cosC4, _Math.cosC5, _Math.cosC6,
    ])
    append(
      springs.flatMap { spring -> [Double] in
        let b = spring._basis
        return [b.decayRate, b.omegaSquared, b.isOscillating ? -b.rootDiscriminant : b.rootDiscriminant, b.slowRate]
      })
    append(times)
    append(columns)
    return data
  }

  @Test(
    "the kernel built for arm64 writes the bits of every x86-64 build, for every entry point",
    .enabled(if: toolsPresent || required, "needs qemu-aarch64 and an aarch64 C library (scripts/bootstrap --arm64)"))
  func arm64MatchesX86() throws {
    try #require(Self.toolsPresent, "HARMONIC_REQUIRE_ARM64 is set, but \(Self.qemu) or \(Self.armLibrary) is missing")
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-lanes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }

    var springs = try LaneMathTests.springs(count: 2_000, seed: 16)
    springs.append(try Spring(response: 0.5, dampingRatio: 0.7))
    let times = [0, 1e-9, 1.0 / 120, 0.01, 0.05, 1.0 / 7, 0.3, 1, 5, 60, 3_600, 1e6]
    var random = SeededGenerator(seed: 68)
    let columns = (0..<(4 * 111 + 3 * 37)).map { _ in LaneKernelTests.mixedValue(&random, infinity: true) }
    let inputURL = work.appendingPathComponent("input.bin")
    try Self.input(springs: springs, times: times, columns: columns).write(to: inputURL)

    // One build per target and optimization level, from the package's own sources.
    let sources = [
      Self.root.appendingPathComponent("Sources/_HarmonicLanes/HarmonicLanes.c").path,
      Self.root.appendingPathComponent("Tests/CrossArchitecture/lane_driver.c").path,
    ]
    let include = ["-I", Self.root.appendingPathComponent("Sources/_HarmonicLanes/include").path]
    let builds: [(name: String, flags: [String])] = [
      ("x86_64-O2", ["-O2"]),
      ("aarch64-O2", ["--target=aarch64-linux-gnu", "-fuse-ld=lld", "-static", "-O2"]),
      ("aarch64-O0", ["--target=aarch64-linux-gnu", "-fuse-ld=lld", "-static", "-O0"]),
    ]
    for build in builds {
      let result = try Self.run(["clang"] + build.flags + include + sources + ["-o", work.appendingPathComponent(build.name).path])
      try #require(result.status == 0, "clang \(build.name): \(result.stderr)")
    }

    // Every x86-64 variant here, and the aarch64 builds (variant 0: the
    // baseline, the only one there), each under its own name.
    var runs: [(name: String, arguments: [String])] = (1..._LaneKernel.bestVariant).map {
      ("x86_64-O2 variant \($0)", [work.appendingPathComponent("x86_64-O2").path, inputURL.path, "\($0)"])
    }
    for name in ["aarch64-O2", "aarch64-O0"] {
      runs.append(("\(name) under qemu", [Self.qemu, work.appendingPathComponent(name).path, inputURL.path, "0"]))
    }
    var outputs: [(name: String, data: Data)] = []
    for (k, run) in runs.enumerated() {
      let file = work.appendingPathComponent("out-\(k).bin")
      let result = try Self.run(run.arguments, output: file)
      try #require(result.status == 0, "\(run.name) exited \(result.status): \(result.stderr)")
      outputs.append((run.name, try Data(contentsOf: file)))
    }

    let reference = outputs[0]
    let values = reference.data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
    // Not vacuous: the driver wrote every case, and most values are numbers.
    let layoutCount = _StepBasisKernel.layoutCount(springs.count)
    #expect(values.count > layoutCount + 400_000, "\(values.count) values")
    #expect(values.filter(\.isFinite).count * 10 > values.count * 9)
    // The first case (t = 0, five slots, the whole batch) against the Swift scalar path.
    let n = springs.count
    let first = values[(layoutCount + 1)..<(layoutCount + 1 + 5 * n)]
    for j in 0..<n where !first[first.startIndex + j].isNaN {
      let e = springs[j]._basis.stepBasis(times[0])
      #expect(first[first.startIndex + n + j].bitPattern == e.step.bitPattern, "spring \(j): P")
    }
    // The same bits everywhere, except the sign of a NaN that an invalid
    // operation makes (∞ − ∞, 0·∞, from the ∞ inputs of the streaming
    // passes): x86's default NaN has its sign bit set, arm64's does not.
    // Harmonic's checked inputs never make one.
    var defaultNaNs = 0
    for output in outputs.dropFirst() {
      let other = output.data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
      try #require(other.count == values.count, "\(output.name) wrote \(other.count) values, \(reference.name) \(values.count)")
      var differences: [Int] = []
      for k in values.indices where values[k].bitPattern != other[k].bitPattern {
        if values[k].isNaN && other[k].isNaN && values[k].bitPattern & ~(1 << 63) == other[k].bitPattern & ~(1 << 63) {
          if output.name.hasPrefix("aarch64") { defaultNaNs += 1 }
        } else {
          differences.append(k)
        }
      }
      #expect(
        differences.isEmpty,
        "\(output.name): \(differences.count) values differ from \(reference.name), first at \(differences.first ?? -1): \(differences.prefix(1).map { (values[$0], other[$0]) })"
      )
    }
    print(
      "lane kernel on arm64: \(runs.map(\.name).joined(separator: ", ")) wrote the same \(values.count) doubles;"
        + " NaNs from invalid operations on ∞ inputs differ only in sign (\(defaultNaNs) over the aarch64 runs)")
  }

  @Test("flush-to-zero and denormals-are-zero on the calling thread change the bits: Harmonic assumes they are off")
  func flushToZeroChangesTheBits() throws {
    #if arch(x86_64)
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-ftz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let springs = try LaneMathTests.springs(count: 500, seed: 70)
    var random = SeededGenerator(seed: 70)
    let columns = (0..<(4 * 111 + 3 * 37)).map { _ in LaneKernelTests.mixedValue(&random, infinity: false) }
    let inputURL = work.appendingPathComponent("input.bin")
    try Self.input(springs: springs, times: [0, 1.0 / 120, 0.3, 5, 700, 1e6], columns: columns).write(to: inputURL)
    let sources = [
      Self.root.appendingPathComponent("Sources/_HarmonicLanes/HarmonicLanes.c").path,
      Self.root.appendingPathComponent("Tests/CrossArchitecture/lane_driver.c").path,
    ]
    let binary = work.appendingPathComponent("driver").path
    let built = try Self.run(["clang", "-O2", "-I", Self.root.appendingPathComponent("Sources/_HarmonicLanes/include").path] + sources + ["-o", binary])
    try #require(built.status == 0, "clang: \(built.stderr)")
    func values(_ extra: [String]) throws -> [Double] {
      let file = work.appendingPathComponent("out-\(extra.count).bin")
      let result = try Self.run([binary, inputURL.path, "1"] + extra, output: file)
      try #require(result.status == 0, "driver \(extra): \(result.stderr)")
      return try Data(contentsOf: file).withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
    }
    let (normal, flushed) = (try values([]), try values(["ftz"]))
    try #require(normal.count == flushed.count && normal.count > 10_000)
    let differing = normal.indices.filter { normal[$0].bitPattern != flushed[$0].bitPattern }
    // Subnormal inputs and results read as 0 under the flags: values that were subnormal, or computed from one, change.
    #expect(!differing.isEmpty, "the flags changed nothing: the inputs hold no subnormal")
    let subnormal = differing.filter { normal[$0].isSubnormal || flushed[$0] == 0 }.count
    #expect(subnormal * 2 >= differing.count, "\(differing.count) of \(normal.count) differ, \(subnormal) of them subnormal or flushed")
    print("flush-to-zero: \(differing.count) of \(normal.count) doubles differ, \(subnormal) subnormal before or zero after")
    #endif
  }
}
#endif
