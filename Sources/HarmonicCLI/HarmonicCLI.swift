import ArgumentParser
import Foundation
import Harmonic

/// Entry point: runs the command, and maps every failure (a bad value, a bad
/// combination of options, an unknown option) to a message on stderr and exit
/// status 2.
@main
enum HarmonicMain {
  static func main() {
    do {
      var command = try HarmonicCommand.parseAsRoot()
      try command.run()
    } catch let error as HarmonicError {
      FileHandle.standardError.write(Data("harmonic: error: \(error)\n".utf8))
      exit(2)
    } catch {
      let message = HarmonicCommand.fullMessage(for: error)
      if HarmonicCommand.exitCode(for: error) == .success {
        print(message)  // --help, --version
        exit(0)
      }
      FileHandle.standardError.write(Data("\(message)\n".utf8))
      exit(2)
    }
  }
}

struct HarmonicCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "harmonic",
    abstract: "Exact damped springs and scroll physics: describe, sample, settle, snap, decay, rubber-band, fit, plot, export.",
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
    subcommands: [Describe.self, Sample.self, Settle.self, Snap.self, Decay.self, RubberBandCommand.self, Fit.self, Plot.self, Export.self]
  )
}
