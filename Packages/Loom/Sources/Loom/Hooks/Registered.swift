/// The registration a `register` call just made: decorate its instances, or wire them once they
/// exist.
///
/// Every `register` that takes a factory or an initializer returns one; ignore it, or chain its
/// modifiers onto the call, as Swinject chains `initCompleted` and Factory its `decorator`:
///
/// ```swift
/// container.register(Parent.self, lifetime: .graph) { _ in Parent() }
///   .onCreated(dependencies: [DependencyKey(Child.self)]) { r, parent in
///     parent.child = try r.tryResolve(Child.self)  // Child(parent:) gets this same Parent
///   }
/// container.register((any APIClient).self, lifetime: .singleton) { _ in LiveAPIClient() }
///   .decorated { _, client in LoggingAPIClient(wrapping: client) }
/// ```
///
/// Each modifier installs the registration again with the addition, in the same container, at the
/// same place (so ``Container/OverridePolicy/forbid`` does not object, and ``Container/dump()``
/// shows one registration). Apply modifiers before resolving: an instance made before is dropped.
/// A handle whose key has been registered again since changes nothing; one whose registration got
/// context alternatives since (``Container/when(_:_:for:dependencies:factory:)``) amends it with
/// them, so its decorator and completion apply to what they make too.
public struct Registered<Value>: Sendable {
  let container: Container
  let registration: Registration

  init(container: Container, registration: Registration) {
    self.container = container
    self.registration = registration
  }

  /// The key of the registration.
  ///
  /// ```swift
  /// let key = container.register(Clock.self) { _ in SystemClock() }.key
  /// ```
  public var key: DependencyKey { registration.key }

  /// Applies `decorate` to every new instance the registration makes, before its lifetime keeps
  /// it; what `decorate` returns is the instance.
  ///
  /// The decorator receives the new instance and hands back what it made of it (both `sending`,
  /// so that a value that is not `Sendable` stays this resolve's alone). A decorator marked
  /// `@MainActor` (or written in a `@MainActor` function) runs on the main actor, with the factory.
  ///
  /// It runs once per instance, whatever the lifetime: for each transient, once per singleton.
  /// Instances served from a cache are not decorated again. Use it to wrap a value (logging,
  /// metrics) or to configure it. It runs as part of the factory, and what it resolves is part of
  /// the registration's edges: declare them in `dependencies` (`[]` when it resolves nothing), and
  /// the graph and ``Container/validate(_:)`` see them at once. When it declares none, its
  /// resolves are recorded the first time the registration makes an instance, like those of a
  /// closure factory, and until then ``Container/validate(_:)`` lists the registration in
  /// ``ValidationReport/unseen``.
  ///
  /// ```swift
  /// container.register((any Analytics).self, lifetime: .singleton) { _ in LiveAnalytics() }
  ///   .decorated(dependencies: [DependencyKey(\Container.sampleRate)]) { r, analytics in
  ///     SampledAnalytics(analytics, rate: try r.tryResolve(\.sampleRate))
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - dependencies: The keys `decorate` resolves, declared for the graph and
  ///     ``Container/validate(_:)``; `[]` declares that it resolves none. When nil, they are
  ///     recorded the first time it runs, and validation cannot see them before.
  ///   - decorate: Receives the resolver and the new instance; returns the instance to keep (the
  ///     same one, or a wrapper). It may throw, and the resolve fails as if the factory had
  ///     thrown.
  /// - Returns: The handle of the decorated registration.
  @discardableResult
  public func decorated(
    dependencies: [DependencyKey]? = nil,
    @_inheritActorContext _ decorate:
      @escaping @isolated(any) @Sendable (Resolver, sending Value) throws -> sending Value
  ) -> Registered {
    decorated(by: Decorator(sending: decorate), dependencies: dependencies)
  }

  /// Installs the registration again with `decorator` applied to its factory; `dependencies` are
  /// the keys it resolves (nil when not declared).
  private func decorated(by decorator: Decorator<Value>, dependencies: [DependencyKey]?)
    -> Registered
  {
    amend { registration in
      var closure = registration.factory(as: Value.self).closure.mapped(
        decorator, of: registration.key)
      if let completion = registration.extras?.completion {
        closure = closure.completed(
          by: completion, of: registration.key, sharing: registration.sharing)
      }
      return registration.with(
        factory: Factory(closure), extras: registration.extras,
        decoratorDependencies: .some(dependencies))
    }
  }

