/// A value made exactly once, on first use, and then kept: the typed face of ``OnceSlot``, the
/// one exactly-once primitive, for the ``Once`` family of cells and for LoomMacros' component
/// members.
///
/// Concurrent callers share one making: synchronously, the first caller runs `make` and the
/// others block until it is done; asynchronously, the making runs in a task of its own that every
/// caller awaits. Waits are recorded in the one ``WaitGraph``, so a making that needs its own
/// cell, directly or through other cells, container singletons or component members, on one
/// thread or across several, fails with the caller's `recursion` error instead of deadlocking.
/// With ``OnceSlot/FailurePolicy/retry`` a failed making leaves the cell empty; with
/// ``OnceSlot/FailurePolicy/keep`` every later call throws the same error.
///
/// ```swift
/// let cell = _OnceCell<Database>()
/// let database = try cell.get(recursion: OnceError.cycle) { try Database.open() }
/// ```
///
/// Public but underscored, so not API (README, "Definition of Public API"), rather than under
/// `@_spi(LoomInternals)`: LoomMacros' `_SharedCell` is this cell, and the code the macros generate
/// in an app's module reads ``builtValue`` inlined, where an SPI type cannot appear.
@_documentation(visibility: private)
public final class _OnceCell<Value: Sendable>: Sendable {
  @usableFromInline let slot: OnceSlot

  /// Makes an empty cell; a failed making leaves it empty, to be tried again on the next call.
  ///
  /// ```swift
  /// let cell = _OnceCell<Database>()
  /// ```
  public convenience init() {
    self.init(keepsFailure: false)
  }

  /// Makes an empty cell.
  ///
  /// ```swift
  /// let cell = _OnceCell<Database>(keepsFailure: true)
  /// ```
  ///
  /// - Parameter keepsFailure: Whether a failed making is kept (every later call throws it) rather
  ///   than tried again on the next call.
  public init(keepsFailure: Bool) {
    slot = OnceSlot(policy: keepsFailure ? .keep : .retry, publishes: true)
  }

  /// Makes a cell that holds `value` already.
  ///
  /// ```swift
  /// let cell = _OnceCell(value: Database.inMemory())
  /// ```
  ///
  /// - Parameter value: The value.
  public init(value: Value) {
    slot = OnceSlot(holding: Publication(value), publishes: true)
  }

  /// The value once it is made, read without taking a lock; nil before.
  ///
  /// ```swift
  /// if let database = cell.builtValue { use(database) }
  /// ```
  @inlinable
  public var builtValue: Value? {
    slot.publishedValue(as: Value.self)
  }

  /// Returns the value, making it with `make` if no making has succeeded yet.
  ///
  /// ```swift
  /// let database = try cell.get(recursion: OnceError.cycle) { try Database.open() }
  /// ```
  ///
  /// - Parameters:
  ///   - recursion: The error of a making that would wait for itself.
  ///   - make: Makes the value; runs outside every lock.
  /// - Returns: The value.
  /// - Throws: What `make` threw in the making this call ran or waited for (or, when failures are
  ///   kept, an earlier one), or `recursion`.
  public func get<Failure: Error>(
    recursion: @autoclosure () -> Failure, _ make: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    if let value = builtValue { return value }
    let waiter = CellWaiter(identity: WaitIdentity.currentThread, recursion: recursion())
    let (object, _) = try slot.object(for: waiter) { () throws(Failure) -> OnceSlot.Stored in
      Publication(try make())
    }
    return keptValue(object, as: Value.self)
  }

  /// Returns the value, making it with `make`, in a task of its own that every caller awaits, if
  /// no making has succeeded yet.
  ///
  /// Cancelling one caller does not cancel a making that others wait for.
  ///
  /// ```swift
  /// let token = try await cell.get(recursion: OnceError.cycle) {
  ///   try await AuthClient.fetchToken()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - recursion: The error of a making that would wait for itself.
  ///   - make: Makes the value.
  /// - Returns: The value.
  /// - Throws: What `make` threw in the making this call ran or waited for (or, when failures are
  ///   kept, an earlier one), or `recursion`.
  public func get<Failure: Error>(
    recursion: @autoclosure () -> Failure,
    _ make: @escaping @Sendable () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    if let value = builtValue { return value }
    let waiter = CellWaiter(identity: WaitIdentity.forAsynchronousWait, recursion: recursion())
    let (object, _) = try await slot.object(for: waiter) {
      _ async throws(Failure) -> OnceSlot.Stored in Publication(try await make())
    }
    return keptValue(object, as: Value.self)
  }
}

/// A caller of an ``_OnceCell``: it waits as its thread or task, and is told the making's own
/// error, or its `recursion` error for a wait that would close a loop.
private struct CellWaiter<Failure: Error>: SlotWaiter, Sendable {
  let identity: UInt
  let recursion: Failure

  func wait(on creation: PendingInstance) -> WaitGraph.Wait {
    WaitGraph.Wait(creation: creation, key: nil, chain: [])
  }

  func cycle(_ loop: [(identity: UInt, wait: WaitGraph.Wait)]) -> Failure { recursion }

  func waited(_ failure: any Error) -> Failure {
    // A cell is always read with one `Failure` type per value it makes (one function per member,
    // one closure per `Once`), so the making's error has the waiter's type.
    failure as! Failure
  }

  // A cell is read either synchronously or asynchronously (one function per member, one type per
  // `Once`), so a synchronous read never finds an asynchronous making; were it to, waiting would
  // be the recursion it reports.
  func asyncPending() -> Failure { recursion }
}
