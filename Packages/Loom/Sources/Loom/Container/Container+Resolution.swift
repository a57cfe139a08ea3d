public import Synchronization

// MARK: - Resolving conformance and the hot paths

extension Container: Resolving {
  /// Resolves one request as a new top-level resolve. Use ``Resolving/resolve(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try container._resolve(Database.self, _ResolutionRequest(Database.self, name: nil))
  /// ```
  @inlinable
  public func _resolve<Value: Sendable>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> Value
  {
    try resolveLocal(type, request, context: nil)
  }

  /// Resolves with runtime arguments. Use ``Resolving/resolve(_:name:arguments:_:fileID:line:)``.
  ///
  /// ```swift
  /// let user = try container._resolve(User.self, _ResolutionRequest(User.self, name: nil), arguments: "42")
  /// ```
  public func _resolve<Value: Sendable, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, arguments: repeat each Argument
  ) throws(ResolutionError) -> Value {
    try resolveWithArguments(type, request, context: nil, arguments: repeat each arguments)
  }

  /// Resolves one request from asynchronous code as a new top-level resolve.
  /// Use ``Resolving/tryResolveAsync(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try await container._resolveAsync(Database.self, _ResolutionRequest(Database.self, name: nil))
  /// ```
  @inlinable
  public func _resolveAsync<Value: Sendable>(_ type: Value.Type, _ request: _ResolutionRequest)
    async throws(ResolutionError) -> Value
  {
    if let value = cachedValue(request) {
      return value.assumingMemoryBound(to: Value.self).pointee
    }
    return try await resolveAsync(type, request, context: nil)
  }

  /// Handles made from a container resolve in it. Use ``Resolving/lazy(_:name:)``.
  ///
  /// ```swift
  /// let container = container._handleContainer
  /// ```
  public var _handleContainer: Container { self }

  /// The current registry table, read without a lock.
  @inlinable @inline(__always)
  var currentTable: Unmanaged<RegistryTable> {
    Unmanaged<RegistryTable>.fromOpaque(
      UnsafeRawPointer(bitPattern: table.load(ordering: .acquiring)).unsafelyUnwrapped)
  }

  /// The hot path: the memory of a singleton already made, in this container's own table, with no
  /// observer.
  ///
  /// Two atomic loads, a probe of an open-addressing table and two more loads; no lock, no
  /// allocation, no dynamic cast (the key determines the value's type), nothing generic.
  @inlinable @inline(__always)
  func cachedValue(_ request: _ResolutionRequest) -> UnsafeMutableRawPointer? {
    guard observers.activeCount.load(ordering: .relaxed) == 0 else { return nil }
    return currentTable._withUnsafeGuaranteedRef { table in
      table.find(request.probe, name: request.name)?._withUnsafeGuaranteedRef {
        $0.publishedValue
      }
    }
  }

  /// The hot paths, with one probe of this container's own table: a singleton already made is
  /// returned; a plain transient is built right here, specialised for `Value` in the caller; a
  /// custom-lifetime instance already in the cache its lifetime picks is copied out of it;
  /// everything else (observers, parents, other lifetimes) goes through
  /// ``resolveSlow(_:_:context:)``.
  @inlinable @inline(__always)
  func resolveLocal<Value: Sendable>(
    _ type: Value.Type, _ request: _ResolutionRequest, context: ResolutionContext?
  ) throws(ResolutionError) -> Value {
    guard observers.activeCount.load(ordering: .relaxed) == 0,
      let found = currentTable._withUnsafeGuaranteedRef({
        $0.find(request.probe, name: request.name)
      })
    else {
      return try resolveSlow(type, request, context: context)
    }
    if let value = found._withUnsafeGuaranteedRef({ $0.publishedValue }) {
      context?.noteCacheHit(request, as: type)
      return value.assumingMemoryBound(to: Value.self).pointee
    }
    guard found._withUnsafeGuaranteedRef({ $0.isPlainTransient }) else {
      if found._withUnsafeGuaranteedRef({ $0.hasCustomLifetime }) {
        guard
          let storage = try cachedCustomInstance(
            found, context: context, location: request.location)
        else { return try resolveSlow(type, request, context: context) }
        context?.noteCacheHit(request, as: type)
        return storage.value(as: Value.self)
      }
      return try resolveSlow(type, request, context: context)
    }
    let registration = found.takeUnretainedValue()
    if let context {
      return try context.build(registration, as: type, in: self)
    }
    let (context, isTopLevel) = ResolutionContext.enter(location: request.location)
    defer { if isTopLevel { context.end() } }
    return try context.build(registration, as: type, in: self)
  }
}

