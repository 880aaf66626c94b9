import Foundation
import HarmonicFuzzing

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
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
      HarmonicFuzz.run(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
      return 0
    }
    exit(status)
  }
}
#else
/// Without libFuzzer: replays inputs (files, or directories of files) through
/// the same checks, e.g. `swift run fuzz Fuzz/corpus` or a crash file.
@main
enum FuzzReplay {
  static func main() {
    let paths = CommandLine.arguments.dropFirst()
    guard !paths.isEmpty else {
      FileHandle.standardError.write(Data("usage: fuzz FILE_OR_DIRECTORY...\n(build with scripts/fuzz to fuzz)\n".utf8))
      exit(2)
    }
    var count = 0
    for path in paths {
      for file in files(at: path) {
        guard let data = FileManager.default.contents(atPath: file) else {
          FileHandle.standardError.write(Data("fuzz: cannot read \(file)\n".utf8))
          exit(2)
        }
        HarmonicFuzz.run([UInt8](data))
        count += 1
      }
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
