public import Synchronization

// MARK: - Resolving conformance and the hot path

extension Container: Resolving {
  /// Resolves one request as a new top-level resolve. Use ``Resolving/resolve(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database: Database = try container._resolve(_ResolutionRequest(Database.self, name: nil))
  /// ```
  @inlinable
  public func _resolve<Value: Sendable>(_ request: _ResolutionRequest<Value>)
    throws(ResolutionError) -> Value
  {
    if let value: Value = cachedInstance(request) { return value }
    return try resolveSlow(request, context: nil)
  }

  /// Resolves with runtime arguments. Use ``Resolving/resolve(_:name:arguments:_:fileID:line:)``.
  ///
  /// ```swift
  /// let user: User = try container._resolve(_ResolutionRequest(User.self, name: nil), arguments: "42")
  /// ```
  public func _resolve<Value: Sendable, each Argument>(
    _ request: _ResolutionRequest<Value>, arguments: repeat each Argument
  ) throws(ResolutionError) -> Value {
    try resolveWithArguments(request, context: nil, arguments: repeat each arguments)
  }

  /// Handles made from a container resolve in it. Use ``Resolving/lazy(_:name:)``.
  ///
  /// ```swift
  /// let container = container._handleContainer
  /// ```
  public var _handleContainer: Container { self }

  /// The hot path: a singleton already made, in this container's own table, with no observer.
  ///
  /// Two atomic loads, a probe of an open-addressing table and one more atomic load; no lock,
  /// no allocation, no dynamic cast (the key determines the box's type).
  @inlinable @inline(__always)
  func cachedInstance<Value: Sendable>(_ request: _ResolutionRequest<Value>) -> Value? {
    guard observers.activeCount.load(ordering: .relaxed) == 0 else { return nil }
    let table = Unmanaged<RegistryTable>.fromOpaque(
      UnsafeRawPointer(bitPattern: self.table.load(ordering: .acquiring)).unsafelyUnwrapped)
    return table._withUnsafeGuaranteedRef { table -> Value? in
      guard let registration = table.find(request.probe, name: request.name) else { return nil }
      return registration._withUnsafeGuaranteedRef { registration -> Value? in
        guard let raw = registration.instance.load(ordering: .acquiring) else { return nil }
        assert(registration.valueTypeID == ObjectIdentifier(Value.self))
        return Unmanaged<Box<Value>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
      }
    }
  }
}

// MARK: - The engine

extension Container {
  /// Resolves a request that the hot path could not serve.
  @usableFromInline
  func resolveSlow<Value: Sendable>(
    _ request: _ResolutionRequest<Value>, context: ResolutionContext?
  ) throws(ResolutionError) -> Value {
    let key = request.key
    guard let (registration, owner) = registrationOrDefault(for: request, key: key) else {
      return try resolveUnregistered(request, key: key, context: context)
    }
    let typed = try typedRegistration(registration, as: Value.self, context: context, request)
    return try resolve(typed, owner: owner, location: request.location, context: context)
  }

  /// The registration for the request, materialising a key path's default in the root container
  /// when no container in the lineage overrides it.
  private func registrationOrDefault<Value>(
    for request: _ResolutionRequest<Value>, key: DependencyKey
  ) -> (Registration, owner: Container)? {
    if let found = registration(for: key, probe: request.probe) { return found }
    guard let keyPath = request.keyPath else { return nil }
    let root = self.root
    let declaration = root[keyPath: keyPath]
    let registration = root.insertDefault(
      key: DependencyKey(keyPath, propertyName: declaration.name), probe: request.probe,
      keyPath: keyPath, declaration: declaration)
    return (registration, root)
  }

  private func typedRegistration<Value>(
    _ registration: Registration, as type: Value.Type, context: ResolutionContext?,
    _ request: _ResolutionRequest<Value>
  ) throws(ResolutionError) -> TypedRegistration<Value> {
    if let typed = registration as? TypedRegistration<Value> { return typed }
    throw ResolutionError(
      code: .typeMismatch, key: registration.key, chain: (context?.keys ?? []) + [registration.key],
      summary: "\(registration.key) is registered for another type than \(typeName(Value.self))",
      hint: "resolve \(registration.key) as the type it was registered with.",
      location: context?.location ?? request.location)
  }

  /// A key nobody registered: a ``Lazy`` or ``Provider`` handle, or a `notRegistered` error.
  private func resolveUnregistered<Value>(
    _ request: _ResolutionRequest<Value>, key: DependencyKey, context: ResolutionContext?
  ) throws(ResolutionError) -> Value {
    if let handle = Value.self as? any DeferredHandle.Type,
      let value = handle.make(container: self, name: request.name) as? Value
    {
      return value
    }
    throw .notRegistered(
      key, chain: (context?.keys ?? []) + [key], location: context?.location ?? request.location)
  }

