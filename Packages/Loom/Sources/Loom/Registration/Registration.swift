public import Synchronization

/// One registration: a key, a lifetime, a factory, where it was made, and the singleton's instance.
///
/// The base class is what the registry stores and the hot paths read, with nothing generic in
/// reach: code that is not specialised for the value's type (the parameter resolves of an
/// auto-wired initializer) reads it without looking up generic metadata. ``TypedRegistration``
/// adds the factory with its static type, for runtime arguments and error messages.
// NB: `@unchecked Sendable` because the class is not final (``TypedRegistration`` subclasses it).
// Every stored property is a `let` of a Sendable type (`Atomic`, `CacheSlot` and the `@Sendable`
// closure are Sendable), and the object behind `instance` is an immutable `ValueStorage` holding a
// `Sendable` value, so sharing across threads is safe.
@usableFromInline  // NB: `@unchecked Sendable`: see the proof above.
class Registration: @unchecked Sendable {
  @usableFromInline let key: DependencyKey
  /// The name of a type key, kept apart so the hot path compares it without unpacking the key.
  @usableFromInline let name: String?
  /// `ObjectIdentifier(Value.self)`: what the registration's values are read as.
  @usableFromInline let valueTypeID: ObjectIdentifier
  let lifetime: Lifetime
  let declaredDependencies: [DependencyKey]
  let location: CodeLocation
  /// The registration this one replaced, if any.
  let replaced: Registration?
  /// The module that made the registration (an assembly's name), when one was current; see
  /// ``Container/withRegistrationOrigin(_:_:)``.
  let origin: String?
  /// For a ``Container/bind(_:name:to:implementationName:fileID:line:)`` registration, the key it
  /// forwards to.
  let bindingTarget: DependencyKey?
  /// The factory when it takes no runtime arguments and is synchronous.
  @usableFromInline let produce: Producer?
  /// The factory when it is asynchronous.
  let produceAsync: AsyncProducer?
  /// Whether the factory must run on the main actor (it is `@MainActor`).
  let requiresMainActor: Bool
  /// A transient with a plain factory: the inlined fast path builds it.
  @usableFromInline let isPlainTransient: Bool
  /// Whether the lifetime is a ``CustomLifetime``: the inlined fast path asks its cache.
  @usableFromInline let hasCustomLifetime: Bool
  /// The ``CustomLifetime``, if the lifetime is one, boxed so it is called without copying the
  /// existential; retained in `init` and released in `deinit`, so the resolve paths borrow it
  /// without reference counting.
  private let customLifetimeBox: Unmanaged<CustomLifetimeBox>?
  /// A singleton's instance: an unmanaged, retained ``ValueStorage``, published once it exists.
  @usableFromInline let instance = Atomic<UnsafeRawPointer?>(nil)
  /// Coordinates creation of singleton and weak instances.
  let slot: CacheSlot
  /// Whether the keys its factory resolves are still being recorded: true until its factory first
  /// succeeds, for registrations that declare no dependencies (closures).
  @usableFromInline let isObserving: Atomic<Bool>
  /// The keys its factory resolved, in first-resolved order (the graph's observed edges).
  private let observed = Locked<[DependencyKey]>([])

  init(
    key: DependencyKey,
    valueTypeID: ObjectIdentifier,
    lifetime: Lifetime,
    produce: Producer?,
    produceAsync: AsyncProducer?,
    requiresMainActor: Bool,
    declaredDependencies: [DependencyKey],
    location: CodeLocation,
    replaced: Registration?,
    bindingTarget: DependencyKey?,
    origin: String?
  ) {
    self.origin = origin
    self.key = key
    self.name = key.name
    self.valueTypeID = valueTypeID
    self.lifetime = lifetime
    self.produce = produce
    self.produceAsync = produceAsync
    self.requiresMainActor = requiresMainActor
    if case .transient = lifetime.kind, produce != nil, !requiresMainActor {
      self.isPlainTransient = true
    } else {
      self.isPlainTransient = false
    }
    if case .custom(let custom) = lifetime.kind {
      self.customLifetimeBox = .passRetained(CustomLifetimeBox.make(custom))
      self.hasCustomLifetime = true
    } else {
      self.customLifetimeBox = nil
      self.hasCustomLifetime = false
    }
    self.declaredDependencies = declaredDependencies
    self.location = location
    self.replaced = replaced
    self.bindingTarget = bindingTarget
    self.isObserving = Atomic(declaredDependencies.isEmpty)
    if case .weak = lifetime.kind {
      self.slot = CacheSlot(holdsWeakly: true)
    } else {
      self.slot = CacheSlot(holdsWeakly: false)
    }
  }

