@_spi(LoomInternals) import Loom

extension Lock {
  /// Appends to an array value.
  func append<Element: Sendable>(_ element: Element) where State == [Element] {
    withLock { $0.append(element) }
  }
}
