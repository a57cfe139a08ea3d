public import Synchronization

/// The state of the resolve running on one thread: the chain of registrations being built (for
/// errors and cycle detection), the `.graph` instances, and the cache that served a tracked resolve.
///
/// Each thread keeps one context and reuses it for every top-level resolve that reaches past the
/// cache, so a resolve allocates nothing of its own once the thread has warmed up. While a resolve
/// runs, its context is the thread's ``ActiveResolution``, and resolves that start further down the
/// same stack (a factory calling a captured container, a ``Lazy``, a ``Provider``) join it.
/// Each top-level resolve advances ``generation``, so a ``Resolver`` kept past its factory can tell
/// that its resolve has ended.
@usableFromInline
final class ResolutionContext {
  /// One registration being built, and the container that builds it.
  // NB: `@unchecked Sendable` so an asynchronous creation can start from a copy of its caller's
  // chain. The references are unretained; the registrations and containers they point to are
  // kept alive by the containers of the resolve, which the awaiting caller holds.
  @usableFromInline  // NB: `@unchecked Sendable`: see the proof above.
  struct Frame: @unchecked Sendable {
    @usableFromInline let registration: Unmanaged<Registration>
    @usableFromInline let builder: Unmanaged<Container>

    @usableFromInline
    init(registration: Unmanaged<Registration>, builder: Unmanaged<Container>) {
      self.registration = registration
      self.builder = builder
    }
  }

  /// Where the top-level resolve was requested.
  @exclusivity(unchecked) private(set) var location = CodeLocation()
  /// The registrations being built, outermost first. The references are unretained: the
  /// containers being resolved keep every registration and themselves alive until the resolve ends.
  // NB: `@exclusivity(unchecked)`: the context is only used by the thread that owns it, and no
  // access to `chain` overlaps another.
  @exclusivity(unchecked) @usableFromInline var chain: [Frame] = []
  /// `.graph` instances of this resolve, by registration.
  @exclusivity(unchecked) var graphInstances: [ObjectIdentifier: any AnyObject & Sendable] = [:]
  /// The chain depth of a tracked resolve in progress, whose serving cache is recorded.
  @exclusivity(unchecked) var trackedDepth: Int?
  /// The custom-lifetime cache that served the tracked key, and its generation then.
  @exclusivity(unchecked) var servingCache: CacheStamp?
  /// Advances when a top-level resolve begins and when it ends.
  @exclusivity(unchecked) @usableFromInline private(set) var generation: UInt = 0

  /// The identity of an asynchronous resolve or creation in the ``WaitGraph``; nil for a thread's
  /// own context, which waits as its thread.
  private let asynchronousIdentity: UInt?

  init() {
    asynchronousIdentity = nil
    chain.reserveCapacity(16)
  }

  /// A context for a top-level asynchronous resolve, which may hop between threads.
  init(asynchronousAt location: CodeLocation) {
    self.location = location
    self.asynchronousIdentity = CreationIdentity.next()
  }

  /// A context for an asynchronous creation that continues its caller's chain.
  init(creation identity: UInt, frames: [Frame], location: CodeLocation) {
    self.location = location
    self.asynchronousIdentity = identity
    self.chain = frames
  }

  /// The chain, to continue it in a creation task.
  var frames: [Frame] { chain }

  /// Who waits when this context waits for a creation.
  var waitIdentity: UInt { asynchronousIdentity ?? currentThreadID() }

  /// Ends an asynchronous resolve: resolvers made in it stop using it.
  func finishAsynchronous() {
    generation &+= 1
    graphInstances = [:]
  }

  /// Runs synchronous resolution work for an asynchronous context, installed as this thread's
  /// active resolution for its duration (so nested resolves through captured containers join it).
  func runSynchronously<Value>(_ body: () throws(ResolutionError) -> Value)
    throws(ResolutionError) -> Value
  {
    guard asynchronousIdentity != nil else { return try body() }
    let previous = ActiveResolution.current
    ActiveResolution.current = self
    defer { ActiveResolution.current = previous }
    return try body()
  }

  /// Runs the asynchronous factory of `registration` in `builder`, with the registration on the
  /// chain.
  func buildAsyncStorage(_ registration: Registration, in builder: Container)
    async throws(ResolutionError) -> ValueStorage
  {
    try push(registration, builder: builder)
    defer { chain.removeLast() }
    do {
      let storage = try await registration.produceAsync.unsafelyUnwrapped(
        Resolver(container: builder, context: self))
      registration.finishObserving()
      return storage
    } catch {
      throw failure(error, building: registration)
    }
  }

  /// ``buildAsyncStorage(_:in:)``, read as `Value`.
  func buildAsync<Value: Sendable>(
    _ registration: Registration, as type: Value.Type, in builder: Container
  ) async throws(ResolutionError) -> Value {
    try await buildAsyncStorage(registration, in: builder).value(as: Value.self)
  }

  /// The keys of ``chain``.
  var keys: [DependencyKey] { chain.map { $0.registration.takeUnretainedValue().key } }