  /// Resolves a found registration according to its lifetime, and reports it to observers.
  func resolve<Value: Sendable>(
    _ registration: TypedRegistration<Value>, owner: Container, location: SourceLocation,
    context: ResolutionContext?
  ) throws(ResolutionError) -> Value {
    let observed = observers.activeCount.load(ordering: .relaxed) > 0
    let start = observed ? ContinuousClock.now : nil
    let depth = context?.chain.count ?? 0
    var madeByFactory = false
    let value: Value
    switch registration.lifetime.kind {
    case .singleton:
      if let raw = registration.instance.load(ordering: .acquiring) {
        value = Unmanaged<Box<Value>>.fromOpaque(raw).takeUnretainedValue().value
      } else {
        value = try withContext(context, location) { context throws(ResolutionError) in
          let box = try obtain(
            registration, in: registration.slot, builder: owner, context: context,
            made: &madeByFactory
          ) { value in Box(value) }
          registration.publish(box)
          return unsafeDowncast(box, to: Box<Value>.self).value
        }
      }
    case .transient:
      madeByFactory = true
      value = try withContext(context, location) { context throws(ResolutionError) in
        try make(registration, builder: self, context: context)
      }
    case .graph:
      value = try withContext(context, location) { context throws(ResolutionError) in
        let id = ObjectIdentifier(registration)
        if let box = context.graphInstances[id] {
          return unsafeDowncast(box, to: Box<Value>.self).value
        }
        madeByFactory = true
        let made = try make(registration, builder: self, context: context)
        context.graphInstances[id] = Box(made)
        return made
      }
    case .weak:
      value = try withContext(context, location) { context throws(ResolutionError) in
        let object = try obtain(
          registration, in: registration.slot, builder: owner, context: context,
          made: &madeByFactory
        ) { value in objectIdentity(of: value) }
        guard let value = object as? Value else {
          throw .weakNeedsClass(
            registration.key, chain: context.keys + [registration.key],
            registeredAt: registration.location, location: context.location)
        }
        return value
      }
    case .custom(let lifetime):
      value = try withContext(context, location) { context throws(ResolutionError) in
        let cache = try lifetime.instanceCache(
          for: LifetimeContext(
            key: registration.key, owner: owner, requester: self,
            chain: context.keys + [registration.key], location: context.location))
        if context.chain.count == context.trackedDepth {
          context.servingCache = CacheStamp(cache: cache, generation: cache.generation)
        }
        let box = try obtain(
          registration, in: cache.slot(for: registration), builder: self, context: context,
          made: &madeByFactory
        ) { value in Box(value) }
        return unsafeDowncast(box, to: Box<Value>.self).value
      }
    }
    if let start, !registration.isBinding {
      let source: ResolutionEvent.Source =
        madeByFactory ? .factory(duration: ContinuousClock.now - start) : .cache
      report(registration, owner: owner, source: source, depth: depth)
    }
    return value
  }

  /// Tells the observers of this container's family about one resolve.
  private func report(
    _ registration: Registration, owner: Container, source: ResolutionEvent.Source, depth: Int
  ) {
    observers.notify(
      ResolutionEvent(
        key: registration.key, lifetime: registration.lifetime, source: source, depth: depth,
        owner: owner),
      requester: self)
  }

  /// Runs `body` in the given context, else in the one running on this thread, else in a new
  /// top-level context installed for this thread while `body` runs.
  private func withContext<Value>(
    _ context: ResolutionContext?, _ location: SourceLocation,
    _ body: (ResolutionContext) throws(ResolutionError) -> Value
  ) throws(ResolutionError) -> Value {
    if let context = context ?? ActiveResolution.current { return try body(context) }
    let context = ResolutionContext(location: location)
    return try ActiveResolution.run(context) { () throws(ResolutionError) -> Value in
      try body(context)
    }
  }

  /// Returns the object cached in `slot`, or makes it exactly once with the factory.
  private func obtain<Value: Sendable>(
    _ registration: TypedRegistration<Value>, in slot: CacheSlot, builder: Container,
    context: ResolutionContext, made: inout Bool,
    store: (Value) -> (any AnyObject & Sendable)?
  ) throws(ResolutionError) -> any AnyObject & Sendable {
    try checkCycle(registration, context: context)
    return try slot.obtain { _ in
      .cycle(
        registration.key, chain: context.keys + [registration.key], acrossThreads: true,
        location: context.location)
    } create: { () throws(ResolutionError) -> any AnyObject & Sendable in
      made = true
      let value = try make(registration, builder: builder, context: context)
      guard let stored = store(value) else {
        throw .weakNeedsClass(
          registration.key, chain: context.keys + [registration.key],
          registeredAt: registration.location, location: context.location)
      }
      return stored
    }
  }

  private func checkCycle(_ registration: Registration, context: ResolutionContext)
    throws(ResolutionError)
  {
    if context.chain.contains(where: { $0 === registration }) {
      throw .cycle(
        registration.key, chain: context.keys + [registration.key], acrossThreads: false,
        location: context.location)
    }
  }

