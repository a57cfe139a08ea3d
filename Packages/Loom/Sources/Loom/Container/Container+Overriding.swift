// MARK: - Registering in containers that forbid overrides

extension Container {
  /// Makes the registrations in `registrations`, throwing instead of trapping when one registers a
  /// key this container has already and its policy is ``OverridePolicy/forbid``.
  ///
  /// The colliding registration is not made; the error names both places. Under
  /// ``OverridePolicy/replace`` nothing collides.
  ///
  /// ```swift
  /// let container = Container(overridePolicy: .forbid)
  /// do {
  ///   try container.tryRegistering { c in
  ///     c.register(Database.self, lifetime: .singleton) { _ in SQLiteDatabase() }
  ///     c.register(lifetime: .singleton, UserService.init)
  ///   }
  /// } catch {
  ///   print(error)  // Database is registered twice …, with both places
  /// }
  /// ```
  ///
  /// - Parameter registrations: Registers into the container it is given.
  /// - Throws: ``ResolutionError/Code/duplicateRegistration`` for the first registration that
  ///   collides (the others are still made).
  public func tryRegistering(_ registrations: (Container) -> Void) throws(ResolutionError) {
    let collisions = Lock<[ResolutionError]>([])
    RegistrationMode.$current.withValue(.collecting(collisions)) { registrations(self) }
    if let first = collisions.value.first { throw first }
  }

  /// Makes the registrations in `registrations`, letting them replace this container's existing
  /// registrations even when its policy is ``OverridePolicy/forbid``: the per-call way to allow an
  /// override.
  ///
  /// ```swift
  /// container.replacing { c in
  ///   c.register((any APIClient).self) { _ in MockAPIClient() }
  /// }
  /// ```
  ///
  /// - Parameter registrations: Registers into the container it is given.
  /// - Returns: What `registrations` returns.
  /// - Throws: What `registrations` throws.
  @discardableResult
  public func replacing<Result>(_ registrations: (Container) throws -> Result) rethrows -> Result {
    try RegistrationMode.$current.withValue(.replacing) { try registrations(self) }
  }
}

/// How a registration that collides under ``Container/OverridePolicy/forbid`` is handled, for the
/// registrations made in ``Container/tryRegistering(_:)`` or ``Container/replacing(_:)``.
enum RegistrationMode: Sendable {
  /// Trap with the collision's message.
  case trapping
  /// Record the collision, and do not register.
  case collecting(Lock<[ResolutionError]>)
  /// Replace, as if the policy were ``Container/OverridePolicy/replace``.
  case replacing

  @TaskLocal static var current = RegistrationMode.trapping

  /// Whether a colliding registration replaces the existing one.
  var replaces: Bool {
    if case .replacing = self { return true }
    return false
  }
}
