/// The identity of a dependency: a type with an optional name, or a key path to a ``Dependency``.
///
/// You rarely build a key yourself: Loom makes one for each registration and resolve call, and
/// hands keys back in ``ResolutionError/chain``, ``ResolutionEvent/key`` and ``Container/dump()``.
/// Two keys are equal when they name the same dependency; a key's ``description`` is how it is
/// printed in messages.
///
/// ```swift
/// let key = DependencyKey(APIClient.self, name: "primary")
/// print(key)  // APIClient (name: "primary")
/// ```
public struct DependencyKey: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  enum Identity: Hashable, Sendable {
    case type(ObjectIdentifier, name: String?)
    case keyPath(KeyPathIdentity)
  }

  @usableFromInline let identity: Identity
  /// The type of the value this key resolves to.
  ///
  /// ```swift
  /// DependencyKey(Database.self).valueType == Database.self  // true
  /// ```
  public let valueType: any Any.Type
  /// For key-path keys, the name of the property that declares the dependency.
  @usableFromInline let propertyName: String?

  /// Makes the key of a type registration, optionally named.
  ///
  /// ```swift
  /// let key = DependencyKey(Database.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type the key resolves to.
  ///   - name: A name that tells apart several registrations of the same type.
  public init<Value>(_ type: Value.Type, name: String? = nil) {
    self.init(type: type, name: name)
  }

  /// A type key for a type known only at run time.
  init(type: any Any.Type, name: String?) {
    self.identity = .type(ObjectIdentifier(type), name: name)
    self.valueType = type
    self.propertyName = nil
  }

  /// Makes the key of a key-path dependency declared in an extension of ``Container``.
  ///
  /// ```swift
  /// let key = DependencyKey(\Container.api)
  /// ```
  ///
  /// - Parameter keyPath: The key path to the ``Dependency`` property.
  public init<Value>(_ keyPath: DependencyKeyPath<Value>) {
    self.init(keyPath, propertyName: nil)
  }

  @usableFromInline
  init<Value>(_ keyPath: DependencyKeyPath<Value>, propertyName: String?) {
    self.identity = .keyPath(KeyPathIdentity(keyPath))
    self.valueType = Value.self
    self.propertyName = propertyName
  }

  /// The key of a key path received type-erased, whose value type is `valueType`.
  init(
    erasedKeyPath: any AnyKeyPath & Sendable, valueType: any Any.Type,
    propertyName: String? = nil
  ) {
    self.identity = .keyPath(KeyPathIdentity(erasedKeyPath))
    self.valueType = valueType
    self.propertyName = propertyName
  }

  /// The identity the registry table stores this key under.
  var probe: UInt {
    switch identity {
    case .type(let identifier, _): UInt(bitPattern: identifier)
    case .keyPath(let identity): UInt(bitPattern: ObjectIdentifier(identity.keyPath))
    }
  }

  /// The registration name of a type key, or `nil`.
  ///
  /// ```swift
  /// DependencyKey(APIClient.self, name: "primary").name  // "primary"
  /// ```
  public var name: String? {
    if case .type(_, let name) = identity { return name }
    return nil
  }

  /// Whether this key is a key path to a ``Dependency`` rather than a type.
  ///
  /// ```swift
  /// DependencyKey(\Container.api).isKeyPath  // true
  /// ```
  public var isKeyPath: Bool {
    if case .keyPath = identity { return true }
    return false
  }

  /// How the key reads in messages: `Database`, `APIClient (name: "primary")` or `\.api`.
  ///
  /// ```swift
  /// print(DependencyKey(Database.self))  // Database
  /// ```
  public var description: String {
    switch identity {
    case .type(_, let name):
      let type = typeName(valueType)
      guard let name else { return type }
      return "\(type) (name: \"\(name)\")"
    case .keyPath:
      if let propertyName { return "\\.\(propertyName)" }
      return "\\.<\(typeName(valueType))>"
    }
  }

  /// Equal when both keys name the same dependency.
  ///
  /// ```swift
  /// DependencyKey(Database.self) == DependencyKey(Database.self)  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }

  /// Hashes the identity of the dependency.
  ///
  /// ```swift
  /// var keys: Set<DependencyKey> = [DependencyKey(Database.self)]
  /// ```
  public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}

extension DependencyKey {
  /// The key a ``Lazy`` or ``Provider`` key defers to, and how (`lazy`, `provider`), else nil.
  var deferredTarget: (key: DependencyKey, deferral: String)? {
    guard let handle = valueType as? any DeferredHandle.Type else { return nil }
    let target = handle.targetKey
    return (DependencyKey(target.valueType, name: name), handle.deferral)
  }

  /// How the key reads as an edge: `Analytics (lazy)` for a `Lazy<Analytics>` parameter.
  var edgeDescription: String {
    guard let (target, deferral) = deferredTarget else { return description }
    return "\(target) (\(deferral))"
  }
}

/// The readable name of a type: `APIClient` rather than `MyApp.APIClient`, and `any APIClient`
/// for a protocol's existential, as Swift spells it.
func typeName(_ type: any Any.Type) -> String {
  if let array = type as? any ArrayTypeNaming.Type {
    // `[any Sink]` rather than `Array<Sink>`, which drops the element's `any`.
    return "[\(typeName(array.elementType))]"
  }
  let name = String(describing: type)
  // NB: the metatype of an existential prints as `P.Protocol` (`Any` and `AnyObject` read as
  // they are spelled already).
  guard name != "Any", name != "AnyObject", !name.hasPrefix("any "), isExistential(type) else {
    return name
  }
  return "any \(name)"
}

/// An array type, whose element type names it (the key of a collection of contributions).
protocol ArrayTypeNaming {
  static var elementType: any Any.Type { get }
}

extension Array: ArrayTypeNaming {
  static var elementType: any Any.Type { Element.self }
}

/// Whether `type` is a protocol's existential (`any P`), whose instances may be of any conforming
/// type: its metatype prints as `P.Protocol`.
func isExistential(_ type: any Any.Type) -> Bool {
  String(describing: Swift.type(of: type)).hasSuffix(".Protocol")
}

/// Whether `left` comes before `right` in the order reports and graphs list keys: by name, with a
/// protocol's `any` not counted, so `any APIClient` sits beside `APIClient` and `APIClientImpl`.
func readsBefore(_ left: String, _ right: String) -> Bool {
  let (a, b) = (left.droppingAnyPrefix, right.droppingAnyPrefix)
  return a != b ? a < b : left < right
}

extension String {
  fileprivate var droppingAnyPrefix: Substring {
    hasPrefix("any ") ? dropFirst(4) : self[...]
  }
}

/// A key path used as a dictionary key.
///
/// `AnyKeyPath` is not `Sendable`; every key path stored here was received as
/// `DependencyKeyPath<Value>`, so it is a sendable key path whose object
/// is immutable once formed. We only hash it and compare it.
@usableFromInline
struct KeyPathIdentity: Hashable, Sendable {
  let keyPath: any AnyKeyPath & Sendable

  init(_ keyPath: any AnyKeyPath & Sendable) {
    self.keyPath = keyPath
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.keyPath == rhs.keyPath }

  @usableFromInline
  func hash(into hasher: inout Hasher) { hasher.combine(keyPath) }
}
