@testable import Loom

/// Runs `body` with Loom's debug warnings dropped instead of printed: for tests whose factories
/// capture their container on purpose (tests print nothing, CONTRIBUTING says).
func withoutWarnings<Result>(_ body: () throws -> Result) rethrows -> Result {
  try RegistrationWarnings.$sink.withValue({ _ in }, operation: body)
}
