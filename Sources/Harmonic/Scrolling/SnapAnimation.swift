/// How a snap animates.
public enum SnapAnimation: Sendable, Hashable {
  case spring(SpringMotion)
  case deceleration(ScrollDeceleration)
}
