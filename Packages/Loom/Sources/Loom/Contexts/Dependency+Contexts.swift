// MARK: - Values by context

extension Dependency where Value: Sendable {
  /// Declares what the dependency is in `context`: Factory's `onTest` / `onPreview` / `onArg`,
  /// swift-dependencies' `testValue` / `previewValue`, at the one place the dependency is declared.
  ///
  /// When a container makes an instance of the declaration's default, it uses the alternative of
  /// the active context that ranks first (see ``Container/Context``), or the default factory when
  /// none of the declared contexts is active. The instance keeps the declared lifetime, and the
  /// contexts are those of the container that makes it (``Container/contexts``): in a test run
  /// with LoomTesting's container trait, the test's own container, in ``Container/Context/test``.
  /// A registration of the key path replaces the default and its alternatives; an alternative
  /// added on a container instead (``Container/when(_:_:for:dependencies:factory:)``) ranks above
  /// the container's registration.
  ///
  /// ```swift
  /// extension Container {
  ///   var api: Dependency<any APIClient> {
  ///     Dependency(.singleton) { r in LiveAPIClient(session: try r.tryResolve()) }
  ///       .when(.test) { _ in MockAPIClient() }
  ///       .when(.preview) { _ in MockAPIClient(users: .samples) }
  ///   }
  /// }
  ///
  /// @Test(.container) func profileLoads() async throws {
  ///   let model = ProfileModel()  // its \.api is a MockAPIClient: no override code here
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context this value is for.
  ///   - dependencies: The keys `factory` resolves, for the graph of a container in that context
  ///     and ``Container/validate(_:)``; when nil, they are recorded the first time a factory of
  ///     the declaration runs.
  ///   - factory: Makes the value in that context.
  /// - Returns: The declaration with the alternative (a second one for the same context is never
  ///   chosen).
  public func when(
    _ context: Container.Context, dependencies: [DependencyKey]? = nil,
    factory: @escaping @Sendable (Resolver) throws -> Value
  ) -> Dependency {
    adding(
      context, declaredDependencies: dependencies, isUnimplemented: false,
      make: sendingResult(factory))
  }

  /// Declares what the dependency is in `context`, made by an initializer whose parameters are
  /// all resolved by type (their types are the alternative's edges in the graph).
  ///
  /// ```swift
  /// var clock: Dependency<any AppClock> {
  ///   Dependency(.singleton, SystemClock.init)
  ///     .when(.test, FixedClock.init)  // init(start: Date)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context this value is for.
  ///   - initializer: Makes the value from its resolved parameters.
  /// - Returns: The declaration with the alternative.
  @inlinable
  public func when<each Parameter>(
    _ context: Container.Context,
    _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) -> Dependency {
    let (factory, dependencies) = autowiredClosure(initializer)
    return _adding(context, declaredDependencies: dependencies, factory: factory)
  }

