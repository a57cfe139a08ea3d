/// A registration's factory, in one of the forms Loom can run, as a registration API receives it.
///
/// Its value need not be `Sendable`: the registration APIs decide which values may be shared (see
/// ``ConfinedLifetime``), and the engine never shares one that may not.
@usableFromInline
enum FactoryClosure<Value>: Sendable {
  /// A synchronous factory with no isolation.
  case sync(@Sendable (Resolver) throws -> sending Value)
  /// An asynchronous factory (which hops to its own isolation, if it has one).
  case async(@Sendable (Resolver) async throws -> sending Value)
  /// A synchronous factory isolated to the main actor.
  case mainActor(@MainActor @Sendable (Resolver) throws -> sending Value)
  /// A synchronous factory isolated to another actor, stripped of its isolation: the engine calls
  /// it only where it knows that actor runs (see `Engine/Isolation.swift`).
  case isolated(any Actor, @Sendable (Resolver) throws -> sending Value)
  /// An `ArgumentFactory<Value, repeat each Argument>`, and how its arguments read.
  case withArguments(any Sendable, String)
}

extension FactoryClosure where Value: Sendable {
  /// The form of a synchronous `@isolated(any)` factory of a `Sendable` value, as its isolation
  /// says.
  @usableFromInline
  static func sync(
    isolated make: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
  ) -> Self {
    sync(stripped: strippingIsolation(make), isolation: make.isolation)
  }

  /// The form of an asynchronous `@isolated(any)` factory of a `Sendable` value (it hops to its
  /// isolation itself).
  @usableFromInline
  static func async(
    isolated make: @escaping @isolated(any) @Sendable (Resolver) async throws -> Value
  ) -> Self {
    .async({ r in
      // NB: the factory uses the resolver on its actor while this task waits for it.
      nonisolated(unsafe) let r = r
      return try await make(r)
    })
  }

  /// A synchronous factory of a `Sendable` value with no isolation.
  @usableFromInline
  static func sync(sendable make: @escaping @Sendable (Resolver) throws -> Value) -> Self {
    .sync(sendingResult(make))
  }

  /// A synchronous main-actor factory of a `Sendable` value.
  @usableFromInline
  static func mainActor(sendable make: @escaping @MainActor @Sendable (Resolver) throws -> Value)
    -> Self
  {
    .mainActor({ r in try make(r) })
  }

  /// An asynchronous factory of a `Sendable` value with no isolation.
  @usableFromInline
  static func async(sendable make: @escaping @Sendable (Resolver) async throws -> Value) -> Self {
    .async({ r in try await make(r) })
  }
}

extension FactoryClosure {
  /// The form of a synchronous `@isolated(any)` factory whose result is `sending`.
  @usableFromInline
  static func sync(
    isolatedSending make: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value
  ) -> Self {
    sync(stripped: strippingIsolation(sending: make), isolation: make.isolation)
  }

  /// The form of an asynchronous `@isolated(any)` factory whose result is `sending`.
  @usableFromInline
  static func async(
    isolatedSending make:
      @escaping @isolated(any) @Sendable (Resolver) async throws -> sending Value
  ) -> Self {
    .async({ r in
      // NB: the factory uses the resolver on its actor while this task waits for it.
      nonisolated(unsafe) let r = r
      return try await make(r)
    })
  }

  /// The form of a synchronous factory already stripped of `isolation`.
  @usableFromInline
  static func sync(
    stripped make: @escaping @Sendable (Resolver) throws -> sending Value,
    isolation: (any Actor)?
  ) -> Self {
    guard let isolation else { return .sync(make) }
    guard isMainActor(isolation) else { return .isolated(isolation, make) }
    return .mainActor({ r in try make(r) })
  }

  /// This factory for a registration with `lifetime`: one whose instance is shared on the main
  /// actor only is made there too (a factory with no isolation runs on the main actor; one
  /// isolated to another actor, or an asynchronous one, cannot make it and fails).
  @usableFromInline
  func confined(_ lifetime: ConfinedLifetime, of key: DependencyKey) -> Self {
    guard lifetime.sharing == .mainActor else { return self }
    switch self {
    case .sync(let make):
      return .mainActor({ r in try make(r) })
    case .mainActor, .withArguments:
      return self
    case .isolated(let actor, _):
      return .conflicting(key, actor, MainActor.shared, part: "its lifetime")
    case .async:
      return .sync { resolver in
        throw ResolutionError(
          .asyncRequired, key: key, chain: resolver.context.keys,
          summary: "\(key) is shared on the main actor only, but its factory is asynchronous",
          hint: "make its factory synchronous (it runs on the main actor), or make"
            + " \(typeName(key.valueType)) Sendable.",
          location: resolver.context.location)
      }
    }
  }

  /// The factory's isolation: the actor a synchronous factory must run on (none for an
  /// asynchronous one, which hops there itself).
  var isolation: (any Actor)? {
    switch self {
    case .sync, .async, .withArguments: nil
    case .mainActor: MainActor.shared
    case .isolated(let actor, _): actor
    }
  }
}