  deinit {
    customLifetimeBox?.release()
    if let raw = instance.load(ordering: .acquiring) {
      Unmanaged<ValueStorage>.fromOpaque(raw).release()
    }
  }

  /// The memory of the published singleton value, if there is one. Lock-free.
  @inlinable @inline(__always)
  var publishedValue: UnsafeMutableRawPointer? {
    guard let raw = instance.load(ordering: .acquiring) else { return nil }
    return Unmanaged<ValueStorage>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.pointer }
  }

  /// Publishes a singleton's value for lock-free reads; the first publication wins.
  func publish(_ storage: ValueStorage) {
    let raw = UnsafeRawPointer(Unmanaged.passRetained(storage).toOpaque())
    let (exchanged, _) = instance.compareExchange(
      expected: nil, desired: raw, ordering: .acquiringAndReleasing)
    if !exchanged { Unmanaged<ValueStorage>.fromOpaque(raw).release() }
  }

  /// The keys its factory was seen resolving.
  var observedDependencies: [DependencyKey] { observed.withLock { $0 } }

  /// Records that its factory resolved `key`.
  @usableFromInline
  func observe(_ key: DependencyKey) {
    observed.withLock { keys in
      if !keys.contains(key) { keys.append(key) }
    }
  }

  /// Asks the custom lifetime (``hasCustomLifetime`` must be true) for the cache of a resolve,
  /// borrowing its box.
  func customInstanceCache(for context: borrowing LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    try LifetimeQuestions.asking(self, location: context.location) {
      () throws(ResolutionError) -> InstanceCache in
      var failure: ResolutionError?
      let cache = customLifetimeBox.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        box -> InstanceCache? in
        do throws(ResolutionError) {
          return try box.instanceCache(for: context)
        } catch {
          failure = error
          return nil
        }
      }
      if let cache { return cache }
      throw failure.unsafelyUnwrapped
    }
  }

  /// Stops recording: the factory has run to completion once.
  @usableFromInline
  func finishObserving() {
    if isObserving.load(ordering: .relaxed) { isObserving.store(false, ordering: .relaxed) }
  }

  /// Whether this registration forwards to another one.
  var isBinding: Bool { bindingTarget != nil }

  /// Whether the factory is asynchronous (a synchronous resolve fails with `asyncRequired`
  /// unless the instance is cached already).
  var isAsync: Bool { produceAsync != nil }

  /// How the factory's runtime arguments read, or nil when it takes none.
  var argumentTypes: String? { nil }

  /// A new registration like this one, with caches of its own (for isolated containers).
  func copied() -> Registration {
    preconditionFailure("every registration is a TypedRegistration")
  }

  /// Resolves the registration from `container` as a new asynchronous resolve, type-erased (for
  /// ``Container/bootstrap()`` and the test kit).
  func resolveErased(in container: Container, owner: Container) async throws(ResolutionError)
    -> any Sendable
  {
    preconditionFailure("every registration is a TypedRegistration")
  }
}

/// A registration whose factory makes `Value`.
@usableFromInline  // NB: `@unchecked Sendable`: adds one Sendable `let` to its superclass.
final class TypedRegistration<Value: Sendable>: Registration, @unchecked Sendable {
  @usableFromInline
  enum Factory: Sendable {
    case sync(Producer)
    case async(AsyncProducer)
    /// A synchronous factory isolated to the main actor.
    case mainActor(Producer)
    /// An `ArgumentFactory<Value, repeat each Argument>`, and how its arguments read.
    case withArguments(any Sendable, String)
  }

  let factory: Factory

  init(
    key: DependencyKey,
    lifetime: Lifetime,
    factory: Factory,
    declaredDependencies: [DependencyKey],
    location: CodeLocation,
    replaced: Registration?,
    bindingTarget: DependencyKey? = nil,
    origin: String? = RegistrationOrigin.current
  ) {
    self.factory = factory
    var produce: Producer?
    var produceAsync: AsyncProducer?
    var requiresMainActor = false
    switch factory {
    case .sync(let make): produce = make
    case .async(let make): produceAsync = make
    case .mainActor(let make):
      produce = make
      requiresMainActor = true
    case .withArguments: break
    }
    super.init(
      key: key, valueTypeID: ObjectIdentifier(Value.self), lifetime: lifetime, produce: produce,
      produceAsync: produceAsync, requiresMainActor: requiresMainActor,
      declaredDependencies: declaredDependencies, location: location, replaced: replaced,
      bindingTarget: bindingTarget, origin: origin)
  }

