/// What the modifiers of a ``Dependency`` declaration added to it: context alternatives,
/// decorators and a completion. Applied when the declaration's default becomes a registration.
@usableFromInline
struct DeclarationExtras<Value>: Sendable {
  /// A context alternative with its factory: nil for an unimplemented one without a placeholder,
  /// which falls back to the default factory once it has reported.
  struct Alternative: Sendable {
    let head: RegistrationExtras.Alternative
    let make: (@Sendable (Resolver) throws -> sending Value)?
  }

  var alternatives: [Alternative] = []
  var decorators: [Decorator<Value>] = []
  /// The keys the decorators declare they resolve.
  var decoratorDependencies: [DependencyKey] = []
  /// Whether a decorator declares nothing (its resolves are recorded when it runs).
  var hasUndeclaredDecorator = false
  var completion: Completion<Value>?
  var completionDependencies: [DependencyKey]? = []

  @usableFromInline
  init() {}

  /// The registration of a declaration's default, with these extras applied to `factory`.
  func registration(
    key: DependencyKey, lifetime: Lifetime, factory: FactoryClosure<Value>,
    declaredDependencies: [DependencyKey]?, location: CodeLocation,
    defect: RegistrationDefect? = nil, sharing: ConfinedLifetime.Sharing = .sendable
  ) -> Registration {
    var closure = factory
    if !alternatives.isEmpty {
      let alternatives = self.alternatives
      let contexts = alternatives.map(\.head.context)
      closure = closure.preceded { r in
        guard
          let index = RegistrationExtras.choose(contexts, active: r.container.contexts)
        else { return nil }
        let alternative = alternatives[index]
        if alternative.head.isUnimplemented {
          try r.reportUnimplemented(key, in: alternative.head.context)
        }
        return try alternative.make?(r)
      }
    }
    for decorator in decorators { closure = closure.mapped(decorator, of: key) }
    if let completion {
      closure = closure.completed(by: completion, of: key, sharing: sharing)
    }
    // What the decorators declare is resolved whichever factory made the instance.
    let decorated = { (keys: [DependencyKey]?) in
      keys.map { keys in keys + decoratorDependencies.filter { !keys.contains($0) } }
    }
    let extras =
      alternatives.isEmpty && completion == nil
      ? nil
      : RegistrationExtras(
        alternatives: alternatives.map { alternative in
          RegistrationExtras.Alternative(
            context: alternative.head.context,
            declaredDependencies: decorated(alternative.head.declaredDependencies),
            isUnimplemented: alternative.head.isUnimplemented)
        },
        defaultDependencies: decorated(declaredDependencies),
        completion: completion, completionDependencies: completionDependencies)
    // NB: with alternatives, the edges the graph shows come from the one that applies where the
    // instance is made (`Registration.declaredDependencies(builtIn:)`); the registration observes
    // its factory's resolves unless every alternative declared its own.
    let everyDeclared =
      declaredDependencies != nil
      && alternatives.allSatisfy { $0.head.declaredDependencies != nil }
    return Registration(
      key: key, lifetime: lifetime, factory: Factory(closure),
      declaredDependencies: everyDeclared ? decorated(declaredDependencies) : nil,
      location: location,
      defect: defect ?? Container.lifetimeMismatch(Value.self, key: key, lifetime: lifetime),
      extras: extras, undeclared: hasUndeclaredDecorator ? .decorator : [],
      isDeclaredDefault: true, sharing: sharing)
  }
}
