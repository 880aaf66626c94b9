/// The axis content scrolls along.
public enum ScrollAxis: Sendable, Hashable, CaseIterable {
  case vertical
  case horizontal
}