  override var argumentTypes: String? {
    if case .withArguments(_, let description) = factory { return description }
    return nil
  }

  override func copied() -> Registration {
    TypedRegistration(
      key: key, lifetime: lifetime, factory: factory, declaredDependencies: declaredDependencies,
      location: location, replaced: nil, bindingTarget: bindingTarget, origin: origin)
  }

  override func resolveErased(in container: Container, owner: Container)
    async throws(ResolutionError) -> any Sendable
  {
    let context = ResolutionContext(asynchronousAt: location)
    defer { context.finishAsynchronous() }
    return try await container.resolveAsync(self, owner: owner, context: context)
  }
}

/// A factory that takes runtime arguments, wrapped so it can be stored and cast back.
struct ArgumentFactory<Value, each Argument>: Sendable {
  let make: @Sendable (Resolver, repeat each Argument) throws -> Value
}

/// A factory without runtime arguments, as the engine calls it: it initialises the memory it is
/// given with the value.
///
/// The signature mentions no generic type, so the closure is called the same way from code
/// specialised for the value's type and from generic code: no re-abstraction thunk (one heap
/// allocation per call) and no generic metadata. Make it with ``producer(_:)`` in code specialised
/// for the value's type (the registration methods are inlinable for that).
@usableFromInline
typealias Producer = @Sendable (Resolver, UnsafeMutableRawPointer) throws -> Void

/// Wraps a factory as a ``Producer``.
@inlinable
func producer<Value: Sendable>(_ factory: @escaping @Sendable (Resolver) throws -> Value)
  -> Producer
{
  { resolver, memory in memory.initializeMemory(as: Value.self, to: try factory(resolver)) }
}

/// An asynchronous factory, as the engine calls it: it returns the value in its own storage.
@usableFromInline
typealias AsyncProducer = @Sendable (Resolver) async throws -> ValueStorage

/// Wraps an asynchronous factory as an ``AsyncProducer``.
@inlinable
func asyncProducer<Value: Sendable>(
  _ factory: @escaping @Sendable (Resolver) async throws -> Value
) -> AsyncProducer {
  { resolver in ValueStorage(try await factory(resolver)) }
}

/// Wraps a `@MainActor` factory as a ``Producer``; the engine calls it only on the main actor.
@inlinable
func mainActorProducer<Value: Sendable>(
  _ factory: @escaping @MainActor @Sendable (Resolver) throws -> Value
) -> Producer {
  { resolver, memory in
    // NB: the engine calls a main-actor producer only on the main actor (checked with
    // `isOnMainActor()`); `assumeIsolated` verifies it.
    // `resolver` is used only inside this synchronous call, on that one thread.
    nonisolated(unsafe) let resolver = resolver
    let value = try MainActor.assumeIsolated { try factory(resolver) }
    memory.initializeMemory(as: Value.self, to: value)
  }
}

/// A ``CustomLifetime`` behind a class, so the resolve paths call it through one virtual call
/// instead of copying an existential out of the registration first.
// NB: `@unchecked Sendable` because the class is not final; it has no stored state, and its one
// subclass adds a `let` of a `Sendable` type.
class CustomLifetimeBox: @unchecked Sendable {
  /// Boxes `lifetime` in a subclass specialised for its type.
  static func make(_ lifetime: any CustomLifetime) -> CustomLifetimeBox {
    func box<Lifetime: CustomLifetime>(_ lifetime: Lifetime) -> CustomLifetimeBox {
      TypedCustomLifetimeBox(lifetime)
    }
    return box(lifetime)
  }

  /// Asks the lifetime for the cache of a resolve.
  func instanceCache(for context: borrowing LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    preconditionFailure("every box is a TypedCustomLifetimeBox")
  }
}

/// The box of one ``CustomLifetime`` type.
// NB: `@unchecked Sendable`: one `let` of a `Sendable` type added to a base with no state.
final class TypedCustomLifetimeBox<Lifetime: CustomLifetime>: CustomLifetimeBox, @unchecked Sendable
{
  let lifetime: Lifetime

  init(_ lifetime: Lifetime) {
    self.lifetime = lifetime
  }

  override func instanceCache(for context: borrowing LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    try lifetime.instanceCache(for: context)
  }
}
