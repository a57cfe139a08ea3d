import Synchronization

// The engine's functions are generic over the value's type, but none of its types is: see
// ``Factory`` for why.

// MARK: - Locating a request

extension Container {
  /// What a request resolves to before any factory runs.
  enum Lookup {
    case located(Located)
    /// A ``Lazy`` or ``Provider`` handle made for an unregistered handle type.
    case handle(Any)
  }

  /// Finds the entry for a request in the lineage (materialising a key path's default, copying an
  /// ancestor's registration into an isolated child), or makes a handle, or throws
  /// `notRegistered`.
  func locate(
    _ request: _ResolutionRequest, valueType: any Any.Type, context: ResolutionContext
  ) throws(ResolutionError) -> Lookup {
    guard
      let (entry, owner) = lineageEntry(request, valueType: valueType)
        ?? keyPathDefault(request, valueType: valueType)
    else {
      if let handle = valueType as? any DeferredHandle.Type {
        return .handle(handle.make(container: self, name: request.name, context: context))
      }
      if let erased = request.keyPath, let keyPath = erased as? any DependencyDeclaration {
        // A key path declared without a default: name it as declared.
        let key = keyPath.declaration(in: root).key(for: erased)
        throw .unboundKeyPath(key, chain: context.chain(to: key), location: context.location)
      }
      let key = request.key(as: valueType)
      if let error = argumentsRequired(key, context: context) { throw error }
      let hint = missingHint(
        for: key, neededBy: context.innermostBuild?.registration, requester: context.requester)
      throw .notRegistered(
        key, chain: context.chain(to: key), hint: hint, location: context.location)
    }
    guard entry.registration.valueTypeID == ObjectIdentifier(valueType) else {
      let key = request.key(as: valueType)
      throw ResolutionError(
        .typeMismatch, key: key, chain: context.chain(to: key),
        summary: "\(key) is registered for another type than \(typeName(valueType))",
        hint: "resolve \(key) as the type it was registered with.", location: context.location)
    }
    return .located(adopt(Located(entry: entry, owner: owner)))
  }

  /// The entry for a request here or in the nearest ancestor that has one.
  func lineageEntry(_ request: _ResolutionRequest, valueType: any Any.Type) -> (Entry, Container)? {
    var container: Container? = self
    while let current = container {
      if let entry = current.localEntry(probe: request.probe, name: request.name) {
        return (entry, current)
      }
      container = current.parent
    }
    guard request.keyPath != nil else { return nil }
    // A key path reached through another key-path object than the one it was registered with.
    return lineageEntry(for: request.key(as: valueType), keyPath: request.keyPath)
  }

  /// In an isolated lineage, copies a registration found above the nearest isolating container
  /// into it, so the instances it makes belong there; otherwise returns it where it is.
  func adopt(_ located: consuming Located) -> Located {
    if let adopted = adopted(located) { return adopted }
    return located
  }

  /// The registration found at `located` copied into the nearest isolating container, when it
  /// was found above it in an isolated lineage; otherwise nil (use `located` as it is). (Borrows
  /// `located`, so the common case copies nothing.)
  func adopted(_ located: borrowing Located) -> Located? {
    guard isInIsolatedLineage, located.owner !== self, let sandbox,
      sandbox.descends(from: located.owner)
    else { return nil }
    let registration = located.registration
    var keyPath: (any AnyKeyPath & Sendable)?
    if case .keyPath(let identity) = registration.key.identity { keyPath = identity.keyPath }
    return Located(entry: sandbox.installIfAbsent(registration, keyPath: keyPath), owner: sandbox)
  }

  /// The registration of a key path's declared default, installed in the root container (in an
  /// isolated lineage, the nearest isolating container, so a test leaves no trace in the app's),
  /// when no container of the lineage overrides the key path; nil for a key path declared without
  /// one.
  func keyPathDefault(_ request: _ResolutionRequest, valueType: any Any.Type)
    -> (Entry, Container)?
  {
    guard let erased = request.keyPath, let keyPath = erased as? any DependencyDeclaration else {
      return nil
    }
    let home = sandbox ?? root
    guard let entry = home.installDefault(of: keyPath, erased: erased) else { return nil }
    return (entry, home)
  }
}

// MARK: - The pipeline

