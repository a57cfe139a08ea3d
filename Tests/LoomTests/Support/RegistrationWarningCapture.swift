@_spi(LoomInternals) @testable import Loom

/// Runs `body`, collecting what registering writes as warnings (debug builds) instead of letting
/// it reach standard error; returns `body`'s result and the warnings (none in release builds).
func collectingRegistrationWarnings<Result>(_ body: () throws -> Result) rethrows -> (
  Result, [String]
) {
  let warnings = Lock<[String]>([])
  let sink: @Sendable (String) -> Void = { text in warnings.withLock { $0.append(text) } }
  let result = try RegistrationWarnings.$sink.withValue(sink) { try body() }
  return (result, warnings.value)
}
