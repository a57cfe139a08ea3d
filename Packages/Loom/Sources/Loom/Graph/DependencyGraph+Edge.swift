extension DependencyGraph {
  /// A dependency of one registration on another: ``from`` resolves ``to``.
  ///
  /// ```swift
  /// for edge in container.graph.edges where edge.kind == .observed {
  ///   print(edge)  // SyncEngine → OfflineStore (observed)
  /// }
  /// ```
  public struct Edge: Sendable, Hashable, CustomStringConvertible {
    /// How an edge became known.
    ///
    /// ```swift
    /// edge.kind == .declared  // from an auto-wired initializer or a binding
    /// ```
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
      /// Known without running the factory: a parameter of an auto-wired initializer, or the
      /// target of a binding.
      ///
      /// ```swift
      /// container.register(UserService.init)  // UserService → Database is declared
      /// ```
      case declared
      /// Recorded the first time a closure factory ran and resolved the dependency.
      ///
      /// ```swift
      /// container.register(UserService.self) { r in UserService(database: try r.tryResolve()) }
      /// _ = container.resolve(UserService.self)  // now UserService → Database is observed
      /// ```
      case observed

      /// `declared` or `observed`.
      ///
      /// ```swift
      /// print(DependencyGraph.Edge.Kind.observed)  // observed
      /// ```
      public var description: String {
        switch self {
        case .declared: "declared"
        case .observed: "observed"
        }
      }
    }

    /// The key of the registration that depends on ``to``.
    ///
    /// ```swift
    /// let dependents = graph.edges.filter { $0.to == DependencyKey(Database.self) }.map(\.from)
    /// ```
    public let from: DependencyKey
    /// The key it depends on. For a ``Lazy`` or ``Provider`` dependency, the key the handle
    /// resolves (and ``isDeferred`` is true).
    ///
    /// ```swift
    /// let dependencies = graph.edges(from: DependencyKey(UserService.self)).map(\.to)
    /// ```
    public let to: DependencyKey
    /// Whether the edge was declared or observed.
    ///
    /// ```swift
    /// let observed = graph.edges.filter { $0.kind == .observed }
    /// ```
    public let kind: Kind
    /// Whether the dependency is taken through a ``Lazy`` or a ``Provider``: resolved after
    /// ``from`` is made, so it never forms a cycle nor holds a shorter lifetime captive.
    ///
    /// ```swift
    /// let deferred = graph.edges.filter(\.isDeferred)
    /// ```
    public let isDeferred: Bool
    /// Whether the dependency is resolved by ``from``'s completion
    /// (``Registered/onCreated(dependencies:_:)``), when the graph of the resolve that made
    /// ``from`` is complete: it holds captive and resolves synchronously as ``from``'s factory
    /// would, but forms a cycle only when ``from`` is transient (a cached instance is found again,
    /// a transient one would be made again).
    ///
    /// ```swift
    /// let completions = graph.edges.filter(\.isAfterCreation)
    /// ```
    public let isAfterCreation: Bool

    /// Deprecated: only Loom makes edges; read them from ``DependencyGraph/edges``.
    ///
    /// ```swift
    /// let edges = container.graph.edges(from: DependencyKey(UserService.self))
    /// ```
    ///
    /// - Parameters:
    ///   - from: The key of the registration that depends on `to`.
    ///   - to: The key it depends on.
    ///   - kind: Whether the edge is declared or observed.
    ///   - isDeferred: Whether the dependency is taken through a ``Lazy`` or a ``Provider``.
    ///   - isAfterCreation: Whether `from`'s completion resolves it, after `from` is made.
    @_documentation(visibility: private)
    @available(
      *, deprecated,
      message: "Only Loom makes graph edges: read them from `container.graph.edges`"
    )
    public init(
      from: DependencyKey, to: DependencyKey, kind: Kind = .declared, isDeferred: Bool = false,
      isAfterCreation: Bool = false
    ) {
      self.init(
        from, to: to, kind: kind, isDeferred: isDeferred, isAfterCreation: isAfterCreation)
    }

    /// Makes an edge, for a graph built by hand with `DependencyGraph.init(_:edges:)` (for Loom's
    /// own packages and tools).
    ///
    /// An edge to `Lazy<T>` or `Provider<T>` (when that key is not itself a node) is taken by the
    /// graph as a deferred edge to `T`.
    ///
    /// ```swift
    /// let edge = DependencyGraph.Edge(
    ///   DependencyKey(UserService.self), to: DependencyKey(Database.self))
    /// ```
    ///
    /// - Parameters:
    ///   - from: The key of the registration that depends on `to`.
    ///   - to: The key it depends on.
    ///   - kind: Whether the edge is declared or observed.
    ///   - isDeferred: Whether the dependency is taken through a ``Lazy`` or a ``Provider``.
    ///   - isAfterCreation: Whether `from`'s completion resolves it, after `from` is made.
    @_spi(LoomInternals)
    public init(
      _ from: DependencyKey, to: DependencyKey, kind: Kind = .declared, isDeferred: Bool = false,
      isAfterCreation: Bool = false
    ) {
      self.from = from
      self.to = to
      self.kind = kind
      self.isDeferred = isDeferred
      self.isAfterCreation = isAfterCreation
    }

    /// `UserService → Database`, with `(observed)`, `(deferred)` or `(after creation)` when they
    /// apply.
    ///
    /// ```swift
    /// print(edge)  // Storefront → Checkout (deferred)
    /// ```
    public var description: String {
      var notes: [String] = []
      if kind == .observed { notes.append("observed") }
      if isDeferred { notes.append("deferred") }
      if isAfterCreation { notes.append("after creation") }
      let suffix = notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"
      return "\(from) → \(to)\(suffix)"
    }
  }
}
