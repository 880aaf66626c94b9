// swift-tools-version:6.0
import PackageDescription

let applePlatforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst]

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
  ],
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
    .executableTarget(name: "HarmonicCLI", dependencies: ["HarmonicCommands"]),

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
      dependencies: ["Harmonic", "HarmonicCLI", "HarmonicFuzzing", "_AllocationCounter"]
    ),
    // Test-only malloc interposer that counts a thread's heap allocations.
    .target(name: "_AllocationCounter", path: "Tests/_AllocationCounter"),
  ]
)
