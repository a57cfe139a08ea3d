public import Synchronization

/// The state of one resolve: the chain of registrations being built (for errors, cycle detection
/// and edge recording), its `.graph` instances, and where it was requested.
///
/// A top-level resolve that reaches the slow path takes one; the ``Resolver`` a factory receives
/// carries it to the resolves the factory makes, and a synchronous resolve also makes it the
/// active resolve of its thread (``ThreadState``), so that resolves which start further down the
/// same stack (a factory calling a captured container, a ``Lazy``, a ``Provider``, a property
/// wrapper made inside a factory) join it instead of starting afresh. A context is used by one
/// thread or task at a time and is not shared.
///
/// A synchronous context is used again: when its resolve ends and nothing else holds it, its
/// thread keeps it for the next top-level resolve (``ThreadState/recycle(_:)``), so that resolve
/// allocates neither a context nor its chain's storage.
///
/// (Its mutable state is marked `@exclusivity(unchecked)`: one thread or task uses a context at a
/// time, which is what the dynamic check would verify on every access, at a cost the engine pays
/// on every step. The flags a ``Resolver`` kept past its factory may read from another thread are
/// atomics.)
@usableFromInline
final class ResolutionContext {
  /// One registration on the chain, and the container building it, unretained.
  ///
  /// The chain is a stack that retains nothing, which spares two reference-count operations per
  /// step of every resolve. Why that is safe: a frame is pushed only by ``enter(_:builder:)`` and
  /// ``enterQuestion(_:builder:)``, whose callers (the engine's `make`, `placement` and `complete`)
  /// hold the registration and the builder as arguments for the whole call, and popped by
  /// ``leave()`` in the `defer` of that same call; so while a frame is on the chain, a caller
  /// further down the same stack keeps what it points to alive. What must outlive the call copies
  /// strong references out first: an asynchronous creation continuing the chain
  /// (``init(creation:frames:location:requester:)`` keeps the registrations and builders), a
  /// ``LifetimeContext`` (``LifetimeContext/init(registration:owner:requester:context:)``), and
  /// errors (which copy keys).
  struct Frame {
    unowned(unsafe) let registration: Registration
    /// The container building the registration, or nil for the context's requester (almost
    /// always: a transient is built where it is resolved). Read it with
    /// ``ResolutionContext/builder(of:)``.
    unowned(unsafe) let otherBuilder: Container?
    /// Whether the frame asks the registration's custom lifetime for a cache rather than running
    /// its factory.
    let isQuestion: Bool
    /// Whether the registration's edges were being observed when the frame was entered.
    let isObserving: Bool
    /// Whether the frame runs the registration's completion rather than its factory (what it
    /// resolves is recorded as the completion's).
    let isCompletion: Bool
    /// Whether the frame counts in ``ResolutionContext/watchingFrames``.
    let isWatching: Bool
  }