extension Container {
  /// Resolves a request in `context`: locates it, then serves it as its lifetime says.
  @usableFromInline
  func resolve<Value>(
    _ request: _ResolutionRequest, as type: Value.Type, context: ResolutionContext
  ) throws(ResolutionError) -> Value {
    switch try locate(request, valueType: type, context: context) {
    case .handle(let handle): return handle as! Value  // made for `Value`'s type
    case .located(let located): return try resolve(located, as: type, context: context)
    }
  }

  /// Serves what a lookup in `section` found for a request, other than a published singleton:
  /// its entry (unless it is registered for another type, which the locating path reports), or
  /// nothing it could use.
  ///
  /// The entry and its owner are borrowed from `section`, which the caller holds until this
  /// returns.
  @usableFromInline
  func serve<Value>(
    _ request: _ResolutionRequest, as type: Value.Type, found: FastLookup,
    context: ResolutionContext, in section: borrowing ReadSection
  ) throws(ResolutionError) -> Value {
    guard case .entry(let entry, let owner) = found else {
      return try resolve(request, as: type, context: context)
    }
    // NB: no `Result` here: a generic enum of `Value` would make code that is not specialised
    // for `Value` (an auto-wired initializer's parameter resolves) look up its metadata.
    do {
      return try entry._withUnsafeGuaranteedRef { entry in
        try owner._withUnsafeGuaranteedRef { owner in
          try serve(entry, owner: owner, request, as: type, context: context)
        }
      }
    } catch {
      // NB: `_withUnsafeGuaranteedRef` rethrows untyped; only `serve` throws, `ResolutionError`.
      throw error as! ResolutionError
    }
  }

  /// Serves `entry`, found in `owner`, for a request: runs a plain transient's factory at once;
  /// anything else goes the way of its lifetime, unless the entry is registered for another type
  /// (which the locating path reports).
  func serve<Value>(
    _ entry: Entry, owner: Container, _ request: _ResolutionRequest, as type: Value.Type,
    context: ResolutionContext
  ) throws(ResolutionError) -> Value {
    let registration = entry.registration
    guard registration.valueTypeID == ObjectIdentifier(type) else {
      return try resolve(request, as: type, context: context)
    }
    if registration.isPlainTransient, !isInIsolatedLineage, observers.isQuiet {
      return try make(registration, as: type, builder: self, context: context)
    }
    let located = Located(entry: entry, owner: owner)
    if let adopted = adopted(located) { return try resolve(adopted, as: type, context: context) }
    return try resolve(located, as: type, context: context)
  }

  /// Serves a located registration as its lifetime says, and reports it to observers.
  func resolve<Value>(
    _ located: Located, as type: Value.Type, context: ResolutionContext
  ) throws(ResolutionError) -> Value {
    guard observers.isActive else {
      var made = false
      let value = try value(of: located, as: type, context: context, made: &made)
      if made, located.registration.completes {
        deferCompletion(value, of: located, context: context)
      }
      return value
    }
    let start = ContinuousClock.now
    let depth = context.frames.count
    var made = false
    let value = try value(of: located, as: type, context: context, made: &made)
    if made, located.registration.completes {
      deferCompletion(value, of: located, context: context)
    }
    report(located, made: made, since: start, depth: depth)
    return value
  }

  /// The value of a located registration, made if its lifetime says so (synchronously).
  private func value<Value>(
    of located: Located, as type: Value.Type, context: ResolutionContext, made: inout Bool
  ) throws(ResolutionError) -> Value {
    let registration = located.registration
    while true {
      switch try placement(of: located, context: context) {
      case .kept(let box):
        return keptValue(box, as: type)
      case .fresh:
        made = true
        return try make(registration, as: type, builder: self, context: context)
      case .graph(let id, let joined):
        return try graphValue(
          of: registration, as: type, id: id, joined: joined, context: context, made: &made)
      case .slot(let slot, let weakly):
        if let held = try heldWhileBuilding(
          registration, in: slot, weakly: weakly, context: context)
        {
          return try served(held, as: type, weakly: true, from: located, context: context)
        }
        let (object, didMake) = try slot.object(
          for: ChainWaiter(key: registration.key, context: context),
          orMake: { () throws(ResolutionError) -> OnceSlot.Stored in
            let value = try make(registration, as: type, builder: located.owner, context: context)
            return try stored(value, weakly: weakly, registration, context: context)
          })
        made = didMake
        return try served(object, as: type, weakly: weakly, from: located, context: context)
      case .custom(let cache, _):
        try context.checkCycle(registration)
        let entry = cache.entry(for: registration)
        let (object, didMake) = try entry.slot.object(
          for: ChainWaiter(key: registration.key, context: context),
          orMake: { () throws(ResolutionError) -> OnceSlot.Stored in
            Publication(try make(registration, as: type, builder: self, context: context))
          })
        made = didMake
        // Made or fetched in an entry the cache dropped since (it was emptied): it belongs to the
        // lifetime that ended, which took it or, if this call made it, is handed it by `keep`.
        guard let kept = cache.keep(object, in: entry, made: didMake) else { continue }
        context.noteServingCache(cache, generation: kept)
        return keptValue(object, as: type)
      }
    }
  }

