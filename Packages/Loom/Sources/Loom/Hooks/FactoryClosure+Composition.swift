// MARK: - Composing factories

extension FactoryClosure {
  /// This factory with `transform` applied to every value it makes, in the same form (an
  /// asynchronous factory stays asynchronous, a main-actor one stays on the main actor). A factory
  /// with runtime arguments is returned as it is.
  func mapped(_ transform: @escaping @Sendable (Resolver, Value) throws -> Value) -> Self {
    switch self {
    case .sync(let make): .sync { r in try transform(r, try make(r)) }
    case .async(let make): .async { r in try transform(r, try await make(r)) }
    case .mainActor(let make): .mainActor { r in try transform(r, try make(r)) }
    case .withArguments: self
    }
  }

  /// This factory, unless `first` makes the value (returns it rather than nil).
  func preceded(by first: @escaping @Sendable (Resolver) throws -> Value?) -> Self {
    switch self {
    case .sync(let make):
      .sync { r in if let value = try first(r) { value } else { try make(r) } }
    case .async(let make):
      .async { r in if let value = try first(r) { value } else { try await make(r) } }
    case .mainActor(let make):
      .mainActor { r in if let value = try first(r) { value } else { try make(r) } }
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
      return .mainActor { r in try make(r) }
    case .withArguments:
      let (factory, description) = arguments.unsafelyUnwrapped
      return .withArguments(factory, description)
    }
  }
}
