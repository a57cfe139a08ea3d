@_spi(LoomInternals) import Loom

/// Runs the work of a ``Component``'s `resolve()`: builds its cached members and children and
/// runs its start-up steps, concurrently and in dependency order, and reports every failure.
///
/// Generated `resolve()` methods describe each cached member, child and `@Perform` step as an
/// ``Item`` naming what it needs, and hand the list to ``run(_:_:)``. Each item starts as soon as
/// the items it needs have succeeded, in a task group; an item whose prerequisite failed is
/// skipped and reported with the name of what failed. Nothing waits forever: an item that could
/// never start (its prerequisites depend on each other, which the macro rejects at compile time)
/// is reported too.
///
/// ```swift
/// try await _ComponentScheduler.run("AppComponent", [
///   .member("database") { _ = try await component.database },
///   .member("users", after: ["database"]) { _ = try await component.users },
///   .step("warmCaches", after: ["users"]) { try await component.warmCaches() },
/// ])
/// ```
@_documentation(visibility: private)
public enum _ComponentScheduler {
  /// One unit of work of `resolve()`: a member to build, a child to resolve, or a step to run.
  ///
  /// ```swift
  /// let item = _ComponentScheduler.Item.member("api") { _ = component.api }
  /// ```
  public struct Item: Sendable {
    /// The member's, child's or step's name.
    ///
    /// ```swift
    /// print(item.name)  // api
    /// ```
    public let name: String
    /// The names of the items that must succeed before this one starts.
    ///
    /// ```swift
    /// print(item.after)  // ["config", "database"]
    /// ```
    public let after: [String]
    /// The work: reading the member (which builds it), resolving the child, running the step.
    let run: @Sendable () async throws -> Void

    /// A cached member, built by reading it.
    ///
    /// ```swift
    /// .member("users", after: ["database"]) { _ = try await component.users }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The member's name.
    ///   - after: The cached members and children it is built from.
    ///   - run: Reads the member.
    /// - Returns: The item.
    public static func member(
      _ name: String, after: [String] = [], _ run: @escaping @Sendable () async throws -> Void
    ) -> Item {
      Item(name: name, after: after, run: run)
    }

    /// A child component, resolved with its own `resolve()`.
    ///
    /// ```swift
    /// .child("session", after: ["api"]) { slot.fill(try await component.session.resolve()) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The child's member name.
    ///   - after: The cached members its inputs come from.
    ///   - run: Resolves the child.
    /// - Returns: The item.
    public static func child(
      _ name: String, after: [String] = [], _ run: @escaping @Sendable () async throws -> Void
    ) -> Item {
      Item(name: name, after: after, run: run)
    }

    /// A `@Perform` start-up step.
    ///
    /// ```swift
    /// .step("seedCache", after: ["migrate", "users"]) { try await component.seedCache() }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The step's name.
    ///   - after: The members it takes and the steps it runs after.
    ///   - run: Runs the step.
    /// - Returns: The item.
    public static func step(
      _ name: String, after: [String] = [], _ run: @escaping @Sendable () async throws -> Void
    ) -> Item {
      Item(name: name, after: after, run: run)
    }
  }

  /// Runs `items` concurrently, each once the items it names in ``Item/after`` have succeeded.
  ///
  /// Names in ``Item/after`` that no item has are ignored (inputs and transient members are
  /// never items). An item whose prerequisites failed is not run; it is reported as skipped,
  /// naming them, and so are the items that wait for it.
  ///
  /// ```swift
  /// try await _ComponentScheduler.run("AppComponent", items)
  /// ```
  ///
  /// - Parameters:
  ///   - component: The component's type name, for the error.
  ///   - items: The work, in declaration order.
  /// - Throws: A ``ComponentError`` with code ``ComponentError/Code/resolveFailed`` listing,
  ///   in declaration order, every item that failed or was skipped.
  public static func run(_ component: String, _ items: [Item]) async throws(ComponentError) {
    var position: [String: Int] = [:]
    for (index, item) in items.enumerated() { position[item.name] = index }
    let failures = await _Scheduler.run(
      items.map { item in
        _Scheduler.Item(
          name: item.name, after: item.after.compactMap { position[$0] }, run: item.run)
      }
    ) { index, waits in
      // The macro rejects items that wait for each other; this reports one that got through.
      ComponentError(
        code: .resolveFailed, component: component, member: items[index].name,
        summary:
          "\(items[index].name) waits for \(waits.joined(separator: ", ")), which wait for it",
        hint: "break the cycle between these members.")
    }
    if !failures.isEmpty {
      throw ComponentError.resolveFailed(component: component, failures: failures)
    }
  }
}