  /// The container building the innermost registration, if a factory is running.
  var currentBuilder: Container? { chain.last?.builder.takeUnretainedValue() }

  // MARK: Top-level resolves

  /// The context to resolve in: the one running on this thread (joined), or this thread's own,
  /// begun as a new top-level resolve that the caller must end with ``end()``.
  @usableFromInline
  static func enter(location: CodeLocation) -> (context: ResolutionContext, isTopLevel: Bool) {
    if let active = ActiveResolution.current { return (active, false) }
    let context = ActiveResolution.idle
    context.location = location
    context.generation &+= 1
    ActiveResolution.current = context
    return (context, true)
  }

  /// Ends a top-level resolve begun by ``enter(location:)``.
  @usableFromInline
  func end() {
    chain.removeAll(keepingCapacity: true)
    if !graphInstances.isEmpty { graphInstances.removeAll(keepingCapacity: true) }
    trackedDepth = nil
    servingCache = nil
    generation &+= 1
    ActiveResolution.current = nil
  }

  // MARK: Building

  /// Runs the plain factory of `registration` in `builder`, with the registration on the chain.
  ///
  /// The factory writes the value into stack memory (see ``Producer``): nothing here needs generic
  /// metadata but the value's own, and nothing is allocated.
  @inlinable
  func build<Value: Sendable>(
    _ registration: Registration, as type: Value.Type, in builder: Container
  ) throws(ResolutionError) -> Value {
    try push(registration, builder: builder)
    defer { chain.removeLast() }
    do {
      let value = try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
        let memory = buffer.baseAddress.unsafelyUnwrapped
        try registration.produce.unsafelyUnwrapped(
          Resolver(container: builder, context: self), UnsafeMutableRawPointer(memory))
        return memory.move()
      }
      registration.finishObserving()
      return value
    } catch {
      throw failure(error, building: registration)
    }
  }

  /// Runs `factory` for `registration` in `builder`, with the registration on the chain.
  func build<Value: Sendable>(
    _ registration: Registration, in builder: Container, using factory: (Resolver) throws -> Value
  ) throws(ResolutionError) -> Value {
    try push(registration, builder: builder)
    defer { chain.removeLast() }
    do {
      let value = try factory(Resolver(container: builder, context: self))
      registration.finishObserving()
      return value
    } catch {
      throw failure(error, building: registration)
    }
  }

  /// Puts `registration` on the chain, or throws the cycle it would close.
  @usableFromInline
  func push(_ registration: Registration, builder: Container) throws(ResolutionError) {
    let pointer = Unmanaged.passUnretained(registration)
    for frame in chain where frame.registration.toOpaque() == pointer.toOpaque() {
      throw .cycle(
        registration.key, chain: keys + [registration.key], acrossThreads: false,
        location: location)
    }
    if let parent = chain.last?.registration.takeUnretainedValue(),
      parent.isObserving.load(ordering: .relaxed)
    {
      parent.observe(registration.key)
    }
    chain.append(Frame(registration: pointer, builder: .passUnretained(builder)))
  }

  /// Records, while the innermost factory's edges are still observed, that it resolved a cached
  /// instance of `Value` for `request`.
  @inlinable
  func noteCacheHit<Value>(_ request: _ResolutionRequest, as type: Value.Type) {
    guard let parent = chain.last?.registration,
      parent._withUnsafeGuaranteedRef({ $0.isObserving.load(ordering: .relaxed) })
    else { return }
    recordHit(request.probe, name: request.name, keyPath: request.keyPath, as: type)
  }

  @usableFromInline
  func recordHit<Value>(
    _ probe: UInt, name: String?, keyPath: (any AnyKeyPath & Sendable)?, as type: Value.Type
  ) {
    let key =
      if let keyPath {
        DependencyKey(erasedKeyPath: keyPath, valueType: type)
      } else {
        DependencyKey(type, name: name)
      }
    chain.last?.registration.takeUnretainedValue().observe(key)
  }

  /// Records the custom-lifetime cache that served the innermost resolve, when that resolve is the
  /// tracked one.
  func noteServingCache(_ cache: InstanceCache, generation: UInt64) {
    if chain.count == trackedDepth {
      servingCache = CacheStamp(cache: cache, generation: generation)
    }
  }

  /// Throws `.cycle` if `registration` is already being built in this resolve.
  func checkCycle(_ registration: Registration) throws(ResolutionError) {
    let pointer = Unmanaged.passUnretained(registration).toOpaque()
    for frame in chain where frame.registration.toOpaque() == pointer {
      throw .cycle(
        registration.key, chain: keys + [registration.key], acrossThreads: false,
        location: location)
    }
  }

  /// What a factory's failure becomes: a ``ResolutionError`` passes through (it already names its
  /// chain); anything else is wrapped as `factoryFailed`. Call with the registration still on the
  /// chain.
  @usableFromInline
  func failure(_ error: any Error, building registration: Registration) -> ResolutionError {
    if let error = error as? ResolutionError { return error }
    return .factoryFailed(
      registration.key, chain: keys, registeredAt: registration.location, underlying: error,
      location: location)
  }
}
