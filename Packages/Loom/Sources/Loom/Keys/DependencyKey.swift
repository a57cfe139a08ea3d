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
    /// A type with an optional name. A type registered with runtime arguments is a key of this
    /// case too, whose identifier is its `ArgumentList` type's rather than the value type's
    /// (``DependencyKey/init(_:name:argumentList:)``).
    ///
    /// NB: no case of its own for arguments: with a sixth case, the derived `==` of `Identity` is
    /// no longer inlined into the registry's dictionary lookups, which then copy (retain and
    /// release) the identity on every probe (issue 35: +2,000 instructions per key on
    /// `firstUse.keypath.1000`). With five cases a key without arguments hashes and compares
    /// exactly as before arguments were part of keys.
    case type(ObjectIdentifier, name: String?)
    case keyPath(KeyPathIdentity)
    /// A key known only by how source code spells it (`init(spelledType:name:)`).
    case spelledType(String, name: String?)
    /// A key-path key known only by its property's name (`init(spelledKeyPath:)`).
    case spelledKeyPath(String)
    /// A start-up task of a container, by name: how ``Container/validate(_:)`` names the task in
    /// its problems (never a registration's key).
    case startupTask(String)
  }

  @usableFromInline let identity: Identity
  /// The type of the value this key resolves to (`Any.self` for a key `loom-graph` made from its
  /// spelling).
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

  /// Makes the key of a registration that takes runtime arguments of the given types, in order.
  ///
  /// A type registered with runtime arguments is known by its argument types as well as its type
  /// and name: `register(Dog.self) { (r, name: String) in ... }` and `register(Dog.self) { (r,
  /// name: String, age: Int) in ... }` are two registrations, two nodes of ``Container/graph``,
  /// and neither replaces the other nor a registration of `Dog` without arguments. Use this key to
  /// find such a registration in a graph or a report.
  ///
  /// ```swift
  /// container.register(Dog.self) { (_, name: String, age: Int) in Dog(name: name, age: age) }
  /// let key = DependencyKey(Dog.self, arguments: String.self, Int.self)
  /// print(key)  // Dog (arguments: String, Int)
  /// container.graph.nodes.contains { $0.key == key }  // true
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type the key resolves to.
  ///   - name: A name that tells apart several registrations of the same type.
  ///   - first: The type of the first runtime argument.
  ///   - rest: The types of the other runtime arguments, in order.
  public init<Value, FirstArgument, each Argument>(
    _ type: Value.Type, name: String? = nil, arguments first: FirstArgument.Type,
    _ rest: repeat (each Argument).Type
  ) {
    self.init(
      type, name: name, argumentList: ArgumentList<Value, FirstArgument, repeat each Argument>.self)
  }

  /// The key of a registration of `type` whose runtime arguments `list` names: a type key whose
  /// identifier is the list's, which ``ArgumentLists`` records (once per list and process) so
  /// that the key can name its argument types.
  init<Value>(_ type: Value.Type, name: String?, argumentList list: any ArgumentListType.Type) {
    self.identity = .type(ArgumentLists.record(list), name: name)
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

  /// Deprecated: only `loom-graph` makes keys from their spelling; make a key from a type.
  ///
  /// ```swift
  /// let api = DependencyKey((any APIClient).self, name: "primary")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type as the source spells it.
  ///   - name: A name that tells apart several registrations of the same type.
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message: "Only loom-graph makes keys from their spelling: write `DependencyKey(T.self, name:)`"
  )
  public init(typeNamed type: String, name: String? = nil) {
    self.init(spelledType: type, name: name)
  }

  /// Makes the key of a type known only by how source code spells it, for a graph built by a
  /// tool that reads code rather than by a container (for Loom's own tools).
  ///
  /// `loom-graph` reads an app's sources without compiling them, so it has names, not types: it
  /// builds its ``DependencyGraph`` from keys like these and draws and validates it with the same
  /// exporter and checks as ``Container/graph``. Two spelled keys are equal when their spellings
  /// and names are; a spelled key never equals a key made from a type. Its ``valueType`` is
  /// `Any.self`, and it is never a ``Lazy`` or ``Provider`` key (give such an edge
  /// ``DependencyGraph/Edge/isDeferred`` instead).
  ///
  /// ```swift
  /// let api = DependencyKey(spelledType: "any APIClient", name: "primary")
  /// print(api)  // any APIClient (name: "primary")
  /// let graph = DependencyGraph([DependencyGraph.Node(api, lifetime: .singleton)], edges: [])
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type as the source spells it, such as `Database` or `any APIClient`; it is
  ///     also the key's description.
  ///   - name: A name that tells apart several registrations of the same type.
  @_spi(LoomInternals)
  public init(spelledType type: String, name: String? = nil) {
    self.identity = .spelledType(type, name: name)
    self.valueType = Any.self
    self.propertyName = nil
  }

  /// Deprecated: only `loom-graph` makes keys from their spelling; make a key from a key path.
  ///
  /// ```swift
  /// let api = DependencyKey(\Container.api)
  /// ```
  ///
  /// - Parameter property: The name of the `Dependency` property.
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message:
      "Only loom-graph makes keys from their spelling: write `DependencyKey(\\Container.name)`"
  )
  public init(keyPathNamed property: String) {
    self.init(spelledKeyPath: property)
  }

  /// Makes the key of a key-path dependency known only by the name of its property, for a graph
  /// built by a tool that reads code rather than by a container (for Loom's own tools).
  ///
  /// Like `init(spelledType:name:)`, for a `Dependency` declared in an extension of
  /// ``Container``. The key ``isKeyPath``, so validation treats it as a dependency with a default.
  ///
  /// ```swift
  /// let api = DependencyKey(spelledKeyPath: "api")
  /// print(api)  // \.api
  /// ```
  ///
  /// - Parameter property: The name of the `Dependency` property.
  @_spi(LoomInternals)
  public init(spelledKeyPath property: String) {
    self.identity = .spelledKeyPath(property)
    self.valueType = Any.self
    self.propertyName = property
  }

  /// The identity the registry table stores this key under.
  var probe: UInt {
    switch identity {
    // NB: a key with arguments probes with its `ArgumentList` type's metadata, which is unique to
    // the value and argument types, so its address tells argument registrations apart from each
    // other and from the value type's key.
    case .type(let identifier, _): UInt(bitPattern: identifier)
    case .keyPath(let identity): UInt(bitPattern: ObjectIdentifier(identity.keyPath))
    // NB: a spelled key never reaches a registry: every registration is made from a type or a
    // key path, and no API looks a registration up by a key it is given.
    case .spelledType, .spelledKeyPath, .startupTask: 0
    }
  }

  /// The registration name of a type key, or `nil`.
  ///
  /// ```swift
  /// DependencyKey(APIClient.self, name: "primary").name  // "primary"
  /// ```
  public var name: String? {
    switch identity {
    case .type(_, let name), .spelledType(_, let name): name
    case .keyPath, .spelledKeyPath, .startupTask: nil
    }
  }

  /// The types of the runtime arguments a registration of this key takes, in order; empty for a
  /// key without arguments.
  ///
  /// ```swift
  /// DependencyKey(Dog.self, arguments: String.self, Int.self).argumentTypes  // [String, Int]
  /// DependencyKey(Dog.self).argumentTypes.isEmpty  // true
  /// ```
  public var argumentTypes: [any Any.Type] {
    guard let list = argumentList else { return [] }
    return ArgumentLists.argumentTypes(of: list)
  }

  /// For a key with runtime arguments, the identifier of its `ArgumentList` type; else nil.
  ///
  /// NB: told from the key alone, without the table's lock: a type key without arguments is
  /// identified by its value type, one with arguments by an `ArgumentList` type, never the same.
  var argumentList: ObjectIdentifier? {
    guard case .type(let identifier, _) = identity, identifier != ObjectIdentifier(valueType)
    else { return nil }
    return identifier
  }

  /// Whether this key is a key path to a ``Dependency`` rather than a type.
  ///
  /// ```swift
  /// DependencyKey(\Container.api).isKeyPath  // true
  /// ```
  public var isKeyPath: Bool {
    switch identity {
    case .keyPath, .spelledKeyPath: true
    case .type, .spelledType, .startupTask: false
    }
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
      if let arguments = argumentTypesDescription {
        let named = name.map { "name: \"\($0)\", " } ?? ""
        return "\(type) (\(named)arguments: \(arguments))"
      }
      guard let name else { return type }
      return "\(type) (name: \"\(name)\")"
    case .keyPath(let identity):
      if let propertyName { return "\\.\(propertyName)" }
      // A key made from the key path alone: its declaration names the property.
      if let declaration = identity.keyPath as? any DependencyDeclaration {
        return "\\.\(declaration.declaration(in: DiscoveryProbe.container).name)"
      }
      return "\\.<\(typeName(valueType))>"
    case .spelledType(let type, let name):
      guard let name else { return type }
      return "\(type) (name: \"\(name)\")"
    case .spelledKeyPath(let property):
      return "\\.\(property)"
    case .startupTask(let name):
      return "start-up task \"\(name)\""
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
  /// The key that names the start-up task `name` in ``Container/validate(_:)``'s problems.
  static func startupTask(_ name: String) -> DependencyKey {
    DependencyKey(identity: .startupTask(name), valueType: StartupTask.self)
  }

  private init(identity: Identity, valueType: any Any.Type) {
    self.identity = identity
    self.valueType = valueType
    self.propertyName = nil
  }

  /// For a key with runtime arguments, the key of the same type and name without them; else nil.
  var withoutArguments: DependencyKey? {
    guard argumentList != nil else { return nil }
    return DependencyKey(type: valueType, name: name)
  }

  /// How the runtime arguments of a key with arguments read, such as `(String, Int)`.
  var argumentsDescription: String? {
    argumentTypesDescription.map { "(\($0))" }
  }

  /// The runtime argument types of a key with arguments as they read, such as `String, Int`.
  private var argumentTypesDescription: String? {
    guard let list = argumentList else { return nil }
    return ArgumentLists.argumentTypes(of: list).map(typeName).joined(separator: ", ")
  }

  /// The name of the start-up task this key names, or nil for a dependency's key.
  var startupTaskName: String? {
    if case .startupTask(let name) = identity { return name }
    return nil
  }

  /// The key a ``Lazy`` or ``Provider`` key defers to, and how (`lazy`, `provider`), else nil.
  var deferredTarget: (key: DependencyKey, deferral: String)? {
    // NB: the name first, so that a key of another type costs no conformance lookup.
    let spelled = _typeName(valueType, qualified: true)
    guard spelled.hasPrefix("Loom.Lazy<") || spelled.hasPrefix("Loom.Provider<"),
      let handle = valueType as? any DeferredHandle.Type
    else { return nil }
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
///
/// NB: read with `_typeName(_:qualified:)`, never `String(describing:)`: the latter casts the
/// metatype to `CustomStringConvertible` and its kin, and the first such cast for each type scans
/// every conformance record of the process (about a million instructions), which `validate()`
/// and `bootstrap()` paid once per key. Only an array's name leads to a cast, for its element.
func typeName(_ type: any Any.Type) -> String {
  let name = _typeName(type, qualified: false)
  // `[any Sink]` rather than `Array<Sink>`, which drops the element's `any`.
  if name.hasPrefix("Array<"), let array = type as? any ArrayTypeNaming.Type {
    return "[\(typeName(array.elementType))]"
  }
  // NB: the metatype of an existential reads as `P.Protocol` (`Any` and `AnyObject` read as
  // they are spelled already).
  guard name != "Any", name != "AnyObject", isExistential(type) else { return name }
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
/// type: its metatype reads as `P.Protocol`.
func isExistential(_ type: any Any.Type) -> Bool {
  _typeName(Swift.type(of: type), qualified: false).hasSuffix(".Protocol")
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

// MARK: - Runtime arguments

/// A list of runtime argument types, as a type: the metadata of `ArgumentList<Dog, String, Int>`
/// is made once per process, so its identity names the list.
protocol ArgumentListType: Sendable {
  /// The argument types, in order.
  static var argumentTypes: [any Any.Type] { get }
}

/// The type that names the runtime arguments of a registration of `Value`; never instantiated.
struct ArgumentList<Value, each Argument>: ArgumentListType {
  static var argumentTypes: [any Any.Type] {
    var types: [any Any.Type] = []
    for argument in repeat (each Argument).self { types.append(argument) }
    return types
  }
}

/// The argument types of every `ArgumentList` type a ``DependencyKey`` was made from, by the
/// type's identifier: what a key with arguments, a type key like any other, cannot say by itself.
///
/// A list is recorded when a key with arguments is made (a registration or a resolve with
/// arguments, ``DependencyKey/init(_:name:argumentList:)``), so every identifier such a key holds
/// is here; a key without arguments never reads or writes the table. Entries are never removed:
/// there is one per argument list the process uses, as there is one metadata record.
enum ArgumentLists {
  /// The argument types of each list, in order.
  private static let table = Lock<[ObjectIdentifier: [any Any.Type]]>([:])

  /// Records `list`'s argument types if they are not yet, and returns its identifier.
  static func record(_ list: any ArgumentListType.Type) -> ObjectIdentifier {
    let identifier = ObjectIdentifier(list)
    table.withLock { table in
      if table[identifier] == nil { table[identifier] = list.argumentTypes }
    }
    return identifier
  }

  /// The argument types of the recorded list `identifier`, in order.
  static func argumentTypes(of identifier: ObjectIdentifier) -> [any Any.Type] {
    table.withLock { $0[identifier] } ?? []
  }
}
