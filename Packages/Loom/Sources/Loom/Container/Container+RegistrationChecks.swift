#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// MARK: - What registering can tell

/// Where the warnings of ``Container/reportAtRegistration(_:at:)`` go: standard error, unless a
/// test collects them to check them (and to keep the test output quiet).
enum RegistrationWarnings {
  @TaskLocal static var sink: (@Sendable (String) -> Void)?
}

extension Container {
  /// In debug builds, writes a mistake that registering can tell to standard error, naming where
  /// the registration is made; ``validate(_:)`` reports the same mistake in every build. Release
  /// builds are silent.
  func reportAtRegistration(_ defect: RegistrationDefect, at location: CodeLocation) {
    reportWarning(summary: defect.summary, hint: defect.hint, at: location)
  }

  /// In debug builds, writes a warning about what was done at `location` to standard error (or to
  /// the sink a test set); release builds are silent. The satellite packages warn through it too,
  /// so every warning of Loom reads alike and tests collect them in one place.
  ///
  /// ```swift
  /// container.reportWarning(
  ///   summary: "the flow \"checkout\" was begun while another thread's flow is open",
  ///   hint: "use withScope for flows that run at the same time", at: CodeLocation())
  /// ```
  ///
  /// - Parameters:
  ///   - summary: What is wrong, without a final period.
  ///   - hint: How to fix it, a sentence.
  ///   - location: Where it was done.
  @_spi(LoomInternals)
  public func reportWarning(summary: String, hint: String, at location: CodeLocation) {
    #if DEBUG
      let text = "Loom: warning: \(location): \(summary). To fix: \(hint)\n"
      if let sink = RegistrationWarnings.sink { return sink(text) }
      // NB: write(2) to the standard error descriptor: no shared `FILE *` is touched.
      var bytes = Array(text.utf8)
      _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    #endif
  }
}
