extension ResolutionError {
  static func notRegistered(
    _ key: DependencyKey, chain: [DependencyKey], hint: String? = nil, location: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      .notRegistered, key: key, chain: chain, summary: "no registration for \(key)",
      hint: hint ?? genericMissingHint(for: key), location: location)
  }

  /// How to fix a missing key when nothing more is known: worded for the kind of key.
  static func genericMissingHint(for key: DependencyKey) -> String {
    if key.isKeyPath {
      return "register \(key), for example `container.register(\(key)) { r in ... }`."
    }
    if let name = key.name {
      return "register \(typeName(key.valueType)) with name: \"\(name)\"."
    }
    let type = typeName(key.valueType)
    if type.hasPrefix("any ") {
      return "register (\(type)).self, or declare it as a key-path dependency with a default"
        + " factory."
    }
    return "register \(type), or declare it as a key-path dependency with a default factory."
  }

  /// A key path declared without a default, and not registered.
  static func unboundKeyPath(
    _ key: DependencyKey, chain: [DependencyKey], location: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      .notRegistered, key: key, chain: chain, summary: "no registration for \(key)",
      hint: unboundKeyPathHint(for: key), location: location)
  }

  /// The hint for a key path declared without a default, and not registered.
  static func unboundKeyPathHint(for key: DependencyKey) -> String {
    "\(key) is declared without a default: register it, for example"
      + " `container.register(\(key)) { r in ... }`."
  }

  static func cycle(
    _ key: DependencyKey, chain: [DependencyKey], acrossThreads: Bool, location: CodeLocation
  ) -> ResolutionError {
    // The chain ends with `key`; the cycle runs from the first occurrence of `key` to that end.
    let start = chain.firstIndex(of: key) ?? chain.startIndex
    let loop = chain[start...].count > 1 ? Array(chain[start...]) : [key, key]
    let cycle = loop.map(\.description).joined(separator: " → ")
    let summary =
      acrossThreads
      ? "dependency cycle across threads: \(key) is being built by another thread that waits for"
        + " this one"
      : "dependency cycle: \(cycle)"
    return ResolutionError(
      .cycle, key: key, chain: chain, summary: summary,
      hint: "break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the"
        + " shared state into a third dependency.",
      location: location)
  }

  /// A custom lifetime that, while asked for the cache of `key`, resolved `key` again (directly or
  /// through other custom-lifetime keys): `asked` are the keys whose lifetimes were being asked,
  /// outermost first.
  static func lifetimeCycle(
    _ key: DependencyKey, asked: [DependencyKey], location: CodeLocation
  ) -> ResolutionError {
    let chain = asked + [key]
    let start = chain.firstIndex(of: key) ?? chain.startIndex
    let loop = chain[start...].map(\.description).joined(separator: " → ")
    return ResolutionError(
      .cycle, key: key, chain: chain,
      summary: "dependency cycle through custom lifetimes: picking a cache for \(key) resolved"
        + " \(loop)",
      hint: "a CustomLifetime's instanceCache(for:) must not resolve the key it picks a cache for,"
        + " directly or through other custom-lifetime keys; pick the cache from state it can read"
        + " without resolving.",
      location: location)
  }

  /// A resolve whose chain of synchronous factories would outgrow the thread's stack at `key`.
  static func tooDeep(_ key: DependencyKey, chain: [DependencyKey], location: CodeLocation)
    -> ResolutionError
  {
    let shown = 4
    let path =
      chain.count <= 2 * shown
      ? chain.map(\.description).joined(separator: " → ")
      : (chain.prefix(shown).map(\.description)
        + ["… \(chain.count - 2 * shown) more …"]
        + chain.suffix(shown).map(\.description)).joined(separator: " → ")
    var error = ResolutionError(
      .tooDeep, key: key, chain: chain,
      summary: "resolving \(key) needs a chain of \(chain.count) synchronous factories, more than"
        + " this thread's stack can hold",
      hint: "a chain this deep is almost always a cycle through closure factories: look for the"
        + " keys that repeat a pattern in the chain (`error.chain` has every key), and break the"
        + " cycle with Lazy<T> or Provider<T>; if the chain is meant to be this deep, resolve it on"
        + " a thread with a larger stack, or make its factories async (an asynchronous chain does"
        + " not grow the thread's stack).",
      location: location)
    error.places = ["Resolved via: \(path)", "Requested at: \(location)"]
    return error
  }

  static func factoryFailed(
    _ key: DependencyKey, chain: [DependencyKey], registeredAt: CodeLocation,
    underlying: any Error, location: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      .factoryFailed, key: key, chain: chain, summary: "the factory of \(key) threw",
      hint: "fix the failure reported by the factory registered at \(registeredAt).",
      underlying: underlying, location: location)
  }

  static func weakNeedsClass(
    _ key: DependencyKey, chain: [DependencyKey], registeredAt: CodeLocation,
    location: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      .typeMismatch, key: key, chain: chain,
      summary: "\(key) has the weak lifetime, but its factory returned a value, not an object",
      hint: "register \(key) at \(registeredAt) with another lifetime, or return a class instance.",
      location: location)
  }

  static func asyncRequired(
    _ key: DependencyKey, chain: [DependencyKey], location: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      .asyncRequired, key: key, chain: chain,
      summary: "\(key) is made by an asynchronous factory and was resolved synchronously",
      hint: "resolve it with `try await tryResolveAsync(...)`, or build it first with"
        + " `try await container.bootstrap()` so that synchronous resolves find it cached.",
      location: location)
  }

  /// The asynchronous `key` resolved synchronously at the end of `context`'s chain: when a
  /// synchronous factory further up made that resolve, the hint names it as the cause (the
  /// caller may well have used `tryResolveAsync`).
  static func asyncRequired(_ key: DependencyKey, context: ResolutionContext) -> ResolutionError {
    var error = ResolutionError.asyncRequired(
      key, chain: context.chain(to: key), location: context.location)
    // NB: only a resolve that began asynchronously could have awaited.
    if context.isAsynchronous, let cause = context.innermostBuild?.registration, !cause.isAsync {
      error.hint =
        "the factory of \(cause.key) is synchronous, so it resolves \(key) synchronously:"
        + " make that factory async and resolve \(key) with `try await r.tryResolveAsync(...)`, or"
        + " build \(key) first with `try await container.bootstrap()`."
    }
    return error
  }

  /// `key`, of `lifetime`, resolved while `holder`, which outlives it, is being built.
  /// `through` is what `holder` resolves on the way to `key` (`key` itself when it resolves it
  /// directly): what `holder` could take a provider of.
  static func captive(
    _ key: DependencyKey, lifetime: Lifetime, heldBy holder: Registration,
    through first: DependencyKey, chain: [DependencyKey], location: CodeLocation
  ) -> ResolutionError {
    let holderLifetime = holder.lifetime
    return ResolutionError(
      .captiveDependency, key: key, chain: chain,
      summary: "\(holder.key) (\(holderLifetime)) would hold \(key) (\(lifetime)) captive",
      hint: "give \(key) a lifetime that lives at least as long as \(holderLifetime), give"
        + " \(holder.key) a lifetime no longer than \(lifetime), or let \(holder.key) take a"
        + " Provider of \(first) and resolve it on each use; where holding it is intended, set"
        + " `container.checksCaptiveDependencies = false`.",
      location: location)
  }

  /// A creation of `key` runs in a task, and a synchronous resolve cannot wait for it.
  static func asyncPending(_ key: DependencyKey, chain: [DependencyKey], location: CodeLocation)
    -> ResolutionError
  {
    ResolutionError(
      .asyncRequired, key: key, chain: chain,
      summary: "\(key) is being made by an asynchronous resolve, which a synchronous resolve"
        + " cannot wait for",
      hint: "resolve it with `try await tryResolveAsync(...)`, or build it first with"
        + " `try await container.bootstrap()` so that synchronous resolves find it cached.",
      location: location)
  }

  /// The main-actor `key` resolved synchronously off the main actor at the end of `context`'s
  /// chain: when a synchronous factory that is not isolated made that resolve, the hint names it.
  static func mainActorRequired(_ key: DependencyKey, context: ResolutionContext)
    -> ResolutionError
  {
    isolationRequired(key, on: MainActor.shared, context: context)
  }

  /// `key`, made on `actor`, resolved synchronously where that actor does not run, at the end of
  /// `context`'s chain: when a synchronous factory that is not isolated made that resolve, the
  /// hint names it and the smallest fix.
  static func isolationRequired(
    _ key: DependencyKey, on actor: any Actor, context: ResolutionContext
  ) -> ResolutionError {
    let name = isolationName(actor)
    var hint =
      isMainActor(actor)
      ? "resolve it from the main actor, or elsewhere with `try await tryResolveAsync(...)`."
      : "resolve it with `try await tryResolveAsync(...)`: Loom runs a synchronous factory of"
        + " \(name) only once it has hopped there."
    if context.isAsynchronous || !isMainActor(actor),
      let cause = context.innermostBuild?.registration, !cause.isAsync,
      !isSameIsolation(cause.isolation, actor)
    {
      let attribute = isMainActor(actor) ? "@MainActor" : "@\(typeName(type(of: actor)))"
      hint =
        "the factory of \(cause.key) is synchronous and not isolated to \(name), so it resolves"
        + " \(key) wherever \(cause.key) is built: resolve \(key) through a `Lazy` or `Provider`"
        + " in \(cause.key), used where \(name) runs; or write that factory on \(name) too (mark"
        + " it `\(attribute)`), or make it async and resolve \(key) with"
        + " `try await r.tryResolveAsync(...)`."
    }
    return ResolutionError(
      .asyncRequired, key: key, chain: context.chain(to: key),
      summary: "\(key) is made on \(name) and was resolved synchronously off it",
      hint: hint, location: context.location)
  }

  /// `key`, whose instance is shared on the main actor only, resolved with `await`: the engine
  /// cannot tell that the caller runs on the main actor, so it cannot hand the instance over.
  static func confinedFromAsync(_ key: DependencyKey, context: ResolutionContext)
    -> ResolutionError
  {
    ResolutionError(
      .asyncRequired, key: key, chain: context.chain(to: key),
      summary: "\(key) is shared on the main actor only, and an `await` resolve cannot hand it"
        + " to its caller",
      hint: "resolve it synchronously from the main actor (`container.resolve(...)` in"
        + " `@MainActor` code), or make its value Sendable.",
      location: context.location)
  }

  static func argumentMismatch(
    _ key: DependencyKey, chain: [DependencyKey], registered: String?, given: String,
    location: CodeLocation
  ) -> ResolutionError {
    let expected = registered ?? "no arguments"
    return ResolutionError(
      .argumentMismatch, key: key, chain: chain,
      summary: "\(key) takes \(expected), but was resolved with \(given)",
      hint: registered == nil
        ? "resolve \(key) without arguments, or register a factory that takes \(given)."
        : "resolve \(key) with arguments: \(expected).",
      location: location)
  }

  /// How to fix a registration that resolves one with runtime arguments without passing them:
  /// shared by the error of the first resolve and by ``Container/validate(_:)``.
  static func argumentsRequiredHint(needed: String, by needer: String) -> String {
    "\(needer) cannot pass the arguments of \(needed): register \(needer) with a closure factory"
      + " that resolves \(needed) with `arguments:`, or with runtime arguments of its own that it"
      + " passes on."
  }

  /// A second registration of `key` where overrides are forbidden: both places, each with the
  /// module (an assembly) that made it, when one was named.
  static func overrideForbidden(
    _ key: DependencyKey, existing: CodeLocation, existingOrigin: String? = nil,
    new: CodeLocation, newOrigin: String? = nil
  ) -> ResolutionError {
    var error = ResolutionError(
      .duplicateRegistration, key: key, chain: [key],
      summary: "\(key) is registered twice in a container that forbids overrides",
      hint: "remove one of the registrations, make the second inside `container.replacing { }`,"
        + " or make the container with overridePolicy: .replace.",
      location: new)
    let from = { (origin: String?) in origin.map { " (from \($0))" } ?? "" }
    error.places = [
      "Registered first at: \(existing)\(from(existingOrigin))",
      "Registered again at: \(new)\(from(newOrigin))",
    ]
    return error
  }
}
