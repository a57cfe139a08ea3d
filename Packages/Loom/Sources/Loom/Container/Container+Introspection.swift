// MARK: - Asking what a container holds

extension Container {
  /// Whether a resolve of `key` from this container would be served an instance already made,
  /// without building, installing or changing anything: Factory's `isEmpty(.scope)` turned
  /// around, Swinject's question of whether a scope holds an instance.
  ///
  /// It looks at the registration a resolve would use (here or in an ancestor; in an isolated
  /// child, the child's own copy): a singleton's, eager singleton's or `.once` instance once made,
  /// a weak one while something holds it, a custom lifetime's while its cache keeps it. A
  /// transient or `.graph` registration keeps nothing, so it is false, and so is a key nothing
  /// registers (a key path's declared default counts once it was resolved or declared).
  ///
  /// ```swift
  /// container.register(Database.self, lifetime: .singleton) { _ in Database() }
  /// container.hasInstance(DependencyKey(Database.self))  // false
  /// _ = container.resolve(Database.self)
  /// container.hasInstance(DependencyKey(Database.self))  // true
  /// container.reset(Database.self)
  /// container.hasInstance(DependencyKey(Database.self))  // false
  /// ```
  ///
  /// - Parameter key: The key, as made from a type (and name) or a key path.
  /// - Returns: Whether its instance is kept now. (Another thread may make or drop it at once.)
  public func hasInstance(_ key: DependencyKey) -> Bool {
    guard var (entry, owner) = lineageEntry(for: key) else { return false }
    if isInIsolatedLineage, owner !== self, let sandbox, sandbox.descends(from: owner) {
      // The isolated child makes its own instance, in its own copy of the registration.
      guard let copied = sandbox.localEntry(for: key) else { return false }
      (entry, owner) = (copied, sandbox)
    }
    let registration = entry.registration
    switch registration.lifetimeKind {
    case .transient, .graph:
      return false
    case .singleton, .weak:
      return entry.slot.currentObject() != nil
    case .once:
      return owner.onceInstances.existingSlot(for: registration)?.currentObject() != nil
    case .custom:
      let lifetime = registration.customLifetime.unsafelyUnwrapped
      let context = LifetimeContext(
        registration: registration, owner: owner, requester: self,
        location: registration.location)
      // A lifetime that has no cache here (a session's outside a session) keeps nothing.
      guard let cache = try? lifetime.instanceCache(for: context) else { return false }
      return cache.box(of: registration) != nil
    }
  }
}
