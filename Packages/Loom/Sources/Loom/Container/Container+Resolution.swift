// MARK: - Resolving conformance: where every resolve starts

extension Container: TopLevelResolving {
  /// Resolves one request as a new top-level resolve. Use ``TopLevelResolving/resolve(_:name:fileID:line:)``.
  ///
  /// ```swift
  /// let database = try container._resolve(Database.self, _ResolutionRequest(Database.self, name: nil))
  /// ```
  @inlinable
  public func _resolve<Value: Sendable>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> Value
  {
    guard observers.isQuiet else {
      return try resolveUncached(request, as: type, found: .none, ticket: sections.enter())
    }
    let ticket = sections.enter()
    let found = lookUpInLineage(request)
    if case .published(let bits) = found {
      defer { sections.exit(ticket) }
      if ResolutionContext.isObservingAnywhere { noteCapturedResolve(request, valueType: type) }
      return readPublishedSingleton(bits, as: type)
    }
    return try resolveUncached(request, as: type, found: found, ticket: ticket)
  }

  /// Resolves with runtime arguments. Use ``TopLevelResolving/resolve(_:name:arguments:_:fileID:line:)``.
  ///
  /// ```swift
  /// let user = try container._resolve(User.self, _ResolutionRequest(User.self, name: nil), arguments: "42")
  /// ```
  public func _resolve<Value: Sendable, each Argument>(
    _ type: Value.Type, _ request: _ResolutionRequest, arguments: repeat each Argument
  ) throws(ResolutionError) -> Value {
    try withContext(request.location) { context throws(ResolutionError) in
      try resolve(type, request, context: context, arguments: repeat each arguments)
    }
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
    if let value = cachedSingleton(request, as: type) { return value }
    return try await resolveAsync(request, as: type, context: nil)
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
  /// Records the edge of a resolve served from a published singleton while a factory whose edges
  /// are observed runs on this thread: a factory that resolves through a captured container.
  @usableFromInline
  func noteCapturedResolve(_ request: _ResolutionRequest, valueType: any Any.Type) {
    ActiveResolution.joinable?.noteResolve(request, valueType: valueType)
  }

  /// A published singleton for `request`, read in a read section of its own (for code that does
  /// not hold one, such as an asynchronous resolve).
  @inlinable @inline(__always)
  func cachedSingleton<Value: Sendable>(_ request: _ResolutionRequest, as type: Value.Type)
    -> Value?
  {
    guard observers.isQuiet else { return nil }
    let ticket = sections.enter()
    defer { sections.exit(ticket) }
    guard case .published(let bits) = lookUpInLineage(request) else { return nil }
    return readPublishedSingleton(bits, as: type)
  }

  /// Resolves `request` in `context`, which holds no read section (an asynchronous resolve, or an
  /// active observer): a section of its own for the lookup.
  @usableFromInline
  func resolveInSection<Value: Sendable>(
    _ request: _ResolutionRequest, as type: Value.Type, context: ResolutionContext
  ) throws(ResolutionError) -> Value {
    let found: FastLookup
    if observers.isQuiet {
      let ticket = sections.enter()
      defer { sections.exit(ticket) }
      found = lookUpInLineage(request)
      if case .published(let bits) = found { return readPublishedSingleton(bits, as: type) }
    } else {
      found = .none
    }
    return try resolve(request, as: type, found: found, context: context)
  }

  /// A top-level resolve that the fast path could not serve: joins the synchronous resolve
  /// running on this thread, or starts one, which keeps the read section `ticket` open until it
  /// ends (so what it finds in the index stays alive without further sections).
  @usableFromInline
  func resolveUncached<Value: Sendable>(
    _ request: _ResolutionRequest, as type: Value.Type, found: FastLookup,
    ticket: ReadSections.Ticket
  ) throws(ResolutionError) -> Value {
    if let active = ActiveResolution.joinable {
      sections.exit(ticket)  // the joined resolve holds a section of its own
      active.noteResolve(request, valueType: type)
      return try resolve(request, as: type, found: found, context: active)
    }
    let context = ResolutionContext(
      synchronousAt: request.location, section: ticket, requester: self)
    defer {
      context.finish()
      sections.exit(ticket)
    }
    return try ActiveResolution.run(context) { () throws(ResolutionError) -> Value in
      try resolve(request, as: type, found: found, context: context)
    }
  }

  /// Runs `body` in the synchronous resolve running on this thread, or in a new one.
  func withContext<Value>(
    _ location: CodeLocation, _ body: (ResolutionContext) throws(ResolutionError) -> Value
  ) throws(ResolutionError) -> Value {
    if let active = ActiveResolution.joinable { return try body(active) }
    let ticket = sections.enter()
    let context = ResolutionContext(synchronousAt: location, section: ticket, requester: self)
    defer {
      context.finish()
      sections.exit(ticket)
    }
    return try ActiveResolution.run(context) { () throws(ResolutionError) -> Value in
      try body(context)
    }
  }
}

// MARK: - Tracked resolves for property wrappers

extension Container {
  /// Resolves `request` and tells which custom-lifetime cache served it, so a holder of the value
  /// can tell when that lifetime ended.
  func resolveTracked<Value: Sendable>(_ type: Value.Type, _ request: _ResolutionRequest)
    throws(ResolutionError) -> (value: Value, stamp: CacheStamp?)
  {
    try withContext(request.location) {
      context throws(ResolutionError) -> (value: Value, stamp: CacheStamp?) in
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