// MARK: - The engine

extension Container {
  /// Resolves a request that the hot paths could not serve.
  @usableFromInline
  func resolveSlow<Value: Sendable>(
    _ type: Value.Type, _ request: _ResolutionRequest, context: ResolutionContext?
  ) throws(ResolutionError) -> Value {
    switch try locate(type, request, context: context) {
    case .handle(let value):
      return value
    case .registration(let typed, let owner):
      return try resolve(typed, owner: owner, location: request.location, context: context)
    }
  }

  /// What a request resolves to before any factory runs.
  enum Located<Value: Sendable> {
    /// A registration, and the container that holds it.
    case registration(TypedRegistration<Value>, owner: Container)
    /// A ``Lazy`` or ``Provider`` handle made for an unregistered handle type.
    case handle(Value)
  }

  /// Finds the registration for a request (materialising a key path's default), or makes a
  /// handle, or throws `notRegistered`.
  func locate<Value: Sendable>(
    _ type: Value.Type, _ request: _ResolutionRequest, context: ResolutionContext?
  ) throws(ResolutionError) -> Located<Value> {
    let registration: Registration
    let owner: Container
    if let found = lockFreeRegistration(probe: request.probe, name: request.name) {
      (registration, owner) = found
    } else {
      let key = request.key(as: Value.self)
      guard let found = registrationOrDefault(for: request, as: type, key: key) else {
        return .handle(try resolveUnregistered(request, key: key, context: context))
      }
      (registration, owner) = found
    }
    let (adopted, adopter) = adopt(registration, from: owner, probe: request.probe)
    let typed = try typedRegistration(adopted, as: Value.self, context: context, request)
    return .registration(typed, owner: adopter)
  }

  /// In an isolated lineage, copies a registration found above the nearest isolating container
  /// into it, so the instances it makes belong there; otherwise returns it unchanged.
  func adopt(_ registration: Registration, from owner: Container, probe: UInt)
    -> (Registration, Container)
  {
    guard let sandbox, sandbox.descends(from: owner) else { return (registration, owner) }
    var keyPath: (any AnyKeyPath & Sendable)?
    if case .keyPath(let identity) = registration.key.identity { keyPath = identity.keyPath }
    let copy = sandbox.insertIfAbsent(registration.copied(), probe: probe, keyPath: keyPath)
    return (copy, sandbox)
  }

  /// The registration for `probe` and `name` in the nearest container of the lineage whose
  /// lock-free table has it.
  func lockFreeRegistration(probe: UInt, name: String?) -> (Registration, Container)? {
    var container: Container? = self
    while let current = container {
      if let found = current.currentTable._withUnsafeGuaranteedRef({
        $0.find(probe, name: name)
      }) {
        return (found.takeUnretainedValue(), current)
      }
      container = current.parent
    }
    return nil
  }

  /// The registration for the request, materialising a key path's default in the root container
  /// when no container in the lineage overrides it.
  func registrationOrDefault<Value: Sendable>(
    for request: _ResolutionRequest, as type: Value.Type, key: DependencyKey
  ) -> (Registration, owner: Container)? {
    guard let erased = request.keyPath,
      let keyPath = erased as? KeyPath<Container, Dependency<Value>>
    else { return nil }
    if let found = registration(for: key, probe: request.probe) { return found }
    let root = self.root
    let declaration = root[keyPath: keyPath]
    let registration = root.insertDefault(
      key: DependencyKey(erasedKeyPath: erased, valueType: type, propertyName: declaration.name),
      probe: request.probe, keyPath: erased, declaration: declaration)
    return (registration, root)
  }

  func typedRegistration<Value>(
    _ registration: Registration, as type: Value.Type, context: ResolutionContext?,
    _ request: _ResolutionRequest
  ) throws(ResolutionError) -> TypedRegistration<Value> {
    // The only registrations made for `Value` are `TypedRegistration<Value>`.
    if registration.valueTypeID == ObjectIdentifier(Value.self) {
      return unsafeDowncast(registration, to: TypedRegistration<Value>.self)
    }
    throw ResolutionError(
      code: .typeMismatch, key: registration.key, chain: (context?.keys ?? []) + [registration.key],
      summary: "\(registration.key) is registered for another type than \(typeName(Value.self))",
      hint: "resolve \(registration.key) as the type it was registered with.",
      location: context?.location ?? request.location)
  }

