/// Why a dependency could not be resolved, with the key, the chain that led to it and how to fix it.
///
/// Every case carries the ``key`` that failed and the ``chain`` of keys that led to it, outermost
/// first. Its ``description`` reads as a small tree:
///
/// ```
/// ResolutionError: no registration for Database
/// ├─ Resolved via: AppCoordinator → UserService → Database
/// ├─ Requested at: MyApp/AppDelegate.swift:12
/// └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
/// ```
///
/// Match on ``code`` to handle a kind of failure:
///
/// ```swift
/// do {
///   let database = try container.tryResolve(Database.self)
/// } catch where error.code == .notRegistered {
///   print(error.chain)
/// }
/// ```
public struct ResolutionError: Error, Sendable, CustomStringConvertible {
  /// The kind of failure. New codes may be added: match with `==`, not an exhaustive switch.
  ///
  /// ```swift
  /// if error.code == .cycle { print("cycle: \(error.chain)") }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Base: String, Hashable, Sendable {
      case notRegistered, cycle, typeMismatch, factoryFailed, asyncRequired, scopeRequired
      case argumentMismatch, duplicateRegistration
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

    /// The code's name, such as `notRegistered`.
    ///
    /// ```swift
    /// print(ResolutionError.Code.cycle)  // cycle
    /// ```
    public var description: String { base.rawValue }
  }

  /// The kind of failure.
  ///
  /// ```swift
  /// if error.code == .notRegistered { print(error.key) }
  /// ```
  public let code: Code
  /// The key that could not be resolved.
  ///
  /// ```swift
  /// print(error.key)  // Database
  /// ```
  public let key: DependencyKey
  /// The keys that led to ``key``, outermost first, ending with ``key`` itself.
  ///
  /// ```swift
  /// print(error.chain)  // [AppCoordinator, UserService, Database]
  /// ```
  public let chain: [DependencyKey]
  /// One line saying what went wrong.
  ///
  /// ```swift
  /// print(error.summary)  // no registration for Database
  /// ```
  public let summary: String
  /// How to fix it.
  ///
  /// ```swift
  /// print(error.hint)
  /// ```
  public let hint: String
  /// What the factory threw, for ``Code/factoryFailed``.
  ///
  /// ```swift
  /// if let cause = error.underlying { print(cause) }
  /// ```
  public let underlying: (any Error)?
  /// Where the top-level resolve was requested.
  ///
  /// ```swift
  /// print(error.location)  // MyApp/AppDelegate.swift:12
  /// ```
  public let location: CodeLocation

  /// Makes an error; custom lifetimes and extensions use the static constructors instead.
  ///
  /// ```swift
  /// let error = ResolutionError(
  ///   code: .scopeRequired, key: DependencyKey(Cart.self), chain: [DependencyKey(Cart.self)],
  ///   summary: "no checkout flow is running", hint: "resolve Cart inside a checkout flow.")
  /// ```
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - key: The key that failed.
  ///   - chain: The keys that led to it, ending with `key`.
  ///   - summary: One line saying what went wrong.
  ///   - hint: How to fix it.
  ///   - underlying: An error that caused this one.
  ///   - location: Where the resolve was requested.
  public init(
    code: Code, key: DependencyKey, chain: [DependencyKey], summary: String, hint: String,
    underlying: (any Error)? = nil, location: CodeLocation = CodeLocation()
  ) {
    self.code = code
    self.key = key
    self.chain = chain.last == key ? chain : chain + [key]
    self.summary = summary
    self.hint = hint
    self.underlying = underlying
    self.location = location
  }

  /// The error a ``CustomLifetime`` throws when the scope it needs is not current.
  ///
  /// ```swift
  /// guard let scope = FlowScope.current else {
  ///   throw ResolutionError.scopeRequired(context, scope: "flow")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context the lifetime was given.
  ///   - scope: The name of the scope that must be current.
  /// - Returns: A ``Code/scopeRequired`` error with the context's chain.
  public static func scopeRequired(_ context: borrowing LifetimeContext, scope: String)
    -> ResolutionError
  {
    ResolutionError(
      code: .scopeRequired, key: context.key, chain: context.chain,
      summary: "\(context.key) has the \(scope) lifetime, but no \(scope) scope is current",
      hint: "resolve \(context.key) inside a \(scope) scope, or register it with another lifetime.",
      location: context.location)
  }

  /// The keys of ``chain`` joined with arrows: `AppCoordinator → UserService → Database`.
  ///
  /// ```swift
  /// print(error.path)
  /// ```
  public var path: String {
    chain.map(\.description).joined(separator: " → ")
  }

  /// The full, multi-line message: summary, chain, location, underlying error and hint.
  ///
  /// ```swift
  /// print(error)
  /// ```
  public var description: String {
    var lines = ["Resolved via: \(path)", "Requested at: \(location)"]
    if let underlying {
      lines.append("Underlying error: \(String(describing: underlying))")
    }
    lines.append("To fix: \(hint)")
    var text = "ResolutionError: \(summary)"
    for (index, line) in lines.enumerated() {
      text += index == lines.count - 1 ? "\n└─ " : "\n├─ "
      text += line
    }
    return text
  }
}

