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
/// Match a kind of failure with the pattern of its ``code``, or switch over the error to read its
/// properties in each case:
///
/// ```swift
/// do {
///   let database = try container.tryResolve(Database.self)
/// } catch ResolutionError.notRegistered {
///   print("no database")
/// }
///
/// do {
///   let database = try container.tryResolve(Database.self)
/// } catch {
///   switch error {
///   case .notRegistered: print("missing: \(error.key)")
///   case .cycle: print("cycle: \(error.path)")
///   default: print(error)
///   }
/// }
/// ```
public struct ResolutionError: Error, Sendable, CustomStringConvertible {
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
  public internal(set) var hint: String
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
  /// The lines the description shows instead of "Resolved via" and "Requested at", for errors
  /// whose places mean something else (the two sites of a duplicate registration).
  var places: [String]?
  /// Lines the description shows after the places (who builds what, in a cross-thread cycle).
  var details: [String] = []
  /// The loop of a cross-thread cycle, so that each thread that waited on it can be told it from
  /// its own side.
  var crossThreadLoop: CrossThreadLoop?

  /// Deprecated: only Loom makes resolution errors; a ``CustomLifetime`` throws
  /// ``scopeRequired(_:scope:)``.
  ///
  /// ```swift
  /// throw ResolutionError.scopeRequired(context, scope: "checkout")
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
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message:
      "Only Loom makes resolution errors: a custom lifetime throws `ResolutionError.scopeRequired(context, scope:)`"
  )
  public init(
    code: Code, key: DependencyKey, chain: [DependencyKey], summary: String, hint: String,
    underlying: (any Error)? = nil, location: CodeLocation = CodeLocation()
  ) {
    self.init(
      code, key: key, chain: chain, summary: summary, hint: hint, underlying: underlying,
      location: location)
  }

  /// Makes an error (for Loom's own packages); custom lifetimes use the static constructors.
  ///
  /// ```swift
  /// let error = ResolutionError(
  ///   .scopeRequired, key: DependencyKey(Cart.self), chain: [DependencyKey(Cart.self)],
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
  @_spi(LoomInternals)
  public init(
    _ code: Code, key: DependencyKey, chain: [DependencyKey], summary: String, hint: String,
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
  public static func scopeRequired(_ context: LifetimeContext, scope: String)
    -> ResolutionError
  {
    ResolutionError(
      .scopeRequired, key: context.key, chain: context.chain,
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
    var lines = places ?? ["Resolved via: \(path)", "Requested at: \(location)"]
    lines += details
    if let underlying {
      lines.append("Underlying error: \(String(describing: underlying))")
    }
    lines.append("To fix: \(hint)")
    return _treeMessage("ResolutionError: \(summary)", lines)
  }
}
