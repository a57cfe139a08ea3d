import Synchronization

/// How to make one key's value: the factory, its lifetime, where it was registered and what it
/// depends on. Immutable apart from the edges it is seen resolving.
///
/// The instances a registration makes live in the ``Entry`` that installs it in a container.
@usableFromInline
final class Registration: Sendable {
  let key: DependencyKey
  let lifetime: Lifetime
  let location: CodeLocation
  /// The module that made the registration (an assembly's name), when one was current; see
  /// ``Container/withRegistrationOrigin(_:_:)``.
  let origin: String?
  /// The keys its factory resolves, declared at registration (empty when none were declared).
  let declaredDependencies: [DependencyKey]
  /// For a ``Container/bind(_:name:to:implementationName:fileID:line:)`` registration, the key it
  /// forwards to.
  let bindingTarget: DependencyKey?
  /// What is wrong with it that registering could tell (``Container/validate(_:)`` reports it).
  let defect: RegistrationDefect?
  /// Where the registration this one replaced was made, and by which module.
  let replaced: (location: CodeLocation, origin: String?)?
  /// `ObjectIdentifier(Value.self)`: what the registration's values are read as.
  let valueTypeID: ObjectIdentifier
  /// The factory, a ``Factory`` of the value's type.
  let factory: any AnyFactory
  /// The factory's form.
  let kind: FactoryKind
  /// The actor a synchronous factory runs on (the main actor for a `mainActor` one), if any.
  let isolation: (any Actor)?
  /// How its values may be shared: `Sendable` ones as the lifetime says; others are never
  /// shared, shared on the main actor only, or shared on the user's word (see
  /// ``ConfinedLifetime``).
  let sharing: ConfinedLifetime.Sharing
  /// The lifetime's kind, without a custom lifetime's payload (cheap to switch over).
  let lifetimeKind: LifetimeKind
  /// The lifetime when it is a ``CustomLifetime``.
  let customLifetime: (any CustomLifetime)?
  /// The lifetime when its cache depends only on the requester (see
  /// ``Container/requesterCachedBits(_:valueType:in:)``).
  let requesterCachedLifetime: (any _RequesterCachedLifetime)?
  /// Whether ``requesterCachedLifetime`` is set: read on every top-level resolve, where copying
  /// the existential out to test it would cost more than the test.
  let isRequesterCached: Bool
  /// The lifetime's ``_RequesterCachedLifetime/requesterCacheIdentifier``, asked once.
  let requesterCacheIdentifier: String?
  /// Whether a resolve only has to run its factory: a synchronous transient with no completion
  /// (the engine's shortest path, see ``Container/serve(_:owner:_:as:context:)``).
  let isPlainTransient: Bool
  /// What a declaration or a ``Registered`` handle added: context alternatives, a completion,
  /// a collection's contributions (see `Hooks/RegistrationExtras.swift`); nil for most.
  let extras: RegistrationExtras?
  /// The keys its factory was seen resolving, while it has no declared dependencies and has not
  /// yet run to completion once.
  private let observation: EdgeObservation?
  /// Whether `observation` is still recording: read on every step of a resolve, so kept here
  /// rather than behind the optional.
  private let observing: Atomic<Bool>
  init<Value>(
    key: DependencyKey, lifetime: Lifetime, factory: Factory<Value>,
    declaredDependencies: [DependencyKey]?, location: CodeLocation,
    replaced: (location: CodeLocation, origin: String?)? = nil,
    bindingTarget: DependencyKey? = nil, origin: String? = RegistrationOrigin.current,
    defect: RegistrationDefect? = nil, extras: RegistrationExtras? = nil,
    sharing: ConfinedLifetime.Sharing = .sendable
  ) {
    self.defect = defect
    self.extras = extras
    self.key = key
    self.lifetime = lifetime
    self.location = location
    self.origin = origin
    self.declaredDependencies = declaredDependencies ?? []
    self.bindingTarget = bindingTarget
    self.replaced = replaced
    self.valueTypeID = ObjectIdentifier(Value.self)
    self.factory = factory
    self.kind = factory.kind
    self.isolation = factory.isolation
    self.sharing = sharing
    switch lifetime.kind {
    case .transient: (lifetimeKind, customLifetime) = (.transient, nil)
    case .singleton: (lifetimeKind, customLifetime) = (.singleton, nil)
    case .weak: (lifetimeKind, customLifetime) = (.weak, nil)
    case .graph: (lifetimeKind, customLifetime) = (.graph, nil)
    case .once: (lifetimeKind, customLifetime) = (.once, nil)
    case .custom(let custom): (lifetimeKind, customLifetime) = (.custom, custom)
    }
    self.requesterCachedLifetime = customLifetime as? any _RequesterCachedLifetime
    // NB: an instance shared on the main actor only is never read without the engine's check.
    self.isRequesterCached = requesterCachedLifetime != nil && sharing != .mainActor
    self.requesterCacheIdentifier = requesterCachedLifetime?.requesterCacheIdentifier
    self.isPlainTransient =
      lifetimeKind == .transient && kind == .sync && extras?.completion == nil
    // NB: nil means "not declared" (the factory's resolves are recorded until it first succeeds);
    // an empty list declares that it resolves nothing.
    self.observation = declaredDependencies == nil ? EdgeObservation() : nil
    self.observing = Atomic(declaredDependencies == nil)
  }

