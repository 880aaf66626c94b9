// The shapes of the SwiftUI API Harmonic's SwiftUI shim and example use (see
// UIKit.swift for what this module is), checked against the iOS 17.4 SDK's
// SwiftUI.swiftinterface (arm64-apple-ios): each declaration quotes it.

#if os(Linux)
/// `public protocol VectorArithmetic : AdditiveArithmetic` (iOS 13).
public protocol VectorArithmetic: AdditiveArithmetic {
  /// `mutating func scale(by rhs: Double)`
  mutating func scale(by rhs: Double)
  /// `var magnitudeSquared: Double { get }`
  var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
  /// `@_alwaysEmitIntoClient public func scaled(by rhs: Double) -> Self`
  public func scaled(by rhs: Double) -> Self {
    var copy = self
    copy.scale(by: rhs)
    return copy
  }
}

/// `extension Double : VectorArithmetic`
extension Double: VectorArithmetic {
  public mutating func scale(by rhs: Double) { self *= rhs }
  public var magnitudeSquared: Double { self * self }
}

/// `public struct AnimationContext<Value> where Value : VectorArithmetic` (iOS 17; not `Sendable`).
public struct AnimationContext<Value: VectorArithmetic> {
  /// `public var state: AnimationState<Value>`
  public var state = AnimationState<Value>()
  /// `public var isLogicallyComplete: Bool`
  public var isLogicallyComplete = false
  /// `public var environment: EnvironmentValues { get }`
  public let environment: EnvironmentValues
  /// Scripted host: SwiftUI makes the context.
  public init(environment: EnvironmentValues = EnvironmentValues()) { self.environment = environment }
}

/// `public struct EnvironmentValues : CustomStringConvertible` (explicitly not `Sendable`).
public struct EnvironmentValues: CustomStringConvertible {
  /// `public var accessibilityReduceMotion: Bool { get }`
  public let accessibilityReduceMotion: Bool
  /// `public init()`
  public init() { self.init(accessibilityReduceMotion: false) }
  /// Scripted host: the system's setting.
  public init(accessibilityReduceMotion: Bool) { self.accessibilityReduceMotion = accessibilityReduceMotion }
  public var description: String { "EnvironmentValues(accessibilityReduceMotion: \(accessibilityReduceMotion))" }
}

/// `public protocol AnimationStateKey` (iOS 17).
public protocol AnimationStateKey {
  /// animationstatekey/value
  associatedtype Value
  /// animationstatekey/defaultvalue: `static var defaultValue: Self.Value { get }`.
  static var defaultValue: Value { get }
}

/// `public struct AnimationState<Value> where Value : VectorArithmetic` (iOS 17; not `Sendable`).
public struct AnimationState<Value: VectorArithmetic> {
  var storage: [ObjectIdentifier: Any] = [:]
  public init() {}
  /// `public subscript<K>(key: K.Type) -> K.Value where K : AnimationStateKey { get set }`
  public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
    get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { storage[ObjectIdentifier(key)] = newValue }
  }
}

/// `@frozen public struct Animation : Equatable, Sendable` (and `Hashable`).
public struct Animation: Hashable, @unchecked Sendable {
  /// SwiftUI boxes the custom animation (`box: AnimationBoxBase`); a
  /// custom animation need not be `Sendable` (iOS 17.4), so the box is unchecked.
  let base: AnyHashable
  /// `public init<A>(_ base: A) where A : CustomAnimation` (iOS 17)
  public init<A: CustomAnimation>(_ base: A) { self.base = AnyHashable(base) }
  /// `Animation.default`, a static constant of the SDK.
  public static let `default` = Animation(_Linear())

  struct _Linear: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
      time < 0.35 ? value.scaled(by: time / 0.35) : nil
    }
  }
}

/// `public protocol CustomAnimation : Hashable` (iOS 17; not `Sendable` in the 17.4 SDK).
public protocol CustomAnimation: Hashable {
  /// `func animate<V>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? where V : VectorArithmetic`
  func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?
  /// `func velocity<V>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? where V : VectorArithmetic`
  func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?
  /// `func shouldMerge<V>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool where V : VectorArithmetic`
  func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool
}

extension CustomAnimation {
  /// The defaults the SDK's extension declares: no velocity, no merge.
  public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? { nil }
  public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
    false
  }
}

// MARK: - Views (the example)

/// `public protocol View` (iOS 13) with
/// `@ViewBuilder @MainActor(unsafe) var body: Self.Body { get }` in the 17.4 SDK; declared here as iOS 18's SDK has it (`@MainActor
/// @preconcurrency public protocol View`), the stricter of the two, which
/// is what Xcode 16 compiles an app against.
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  /// The body, main-actor isolated (see the protocol).
  @ViewBuilder var body: Body { get }
}

/// `@_functionBuilder public struct ViewBuilder` (a result builder).
@resultBuilder public struct ViewBuilder {
  /// `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// `extension Never : View` (the body of a primitive view).
extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("a primitive view has no body") }
}

/// A primitive view of the interface: it records nothing and has no body.
public protocol _PrimitiveView: View where Body == Never {}
extension _PrimitiveView {
  public var body: Never { fatalError("a primitive view has no body") }
}

/// `public protocol DynamicProperty`
public protocol DynamicProperty {}

/// `@frozen @propertyWrapper public struct State<Value> : DynamicProperty`
@propertyWrapper public struct State<Value>: DynamicProperty {
  final class Box { var value: Value; init(_ value: Value) { self.value = value } }
  let box: Box
  /// `public init(wrappedValue value: Value)`
  public init(wrappedValue value: Value) { box = Box(value) }
  /// `public var wrappedValue: Value { get nonmutating set }`
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }
}