  /// Declares that the dependency has no value in `context`: a resolve that reaches it there
  /// fails the test, naming the dependency and how it was reached (swift-dependencies' unimplemented
  /// test values), so a test cannot use the live value by accident.
  ///
  /// In a container LoomTesting made for a test (the container trait, `ContainerTestCase`), the
  /// failure is recorded as an issue of the running test and the resolve goes on with
  /// `placeholder`'s value, or the default factory's when there is none, so the test runs to its
  /// end. Anywhere else (a container put in the context by hand) the resolve throws a
  /// ``ResolutionError`` with code ``ResolutionError/Code/unimplemented``. A test that registers
  /// the key path replaces the declaration, and nothing is reported.
  ///
  /// ```swift
  /// var payments: Dependency<any PaymentProcessor> {
  ///   Dependency(.singleton) { _ in StripeProcessor() }
  ///     .unimplemented(in: .test, placeholder: { _ in NoPayments() })
  /// }
  ///
  /// @Test(.container { $0.register(\.payments) { _ in RecordingProcessor() } })
  /// func checkoutCharges() throws { /* passes: the test said what \.payments is */ }
  /// ```
  ///
  /// The issue reads:
  ///
  /// ```
  /// ResolutionError: \.payments is unimplemented in the test context
  /// ├─ Resolved via: CheckoutModel → \.payments
  /// ├─ Requested at: AppTests/CheckoutTests.swift:12
  /// └─ To fix: register \.payments in the test's container (`@Test(.container { $0.register(\.payments) { _ in ... } })`), or declare its value with `.when(.test) { ... }`.
  /// ```
  ///
  /// - Parameters:
  ///   - context: Where the dependency must be replaced; ``Container/Context/test`` unless given.
  ///   - placeholder: Makes the value the resolve goes on with once the failure is recorded; the
  ///     default factory when nil.
  /// - Returns: The declaration with the alternative.
  public func unimplemented(
    in context: Container.Context = .test,
    placeholder: (@Sendable (Resolver) throws -> Value)? = nil
  ) -> Dependency {
    adding(
      context, declaredDependencies: placeholder == nil ? declaredDependencies : nil,
      isUnimplemented: true, make: placeholder.map(sendingResult))
  }

  /// ``when(_:_:)``'s body, out of line.
  @usableFromInline
  func _adding(
    _ context: Container.Context, declaredDependencies: [DependencyKey],
    factory: @escaping @Sendable (Resolver) throws -> sending Value
  ) -> Dependency {
    adding(
      context, declaredDependencies: declaredDependencies, isUnimplemented: false, make: factory)
  }

  /// The declaration with one more alternative.
  private func adding(
    _ context: Container.Context, declaredDependencies: [DependencyKey]?, isUnimplemented: Bool,
    make: (@Sendable (Resolver) throws -> sending Value)?
  ) -> Dependency {
    var declaration = self
    declaration.extras.alternatives.append(
      DeclarationExtras.Alternative(
        head: RegistrationExtras.Alternative(
          context: context, declaredDependencies: declaredDependencies,
          isUnimplemented: isUnimplemented),
        make: make))
    return declaration
  }
}

// MARK: - Reporting an unimplemented value

extension Resolver {
  /// Reports that the resolve reached `key`'s unimplemented alternative for `dependencyContext`:
  /// to the container's issue reporter (a test's), or by throwing.
  func reportUnimplemented(_ key: DependencyKey, in dependencyContext: Container.Context)
    throws(ResolutionError)
  {
    let error = ResolutionError.unimplemented(
      key, in: dependencyContext, chain: context.keys, location: context.location)
    guard let reporter = container.issueReporter else { throw error }
    reporter(error)
  }
}

extension ResolutionError {
  /// A resolve reached `key`, declared unimplemented in `dependencyContext`.
  static func unimplemented(
    _ key: DependencyKey, in dependencyContext: Container.Context, chain: [DependencyKey],
    location: CodeLocation
  ) -> ResolutionError {
    let register =
      dependencyContext == .test
      ? "register \(key) in the test's container (`@Test(.container { $0.register(\(key)) {"
        + " _ in ... } })`)"
      : "register \(key) in a container in the \(dependencyContext) context"
    return ResolutionError(
      .unimplemented, key: key, chain: chain,
      summary: "\(key) is unimplemented in the \(dependencyContext) context",
      hint: "\(register), or declare its value with `.when(\(dependencyContext.spelling)) {"
        + " ... }`.",
      location: location)
  }
}

extension Container.Context {
  /// How the context is written in code: `.test`, `.argument("-mock-api")`.
  var spelling: String {
    switch kind {
    case .test: ".test"
    case .preview: ".preview"
    case .debug: ".debug"
    case .simulator: ".simulator"
    case .device: ".device"
    case .argument(let argument): ".argument(\"\(argument)\")"
    case .named(let name): "Container.Context(\"\(name)\")"
    }
  }
}
