// The shapes of the SwiftUI API Harmonic's SwiftUI shim and example use (see
// UIKit.swift for what this module is). Pages are under
// https://developer.apple.com/documentation/swiftui/.

#if os(Linux)
/// vectorarithmetic: `protocol VectorArithmetic : AdditiveArithmetic`.
public protocol VectorArithmetic: AdditiveArithmetic {
  /// vectorarithmetic/scale(by:)
  mutating func scale(by rhs: Double)
  /// vectorarithmetic/magnitudesquared
  var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
  /// vectorarithmetic/scaled(by:) (iOS 17): `func scaled(by rhs: Double) -> Self`.
  public func scaled(by rhs: Double) -> Self {
    var copy = self
    copy.scale(by: rhs)
    return copy
  }
}

/// double: `extension Double : VectorArithmetic`.
extension Double: VectorArithmetic {
  public mutating func scale(by rhs: Double) { self *= rhs }
  public var magnitudeSquared: Double { self * self }
}

/// animationcontext: `struct AnimationContext<Value> where Value : VectorArithmetic` (iOS 17).
public struct AnimationContext<Value: VectorArithmetic> {
  /// animationcontext/environment: `var environment: EnvironmentValues { get }`.
  public let environment: EnvironmentValues
  /// animationcontext/state: `var state: AnimationState<Value>`.
  public var state = AnimationState<Value>()
  /// Scripted host: SwiftUI makes the context.
  public init(environment: EnvironmentValues = EnvironmentValues()) { self.environment = environment }
}

/// environmentvalues: `struct EnvironmentValues`.
public struct EnvironmentValues {
  /// environmentvalues/accessibilityreducemotion: `var accessibilityReduceMotion: Bool { get }`.
  public let accessibilityReduceMotion: Bool
  /// Scripted host: SwiftUI makes the values.
  public init(accessibilityReduceMotion: Bool = false) { self.accessibilityReduceMotion = accessibilityReduceMotion }
}

/// animationstatekey: `protocol AnimationStateKey` (iOS 17).
public protocol AnimationStateKey {
  /// animationstatekey/value
  associatedtype Value
  /// animationstatekey/defaultvalue: `static var defaultValue: Self.Value { get }`.
  static var defaultValue: Value { get }
}

/// animationstate: `struct AnimationState<Value> where Value : VectorArithmetic` (iOS 17).
public struct AnimationState<Value: VectorArithmetic> {
  var storage: [ObjectIdentifier: Any] = [:]
  public init() {}
  /// animationstate/subscript(_:): `subscript<K>(key: K.Type) -> K.Value where K : AnimationStateKey { get set }`.
  public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
    get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { storage[ObjectIdentifier(key)] = newValue }
  }
}

/// animation: `@frozen struct Animation`, `Equatable`, `Sendable`.
public struct Animation: Equatable, Sendable {
  let base: any CustomAnimation
  /// animation/init(_:) (iOS 17): `init<A>(_ base: A) where A : CustomAnimation`.
  public init<A: CustomAnimation>(_ base: A) { self.base = base }
  /// animation/default
  public static let `default` = Animation(_Linear())
  public static func == (lhs: Animation, rhs: Animation) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }

  struct _Linear: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
      time < 0.35 ? value.scaled(by: time / 0.35) : nil
    }
  }
}

/// customanimation: `protocol CustomAnimation : Hashable, Sendable` (iOS 17).
public protocol CustomAnimation: Hashable, Sendable {
  /// customanimation/animate(value:time:context:)
  func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?
  /// customanimation/velocity(value:time:context:)
  func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?
  /// customanimation/shouldmerge(previous:value:time:context:)
  func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool
}

extension CustomAnimation {
  /// The defaults SwiftUI documents: no velocity, no merge.
  public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? { nil }
  public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
    false
  }
}

// MARK: - Views (the example)

/// view: `@MainActor @preconcurrency protocol View`.
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  /// view/body-8kl5o: `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @ViewBuilder var body: Body { get }
}

/// viewbuilder: `@resultBuilder struct ViewBuilder`.
@resultBuilder public struct ViewBuilder {
  /// viewbuilder/buildblock(_:)
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// never: `extension Never : View` (the body of a primitive view).
extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("a primitive view has no body") }
}

/// A primitive view of the interface: it records nothing and has no body.
public protocol _PrimitiveView: View where Body == Never {}
extension _PrimitiveView {
  public var body: Never { fatalError("a primitive view has no body") }
}

/// dynamicproperty: `protocol DynamicProperty`.
public protocol DynamicProperty {}

/// state: `@frozen @propertyWrapper struct State<Value> : DynamicProperty`.
@propertyWrapper public struct State<Value>: DynamicProperty {
  final class Box { var value: Value; init(_ value: Value) { self.value = value } }
  let box: Box
  /// state/init(wrappedvalue:)
  public init(wrappedValue value: Value) { box = Box(value) }
  /// state/wrappedvalue: `var wrappedValue: Value { get nonmutating set }`.
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }
}

