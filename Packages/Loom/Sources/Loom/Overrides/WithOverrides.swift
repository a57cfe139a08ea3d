/// Runs `operation` with some registrations replaced, then puts everything back.
///
/// The overrides go into a new isolated child of ``Container/current``
/// (``Container/makeIsolatedChild(overridePolicy:)``), which is made current for `operation`
/// only. Every resolve in the operation sees the overrides, including the singletons that depend
/// on them: those are built afresh in the child, so nothing built with a replacement reaches the
/// app's container. When `operation` returns, or throws, the previous container is current again
/// and the child, with its overrides, is dropped. Calls nest: an inner call builds on the outer
/// one's overrides, and the innermost registration of a key wins.
///
/// Use it wherever a piece of code should run against other wiring for a while: a SwiftUI
/// preview, a demo mode, a debug menu, a test.
///
/// ```swift
/// let preview = withOverrides {
///   $0.register((any APIClient).self) { _ in SampleAPIClient() }
/// } operation: {
///   ProfileView()  // its @Injected properties resolve from the overriding container
/// }
/// ```
///
/// Objects made in `operation` keep the overriding container after it returns: their
/// ``Injected`` properties captured it when they were made.
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
  try Container.current.withOverrides(overrides, operation: operation)
}

/// Runs an asynchronous `operation` with some registrations replaced for its whole task tree,
/// then puts everything back.
///
/// The overrides go into a new isolated child of ``Container/current``, made current for the
/// operation and every child task it starts (unstructured `Task { }` included, detached tasks
/// excepted). See ``withOverrides(_:operation:)`` for what the child shares with its parent.
///
/// ```swift
/// let profile = try await withOverrides {
///   $0.register((any APIClient).self) { _ in OfflineAPIClient() }
/// } operation: {
///   try await ProfileModel().load()
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
  try await Container.current.withOverrides(
    isolation: isolation, overrides, operation: operation)
}
