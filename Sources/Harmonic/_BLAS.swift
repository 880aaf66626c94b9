#if canImport(Accelerate)
import Accelerate
#elseif canImport(_HarmonicBLAS)
import _HarmonicBLAS
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The two BLAS calls Harmonic's batch engine makes, column-major, α = 1, β = 0.
///
/// With reference BLAS (netlib) both compute, for every output element,
/// `((0 + w₀·a₀) + w₁·a₁) + …` in column order with separate multiplies and
/// adds — exactly what the native kernels do — so the two agree bit for bit.
/// OpenBLAS uses fused multiply-adds and blocks differently: its last bits differ.
enum _BLAS {
  /// y[0..<m] = A·x, A m×n column-major with leading dimension lda.
  static func gemv(
    m: Int, n: Int, a: UnsafePointer<Double>, lda: Int, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>
  ) {
    precondition(m <= Int(Int32.max) && lda <= Int(Int32.max), "BLAS dimensions are 32-bit")
    cblas_dgemv(CblasColMajor, CblasNoTrans, Int32(m), Int32(n), 1, a, Int32(lda), x, 1, 0, y, 1)
  }

  /// C = A·B, A m×k (lda), B k×n (ldb), C m×n (ldc), all column-major.
  static func gemm(
    m: Int, n: Int, k: Int, a: UnsafePointer<Double>, lda: Int, b: UnsafePointer<Double>, ldb: Int,
    c: UnsafeMutablePointer<Double>, ldc: Int, beta: Double = 0
  ) {
    precondition(m <= Int(Int32.max) && lda <= Int(Int32.max) && ldc <= Int(Int32.max), "BLAS dimensions are 32-bit")
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, Int32(m), Int32(n), Int32(k), 1, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
  }

  /// Which BLAS is answering: "Accelerate", "OpenBLAS <config> (<core>)", or
  /// "reference BLAS (<path>)", found from the loaded library, not guessed.
  static let implementation: String = {
    #if canImport(Accelerate)
    return "Accelerate"
    #elseif canImport(Glibc)
    let handle = dlopen(nil, RTLD_NOW)
    defer { if let handle { dlclose(handle) } }
    if let config = dlsym(handle, "openblas_get_config") {
      typealias StringGetter = @convention(c) () -> UnsafePointer<CChar>?
      let configString = unsafeBitCast(config, to: StringGetter.self)().map { String(cString: $0) } ?? "?"
      var core = ""
      if let coreName = dlsym(handle, "openblas_get_corename") {
        core = unsafeBitCast(coreName, to: StringGetter.self)().map { " (\(String(cString: $0)))" } ?? ""
      }
      return "OpenBLAS \(configString)\(core)"
    }
    // The file the dynamic linker mapped for libblas.so.3 (alternatives and
    // LD_LIBRARY_PATH both decide it), read from /proc/self/maps.
    var path = "libblas.so.3"
    if let file = fopen("/proc/self/maps", "r") {
      defer { fclose(file) }
      var line = [CChar](repeating: 0, count: 4096)
      while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let slash = text.firstIndex(of: "/"), text.contains("libblas.so") {
          path = String(text[slash...].prefix { $0 != "\n" && $0 != " " })
          break
        }
      }
    }
    return "reference BLAS (\(path))"
    #else
    return "unknown BLAS"
    #endif
  }()

  /// Whether the active BLAS is known to round exactly like the native kernels.
  static var isBitCompatibleWithNative: Bool { implementation.hasPrefix("reference BLAS") }
}

extension SpringBatch {
  /// The BLAS library answering the `.blas` backend, as found at run time
  /// (e.g. "reference BLAS (/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0)"
  /// or "OpenBLAS … (Haswell)").
  public static var blasImplementation: String { _BLAS.implementation }
}