/// shapestyle: `protocol ShapeStyle : Sendable`.
public protocol ShapeStyle: Sendable {}

/// color: `@frozen struct Color`, `ShapeStyle`, `View`.
public struct Color: ShapeStyle, Hashable, _PrimitiveView {
  let name: String
  /// color/orange
  public static let orange = Color(name: "orange")
}

extension ShapeStyle where Self == Color {
  /// shapestyle/orange: `static var orange: Color { get }`.
  public static var orange: Color { Color.orange }
}

/// shape: `protocol Shape : Sendable, Animatable, View`.
public protocol Shape: Sendable, _PrimitiveView {}

/// roundedrectangle: `@frozen struct RoundedRectangle : Shape`.
public struct RoundedRectangle: Shape {
  public let cornerSize: CGSize
  /// roundedrectangle/init(cornerradius:style:)
  public init(cornerRadius: CGFloat) { cornerSize = CGSize(width: cornerRadius, height: cornerRadius) }
}

/// The result of a modifier of the interface: the view it modifies.
public struct _Modified<Content: View>: _PrimitiveView {
  public let content: Content
}

extension Shape {
  /// shape/fill(_:style:): `func fill<S>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> some View where S : ShapeStyle`.
  public func fill<S: ShapeStyle>(_ content: S) -> some View { _Modified(content: self) }
}

extension View {
  /// view/frame(width:height:alignment:)
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> some View { _Modified(content: self) }
  /// view/ontapgesture(count:perform:)
  public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { _Modified(content: self) }
}

/// withanimation(_:_:): `func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result`.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result { try body() }
// MARK: - Scroll targets

/// cgvector (CoreGraphics): `struct CGVector` (not in Linux's Foundation).
public struct CGVector: Hashable, Sendable {
  public var dx: CGFloat, dy: CGFloat
  public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
}

/// unitpoint: `@frozen struct UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat, y: CGFloat
  public init(x: CGFloat, y: CGFloat) { (self.x, self.y) = (x, y) }
}

/// axis: `@frozen enum Axis`; axis/set: `@frozen struct Set : OptionSet`.
public enum Axis: Int8, Sendable {
  case horizontal, vertical
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1)
    public static let vertical = Set(rawValue: 2)
  }
}

/// scrolltarget: `struct ScrollTarget` (iOS 17).
public struct ScrollTarget: Sendable {
  /// scrolltarget/rect: `var rect: CGRect`.
  public var rect: CGRect
  /// scrolltarget/anchor: `var anchor: UnitPoint?`.
  public var anchor: UnitPoint?
  /// Scripted host: SwiftUI makes the target.
  public init(rect: CGRect, anchor: UnitPoint? = nil) { (self.rect, self.anchor) = (rect, anchor) }
}

/// scrolltargetbehaviorcontext: `@dynamicMemberLookup struct ScrollTargetBehaviorContext` (iOS 17).
public struct ScrollTargetBehaviorContext: Sendable {
  /// scrolltargetbehaviorcontext/originaltarget: `var originalTarget: ScrollTarget { get }`.
  public let originalTarget: ScrollTarget
  /// scrolltargetbehaviorcontext/velocity: `var velocity: CGVector { get }`.
  public let velocity: CGVector
  /// scrolltargetbehaviorcontext/contentsize: `var contentSize: CGSize { get }`.
  public let contentSize: CGSize
  /// scrolltargetbehaviorcontext/containersize: `var containerSize: CGSize { get }`.
  public let containerSize: CGSize
  /// scrolltargetbehaviorcontext/axes: `var axes: Axis.Set { get }`.
  public let axes: Axis.Set
  /// Scripted host: SwiftUI makes the context.
  public init(originalTarget: ScrollTarget, velocity: CGVector, contentSize: CGSize, containerSize: CGSize, axes: Axis.Set) {
    (self.originalTarget, self.velocity, self.contentSize, self.containerSize, self.axes) = (
      originalTarget, velocity, contentSize, containerSize, axes
    )
  }
}

/// scrolltargetbehavior: `protocol ScrollTargetBehavior` (iOS 17).
public protocol ScrollTargetBehavior {
  /// scrolltargetbehavior/targetcontext: `typealias TargetContext = ScrollTargetBehaviorContext`.
  typealias TargetContext = ScrollTargetBehaviorContext
  /// scrolltargetbehavior/updatetarget(_:context:): `func updateTarget(_ target: inout ScrollTarget, context: Self.TargetContext)`.
  func updateTarget(_ target: inout ScrollTarget, context: TargetContext)
}

extension View {
  /// view/scrolltargetbehavior(_:): `func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View` (iOS 17).
  public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View { _Modified(content: self) }
}
#endif
