extension DependencyGraph {
  /// One registration in a ``DependencyGraph``: its key, its lifetime and where it was made.
  ///
  /// ```swift
  /// for node in container.graph.nodes {
  ///   print(node)  // Database (singleton) at MyApp/Wiring.swift:12
  /// }
  /// ```
  public struct Node: Sendable, Hashable, CustomStringConvertible {
    /// The key the registration is resolved by.
    ///
    /// ```swift
    /// let keys = container.graph.nodes.map(\.key)
    /// ```
    public let key: DependencyKey
    /// How long the registration's instances live.
    ///
    /// ```swift
    /// let singletons = container.graph.nodes.filter { $0.lifetime == .singleton }
    /// ```
    public let lifetime: Lifetime
    /// Whether the registration's factory is asynchronous (resolved only with `await`).
    ///
    /// ```swift
    /// let asyncKeys = container.graph.nodes.filter(\.isAsync).map(\.key)
    /// ```
    public let isAsync: Bool
    /// Where the registration was made (for a key-path default: where it is declared).
    ///
    /// ```swift
    /// print(node.location)  // MyApp/Wiring.swift:12
    /// ```
    public let location: CodeLocation
    /// Which container of the lineage holds the registration: 0 for the container the graph was
    /// taken from, 1 for its parent, and so on.
    ///
    /// ```swift
    /// let overrides = child.graph.nodes.filter { $0.containerDepth == 0 }
    /// ```
    public let containerDepth: Int
    /// Whether the registration binds its key to another registration
    /// (``Container/bind(_:name:to:implementationName:fileID:line:)``); its one declared edge
    /// points to the implementation.
    ///
    /// ```swift
    /// let bindings = container.graph.nodes.filter(\.isBinding)
    /// ```
    public let isBinding: Bool
    /// The module that made the registration (an assembly's name), when one was current; see
    /// ``Container/withRegistrationOrigin(_:_:)``.
    ///
    /// ```swift
    /// let fromNetwork = container.graph.nodes.filter { $0.origin == "NetworkAssembly" }
    /// ```
    public let origin: String?
    /// Whether the registration shares a value that is not `Sendable` on the user's word
    /// (``ConfinedLifetime/unchecked(_:)``): the registrations a migration still has to make safe.
    ///
    /// ```swift
    /// let remaining = container.graph.nodes.filter(\.isUnchecked).count
    /// ```
    public let isUnchecked: Bool
    /// Whether the registration's instance is made and shared on the main actor only
    /// (``ConfinedLifetime/mainActor(_:)``).
    let isConfinedToMainActor: Bool

    /// Deprecated: only Loom makes nodes; read them from ``DependencyGraph/nodes``.
    ///
    /// ```swift
    /// let node = container.graph.node(for: DependencyKey(Database.self))
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key the registration is resolved by.
    ///   - lifetime: How long its instances live.
    ///   - isAsync: Whether its factory is asynchronous.
    ///   - containerDepth: Which container of the lineage holds it (0: the container itself).
    ///   - isBinding: Whether it binds its key to another registration.
    ///   - origin: The module that made it, if known.
    ///   - isUnchecked: Whether it shares a value that is not `Sendable` on the user's word.
    ///   - fileID: Where the registration is made.
    ///   - line: The line of the registration.
    @_documentation(visibility: private)
    @available(
      *, deprecated,
      message: "Only Loom makes graph nodes: read them from `container.graph.nodes`"
    )
    public init(
      key: DependencyKey, lifetime: Lifetime = .transient, isAsync: Bool = false,
      containerDepth: Int = 0, isBinding: Bool = false, origin: String? = nil,
      isUnchecked: Bool = false, fileID: StaticString = #fileID, line: UInt = #line
    ) {
      self.init(
        key, lifetime: lifetime, isAsync: isAsync, containerDepth: containerDepth,
        isBinding: isBinding, origin: origin, isUnchecked: isUnchecked, fileID: fileID, line: line)
    }

    /// Makes a node, for a graph built by hand with `DependencyGraph.init(_:edges:)` (for Loom's
    /// own packages and tools).
    ///
    /// ```swift
    /// let node = DependencyGraph.Node(DependencyKey(Database.self), lifetime: .singleton)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key the registration is resolved by.
    ///   - lifetime: How long its instances live.
    ///   - isAsync: Whether its factory is asynchronous.
    ///   - containerDepth: Which container of the lineage holds it (0: the container itself).
    ///   - isBinding: Whether it binds its key to another registration.
    ///   - origin: The module that made it, if known.
    ///   - isUnchecked: Whether it shares a value that is not `Sendable` on the user's word.
    ///   - fileID: Where the registration is made.
    ///   - line: The line of the registration.
    @_spi(LoomInternals)
    public init(
      _ key: DependencyKey, lifetime: Lifetime = .transient, isAsync: Bool = false,
      containerDepth: Int = 0, isBinding: Bool = false, origin: String? = nil,
      isUnchecked: Bool = false, fileID: StaticString = #fileID, line: UInt = #line
    ) {
      self.init(
        key: key, lifetime: lifetime, isAsync: isAsync,
        location: CodeLocation(fileID: fileID, line: line), containerDepth: containerDepth,
        isBinding: isBinding, origin: origin, isUnchecked: isUnchecked)
    }

    init(
      key: DependencyKey, lifetime: Lifetime, isAsync: Bool, location: CodeLocation,
      containerDepth: Int, isBinding: Bool, origin: String?, isUnchecked: Bool = false,
      isConfinedToMainActor: Bool = false
    ) {
      self.key = key
      self.lifetime = lifetime
      self.isAsync = isAsync
      self.location = location
      self.containerDepth = containerDepth
      self.isBinding = isBinding
      self.origin = origin
      self.isUnchecked = isUnchecked
      self.isConfinedToMainActor = isConfinedToMainActor
    }

    /// `Database (singleton) at MyApp/Wiring.swift:12`, with `async`, `binding`, `unchecked`, the
    /// container level and the origin when they apply.
    ///
    /// ```swift
    /// print(node)  // Session (singleton, async, 1 container up) at MyApp/Wiring.swift:30
    /// ```
    public var description: String { "\(key) (\(detail)) at \(location)" }

    /// What the exports and the reports show after the key: lifetime, `async`, `binding`, level,
    /// origin.
    var detail: String {
      var text = lifetime.description
      if isUnchecked { text = "unchecked \(text)" }
      if isConfinedToMainActor { text += " on the main actor" }
      if isAsync { text += ", async" }
      if isBinding { text += ", binding" }
      if containerDepth == 1 {
        text += ", 1 container up"
      } else if containerDepth > 1 {
        text += ", \(containerDepth) containers up"
      }
      if let origin { text += ", from \(origin)" }
      return text
    }
  }
}
