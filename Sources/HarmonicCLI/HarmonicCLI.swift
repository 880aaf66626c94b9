import Foundation
import HarmonicCommands

#if TuningServer
import HarmonicTune
#endif

/// Entry point: runs the command, and maps every failure (a bad value, a bad
/// combination of options, an unknown option) to a message on stderr and exit
/// status 2. With the `TuningServer` trait, `harmonic tune` serves the page.
@main
enum HarmonicMain {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    #if TuningServer
    if let tune = HarmonicCommand.tuneCommand(in: arguments) {
      exit(await TuneServer.serve(host: tune.host, port: tune.port))
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
