/// The one exactly-once primitive of the monorepo: a slot that is empty, being filled by one
/// thread or task, or filled (or, with the keeping policy, failed).
///
/// This is the heart of the concurrency contract. The work that fills a slot runs exactly once
/// per filling, never under the slot's lock; other threads and tasks wait for that one result,
/// and a wait that would close a loop of waits (the same thread asking twice, two threads or
/// tasks each waiting for what the other is making) fails through the one ``WaitGraph`` instead of
/// blocking. Every exactly-once value of Loom is a thin layer over it: the engine's singleton,
/// weak, `.once` and custom-lifetime instances, the ``Once`` family of cells, the once-per-process
/// record of a ``StartupTask``, and the cached members of LoomMacros' components (through ``_OnceCell``).
///
/// What the slot holds is an object (a ``Publication`` box for a value), so the engine, whose
/// types are not generic, can use it; the errors its callers see are their waiter's
/// (``SlotWaiter``), so each layer keeps its own error type.
@usableFromInline
final class OnceSlot: Sendable {
  typealias Stored = any AnyObject & Sendable

  /// What a failed filling leaves.
  enum FailurePolicy: Sendable {
    /// The slot is empty again: the next call tries again.
    case retry
    /// The slot keeps the error: every later call throws it.
    case keep
  }

  private enum State {
    case empty
    case making(PendingInstance)
    case strong(Stored)
    case weak(WeakReference)
    case failed(any Error)
  }

  private struct WeakReference {
    weak var object: Stored?
  }

  private enum Step {
    case found(Stored)
    case failed(any Error)
    case make(PendingInstance)
    case wait(PendingInstance)
  }

  private let state = Lock(State.empty)
  private let holdsWeakly: Bool
  private let policy: FailurePolicy
  /// Whether a made object is also published for ``publishedValue(as:)`` (the engine publishes
  /// its singletons in their ``Entry`` instead).
  private let publishes: Bool
  /// The strongly held object, once made, for reads that take no lock (a slot that publishes).
  @usableFromInline let published = PublishedBox()

  init(holdsWeakly: Bool = false, policy: FailurePolicy = .retry, publishes: Bool = false) {
    self.holdsWeakly = holdsWeakly
    self.policy = policy
    self.publishes = publishes
  }

  /// A slot that holds `object` already (a ready instance).
  init(holding object: Stored, publishes: Bool = false) {
    self.holdsWeakly = false
    self.policy = .retry
    self.publishes = publishes
    state.withLock { $0 = .strong(object) }
    if publishes { published.publish(object) }
  }

  /// The value of the strongly held object, a ``Publication`` of `Value`, read without taking the
  /// lock; nil until it is made (always nil for a slot that does not publish).
  @inlinable @inline(__always)
  func publishedValue<Value>(as type: Value.Type) -> Value? {
    let bits = published.load()
    return bits == 0 ? nil : PublishedBox.value(bits, as: type)
  }

  /// The object held now, if any.
  func currentObject() -> Stored? {
    state.withLock { state in
      switch state {
      case .strong(let object): object
      case .weak(let reference): reference.object
      case .empty, .making, .failed: nil
      }
    }
  }

  /// The value held now, if any (unboxed from its ``Publication``).
  func currentValue() -> (any Sendable)? {
    guard let object = currentObject() else { return nil }
    return (object as? any ErasedPublication)?.erasedValue ?? object
  }

  /// The filling running now, if any.
  func pendingCreation() -> PendingInstance? {
    state.withLock { state in
      if case .making(let creation) = state { return creation }
      return nil
    }
  }

  /// Claims the slot for a new filling by `owner`, or returns what is there.
  private func step(owner: @autoclosure () -> UInt, suspends: Bool) -> Step {
    state.withLock { state in
      switch state {
      case .strong(let object):
        return .found(object)
      case .weak(let reference):
        if let object = reference.object { return .found(object) }
      case .failed(let error):
        return .failed(error)
      case .empty:
        break
      case .making(let creation):
        return .wait(creation)
      }
      let creation = PendingInstance(owner: owner(), suspends: suspends)
      state = .making(creation)
      return .make(creation)
    }
  }

  /// Ends `creation` with `outcome`, keeping the object if it made one.
  private func finish(_ creation: PendingInstance, _ outcome: PendingInstance.Outcome) {
    state.withLock { state in
      switch outcome {
      case .made(let object):
        state = holdsWeakly ? .weak(WeakReference(object: object)) : .strong(object)
      case .failed(let error):
        state = policy == .keep ? .failed(error) : .empty
      case .abandoned:
        state = .empty
      }
    }
    if publishes, !holdsWeakly, case .made(let object) = outcome {
      published.publish(object)
    }
    creation.finish(outcome)
  }

  /// How a filling that failed with `error` ends: failed for everyone, or abandoned when the
  /// failure is the caller's own.
  private func ending<Waiter: SlotWaiter>(_ error: Waiter.Failure, for waiter: Waiter)
    -> PendingInstance.Outcome
  {
    waiter.leavesOpen(error) ? .abandoned(erased(error)) : .failed(erased(error))
  }

