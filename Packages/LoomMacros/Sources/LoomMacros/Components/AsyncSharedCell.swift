@_spi(LoomInternals) import Loom

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
/// The construction is the core's `_OnceCell`, as for ``_SharedCell`` (whose storage this cell
/// uses): a construction that awaits its own cell, directly or through other cells, fails with
/// ``ComponentError/Code/cycle`` instead of waiting forever.
///
/// ```swift
/// let cell = _AsyncSharedCell<Database>()
/// let database = try await cell.get(config) { config in try await Database.open(config.url) }
/// ```
@_documentation(visibility: private)
public final class _AsyncSharedCell<Value: Sendable>: Sendable, _ComponentCell {
  /// The built value and its construction.
  @usableFromInline let storage: _SharedCell<Value>

  /// Makes an empty cell; the first ``get(_:_:)`` builds its value.
  ///
  /// ```swift
  /// let cell = _AsyncSharedCell<Database>()
  /// ```
  public init() {
    storage = _SharedCell()
  }

  /// Makes a cell that already holds `value` (an override): ``get(_:_:)`` never builds.
  ///
  /// ```swift
  /// let cell = _AsyncSharedCell<any APIClient>(value: MockAPIClient())
  /// ```
  ///
  /// - Parameter value: The value every read returns.
  public init(value: Value) {
    storage = _SharedCell(value: value)
  }

  /// The built value, or `nil` while no construction has succeeded.
  ///
  /// ```swift
  /// if cell.builtValue == nil { print("not built yet") }
  /// ```
  @inlinable
  public var builtValue: Value? {
    storage.builtValue
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
    if let value = storage.builtValue { return value }
    return try await construct(owner, make)
  }

  /// The slow path of ``get(_:_:)``: build, or await the construction that runs.
  @usableFromInline
  func construct<Owner: Sendable, Failure: Error>(
    _ owner: Owner, _ make: @escaping @Sendable (Owner) async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let made: Value
    do {
      made = try await storage.construction.get(
        recursion: ComponentError.cycle(of: "\(Value.self)") as any Error
      ) { () async throws(any Error) -> Value in try await make(owner) }
    } catch {
      throw _SharedCell<Value>.shared(error, as: Failure.self)
    }
    storage.publish(made)
    return made
  }
}
