extension Container {
  /// Resolves a key known only as a ``DependencyKey`` (from the graph), type-erased, as
  /// ``Resolving/tryResolveAsync(_:name:fileID:line:)`` would resolve its type and name or its
  /// key path.
  ///
  /// Plumbing for LoomTesting's "every registration resolves" check; not public API.
  ///
  /// ```swift
  /// for node in container.graph.nodes {
  ///   _ = try await container._resolveErased(node.key)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: A key registered in this container or an ancestor.
  ///   - isolation: The caller's actor; inferred.
  /// - Returns: The instance, in a box (a value that may not be shared is not `Sendable`).
  /// - Throws: A ``ResolutionError``; `notRegistered` when no container of the lineage has `key`.
  @_spi(Testing)
  public func _resolveErased(
    _ key: DependencyKey, isolation: isolated (any Actor)? = #isolation
  ) async throws(ResolutionError) -> any Sendable {
    guard let (found, owner) = lineageEntry(for: key) else {
      throw .notRegistered(key, chain: [key], location: CodeLocation())
    }
    let context = ResolutionContext(asynchronousAt: found.registration.location, requester: self)
    defer { context.finish() }
    let located = adopt(Located(entry: found, owner: owner))
    return try await context.completingGraph {
      () async throws(ResolutionError) -> any Sendable in
      try await found.registration.factory.resolveErased(located, in: self, context: context)
    }
  }
}
