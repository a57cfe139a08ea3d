public import Loom

// NB: the core owns `withOverrides`; these forwards keep code that imports LoomTesting without
// importing Loom compiling. They are disfavoured so that a file importing both modules calls the
// core's functions, with no ambiguity between the two identical signatures.

/// Runs `operation` with some registrations replaced, then puts everything back: the core's
/// `withOverrides(_:operation:)`, reachable from files that import only LoomTesting.
///
/// It forwards to the core's function, which puts the overrides into a new isolated child of
/// `Container.current` (`makeIsolatedChild()`), made current for `operation` only. Every resolve
/// in the operation sees the overrides, including the singletons that depend on them: those are
/// built afresh in the child, so nothing built with a mock reaches the parent. When `operation`
/// returns, or throws, the previous container is current again and the child, with its overrides,
/// is dropped. Calls nest: an inner call builds on the outer one's overrides, and the innermost
/// registration of a key wins.
///
/// ```swift
/// let model = withOverrides {
///   $0.register((any APIClient).self) { _ in MockAPIClient() }
/// } operation: {
///   ProfileModel()  // its @Injected properties resolve from the overriding container
/// }
/// ```
///
/// - Parameters:
///   - overrides: Registers the replacements in the container the operation runs with.
///   - operation: The work to run with the overrides.
/// - Returns: What `operation` returns.
/// - Throws: What `overrides` or `operation` throws; `operation` does not run when `overrides`
///   throws.
@_disfavoredOverload
public func withOverrides<Result>(
  _ overrides: (Container) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  try Loom.withOverrides(overrides, operation: operation)
}

/// Runs an asynchronous `operation` with some registrations replaced for its whole task tree,
/// then puts everything back: the core's `withOverrides(isolation:_:operation:)`, reachable from
/// files that import only LoomTesting.
///
/// It forwards to the core's function: the overrides go into a new isolated child of
/// `Container.current`, made current for the operation and every child task it starts
/// (unstructured `Task { }` included, detached tasks excepted). See
/// ``withOverrides(_:operation:)`` for what the child shares with its parent.
///
/// ```swift
/// let profile = try await withOverrides {
///   $0.register((any APIClient).self) { _ in MockAPIClient(user: .fixture) }
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
@_disfavoredOverload
public func withOverrides<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ overrides: (Container) throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  try await Loom.withOverrides(isolation: isolation, overrides, operation: operation)
}
