// MARK: - Contributing to a collection

extension Container {
  /// Adds an element to the collection `[type]`: several registrations (plugins, interceptors,
  /// analytics sinks) resolved together, in a defined order, as one array (Swinject users' "resolve
  /// all", Dagger's multibindings).
  ///
  /// Each contribution is an ordinary registration of `type` under a name (`name`, or where it
  /// was contributed: `MyApp/Wiring.swift:12`), with its own lifetime; resolving `[type]` resolves
  /// every contribution the container sees and returns them in order: an ancestor's before its
  /// child's, each container's in the order they were contributed. A contribution registered
  /// again under its name (by `contribute(name:)` or `register(_:name:)`) keeps its place. An
  /// initializer that takes `[type]` gets the collection like any other dependency, and the graph
  /// shows an edge from `[type]` to each contribution, which ``validate(_:)`` checks like any other.
  ///
  /// ```swift
  /// container.contribute((any AnalyticsSink).self, name: "console") { _ in ConsoleSink() }
  /// container.contribute((any AnalyticsSink).self, lifetime: .singleton, RemoteSink.init)
  /// container.register(lifetime: .singleton, Analytics.init)  // init(sinks: [any AnalyticsSink])
  ///
  /// let sinks = container.resolve([any AnalyticsSink].self)  // [ConsoleSink, RemoteSink]
  ///
  /// // In a test: replace one contribution, keeping its place.
  /// testContainer.contribute((any AnalyticsSink).self, name: "console") { _ in SilentSink() }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The element type of the collection (a protocol, usually).
  ///   - name: Names the contribution, so that a later contribution or registration under that
  ///     name replaces it in place; when nil, every call adds a new contribution.
  ///   - lifetime: How long the element's instances live; the container's ``defaultLifetime``
  ///     when nil.
  ///   - dependencies: The keys the factory resolves, declared for the graph; when nil, they are
  ///     recorded the first time the factory runs.
  ///   - fileID: Where the contribution is made, which names it when `name` is nil.
  ///   - line: The line of the contribution.
  ///   - factory: Makes the element.
  /// - Returns: The contribution's registration, to decorate or complete.
  @discardableResult
  public func contribute<Element: Sendable>(
    _ type: Element.Type, name: String? = nil, lifetime: Lifetime? = nil,
    dependencies: [DependencyKey]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> Element
  ) -> Registered<Element> {
    let location = CodeLocation(fileID: fileID, line: line)
    return registered(
      add(
        contributionKey(type, name: name, at: location), keyPath: nil, lifetime: lifetime,
        factory: .sync(sendable: factory), dependencies: dependencies, location: location))
  }

  /// Adds an element made by an initializer whose parameters are all resolved by type to the
  /// collection `[type]`; see ``contribute(_:name:lifetime:dependencies:fileID:line:factory:)``.
  ///
  /// ```swift
  /// container.contribute((any RequestInterceptor).self, AuthInterceptor.init)
  /// container.contribute((any RequestInterceptor).self, RetryInterceptor.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The element type of the collection.
  ///   - name: Names the contribution, so that a later one under that name replaces it in place.
  ///   - lifetime: How long the element's instances live; the container's ``defaultLifetime``
  ///     when nil.
  ///   - fileID: Where the contribution is made, which names it when `name` is nil.
  ///   - line: The line of the contribution.
  ///   - initializer: Makes the element from its resolved parameters.
  /// - Returns: The contribution's registration, to decorate or complete.
  @inlinable @discardableResult
  public func contribute<Element: Sendable, each Parameter>(
    _ type: Element.Type, name: String? = nil, lifetime: Lifetime? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Element
  ) -> Registered<Element> {
    let (factory, dependencies) = autowired(initializer)
    let location = CodeLocation(fileID: fileID, line: line)
    return addAutowired(
      contributionKey(type, name: name, at: location), keyPath: nil, lifetime: lifetime,
      factory: factory, dependencies: dependencies, location: location)
  }

  /// The key of a new contribution to `[type]`, recorded in order, with the collection's
  /// registration installed here unless the container has one.
  @usableFromInline
  func contributionKey<Element: Sendable>(
    _ type: Element.Type, name: String?, at location: CodeLocation
  ) -> DependencyKey {
    let collection = DependencyKey([Element].self)
    let key = extensionStorage(of: ContributionLedger.self) { ContributionLedger() }
      .add(Element.self, to: collection, name: name, at: location)
    _ = installIfAbsent(
      collectionRegistration(of: Element.self, key: collection, at: location), keyPath: nil)
    return key
  }

  /// The registration that resolves every contribution to `key` (`[Element]`), transient, placed
  /// where the container's first contribution was made.
  private func collectionRegistration<Element: Sendable>(
    of type: Element.Type, key: DependencyKey, at location: CodeLocation
  ) -> Registration {
    Registration(
      key: key, lifetime: .transient,
      factory: Factory<[Element]>(
        .sync(sendable: { r in
          try r.container.contributionKeys(to: key).map { contribution in
            try r.tryResolve(Element.self, name: contribution.name)
          }
        })),
      declaredDependencies: [], location: location, extras: .collection)
  }

  /// The contributions to the collection `key` that this container sees, in order: its
  /// ancestors' first, each container's in contribution order, each key once, skipping those no
  /// longer registered where they were contributed.
  func contributionKeys(to key: DependencyKey) -> [DependencyKey] {
    var lineage: [Container] = []
    var container: Container? = self
    while let current = container {
      lineage.append(current)
      container = current.parent
    }
    var keys: [DependencyKey] = []
    var seen: Set<DependencyKey> = []
    for current in lineage.reversed() {
      let ledger = current.registry.withLock {
        $0.extensions[ObjectIdentifier(ContributionLedger.self)] as? ContributionLedger
      }
      guard let ledger else { continue }
      for contribution in ledger.keys(of: key)
      where current.localEntry(for: contribution) != nil && seen.insert(contribution).inserted {
        keys.append(contribution)
      }
    }
    return keys
  }
}

extension RegistrationExtras {
  /// The extras of a collection's registration.
  static let collection = RegistrationExtras(gathersContributions: true)
}

/// The contributions made in one container, by collection, in order.
final class ContributionLedger: Sendable {
  private let contributions = Lock<[DependencyKey: [DependencyKey]]>([:])

  /// Records a contribution of `Element` to `collection`; returns its key: named `name`, or after
  /// `location` (with `#2`, `#3` for further contributions made there).
  func add<Element>(
    _ type: Element.Type, to collection: DependencyKey, name: String?, at location: CodeLocation
  ) -> DependencyKey {
    contributions.withLock { contributions in
      var keys = contributions[collection, default: []]
      var key = DependencyKey(type, name: name ?? location.description)
      if name == nil {
        var occurrence = 1
        while keys.contains(key) {
          occurrence += 1
          key = DependencyKey(type, name: "\(location) #\(occurrence)")
        }
      }
      if !keys.contains(key) { keys.append(key) }
      contributions[collection] = keys
      return key
    }
  }

  /// The contributions to `collection`, in order.
  func keys(of collection: DependencyKey) -> [DependencyKey] {
    contributions.withLock { $0[collection] ?? [] }
  }
}
