import Foundation
import HarmonicCommands
#if HARMONIC_TUNE
import HarmonicTune
#endif

/// Entry point: runs the command, and maps every failure (a bad value, a bad
/// combination of options, an unknown option) to a message on stderr and exit
/// status 2.
@main
enum HarmonicMain {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    #if HARMONIC_TUNE
    if arguments.first == "tune" {
      exit(await TuneCommand.execute(Array(arguments.dropFirst())))
    }
    #endif
    let outcome = HarmonicCommand.execute(arguments)
    if outcome.status == 0 {
      if !outcome.message.isEmpty { print(outcome.message) }  // --help, --version
    } else {
      FileHandle.standardError.write(Data("\(outcome.message)\n".utf8))
    }
    exit(outcome.status)
  }
}
