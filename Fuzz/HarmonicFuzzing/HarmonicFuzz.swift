import Foundation
import Harmonic
import HarmonicCommands

/// One fuzz input, run against Harmonic's public entry points.
///
/// The first byte picks the entry point, the rest is read as its arguments
/// (see ``FuzzInput``). Each target asserts Harmonic's promises for any input:
/// no crash and no hang; a ``HarmonicError`` for invalid input (never another
/// error); for valid input no NaN or ∞ where a finite result is documented;
/// and the exact equalities the library guarantees (native == BLAS,
/// batch == scalar, rect query == brute force). A broken promise traps
/// (``require(_:_:)``), which libFuzzer reports with the input that did it.
public enum HarmonicFuzz {
  /// Runs one input. Never throws; traps on a broken promise.
  ///
  /// - Parameter selected: indices into ``targetNames`` to run, or `nil` for
  ///   all. The first byte then picks among the selected ones, so a long run
  ///   can fuzz the fast entry points apart from the slow ones (fits, the
  ///   command line) at full speed, with every execution a real one.
  public static func run(_ data: [UInt8], among selected: [Int]? = nil) {
    var input = FuzzInput(data)
    allTargets[target(Int(input.byte()), among: selected)].body(&input)
  }

  /// The target a first byte picks, among `selected` (or the corpus's).
  static func target(_ choice: Int, among selected: [Int]?) -> Int {
    selected.map { $0[choice % $0.count] } ?? choice % targets.count
  }

  /// The indices of the targets named in a comma-separated list (as in
  /// `HARMONIC_FUZZ_TARGETS=spring,batch`), the targets of a named group
  /// (`fast`: every target but `tuning` and `cli`; `slow`: those two), or
  /// `nil` with the unknown name.
  public static func selection(_ list: String) -> (indices: [Int]?, unknown: String?) {
    let names = targetNames
    let slow: Set<String> = ["tuning", "cli"]
    switch list {
    case "fast": return (targets.indices.filter { !slow.contains(names[$0]) }, nil)
    case "slow": return (targets.indices.filter { slow.contains(names[$0]) }, nil)
    default:
      var indices: [Int] = []
      for name in list.split(separator: ",").map(String.init) {
        guard let index = names.firstIndex(of: name) else { return (nil, name) }
        indices.append(index)
      }
      return (indices.isEmpty ? nil : indices, nil)
    }
  }

  /// The entry points, by name: the corpus's first, then those run only
  /// when named.
  public static var targetNames: [String] { allTargets.map(\.name) }

  /// The entry points a first byte picks when none are named (the corpus
  /// is organised by these names).
  public static var corpusTargetNames: [String] { targets.map(\.name) }

  /// The name of the entry point an input runs (among `selected`, or the corpus's).
  public static func targetName(of data: [UInt8], among selected: [Int]? = nil) -> String {
    var input = FuzzInput(data)
    return allTargets[target(Int(input.byte()), among: selected)].name
  }

  struct Target: Sendable {
    var name: String
    var body: @Sendable (inout FuzzInput) -> Void
  }

  static let targets: [Target] = [
    Target(name: "spring", body: fuzzSpring),
    Target(name: "motion", body: fuzzMotion),
    Target(name: "animation", body: fuzzAnimation),
    Target(name: "batch", body: fuzzBatch),
    Target(name: "layout", body: fuzzLayout),
    Target(name: "transition", body: fuzzTransition),
    Target(name: "snapping", body: fuzzSnapping),
    Target(name: "scroll", body: fuzzScrollPhysics),
    Target(name: "tuning", body: fuzzTuning),
    Target(name: "cli", body: fuzzCommandLine),
  ]

  /// Entry points run only when named (`HARMONIC_FUZZ_TARGETS=host`): a
  /// first byte never picks them, so the corpus keeps its meaning.
  /// `host`: ``LayoutAnimatorHost``'s scripts, from a seed the input gives;
  /// `screen`: a ``ScreenTransition`` and its events.
  static let namedOnly: [Target] = [Target(name: "host", body: fuzzHost), Target(name: "screen", body: fuzzScreen)]

  static let allTargets = targets + namedOnly
}

/// A ``LayoutAnimatorHost`` script from the input's seed, at 60 Hz, 120 Hz
/// and irregular frames: every promise of the engine, shrunk when broken.
func fuzzHost(_ input: inout FuzzInput) {
  let seed = input.uint64()
  let script = LayoutAnimatorHost.script(seed: seed)
  let schedules = LayoutAnimatorHost.Schedule.allCases
  guard let failure = LayoutAnimatorHost.check(script, schedules: schedules, seed: seed) else { return }
  let minimal = LayoutAnimatorHost.shrink(script, schedules: schedules, seed: seed)
  require(false, "host seed \(seed): \(failure)\nminimal: \(minimal)")
}

/// Traps with `message` when a promise is broken.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("fuzz: \(message())") }
}

/// Runs `body`; a `HarmonicError` means the input was rejected (fine), and
/// `nil` is returned. Any other error is a broken promise.
func attempt<T>(_ body: () throws(HarmonicError) -> T) -> T? {
  do { return try body() } catch { return nil }
}

func finite(_ values: Double..., what: @autoclosure () -> String) {
  for value in values { require(value.isFinite, "\(what()) is \(value)") }
}