  /// A key nobody registered: a ``Lazy`` or ``Provider`` handle, or a `notRegistered` error.
  func resolveUnregistered<Value>(
    _ request: _ResolutionRequest, key: DependencyKey, context: ResolutionContext?
  ) throws(ResolutionError) -> Value {
    if let handle = Value.self as? any DeferredHandle.Type,
      let value = handle.make(container: self, name: request.name) as? Value
    {
      return value
    }
    let context = context ?? ActiveResolution.current
    throw .notRegistered(
      key, chain: (context?.keys ?? []) + [key], location: context?.location ?? request.location)
  }

  /// Resolves a found registration according to its lifetime, and reports it to observers.
  func resolve<Value: Sendable>(
    _ registration: TypedRegistration<Value>, owner: Container, location: CodeLocation,
    context: ResolutionContext?
  ) throws(ResolutionError) -> Value {
    let observed = observers.activeCount.load(ordering: .relaxed) > 0
    let start = observed ? ContinuousClock.now : nil
    var madeByFactory = false
    var depth = 0
    let value: Value
    if case .singleton = registration.lifetime.kind, let memory = registration.publishedValue {
      value = memory.assumingMemoryBound(to: Value.self).pointee
      depth = (context ?? ActiveResolution.current)?.chain.count ?? 0
    } else {
      value = try withContext(context, location) { context throws(ResolutionError) in
        depth = context.chain.count
        return try resolve(
          registration, owner: owner, context: context, madeByFactory: &madeByFactory)
      }
    }
    if let start, !registration.isBinding {
      let source: ResolutionEvent.Source =
        madeByFactory ? .factory(duration: ContinuousClock.now - start) : .cache
      report(registration, owner: owner, source: source, depth: depth)
    }
    return value
  }

  /// The lifetime-specific part of ``resolve(_:owner:location:context:)``.
  private func resolve<Value: Sendable>(
    _ registration: TypedRegistration<Value>, owner: Container, context: ResolutionContext,
    madeByFactory: inout Bool
  ) throws(ResolutionError) -> Value {
    switch registration.lifetime.kind {
    case .transient:
      madeByFactory = true
      return try make(registration, builder: self, context: context)
    case .singleton:
      let storage = try obtain(
        registration, in: registration.slot, builder: owner, context: context,
        made: &madeByFactory
      ) { value in ValueStorage(value) }
      let stored = unsafeDowncast(storage, to: ValueStorage.self)
      registration.publish(stored)
      return stored.value(as: Value.self)
    case .graph:
      let id = ObjectIdentifier(registration)
      if let storage = context.graphInstances[id] {
        return unsafeDowncast(storage, to: ValueStorage.self).value(as: Value.self)
      }
      madeByFactory = true
      let made = try make(registration, builder: self, context: context)
      context.graphInstances[id] = ValueStorage(made)
      return made
    case .weak:
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
    case .custom:
      // An instance fetched or made while its cache was emptied belongs to the lifetime that
      // ended: try again in the cache's new generation (or the cache the lifetime picks now).
      while true {
        let cache = try registration.customInstanceCache(
          for: LifetimeContext(
            registration, owner: owner, requester: self, resolving: context,
            location: context.location))
        let generation = cache.generation
        if let stored = cache.storedValue(of: registration) {
          context.noteServingCache(cache, generation: generation)
          return stored.value(as: Value.self)
        }
        let storage = try obtain(
          registration, in: cache.slot(for: registration), builder: self, context: context,
          made: &madeByFactory
        ) { value in ValueStorage(value) }
        guard cache.generation == generation else { continue }
        let stored = unsafeDowncast(storage, to: ValueStorage.self)
        cache.keep(stored, of: registration, generation: generation)
        context.noteServingCache(cache, generation: generation)
        return stored.value(as: Value.self)
      }
    }
  }

  /// The fast path for custom lifetimes: the storage of the instance in the cache that
  /// `registration`'s lifetime picks now, or nil when the instance is not made yet. Errors are the
  /// lifetime's (such as `scopeRequired`).
  ///
  /// `registration` is in this container's own table, and no observer is active.
  @usableFromInline
  func cachedCustomInstance(
    _ registration: Unmanaged<Registration>, context: ResolutionContext?,
    location: CodeLocation
  ) throws(ResolutionError) -> ValueStorage? {
    var failure: ResolutionError?
    let storage = registration._withUnsafeGuaranteedRef { registration -> ValueStorage? in
      do throws(ResolutionError) {
        let context = context ?? ActiveResolution.current
        let cache = try registration.customInstanceCache(
          for: LifetimeContext(
            registration, owner: self, requester: self, resolving: context,
            location: context?.location ?? location))
        return cache.storedValue(of: registration)
      } catch {
        failure = error
        return nil
      }
    }
    if let failure { throw failure }
    return storage
  }

