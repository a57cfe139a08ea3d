extension Container {
  /// Runs `operation` with some of this container's registrations replaced, then puts
  /// everything back.
  ///
  /// The overrides go into a new isolated child of this container
  /// (``makeIsolatedChild(overridePolicy:)``), made ``current`` for `operation` only; when it
  /// returns, or throws, the previous container is current again and the child is dropped. This
  /// container is not changed. ``Loom/withOverrides(_:operation:)`` is the same, starting from
  /// ``current``.
  ///
  /// ```swift
  /// let model = AppContainer.shared.withOverrides {
  ///   $0.register((any APIClient).self) { _ in SampleAPIClient() }
  /// } operation: {
  ///   ProfileModel()  // its @Injected properties resolve from the overriding child
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - overrides: Registers the replacements in the container the operation runs with.
  ///   - operation: The work to run with the overrides.
  /// - Returns: What `operation` returns.
  /// - Throws: What `overrides` or `operation` throws; `operation` does not run when `overrides`
  ///   throws.
  public func withOverrides<Result>(
    _ overrides: (Container) throws -> Void,
    operation: () throws -> Result
  ) rethrows -> Result {
    let child = makeIsolatedChild()
    try overrides(child)
    return try child.withCurrent(operation)
  }

  /// Runs an asynchronous `operation` with some of this container's registrations replaced for
  /// its whole task tree, then puts everything back.
  ///
  /// Like ``withOverrides(_:operation:)``: the overrides go into a new isolated child of this
  /// container, current for the operation and every child task it starts.
  ///
  /// ```swift
  /// try await AppContainer.shared.withOverrides {
  ///   $0.register((any APIClient).self) { _ in OfflineAPIClient() }
  /// } operation: {
  ///   try await SyncEngine().run()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the operation runs on; inferred from the caller.
  ///   - overrides: Registers the replacements in the container the operation runs with.
  ///   - operation: The work to run with the overrides.
  /// - Returns: What `operation` returns.
  /// - Throws: What `overrides` or `operation` throws; `operation` does not run when `overrides`
  ///   throws.
  public func withOverrides<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ overrides: (Container) throws -> Void,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let child = makeIsolatedChild()
    try overrides(child)
    return try await child.withCurrent(isolation: isolation, operation)
  }
}