/// `public protocol ShapeStyle : Sendable`
public protocol ShapeStyle: Sendable {}

/// `@frozen public struct Color : Hashable, CustomStringConvertible, Sendable`, a `ShapeStyle` and a `View`.
public struct Color: ShapeStyle, Hashable, CustomStringConvertible, _PrimitiveView {
  let name: String
  nonisolated public var description: String { name }
  /// `public static let orange: Color`
  public static let orange = Color(name: "orange")
}

extension ShapeStyle where Self == Color {
  /// `@_alwaysEmitIntoClient public static var orange: Color { get }`
  public static var orange: Color { Color.orange }
}

/// `public protocol Shape : Sendable, Animatable, View` (`Animatable` is not declared here).
public protocol Shape: Sendable, _PrimitiveView {}

/// `@frozen public struct RoundedRectangle : Shape`
public struct RoundedRectangle: Shape {
  public let cornerSize: CGSize
  /// `init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous)` (no `style` here)
  public init(cornerRadius: CGFloat) { cornerSize = CGSize(width: cornerRadius, height: cornerRadius) }
}

/// The result of a modifier of the interface: the view it modifies.
public struct _Modified<Content: View>: _PrimitiveView {
  public let content: Content
}

extension Shape {
  /// `func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> some View where S : ShapeStyle` (no `style` here)
  public func fill<S: ShapeStyle>(_ content: S) -> some View { _Modified(content: self) }
}

extension View {
  /// `func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View` (no `alignment` here)
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> some View { _Modified(content: self) }
  /// `func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View`
  public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { _Modified(content: self) }
}

/// `public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result`
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result { try body() }

/// `public struct Spring : Hashable, Sendable` (iOS 17): SwiftUI's own spring.
/// Declared so that code importing SwiftUI and Harmonic meets the name
/// clash here as it does on Apple platforms (write `Harmonic.Spring`).
public struct Spring: Hashable, Sendable {
  public let duration: TimeInterval, bounce: Double
  /// `public init(duration: TimeInterval = 0.5, bounce: Double = 0.0)`
  public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) { (self.duration, self.bounce) = (duration, bounce) }
  /// `public static var smooth: Spring { get }`
  public static var smooth: Spring { Spring() }
}

// MARK: - Scroll targets

/// CoreFoundation (CFCGTypes.h): `struct CGVector` with `init()` and
/// `init(dx:dy:)`; `Equatable` and `zero` from the CoreGraphics overlay
/// (not in Linux's Foundation).
public struct CGVector: Equatable, Sendable {
  public var dx: CGFloat, dy: CGFloat
  public init() { (dx, dy) = (0, 0) }
  public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
  public static var zero: CGVector { CGVector() }
}

/// `@frozen public struct UnitPoint : Hashable`, `Sendable`.
public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat, y: CGFloat
  public init(x: CGFloat, y: CGFloat) { (self.x, self.y) = (x, y) }
}

/// `@frozen public enum Axis : Int8, CaseIterable` (`Sendable`); `@frozen public struct Set : OptionSet` (`Sendable`).
public enum Axis: Int8, CaseIterable, Sendable {
  case horizontal, vertical
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1)
    public static let vertical = Set(rawValue: 2)
  }
}

/// `public struct ScrollTarget` (iOS 17; explicitly not `Sendable`).
public struct ScrollTarget {
  /// `public var rect: CGRect`
  public var rect: CGRect
  /// `public var anchor: UnitPoint?`
  public var anchor: UnitPoint?
  /// Scripted host: SwiftUI makes the target.
  public init(rect: CGRect, anchor: UnitPoint? = nil) { (self.rect, self.anchor) = (rect, anchor) }
}

/// `@dynamicMemberLookup public struct ScrollTargetBehaviorContext` (iOS 17; explicitly not `Sendable`).
@dynamicMemberLookup public struct ScrollTargetBehaviorContext {
  /// `public var originalTarget: ScrollTarget { get }`
  public let originalTarget: ScrollTarget
  /// `public var velocity: CGVector { get }`
  public let velocity: CGVector
  /// `public var contentSize: CGSize { get }`
  public let contentSize: CGSize
  /// `public var containerSize: CGSize { get }`
  public let containerSize: CGSize
  /// `public var axes: Axis.Set { get }`
  public let axes: Axis.Set
  /// Scripted host: the environment the dynamic members read.
  public let _environment: EnvironmentValues
  /// `public subscript<T>(dynamicMember keyPath: KeyPath<EnvironmentValues, T>) -> T { get }`
  public subscript<T>(dynamicMember keyPath: KeyPath<EnvironmentValues, T>) -> T { _environment[keyPath: keyPath] }
  /// Scripted host: SwiftUI makes the context.
  public init(
    originalTarget: ScrollTarget, velocity: CGVector, contentSize: CGSize, containerSize: CGSize, axes: Axis.Set,
    environment: EnvironmentValues = EnvironmentValues()
  ) {
    (self.originalTarget, self.velocity, self.contentSize, self.containerSize, self.axes) = (
      originalTarget, velocity, contentSize, containerSize, axes
    )
    _environment = environment
  }
}

/// `public protocol ScrollTargetBehavior` (iOS 17).
public protocol ScrollTargetBehavior {
  /// `typealias TargetContext = ScrollTargetBehaviorContext`
  typealias TargetContext = ScrollTargetBehaviorContext
  /// `func updateTarget(_ target: inout ScrollTarget, context: Self.TargetContext)`
  func updateTarget(_ target: inout ScrollTarget, context: TargetContext)
}

extension View {
  /// `public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View` (iOS 17).
  public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View { _Modified(content: self) }
}
#endif
