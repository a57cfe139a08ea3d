/// One problem that ``DependencyGraph/validate()`` found: its kind, the key it is about, the path
/// that shows it, and how to fix it.
///
/// Its ``description`` reads as a small tree:
///
/// ```
/// [missing] no registration for Database
/// ├─ Needed by: UserService (transient) at MyApp/Wiring.swift:14
/// ├─ Path: AppCoordinator → UserService → Database
/// └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
/// ```
///
/// Match on ``code`` to handle one kind of problem:
///
/// ```swift
/// for problem in container.validate().problems where problem.code == .captive {
///   print(problem.path)
/// }
/// ```
public struct GraphProblem: Sendable, CustomStringConvertible {
  /// The kind of problem. New codes may be added: match with `==`, not an exhaustive switch.
  ///
  /// ```swift
  /// if problem.code == .cycle { print("cycle: \(problem.path)") }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The kinds, in the order a report lists them.
    private enum Base: Int, Hashable, Sendable {
      case missing, cycle, captive, asyncFromSync, mainActorFromSync, argumentsRequired
      case bindingMismatch, lifetimeMismatch, unimplemented
      case undeclaredEdges, resolutionFailed
    }

    private let base: Base

    private init(_ base: Base) {
      self.base = base
    }

    /// A registration depends on a key that nothing registers, in its container or any ancestor
    /// (a key-path dependency is never missing: it has a default factory).
    ///
    /// ```swift
    /// problem.code == .missing
    /// ```
    public static let missing = Code(.missing)
    /// Registrations depend on each other in a loop that no ``Lazy`` or ``Provider`` breaks:
    /// resolving any of them fails with ``ResolutionError/Code/cycle``.
    ///
    /// ```swift
    /// problem.code == .cycle
    /// ```
    public static let cycle = Code(.cycle)
    /// A cached instance (singleton, weak or a custom lifetime) depends on one that should live
    /// shorter, and so keeps it alive past its lifetime.
    ///
    /// ```swift
    /// problem.code == .captive
    /// ```
    public static let captive = Code(.captive)
    /// A synchronous factory depends on a registration that can only be resolved with `await`:
    /// resolving it fails with ``ResolutionError/Code/asyncRequired``.
    ///
    /// ```swift
    /// problem.code == .asyncFromSync
    /// ```
    public static let asyncFromSync = Code(.asyncFromSync)
    /// A synchronous factory that is not isolated depends on one made on the main actor (or on
    /// another actor), and may be built where that actor does not run: resolving it there fails
    /// with ``ResolutionError/Code/asyncRequired``. A factory built only for registrations of
    /// that actor, and an eager `Sendable` singleton as the target, are not reported.
    ///
    /// ```swift
    /// problem.code == .mainActorFromSync
    /// ```
    public static let mainActorFromSync = Code(.mainActorFromSync)
    /// A registration depends on one that takes runtime arguments, which it can never pass:
    /// an auto-wired initializer's parameter, a declared dependency or a resolve seen through a
    /// resolver without `arguments:`. Resolving it fails with
    /// ``ResolutionError/Code/argumentMismatch``.
    ///
    /// ```swift
    /// problem.code == .argumentsRequired
    /// ```
    public static let argumentsRequired = Code(.argumentsRequired)
    /// A binding to an implementation that can never be the bound type (a class that is not a
    /// subclass of it, another concrete type); registering it also says so on standard error in
    /// debug builds.
    ///
    /// ```swift
    /// problem.code == .bindingMismatch
    /// ```
    public static let bindingMismatch = Code(.bindingMismatch)
    /// A registration's lifetime can never keep what its factory makes: the weak lifetime for a
    /// type that is not a class (a struct, an enum). Registering it also says so on standard
    /// error in debug builds.
    ///
    /// ```swift
    /// problem.code == .lifetimeMismatch
    /// ```
    public static let lifetimeMismatch = Code(.lifetimeMismatch)
    /// A key-path declaration says it has no value in a context that is active where its instance
    /// is made (``Dependency/unimplemented(in:placeholder:)``), and that container reports no
    /// issue (it is not a test's): resolving it fails with
    /// ``ResolutionError/Code/unimplemented``.
    ///
    /// ```swift
    /// problem.code == .unimplemented
    /// ```
    public static let unimplemented = Code(.unimplemented)
    /// A closure factory, a decorator or a completion declares no dependencies and has not run
    /// yet, so validation cannot see its edges (reported only by ``Container/validate(_:)`` with
    /// ``ValidationReport/Strictness/strict``; otherwise listed in
    /// ``ValidationReport/unseen``).
    ///
    /// ```swift
    /// problem.code == .undeclaredEdges
    /// ```
    public static let undeclaredEdges = Code(.undeclaredEdges)
    /// Resolving the registration failed (reported by ``Container/validateByResolving(isolation:)``).
    ///
    /// ```swift
    /// problem.code == .resolutionFailed
    /// ```
    public static let resolutionFailed = Code(.resolutionFailed)

