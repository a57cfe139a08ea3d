import Loom
public import Synchronization

/// The storage of one asynchronous cached member of a ``Component``: built once, on first read,
/// however many tasks await it at the same time.
///
/// The first read starts the member's factory in a task of its own; reads racing with it await
/// that same task, so the factory runs once. Cancelling one reader does not cancel the
/// construction the others await. A read of a built cell is a lock-free load.
///
/// A failure is not kept: the readers that awaited a failed construction receive its error, and
/// the next read constructs again (a member whose first attempt failed during ``Component``
/// `resolve()` can be read again later, say after the network came back).
///
/// An asynchronous construction cannot need its own cell: the component macro rejects cycles,
/// and `Lazy` and `Provider` handles (the only way around that check) cannot point at an
/// asynchronous member. So the tasks that await a cell always wait for constructions further down
/// an acyclic graph, and never for themselves.
///
/// ```swift
/// let cell = _AsyncSharedCell<Database>()
/// let database = try await cell.get(config) { config in try await Database.open(config.url) }
/// ```
///
/// NB: `@unchecked Sendable` because of `value`, a `var` read without the lock. It is written once,
/// by the one construction that `state` lets run, before the releasing store of `isBuilt`; it is
/// read only after an acquiring load of `isBuilt` returned true, and never written again, so every
/// read happens after the write. `Atomic` operations are inlined, so ThreadSanitizer sees that edge.
@_documentation(visibility: private)
public final class _AsyncSharedCell<Value: Sendable>: @unchecked Sendable, _ComponentCell {
  private enum State {
    case idle
    case building(Task<Value, any Error>)
  }

  /// Whether ``value`` holds the built value; set once, never cleared.
  @usableFromInline let isBuilt: Atomic<Bool>
  // NB: no dynamic exclusivity check: the one write happens before every read (see above).
  @exclusivity(unchecked) @usableFromInline var value: Value?
  private let state = Locked(State.idle)

  /// Makes an empty cell; the first ``get(_:_:)`` builds its value.
  ///
  /// ```swift
  /// let cell = _AsyncSharedCell<Database>()
  /// ```
  public init() {
    isBuilt = Atomic(false)
    value = nil
  }

  /// Makes a cell that already holds `value` (an override): ``get(_:_:)`` never builds.
  ///
  /// ```swift
  /// let cell = _AsyncSharedCell<Database>(value: InMemoryDatabase())
  /// ```
  ///
  /// - Parameter value: The value every read returns.
  public init(value: Value) {
    self.value = value
    isBuilt = Atomic(true)
  }

  /// The built value, or `nil` while no construction has succeeded.
  ///
  /// ```swift
  /// if cell.builtValue == nil { print("not built yet") }
  /// ```
  @inlinable
  public var builtValue: Value? {
    isBuilt.load(ordering: .acquiring) ? value : nil
  }

  /// Returns the value, building it with `make(owner)` if no construction has succeeded yet.
  ///
  /// `make` receives `owner` (the component) instead of capturing it, so that a read of a built
  /// cell allocates nothing: pass a function that captures nothing, such as a static method.
  ///
  /// ```swift
  /// let database = try await cell.get(component, AppComponent.makeDatabase)
  /// ```
  ///
  /// - Parameters:
  ///   - owner: What `make` builds the value from.
  ///   - make: Builds the value; runs in a task of its own, at most once at a time.
  /// - Returns: The value.
  /// - Throws: What `make` threw, in the construction this call awaited.
  @inlinable
  public func get<Owner: Sendable, Failure: Error>(
    _ owner: Owner, _ make: @escaping @Sendable (Owner) async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    if isBuilt.load(ordering: .acquiring), let value { return value }
    return try await construct(owner, make)
  }

  /// The slow path of ``get(_:_:)``: start the construction, or await the one that runs.
  @usableFromInline
  func construct<Owner: Sendable, Failure: Error>(
    _ owner: Owner, _ make: @escaping @Sendable (Owner) async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let construction: Task<Value, any Error>? = state.withLock { state in
      if isBuilt.load(ordering: .acquiring) { return nil }
      switch state {
      case .building(let task):
        return task
      case .idle:
        let task = Task { try await make(owner) }
        state = .building(task)
        return task
      }
    }
    guard let construction else { return value! }
    do {
      let made = try await construction.value
      state.withLock { state in
        guard case .building(let task) = state, task == construction else { return }
        value = made
        isBuilt.store(true, ordering: .releasing)
        state = .idle
      }
      return made
    } catch {
      state.withLock { state in
        if case .building(let task) = state, task == construction { state = .idle }
      }
      // The task only throws what `make` throws; a reader whose `make` cannot throw never waits
      // for one that can, since one member always reads its cell with the same function.
      guard let typed = error as? Failure else { fatalError("\n\(String(describing: error))") }
      throw typed
    }
  }
}
