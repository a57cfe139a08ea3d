// MARK: - Resolving conformance: where every resolve starts

extension Container: TopLevelResolving {
  /// Resolves one request as a new top-level resolve. Use ``TopLevelResolving/resolve(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try container._resolve(Database.self, _ResolutionRequest(Database.self, name: nil))
  /// ```
  @inlinable
  public func _resolve<Value>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> sending Value
  {
    let section = sections.enter()
    let found = lookUpInLineage(request, in: section)
    switch found {
    case .published(let bits):
      if ResolutionContext.isWatchingAnywhere, noteCapturedResolve(request, valueType: type) {
        break
      }
      return handedOver(readPublishedSingleton(bits, as: type, in: section))
    case .entry(let entry, _):
      let bits = requesterCachedBits(entry, valueType: ObjectIdentifier(type), in: section)
      if bits != 0 { return handedOver(readPublishedSingleton(bits, as: type, in: section)) }
    case .none:
      break
    }
    return handedOver(try resolveTopLevel(request, as: type, found: found, section: section))
  }

  /// Resolves with runtime arguments. Use ``TopLevelResolving/resolve(_:name:arguments:_:fileID:line:)``.
  ///
  /// ```swift
  /// let user = try container._resolve(User.self, _ResolutionRequest(User.self, name: nil), arguments: "42")
  /// ```
  public func _resolve<Value, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, arguments: repeat each Argument
  ) throws(ResolutionError) -> sending Value {
    handedOver(
      try withContext(request.location, section: sections.enter()) {
        context, _ throws(ResolutionError) in
        try resolve(type, request, context: context, arguments: repeat each arguments)
      })
  }

  /// Resolves one request from asynchronous code as a new top-level resolve.
  /// Use ``Resolving/tryResolveAsync(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try await container._resolveAsync(Database.self, _ResolutionRequest(Database.self, name: nil))
  /// ```
  @inlinable
  public func _resolveAsync<Value>(_ type: Value.Type, _ request: _ResolutionRequest)
    async throws(ResolutionError) -> sending Value
  {
    if let value = cachedSingleton(request, as: type) { return handedOver(value) }
    return handedOver(try await resolveAsync(request, as: type, context: nil))
  }

  /// Handles made from a container resolve in it. Use ``Resolving/lazy(_:name:)``.
  ///
  /// ```swift
  /// let container = container._handleContainer
  /// ```
  public var _handleContainer: Container { self }
}

// MARK: - The slow path

extension Container {
  /// For a resolve that found a published singleton while a resolve on some thread watches what
  /// it resolves: whether it is made inside a watching resolve on this thread (a factory that
  /// resolves through a captured container), which then serves it through the engine, so its
  /// edge is recorded and its captive rule checked.
  @usableFromInline
  func noteCapturedResolve(_ request: _ResolutionRequest, valueType: any Any.Type) -> Bool {
    guard let active = ThreadState.current.joinable else { return false }
    return active.isWatching
  }

  /// A top-level resolve that the fast path could not serve, in the resolve it joins or starts
  /// (see ``withContext(_:section:_:)``).
  @usableFromInline
  func resolveTopLevel<Value>(
    _ request: _ResolutionRequest, as type: Value.Type, found: FastLookup,
    section: consuming ReadSection
  ) throws(ResolutionError) -> Value {
    return try withContext(request.location, section: section) {
      context, section throws(ResolutionError) in
      context.noteResolve(request, valueType: type)
      return try serve(request, as: type, found: found, context: context, in: section)
    }
  }

  /// The bits of the box of the instance that this container's cache already holds for a
  /// registration whose lifetime finds its cache from the requester alone (a session's, a flow's),
  /// when a resolve would only read it; 0 otherwise. The instance is read as a published singleton
  /// is, valid in `section`: the lookup found `entry` in a quiet, non-isolated lineage, for its
  /// type, no resolve runs on this thread (one would check captive dependencies) nor records edges
  /// anywhere, and the cache is read in `section` (its read sections are this family's). Nothing
  /// here takes a lock or touches a reference count. Not generic.
  ///
  /// Call it in the read section of the lookup that found `entry`.
  @usableFromInline
  func requesterCachedBits(
    _ entry: Unmanaged<Entry>, valueType: ObjectIdentifier, in section: borrowing ReadSection
  ) -> UInt {
    entry._withUnsafeGuaranteedRef { entry -> UInt in
      let registration = entry.registration
      guard registration.isRequesterCached, registration.valueTypeID == valueType,
        !isInIsolatedLineage, !ResolutionContext.isWatchingAnywhere,
        ThreadState.current.joinable == nil
      else { return 0 }
      let probe = InstanceCache.probe(of: registration)
      if let identifier = registration.requesterCacheIdentifier {
        return instanceCaches.withCache(for: identifier, in: section) { cache in
          cache.keptBits(probe: probe, name: entry.name, onlyIn: section)
        }
      }
      var bits: UInt = 0
      registration.requesterCachedLifetime?.withInstanceCache(ofRequester: self) { cache in
        bits = cache.keptBits(probe: probe, name: entry.name, onlyIn: section)
      }
      return bits
    }
  }

