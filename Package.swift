// swift-tools-version:6.0
import PackageDescription

let applePlatforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst]

// `harmonic tune` serves the spring-tuning page through Hummingbird, an HTTP
// server. No target of the `Harmonic` library depends on it. Setting
// HARMONIC_WITHOUT_TUNE=1 leaves the server, the `tune` command and its tests
// out of the package graph altogether: .ci/run does so for the sanitizer
// builds, which would otherwise build the server again each.
let withTune = Context.environment["HARMONIC_WITHOUT_TUNE"] == nil

let package = Package(
  name: "Harmonic",
  products: [
    .library(name: "Harmonic", targets: ["Harmonic"]),
    .executable(name: "harmonic", targets: ["HarmonicCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `swift package generate-documentation` (a command plugin: never built into the library).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ] + (withTune ? [
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    // Already in Hummingbird's graph: its logger, and graceful shutdown for the server tests.
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
  ] : []),
  targets: [
    // MARK: - Public API
    .target(
      name: "Harmonic",
      dependencies: ["_HarmonicBLAS"]
    ),

    // MARK: - Implementation details
    // The four BLAS/LAPACK routines behind one C signature: the system CBLAS +
    // LAPACKE on Linux (Debian: libblas-dev liblapacke-dev), Accelerate's
    // current interface on Apple platforms.
    .target(
      name: "_HarmonicBLAS",
      cSettings: [.define("ACCELERATE_NEW_LAPACK", .when(platforms: applePlatforms))],
      linkerSettings: [
        .linkedLibrary("blas", .when(platforms: [.linux])),
        .linkedLibrary("lapacke", .when(platforms: [.linux])),
        .linkedFramework("Accelerate", .when(platforms: applePlatforms)),
      ]
    ),

    // MARK: - Command-line tool
    // The commands live in a library so that the fuzzer and the tests can
    // drive the parser in process; the executable only maps the outcome to
    // stdout/stderr and the exit status.
    .target(
      name: "HarmonicCommands",
      dependencies: [
        "Harmonic",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "HarmonicCLI",
      dependencies: withTune ? ["HarmonicCommands", "HarmonicTune"] : ["HarmonicCommands"],
      swiftSettings: withTune ? [.define("HARMONIC_TUNE")] : []
    ),

    // MARK: - Fuzzing
    // Checks for every public entry point, driven by libFuzzer (scripts/fuzz)
    // or replayed from the committed corpus (`swift run fuzz Fuzz/corpus`, and the tests).
    .target(name: "HarmonicFuzzing", dependencies: ["Harmonic", "HarmonicCommands"], path: "Fuzz/HarmonicFuzzing"),
    .executableTarget(name: "fuzz", dependencies: ["HarmonicFuzzing"], path: "Fuzz/fuzz"),

    // MARK: - Benchmarks
    // Executable targets of the root package, not products: `swift run -c
    // release bench` works here, and packages that depend on Harmonic never
    // see them.
    .executableTarget(
      name: "bench",
      dependencies: [
        "Harmonic",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Benchmarks/bench"
    ),
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
      dependencies: ["Harmonic", "HarmonicCLI", "HarmonicCommands", "HarmonicFuzzing", "_AllocationCounter"]
    ),
    // Test-only malloc interposer that counts a thread's heap allocations.
    .target(name: "_AllocationCounter", path: "Tests/_AllocationCounter"),
  ]
)

if withTune {
  package.targets += [
    // MARK: - Tuning page (`harmonic tune`)
    // The HTTP server and the page's static files; the API it answers with
    // lives in HarmonicCommands (`TuneAPI`), so the fuzzer and the main tests
    // reach it without a server.
    .target(
      name: "HarmonicTune",
      dependencies: [
        "HarmonicCommands",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ],
      resources: [.copy("Page")]
    ),
    .testTarget(
      name: "HarmonicTuneTests",
      dependencies: [
        "HarmonicTune", "HarmonicCommands", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
  ]
}
