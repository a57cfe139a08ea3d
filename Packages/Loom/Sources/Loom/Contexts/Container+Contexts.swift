// MARK: - Contexts added from outside a declaration

extension Container {
  /// Gives a key-path dependency a value of its own in `context` in this container, from outside
  /// its declaration: Factory's `container.api.onTest { }`, `.onPreview`, `.onDebug`,
  /// `.onSimulator`, `.onDevice`, `.onArg("x")`, and `.onArgs([...])` or `.context(...)` when more
  /// contexts are given.
  ///
  /// The alternative belongs to this container's registration of the key and **ranks above it**:
  /// whenever one of its contexts is active where an instance is made (the contexts of the
  /// container that makes it, as for a declaration's ``Dependency/when(_:dependencies:factory:)``),
  /// the alternative makes the instance, whatever was registered for the key, before or after. It
  /// keeps the registration's lifetime, decorators and completion. When none of its contexts is
  /// active, the registration (or the declared default, with its own alternatives) makes it.
  ///
  /// - A container that has no registration of the key gets one: the one it resolves (the
  ///   declared default, or the nearest ancestor's registration, copied), so its cached instances
  ///   of the key are then its own. A key path declared without a default gets the alternative
  ///   once something registers it here.
  /// - Alternatives added here come before those of the declaration and those a copied
  ///   registration brings (a parent's): the active one that ranks first among them wins, and
  ///   among contexts of the same rank (two launch arguments) the one added first. Adding one for
  ///   a context again replaces its value, in its place.
  /// - A child container sees its parent's alternatives through the parent's registration; a
  ///   child that registers the key itself replaces them there, as it replaces the registration.
  /// - Adding an alternative drops the instance this container kept for the key. ``unregister(_:)``,
  ///   ``reset(_:)->()`` with ``ResetScope/registrations`` or ``ResetScope/everything`` remove
  ///   the alternatives added here with the registration; ``ResetScope/instances`` keeps them.
  ///
  /// ```swift
  /// container.register(\.api) { _ in StagingAPIClient() }
  /// container.when(.test, for: \.api) { _ in MockAPIClient() }        // ranks above it
  /// container.when(.argument("-mock0"), .argument("-mock1"), for: \.api) { _ in EmptyAPIClient() }
  /// container.when(.simulator, for: \.camera) { _ in SampleImageCamera() }
  /// ```
  ///
  /// - Parameters:
  ///   - context: A context in which `factory` makes the value.
  ///   - more: Other contexts in which it does (Factory's `onArgs`).
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - dependencies: The keys `factory` resolves, for the graph and ``validate(_:)``; when nil,
  ///     they are recorded the first time the registration's factory runs.
  ///   - factory: Makes the value in those contexts.
  public func when<Value: Sendable>(
    _ context: Container.Context, _ more: Container.Context...,
    for keyPath: DependencyKeyPath<Value>, dependencies: [DependencyKey]? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) {
    let key = DependencyKey(keyPath, propertyName: self[keyPath: keyPath].name)
    let make = sendingResult(factory)
    let added = ([context] + more).map { context in
      AddedContexts<Value>.Alternative(
        head: RegistrationExtras.Alternative(
          context: context, declaredDependencies: dependencies, isUnimplemented: false),
        make: make)
    }
    var retired: [any AnyObject & Sendable] = []
    let hadEntry = registry.withLock { state -> Bool in
      var record =
        state.addedContexts[key] ?? AddedContextsRecord(alternatives: AddedContexts<Value>())
      let existing = record.alternatives as? AddedContexts<Value> ?? AddedContexts()
      record.alternatives = existing.adding(added)
      state.addedContexts[key] = record
      guard let entry = entry(for: key, in: &state) else { return false }
      let wrapped = withAddedContexts(entry.registration, in: &state)
      replace(entry, with: Entry(wrapped), in: &state, retiring: &retired)
      return true
    }
    release(retired)
    guard !hadEntry else { return }
    // This container resolves the key through an ancestor or the declared default: it gets a
    // registration of its own (which `installIfAbsent` gives the alternatives).
    if let (entry, owner) = lineageEntry(for: key, keyPath: keyPath), owner !== self {
      _ = installIfAbsent(entry.registration, keyPath: keyPath)
    } else {
      _ = installDefault(of: keyPath, erased: keyPath)
    }
  }

