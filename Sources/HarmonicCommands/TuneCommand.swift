import ArgumentParser

/// `harmonic tune`: its options and their checks. Serving the page needs the
/// HTTP server, which only a build with the `TuningServer` trait links
/// (`swift run --traits TuningServer harmonic tune`); the executable serves
/// when it parses this command. Without the server, running it is an error
/// that names the command to use.
public struct TuneCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "tune",
    abstract: "Serve the spring-tuning page (sliders, curves, fits, export snippets, previews) over HTTP.",
    discussion: """
      Listens on 127.0.0.1 unless --host names another address, prints the page's URL, and serves
      until interrupted (Ctrl-C). Everything the page shows is computed by the library through a
      JSON API under /api/ (sample, describe, settle, export, fit, transition, snap).
      The server is built only with the TuningServer trait:
        swift run --traits TuningServer harmonic tune [--port N] [--host ADDRESS]
      """)

  /// The port to listen on, 0...65535 (0: any free port).
  @Option(help: "Port to listen on, 0...65535 (0: any free port).") public var port: Int = 8765
  /// The address to listen on.
  @Option(help: "Address to listen on (default loopback; 0.0.0.0 serves every network interface).")
  public var host: String = "127.0.0.1"

  public init() {}

  public func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be within 0...65535; got \(port)") }
    guard !host.isEmpty else { throw ValidationError("--host must name an address, e.g. 127.0.0.1") }
  }

  /// Reached only by a build without the server.
  public func run() throws {
    throw CommandError(
      nil, "this harmonic was built without the tuning page's server; run 'swift run --traits TuningServer harmonic tune'")
  }
}
