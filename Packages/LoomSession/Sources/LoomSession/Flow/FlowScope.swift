@_spi(LoomInternals) public import Loom
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One run of a multi-step flow (sign-up, checkout): it holds the instances of the
/// `Lifetime.flow` lifetime and drops them when it ends.
///
/// Make a scope current for a task tree with `run(_:)` (it is a task-local value, so it follows
/// `async` calls and child tasks), or resolve through the scope itself, which makes it current for
/// that one resolve. Scopes nest: inside an inner scope's `run(_:)`, the inner scope is current
/// and holds the flow instances resolved there. `end()` drops every instance and tells those
/// that adopt ``FlowScoped``.
///
/// A flow that starts in one callback and ends in another, as a UIKit flow does, cannot keep a
/// task-local value current in between: begin it with `Container.beginScope(_:)`, which keeps it
/// current for the container's resolves until `end()`.
///
/// ```swift
/// let checkout = container.makeScope("checkout")
/// let cart = checkout.resolve(Cart.self)               // explicit form
/// checkout.run {
///   let same = Container.current.resolve(Cart.self)   // current for the task tree
/// }
/// checkout.end()                                       // Cart is told, then released
/// ```
///
/// A `Lazy` or `Provider` made from a scope resolves in its container, in whatever
/// scope is current when it is used; make them inside `run(_:)` and use them there.
public final class FlowScope: Sendable {
  /// The scope current for this task tree, if any: the innermost `run(_:)`.
  ///
  /// ```swift
  /// if let flow = FlowScope.current { print("in \(flow.name)") }
  /// ```
  @TaskLocal public static var current: FlowScope?

  /// What the flow is (`"checkout"`).
  ///
  /// ```swift
  /// print(checkout.name)  // checkout
  /// ```
  public let name: String

  /// The container that the explicit form (`scope.resolve(...)`) resolves in.
  ///
  /// ```swift
  /// checkout.container === container  // true for container.makeScope("checkout")
  /// ```
  public let container: Container

  /// The instances of this flow: read without a lock in the read sections of `container`'s
  /// family, whose resolves are the ones that mostly read them.
  let cache: InstanceCache

  /// Whether the scope is one run of the flow (made by `Container.beginScope(_:)` or
  /// `Container.withScope(_:_:)`), which cannot be used once it ended, rather than a reusable one.
  private let isOneRun: Bool
  /// Whether `beginScope` opened it on its container, so that ending it closes it there.
  private let isOpenOnContainer: Bool
  /// Whether a one-run scope has ended.
  private let ended = Atomic(false)
  /// The thread that made the scope (for a flow begun on its container, the thread that began it).
  let beganOn = currentThread()

  /// Makes a scope; `Container.makeScope(_:)` is the usual spelling.
  ///
  /// ```swift
  /// let signUp = FlowScope(name: "sign-up")  // resolves in Container.current
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the flow is, for messages and debugging.
  ///   - container: The container the explicit form resolves in; `Container.current` by default.
  public convenience init(name: String, container: Container = .current) {
    self.init(name: name, container: container, isOneRun: false, isOpenOnContainer: false)
  }

  init(name: String, container: Container, isOneRun: Bool, isOpenOnContainer: Bool) {
    self.name = name
    self.container = container
    self.isOneRun = isOneRun
    self.isOpenOnContainer = isOpenOnContainer
    self.cache = InstanceCache(readingWith: container)
  }

  /// Whether the flow has ended: true once `end()` ended a scope made by
  /// `Container.beginScope(_:)` or `Container.withScope(_:_:)`. Such a scope is one run of the flow;
  /// resolving a `.flow` dependency in it afterwards throws `scopeRequired`. A scope made with
  /// `Container.makeScope(_:)` is reusable (each `end()` empties it) and never reads true.
  ///
  /// ```swift
  /// checkout.end()
  /// checkout.isEnded  // true for container.beginScope("checkout")
  /// ```
  public var isEnded: Bool { ended.load(ordering: .acquiring) }

  /// How many flow instances the scope holds now.
  ///
  /// ```swift
  /// checkout.end()
  /// checkout.instanceCount  // 0
  /// ```
  public var instanceCount: Int { cache.count }

