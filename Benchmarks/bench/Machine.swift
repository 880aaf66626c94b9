import Foundation
import Harmonic

enum Machine {
  /// One line: CPU model, cores, memory, BLAS.
  static func describe() -> String {
    var model = "unknown CPU"
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let colon = line.firstIndex(of: ":") {
      model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
    return "machine: \(model), \(cores) cores, \(String(format: "%.0f", memory)) GiB; BLAS: \(SpringBatch.blasImplementation)"
  }
}
