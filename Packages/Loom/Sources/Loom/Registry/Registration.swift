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
  /// Whether it is a key path's declared default, installed on first use (or by
  /// ``Container/declare(_:)``) rather than registered.
  let isDeclaredDefault: Bool
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
  /// Whether its instances outlive a singleton's (a `.once` one, or a custom lifetime ranked
  /// above the singleton): what its factory resolves from a published singleton would be held
  /// captive, so while it is built every resolve goes through the engine's captive check (see
  /// ``ResolutionContext/watchingFrames``).
  let outranksSingletons: Bool
  /// What a declaration or a ``Registered`` handle added: context alternatives, a completion,
  /// a collection's contributions (see `Hooks/RegistrationExtras.swift`); nil for most.
  let extras: RegistrationExtras?
  /// What of the registration resolves keys that are not declared (its closure factory, a
  /// decorator, its completion): seen only once it has run.
  let undeclared: UndeclaredParts
  /// The keys its factory (with its decorators) was seen resolving, while some of them are not
  /// declared and it has not yet run to completion once.
  private let observation: EdgeObservation?
  /// Whether `observation` is still recording: read on every step of a resolve, so kept here
  /// rather than behind the optional.
  private let observing: Atomic<Bool>
  /// The keys its completion was seen resolving, while they are not declared and it has not yet
  /// run to completion once.
  private let completionObservation: EdgeObservation?
  /// Whether `completionObservation` is still recording.
  private let observingCompletion: Atomic<Bool>
  /// Whether its factory was seen returning a value that its lifetime cannot keep (a struct for
  /// the weak lifetime, when the registered type did not tell).
  private let madeUnkeepableValue = Atomic(false)

  /// Makes a registration. `declaredDependencies` are the keys the factory resolves, nil when
  /// they are not declared (they are recorded until it first succeeds; an empty list declares
  /// that it resolves nothing). `undeclared` is what else resolves keys it does not declare (a
  /// decorator); the factory is added when `declaredDependencies` is nil, the completion when
  /// `extras` says so.
  init<Value>(
    key: DependencyKey, lifetime: Lifetime, factory: Factory<Value>,
    declaredDependencies: [DependencyKey]?, location: CodeLocation,
    replaced: (location: CodeLocation, origin: String?)? = nil,
    bindingTarget: DependencyKey? = nil, origin: String? = RegistrationOrigin.current,
    defect: RegistrationDefect? = nil, extras: RegistrationExtras? = nil,
    undeclared: UndeclaredParts = [], isDeclaredDefault: Bool = false,
    sharing: ConfinedLifetime.Sharing = .sendable
  ) {
    self.defect = defect
    self.isDeclaredDefault = isDeclaredDefault
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
    self.outranksSingletons = lifetime.isCached && lifetime.rank > .singleton
    // NB: nil means "not declared" (the factory's resolves are recorded until it first succeeds);
    // an empty list declares that it resolves nothing.
    var undeclared = undeclared.subtracting(.completion)
    if declaredDependencies == nil { undeclared.insert(.factory) }
    if extras?.completion != nil, extras?.completionDependencies == nil {
      undeclared.insert(.completion)
    }
    self.undeclared = undeclared
    let observes = !undeclared.isDisjoint(with: [.factory, .decorator])
    self.observation = observes ? EdgeObservation(ObservedEdges()) : nil
    self.observing = Atomic(observes)
    let observesCompletion = undeclared.contains(.completion)
    self.completionObservation = observesCompletion ? EdgeObservation(ObservedEdges()) : nil
    self.observingCompletion = Atomic(observesCompletion)
  }

  /// Whether its factory's dependencies were declared rather than observed.
  var declaresDependencies: Bool { !undeclared.contains(.factory) }

  /// Whether this registration forwards to another one.
  var isBinding: Bool { bindingTarget != nil }

  /// Whether the factory is asynchronous.
  var isAsync: Bool { kind == .async }

  /// Whether asynchronous code resolves it on its own thread, without suspending: a synchronous
  /// factory with no actor (see ``Container/resolveAsync(_:as:context:)``).
  var isBuiltInPlace: Bool { isolation == nil && !isAsync }

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
  var observedDependencies: [DependencyKey] { observation?.value.keys ?? [] }

  /// Whether the edges its factory resolves are still being recorded.
  var isObserving: Bool { observing.load(ordering: .relaxed) }

  /// Records that its factory resolved `key`.
  func observe(_ key: DependencyKey) {
    observation?.withLock { seen in
      if !seen.keys.contains(key) { seen.keys.append(key) }
    }
  }

  /// Whether its factory was seen resolving through a container it holds (a top-level resolve
  /// made while it ran) instead of through the resolver it receives.
  var resolvesThroughCapturedContainer: Bool {
    observation?.value.throughContainer ?? false
  }

  /// Records that its factory resolved through a container it holds; true the first time.
  func noteResolveThroughCapturedContainer() -> Bool {
    observation?.withLock { seen in
      defer { seen.throughContainer = true }
      return !seen.throughContainer
    } ?? false
  }

  /// Stops recording: the factory has run to completion once.
  func finishObserving() {
    guard observing.load(ordering: .relaxed) else { return }
    observing.store(false, ordering: .relaxed)
  }

  /// The keys its completion was seen resolving, in first-resolved order (observed edges after
  /// creation).
  var observedCompletionDependencies: [DependencyKey] {
    completionObservation?.value.keys ?? []
  }

  /// Whether the keys its completion resolves are still being recorded.
  var isObservingCompletion: Bool { observingCompletion.load(ordering: .relaxed) }

  /// Records that its completion resolved `key`.
  func observeCompletion(_ key: DependencyKey) {
    completionObservation?.withLock { seen in
      if !seen.keys.contains(key) { seen.keys.append(key) }
    }
  }

  /// Stops recording the completion's resolves: it has run to completion once.
  func finishObservingCompletion() {
    guard observingCompletion.load(ordering: .relaxed) else { return }
    observingCompletion.store(false, ordering: .relaxed)
  }

  /// Whether its factory was seen returning a value its lifetime cannot keep.
  var wasSeenMakingUnkeepableValue: Bool { madeUnkeepableValue.load(ordering: .relaxed) }

  /// Records that its factory returned a value its lifetime cannot keep.
  func noteUnkeepableValue() {
    madeUnkeepableValue.store(true, ordering: .relaxed)
  }
}

/// The parts of a registration whose resolves are not declared, and so are known only once they
/// have run (``ValidationReport/unseen``).
struct UndeclaredParts: OptionSet, Sendable, Hashable {
  let rawValue: UInt8

  /// A closure factory registered without `dependencies:`.
  static let factory = UndeclaredParts(rawValue: 1)
  /// A decorator (``Registered/decorated(dependencies:_:)``) without `dependencies:`.
  static let decorator = UndeclaredParts(rawValue: 2)
  /// A completion (``Registered/onCreated(dependencies:_:)``) without `dependencies:`.
  static let completion = UndeclaredParts(rawValue: 4)
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

/// The edges a closure factory is seen resolving until it first succeeds: one object per
/// registration that records them.
typealias EdgeObservation = Lock<ObservedEdges>

/// What ``EdgeObservation`` records.
struct ObservedEdges: Sendable {
  /// The keys resolved, in first-resolved order.
  var keys: [DependencyKey] = []
  /// Whether the factory resolved through a container it holds (see
  /// ``Registration/resolvesThroughCapturedContainer``).
  var throughContainer = false
}
