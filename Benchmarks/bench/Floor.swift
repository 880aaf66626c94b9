import Dispatch

/// The memory-traffic floor: the simplest loop that reads three arrays and
/// writes one, split across threads like the batch kernels.
enum Floor {
  static func triad(_ a: [Double], _ b: [Double], _ c: [Double], _ out: inout [Double], threads: Int) {
    let n = out.count
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        c.withUnsafeBufferPointer { c in
          out.withUnsafeMutableBufferPointer { out in
            let pointers = Pointers(a: a.baseAddress!, b: b.baseAddress!, c: c.baseAddress!, out: out.baseAddress!)
            let parts = n < 100_000 ? 1 : threads
            let run: @Sendable (Int) -> Void = { part in
              let lo = part * n / parts, hi = (part + 1) * n / parts
              for e in lo..<hi { pointers.out[e] = pointers.a[e] + pointers.b[e] + pointers.c[e] }
            }
            if parts == 1 { run(0) } else { DispatchQueue.concurrentPerform(iterations: parts, execute: run) }
          }
        }
      }
    }
  }

  struct Pointers: @unchecked Sendable {
    let a: UnsafePointer<Double>, b: UnsafePointer<Double>, c: UnsafePointer<Double>
    let out: UnsafeMutablePointer<Double>
  }
}
