extension Container {
  /// Registers an implementation for `type`, a protocol say, in one call: the implementation's
  /// initializer, every parameter resolved by type (auto-wiring).
  ///
  /// Resolving `type` runs the initializer and returns what it makes as `type`, with the lifetime
  /// given; the implementation itself is not registered under its own key. The parameters' types
  /// are the registration's edges in the graph, known without running it, and a ``Lazy`` or
  /// ``Provider`` parameter defers its resolve. The compiler checks that the implementation is a
  /// `type`. (With LoomMacros, an `@Injectable` implementation is given by its type instead:
  /// `register((any APIClient).self, implementedBy: LiveAPIClient.self)`.)
  ///
  /// ```swift
  /// // final class LiveAPIClient: APIClient { init(http: HTTPClient, config: AppConfig) }
  /// container.register((any APIClient).self, implementedBy: LiveAPIClient.init, lifetime: .singleton)
  /// let api = container.resolve((any APIClient).self)  // a LiveAPIClient, built once
  /// ```
  ///
  /// It is the same registration as `register((any APIClient).self, lifetime: .singleton,
  /// LiveAPIClient.init)`, with the implementation named where a reader looks for it.
  ///
  /// > Important: In a container made with ``OverridePolicy/forbid``, registering a key twice
  /// > traps with a ``ResolutionError/Code/duplicateRegistration`` message naming both places.
  ///
  /// - Parameters:
  ///   - type: The type resolved by this registration, such as `(any APIClient).self`.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - initializer: The implementation's initializer, whose parameters are resolved by type.
  ///   - lifetime: How long instances live; the container's ``defaultLifetime`` (transient unless
  ///     changed) when nil.
  ///   - fileID: Where the registration is made, for ``dump()`` and errors.
  ///   - line: The line of the registration.
  @inlinable @_disfavoredOverload
  public func register<Value: Sendable, each Parameter>(
    _ type: Value.Type, name: String? = nil,
    implementedBy initializer: @escaping @Sendable (repeat each Parameter) throws -> Value,
    lifetime: Lifetime? = nil, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    // NB: disfavoured because a trailing closure after `register(T.self)` may fill
    // `implementedBy:` (every parameter after it has a default), which would make the initializer
    // form `register(T.self) { (config: Config) in ... }` ambiguous. Written with its label, only
    // this overload matches.
    register(type, name: name, lifetime: lifetime, fileID: fileID, line: line, initializer)
  }
}