  /// Runs `body` on each new instance once the graph of the resolve that made it is complete:
  /// Swinject's `initCompleted` timing, for back-references.
  ///
  /// When the outermost resolve's factories have all returned, the completions of the instances
  /// it made run, in the order the instances were made (a child's before its parent's), before the
  /// resolve returns; completions of instances they make in turn run after them. Each instance is
  /// completed once. Because its instance is kept by then, what `body` resolves finds it: a
  /// `.graph`, singleton or weak parent's child whose initializer takes the parent gets this very
  /// parent, whichever of the two was resolved first. A transient one cannot be found again, so a
  /// transient parent whose completion makes a child that takes a parent is a
  /// ``ResolutionError/Code/cycle``, which ``Container/validate(_:)`` reports before anything runs.
  /// If the resolve fails, the completions of the instances that stay kept (cached) still run.
  ///
  /// For a cached lifetime, another thread may receive the instance before `body` has run: set up
  /// only what such a reader may safely see half done.
  ///
  /// A body marked `@MainActor` (or written in a `@MainActor` function) runs on the main actor,
  /// and so does the factory then (a synchronous factory with no isolation of its own runs there
  /// with it; one isolated to another actor fails with a message saying so).
  ///
  /// The graph shows the keys in `dependencies` as edges after creation
  /// (``DependencyGraph/Edge/isAfterCreation``): ``Container/validate(_:)`` reports them when
  /// missing, checks them for captive lifetimes and asynchronous factories as the factory's own,
  /// and counts them in a cycle only from a transient registration. When `dependencies` is nil,
  /// what `body` resolves is recorded the first time it runs, like a closure factory's resolves,
  /// and until then ``Container/validate(_:)`` lists the registration in
  /// ``ValidationReport/unseen``.
  ///
  /// ```swift
  /// final class Parent: @unchecked Sendable { var child: Child? }  // guarded by its owner
  /// final class Child: Sendable { unowned let parent: Parent; init(parent: Parent) { ... } }
  ///
  /// container.register(Parent.self, lifetime: .graph) { _ in Parent() }
  ///   .onCreated(dependencies: [DependencyKey(Child.self)]) { r, parent in
  ///     parent.child = try r.tryResolve(Child.self)
  ///   }
  /// container.register(Child.init)
  /// ```
  ///
  /// - Parameters:
  ///   - dependencies: The keys `body` resolves, for the graph and ``Container/validate(_:)``;
  ///     `[]` declares that it resolves none. When nil, they are recorded the first time it runs,
  ///     and validation cannot see them before.
  ///   - body: Receives a resolver of the resolve that made the instance, and the instance. It may
  ///     throw, and the resolve fails as if the factory had thrown (the instance stays kept).
  /// - Returns: The handle of the registration with the completion (replacing an earlier one).
  @discardableResult
  public func onCreated(
    dependencies: [DependencyKey]? = nil,
    @_inheritActorContext
    _ body: @escaping @isolated(any) @Sendable (Resolver, Value) throws -> Void
  ) -> Registered {
    amend { registration in
      let completion = Completion(body)
      let extras =
        registration.extras?.replacingCompletion(completion, dependencies: dependencies)
        ?? RegistrationExtras(completion: completion, completionDependencies: dependencies)
      let closure = registration.factory(as: Value.self).closure.completed(
        by: completion, of: registration.key, sharing: registration.sharing)
      return registration.with(factory: Factory(closure), extras: extras)
    }
  }

  /// Installs `make(registration)` in place of this handle's registration, if it is still there.
  private func amend(_ make: (Registration) -> Registration) -> Registered {
    guard let amended = container.amend(registration, make) else { return self }
    return Registered(container: container, registration: amended)
  }
}

extension Container {
  /// Installs `make(registration)` where `registration` is installed in this container; returns
  /// it, or nil when `registration` is not installed here any more.
  func amend(_ registration: Registration, _ make: (Registration) -> Registration)
    -> Registration?
  {
    var retired: [any AnyObject & Sendable] = []
    let amended = registry.withLock { state -> Registration? in
      guard let entry = entry(for: registration.key, in: &state) else { return nil }
      // It may carry context alternatives added since (`when(_:_:for:)`): amend it with them,
      // so that a decorator or completion applies to what they make too.
      guard
        entry.registration === registration
          || withoutAddedContexts(entry.registration, in: state) === registration
      else { return nil }
      let replacement = make(entry.registration)
      replace(entry, with: Entry(replacement), in: &state, retiring: &retired)
      return replacement
    }
    release(retired)
    return amended
  }
}
