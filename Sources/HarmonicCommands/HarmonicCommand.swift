import ArgumentParser
import Foundation
import Harmonic

/// The `harmonic` command's root: its subcommands and the one place that maps
/// failures to messages and exit statuses.
public struct HarmonicCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "harmonic",
    abstract: "Exact damped springs and scroll physics: describe, sample, settle, snap, decay, rubber-band, fit, plot, export, transition, tune.",
    discussion: """
      Every command takes one spring, in any one family:
        --mass M --stiffness K --damping C        (mass units, mass/s², mass/s)
        --response R --damping-ratio Z [--mass M] (R in seconds)
        --duration D --bounce B [--mass M]        (SwiftUI/Flutter; B in (-1, 1])
        --tension T --friction F                  (Origami, converted as Rebound does)
        --bounciness B --speed S                  (POP)
        --preset NAME                             (smooth, snappy, bouncy, core-animation, pop, android)
      Times are in seconds, velocities in units per second. Bad input prints a
      message on stderr and exits with status 2.
      """,
    version: HarmonicCommand.version,
    subcommands: [
      Describe.self, Sample.self, Settle.self, Snap.self, Decay.self, RubberBandCommand.self, Fit.self, Plot.self, Export.self, TransitionCommand.self,
      TuneCommand.self,
    ]
  )

  /// The package's version, as CHANGELOG.md's newest release heading
  /// states it (`harmonic --version`; a test keeps the two equal).
  public static let version = "0.1.0"

  public init() {}

  /// How one invocation ended.
  public struct Outcome: Sendable, Hashable {
    /// 0 on success (and for `--help`), 2 for any bad input.
    public var status: Int32
    /// The message for stderr (empty on success); for `--help` the help text.
    public var message: String
  }

  /// The `tune` command `arguments` ask for, parsed and validated, or nil
  /// when they ask for another command or do not parse (``execute(_:quiet:)``
  /// then reports why). The executable serves the page with it when the
  /// server is linked.
  public static func tuneCommand(in arguments: [String]) -> TuneCommand? {
    (try? parseAsRoot(arguments)) as? TuneCommand
  }

  /// Parses `arguments` (without the program name) and runs the command.
  ///
  /// With `quiet`, nothing is printed and no file is written (`plot --out`,
  /// `fit --plot`): everything is still computed and validated. The fuzzer
  /// drives the command line this way.
  public static func execute(_ arguments: [String], quiet: Bool = false) -> Outcome {
    CommandLineOutput.$isQuiet.withValue(quiet) {
      do {
        var command = try parseAsRoot(arguments)
        try command.run()
        return Outcome(status: 0, message: "")
      } catch let error as CommandError {
        return Outcome(status: 2, message: "harmonic: error: \(error.commandLineMessage)")
      } catch let error as HarmonicError {
        return Outcome(status: 2, message: "harmonic: error: \(error)")
      } catch {
        let message = fullMessage(for: error)
        return Outcome(status: exitCode(for: error) == .success ? 0 : 2, message: message)
      }
    }
  }
}

/// Where the commands' results go.
enum CommandLineOutput {
  /// Set for ``HarmonicCommand/execute(_:quiet:)`` with `quiet`.
  @TaskLocal static var isQuiet = false
}

/// `print`, unless the invocation is quiet.
func emit(_ text: String) {
  if !CommandLineOutput.isQuiet { print(text) }
}
