/// A value computed at most once at a time by an asynchronous operation, on first use, and then
/// kept: an asynchronous once-cell for code outside the container.
///
/// Concurrent callers share one evaluation, which runs in a task of its own: cancelling one caller
/// does not cancel the evaluation others wait for. A failure is not kept: the callers that awaited
/// that evaluation receive its error, and the next call evaluates again. An evaluation that awaits
/// its own cell fails with ``OnceError/recursiveEvaluation`` instead of waiting forever.
///
/// ```swift
/// let token = AsyncOnce { try await AuthClient.shared.fetchToken() }
/// let value = try await token.get()  // fetched once; concurrent callers share the request
/// ```
public final class AsyncOnce<Value: Sendable>: Sendable {
  private enum State {
    case idle
    case running(Task<Value, any Error>)
    case done(Value)
  }

  private let make: @Sendable () async throws -> Value
  private let state = Locked(State.idle)

  /// Makes a cell that evaluates `make` on first use.
  ///
  /// ```swift
  /// let remoteConfig = AsyncOnce { try await RemoteConfig.fetch() }
  /// ```
  ///
  /// - Parameter make: Computes the value; may suspend and throw.
  public init(_ make: @escaping @Sendable () async throws -> Value) {
    self.make = make
  }

  /// Whether the value has been computed.
  ///
  /// ```swift
  /// if !remoteConfig.isComputed { showSpinner() }
  /// ```
  public var isComputed: Bool {
    state.withLock { state in
      if case .done = state { return true }
      return false
    }
  }

  /// Returns the value, computing it if no evaluation has succeeded yet.
  ///
  /// ```swift
  /// let config = try await remoteConfig.get()
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: What `make` threw in the evaluation this call awaited, or
  ///   ``OnceError/recursiveEvaluation``.
  public func get() async throws -> Value {
    let me = ObjectIdentifier(self)
    if AsyncOnceEvaluation.cells.contains(me) { throw OnceError.recursiveEvaluation }
    let evaluation: Task<Value, any Error> = state.withLock { state in
      switch state {
      case .done(let value):
        return Task { value }
      case .running(let task):
        return task
      case .idle:
        let outer = AsyncOnceEvaluation.cells.union([me])
        let task = Task { [make] in
          try await AsyncOnceEvaluation.$cells.withValue(outer) { try await make() }
        }
        state = .running(task)
        return task
      }
    }
    do {
      let value = try await evaluation.value
      state.withLock { state in
        if case .running = state { state = .done(value) }
      }
      return value
    } catch {
      state.withLock { state in
        if case .running(let task) = state, task == evaluation { state = .idle }
      }
      throw error
    }
  }
}

/// The ``AsyncOnce`` cells whose evaluation the current task is part of.
private enum AsyncOnceEvaluation {
  @TaskLocal static var cells: Set<ObjectIdentifier> = []
}