  /// The registrations being built (or whose lifetimes are being asked), outermost first.
  let frames: FrameStack
  /// For a context that continues another's chain (an asynchronous creation), what its copied
  /// frames point to, held strongly (see ``Frame``).
  private var copiedFrameOwners: [AnyObject] = []
  /// `.graph` instances of this resolve, by registration, held until it ends.
  @exclusivity(unchecked) var graphInstances: [ObjectIdentifier: GraphInstance] = [:]
  /// The graph this resolve shares with the ``Lazy`` handles made in it, once one is made (or the
  /// graph of the handle this resolve runs for): nil for almost every resolve, which then does
  /// nothing more for it (see ``SharedGraph``).
  @exclusivity(unchecked) var graph: SharedGraph?
  /// Where the top-level resolve was requested.
  @exclusivity(unchecked) private(set) var location: CodeLocation
  /// The container the top-level resolve was called on (for hints), when known.
  @exclusivity(unchecked) private(set) var requester: Container?
  /// The identity of ``requester``, compared with a frame's builder without a reference count.
  @exclusivity(unchecked) private var requesterID: ObjectIdentifier?
  /// The lowest stack address this resolve may reach (``ThreadState/stackFloor``): its thread's,
  /// for a synchronous resolve; `.max` for an asynchronous one, which may move between threads
  /// and asks the thread it runs on (``checkStack(entering:)``).
  private let stackFloor: UInt
  /// 1, read from memory by ``checkStack(entering:)`` (see ``ThreadState/stackPosition(size:)``).
  private let stackProbeSize = 1
  /// Who waits when this resolve waits for another's creation (see ``WaitGraph``).
  @exclusivity(unchecked) private(set) var waitIdentity: UInt
  /// The read section the resolve holds until it ends (a synchronous resolve only): what its
  /// lookups find stays alive without sections of their own.
  @exclusivity(unchecked) @usableFromInline private(set) var section: ReadSection?
  /// Whether the resolve has ended; a ``Resolver`` kept past it resolves as its container would.
  @usableFromInline let finished = Atomic(false)
  /// How many frames on the chain are *watching* what they resolve (almost always 0): a frame
  /// entered while its registration's edges were observed (a factory's edges are observed only
  /// until it first succeeds), or one of a registration that would hold a published singleton
  /// captive (a `.once` one, see ``Registration/outranksSingletons``). While one is on the
  /// chain, nothing is served from a published singleton without the engine, so the edge is
  /// recorded and the captive rule checked whatever is cached.
  @usableFromInline let watchingFrames = Atomic(0)
  /// How many watching frames of synchronous resolves there are in the whole process: 0 in the
  /// steady state, so that a resolve served from a published singleton checks one atomic before
  /// it looks for a watching resolve on its thread (one whose factory resolves through a captured
  /// container).
  @usableFromInline static let watchingAnywhere = Atomic(0)
  /// Whether a frame on the chain watches what it resolves (see ``watchingFrames``).
  @inlinable var isWatching: Bool { watchingFrames.load(ordering: .relaxed) != 0 }
  /// Whether any synchronous resolve may be watching what it resolves (see
  /// ``watchingAnywhere``).
  @inlinable static var isWatchingAnywhere: Bool {
    watchingAnywhere.load(ordering: .relaxed) != 0
  }
  /// The chain depth of a tracked resolve in progress, whose serving cache is recorded.
  @exclusivity(unchecked) var trackedDepth: Int?
  /// The frames below this depth are not holders for the captive check: they were on the chain
  /// when a ``Lazy`` or ``Provider`` began its resolve, and what it resolves is not theirs.
  @exclusivity(unchecked) var captiveFloor = 0
  /// The custom-lifetime cache that served the tracked key, and its generation then.
  @exclusivity(unchecked) var servingCache: CacheStamp?
  /// The actor (other than the main actor) on which the asynchronous engine runs this resolve's
  /// synchronous part, so that factories isolated to it may run (see `Engine/Isolation.swift`).
  @exclusivity(unchecked) var runsOn: (any Actor)?
  /// The completions (``Registered/onCreated(dependencies:_:)``) of the instances this resolve
  /// made, in the order they were made, waiting for its graph to be complete.
  @exclusivity(unchecked) var pendingCompletions: [PendingCompletion] = []
  /// While a completion runs: the registrations whose completions made its instance, then its
  /// own (see ``PendingCompletion/ancestry``).
  @exclusivity(unchecked) var completionAncestry: [CompletionOrigin] = []

  /// A context for synchronous resolves on the calling thread, whose state is `thread`;
  /// ``begin(at:requester:section:)`` starts each one.
  init(thread: ThreadState) {
    self.location = CodeLocation()
    self.waitIdentity = WaitIdentity.currentThread
    self.stackFloor = thread.stackFloor
    self.frames = FrameStack()
  }

  /// A context for an asynchronous resolve, which may hop between threads.
  init(asynchronousAt location: CodeLocation, requester: Container? = nil) {
    self.location = location
    self.requester = requester
    self.requesterID = requester.map(ObjectIdentifier.init)
    self.waitIdentity = WaitIdentity.nextAsynchronous()
    self.stackFloor = .max
    self.frames = FrameStack()
  }

  /// A context for an asynchronous creation that continues its caller's chain.
  init(
    creation identity: UInt, frames: [Frame], location: CodeLocation, requester: Container?
  ) {
    self.location = location
    self.requester = requester
    self.requesterID = requester.map(ObjectIdentifier.init)
    self.waitIdentity = identity
    self.stackFloor = .max
    self.frames = FrameStack(frames)
    self.copiedFrameOwners = frames.flatMap { frame -> [AnyObject] in
      [frame.registration] + (frame.otherBuilder.map { [$0] } ?? [])
    }
    watchingFrames.store(frames.count(where: \.isWatching), ordering: .relaxed)
  }

