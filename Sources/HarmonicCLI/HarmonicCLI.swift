import Foundation
import HarmonicCommands

/// Entry point: runs the command, and maps every failure (a bad value, a bad
/// combination of options, an unknown option) to a message on stderr and exit
/// status 2.
@main
enum HarmonicMain {
  static func main() {
    let outcome = HarmonicCommand.execute(Array(CommandLine.arguments.dropFirst()))
    if outcome.status == 0 {
      if !outcome.message.isEmpty { print(outcome.message) }  // --help, --version
    } else {
      FileHandle.standardError.write(Data("\(outcome.message)\n".utf8))
    }
    exit(outcome.status)
  }
}
