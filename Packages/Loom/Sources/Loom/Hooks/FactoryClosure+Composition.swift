// MARK: - Composing factories

/// A decorator as the registration APIs hand it over: its isolation, its body stripped of it (run
/// after a synchronous factory, on the same actor) and its body awaited (after an asynchronous
/// one, which hops to its isolation).
///
/// Both bodies take and return the instance as `sending`: a decorator of a value that is not
/// `Sendable` receives the new instance and hands back what it made of it, and nothing else keeps
/// either.
struct Decorator<Value>: Sendable {
  let isolation: (any Actor)?
  let sync: @Sendable (Resolver, sending Value) throws -> sending Value
  let async: @Sendable (Resolver, sending Value) async throws -> sending Value
}

extension Decorator {
  /// The decorator of a value that is not `Sendable`.
  init(
    sending decorate:
      @escaping @isolated(any) @Sendable (Resolver, sending Value) throws -> sending Value
  ) {
    self.init(
      isolation: decorate.isolation, sync: strippingIsolation(decorator: decorate),
      async: { r, value in
        // NB: the decorator uses the resolver on its actor while this task waits for it.
        nonisolated(unsafe) let r = r
        return try await decorate(r, value)
      })
  }
}

extension FactoryClosure {
  /// This factory with `decorator` applied to every value it makes, in the same form (an
  /// asynchronous factory stays asynchronous; a synchronous one runs on its actor, or on the
  /// decorator's when it has none). A factory with runtime arguments is returned as it is.
  func mapped(_ decorator: Decorator<Value>, of key: DependencyKey) -> Self {
    switch self {
    case .sync(let make):
      return .sync(
        stripped: { r in try decorator.sync(r, try make(r)) }, isolation: decorator.isolation)
    case .mainActor(let make):
      guard decorator.isolation.map(isMainActor) ?? true else {
        return .conflicting(key, MainActor.shared, decorator.isolation, part: "its decorator")
      }
      return .mainActor({ r in try decorator.sync(r, try make(r)) })
    case .isolated(let actor, let make):
      guard decorator.isolation == nil || isSameIsolation(actor, decorator.isolation) else {
        return .conflicting(key, actor, decorator.isolation, part: "its decorator")
      }
      return .isolated(actor) { r in try decorator.sync(r, try make(r)) }
    case .async(let make):
      return .async({ r in try await decorator.async(r, try await make(r)) })
    case .withArguments:
      return self
    }
  }

  /// This factory for a registration whose new instances `completion` completes: a synchronous
  /// factory runs on the completion's actor as well (so both run in one stretch there), or fails
  /// when it already runs on another one; an asynchronous one stays as it is (the engine hops to
  /// the completion's actor to run it), unless its value is not `Sendable`, which would cross to
  /// that actor and back.
  func completed(
    by completion: any AnyCompletion, of key: DependencyKey, sharing: ConfinedLifetime.Sharing
  ) -> Self {
    guard let actor = completion.isolation else { return self }
    switch self {
    case .sync(let make):
      return .sync(stripped: make, isolation: actor)
    case .mainActor, .isolated:
      guard isSameIsolation(isolation, actor) else {
        return .conflicting(key, isolation.unsafelyUnwrapped, actor, part: "onCreated")
      }
      return self
    case .async:
      guard sharing != .sendable else { return self }
      return .failed(
        key,
        summary: "\(key) is not Sendable and made by an asynchronous factory, but its onCreated"
          + " runs on \(isolationName(actor))",
        hint: "leave onCreated without isolation, or make the factory synchronous.")
    case .withArguments:
      return self
    }
  }

  /// A factory that fails because its parts are isolated to two different actors.
  static func conflicting(
    _ key: DependencyKey, _ factory: any Actor, _ other: (any Actor)?, part: String
  ) -> Self {
    .failed(
      key,
      summary: "the factory of \(key) runs on \(isolationName(factory)), but \(part) on"
        + " \(isolationName(other))",
      hint: "isolate both to the same actor, or leave one of them without isolation.")
  }

  /// A factory whose every resolve fails with `summary` and `hint`, with the chain it is
  /// resolved in: for parts that cannot run together, which only a resolve can tell.
  private static func failed(_ key: DependencyKey, summary: String, hint: String) -> Self {
    .sync { resolver in
      throw ResolutionError(
        .factoryFailed, key: key, chain: resolver.context.keys, summary: summary, hint: hint,
        location: resolver.context.location)
    }
  }

  /// This factory, unless `first` makes the value (returns it rather than nil).
  func preceded(by first: @escaping @Sendable (Resolver) throws -> sending Value?) -> Self {
    switch self {
    case .sync(let make):
      .sync { r in if let value = try first(r) { value } else { try make(r) } }
    case .async(let make):
      .async({ r in if let value = try first(r) { value } else { try await make(r) } })
    case .mainActor(let make):
      .mainActor({ r in if let value = try first(r) { value } else { try make(r) } })
    case .isolated(let actor, let make):
      .isolated(actor) { r in if let value = try first(r) { value } else { try make(r) } }
    case .withArguments: self
    }
  }
}

extension Factory {
  /// The factory as a registration API receives it, to compose it again.
  var closure: FactoryClosure<Value> {
    switch kind {
    case .sync: return .sync(make)
    case .async: return .async(makeAsync)
    case .mainActor:
      // NB: `make` already checks that it runs on the main actor (see `Factory.init`).
      let make = self.make
      return .mainActor({ r in try make(r) })
    case .isolated:
      return .isolated(isolation.unsafelyUnwrapped, make)
    case .withArguments:
      let (factory, description) = arguments.unsafelyUnwrapped
      return .withArguments(factory, description)
    }
  }
}
