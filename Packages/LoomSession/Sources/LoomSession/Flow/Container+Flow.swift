@_spi(LoomInternals) public import Loom

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

  /// Begins one run of a flow that ends later, from anywhere: the flow is current for this
  /// container's resolves (and its children's) until `FlowScope.end()`.
  ///
  /// For a flow that starts in one callback and ends in another, where no closure spans the flow
  /// (UIKit delegates, a coordinator's `start()` and `finish()`): keep the returned scope, and end
  /// it when the flow finishes, from any thread or task. Until then, a `.flow` resolve in this
  /// container, or in a child of it, with no scope current for its task (`FlowScope.run(_:)`,
  /// `withScope`, the explicit `scope.resolve(...)`, which come first) uses the newest flow begun
  /// here. Flows begun on one container nest: ending the newest makes the previous one current
  /// again, and an older one may end first.
  ///
  /// Ending it is the same teardown as every scope's (each ``FlowScoped`` instance is told once,
  /// before `end()` returns); after that the flow is over: it is current nowhere, a `.flow`
  /// resolve through it (`scope.resolve(...)`, `@ScopedInjected(in:)`) throws
  /// `ResolutionError.Code.scopeRequired` naming the ended flow, and ending it again does nothing.
  ///
  /// ```swift
  /// final class CheckoutCoordinator {
  ///   private var flow: FlowScope?
  ///
  ///   func start() {
  ///     flow = container.beginScope("checkout")
  ///     navigation.push(CartScreen())  // its `.flow` dependencies live in the checkout flow
  ///   }
  ///
  ///   func paymentDidFinish() {
  ///     flow?.end()                   // the Cart is told and released
  ///     flow = nil
  ///   }
  /// }
  /// ```
  ///
  /// Because a begun flow is current for the whole container, it suits one flow at a time (a
  /// screen's, on the main actor). Flows that run at the same time on several threads or tasks (a
  /// server's requests, parallel jobs) each need a scope current for their own task tree only:
  ///
  /// ```swift
  /// func handle(_ request: Request) async throws -> Response {
  ///   try await container.withScope("request") { _ in
  ///     try await RequestHandler(container.resolve()).respond(to: request)
  ///   }
  /// }
  /// ```
  ///
  /// Beginning a flow while another thread's begun flow is open on the same container writes a
  /// warning in debug builds, and a `.flow` resolve that meets another thread's flow ending says
  /// so in its `scopeRequired` error.
  ///
  /// - Parameters:
  ///   - name: What the flow is, for messages and debugging (`"checkout"`).
  ///   - fileID: Where the flow is begun, for warnings.
  ///   - line: The line where it is begun.
  /// - Returns: The running flow; keep it and call `FlowScope.end()` when the flow finishes.
  public func beginScope(_ name: String, fileID: StaticString = #fileID, line: UInt = #line)
    -> FlowScope
  {
    let scope = FlowScope(name: name, container: self, isOneRun: true, isOpenOnContainer: true)
    let others = OpenFlows.of(self).open(scope)
    if let other = others.last(where: { $0.beganOn != scope.beganOn }) {
      reportWarning(
        summary: "the flow \"\(name)\" was begun on this container while the flow"
          + " \"\(other.name)\", begun on another thread, is open: a flow begun with beginScope is"
          + " current for the whole container, so each thread's resolves would use the newest",
        hint: "for flows that run at the same time on several threads or tasks, use"
          + " `container.withScope(\"\(name)\") { flow in ... }` or `flow.run { ... }`, which make a"
          + " flow current for one task tree only.",
        at: CodeLocation(fileID: fileID, line: line))
    }
    return scope
  }

  /// Makes a scope for one run of a flow, current only where it is run: what ``withScope(_:_:)``
  /// runs its body in.
  private func makeOneRunScope(_ name: String) -> FlowScope {
    FlowScope(name: name, container: self, isOneRun: true, isOpenOnContainer: false)
  }

  /// Makes a flow scope, runs `body` with it current, and ends it: one run of a flow in one call.
  ///
  /// The scope resolves in this container and is `FlowScope.current` while `body` runs. When
  /// `body` returns, or throws, the scope ends (`FlowScope.end()`): every `.flow` instance made in
  /// it is dropped, and those that adopt ``FlowScoped`` are told, before this method returns or
  /// rethrows. An ``AsyncFlowScoped`` instance is told in a task this method does not await; use
  /// the `async` form to wait for it. The scope is one run of the flow: kept past this call, it
  /// resolves no `.flow` dependency (`scopeRequired`), as after `beginScope(_:)` and `end()`.
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
    let scope = makeOneRunScope(name)
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
    let scope = makeOneRunScope(name)
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