  /// Decides, by the registration's lifetime, where its value comes from. The one place that knows
  /// what each lifetime means; synchronous and asynchronous resolves share it.
  func placement(of located: Located, context: ResolutionContext) throws(ResolutionError)
    -> Placement
  {
    let registration = located.registration
    if registration.isConfinedToMainActor, !MainActorCheck.isCurrent {
      // Shared on the main actor only: never served, nor made, anywhere else.
      throw .mainActorRequired(registration.key, context: context)
    }
    if !registration.lifetimeKind.isOwnedByHolder, context.frames.count > context.captiveFloor,
      checksCaptiveDependencies
    {
      try context.checkCaptive(registration)
    }
    switch registration.lifetimeKind {
    case .transient:
      return .fresh
    case .singleton:
      let slot = located.entry.slot
      if let kept = slot.currentObject() { return .kept(kept) }
      return .slot(slot, weakly: false)
    case .weak:
      return .slot(located.entry.slot, weakly: true)
    case .once:
      let slot = located.owner.onceInstances.slot(for: registration)
      if let kept = slot.currentObject() { return .kept(kept) }
      return .slot(slot, weakly: false)
    case .graph:
      let id = ObjectIdentifier(registration)
      if let kept = context.graphInstances[id] { return .kept(kept.box) }
      guard let graph = context.graph else { return .graph(id, joined: nil) }
      return .graph(id, joined: graph.object(of: registration))
    case .custom:
      let lifetime = registration.customLifetime.unsafelyUnwrapped
      try context.enterQuestion(registration, builder: self)
      defer { context.leave() }
      let cache = try lifetime.instanceCache(
        for: LifetimeContext(
          registration: registration, owner: located.owner, requester: self, context: context))
      let generation = cache.generation
      if let box = cache.box(of: registration) {
        context.noteServingCache(cache, generation: generation)
        return .kept(box)
      }
      return .custom(cache, generation: generation)
    }
  }

  /// Throws the cycle of a registration whose factory (or completion) is on this resolve's chain,
  /// unless it is a weak one whose instance is alive already (its completion resolving a
  /// back-reference to it): that instance, to serve.
  func heldWhileBuilding(
    _ registration: Registration, in slot: OnceSlot, weakly: Bool, context: ResolutionContext
  ) throws(ResolutionError) -> OnceSlot.Stored? {
    do {
      try context.checkCycle(registration)
      return nil
    } catch {
      guard weakly, let object = slot.currentObject() else { throw error }
      return object
    }
  }

  /// The `.graph` instance of `registration` in this resolve: the one `joined` (an earlier
  /// resolve of its shared graph made it, see ``SharedGraph``) when it is a `Value`, else a new
  /// one, kept for the rest of the resolve.
  ///
  /// NB: out of line, so that the optionals of `Value` it needs are looked up only here: in code
  /// not specialised for `Value`, ``value(of:as:context:made:)`` would otherwise look up their
  /// metadata on every call, whatever the lifetime.
  @inline(never)
  func graphValue<Value>(
    of registration: Registration, as type: Value.Type, id: ObjectIdentifier,
    joined: (any AnyObject & Sendable)?, context: ResolutionContext, made: inout Bool
  ) throws(ResolutionError) -> Value {
    if let joined,
      let value = context.adoptGraphInstance(joined, as: type, of: registration, id: id)
    {
      return value
    }
    let value = try make(registration, as: type, builder: self, context: context)
    if let other = context.keepGraphInstance(value, of: registration, id: id) { return other }
    made = true
    return value
  }

