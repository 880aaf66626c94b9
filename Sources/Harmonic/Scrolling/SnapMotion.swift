/// How a snapped scroll moves to its target: a spring, or a deceleration
/// whose rate was chosen to rest exactly on it. A ``Motion`` of the offset
/// (points), from the release's tick (``Snapping/Decision/motion(spring:start:)``).
public enum SnapMotion: Sendable, Hashable {
  case spring(SpringMotion)
  case deceleration(ScrollDeceleration)
}