  /// Starts a synchronous resolve requested at `location` from `requester`, which holds `section`
  /// until it ends.
  func begin(at location: CodeLocation, requester: Container, section: consuming ReadSection) {
    self.location = location
    self.requester = requester
    self.requesterID = ObjectIdentifier(requester)
    self.section = consume section
    finished.store(false, ordering: .relaxed)
  }

  /// Whether the resolve is still running.
  @usableFromInline var isOpen: Bool { !finished.load(ordering: .relaxed) }

  /// Whether the resolve began asynchronously (it has no thread of its own).
  var isAsynchronous: Bool { WaitIdentity.isAsynchronous(waitIdentity) }

  /// Ends the resolve: drops its `.graph` instances and ends its read section. (Its chain is empty
  /// again: every frame entered was left.)
  func finish() {
    finished.store(true, ordering: .relaxed)
    if !graphInstances.isEmpty { graphInstances.removeAll(keepingCapacity: true) }
    if graph != nil { graph = nil }
    section = nil
    requester = nil
    requesterID = nil
    trackedDepth = nil
    servingCache = nil
    captiveFloor = 0
  }

  /// The keys of the chain.
  var keys: [DependencyKey] { frames.map(\.registration.key) }

  /// The chain with `key` appended, for an error about `key`.
  func chain(to key: DependencyKey) -> [DependencyKey] { keys + [key] }

  /// The innermost registration whose factory is running, and the container running it.
  var innermostBuild: Frame? { frames.last(where: { !$0.isQuestion }) }

  /// The container building `frame`'s registration.
  func builder(of frame: Frame) -> Container {
    // A frame has no builder of its own only when the builder is `requester`.
    frame.otherBuilder ?? requester!
  }

  // MARK: The chain (cycle detection within one resolve)

  /// How many levels a resolve enters before it checks its stack: so few that no thread's stack
  /// runs out before (8 levels take about 36 KiB in release builds, 136 KiB in debug ones, against
  /// 512 KiB for a secondary thread on Apple platforms and 8 MiB on Linux), and the chains of most
  /// apps never pay for the check.
  static let unguardedDepth = 8

  /// Throws ``ResolutionError/Code/tooDeep`` when the thread this resolve runs on has no room on
  /// its stack for another level: below its floor, which an asynchronous resolve, that may move
  /// between threads, asks the thread it runs on.
  @inline(never)
  private func checkStack(entering registration: Registration) throws(ResolutionError) {
    let position = ThreadState.stackPosition(size: stackProbeSize)
    let floor = stackFloor == .max ? ThreadState.current.stackFloor : stackFloor
    guard position <= floor else { return }
    throw .tooDeep(registration.key, chain: chain(to: registration.key), location: location)
  }

  /// Puts `registration` on the chain, or throws the cycle it would close.
  ///
  /// This is the in-resolve half of cycle detection; ``WaitGraph`` is the half across threads.
  ///
  /// Past ``unguardedDepth`` levels, it also checks that the thread's stack has room for one more
  /// level, and throws
  /// ``ResolutionError/Code/tooDeep`` before a chain of synchronous factories, or a cycle too long
  /// to fit, could overflow it.
  func enter(_ registration: Registration, builder: Container) throws(ResolutionError) {
    try enter(
      registration, builder: builder, isObserving: registration.isObserving, isCompletion: false)
  }

  /// Puts `registration` on the chain to run its completion, or throws the cycle it would close;
  /// what the completion resolves is recorded as its edges while they are observed.
  func enterCompletion(_ registration: Registration, builder: Container) throws(ResolutionError) {
    try enter(
      registration, builder: builder, isObserving: registration.isObservingCompletion,
      isCompletion: true)
  }

