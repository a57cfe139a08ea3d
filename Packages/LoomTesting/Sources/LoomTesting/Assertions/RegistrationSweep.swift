@_spi(Testing) public import Loom

/// Resolves every registration a container sees, each in a sandbox of its own, and collects the
/// failures: the engine of the planned "every registration resolves" assertions.
///
/// The public assertions (`expectEveryRegistrationResolves`,
/// `XCTAssertEveryRegistrationResolves`) run it with the core's type-erased resolve,
/// `Container._resolveErased(_:)`; the resolve is a parameter so tests can substitute their own.
///
/// ```swift
/// let outcome = await RegistrationSweep.run(over: container) { sandbox, key in
///   if key == DependencyKey(Database.self) { _ = try sandbox.tryResolve(Database.self) }
/// }
/// print(outcome.failures)
/// ```
@_spi(Testing)
public enum RegistrationSweep {
  /// What a sweep found.
  ///
  /// ```swift
  /// #expect(outcome.failures.isEmpty)
  /// ```
  public struct Outcome: Sendable {
    /// The keys that were resolved, in the order of `container.graph.nodes`.
    ///
    /// ```swift
    /// print(outcome.checked.count)
    /// ```
    public var checked: [DependencyKey] = []
    /// The keys that cannot be resolved on their own, and were left out: registrations that take
    /// runtime arguments, or need a scope (such as a flow) that no test has.
    ///
    /// ```swift
    /// print(outcome.skipped)
    /// ```
    public var skipped: [DependencyKey] = []
    /// The errors of the keys that did not resolve, in the order of `checked`.
    ///
    /// ```swift
    /// #expect(outcome.failures.isEmpty)
    /// ```
    public var failures: [ResolutionError] = []

    /// The failure text reported by the assertions, or `nil` when every key resolved.
    ///
    /// ```swift
    /// if let message = outcome.message() { print(message) }
    /// ```
    ///
    /// - Parameter note: The caller's own note, printed on the last line.
    /// - Returns: The headline and one block per failure, or `nil`.
    public func message(note: String? = nil) -> String? {
      guard !failures.isEmpty else { return nil }
      return FailureMessage.unresolvableRegistrations(failures, checked: checked.count, note: note)
    }
  }

  /// Resolves each node of `container.graph` in a new isolated child of `container`, one after
  /// the other, so that nothing a resolve builds reaches `container` or the next resolve.
  ///
  /// ```swift
  /// let outcome = await RegistrationSweep.run(over: container) { sandbox, key in
  ///   _ = try await sandbox._resolveErased(key)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container whose registrations, and its ancestors', are checked.
  ///   - resolve: Resolves the key in the sandbox it is given.
  /// - Returns: The keys checked and skipped, and the errors.
  public static func run(
    over container: Container,
    resolve: (_ sandbox: Container, _ key: DependencyKey) async throws(ResolutionError) -> Void
  ) async -> Outcome {
    var outcome = Outcome()
    for node in container.graph.nodes {
      let sandbox = container.makeIsolatedChild()
      do {
        try await resolve(sandbox, node.key)
        outcome.checked.append(node.key)
      } catch  where error.chain == [node.key] && skippable.contains(error.code) {
        outcome.skipped.append(node.key)
      } catch {
        outcome.checked.append(node.key)
        outcome.failures.append(error)
      }
    }
    return outcome
  }

  /// The errors that say the key itself needs something a sweep cannot give (arguments, a scope),
  /// not that its wiring is broken.
  private static let skippable: Set<ResolutionError.Code> = [.argumentMismatch, .scopeRequired]
}