  /// Returns the kept object, or runs `make` exactly once to make it.
  ///
  /// A failure of `make` that is the caller's own (``SlotWaiter/leavesOpen(_:)``: a synchronous
  /// caller of an asynchronous factory, a caller off the main actor) is not the filling's outcome:
  /// the slot is empty again, and each caller that waited tries for itself.
  ///
  /// - Parameters:
  ///   - waiter: The caller: who waits, and the errors it is told.
  ///   - make: Makes the object; runs outside every lock.
  /// - Returns: The object, and whether this call made it.
  /// - Throws: What `make` threw (also, as ``SlotWaiter/waited(_:)`` retells it, to the callers
  ///   that waited for it, or, with the keeping policy, that came later), the error of a wait that
  ///   would close a loop, or that of a filling running in a task, which a thread must not block
  ///   on.
  func object<Waiter: SlotWaiter>(
    for waiter: Waiter, orMake make: () throws(Waiter.Failure) -> Stored
  ) throws(Waiter.Failure) -> (Stored, made: Bool) {
    while true {
      switch step(owner: waiter.identity, suspends: false) {
      case .found(let object):
        return (object, false)
      case .failed(let error):
        throw waiter.waited(error)
      case .make(let creation):
        do throws(Waiter.Failure) {
          let object = try make()
          finish(creation, .made(object))
          return (object, true)
        } catch {
          finish(creation, ending(error, for: waiter))
          throw error
        }
      case .wait(let creation):
        // NB: a thread must not block on a filling running in a task: on the cooperative pool
        // that could starve the very task it waits for.
        if creation.suspends { throw waiter.asyncPending() }
        if let loop = WaitGraph.shared.beginWait(waiter.identity, waiter.wait(on: creation)) {
          throw waiter.cycle(loop)
        }
        let outcome = creation.wait()
        WaitGraph.shared.endWait(waiter.identity)
        switch outcome {
        case .made(let object): return (object, false)
        case .failed(let error): throw waiter.waited(error)
        case .abandoned: continue
        }
      }
    }
  }

  /// Returns the kept object, or makes it exactly once with `make` in a task of its own that every
  /// caller awaits (the first one included).
  ///
  /// Because the filling runs in its own task, cancelling one caller does not cancel a filling
  /// that others wait for. The task runs with its identity as ``WaitIdentity/current``, so that
  /// what it waits for in turn is seen in the ``WaitGraph`` as its wait.
  ///
  /// - Parameters:
  ///   - waiter: The caller: who waits, and the errors it is told.
  ///   - make: Makes the object; receives the identity its own waits are recorded under.
  /// - Returns: The object, and whether this call started its filling.
  /// - Throws: What the filling threw (as ``SlotWaiter/waited(_:)`` retells it to a caller that
  ///   did not start it), or the error of a wait that would close a loop.
  func object<Waiter: SlotWaiter & Sendable>(
    for waiter: Waiter,
    orMake make: @escaping @Sendable (_ identity: UInt) async throws(Waiter.Failure) -> Stored
  ) async throws(Waiter.Failure) -> (Stored, made: Bool) {
    while true {
      let creation: PendingInstance
      var started = false
      switch step(owner: WaitIdentity.nextAsynchronous(), suspends: true) {
      case .found(let object):
        return (object, false)
      case .failed(let error):
        throw waiter.waited(error)
      case .make(let made):
        creation = made
        started = true
        Task { [self] in
          await WaitIdentity.$current.withValue(made.owner) {
            do throws(Waiter.Failure) {
              finish(made, .made(try await make(made.owner)))
            } catch {
              finish(made, ending(error, for: waiter))
            }
          }
        }
      case .wait(let existing):
        creation = existing
      }
      if let loop = WaitGraph.shared.beginWait(waiter.identity, waiter.wait(on: creation)) {
        throw waiter.cycle(loop)
      }
      let outcome = await creation.waitAsync()
      WaitGraph.shared.endWait(waiter.identity)
      switch outcome {
      case .made(let object): return (object, started)
      // NB: only `make`, which throws `Waiter.Failure`, ends the filling this call started.
      case .failed(let error):
        throw started ? error as! Waiter.Failure : waiter.waited(error)
      case .abandoned(let error):
        if started { throw error as! Waiter.Failure }
      }
    }
  }
}

/// `error` as an `any Error`, unwrapped when `Failure` is itself `any Error` (erasing a generic
/// error boxes an existential again, so that `error as AnyObject` would no longer be the error).
private func erased<Failure: Error>(_ error: Failure) -> any Error {
  (error as Any) as! any Error
}

/// Someone waiting for a ``OnceSlot``'s filling: its identity in the ``WaitGraph``, what it records
/// there, and the errors it is told.
protocol SlotWaiter {
  /// The errors this waiter is told.
  associatedtype Failure: Error
  /// Who waits, in the ``WaitGraph``.
  var identity: UInt { get }
  /// The wait to record while waiting for `creation`.
  func wait(on creation: PendingInstance) -> WaitGraph.Wait
  /// The error of a wait that would close `loop` (see ``WaitGraph/beginWait(_:_:)``).
  func cycle(_ loop: [(identity: UInt, wait: WaitGraph.Wait)]) -> Failure
  /// The error this waiter is told when the filling it waited for (or, with the keeping policy,
  /// an earlier one) failed with `failure`.
  func waited(_ failure: any Error) -> Failure
  /// The error of a synchronous wait that finds the filling running in a task.
  func asyncPending() -> Failure
  /// Whether `failure`, thrown by this waiter's own filling, is the waiter's own rather than the
  /// work's (it comes from where the waiter called from, not from what the filling made): the
  /// filling is then abandoned, not failed, and every other waiter tries for itself.
  func leavesOpen(_ failure: Failure) -> Bool
}

extension SlotWaiter {
  func leavesOpen(_ failure: Failure) -> Bool { false }
}
