// swift-tools-version:6.1
import PackageDescription

let applePlatforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst]

// Products by audience:
// - `Harmonic`: the runtime an app links (springs, batches, layouts,
//   transitions, scrolling, value springs). Links BLAS, nothing else.
// - `HarmonicTuning`: design-time tools (fit, plot, export). The only module
//   that links LAPACK.
// - `harmonic`: the command-line tool. `harmonic tune`, the tuning page's
//   HTTP server, needs the `TuningServer` trait (off by default):
//   `swift run --traits TuningServer harmonic tune`.
//
// Every reference to the server's packages (Hummingbird, swift-log,
// swift-service-lifecycle, swift-nio, swift-nio-extras) is guarded by that trait, so SwiftPM prunes them
// from a client's resolution: a package depending on `Harmonic` resolves
// swift-argument-parser only (the Architecture article says why a trait and
// not a nested tools package; scripts/check-client measures it).
let tuningServer: Set<String> = ["TuningServer"]

let package = Package(
  name: "Harmonic",
  // The oldest releases Harmonic supports (the README says why): iOS 13 is
  // where Swift concurrency's task-local values and SwiftUI begin; newer
  // API (SwiftUI's scroll-target behaviour, iOS 17) carries `@available`.
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  products: [
    .library(name: "Harmonic", targets: ["Harmonic"]),
    .library(name: "HarmonicTuning", targets: ["HarmonicTuning"]),
    .executable(name: "harmonic", targets: ["HarmonicCLI"]),
  ],
  traits: [
    .trait(
      name: "TuningServer",
      description: "Builds `harmonic tune`, the spring-tuning page's HTTP server (Hummingbird)."
    )
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `swift package generate-documentation` (a command plugin: never built into the library).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // The tuning server (trait TuningServer only): Hummingbird, its logger, and
    // graceful shutdown for the server's tests (both already in Hummingbird's graph).
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    // The HTTP parts below the router, to answer a malformed request with JSON.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.0"),
  ],
  targets: [
    // MARK: - Public API
    .target(
      name: "Harmonic",
      dependencies: ["_HarmonicBLAS", "_HarmonicLanes"]
    ),
    .target(
      name: "HarmonicTuning",
      dependencies: ["Harmonic", "_HarmonicLAPACK"]
    ),

    // MARK: - Implementation details
    // The two BLAS routines of the batch engine behind one C signature: the
    // system CBLAS on Linux (Debian: libblas-dev), Accelerate on Apple platforms.
    .target(
      name: "_HarmonicBLAS",
      cSettings: [.define("ACCELERATE_NEW_LAPACK", .when(platforms: applePlatforms))],
      linkerSettings: [
        .linkedLibrary("blas", .when(platforms: [.linux])),
        .linkedFramework("Accelerate", .when(platforms: applePlatforms)),
      ]
    ),
    // The step basis of many distinct springs, eight lanes wide, built for
    // the baseline instruction set, AVX2 and AVX-512 and chosen at run time
    // (C: Swift has no per-function target); the same bits on all of them.
    .target(name: "_HarmonicLanes"),
    // The two LAPACK routines of the spring fitter: LAPACKE on Linux (Debian:
    // liblapacke-dev), Accelerate's current interface on Apple platforms.
    .target(
      name: "_HarmonicLAPACK",
      cSettings: [.define("ACCELERATE_NEW_LAPACK", .when(platforms: applePlatforms))],
      linkerSettings: [
        .linkedLibrary("lapacke", .when(platforms: [.linux])),
        .linkedFramework("Accelerate", .when(platforms: applePlatforms)),
      ]
    ),

    // MARK: - Command-line tool
    // The commands live in a library so that the fuzzer and the tests can
    // drive the parser in process; the executable only maps the outcome to
    // stdout/stderr and the exit status, and serves `tune` when the trait
    // linked the server.
    .target(
      name: "HarmonicCommands",
      dependencies: [
        "Harmonic", "HarmonicTuning",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "HarmonicCLI",
      dependencies: [
        "HarmonicCommands",
        .target(name: "HarmonicTune", condition: .when(traits: tuningServer)),
      ]
    ),
    // The tuning page: its static files and the HTTP server. Its sources
    // compile to nothing without the trait; the JSON API it answers with lives
    // in HarmonicCommands (`TuneAPI`), so the fuzzer and the main tests reach
    // it without a server.
    .target(
      name: "HarmonicTune",
      dependencies: [
        "HarmonicCommands",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: tuningServer)),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: tuningServer)),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: tuningServer)),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: tuningServer)),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: tuningServer)),
      ],
      resources: [.copy("Page")]
    ),

    // MARK: - Fuzzing
    // Checks for every public entry point, driven by libFuzzer (scripts/fuzz)
    // or replayed from the committed corpus (`swift run fuzz Fuzz/corpus`, and the tests).
    .target(
      name: "HarmonicFuzzing",
      dependencies: ["Harmonic", "HarmonicTuning", "HarmonicCommands"],
      path: "Fuzz/HarmonicFuzzing"
    ),
    .executableTarget(name: "fuzz", dependencies: ["HarmonicFuzzing"], path: "Fuzz/fuzz"),

    // MARK: - Benchmarks
    // Executable targets of the root package, not products: `swift run -c
    // release bench` works here, and packages that depend on Harmonic never
    // see them.
    .executableTarget(
      name: "bench",
      dependencies: [
        "Harmonic",
        "_BenchPlatformMath",
        "_BenchFloor",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Benchmarks/bench"
    ),
    // The platform libm's sincos, for the bench's comparison only.
    .target(name: "_BenchPlatformMath", path: "Benchmarks/_BenchPlatformMath"),
    // The memory-traffic floor's loops, built for the widest vector ISA.
    .target(name: "_BenchFloor", path: "Benchmarks/_BenchFloor"),
    .executableTarget(
      name: "soak",
      dependencies: [
        "Harmonic",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Benchmarks/soak"
    ),

    // MARK: - Tests
    .testTarget(
      name: "HarmonicTests",
      dependencies: [
        "Harmonic", "HarmonicTuning", "HarmonicCLI", "HarmonicCommands", "HarmonicFuzzing", "_AllocationCounter",
      ]
    ),
    // The Apple shims and examples, compiled on Linux from their own files
    // (symbolic links) against `_AppleInterface`, the shapes of the UIKit,
    // QuartzCore and SwiftUI API they use, and driven by a scripted UIKit
    // host. On Apple platforms both compile to nothing (the flag that
    // selects the interface is Linux's only).
    .target(name: "_AppleInterface", path: "Tests/AppleInterface"),
    .testTarget(
      name: "HarmonicAppleTests",
      dependencies: ["Harmonic", "_AppleInterface"],
      swiftSettings: [.define("HARMONIC_APPLE_TESTS"), .define("HARMONIC_APPLE_INTERFACE", .when(platforms: [.linux]))]
    ),
    // Test-only malloc interposer that counts a thread's heap allocations.
    .target(name: "_AllocationCounter", path: "Tests/_AllocationCounter"),
    // The tuning server over real HTTP (trait TuningServer; empty without it).
    .testTarget(
      name: "HarmonicTuneTests",
      dependencies: [
        "HarmonicTune", "HarmonicCommands",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: tuningServer)),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: tuningServer)),
      ]
    ),
  ]
)