  /// `registration` with the context alternatives this container added to its key, if any;
  /// otherwise `registration` itself. Call with the lock held, on every registration installed in
  /// this container.
  ///
  /// NB: the check of an empty table is all that a container without added contexts pays, and
  /// only when it installs a registration; the resolve path never looks at the table.
  func withAddedContexts(_ registration: Registration, in state: inout RegistryState)
    -> Registration
  {
    guard !state.addedContexts.isEmpty, var record = state.addedContexts[registration.key] else {
      return registration
    }
    // Wrap what was there before the last wrapping, so that adding a second alternative does not
    // nest a second wrapper around the first.
    let base =
      record.lastWrapped.flatMap { $0.wrapped === registration ? $0.base : nil } ?? registration
    let wrapped = record.alternatives.applied(to: base)
    record.lastWrapped = (base, wrapped)
    state.addedContexts[registration.key] = record
    return wrapped
  }

  /// The registration `registration` wrapped, before the context alternatives added here (the
  /// registration as installed without them), when it is their wrapper. Call with the lock held.
  func withoutAddedContexts(_ registration: Registration, in state: RegistryState)
    -> Registration?
  {
    guard let last = state.addedContexts[registration.key]?.lastWrapped,
      last.wrapped === registration
    else { return nil }
    return last.base
  }
}

// MARK: - The table of added contexts

/// The context alternatives a container added to one key, and the registration it last wrapped.
struct AddedContextsRecord {
  var alternatives: any AnyAddedContexts
  /// The registration installed without the alternatives, and the one installed with them.
  var lastWrapped: (base: Registration, wrapped: Registration)?

  init(alternatives: any AnyAddedContexts) {
    self.alternatives = alternatives
  }
}

/// Context alternatives added to a key, seen without its value's type.
protocol AnyAddedContexts: Sendable {
  /// `registration` with the alternatives ranked above its factory.
  func applied(to registration: Registration) -> Registration
}

/// The context alternatives a container added to a key whose values are `Value`, in the order
/// they were added.
struct AddedContexts<Value: Sendable>: AnyAddedContexts {
  struct Alternative: Sendable {
    let head: RegistrationExtras.Alternative
    let make: @Sendable (Resolver) throws -> sending Value
  }

  var alternatives: [Alternative] = []

  /// These alternatives with `added`: one for a context already here replaces it in its place.
  func adding(_ added: [Alternative]) -> AddedContexts {
    var result = self
    for alternative in added {
      if let index = result.alternatives.firstIndex(where: {
        $0.head.context == alternative.head.context
      }) {
        result.alternatives[index] = alternative
      } else {
        result.alternatives.append(alternative)
      }
    }
    return result
  }

  func applied(to registration: Registration) -> Registration {
    guard registration.valueTypeID == ObjectIdentifier(Value.self),
      registration.kind != .withArguments
    else { return registration }
    let inherited = registration.extras?.alternatives ?? []
    let own = alternatives
    // NB: one ranking over the added alternatives and those the registration carries (its
    // declaration's, or a parent's added ones), so that the graph (`chosenAlternative`) and the
    // factory choose alike: when the winner is one of the registration's own, this wrapper steps
    // aside and the registration's factory chooses it again from its own list.
    let contexts = own.map(\.head.context) + inherited.map(\.context)
    let closure = registration.factory(as: Value.self).closure.preceded { r in
      guard let index = RegistrationExtras.choose(contexts, active: r.container.contexts),
        index < own.count
      else { return nil }
      return try own[index].make(r)
    }
    let extras = registration.extras
    let defaultDependencies =
      inherited.isEmpty
      ? (registration.declaresDependencies ? registration.declaredDependencies : nil)
      : extras?.defaultDependencies
    let everyDeclared =
      registration.declaresDependencies && own.allSatisfy { $0.head.declaredDependencies != nil }
    return Registration(
      key: registration.key, lifetime: registration.lifetime, factory: Factory(closure),
      declaredDependencies: everyDeclared ? registration.declaredDependencies : nil,
      location: registration.location, replaced: registration.replaced,
      bindingTarget: registration.bindingTarget, origin: registration.origin,
      defect: registration.defect,
      extras: RegistrationExtras(
        alternatives: own.map(\.head) + inherited, defaultDependencies: defaultDependencies,
        completion: extras?.completion,
        completionDependencies: extras.map(\.completionDependencies) ?? [],
        gathersContributions: extras?.gathersContributions ?? false),
      undeclared: registration.undeclared, isDeclaredDefault: registration.isDeclaredDefault,
      sharing: registration.sharing)
  }
}