  /// Runs the registration's factory inside `context`, in `builder`.
  private func make<Value: Sendable>(
    _ registration: TypedRegistration<Value>, builder: Container, context: ResolutionContext
  ) throws(ResolutionError) -> Value {
    try checkCycle(registration, context: context)
    guard case .sync(let factory) = registration.factory else {
      throw .argumentMismatch(
        registration.key, chain: context.keys + [registration.key],
        registered: registration.argumentTypes, given: "no arguments",
        location: context.location)
    }
    return try run(registration, context: context) {
      try builder.asCurrent { try factory(Resolver(container: builder, context: context)) }
    }
  }

  /// Runs `body` with this container as ``Container/current``, so that property wrappers of the
  /// objects a factory makes capture the container that builds them. Reads the task-local and
  /// only sets it when it differs.
  private func asCurrent<Value>(_ body: () throws -> Value) rethrows -> Value {
    if Container.current === self { return try body() }
    return try withCurrent(body)
  }

  /// Pushes the registration on the chain, runs `body`, and wraps what it throws.
  private func run<Value>(
    _ registration: Registration, context: ResolutionContext, _ body: () throws -> Value
  ) throws(ResolutionError) -> Value {
    context.chain.append(registration)
    defer { context.chain.removeLast() }
    do {
      return try body()
    } catch let error as ResolutionError {
      throw error
    } catch {
      throw .factoryFailed(
        registration.key, chain: context.keys, registeredAt: registration.location,
        underlying: error, location: context.location)
    }
  }

  /// Resolves a registration that takes runtime arguments (always a new instance).
  @usableFromInline
  func resolveWithArguments<Value: Sendable, each Argument>(
    _ request: _ResolutionRequest<Value>, context: ResolutionContext?,
    arguments: repeat each Argument
  ) throws(ResolutionError) -> Value {
    let key = request.key
    guard let (registration, owner) = registration(for: key, probe: request.probe) else {
      throw .notRegistered(
        key, chain: (context?.keys ?? []) + [key],
        location: context?.location ?? request.location)
    }
    let typed = try typedRegistration(registration, as: Value.self, context: context, request)
    return try withContext(context, request.location) { context throws(ResolutionError) in
      guard case .withArguments(let erased, _) = typed.factory,
        let factory = erased as? ArgumentFactory<Value, repeat each Argument>
      else {
        var given: [String] = []
        for type in repeat (each Argument).self { given.append(typeName(type)) }
        throw .argumentMismatch(
          typed.key, chain: context.keys + [typed.key], registered: typed.argumentTypes,
          given: given.isEmpty ? "no arguments" : "(\(given.joined(separator: ", ")))",
          location: context.location)
      }
      try checkCycle(typed, context: context)
      let observed = observers.activeCount.load(ordering: .relaxed) > 0
      let start = observed ? ContinuousClock.now : nil
      let depth = context.chain.count
      let value = try run(typed, context: context) {
        try asCurrent {
          try factory.make(Resolver(container: self, context: context), repeat each arguments)
        }
      }
      if let start {
        report(
          typed, owner: owner, source: .factory(duration: ContinuousClock.now - start),
          depth: depth)
      }
      return value
    }
  }
}

/// The object a `.weak` registration shares, or nil when the value is not a class instance.
private func objectIdentity<Value: Sendable>(of value: Value) -> (any AnyObject & Sendable)? {
  guard type(of: value as Any) is AnyClass else { return nil }
  // NB: `Value` is `Sendable` and the object *is* the value, so viewing the reference as
  // `AnyObject & Sendable` adds no sharing that `Value` did not already allow. (A conditional
  // cast cannot name the marker protocol `Sendable`.)
  return unsafeBitCast(value as AnyObject, to: (any AnyObject & Sendable).self)
}

// MARK: - Tracked resolves for property wrappers

/// The custom-lifetime cache that served a resolve, and its generation then; the resolved value is
/// stale once the cache's generation moves on.
struct CacheStamp: Sendable {
  let cache: InstanceCache
  let generation: UInt64

  var isCurrent: Bool { cache.generation == generation }
}

extension Container {
  /// Resolves `request` as a top-level resolve and tells which custom-lifetime cache served it,
  /// so a holder of the value can tell when that lifetime ended (the general invalidation hook).
  func resolveTracked<Value: Sendable>(_ request: _ResolutionRequest<Value>)
    throws(ResolutionError) -> (value: Value, stamp: CacheStamp?)
  {
    try withContext(nil, request.location) {
      context throws(ResolutionError) -> (value: Value, stamp: CacheStamp?) in
      let (outerDepth, outerStamp) = (context.trackedDepth, context.servingCache)
      context.trackedDepth = context.chain.count
      context.servingCache = nil
      defer { (context.trackedDepth, context.servingCache) = (outerDepth, outerStamp) }
      let value = try resolveSlow(request, context: context)
      return (value, context.servingCache)
    }
  }
}
