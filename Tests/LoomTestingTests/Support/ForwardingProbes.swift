import Loom

/// Registers a mock API client in `container`; for a file that does not import Loom.
func registerMockAPIClient(in container: Container) {
  container.register((any APIClient).self) { _ in MockAPIClient("forwarded") }
}

/// The name of the API client that `Container.current` resolves, and whether it is an isolated
/// child of `AppWiring.base`; for a file that does not import Loom.
func currentAPIClientProbe() -> (name: String, isIsolatedChildOfBase: Bool) {
  let current = Container.current
  return (
    current.resolve((any APIClient).self).name,
    current.isolatesInstances && current.parent === AppWiring.base
  )
}

/// Runs `body` with `AppWiring.base` current; for a file that does not import Loom.
func withAppWiringCurrent<Result>(_ body: () async throws -> Result) async rethrows -> Result {
  try await AppWiring.base.withCurrent(isolation: nil, body)
}
