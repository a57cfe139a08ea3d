/// What a registration carries besides its factory, for the features that need the engine or the
/// graph to know about it: a declaration's context alternatives, a completion to run once an
/// instance is kept, and whether it gathers a collection's contributions.
///
/// Immutable: a ``Registered`` handle that adds a completion installs a new registration.
final class RegistrationExtras: Sendable {
  /// A context alternative of a key-path declaration, without its value's type.
  struct Alternative: Sendable {
    let context: Container.Context
    /// The keys its factory resolves, when declared.
    let declaredDependencies: [DependencyKey]?
    /// Whether it reports the dependency as unimplemented (before its placeholder or the
    /// default runs).
    let isUnimplemented: Bool
  }

  /// The declaration's alternatives, in declaration order.
  let alternatives: [Alternative]
  /// The keys the default factory resolves, when declared (for a declaration with alternatives,
  /// whose registration declares none unless every factory does).
  let defaultDependencies: [DependencyKey]?
  /// Runs once a new instance is kept (a `Completion` of the registration's value type).
  let completion: (any AnyCompletion)?
  /// The keys the completion resolves, declared (edges after creation in the graph); nil when
  /// they are not declared, and recorded the first time the completion runs.
  let completionDependencies: [DependencyKey]?
  /// Whether the registration builds a collection from the contributions of its key's element.
  let gathersContributions: Bool

  init(
    alternatives: [Alternative] = [], defaultDependencies: [DependencyKey]? = nil,
    completion: (any AnyCompletion)? = nil, completionDependencies: [DependencyKey]? = [],
    gathersContributions: Bool = false
  ) {
    self.alternatives = alternatives
    self.defaultDependencies = defaultDependencies
    self.completion = completion
    self.completionDependencies = completionDependencies
    self.gathersContributions = gathersContributions
  }

  /// These extras with `completion` (and its dependencies) instead of the current one.
  func replacingCompletion(_ completion: any AnyCompletion, dependencies: [DependencyKey]?)
    -> RegistrationExtras
  {
    RegistrationExtras(
      alternatives: alternatives, defaultDependencies: defaultDependencies,
      completion: completion, completionDependencies: dependencies,
      gathersContributions: gathersContributions)
  }

  /// The alternative that applies when `container` builds the instance: of those whose context is
  /// active there, the one whose context ranks first (the first declared among equals).
  func chosenAlternative(in container: Container) -> Int? {
    guard !alternatives.isEmpty else { return nil }
    return Self.choose(alternatives.map(\.context), active: container.contexts)
  }

  /// The index in `contexts` that applies when `active` are the active contexts.
  static func choose(_ contexts: [Container.Context], active: Set<Container.Context>) -> Int? {
    var best: Int?
    for (index, context) in contexts.enumerated() where active.contains(context) {
      if let chosen = best, contexts[chosen].precedence <= context.precedence { continue }
      best = index
    }
    return best
  }
}

/// A completion, seen without its value's type.
protocol AnyCompletion: AnyObject, Sendable {
  /// The actor it runs on, if any.
  var isolation: (any Actor)? { get }
}

/// What runs after a new instance of a registration is kept (``Registered/onCreated(dependencies:_:)``).
final class Completion<Value>: AnyCompletion {
  /// The body, stripped of its isolation: run only where ``isolation`` holds.
  let run: @Sendable (Resolver, Value) throws -> Void
  let isolation: (any Actor)?

  init(_ run: @escaping @isolated(any) @Sendable (Resolver, Value) throws -> Void) {
    self.run = strippingIsolation(completion: run)
    self.isolation = run.isolation
  }
}

extension Registration {
  /// Whether a completion runs after each new instance.
  var completes: Bool { extras?.completion != nil }

  /// A copy of this registration with another factory and extras, as a ``Registered`` handle
  /// installs it: same key, lifetime, place and history. `decoratorDependencies`, for a factory
  /// that adds a decorator, are the keys the decorator resolves (nil when it does not declare
  /// them).
  func with<Value>(
    factory: Factory<Value>, extras: RegistrationExtras?,
    decoratorDependencies: [DependencyKey]?? = .none
  ) -> Registration {
    var declared = declaredDependencies
    var undeclared = self.undeclared
    switch decoratorDependencies {
    case .none: break
    case .some(.none): undeclared.insert(.decorator)
    case .some(.some(let keys)): declared += keys.filter { !declared.contains($0) }
    }
    return Registration(
      key: key, lifetime: lifetime, factory: factory,
      declaredDependencies: declaresDependencies ? declared : nil,
      location: location, replaced: replaced, bindingTarget: bindingTarget, origin: origin,
      defect: defect, extras: extras, undeclared: undeclared,
      isDeclaredDefault: isDeclaredDefault, sharing: sharing)
  }
}

extension LifetimeKind {
  /// Whether an instance of this lifetime belongs to whoever resolved it once that resolve ends,
  /// so a longer-lived holder never keeps it past its lifetime: a transient, and a graph instance
  /// (shared within one resolve, then owned by what it was built into).
  var isOwnedByHolder: Bool {
    switch self {
    case .transient, .graph: true
    case .singleton, .weak, .once, .custom: false
    }
  }

  /// Whether the instance is built by the container that holds the registration (the owner),
  /// rather than the one the resolve was called on.
  var isBuiltByOwner: Bool {
    switch self {
    case .singleton, .weak, .once: true
    case .transient, .graph, .custom: false
    }
  }
}

extension Lifetime {
  /// Whether an instance of this lifetime belongs to its holder once its resolve ends (transient,
  /// graph), so the captive check looks through it; see ``LifetimeKind/isOwnedByHolder``.
  var isOwnedByHolder: Bool {
    switch kind {
    case .transient, .graph: true
    case .singleton, .weak, .once, .custom: false
    }
  }
}

// MARK: - Edges for the graph

extension Registration {
  /// The keys its factory is declared to resolve when `builder` makes the instance: those of the
  /// context alternative that applies there, of the default factory when none does, and a
  /// collection's contributions as `builder` sees them.
  func declaredDependencies(builtIn builder: Container) -> [DependencyKey] {
    guard let extras else { return declaredDependencies }
    if extras.gathersContributions { return builder.contributionKeys(to: key) }
    guard !extras.alternatives.isEmpty else { return declaredDependencies }
    guard let index = extras.chosenAlternative(in: builder) else {
      return extras.defaultDependencies ?? []
    }
    return extras.alternatives[index].declaredDependencies ?? []
  }
}

extension Registration {
  /// Whether the registration has `lifetime`: the same built-in kind (an eager singleton is a
  /// singleton), or an equal custom lifetime.
  func has(_ lifetime: Lifetime) -> Bool {
    switch (lifetimeKind, lifetime.kind) {
    case (.transient, .transient), (.singleton, .singleton), (.weak, .weak), (.graph, .graph),
      (.once, .once):
      true
    case (.custom, .custom): self.lifetime == lifetime
    default: false
    }
  }
}