    /// Where reports list problems of this kind: missing, cycle, captive, async-from-sync,
    /// main-actor-from-sync, arguments required, binding mismatches, lifetime mismatches,
    /// unimplemented values, undeclared edges, then failed resolves.
    var order: Int { base.rawValue }

    /// The code's name, such as `missing` or `asyncFromSync`.
    ///
    /// ```swift
    /// print(GraphProblem.Code.captive)  // captive
    /// ```
    public var description: String {
      switch base {
      case .missing: "missing"
      case .cycle: "cycle"
      case .captive: "captive"
      case .asyncFromSync: "asyncFromSync"
      case .mainActorFromSync: "mainActorFromSync"
      case .argumentsRequired: "argumentsRequired"
      case .bindingMismatch: "bindingMismatch"
      case .lifetimeMismatch: "lifetimeMismatch"
      case .unimplemented: "unimplemented"
      case .undeclaredEdges: "undeclaredEdges"
      case .resolutionFailed: "resolutionFailed"
      }
    }
  }

  ///
  /// ```swift
  /// let cycles = report.problems.filter { $0.code == .cycle }
  /// ```
  public let code: Code
  /// The key the problem is about: the missing key, the first key of a cycle (by description),
  /// the cached registration that holds another captive, or the synchronous registration.
  ///
  /// ```swift
  /// let missingKeys = report.problems.filter { $0.code == .missing }.map(\.key)
  /// ```
  public let key: DependencyKey
  /// The keys that show the problem, in dependency order.
  ///
  /// For ``Code/missing``, a chain from a registration that nothing depends on to the missing
  /// key; for ``Code/cycle``, the loop, ending where it starts (`A → B → A`); for
  /// ``Code/captive``, the holder to the held (through transients when there are some); for
  /// ``Code/asyncFromSync``, the synchronous registration and the asynchronous one.
  ///
  /// ```swift
  /// print(problem.path.map(\.description).joined(separator: " → "))
  /// ```
  public let path: [DependencyKey]
  /// For ``Code/missing``, every registration that depends on the missing key; empty otherwise.
  ///
  /// ```swift
  /// print("\(problem.key) is needed by \(problem.neededBy)")
  /// ```
  public let neededBy: [DependencyKey]
  /// One line saying what is wrong.
  ///
  /// ```swift
  /// print(problem.summary)  // no registration for Database
  /// ```
  public let summary: String
  /// How to fix it.
  ///
  /// ```swift
  /// print("To fix: \(problem.hint)")
  /// ```
  public let hint: String
  /// The lines of the description between the summary and the hint: who needs the key, the
  /// path, the registrations involved.
  ///
  /// ```swift
  /// for line in problem.details { print(line) }  // Needed by: UserService (transient) at …
  /// ```
  public let details: [String]

  /// Deprecated: only Loom makes problems; read them from ``ValidationReport/problems``.
  ///
  /// ```swift
  /// let problems = container.validate().problems
  /// ```
  ///
  /// - Parameters:
  ///   - code: The kind of problem.
  ///   - key: The key the problem is about.
  ///   - path: The keys that show the problem, in dependency order.
  ///   - neededBy: For a missing key, the registrations that depend on it.
  ///   - summary: One line saying what is wrong.
  ///   - details: The lines of the description between the summary and the hint.
  ///   - hint: How to fix it.
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message: "Only Loom makes graph problems: read them from `container.validate().problems`"
  )
  public init(
    code: Code, key: DependencyKey, path: [DependencyKey], neededBy: [DependencyKey] = [],
    summary: String, details: [String] = [], hint: String
  ) {
    self.init(
      code, key: key, path: path, neededBy: neededBy, summary: summary, details: details,
      hint: hint)
  }

  /// Makes a problem, for Loom's packages that check rules of their own and report them with the
  /// graph's (LoomAssembly).
  ///
  /// ```swift
  /// let problem = GraphProblem(
  ///   .missing, key: DependencyKey(HTTPClient.self), path: [DependencyKey(HTTPClient.self)],
  ///   summary: "no registration for HTTPClient",
  ///   details: ["Expected by: PaymentsAssembly"],
  ///   hint: "register HTTPClient, or add it to CheckoutAssembly's expectedKeys.")
  /// ```
  ///
  /// - Parameters:
  ///   - code: The kind of problem.
  ///   - key: The key the problem is about.
  ///   - path: The keys that show the problem, in dependency order.
  ///   - neededBy: For a missing key, the registrations that depend on it.
  ///   - summary: One line saying what is wrong.
  ///   - details: The lines of the description between the summary and the hint.
  ///   - hint: How to fix it.
  @_spi(LoomInternals)
  public init(
    _ code: Code, key: DependencyKey, path: [DependencyKey], neededBy: [DependencyKey] = [],
    summary: String, details: [String] = [], hint: String
  ) {
    self.code = code
    self.key = key
    self.path = path
    self.neededBy = neededBy
    self.summary = summary
    self.details = details
    self.hint = hint
  }

  /// The full, multi-line description: the code and summary, the details, then `To fix:`.
  ///
  /// ```swift
  /// print(problem)
  /// ```
  public var description: String {
    _treeMessage("[\(code)] \(summary)", details + ["To fix: \(hint)"])
  }
}
