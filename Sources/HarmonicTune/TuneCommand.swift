import ArgumentParser
import Foundation

/// `harmonic tune`: serves the spring-tuning page until interrupted.
public struct TuneCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "tune",
    abstract: "Serve the spring-tuning page (sliders, curves, fits, export snippets, previews) over HTTP.",
    discussion: """
      Listens on 127.0.0.1 unless --host names another address, prints the page's URL, and serves
      until interrupted (Ctrl-C). Everything the page shows is computed by the library through a
      JSON API under /api/ (sample, describe, settle, export, fit, transition, snap).
      """)

  @Option(help: "Port to listen on, 0...65535 (0: any free port).") var port: Int = 8765
  @Option(help: "Address to listen on (default loopback; 0.0.0.0 serves every network interface).") var host: String = "127.0.0.1"

  public init() {}

  public func run() async throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be within 0...65535; got \(port)") }
    guard !host.isEmpty else { throw ValidationError("--host must name an address, e.g. 127.0.0.1") }
    let host = self.host
    if !["127.0.0.1", "::1", "localhost"].contains(host) {
      FileHandle.standardError.write(Data("harmonic tune: serving on \(host), not only this machine\n".utf8))
    }
    let application = TuneServer.application(host: host, port: port) { port in
      let shown = host.contains(":") ? "[\(host)]" : host
      FileHandle.standardOutput.write(Data("Harmonic tune: http://\(shown):\(port)/  (Ctrl-C stops)\n".utf8))
    }
    try await application.runService()
  }

  /// Parses and runs `harmonic tune ARGUMENTS`; returns the exit status
  /// (0, or 2 for bad input or a server that cannot start, with the message on stderr).
  public static func execute(_ arguments: [String]) async -> Int32 {
    do {
      let command = try parseAsRoot(arguments)
      guard let tune = command as? TuneCommand else { return 0 }
      try await tune.run()
      return 0
    } catch {
      let code = exitCode(for: error)
      let message = code == .success ? fullMessage(for: error) : "harmonic tune: error: \(message(for: error))"
      if code == .success {
        print(message)
        return 0
      }
      FileHandle.standardError.write(Data("\(message)\n".utf8))
      return 2
    }
  }
}
