/// The evaluation shared by the asynchronous once-cells (``AsyncOnce``,
/// ``AsyncOnceKeepingFailure`` and ``AsyncInfallibleOnce``): one evaluation at a time, in a task
/// of its own, awaited by every caller that arrives while it runs.
///
/// What a failure does is the one thing the cells differ in: ``FailurePolicy/retry`` forgets it,
/// so the next call evaluates again; ``FailurePolicy/keep`` keeps it, so every later call throws
/// the same error without evaluating.
final class AsyncOnceEvaluator<Value: Sendable>: Sendable {
  /// What a failed evaluation leaves behind.
  enum FailurePolicy: Sendable {
    /// Nothing: the next call evaluates again.
    case retry
    /// The error: every later call throws it.
    case keep
  }

  private enum State {
    case idle
    case running(Task<Value, any Error>)
    case succeeded(Value)
    case failed(any Error)
  }

  /// What a call does once it has looked at the state.
  private enum Step {
    case value(Value)
    case failure(any Error)
    case wait(Task<Value, any Error>)
  }

  private let make: @Sendable () async throws -> Value
  private let policy: FailurePolicy
  private let state = Locked(State.idle)

  init(policy: FailurePolicy, _ make: @escaping @Sendable () async throws -> Value) {
    self.policy = policy
    self.make = make
  }

  /// Whether an evaluation succeeded.
  var isComputed: Bool {
    state.withLock { state in
      if case .succeeded = state { return true }
      return false
    }
  }

  /// The value of the first successful evaluation (or, under ``FailurePolicy/keep``, the error of
  /// the first failed one); starts an evaluation, or awaits the running one, when there is none.
  func get() async throws -> Value {
    let me = ObjectIdentifier(self)
    if AsyncOnceEvaluation.cells.contains(me) { throw OnceError.recursiveEvaluation }
    let step: Step = state.withLock { state in
      switch state {
      case .succeeded(let value):
        return .value(value)
      case .failed(let error):
        return .failure(error)
      case .running(let task):
        return .wait(task)
      case .idle:
        let outer = AsyncOnceEvaluation.cells.union([me])
        let task = Task { [make] in
          try await AsyncOnceEvaluation.$cells.withValue(outer) { try await make() }
        }
        state = .running(task)
        return .wait(task)
      }
    }
    switch step {
    case .value(let value):
      return value
    case .failure(let error):
      throw error
    case .wait(let evaluation):
      do {
        let value = try await evaluation.value
        finish(evaluation, with: .succeeded(value))
        return value
      } catch {
        finish(evaluation, with: policy == .keep ? .failed(error) : .idle)
        throw error
      }
    }
  }

  /// Records the outcome of `evaluation`, unless a caller that awaited it did already.
  private func finish(_ evaluation: Task<Value, any Error>, with outcome: State) {
    state.withLock { state in
      if case .running(let task) = state, task == evaluation { state = outcome }
    }
  }
}

/// The asynchronous once-cells whose evaluation the current task is part of.
enum AsyncOnceEvaluation {
  @TaskLocal static var cells: Set<ObjectIdentifier> = []
}
