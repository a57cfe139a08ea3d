/// A side effect that ``Container/bootstrap()`` runs, such as configuring an SDK.
struct StartupTask: Sendable {
  let name: String
  let dependencies: [DependencyKey]
  let runsOncePerProcess: Bool
  let location: CodeLocation
  let run: @Sendable (Resolver) async throws -> Void
}

/// The names of the start-up tasks marked to run once per process that have completed.
enum ProcessStartupTasks {
  static let completed = Locked<Set<String>>([])
}
