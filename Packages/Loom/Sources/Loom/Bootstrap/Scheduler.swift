/// The one dependency-ordered scheduler of the monorepo: runs work items concurrently, each once
/// every item it needs has succeeded, and reports every failure at once. ``Container/bootstrap()``
/// runs eager singletons and start-up tasks on it, and a component's `resolve()` its members,
/// children and steps.
///
/// An item whose prerequisite failed is skipped (and so are its own dependents); an item that can
/// never start, because it waits for itself through others, fails with the error its owner gives.
///
/// ```swift
/// let failures = await _Scheduler.run([
///   _Scheduler.Item(name: "database") { try await database.open() },
///   _Scheduler.Item(name: "migrate", after: [0]) { try await migrator.run() },
/// ])
/// ```
@_spi(LoomInternals)
public enum _Scheduler {
  /// One piece of work: its name in reports, the items (by position) it runs after, and the work.
  public struct Item: Sendable {
    let name: String
    let after: [Int]
    let run: @Sendable () async throws -> Void

    /// Makes an item.
    ///
    /// ```swift
    /// let item = _Scheduler.Item(name: "migrate", after: [0]) { try await migrator.run() }
    /// ```
    ///
    /// - Parameters:
    ///   - name: How reports name it.
    ///   - after: The positions of the items that must succeed first.
    ///   - run: The work.
    public init(name: String, after: [Int] = [], run: @escaping @Sendable () async throws -> Void) {
      self.name = name
      self.after = Array(Set(after)).sorted()
      self.run = run
    }
  }

  /// Runs `items` and returns what failed or was skipped, in the items' order.
  ///
  /// ```swift
  /// let failures = await _Scheduler.run(items) { position, waits in CycleError(position, waits) }
  /// ```
  ///
  /// - Parameters:
  ///   - items: The work, each with the positions of the items it runs after.
  ///   - cycle: The error of an item that never started, given its position and the names of the
  ///     items it still waited for (which wait, directly or not, for it).
  /// - Returns: One failure per item that threw, was skipped or never started.
  public static func run(
    _ items: [Item], cycle: (_ position: Int, _ waitsFor: [String]) -> any Error
  ) async -> [BootstrapError.Failure] {
    let count = items.count
    var waitingOn = items.map(\.after.count)
    var dependents = [[Int]](repeating: [], count: count)
    for (position, item) in items.enumerated() {
      for prerequisite in item.after { dependents[prerequisite].append(position) }
    }
    var failures = [BootstrapError.Failure?](repeating: nil, count: count)
    var finished = [Bool](repeating: false, count: count)
    await withTaskGroup(of: (Int, (any Error)?).self) { group in
      func start(_ position: Int) {
        let run = items[position].run
        group.addTask {
          do {
            try await run()
            return (position, nil)
          } catch {
            return (position, error)
          }
        }
      }
      // Counts `position` done for its dependents: starts those it was the last wait of, or
      // skips them (and theirs) when one of their prerequisites failed.
      func release(_ position: Int) {
        for dependent in dependents[position] {
          waitingOn[dependent] -= 1
          guard waitingOn[dependent] == 0 else { continue }
          let failed = items[dependent].after.filter { failures[$0] != nil }
          if failed.isEmpty {
            start(dependent)
          } else {
            failures[dependent] = BootstrapError.Failure(
              name: items[dependent].name, skippedBecause: failed.map { items[$0].name })
            finished[dependent] = true
            release(dependent)
          }
        }
      }
      for position in 0..<count where waitingOn[position] == 0 { start(position) }
      while let (position, error) = await group.next() {
        finished[position] = true
        if let error {
          failures[position] = BootstrapError.Failure(name: items[position].name, error: error)
        }
        release(position)
      }
    }
    // An item that never started waits, directly or not, for itself.
    for position in 0..<count where !finished[position] {
      let waits = items[position].after.filter { !finished[$0] }.map { items[$0].name }
      failures[position] = BootstrapError.Failure(
        name: items[position].name, error: cycle(position, waits))
    }
    return failures.compactMap { $0 }
  }
}
