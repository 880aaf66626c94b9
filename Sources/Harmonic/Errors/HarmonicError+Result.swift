// Typed throws through the standard library's `rethrows` APIs: one of the
// portable forms `Platform/_Portable.swift` gathers, here because it is about
// Harmonic's error type.
//
// From Swift 6.0 on, `withUnsafeBufferPointer`, `map` and their kin throw
// the closure's own error type; in Swift 5.10's standard library they only
// `rethrows`, which makes any typed error `any Error`. A closure given to one
// of them returns its outcome as a `Result` instead of throwing, and the
// caller throws it typed afterwards:
//
//     try array.withUnsafeBufferPointer { buffer in
//       Result { () throws(HarmonicError) in … }
//     }.unwrapped()

extension Result where Failure == HarmonicError {
  /// What `body` returned, or the error it threw.
  init(_ body: () throws(HarmonicError) -> Success) {
    do { self = .success(try body()) } catch { self = .failure(error) }
  }

  /// The value, or the error thrown typed (Swift 5.10's `get()` throws
  /// `any Error`).
  func unwrapped() throws(HarmonicError) -> Success {
    switch self {
    case .success(let value): return value
    case .failure(let error): throw error
    }
  }
}