  /// ``enter(_:builder:)`` and ``enterCompletion(_:builder:)``: the frame, its stack check and
  /// the cycle it would close.
  @inline(__always)
  private func enter(
    _ registration: Registration, builder: Container, isObserving: Bool, isCompletion: Bool
  ) throws(ResolutionError) {
    if frames.count >= Self.unguardedDepth { try checkStack(entering: registration) }
    let isWatching = isObserving || registration.outranksSingletons
    guard
      push(
        registration, builder: builder, isQuestion: false, isObserving: isObserving,
        isCompletion: isCompletion, isWatching: isWatching)
    else {
      throw .cycle(
        registration.key, chain: chain(to: registration.key), acrossThreads: false,
        location: location)
    }
    if isWatching { startWatching() }
  }

  /// Counts a watching frame entered (see ``watchingFrames``).
  private func startWatching() {
    watchingFrames.wrappingAdd(1, ordering: .relaxed)
    Self.watchingAnywhere.wrappingAdd(1, ordering: .relaxed)
  }

  /// Records that `registration`'s lifetime is being asked for a cache, or throws the cycle of a
  /// lifetime that resolves, while asked, the key it picks a cache for.
  func enterQuestion(_ registration: Registration, builder: Container) throws(ResolutionError) {
    guard
      push(
        registration, builder: builder, isQuestion: true, isObserving: false, isCompletion: false,
        isWatching: false)
    else {
      throw .lifetimeCycle(
        registration.key, asked: frames.filter(\.isQuestion).map(\.registration.key),
        location: location)
    }
  }

  /// Appends a frame unless a frame of the same kind and registration is on the chain already.
  /// (Identities are compared, and the builder against the requester, without touching reference
  /// counts.)
  @inline(__always)
  private func push(
    _ registration: Registration, builder: Container, isQuestion: Bool, isObserving: Bool,
    isCompletion: Bool, isWatching: Bool
  ) -> Bool {
    if frames.contains(ObjectIdentifier(registration), isQuestion: isQuestion) { return false }
    let isRequester = requesterID == ObjectIdentifier(builder)
    frames.append(
      Frame(
        registration: registration, otherBuilder: isRequester ? nil : builder,
        isQuestion: isQuestion, isObserving: isObserving, isCompletion: isCompletion,
        isWatching: isWatching))
    return true
  }

  /// Takes the innermost frame off the chain.
  func leave() {
    if frames.removeLast().isWatching {
      watchingFrames.wrappingSubtract(1, ordering: .relaxed)
      Self.watchingAnywhere.wrappingSubtract(1, ordering: .relaxed)
    }
  }

  /// Throws `.cycle` if `registration`'s factory is already running in this resolve.
  func checkCycle(_ registration: Registration) throws(ResolutionError) {
    if frames.contains(ObjectIdentifier(registration), isQuestion: false) {
      throw .cycle(
        registration.key, chain: chain(to: registration.key), acrossThreads: false,
        location: location)
    }
  }

  // MARK: Completions

  /// Runs `body`, the whole of a resolve, then the completions of the instances it made, in the
  /// order they were made (and those of the instances the completions make in turn), while its
  /// `.graph` instances are still there: Swinject's `initCompleted` timing, so a back-reference
  /// finds its parent in either resolution order. When `body` fails, the completions of the
  /// instances that stay kept (cached) still run, and `body`'s error is thrown. A completion of an
  /// actor (its body's or its registration's) hops there. (A synchronous resolve runs the same
  /// steps in ``Container/withContext(_:section:_:)``.)
  func completingGraph<Value>(_ body: () async throws(ResolutionError) -> Value)
    async throws(ResolutionError) -> Value
  {
    let value: Value
    do {
      value = try await body()
    } catch {
      runKeptCompletions()
      throw error
    }
    while !pendingCompletions.isEmpty {
      let pending = pendingCompletions.removeFirst()
      guard let actor = pending.actor else {
        try runCompletion(pending)
        continue
      }
      // NB: the context is used only on the actor while this task waits for it.
      nonisolated(unsafe) let context = self
      // NB: the completion likewise: it runs on the actor while this task waits.
      nonisolated(unsafe) let completion = pending
      try await run(on: actor) { () throws(ResolutionError) in
        let outer = context.runsOn
        context.runsOn = isMainActor(actor) ? nil : actor
        defer { context.runsOn = outer }
        try context.runCompletion(completion)
      }
    }
    return value
  }

  /// Whether completions wait for the graph to be complete.
  var hasPendingCompletions: Bool { !pendingCompletions.isEmpty }

