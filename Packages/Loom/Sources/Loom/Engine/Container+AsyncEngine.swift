// MARK: - Resolving from asynchronous code

extension Container {
  /// Resolves a request from asynchronous code: asynchronous factories are awaited, `@MainActor`
  /// factories run on the main actor, synchronous ones run in place.
  ///
  /// A cached asynchronous instance is made exactly once: concurrent callers share one creation,
  /// which runs in a task of its own, so cancelling one caller does not cancel it; a failed
  /// creation is not kept, and the next resolve tries again.
  @usableFromInline
  func resolveAsync<Value>(
    _ request: _ResolutionRequest, as type: Value.Type, context: ResolutionContext?
  ) async throws(ResolutionError) -> Value {
    guard let context else {
      let resolution = ResolutionContext(asynchronousAt: request.location, requester: self)
      defer { resolution.finish() }
      return try await resolution.completingGraph {
        () async throws(ResolutionError) -> Value in
        try await resolveAsync(request, as: type, context: resolution)
      }
    }
    switch try locate(request, valueType: type, context: context) {
    case .handle(let handle): return handle as! Value  // made for `Value`'s type
    case .located(let located):
      if located.registration.isConfinedToMainActor {
        // NB: the caller's isolation is unknown here, so the shared instance cannot be handed to
        // it (bootstrap and the test kit, which drop the value, resolve it through
        // `resolveAsync(_:as:context:)` below, on the main actor).
        throw .confinedFromAsync(located.registration.key, context: context)
      }
      return try await resolveAsync(located, as: type, context: context)
    }
  }

  /// Serves a located registration from asynchronous code, in `context`.
  func resolveAsync<Value>(
    _ located: Located, as type: Value.Type, context: ResolutionContext
  ) async throws(ResolutionError) -> Value {
    let registration = located.registration
    if let actor = registration.isolation {
      // NB: the context is only used on the actor while this task waits for it, so handing it
      // over cannot race; the value comes back to this resolve alone (see `run(on:_:)`).
      nonisolated(unsafe) let context = context
      return try await run(on: actor) { () throws(ResolutionError) -> Value in
        let outer = context.runsOn
        context.runsOn = isMainActor(actor) ? nil : actor
        defer { context.runsOn = outer }
        return try resolveInPlace(located, as: Value.self, context: context)
      }
    }
    guard registration.isAsync else {
      return try resolveInPlace(located, as: type, context: context)
    }
    let start = observers.isActive ? ContinuousClock.now : nil
    let depth = context.frames.count
    var made = false
    let value = try await value(of: located, as: type, context: context, made: &made)
    if made, registration.completes { deferCompletion(value, of: located, context: context) }
    if let start { report(located, made: made, since: start, depth: depth) }
    return value
  }

  /// Resolves a synchronous registration from asynchronous code, on this thread, as the active
  /// resolve of the thread while it runs.
  func resolveInPlace<Value>(
    _ located: Located, as type: Value.Type, context: ResolutionContext
  ) throws(ResolutionError) -> Value {
    try ThreadState.current.run(context) { context throws(ResolutionError) -> Value in
      try resolve(located, as: type, context: context)
    }
  }

  /// The value of a located asynchronous registration, made if its lifetime says so.
  private func value<Value>(
    of located: Located, as type: Value.Type, context: ResolutionContext, made: inout Bool
  ) async throws(ResolutionError) -> Value {
    let registration = located.registration
    while true {
      switch try placement(of: located, context: context) {
      case .kept(let box):
        return keptValue(box, as: type)
      case .fresh:
        made = true
        return try await makeAsync(registration, as: type, builder: self, context: context)
      case .graph(let id, let joined):
        return try await graphValue(
          of: registration, as: type, id: id, joined: joined, context: context, made: &made)
      case .slot(let slot, let weakly):
        let (object, started) = try await madeOnce(
          in: slot, registration, as: type, builder: located.owner, context: context
        ) { value, creation throws(ResolutionError) in
          try self.stored(value, weakly: weakly, registration, context: creation)
        }
        made = started
        return try served(object, as: type, weakly: weakly, from: located, context: context)
      case .custom(let cache, _):
        let entry = cache.entry(for: registration)
        let (object, started) = try await madeOnce(
          in: entry.slot, registration, as: type, builder: self, context: context
        ) { value, _ in Publication(value) }
        made = started
        // Made or fetched in an entry the cache dropped since (it was emptied): it belongs to the
        // lifetime that ended, which took it or, if this call made it, is handed it by `keep`.
        guard let kept = cache.keep(object, in: entry, made: started) else { continue }
        context.noteServingCache(cache, generation: kept)
        return keptValue(object, as: type)
      }
    }
  }

  /// ``graphValue(of:as:id:joined:context:made:)`` from asynchronous code (out of line for the
  /// same reason).
  @inline(never)
  private func graphValue<Value>(
    of registration: Registration, as type: Value.Type, id: ObjectIdentifier,
    joined: (any AnyObject & Sendable)?, context: ResolutionContext, made: inout Bool
  ) async throws(ResolutionError) -> Value {
    if let joined,
      let value = context.adoptGraphInstance(joined, as: type, of: registration, id: id)
    {
      return value
    }
    let value = try await makeAsync(registration, as: type, builder: self, context: context)
    if let other = context.keepGraphInstance(value, of: registration, id: id) { return other }
    made = true
    return value
  }

  /// The object kept in `slot`, or made exactly once in a creation task that continues this
  /// resolve's chain.
  private func madeOnce<Value>(
    in slot: OnceSlot, _ registration: Registration, as type: Value.Type, builder: Container,
    context: ResolutionContext,
    keeping keep:
      @escaping @Sendable (Value, ResolutionContext) throws(ResolutionError) ->
      OnceSlot.Stored
  ) async throws(ResolutionError) -> (OnceSlot.Stored, made: Bool) {
    try context.checkCycle(registration)
    let frames = Array(context.frames)
    let location = context.location
    let requester = context.requester
    let waiter = CopiedChainWaiter(key: registration.key, context: context)
    return try await slot.object(for: waiter) {
      identity async throws(ResolutionError) -> OnceSlot.Stored in
      let creation = ResolutionContext(
        creation: identity, frames: frames, location: location, requester: requester)
      defer { creation.finish() }
      return try await creation.completingGraph { () async throws(ResolutionError) in
        let value = try await self.makeAsync(
          registration, as: type, builder: builder, context: creation)
        return try keep(value, creation)
      }
    }
  }

  /// Runs the registration's asynchronous factory in `builder`, with the registration on the
  /// chain.
  func makeAsync<Value>(
    _ registration: Registration, as type: Value.Type, builder: Container,
    context: ResolutionContext
  ) async throws(ResolutionError) -> Value {
    guard registration.isAsync else {
      return try make(registration, as: type, builder: builder, context: context)
    }
    try context.enter(registration, builder: builder)
    defer { context.leave() }
    do {
      let value = try await registration.factory(as: type).makeAsync(
        Resolver(container: builder, context: context))
      registration.finishObserving()
      return value
    } catch {
      throw context.failure(error, making: registration)
    }
  }
}
