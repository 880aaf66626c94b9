import Foundation
import Testing

@testable import Harmonic

/// The forms Platform/_Portable.swift and Errors/HarmonicError+Result.swift
/// write once for Linux's and Apple's libraries: hand-written hashing of
/// values that hold Foundation's geometry, typed errors through `rethrows`
/// APIs, and moves without `consume`.
@Suite("Portable forms")
struct PortableTests {
  /// Asserts `==` and hashing agree over every pair of `values`: equal
  /// values hash equally, and a set keeps one of each.
  static func checkHashing<T: Hashable>(_ values: [T], _ name: String) {
    var distinct: [T] = []
    for value in values where !distinct.contains(value) { distinct.append(value) }
    for a in values {
      for b in values where a == b {
        #expect(a.hashValue == b.hashValue, "\(name): \(a) == \(b) but their hashes differ")
      }
    }
    #expect(Set(values).count == distinct.count, "\(name): a set keeps \(Set(values).count), \(distinct.count) distinct")
  }

  @Test("types holding CGPoint or CGSize hash by components: ±0 alike, any other difference apart")
  func geometryHashing() throws {
    var random = SeededGenerator(seed: 68)
    let coordinates: [CGFloat] = [0, -0.0, 1, -1, 0.5, 1e12, .leastNonzeroMagnitude]
    func coordinate() -> CGFloat { coordinates[Int.random(in: 0..<coordinates.count, using: &random)] }
    let points = (0..<40).map { _ in CGPoint(x: coordinate(), y: coordinate()) }
    let sizes = (0..<40).map { _ in CGSize(width: min(abs(coordinate()), 1e9) + 1, height: min(abs(coordinate()), 1e9) + 1) }

    let anchors = points.map { ContentAnchor.point($0) } + [.firstVisible, .element(ElementID(.cell, ItemIndexPath(item: 3, section: 0)))]
    Self.checkHashing(anchors, "ContentAnchor")
    Self.checkHashing(
      sizes.map { GridLayout.ItemSizes.fixed($0) } + [.perItem(Array(sizes.prefix(3))), .perItem(Array(sizes.prefix(2))), .perItem([])], "ItemSizes")
    Self.checkHashing(try sizes.map { try Viewport(size: $0) }, "Viewport")
    Self.checkHashing(
      points.map { LayoutTransition.AnchoredEnd(offset: $0, element: ElementID(.cell, ItemIndexPath(item: 1, section: 0))) }, "AnchoredEnd")
    let attributes = zip(points, sizes).map { point, size in
      var a = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: CGRect(origin: .zero, size: size))
      a.center = point
      return a
    }
    Self.checkHashing(attributes, "LayoutAttributes")
    // The case the hand-written hashing must get right: −0 equals +0.
    #expect(ContentAnchor.point(CGPoint(x: -0.0, y: 0)).hashValue == ContentAnchor.point(.zero).hashValue)
  }

  @Test("a typed error comes back through a rethrows API with its type and value")
  func typedThrowsThroughRethrows() {
    let values = [1.0, .nan, 3.0]
    func check() throws(HarmonicError) -> Double {
      try values.withUnsafeBufferPointer { buffer in
        Result { () throws(HarmonicError) in
          for (k, value) in buffer.enumerated() where value.isNaN {
            throw .invalidParameter(name: "values[\(k)]", value: value, accepted: "a number")
          }
          return buffer.reduce(0, +)
        }
      }.unwrapped()
    }
    #expect(throws: HarmonicError.self) { try check() }
    do {
      _ = try check()
    } catch {
      guard case .invalidParameter(let name, _, _) = error else { return #expect(Bool(false), "\(error)") }
      #expect(name == "values[1]")
    }
  }

  @Test("_take moves an array's storage out and leaves it empty, without a copy")
  func take() {
    var array = [1.0, 2, 3]
    let address = array.withUnsafeBufferPointer { $0.baseAddress }
    let taken = _take(&array)
    #expect(array.isEmpty && taken == [1, 2, 3])
    #expect(taken.withUnsafeBufferPointer { $0.baseAddress } == address)
  }
}
