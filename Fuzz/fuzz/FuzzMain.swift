import Foundation
import HarmonicFuzzing

/// HARMONIC_FUZZ_TARGETS (names, or `fast` / `slow`): the entry points to
/// run; inputs found in a restricted run replay only with the same setting.
nonisolated(unsafe) var selectedTargets: [Int]? = nil

func environmentSelection() -> [Int]? {
  guard let list = ProcessInfo.processInfo.environment["HARMONIC_FUZZ_TARGETS"] else { return nil }
  let (indices, unknown) = HarmonicFuzz.selection(list)
  if let unknown {
    FileHandle.standardError.write(Data("fuzz: unknown target \(unknown); targets: \(HarmonicFuzz.targetNames.joined(separator: ", ")), or fast, slow\n".utf8))
    exit(2)
  }
  FileHandle.standardError.write(Data("fuzz: targets \((indices ?? []).map { HarmonicFuzz.targetNames[$0] }.joined(separator: ", "))\n".utf8))
  return indices
}

#if HARMONIC_LIBFUZZER
// Built by scripts/fuzz with -sanitize=fuzzer. SwiftPM gives every executable
// its own entry point (renamed from main), so rather than libFuzzer's main()
// this one hands the command line to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum FuzzDriver {
  static func main() {
    selectedTargets = environmentSelection()
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
      HarmonicFuzz.run(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)), among: selectedTargets)
      return 0
    }
    exit(status)
  }
}
#else
/// Without libFuzzer: replays inputs (files, or directories of files) through
/// the same checks, e.g. `swift run fuzz Fuzz/corpus` or a crash file.
/// `--profile` first prints the time spent per entry point.
@main
enum FuzzReplay {
  static func main() {
    selectedTargets = environmentSelection()
    var paths = Array(CommandLine.arguments.dropFirst())
    let profile = paths.first == "--profile"
    if profile { paths.removeFirst() }
    guard !paths.isEmpty else {
      FileHandle.standardError.write(Data("usage: fuzz [--profile] FILE_OR_DIRECTORY...\n(build with scripts/fuzz to fuzz)\n".utf8))
      exit(2)
    }
    var spent: [String: (inputs: Int, seconds: Double)] = [:]
    var slowest: [(seconds: Double, file: String)] = []
    var count = 0
    for path in paths {
      for file in files(at: path) {
        guard let data = FileManager.default.contents(atPath: file) else {
          FileHandle.standardError.write(Data("fuzz: cannot read \(file)\n".utf8))
          exit(2)
        }
        let bytes = [UInt8](data)
        let start = DispatchTime.now().uptimeNanoseconds
        HarmonicFuzz.run(bytes, among: selectedTargets)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let name = HarmonicFuzz.targetName(of: bytes, among: selectedTargets)
        spent[name, default: (0, 0)].inputs += 1
        spent[name, default: (0, 0)].seconds += seconds
        slowest = Array((slowest + [(seconds, file)]).sorted { $0.seconds > $1.seconds }.prefix(5))
        count += 1
      }
    }
    if profile {
      for (name, entry) in spent.sorted(by: { $0.value.seconds > $1.value.seconds }) {
        print(
          "\(name): \(entry.inputs) inputs, \(String(format: "%.3f", entry.seconds)) s, \(String(format: "%.0f", Double(entry.inputs) / max(entry.seconds, 1e-9))) inputs/s"
        )
      }
      for (seconds, file) in slowest { print("slowest: \(file) \(String(format: "%.4f", seconds)) s") }
    }
    print("replayed \(count) inputs: no broken promise")
  }

  static func files(at path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.sorted().map { "\(path)/\($0)" }
  }
}
#endif
