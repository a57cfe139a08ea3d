import Loom

/// The value of a cached member of a `@Component(mainActor: true)`, kept where only the main actor
/// reads it, so that the member's type need not be `Sendable`.
///
/// A main-actor component keeps each synchronous `.shared`, `.lazy` and `.once` member in a
/// `_SharedCell<_MainActorBox<Value>>`, and its overrides in a `_MainActorBox<Value>?`. The box is
/// isolated to the main actor, which makes it `Sendable` whatever `Value` is: the component, its
/// cells and its overrides cross isolations freely, and the value inside is made, read and
/// replaced on the main actor only (Swift checks each access), as the component's members are.
///
/// ```swift
/// // @Provide(.shared, with: []) var cache: ImageCache  (ImageCache is not Sendable)
/// // in a @Component(mainActor: true), `@Component` generates:
/// _loom.cells.cache.get { _MainActorBox(_loomMake(self)) }.value
/// ```
@_documentation(visibility: private)
@MainActor
public final class _MainActorBox<Value> {
  /// The member's value.
  ///
  /// ```swift
  /// let cache = box.value
  /// ```
  public let value: Value

  /// Keeps `value`.
  ///
  /// ```swift
  /// let box = _MainActorBox(ImageCache())
  /// ```
  ///
  /// - Parameter value: The member's value.
  public init(_ value: Value) {
    self.value = value
  }
}

extension Container {
  /// Registers a member of a main-actor component whose type is not `Sendable`, read by `read`,
  /// with `lifetime` confined to the main actor: what the installer and the handle container
  /// both register for such a member.
  ///
  /// ```swift
  /// container.registerMainActorMember(
  ///   ImageCache.self, name: "cache", lifetime: .singleton, dependencies: [], fileID: #fileID,
  ///   line: #line
  /// ) { component.cache }
  /// ```
  func registerMainActorMember<Value>(
    _ type: Value.Type, name: String?, lifetime: Lifetime, dependencies: [DependencyKey]?,
    fileID: StaticString, line: UInt, _ read: @escaping @MainActor @Sendable () throws -> Value
  ) {
    register(
      type, name: name, lifetime: .mainActor(lifetime), dependencies: dependencies,
      fileID: fileID, line: line
    ) { @MainActor _ throws -> sending Value in
      // NB: `nonisolated(unsafe)` is safe here: it only lets the member's value be returned as
      // `sending`, and the value does not leave the main actor. A cached member's value (kept by
      // the component, on the main actor) is registered with a cached lifetime confined to the
      // main actor, which the container keeps and serves there only; a transient member's getter
      // makes a new value for each read, which nothing else holds.
      nonisolated(unsafe) let value = try read()
      return value
    }
  }
}
