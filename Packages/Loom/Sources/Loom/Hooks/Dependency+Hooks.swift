// MARK: - Decorating and completing a declaration's instances

extension Dependency {
  /// Applies `decorate` to every new instance the declaration's default makes (whichever context
  /// alternative made it), before its lifetime keeps it: Factory's `decorator`, on new instances
  /// only.
  ///
  /// Decorators run in the order they are declared. A registration of the key path replaces the
  /// default, decorators included. ``Registered/decorated(dependencies:_:)`` does the same for a
  /// registration, and says how the keys a decorator resolves reach the graph. The decorator
  /// receives the new instance and hands back what it made of it (both `sending`, so that a value
  /// that is not `Sendable` stays this resolve's alone). A decorator marked `@MainActor` (or
  /// written in a `@MainActor` function) runs on the main actor, with the factory.
  ///
  /// ```swift
  /// var analytics: Dependency<any Analytics> {
  ///   Dependency(.singleton) { _ in LiveAnalytics() }
  ///     .decorated { _, analytics in LoggingAnalytics(wrapping: analytics) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - dependencies: The keys `decorate` resolves, declared for the graph and
  ///     ``Container/validate(_:)``; `[]` declares that it resolves none. When nil, they are
  ///     recorded the first time it runs, and validation cannot see them before.
  ///   - decorate: Receives the resolver and the new instance; returns the instance to keep. It
  ///     may throw, and the resolve fails as if the factory had thrown.
  /// - Returns: The declaration with the decorator.
  public func decorated(
    dependencies: [DependencyKey]? = nil,
    @_inheritActorContext _ decorate:
      @escaping @isolated(any) @Sendable (Resolver, sending Value) throws -> sending Value
  ) -> Dependency {
    var declaration = self
    declaration.extras.decorators.append(Decorator(sending: decorate))
    if let dependencies {
      declaration.extras.decoratorDependencies += dependencies
    } else {
      declaration.extras.hasUndeclaredDecorator = true
    }
    return declaration
  }

  /// Runs `body` on each new instance of the declaration's default once the graph of the resolve
  /// that made it is complete: Swinject's `initCompleted`.
  ///
  /// What `body` resolves finds the instance where its lifetime keeps it, so a `.graph` parent and
  /// the child it resolves here can point at each other, whichever of the two is resolved first.
  /// See ``Registered/onCreated(dependencies:_:)`` for the details; a second `onCreated` replaces
  /// the first. A body marked `@MainActor` (or written in a `@MainActor` function) runs on the
  /// main actor, with the factory.
  ///
  /// ```swift
  /// var parent: Dependency<Parent> {
  ///   Dependency(.graph) { _ in Parent() }
  ///     .onCreated(dependencies: [DependencyKey(Child.self)]) { r, parent in
  ///       parent.child = try r.tryResolve(Child.self)
  ///     }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - dependencies: The keys `body` resolves, shown as edges after creation in the graph; `[]`
  ///     declares that it resolves none. When nil, they are recorded the first time it runs.
  ///   - body: Receives a resolver of the resolve that made the instance, and the instance.
  /// - Returns: The declaration with the completion.
  public func onCreated(
    dependencies: [DependencyKey]? = nil,
    @_inheritActorContext
    _ body: @escaping @isolated(any) @Sendable (Resolver, Value) throws -> Void
  ) -> Dependency {
    var declaration = self
    declaration.extras.completion = Completion(body)
    declaration.extras.completionDependencies = dependencies
    return declaration
  }
}
