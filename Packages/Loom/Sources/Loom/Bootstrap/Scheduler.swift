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
    /// Makes the item's name, only when a report needs it (a key's description costs more than
    /// running a cached factory).
    let makeName: @Sendable () -> String
    let after: [Int]
    let run: @Sendable () async throws -> Void
    /// The work of an item that never suspends (a synchronous factory), run without a task of its
    /// own: such items run in batches, several per task.
    let runInPlace: (@Sendable () throws -> Void)?

    /// How reports name it.
    var name: String { makeName() }

    /// Makes an item.
    ///
    /// ```swift
    /// let item = _Scheduler.Item(name: "migrate", after: [0]) { try await migrator.run() }
    /// ```
    ///
    /// - Parameters:
    ///   - name: How reports name it; made only when a report needs it.
    ///   - after: The positions of the items that must succeed first.
    ///   - run: The work.
    public init(
      name: @autoclosure @escaping @Sendable () -> String, after: [Int] = [],
      run: @escaping @Sendable () async throws -> Void
    ) {
      self.makeName = name
      self.after = after.count < 2 ? after : Array(Set(after)).sorted()
      self.run = run
      runInPlace = nil
    }

    /// Makes an item whose work never suspends: it runs in a batch with other such items, in
    /// one task, since a task costs more than a cached factory.
    init(
      name: @autoclosure @escaping @Sendable () -> String, after: [Int] = [],
      inPlace runInPlace: @escaping @Sendable () throws -> Void
    ) {
      self.makeName = name
      self.after = after.count < 2 ? after : Array(Set(after)).sorted()
      run = { try runInPlace() }
      self.runInPlace = runInPlace
    }
  }

  /// At most this many items run in place per task. (Ready items are spread over at least
  /// eight tasks, so that a few slow ones still run side by side.)
  static let batchLimit = 32

  /// Runs `items` and returns what failed or was skipped, in the items' order.
  ///
  /// An item skipped because a prerequisite failed names the items that really failed (following
  /// skipped prerequisites to them) in ``BootstrapError/Failure/skippedBecause``, and the skipped
  /// items in between in ``BootstrapError/Failure/skippedThrough``. An item that waits for itself
  /// through others fails with `cycle`'s error; an item that only waits for such an item is
  /// skipped because of it.
  ///
  /// ```swift
  /// let failures = await _Scheduler.run(items) { position, loop in CycleError(position, loop) }
  /// ```
  ///
  /// - Parameters:
  ///   - items: The work, each with the positions of the items it runs after.
  ///   - cycle: The error of an item that never started because it waits for itself, given its
  ///     position and the names of the other items of its loop, in the order it waits for them
  ///     (each waits for the next, and the last for the item).
  /// - Returns: One failure per item that threw, was skipped or never started.
  public static func run(
    _ items: [Item], cycle: (_ position: Int, _ loop: [String]) -> any Error
  ) async -> [BootstrapError.Failure] {
    let count = items.count
    var waitingOn = items.map(\.after.count)
    var dependents = [[Int]](repeating: [], count: count)
    for (position, item) in items.enumerated() {
      for prerequisite in item.after { dependents[prerequisite].append(position) }
    }
    var failures = [BootstrapError.Failure?](repeating: nil, count: count)
    var finished = [Bool](repeating: false, count: count)
    await withTaskGroup(of: [(Int, (any Error)?)].self) { group in
      // Items that run in place, ready to start.
      var ready: [Int] = []
      func start(_ position: Int) {
        guard items[position].runInPlace == nil else { return ready.append(position) }
        let run = items[position].run
        group.addTask {
          do {
            try await run()
            return [(position, nil)]
          } catch {
            return [(position, error)]
          }
        }
      }
      // Starts the ready items that run in place, in batches.
      func startReady() {
        guard !ready.isEmpty else { return }
        let size = min(batchLimit, max(1, ready.count / 8))
        for first in stride(from: 0, to: ready.count, by: size) {
          let batch = ready[first..<min(first + size, ready.count)].map { position in
            (position, items[position].runInPlace.unsafelyUnwrapped)
          }
          group.addTask {
            batch.map { position, run in
              do {
                try run()
                return (position, nil)
              } catch {
                return (position, error)
              }
            }
          }
        }
        ready = []
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
            failures[dependent] = skipped(
              items[dependent].name, waitingFor: failed, failures: failures)
            finished[dependent] = true
            release(dependent)
          }
        }
      }
      for position in 0..<count where waitingOn[position] == 0 { start(position) }
      startReady()
      while let outcomes = await group.next() {
        for (position, error) in outcomes {
          finished[position] = true
          if let error {
            failures[position] = BootstrapError.Failure(items[position].name, error: error)
          }
          release(position)
        }
        startReady()
      }
    }
    reportUnstarted(items, finished: finished, failures: &failures, cycle: cycle)
    return failures.compactMap { $0 }
  }

  /// The failure of the item `name`, skipped because the items at `prerequisites`, whose
  /// failures are in `failures`, failed or were skipped: named after the items that really
  /// failed, through the skipped ones.
  private static func skipped(
    _ name: String, waitingFor prerequisites: [Int], failures: [BootstrapError.Failure?]
  ) -> BootstrapError.Failure {
    var causes: [String] = []
    var through: [String] = []
    for prerequisite in prerequisites {
      guard let failure = failures[prerequisite] else { continue }
      if failure.skippedBecause.isEmpty {
        causes.append(failure.name)
      } else {
        causes += failure.skippedBecause
        through += [failure.name] + failure.skippedThrough
      }
    }
    return BootstrapError.Failure(
      name, skippedBecause: causes.uniqued(), skippedThrough: through.uniqued())
  }

  /// Reports the items that never started: those that wait for themselves through others fail
  /// with `cycle`'s error, and those that only wait for such items are skipped because of them.
  private static func reportUnstarted(
    _ items: [Item], finished: [Bool], failures: inout [BootstrapError.Failure?],
    cycle: (_ position: Int, _ loop: [String]) -> any Error
  ) {
    let unstarted = items.indices.filter { !finished[$0] }
    guard !unstarted.isEmpty else { return }
    // The waits between unstarted items, as compressed rows over all positions.
    var edgeStart = [Int](repeating: 0, count: items.count + 1)
    var targets: [Int] = []
    for position in items.indices {
      edgeStart[position] = targets.count
      if !finished[position] { targets += items[position].after.filter { !finished[$0] } }
    }
    edgeStart[items.count] = targets.count
    func waits(of position: Int) -> ArraySlice<Int> {
      targets[edgeStart[position]..<edgeStart[position + 1]]
    }
    let components = StronglyConnectedComponents(
      vertexCount: items.count, edgeStart: edgeStart, targets: targets)
    var inCycle = [Bool](repeating: false, count: items.count)
    for position in unstarted {
      let number = components.component[position]
      inCycle[position] =
        components.members(of: number).count > 1 || waits(of: position).contains(position)
    }
    var parents = [Int](repeating: -2, count: items.count)
    for position in unstarted where inCycle[position] {
      // The shortest loop from `position` back to it, inside its component, without `position`.
      let loop = components.shortestLoop(through: position, edges: waits(of:), parents: &parents)
        .dropFirst()
      failures[position] = BootstrapError.Failure(
        items[position].name,
        error: cycle(position, loop.map { items[$0].name }))
    }
    // Components come sinks first, so what an item waits for is reported before it.
    for position in components.order where !finished[position] && !inCycle[position] {
      let failed = items[position].after.filter { failures[$0] != nil }
      failures[position] = skipped(items[position].name, waitingFor: failed, failures: failures)
    }
  }
}

extension Array where Element: Hashable {
  /// The elements, each once, in the order they first appear.
  func uniqued() -> [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
