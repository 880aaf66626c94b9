import Foundation

// The one file of Harmonic that imports the platform: Foundation, the C
// library (and with it the platform libm) and, on Apple platforms,
// CoreGraphics and QuartzCore.
//
// Why one file: Swift resolves a free function such as `log` or `sin` only
// through the imports of the file that calls it. No other file of this module
// imports Foundation, Glibc or Darwin, so a call to the platform's `log`, `exp`,
// `sin`, `pow`… anywhere else does not compile. That is the guard on the
// cross-platform promise: every transcendental function on a deterministic path
// goes through `_Math` (Numerics/), which gives the same bits everywhere.
// (`ArchitectureTests` also checks the imports of every source file.)
//
// Members of Foundation's types (`CGRect.intersects`, `String(format:)`) stay
// visible module-wide: the module imports Foundation here.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(CoreGraphics)
import CoreGraphics
#endif
#if canImport(QuartzCore)
import QuartzCore
#endif

// MARK: - Geometry types

// Harmonic's layout API speaks Foundation's geometry. These aliases make the
// types visible to every file of the module, and to a client that imports only
// Harmonic, without importing the platform's math along with them. A client
// that also imports Foundation (or CoreGraphics) sees the same types.

/// Foundation's `CGFloat` (a `Double` on 64-bit platforms), in points.
public typealias CGFloat = Foundation.CGFloat
/// Foundation's `CGPoint`, in points.
public typealias CGPoint = Foundation.CGPoint
/// Foundation's `CGSize`, in points.
public typealias CGSize = Foundation.CGSize
/// Foundation's `CGRect`, in points.
public typealias CGRect = Foundation.CGRect

/// `CGPoint.zero`, for default arguments in files that do not import Foundation.
@usableFromInline let _zeroPoint = CGPoint.zero

// MARK: - Operating system

/// What Harmonic asks of the operating system, in one place.
enum _Platform {
  /// Processors currently online (≥ 1).
  static let activeProcessorCount: Int = {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
    return 1
    #endif
  }()

  /// Which BLAS is answering: "Accelerate", "OpenBLAS <config> (<core>)", or
  /// "reference BLAS", read from the loaded library's symbols, never guessed.
  /// (The benchmark adds the library's file; the runtime needs only the kind.)
  static let blasDescription: String = {
    #if canImport(Accelerate)
    return "Accelerate"
    #elseif canImport(Glibc)
    let handle = dlopen(nil, RTLD_NOW)
    defer { if let handle { dlclose(handle) } }
    guard let config = dlsym(handle, "openblas_get_config") else { return "reference BLAS" }
    typealias StringGetter = @convention(c) () -> UnsafePointer<CChar>?
    let configString = unsafeBitCast(config, to: StringGetter.self)().map { String(cString: $0) } ?? "?"
    var core = ""
    if let coreName = dlsym(handle, "openblas_get_corename") {
      core = unsafeBitCast(coreName, to: StringGetter.self)().map { " (\(String(cString: $0)))" } ?? ""
    }
    return "OpenBLAS \(configString)\(core)"
    #else
    return "unknown BLAS"
    #endif
  }()
}

// MARK: - Deferred values

/// A value computed once, on first use, from whichever thread asks first;
/// others asking meanwhile wait for it. Copies of a struct holding one share
/// the value. The lock is Foundation's, so it lives in this file.
final class _Deferred<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value?
  private var make: (@Sendable () -> Value)?

  /// A value `make` computes when first asked for.
  init(_ make: @escaping @Sendable () -> Value) { self.make = make }

  /// The value, computed now if nobody asked before.
  var resolved: Value {
    lock.lock()
    defer { lock.unlock() }
    if let value { return value }
    let made = make!()
    (value, make) = (made, nil)
    return made
  }

  /// Whether the value is computed already (for tests and diagnostics).
  var isResolved: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value != nil
  }
}

// MARK: - Interned names

/// A process-wide table of interned names (``ElementKind``'s): one
/// immortal box per (tag, name), so that a name is known by the box's
/// address and values holding it need no reference counting. The lock is
/// Foundation's, so it lives here.
final class _InternedNames: @unchecked Sendable {
  static let shared = _InternedNames()

  /// An interned name; never freed (the table keeps it), never changed.
  final class Box {
    let name: String
    init(_ name: String) { self.name = name }
  }

  private let lock = NSLock()
  private var boxes: [Int: [String: Box]] = [:]

  /// The address of the box of (`tag`, `name`), made on first use: 16-byte
  /// aligned, so the low four bits are free for the caller's tag.
  func address(tag: Int, _ name: String) -> UInt {
    lock.lock()
    defer { lock.unlock() }
    let box: Box
    if let known = boxes[tag]?[name] {
      box = known
    } else {
      box = Box(name)
      boxes[tag, default: [:]][name] = box
    }
    let address = UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque())
    precondition(address & 0xF == 0, "_InternedNames: an object address that is not 16-byte aligned")
    return address
  }

  /// The name at an address `address(tag:_:)` returned (low four bits
  /// ignored). Boxes are immutable and never freed: no lock is needed.
  static func name(at address: UInt) -> String {
    Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: address & ~UInt(0xF))!).takeUnretainedValue().name
  }
}

// MARK: - Apple interoperability (not built on Linux)

#if canImport(CoreGraphics)
/// CoreGraphics' `CGAffineTransform` (``AffineTransform2D`` converts to and from it).
public typealias CGAffineTransform = CoreGraphics.CGAffineTransform
#endif
#if canImport(QuartzCore)
/// QuartzCore's `CATransform3D` (``Transform3D`` converts to and from it).
public typealias CATransform3D = QuartzCore.CATransform3D
#endif
