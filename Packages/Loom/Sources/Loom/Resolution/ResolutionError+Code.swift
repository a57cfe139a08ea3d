extension ResolutionError {
  /// The kind of failure. New codes may be added: match with `==`, not an exhaustive switch.
  ///
  /// ```swift
  /// if error.code == .cycle { print("cycle: \(error.chain)") }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Base: String, Hashable, Sendable {
      case notRegistered, cycle, typeMismatch, factoryFailed, asyncRequired, scopeRequired
      case argumentMismatch, duplicateRegistration, captiveDependency, unimplemented, tooDeep
    }

    private let base: Base

    private init(_ base: Base) {
      self.base = base
    }

    /// Nothing is registered for the key, in the container or any of its ancestors.
    ///
    /// ```swift
    /// error.code == .notRegistered
    /// ```
    public static let notRegistered = Code(.notRegistered)
    /// The key depends on itself, on one thread or through threads waiting on each other.
    ///
    /// ```swift
    /// error.code == .cycle
    /// ```
    public static let cycle = Code(.cycle)
    /// The registration cannot produce a value of the requested kind (for example a `.weak`
    /// registration whose factory returns a struct).
    ///
    /// ```swift
    /// error.code == .typeMismatch
    /// ```
    public static let typeMismatch = Code(.typeMismatch)
    /// The factory threw; ``ResolutionError/underlying`` holds what it threw.
    ///
    /// ```swift
    /// error.code == .factoryFailed
    /// ```
    public static let factoryFailed = Code(.factoryFailed)
    /// The registration is asynchronous and was resolved synchronously.
    ///
    /// ```swift
    /// error.code == .asyncRequired
    /// ```
    public static let asyncRequired = Code(.asyncRequired)
    /// The registration's lifetime needs a scope (such as a flow) and none is current.
    ///
    /// ```swift
    /// error.code == .scopeRequired
    /// ```
    public static let scopeRequired = Code(.scopeRequired)
    /// The registration takes runtime arguments of other types than those given (or none).
    ///
    /// ```swift
    /// error.code == .argumentMismatch
    /// ```
    public static let argumentMismatch = Code(.argumentMismatch)
    /// A key was registered twice in a container made with
    /// ``Container/OverridePolicy/forbid``; the second `register` call traps with this error's
    /// message.
    ///
    /// ```swift
    /// error.code == .duplicateRegistration
    /// ```
    public static let duplicateRegistration = Code(.duplicateRegistration)
    /// A cached instance that lives longer than the key being resolved (a singleton, say) is
    /// being built and would keep the key's instance past its lifetime (a session's, a flow's, a
    /// weak or an expiring one; never a transient or `.graph` one, which belongs to its holder).
    /// Found through transient and graph registrations; not met through a ``Lazy`` or
    /// ``Provider``. Turn the check off with ``Container/checksCaptiveDependencies``.
    ///
    /// ```swift
    /// error.code == .captiveDependency
    /// ```
    public static let captiveDependency = Code(.captiveDependency)
    /// The key was declared unimplemented in a context that is active (``Dependency/unimplemented(in:placeholder:)``),
    /// typically a test that reached a dependency it should have replaced. Under LoomTesting's
    /// test containers the failure is recorded as a test issue and the resolve goes on; elsewhere
    /// the resolve throws it.
    ///
    /// ```swift
    /// error.code == .unimplemented
    /// ```
    public static let unimplemented = Code(.unimplemented)
    /// The chain of synchronous factories grew deeper than the thread's stack can hold: the
    /// resolve stopped before the stack overflowed. A chain this deep is almost always a cycle too
    /// long to fit on the stack; the error shows the chain's head and tail.
    ///
    /// ```swift
    /// error.code == .tooDeep
    /// ```
    public static let tooDeep = Code(.tooDeep)

    /// The code's name, such as `notRegistered`.
    ///
    /// ```swift
    /// print(ResolutionError.Code.cycle)  // cycle
    /// ```
    public var description: String { base.rawValue }
  }
}