  /// Runs `operation` with this scope as ``current``.
  ///
  /// Only the scope changes: `Container.current` stays what it was.
  ///
  /// ```swift
  /// let cart = checkout.run { container.resolve(Cart.self) }
  /// ```
  ///
  /// - Parameter operation: The work to run.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func run<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try FlowScope.$current.withValue(self, operation: operation)
  }

  /// Runs an asynchronous `operation` with this scope as ``current`` for its whole task tree.
  ///
  /// ```swift
  /// try await checkout.run {
  ///   try await CheckoutCoordinator().start()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the operation runs on; inferred from the caller.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func run<Result>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await FlowScope.$current.withValue(self, operation: operation, isolation: isolation)
  }

  /// Ends the flow: drops every flow instance it holds and tells those that adopt ``FlowScoped``.
  ///
  /// Each dropped ``FlowScoped`` instance is told once, outside any lock, before this method
  /// returns; then the scope lets go of it, so nothing else keeps it alive. An
  /// ``AsyncFlowScoped`` one is told in an unstructured task that this method starts and does not
  /// await (use `await end()` to wait for it). Creations in flight are waited for and told, as
  /// for `Container.endSession()`. A scope released without `end()` releases its instances
  /// without telling them. It may be called from any thread or task.
  ///
  /// What comes after depends on how the scope was made. A scope from `Container.beginScope(_:)`
  /// or `Container.withScope(_:_:)` is one run of the flow: it stops being current for its
  /// container's resolves, a `.flow` resolve in it throws `scopeRequired` from now on (``isEnded``
  /// is true), and ending it again does nothing. A scope from `Container.makeScope(_:)` stays
  /// usable: a later resolve in it starts afresh.
  ///
  /// ```swift
  /// defer { checkout.end() }
  /// ```
  public func end() {
    guard close() else { return }
    Teardown<any FlowScoped, any AsyncFlowScoped>(cache.removeAllWaitingForCreations())
      .tell({ $0.flowDidEnd() }, startingAsync: { await $0.flowDidEnd() })
  }

  /// Ends the flow and awaits the teardown of every instance it drops.
  ///
  /// Like `end()`, and it also awaits ``AsyncFlowScoped/flowDidEnd()`` on each dropped instance
  /// that adopts ``AsyncFlowScoped``, one after another, before it returns.
  ///
  /// ```swift
  /// await checkout.end()
  /// ```
  public func end() async {
    guard close() else { return }
    await Teardown<any FlowScoped, any AsyncFlowScoped>(await cache.removeAllWaitingForCreations())
      .tell({ $0.flowDidEnd() }, awaiting: { await $0.flowDidEnd() })
  }
}

// MARK: - One run of a flow

extension FlowScope {
  /// Marks a one-run scope ended and closes it on its container: false when it had ended already
  /// (nothing left to tear down). A reusable scope is always ended anew.
  private func close() -> Bool {
    guard isOneRun else { return true }
    guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return false }
    if isOpenOnContainer { OpenFlows.of(container).close(self) }
    return true
  }

  /// The error of a `.flow` resolve in this scope after it ended.
  func endedError(_ context: LifetimeContext) -> ResolutionError {
    if isOpenOnContainer, beganOn != currentThread() {
      // Another thread's flow, current for the whole container, ended under this resolve.
      return ResolutionError(
        .scopeRequired, key: context.key, chain: context.chain,
        summary: "\(context.key) has the flow lifetime, and the flow \"\(name)\" current for its"
          + " container, begun on another thread, ended while it was resolved",
        hint: "a flow begun with `container.beginScope(_:)` is current for the whole container:"
          + " for flows that run at the same time on several threads or tasks, use"
          + " `container.withScope(\"\(name)\") { flow in ... }` or `flow.run { ... }`, which make a"
          + " flow current for one task tree only.",
        location: context.location)
    }
    return ResolutionError(
      .scopeRequired, key: context.key, chain: context.chain,
      summary: "\(context.key) has the flow lifetime, but the flow \"\(name)\" it was resolved in"
        + " has ended",
      hint: "resolve \(context.key) in a running flow: begin a new one with"
        + " `container.beginScope(\"\(name)\")` or `withScope`, rather than keeping the scope of one"
        + " that ended.",
      location: context.location)
  }
}

/// The calling thread, as a number that tells threads apart.
private func currentThread() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
