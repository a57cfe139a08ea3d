// MARK: - Declaring key paths

extension Container {
  /// Tells the container which key-path dependencies the app declares, so that they are in its
  /// graph before anything resolves them.
  ///
  /// A key path's default becomes a registration only when it is first resolved, so until then
  /// ``graph``, ``validate(_:)`` and ``bootstrap()`` cannot see it. Declaring installs each default
  /// now (in the root container, where a default lives, or in an isolated lineage the nearest
  /// isolating container), so an eager default is built by
  /// `bootstrap()`, and its edges are checked by `validate()`; a key path declared without a default
  /// that nobody registered is reported as missing. A key path registered already keeps its
  /// registration.
  ///
  /// ```swift
  /// container.declare(\.api, \.analytics, \.payments)
  /// try container.validate().throwIfInvalid()
  /// ```
  ///
  /// - Parameter keyPaths: Key paths to ``Dependency`` values declared in extensions of
  ///   ``Container``.
  public func declare<each Value>(_ keyPaths: repeat DependencyKeyPath<each Value>) {
    for keyPath in repeat each keyPaths {
      if lineageEntry(for: DependencyKey(keyPath), keyPath: keyPath) != nil { continue }
      _ = (sandbox ?? root).installDefault(of: keyPath, erased: keyPath)
    }
  }

  /// Installs the declared default of `keyPath` in this container unless its key has a
  /// registration here; returns the key's entry, or nil (recording the key as required) when the
  /// declaration has no default.
  func installDefault(of keyPath: any DependencyDeclaration, erased: any AnyKeyPath & Sendable)
    -> Entry?
  {
    let declaration = keyPath.declaration(in: self)
    guard let registration = declaration.registration(for: erased, in: self) else {
      let key = declaration.key(for: erased)
      registry.withLock { state in
        if !state.requiredKeys.contains(key) { state.requiredKeys.append(key) }
      }
      return localEntry(for: key, keyPath: erased)
    }
    return installIfAbsent(registration, keyPath: erased)
  }

  /// Key paths declared without a default that this container knows of, in the order it learnt
  /// of them (for the graph).
  var requiredKeys: [DependencyKey] { registry.withLock { $0.requiredKeys } }
}
