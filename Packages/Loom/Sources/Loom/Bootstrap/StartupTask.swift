/// A side effect that ``Container/bootstrap()`` runs, such as configuring an SDK.
struct StartupTask: Sendable {
  let name: String
  let dependencies: [DependencyKey]
  /// The names of the start-up tasks of the same container that must succeed first.
  let after: [String]
  /// The token that lets it run once per process, if it has one.
  let once: StartupOnce?
  let location: CodeLocation
  let run: @Sendable (Resolver) async throws -> Void
}