  /// Whether its dependencies were declared rather than observed.
  var declaresDependencies: Bool { observation == nil }

  /// Whether this registration forwards to another one.
  var isBinding: Bool { bindingTarget != nil }

  /// Whether the factory is asynchronous.
  var isAsync: Bool { kind == .async }

  /// Whether the factory must run on the main actor.
  var requiresMainActor: Bool { kind == .mainActor }

  /// Where its instance is made, for ``Container/validate(_:)``: on its factory's actor, if it
  /// has one (a registration shared on the main actor only is made there too).
  var isolationRule: IsolationRule? {
    guard let isolation, kind == .mainActor || kind == .isolated else { return nil }
    let isMain = isMainActor(isolation)
    return IsolationRule(
      actor: ObjectIdentifier(isolation as AnyObject), name: isolationName(isolation),
      attribute: isMain ? "@MainActor" : "@\(typeName(type(of: isolation)))",
      isServedAnywhere: sharing == .sendable && lifetime.isCached)
  }

  /// Whether its instance is shared on the main actor only (``ConfinedLifetime/mainActor(_:)``).
  var isConfinedToMainActor: Bool { sharing == .mainActor }

  /// Whether it shares values that are not `Sendable` on the user's word
  /// (``ConfinedLifetime/unchecked(_:)``).
  var isUnchecked: Bool { sharing == .unchecked }

  /// How the factory's runtime arguments read, or nil when it takes none.
  var argumentTypes: String? { factory.argumentTypes }

  /// The keys its factory was seen resolving, in first-resolved order (the graph's observed edges).
  var observedDependencies: [DependencyKey] { observation?.keys.value ?? [] }

  /// Whether the edges its factory resolves are still being recorded.
  var isObserving: Bool { observing.load(ordering: .relaxed) }

  /// Records that its factory resolved `key`.
  func observe(_ key: DependencyKey) {
    observation?.keys.withLock { keys in
      if !keys.contains(key) { keys.append(key) }
    }
  }

  /// Whether its factory was seen resolving through a container it holds (a top-level resolve
  /// made while it ran) instead of through the resolver it receives.
  var resolvesThroughCapturedContainer: Bool {
    observation?.throughContainer.load(ordering: .relaxed) ?? false
  }

  /// Records that its factory resolved through a container it holds; true the first time.
  func noteResolveThroughCapturedContainer() -> Bool {
    observation?.throughContainer.exchange(true, ordering: .relaxed) == false
  }

  /// Stops recording: the factory has run to completion once.
  func finishObserving() {
    guard observing.load(ordering: .relaxed) else { return }
    observing.store(false, ordering: .relaxed)
  }
}

/// A mistake in a registration that registering can tell, before anything resolves.
struct RegistrationDefect: Sendable {
  /// How ``Container/validate(_:)`` files it.
  let code: GraphProblem.Code
  let summary: String
  let hint: String
}

/// The kinds of ``Lifetime``.
enum LifetimeKind: Sendable {
  case transient, singleton, weak, graph, once, custom
}

/// The edges a closure factory is seen resolving until it first succeeds.
final class EdgeObservation: Sendable {
  let keys = Locked<[DependencyKey]>([])
  /// Whether the factory resolved through a container it holds (see
  /// ``Registration/resolvesThroughCapturedContainer``).
  let throughContainer = Atomic(false)
}