// MARK: - The errors the core throws

extension ResolutionError {
  static func notRegistered(
    _ key: DependencyKey, chain: [DependencyKey], location: CodeLocation
  ) -> ResolutionError {
    let registration =
      if let name = key.name {
        "register \(typeName(key.valueType)) with name: \"\(name)\""
      } else {
        "register \(key)"
      }
    return ResolutionError(
      code: .notRegistered, key: key, chain: chain, summary: "no registration for \(key)",
      hint: "\(registration), or declare it as a key-path dependency with a default factory.",
      location: location)
  }

  static func cycle(
    _ key: DependencyKey, chain: [DependencyKey], acrossThreads: Bool, location: CodeLocation
  ) -> ResolutionError {
    // The chain ends with `key`; the cycle runs from the first occurrence of `key` to that end.
    let start = chain.firstIndex(of: key) ?? chain.startIndex
    let loop = chain[start...].count > 1 ? Array(chain[start...]) : [key, key]
    let cycle = loop.map(\.description).joined(separator: " → ")
    let summary =
      acrossThreads
      ? "dependency cycle across threads: \(key) is being built by another thread that waits for"
        + " this one"
      : "dependency cycle: \(cycle)"
    return ResolutionError(
      code: .cycle, key: key, chain: chain, summary: summary,
      hint: "break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the"
        + " shared state into a third dependency.",
      location: location)
  }

  /// A custom lifetime that, while asked for the cache of `key`, resolved `key` again (directly or
  /// through other custom-lifetime keys): `asked` are the keys whose lifetimes were being asked,
  /// outermost first.
  static func lifetimeCycle(
    _ key: DependencyKey, asked: [DependencyKey], location: CodeLocation
  ) -> ResolutionError {
    let chain = asked + [key]
    let start = chain.firstIndex(of: key) ?? chain.startIndex
    let loop = chain[start...].map(\.description).joined(separator: " → ")
    return ResolutionError(
      code: .cycle, key: key, chain: chain,
      summary: "dependency cycle through custom lifetimes: picking a cache for \(key) resolved"
        + " \(loop)",
      hint: "a CustomLifetime's instanceCache(for:) must not resolve the key it picks a cache for,"
        + " directly or through other custom-lifetime keys; pick the cache from state it can read"
        + " without resolving.",
      location: location)
  }

  static func factoryFailed(
    _ key: DependencyKey, chain: [DependencyKey], registeredAt: CodeLocation,
    underlying: any Error, location: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      code: .factoryFailed, key: key, chain: chain, summary: "the factory of \(key) threw",
      hint: "fix the failure reported by the factory registered at \(registeredAt).",
      underlying: underlying, location: location)
  }

  static func weakNeedsClass(
    _ key: DependencyKey, chain: [DependencyKey], registeredAt: CodeLocation,
    location: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      code: .typeMismatch, key: key, chain: chain,
      summary: "\(key) has the weak lifetime, but its factory returned a value, not an object",
      hint: "register \(key) at \(registeredAt) with another lifetime, or return a class instance.",
      location: location)
  }

  static func asyncRequired(
    _ key: DependencyKey, chain: [DependencyKey], location: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      code: .asyncRequired, key: key, chain: chain,
      summary: "\(key) is made by an asynchronous factory and was resolved synchronously",
      hint: "resolve it with `try await tryResolveAsync(...)`, or build it first with"
        + " `try await container.bootstrap()` so that synchronous resolves find it cached.",
      location: location)
  }

  static func mainActorRequired(
    _ key: DependencyKey, chain: [DependencyKey], location: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      code: .asyncRequired, key: key, chain: chain,
      summary: "\(key) is made on the main actor and was resolved synchronously off it",
      hint: "resolve it from the main actor, or elsewhere with `try await tryResolveAsync(...)`.",
      location: location)
  }

  static func argumentMismatch(
    _ key: DependencyKey, chain: [DependencyKey], registered: String?, given: String,
    location: CodeLocation
  ) -> ResolutionError {
    let expected = registered ?? "no arguments"
    return ResolutionError(
      code: .argumentMismatch, key: key, chain: chain,
      summary: "\(key) takes \(expected), but was resolved with \(given)",
      hint: registered == nil
        ? "resolve \(key) without arguments, or register a factory that takes \(given)."
        : "resolve \(key) with arguments: \(expected).",
      location: location)
  }

  static func overrideForbidden(
    _ key: DependencyKey, existing: CodeLocation, new: CodeLocation
  ) -> ResolutionError {
    ResolutionError(
      code: .duplicateRegistration, key: key, chain: [key],
      summary: "\(key) is already registered at \(existing); this container forbids overrides",
      hint: "remove one of the registrations, or make the container with"
        + " overridePolicy: .replace.",
      location: new)
  }
}