  /// Runs `body` in the synchronous resolve running on this thread, or in a new one that holds
  /// `section` until it ends, so that what it finds in the index stays alive without more
  /// sections. The new resolve's context is the one its thread kept, when it kept one. `body` is
  /// given `section`, in which a lookup made before the call was made.
  func withContext<Value>(
    _ location: CodeLocation, section: consuming ReadSection,
    _ body: (ResolutionContext, borrowing ReadSection) throws(ResolutionError) -> Value
  ) throws(ResolutionError) -> Value {
    let thread = ThreadState.current
    if let active = thread.joinable {
      active.noteResolveThroughContainer(self)
      // NB: `section` stays open until `body` returns: what the lookup found in it is served
      // there (the joined resolve may be an asynchronous one, which holds no section).
      return try body(active, section)
    }
    var context = thread.takeContext() ?? ResolutionContext(thread: thread)
    context.begin(at: location, requester: self, section: section)
    defer {
      context.finish()
      thread.recycle(&context)
    }
    // NB: the closure takes the context as its parameter rather than capturing the variable, so
    // that borrowing its read section copies no reference (a copy left the context shared when
    // `recycle` looked).
    return try thread.run(context) { context throws(ResolutionError) -> Value in
      // NB: `completingGraph`'s steps written out here, on the path of every resolve that is not
      // served from a published singleton: a closure more per resolve costs it about 60
      // instructions.
      let value: Value
      do throws(ResolutionError) {
        switch context.section {
        case .some(let section): value = try body(context, section)
        // NB: `begin` stored the section, which the context holds until `finish`.
        case .none: preconditionFailure("a synchronous resolve without its read section")
        }
      } catch {
        if context.hasPendingCompletions { context.runKeptCompletions() }
        throw error
      }
      if context.hasPendingCompletions { try context.runCompletions() }
      return value
    }
  }
}

// MARK: - Resolves in a shared graph (Lazy)

extension Container {
  /// Runs `body`, a resolve of a ``Lazy`` made in the resolve whose graph is `graph`, in that
  /// graph: the `.graph` instances it made that are still held are served again, and those this
  /// resolve makes join it. In the synchronous resolve running on this thread if there is one
  /// (so a cycle through the handle is still reported), with `graph` in place of its own until
  /// `body` returns (Swinject's `restoreObjectGraph` around a `Lazy`'s resolve, then the origin
  /// graph back); otherwise in a new resolve requested at `location`.
  func resolving<Value>(
    in graph: SharedGraph, location: CodeLocation,
    _ body: () throws(ResolutionError) -> Value
  ) throws(ResolutionError) -> Value {
    if let active = ThreadState.current.joinable {
      if active.graph === graph { return try body() }
      let (outerInstances, outerGraph) = (active.graphInstances, active.graph)
      active.graphInstances = [:]
      active.graph = graph
      defer { (active.graphInstances, active.graph) = (outerInstances, outerGraph) }
      return try body()
    }
    // NB: the graph is set in the body, not passed to `withContext`: a parameter there would
    // cost every top-level resolve a retain and a release.
    return try withContext(location, section: sections.enter()) {
      context, _ throws(ResolutionError) in
      context.graph = graph
      return try body()
    }
  }
}

// MARK: - Tracked resolves for property wrappers

extension Container {
  /// Resolves `request` and tells which custom-lifetime cache served it, so a holder of the value
  /// can tell when that lifetime ended.
  func resolveTracked<Value>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> (value: Value, stamp: CacheStamp?)
  {
    try withContext(request.location, section: sections.enter()) {
      context, _ throws(ResolutionError) -> (value: Value, stamp: CacheStamp?) in
      let (outerDepth, outerStamp) = (context.trackedDepth, context.servingCache)
      context.trackedDepth = context.frames.count
      context.servingCache = nil
      defer { (context.trackedDepth, context.servingCache) = (outerDepth, outerStamp) }
      context.noteResolve(request, valueType: type)
      let value = try resolve(request, as: type, context: context)
      return (value, context.servingCache)
    }
  }
}