  /// Runs the pending completions, first made first, until none is left.
  func runCompletions() throws(ResolutionError) {
    while !pendingCompletions.isEmpty {
      try runCompletion(pendingCompletions.removeFirst())
    }
  }

  /// After a failed resolve: runs the completions of the instances it made that stay kept, and
  /// drops the others (their instances are dropped with the resolve).
  func runKeptCompletions() {
    while !pendingCompletions.isEmpty {
      let pending = pendingCompletions.removeFirst()
      // NB: the resolve's own error is the one its caller is told.
      if pending.isKept, pending.actor.map(runs(on:)) ?? true { try? runCompletion(pending) }
    }
  }

  /// Runs one completion; on failure, its error is told from the chain above the instance. A
  /// completion of a registration whose own completion made this instance (through the
  /// completions in between) would make instances without end: that is a cycle.
  private func runCompletion(_ pending: PendingCompletion) throws(ResolutionError) {
    if let first = pending.ancestry.firstIndex(where: { $0.id == pending.origin.id }) {
      pendingCompletions.removeAll()
      throw .cycle(
        pending.origin.key,
        chain: pending.ancestry[first...].map(\.key) + [pending.origin.key], acrossThreads: false,
        location: location)
    }
    let outer = completionAncestry
    completionAncestry = pending.ancestry + [pending.origin]
    defer { completionAncestry = outer }
    do {
      try pending.run(self)
    } catch {
      pendingCompletions.removeAll()
      throw error.below(pending.chainAbove)
    }
  }

  // MARK: The graph

  /// The graph a ``Lazy`` made now in this resolve resolves in later: this resolve's, shared from
  /// now on (with the `.graph` instances it made so far), or nil when the resolve has ended or
  /// has not begun to build anything (a top-level resolve of the handle itself, whose graph is
  /// empty: the handle starts a new one when it resolves, as one made outside any resolve does).
  func graphForHandle() -> SharedGraph? {
    guard isOpen else { return nil }
    if let graph { return graph }
    guard !frames.isEmpty || !graphInstances.isEmpty else { return nil }
    let graph = SharedGraph()
    graph.join(graphInstances)
    self.graph = graph
    return graph
  }

  /// Keeps `value`, a new `.graph` instance of `registration`, for the rest of this resolve, and
  /// in its shared graph if it has one. Returns nil, or the instance to serve instead when a
  /// resolve on another thread in the same shared graph made one first.
  func keepGraphInstance<Value>(_ value: Value, of registration: Registration, id: ObjectIdentifier)
    -> Value?
  {
    if let graph, let existing = graph.join(value, of: registration),
      let other = existing as? Value
    {
      graphInstances[id] = GraphInstance(Publication(other), of: registration)
      return other
    }
    graphInstances[id] = GraphInstance(Publication(value), of: registration)
    return nil
  }

  /// `object`, an instance of `registration` that an earlier resolve in this resolve's shared
  /// graph made and something still holds, as a `Value`, kept for the rest of this resolve.
  func adoptGraphInstance<Value>(
    _ object: any AnyObject & Sendable, as type: Value.Type, of registration: Registration,
    id: ObjectIdentifier
  ) -> Value? {
    guard let value = object as? Value else { return nil }
    graphInstances[id] = GraphInstance(Publication(value), of: registration)
    return value
  }

  // MARK: Captive dependencies

  /// Throws `captiveDependency` when the registration being built nearest to this resolve,
  /// through transient and graph ones only (they belong to their holder), is cached and lives
  /// longer than `registration`: it would keep `registration`'s instance past that instance's
  /// lifetime. The rule of ``Container/validate(_:)``'s captive check, met at resolve time.
  func checkCaptive(_ registration: Registration) throws(ResolutionError) {
    var depth = frames.count
    while depth > captiveFloor {
      depth -= 1
      let frame = frames[depth]
      // A lifetime picking a cache, not an instance being built: nothing holds what it resolves.
      if frame.isQuestion { return }
      let holder = frame.registration
      if holder.lifetimeKind.isOwnedByHolder { continue }
      guard holder.lifetime.isCached, holder.lifetime.rank > registration.lifetime.rank else {
        return
      }
      let first = depth + 1 < frames.count ? frames[depth + 1].registration.key : registration.key
      throw .captive(
        registration.key, lifetime: registration.lifetime, heldBy: holder, through: first,
        chain: chain(to: registration.key), location: location)
    }
  }

