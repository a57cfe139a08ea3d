import Synchronization

// MARK: - Resolving asynchronously

extension Container {
  /// Resolves a request from asynchronous code: asynchronous factories are awaited, `@MainActor`
  /// factories run on the main actor, synchronous ones run in place.
  ///
  /// A cached asynchronous instance is made exactly once: concurrent callers share one creation,
  /// which runs in a task of its own, so cancelling one caller does not cancel it; a failed
  /// creation is not kept, and the next resolve tries again.
  @usableFromInline
  func resolveAsync<Value: Sendable>(
    _ type: Value.Type, _ request: _ResolutionRequest, context: ResolutionContext?
  ) async throws(ResolutionError) -> Value {
    if let value = cachedValue(request) {
      return value.assumingMemoryBound(to: Value.self).pointee
    }
    let located = try locate(type, request, context: context ?? ActiveResolution.current)
    guard case .registration(let registration, let owner) = located else {
      if case .handle(let value) = located { return value }
      preconditionFailure("unreachable")
    }
    if let context {
      return try await resolveAsync(registration, owner: owner, context: context)
    }
    let context = ResolutionContext(asynchronousAt: request.location)
    defer { context.finishAsynchronous() }
    return try await resolveAsync(registration, owner: owner, context: context)
  }

  /// Resolves a found registration from asynchronous code, in `context`.
  func resolveAsync<Value: Sendable>(
    _ registration: TypedRegistration<Value>, owner: Container, context: ResolutionContext
  ) async throws(ResolutionError) -> Value {
    if registration.requiresMainActor {
      // NB: the context and this container are only touched by the main actor while this task
      // waits for it, so handing them over cannot race.
      nonisolated(unsafe) let context = context
      let location = context.location
      let result = await MainActor.run { () -> Result<Value, ResolutionError> in
        Result { () throws(ResolutionError) -> Value in
          try context.runSynchronously { () throws(ResolutionError) -> Value in
            try resolve(registration, owner: owner, location: location, context: context)
          }
        }
      }
      return try result.get()
    }
    guard registration.isAsync else {
      return try context.runSynchronously { () throws(ResolutionError) -> Value in
        try resolve(registration, owner: owner, location: context.location, context: context)
      }
    }
    let observed = observers.activeCount.load(ordering: .relaxed) > 0
    let start = observed ? ContinuousClock.now : nil
    let depth = context.chain.count
    var madeByFactory = false
    let value: Value
    switch registration.lifetime.kind {
    case .transient:
      madeByFactory = true
      value = try await context.buildAsync(registration, as: Value.self, in: self)
    case .graph:
      let id = ObjectIdentifier(registration)
      if let storage = context.graphInstances[id] {
        value = unsafeDowncast(storage, to: ValueStorage.self).value(as: Value.self)
      } else {
        madeByFactory = true
        let storage = try await context.buildAsyncStorage(registration, in: self)
        context.graphInstances[id] = storage
        value = storage.value(as: Value.self)
      }
    case .singleton:
      let stored = try await obtainAsync(
        registration, in: registration.slot, builder: owner, context: context,
        made: &madeByFactory)
      let storage = unsafeDowncast(stored, to: ValueStorage.self)
      registration.publish(storage)
      value = storage.value(as: Value.self)
    case .weak:
      let stored = try await obtainAsync(
        registration, in: registration.slot, builder: owner, context: context,
        made: &madeByFactory, weakly: true)
      guard let object = stored as? Value else {
        throw .weakNeedsClass(
          registration.key, chain: context.keys + [registration.key],
          registeredAt: registration.location, location: context.location)
      }
      value = object
    case .custom:
      var served: ValueStorage?
      while served == nil {
        let cache = try registration.customInstanceCache(
          for: LifetimeContext(
            registration, owner: owner, requester: self, resolving: context,
            location: context.location))
        let generation = cache.generation
        if let kept = cache.storedValue(of: registration) {
          served = kept
          break
        }
        let stored = try await obtainAsync(
          registration, in: cache.slot(for: registration), builder: self, context: context,
          made: &madeByFactory)
        // Made or fetched while the cache was emptied: it belongs to the lifetime that ended.
        if cache.generation == generation {
          let storage = unsafeDowncast(stored, to: ValueStorage.self)
          cache.keep(storage, of: registration, generation: generation)
          served = storage
        }
      }
      value = served.unsafelyUnwrapped.value(as: Value.self)
    }
    if let start {
      let source: ResolutionEvent.Source =
        madeByFactory ? .factory(duration: ContinuousClock.now - start) : .cache
      report(registration, owner: owner, source: source, depth: depth)
    }
    return value
  }

  /// Returns the object cached in `slot`, or makes it exactly once in a creation task.
  private func obtainAsync<Value: Sendable>(
    _ registration: TypedRegistration<Value>, in slot: CacheSlot, builder: Container,
    context: ResolutionContext, made: inout Bool, weakly: Bool = false
  ) async throws(ResolutionError) -> any AnyObject & Sendable {
    try context.checkCycle(registration)
    let frames = context.frames
    let location = context.location
    let keys = context.keys + [registration.key]
    let (stored, created) = try await slot.obtainAsync(waiter: context.waitIdentity) { _ in
      .cycle(registration.key, chain: keys, acrossThreads: true, location: location)
    } create: { identity async throws(ResolutionError) -> any AnyObject & Sendable in
      let creation = ResolutionContext(creation: identity, frames: frames, location: location)
      let storage = try await creation.buildAsyncStorage(registration, in: builder)
      guard weakly else { return storage }
      let object = storage.value(as: Value.self)
      guard let identity = objectIdentity(of: object) else {
        throw .weakNeedsClass(
          registration.key, chain: keys, registeredAt: registration.location, location: location)
      }
      return identity
    }
    made = created
    return stored
  }
}
