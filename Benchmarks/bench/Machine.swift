import Foundation
import Harmonic
import _BenchFloor

enum Machine {
  /// One line: CPU model, cores, memory, BLAS, the floor loops' instruction set.
  static func describe() -> String {
    var model = "unknown CPU"
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let colon = line.firstIndex(of: ":")
    {
      model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
    return "machine: \(model), \(cores) cores, \(String(format: "%.0f", memory)) GiB; BLAS: \(blas()); floor loops: \(String(cString: bench_floor_variant()))"
  }

  /// The BLAS answering, with the file the dynamic linker mapped for
  /// libblas.so.3 (alternatives and LD_LIBRARY_PATH both decide it), read
  /// from /proc/self/maps: "reference BLAS (/usr/lib/…/libblas.so.3.11.0)".
  static func blas() -> String {
    let kind = SpringBatch.blasImplementation
    // Read to the end: /proc files report size 0, and a read sized by it can
    // stop after the first page, before the library's line.
    guard kind == "reference BLAS", let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
      let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first(where: { $0.contains("libblas.so") }),
      let slash = line.firstIndex(of: "/")
    else { return kind }
    return "\(kind) (\(line[slash...]))"
  }
}