  // MARK: Edges

  /// Records, while the innermost factory's edges are still observed, that it resolved the key of
  /// `request`.
  ///
  /// The one place where observed edges are recorded, whether the resolve is then served from a
  /// cache or runs a factory.
  @inlinable
  func noteResolve(_ request: _ResolutionRequest, valueType: any Any.Type) {
    if watchingFrames.load(ordering: .relaxed) > 0 { noteEdge(request, valueType: valueType) }
  }

  /// ``noteResolve(_:valueType:)``, out of line.
  @usableFromInline
  func noteEdge(_ request: _ResolutionRequest, valueType: any Any.Type) {
    // NB: what the registrations being built do not hold (`resolvingUnheld`) is not their edge.
    guard frames.count > captiveFloor, let frame = innermostBuild else { return }
    let parent = frame.registration
    if frame.isCompletion {
      if parent.isObservingCompletion { parent.observeCompletion(request.key(as: valueType)) }
    } else if parent.isObserving {
      parent.observe(request.key(as: valueType))
    }
  }

  /// ``noteResolve(_:valueType:)`` for a resolve with runtime arguments: its edge goes to `key`,
  /// the registration of exactly those argument types (made only when an edge is recorded).
  func noteResolve(withArguments key: () -> DependencyKey) {
    guard watchingFrames.load(ordering: .relaxed) > 0, frames.count > captiveFloor,
      let frame = innermostBuild
    else { return }
    let parent = frame.registration
    if frame.isCompletion {
      if parent.isObservingCompletion { parent.observeCompletion(key()) }
    } else if parent.isObserving {
      parent.observe(key())
    }
  }

  /// Records, while the innermost factory's edges are still observed, that it made a top-level
  /// resolve on `container` (one it captured) rather than resolving through its resolver, and
  /// warns about it once, in debug builds: the closure holds the container, so when the
  /// container holds the closure's registration neither is ever freed.
  @usableFromInline
  func noteResolveThroughContainer(_ container: Container) {
    guard watchingFrames.load(ordering: .relaxed) > 0, frames.count > captiveFloor,
      let building = innermostBuild?.registration, building.isObserving,
      building.noteResolveThroughCapturedContainer()
    else { return }
    container.reportWarning(
      summary: "the factory of \(building.key) resolves through a container it captured"
        + " (`container.resolve(...)` inside the closure): the closure keeps the container alive,"
        + " so a container that holds this registration is never freed, and a failure there stops"
        + " the program instead of reaching the caller",
      hint: "resolve through the factory's resolver, `{ r in ... try r.tryResolve(...) }`, or"
        + " register an initializer (`register(lifetime: ..., \(building.key).init)`).",
      at: building.location)
  }

  // MARK: Serving caches (property wrappers)

  /// Records the custom-lifetime cache that served the innermost resolve, when that resolve is the
  /// tracked one.
  func noteServingCache(_ cache: InstanceCache, generation: UInt64) {
    if frames.count == trackedDepth {
      servingCache = CacheStamp(cache: cache, generation: generation)
    }
  }

  /// What a factory's failure becomes: a ``ResolutionError`` passes through (it already names its
  /// chain); anything else is wrapped as `factoryFailed`. Call with the registration still on the
  /// chain.
  func failure(_ error: any Error, making registration: Registration) -> ResolutionError {
    if let error = error as? ResolutionError { return error }
    return .factoryFailed(
      registration.key, chain: keys, registeredAt: registration.location, underlying: error,
      location: location)
  }
}

/// The custom-lifetime cache that served a resolve, and its generation then; the resolved value is
/// stale once the cache's generation moves on.
struct CacheStamp: Sendable {
  let cache: InstanceCache
  let generation: UInt64

  var isCurrent: Bool { cache.generation == generation }
}

/// A `.graph` instance a resolve holds, in its ``Publication``, and its registration (held: a
/// ``SharedGraph`` made later in the resolve reads it).
struct GraphInstance {
  let box: any AnyObject & Sendable
  let registration: Registration

  init(_ box: any AnyObject & Sendable, of registration: Registration) {
    self.box = box
    self.registration = registration
  }
}