  /// What a slot keeps of a new value: its box, or for a weak lifetime the object itself.
  func stored<Value>(
    _ value: Value, weakly: Bool, _ registration: Registration, context: ResolutionContext
  ) throws(ResolutionError) -> OnceSlot.Stored {
    guard weakly else { return Publication(value) }
    guard let object = objectIdentity(of: value) else {
      // `validate()` reports it from now on: the registered type did not tell.
      registration.noteUnkeepableValue()
      throw .weakNeedsClass(
        registration.key, chain: context.chain(to: registration.key),
        registeredAt: registration.location, location: context.location)
    }
    return object
  }

  /// The value a slot served; a singleton's is published for the fast path.
  func served<Value>(
    _ object: OnceSlot.Stored, as type: Value.Type, weakly: Bool, from located: Located,
    context: ResolutionContext
  ) throws(ResolutionError) -> Value {
    guard weakly else {
      // NB: an instance shared on the main actor only is not published: the fast path would
      // serve it without the check in `placement(of:context:)`.
      if !located.registration.isConfinedToMainActor { located.entry.publication.publish(object) }
      return keptValue(object, as: type)
    }
    guard let value = object as? Value else {
      throw .weakNeedsClass(
        located.registration.key, chain: context.chain(to: located.registration.key),
        registeredAt: located.registration.location, location: context.location)
    }
    return value
  }

  /// Tells the observers of this container's family about one resolve.
  func report(_ located: Located, made: Bool, since start: ContinuousClock.Instant, depth: Int) {
    guard !located.registration.isBinding else { return }
    let source: ResolutionEvent.Source =
      made ? .factory(duration: ContinuousClock.now - start) : .cache
    observers.notify(
      ResolutionEvent(
        key: located.registration.key, lifetime: located.registration.lifetime, source: source,
        depth: depth, owner: located.owner),
      requester: self)
  }
}

// MARK: - Making a value: the one place a factory runs

extension Container {
  /// Runs the registration's (synchronous) factory in `builder`, with the registration on the
  /// chain.
  func make<Value>(
    _ registration: Registration, as type: Value.Type, builder: Container,
    context: ResolutionContext
  ) throws(ResolutionError) -> Value {
    switch registration.kind {
    case .sync:
      break
    case .mainActor:
      guard MainActorCheck.isCurrent else {
        throw .mainActorRequired(registration.key, context: context)
      }
    case .isolated:
      let actor = registration.isolation.unsafelyUnwrapped
      guard isSameIsolation(context.runsOn, actor) else {
        throw .isolationRequired(registration.key, on: actor, context: context)
      }
    case .async:
      throw .asyncRequired(registration.key, context: context)
    case .withArguments:
      try context.checkCycle(registration)
      var error = ResolutionError.argumentMismatch(
        registration.key, chain: context.chain(to: registration.key),
        registered: registration.argumentTypes, given: "no arguments", location: context.location)
      if let needer = context.innermostBuild?.registration {
        error.hint = ResolutionError.argumentsRequiredHint(
          needed: registration.key.description, by: needer.key.description)
      }
      throw error
    }
    try context.enter(registration, builder: builder)
    defer { context.leave() }
    do {
      let value = try registration.factory(as: type).make(
        Resolver(container: builder, context: context))
      registration.finishObserving()
      return value
    } catch {
      throw context.failure(error, making: registration)
    }
  }

