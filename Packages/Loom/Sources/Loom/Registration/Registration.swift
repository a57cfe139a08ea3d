public import Synchronization

/// One registration: a key, a lifetime, a factory, where it was made, and the singleton's instance.
///
/// The base class is what the registry stores and the hot path reads; ``TypedRegistration`` adds
/// the factory with its static type.
// NB: `@unchecked Sendable` because the class is not final (``TypedRegistration`` subclasses it).
// Every stored property is a `let` of a Sendable type (`Atomic` and `CacheSlot` are Sendable),
// and the object behind `instance` is an immutable `Box<Value: Sendable>`, so sharing across
// threads is safe.
@usableFromInline
class Registration: @unchecked Sendable {
  @usableFromInline let key: DependencyKey
  /// The name of a type key, kept apart so the hot path compares it without unpacking the key.
  @usableFromInline let name: String?
  /// `ObjectIdentifier(Value.self)`, checked in debug builds before a box is read as `Box<Value>`.
  @usableFromInline let valueTypeID: ObjectIdentifier
  let lifetime: Lifetime
  let declaredDependencies: [DependencyKey]
  let location: SourceLocation
  /// The registration this one replaced, if any.
  let replaced: SourceLocation?
  /// For a ``Container/bind(_:name:to:implementationName:fileID:line:)`` registration, the key it
  /// forwards to.
  let bindingTarget: DependencyKey?
  /// A singleton's instance: an unmanaged, retained `Box<Value>`, published once it exists.
  @usableFromInline let instance = Atomic<UnsafeRawPointer?>(nil)
  /// Coordinates creation of singleton and weak instances.
  let slot: CacheSlot

  init(
    key: DependencyKey,
    valueTypeID: ObjectIdentifier,
    lifetime: Lifetime,
    declaredDependencies: [DependencyKey],
    location: SourceLocation,
    replaced: SourceLocation?,
    bindingTarget: DependencyKey?
  ) {
    self.bindingTarget = bindingTarget
    self.key = key
    self.name = key.name
    self.valueTypeID = valueTypeID
    self.lifetime = lifetime
    self.declaredDependencies = declaredDependencies
    self.location = location
    self.replaced = replaced
    if case .weak = lifetime.kind {
      self.slot = CacheSlot(holdsWeakly: true)
    } else {
      self.slot = CacheSlot(holdsWeakly: false)
    }
  }

  deinit {
    if let raw = instance.load(ordering: .acquiring) {
      Unmanaged<AnyObject>.fromOpaque(raw).release()
    }
  }

  /// Publishes a singleton's box for lock-free reads; the first publication wins.
  func publish(_ box: AnyObject) {
    let raw = UnsafeRawPointer(Unmanaged.passRetained(box).toOpaque())
    let (exchanged, _) = instance.compareExchange(
      expected: nil, desired: raw, ordering: .acquiringAndReleasing)
    if !exchanged { Unmanaged<AnyObject>.fromOpaque(raw).release() }
  }

  /// Whether this registration forwards to another one.
  var isBinding: Bool { bindingTarget != nil }

  /// Whether the factory needs runtime arguments.
  var argumentTypes: String? { nil }
}

/// A registration whose factory makes `Value`.
final class TypedRegistration<Value: Sendable>: Registration, @unchecked Sendable {
  enum Factory: Sendable {
    case sync(@Sendable (Resolver) throws -> Value)
    /// An `ArgumentFactory<Value, repeat each Argument>`, and how its arguments read.
    case withArguments(any Sendable, String)
  }

  let factory: Factory

  init(
    key: DependencyKey,
    lifetime: Lifetime,
    factory: Factory,
    declaredDependencies: [DependencyKey],
    location: SourceLocation,
    replaced: SourceLocation?,
    bindingTarget: DependencyKey? = nil
  ) {
    self.factory = factory
    super.init(
      key: key, valueTypeID: ObjectIdentifier(Value.self), lifetime: lifetime,
      declaredDependencies: declaredDependencies, location: location, replaced: replaced,
      bindingTarget: bindingTarget)
  }

  override var argumentTypes: String? {
    if case .withArguments(_, let description) = factory { return description }
    return nil
  }
}

/// A factory that takes runtime arguments, wrapped so it can be stored and cast back.
struct ArgumentFactory<Value, each Argument>: Sendable {
  let make: @Sendable (Resolver, repeat each Argument) throws -> Value
}