  /// Tells the observers of this container's family about one resolve.
  func report(
    _ registration: Registration, owner: Container, source: ResolutionEvent.Source, depth: Int
  ) {
    observers.notify(
      ResolutionEvent(
        key: registration.key, lifetime: registration.lifetime, source: source, depth: depth,
        owner: owner),
      requester: self)
  }

  /// Runs `body` in the given context, else in the one running on this thread, else in this
  /// thread's context as a new top-level resolve.
  func withContext<Value>(
    _ context: ResolutionContext?, _ location: CodeLocation,
    _ body: (ResolutionContext) throws(ResolutionError) -> Value
  ) throws(ResolutionError) -> Value {
    if let context { return try body(context) }
    let (context, isTopLevel) = ResolutionContext.enter(location: location)
    defer { if isTopLevel { context.end() } }
    return try body(context)
  }

  /// Returns the object cached in `slot`, or makes it exactly once with the factory.
  func obtain<Value: Sendable>(
    _ registration: TypedRegistration<Value>, in slot: CacheSlot, builder: Container,
    context: ResolutionContext, made: inout Bool,
    store: (Value) -> (any AnyObject & Sendable)?
  ) throws(ResolutionError) -> any AnyObject & Sendable {
    try context.checkCycle(registration)
    return try slot.obtain { _ in
      .cycle(
        registration.key, chain: context.keys + [registration.key], acrossThreads: true,
        location: context.location)
    } asyncPending: { _ in
      .asyncRequired(
        registration.key, chain: context.keys + [registration.key], location: context.location)
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

  /// Runs the registration's factory inside `context`, in `builder`.
  func make<Value: Sendable>(
    _ registration: TypedRegistration<Value>, builder: Container, context: ResolutionContext
  ) throws(ResolutionError) -> Value {
    if registration.isAsync {
      throw .asyncRequired(
        registration.key, chain: context.keys + [registration.key], location: context.location)
    }
    if registration.requiresMainActor, !isOnMainActor() {
      throw .mainActorRequired(
        registration.key, chain: context.keys + [registration.key], location: context.location)
    }
    guard registration.produce != nil else {
      try context.checkCycle(registration)
      throw .argumentMismatch(
        registration.key, chain: context.keys + [registration.key],
        registered: registration.argumentTypes, given: "no arguments",
        location: context.location)
    }
    return try context.build(registration, as: Value.self, in: builder)
  }

  /// Resolves a registration that takes runtime arguments (always a new instance).
  @usableFromInline
  func resolveWithArguments<Value: Sendable, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, context: ResolutionContext?,
    arguments: repeat each Argument
  ) throws(ResolutionError) -> Value {
    guard let (registration, owner) = lockFreeRegistration(probe: request.probe, name: request.name)
    else {
      let key = request.key(as: Value.self)
      let context = context ?? ActiveResolution.current
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
      let observed = observers.activeCount.load(ordering: .relaxed) > 0
      let start = observed ? ContinuousClock.now : nil
      let depth = context.chain.count
      let value = try context.build(typed, in: self) { resolver in
        try factory.make(resolver, repeat each arguments)
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
func objectIdentity<Value: Sendable>(of value: Value) -> (any AnyObject & Sendable)? {
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
  /// Resolves `request` and tells which custom-lifetime cache served it, so a holder of the value
  /// can tell when that lifetime ended (the general invalidation hook).
  func resolveTracked<Value: Sendable>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> (value: Value, stamp: CacheStamp?)
  {
    try withContext(nil, request.location) {
      context throws(ResolutionError) -> (value: Value, stamp: CacheStamp?) in
      let (outerDepth, outerStamp) = (context.trackedDepth, context.servingCache)
      context.trackedDepth = context.chain.count
      context.servingCache = nil
      defer { (context.trackedDepth, context.servingCache) = (outerDepth, outerStamp) }
      let value = try resolveSlow(type, request, context: context)
      return (value, context.servingCache)
    }
  }
}