  /// Resolves a registration that takes runtime arguments (always a new instance).
  func resolve<Value, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, context: ResolutionContext,
    arguments: repeat each Argument
  ) throws(ResolutionError) -> Value {
    // The argument types are part of the key: look up the registration of exactly these.
    let key = DependencyKey(
      type, name: request.name, argumentList: ArgumentList<Value, repeat each Argument>.self)
    let made =
      lineageEntry(for: key).flatMap { entry, owner in
        entry.registration.valueTypeID == ObjectIdentifier(Value.self)
          ? (entry, owner, entry.registration.factory(as: type).arguments?.factory) : nil
      }
    let factory = made?.2 as? ArgumentFactory<Value, repeat each Argument>
    // A binding with arguments (`bind(_:to:arguments:)`) forwards them to its implementation.
    let forwarder = factory == nil ? made?.2 as? any ArgumentForwarder : nil
    guard let (entry, owner, _) = made, factory != nil || forwarder != nil else {
      throw argumentMismatch(
        DependencyKey(type: type, name: request.name),
        given: argumentsDescription(of: repeat (each Argument).self), context: context)
    }
    let located = Located(entry: entry, owner: owner)
    let registration = located.registration
    let start = observers.isActive ? ContinuousClock.now : nil
    let depth = context.frames.count
    try context.enter(registration, builder: self)
    defer { context.leave() }
    let value: Value
    do {
      let resolver = Resolver(container: self, context: context)
      if let factory {
        value = try factory.make(resolver, repeat each arguments)
      } else {
        value = try forwarder.unsafelyUnwrapped.forward(
          resolver, as: Value.self, arguments: repeat each arguments)
      }
      registration.finishObserving()
    } catch {
      throw context.failure(error, making: registration)
    }
    if let start { report(located, made: true, since: start, depth: depth) }
    return value
  }
}

// MARK: - Runtime arguments that match no registration

/// How arguments of these types read in messages: `(String, Int)`, or `no arguments`.
func argumentsDescription<each Argument>(of types: repeat (each Argument).Type) -> String {
  var names: [String] = []
  for type in repeat each types { names.append(typeName(type)) }
  return names.isEmpty ? "no arguments" : "(\(names.joined(separator: ", ")))"
}

extension Container {
  /// The argument lists registered for `key` (a key without arguments) in this lineage, as they
  /// read, such as `(String)`: nearest container first, each in registration order.
  func registeredArgumentLists(of key: DependencyKey) -> [String] {
    var lists: [String] = []
    var seen = Set<DependencyKey>()
    var container: Container? = self
    while let current = container {
      for entry in current.entries {
        let registered = entry.registration.key
        guard registered.withoutArguments == key, seen.insert(registered).inserted,
          let arguments = registered.argumentsDescription
        else { continue }
        lists.append(arguments)
      }
      container = current.parent
    }
    return lists
  }

  /// The error of a resolve of `key` with arguments `given` that no registration takes: the
  /// argument lists registered for it, or that it takes none, or that nothing registers it.
  func argumentMismatch(_ key: DependencyKey, given: String, context: ResolutionContext)
    -> ResolutionError
  {
    let lists = registeredArgumentLists(of: key)
    guard !lists.isEmpty || lineageEntry(for: key) != nil else {
      return .notRegistered(
        key, chain: context.chain(to: key), hint: missingHint(for: key),
        location: context.location)
    }
    return .argumentMismatch(
      key, chain: context.chain(to: key),
      registered: lists.isEmpty ? nil : lists.joined(separator: " or "), given: given,
      location: context.location)
  }

  /// The error of a resolve of `key` without arguments when only registrations with arguments
  /// exist for it (with how to fix the registration that needs it), else nil.
  func argumentsRequired(_ key: DependencyKey, context: ResolutionContext) -> ResolutionError? {
    guard !key.isKeyPath else { return nil }
    let lists = registeredArgumentLists(of: key)
    guard !lists.isEmpty else { return nil }
    var error = ResolutionError.argumentMismatch(
      key, chain: context.chain(to: key), registered: lists.joined(separator: " or "),
      given: "no arguments", location: context.location)
    if let needer = context.innermostBuild?.registration {
      error.hint = ResolutionError.argumentsRequiredHint(
        needed: key.description, by: needer.key.description)
    }
    return error
  }
}

/// The object a `.weak` registration shares, or nil when the value is not a class instance.
func objectIdentity<Value>(of value: Value) -> (any AnyObject & Sendable)? {
  guard type(of: value as Any) is AnyClass else { return nil }
  // NB: the object *is* the value, so viewing the reference as `AnyObject & Sendable` adds no
  // sharing that the registration did not already allow: only a `Sendable` value, one shared on
  // the main actor only (served after the engine's check) or an unchecked one is kept weakly.
  // (A conditional cast cannot name the marker protocol `Sendable`.)
  return unsafeBitCast(value as AnyObject, to: (any AnyObject & Sendable).self)
}
