@_spi(LoomInternals) import Loom

/// The storage of one synchronous cached member of a ``Component``: built once, on first read,
/// however many threads read it at the same time.
///
/// Generated code keeps one cell per `.shared` member (and one per `.once` member, held by a
/// `_OnceMember`). The first read runs the member's factory; reads racing with it wait for that
/// one construction and receive its value. A read of a built cell is a lock-free load.
///
/// A failure is not kept: the readers that waited for a failed construction receive its error,
/// and the next read constructs again. A construction that needs its own cell (through a `Lazy`
/// or `Provider` read while it runs, on the same thread or on threads that wait for each other)
/// fails with ``ComponentError/Code/cycle`` instead of waiting forever; a
/// non-throwing member traps with that error's message, since it has no way to report it.
///
/// ```swift
/// let cell = _SharedCell<Database>()
/// let database = cell.get { Database(path: "app.sqlite") }  // built once
/// let again = cell.get { Database(path: "unused") }         // the same instance
/// ```
///
/// The cell is the core's `_OnceCell`, the one exactly-once mechanism of the monorepo, with its one
/// publication of the built value: a loop of waits between component members and container
/// singletons is found by the same wait graph, and a read of a built member is the once-cell's
/// lock-free read, inlined into the generated code.
@_documentation(visibility: private)
public typealias _SharedCell<Value: Sendable> = _OnceCell<Value>

/// The storage of one asynchronous cached member of a ``Component``: built once, on first read,
/// however many tasks await it at the same time.
///
/// The first read starts the member's factory in a task of its own; reads racing with it await
/// that same task, so the factory runs once. Cancelling one reader does not cancel the
/// construction the others await. A read of a built cell is a lock-free load.
///
/// A failure is not kept: the readers that awaited a failed construction receive its error, and
/// the next read constructs again (a member whose first attempt failed during ``Component``
/// `resolve()` can be read again later, say after the network came back). A construction that
/// awaits its own cell, directly or through other cells, fails with ``ComponentError/Code/cycle``
/// instead of waiting forever.
///
/// ```swift
/// let cell = _AsyncSharedCell<Database>()
/// let database = try await cell.get(config) { config in try await Database.open(config.url) }
/// ```
///
/// The same once-cell as ``_SharedCell``: a member is read either synchronously or
/// asynchronously, by the one function the macro generates for it.
@_documentation(visibility: private)
public typealias _AsyncSharedCell<Value: Sendable> = _OnceCell<Value>

extension _OnceCell: _ComponentCell {
  /// Returns the value, building it with `make` if no construction has succeeded yet.
  ///
  /// Concurrent callers share one construction: the first runs `make`, outside any lock; the
  /// others wait for its outcome.
  ///
  /// > Important: When `make` cannot throw (`Failure` is `Never`), a construction that needs its
  /// > own cell traps with the message of ``ComponentError/Code/cycle``.
  ///
  /// ```swift
  /// let api = try cell.get { try LiveAPIClient(config: config) }
  /// ```
  ///
  /// - Parameter make: Builds the value; runs at most once at a time.
  /// - Returns: The value.
  /// - Throws: What `make` threw, in the construction this call ran or waited for; or a
  ///   ``ComponentError`` when the construction needs its own cell.
  @inlinable
  public func get<Failure: Error>(_ make: () throws(Failure) -> Value) throws(Failure) -> Value {
    if let value = builtValue { return value }
    return try construct(make)
  }

  /// The slow path of ``get(_:)``: build, or wait for the construction that runs.
  @usableFromInline
  func construct<Failure: Error>(_ make: () throws(Failure) -> Value) throws(Failure) -> Value {
    do {
      return try get(recursion: ComponentError.cycle(of: "\(Value.self)") as any Error) {
        () throws(any Error) -> Value in try make()
      }
    } catch {
      throw Self.shared(error, as: Failure.self)
    }
  }

  /// Returns the value, building it with `make(owner)` if no construction has succeeded yet.
  ///
  /// Concurrent callers await one construction, which runs in a task of its own; cancelling one
  /// caller does not cancel it.
  ///
  /// ```swift
  /// let database = try await cell.get(config) { config in try await Database.open(config.url) }
  /// ```
  ///
  /// - Parameters:
  ///   - owner: What `make` builds from (the component).
  ///   - make: Builds the value.
  /// - Returns: The value.
  /// - Throws: What `make` threw, in the construction this call started or awaited; or a
  ///   ``ComponentError`` when the construction awaits its own cell.
  @inlinable
  public func get<Owner: Sendable, Failure: Error>(
    _ owner: Owner, _ make: @escaping @Sendable (Owner) async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    if let value = builtValue { return value }
    return try await construct(owner, make)
  }

  /// The slow path of ``get(_:_:)``: start the construction, or await the one that runs.
  @usableFromInline
  func construct<Owner: Sendable, Failure: Error>(
    _ owner: Owner, _ make: @escaping @Sendable (Owner) async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    do {
      return try await get(recursion: ComponentError.cycle(of: "\(Value.self)") as any Error) {
        () async throws(any Error) -> Value in try await make(owner)
      }
    } catch {
      throw Self.shared(error, as: Failure.self)
    }
  }

  /// `error` as the caller's error type; a trap with its description when the caller cannot
  /// throw it (a reader that cannot throw, waiting for a construction that threw).
  static func shared<Failure: Error>(_ error: any Error, as type: Failure.Type) -> Failure {
    guard let typed = error as? Failure else { fatalError("\n\(String(describing: error))") }
    return typed
  }
}
