public import Loom

extension Container {
  /// Makes a flow scope that resolves in this container.
  ///
  /// ```swift
  /// let checkout = container.makeScope("checkout")
  /// try checkout.run {
  ///   try CheckoutCoordinator().start()  // its `.flow` dependencies live in `checkout`
  /// }
  /// checkout.end()
  /// ```
  ///
  /// - Parameter name: What the flow is, for messages and debugging (`"checkout"`).
  /// - Returns: A new, empty scope; it is not current until `FlowScope.run(_:)`.
  public func makeScope(_ name: String) -> FlowScope {
    FlowScope(name: name, container: self)
  }

  /// Makes a flow scope, runs `body` with it current, and ends it: one run of a flow in one call.
  ///
  /// The scope resolves in this container and is `FlowScope.current` while `body` runs. When
  /// `body` returns, or throws, the scope ends (`FlowScope.end()`): every `.flow` instance made in
  /// it is dropped, and those that adopt ``FlowScoped`` are told, before this method returns or
  /// rethrows. An ``AsyncFlowScoped`` instance is told in a task this method does not await; use
  /// the `async` form to wait for it.
  ///
  /// ```swift
  /// let receipt = try container.withScope("checkout") { checkout in
  ///   let cart = checkout.resolve(Cart.self)  // or Container.current.resolve(Cart.self)
  ///   cart.add(item)
  ///   return try CheckoutCoordinator().pay()   // its `.flow` dependencies share the same Cart
  /// }
  /// // here the Cart was told (FlowScoped) and released
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the flow is, for messages and debugging (`"checkout"`).
  ///   - body: The flow's work; receives the scope, current while it runs.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, after the scope ended.
  public func withScope<Result>(
    _ name: String, _ body: (FlowScope) throws -> Result
  ) rethrows -> Result {
    let scope = makeScope(name)
    defer { scope.end() }
    return try scope.run { try body(scope) }
  }

  /// Makes a flow scope, runs asynchronous `body` with it current for its whole task tree, and
  /// ends it, awaiting every teardown.
  ///
  /// Like ``withScope(_:_:)``, and the end awaits ``AsyncFlowScoped/flowDidEnd()`` on each
  /// dropped instance that adopts ``AsyncFlowScoped`` (`await FlowScope.end()`), whether `body`
  /// returned or threw.
  ///
  /// ```swift
  /// try await container.withScope("sign-up") { signUp in
  ///   try await SignUpCoordinator().start()  // every `.flow` resolve here shares signUp's instances
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the flow is, for messages and debugging (`"sign-up"`).
  ///   - isolation: The actor `body` runs on; inferred from the caller.
  ///   - body: The flow's work; receives the scope, current for its task tree.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, after the scope ended.
  public func withScope<Result>(
    _ name: String, isolation: isolated (any Actor)? = #isolation,
    _ body: (FlowScope) async throws -> Result
  ) async rethrows -> Result {
    let scope = makeScope(name)
    do {
      let result = try await scope.run(isolation: isolation) { try await body(scope) }
      await scope.end()
      return result
    } catch {
      await scope.end()
      throw error
    }
  }
}
