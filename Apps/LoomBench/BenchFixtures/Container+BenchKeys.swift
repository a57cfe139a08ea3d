public import Loom

extension Container {
  /// The key-path singleton of `singleton.keypath`, declared with its default factory.
  ///
  /// ```swift
  /// let service = container.resolve(\.benchService)
  /// ```
  public var benchService: Dependency<Service> {
    Dependency(.singleton) { _ in Service(id: 3) }
  }
}
