/// One cached instance: empty, being made by one thread or task, or made.
///
/// This is the heart of the concurrency contract: the factory runs exactly once per slot, never
/// under the slot's lock; other threads and tasks wait for that one result, and a wait that would
/// close a loop of resolves waiting on each other fails with a cycle error instead of blocking.
final class CacheSlot: Sendable {
  typealias Stored = any AnyObject & Sendable

  private enum State {
    case empty
    case making(PendingInstance)
    case strong(Stored)
    case weak(WeakReference)
  }

  private struct WeakReference {
    weak var object: Stored?
  }

  private enum Step {
    case found(Stored)
    case make(PendingInstance)
    case wait(PendingInstance)
  }

  private let state = Locked(State.empty)
  private let holdsWeakly: Bool

  init(holdsWeakly: Bool) {
    self.holdsWeakly = holdsWeakly
  }

  /// A slot that holds `object` already (a ready instance).
  init(holding object: Stored) {
    self.holdsWeakly = false
    state.withLock { $0 = .strong(object) }
  }

  /// The object held now, if any.
  func currentObject() -> Stored? {
    state.withLock { state in
      switch state {
      case .strong(let object): object
      case .weak(let reference): reference.object
      case .empty, .making: nil
      }
    }
  }

  /// The value held now, if any (unboxed from its ``Publication``).
  func currentValue() -> (any Sendable)? {
    guard let object = currentObject() else { return nil }
    return (object as? any ErasedPublication)?.erasedValue ?? object
  }

  /// The creation running now, if any.
  func pendingCreation() -> PendingInstance? {
    state.withLock { state in
      if case .making(let creation) = state { return creation }
      return nil
    }
  }

  /// Claims the slot for a new creation by `owner`, or returns what is there.
  private func step(owner: @autoclosure () -> UInt) -> Step {
    state.withLock { state in
      switch state {
      case .strong(let object):
        return .found(object)
      case .weak(let reference):
        if let object = reference.object { return .found(object) }
      case .empty:
        break
      case .making(let creation):
        return .wait(creation)
      }
      let creation = PendingInstance(owner: owner())
      state = .making(creation)
      return .make(creation)
    }
  }

  /// Ends `creation` with `result`, keeping the object if it succeeded.
  private func finish(_ creation: PendingInstance, _ result: Result<Stored, ResolutionError>) {
    state.withLock { state in
      switch result {
      case .success(let object):
        state = holdsWeakly ? .weak(WeakReference(object: object)) : .strong(object)
      case .failure:
        state = .empty
      }
    }
    creation.finish(result)
  }

  /// Returns the kept object, or runs `make` exactly once to make it.
  ///
  /// - Parameters:
  ///   - waiter: The calling resolve: who waits, and the errors it is told.
  ///   - make: Makes the object; runs outside every lock.
  /// - Returns: The object, and whether this call made it.
  /// - Throws: What `make` threw (also, as ``SlotWaiter/waited(_:)`` retells it, to the callers
  ///   that waited for it), the cycle error of a wait that would close a loop of resolves, or the
  ///   error of a creation running in a task, which a thread must not block on.
  func object(
    for waiter: some SlotWaiter, orMake make: () throws(ResolutionError) -> Stored
  ) throws(ResolutionError) -> (Stored, made: Bool) {
    while true {
      switch step(owner: waiter.identity) {
      case .found(let object):
        return (object, false)
      case .make(let creation):
        do throws(ResolutionError) {
          let object = try make()
          finish(creation, .success(object))
          return (object, true)
        } catch {
          finish(creation, .failure(error))
          throw error
        }
      case .wait(let creation):
        // NB: a thread must not block on a creation running in a task: on the cooperative pool
        // that could starve the very task it waits for.
        if creation.isAsynchronous { throw waiter.asyncPending() }
        if let loop = WaitGraph.shared.beginWait(waiter.identity, waiter.wait(on: creation.owner)) {
          throw waiter.cycle(loop)
        }
        let result = creation.wait()
        WaitGraph.shared.endWait(waiter.identity)
        switch result {
        case .success(let object): return (object, false)
        case .failure(let error): throw waiter.waited(error)
        }
      }
    }
  }

  /// Returns the kept object, or makes it exactly once with `make` in a task of its own that every
  /// caller awaits (the first one included).
  ///
  /// Because the creation runs in its own task, cancelling one caller does not cancel a creation
  /// that others wait for. A failed creation is not kept: the next call tries again.
  ///
  /// - Parameters:
  ///   - waiter: The calling resolve: who waits, and the errors it is told.
  ///   - make: Makes the object; receives the identity its own resolve waits under.
  /// - Returns: The object, and whether this call started its creation.
  /// - Throws: What the creation threw (as ``SlotWaiter/waited(_:)`` retells it to a caller that
  ///   did not start it), or the cycle error.
  func object(
    for waiter: some SlotWaiter & Sendable,
    orMake make: @escaping @Sendable (_ identity: UInt) async throws(ResolutionError) -> Stored
  ) async throws(ResolutionError) -> (Stored, made: Bool) {
    while true {
      let creation: PendingInstance
      var started = false
      switch step(owner: WaitIdentity.nextAsynchronous()) {
      case .found(let object):
        return (object, false)
      case .make(let made):
        creation = made
        started = true
        Task { [self] in
          do throws(ResolutionError) {
            finish(made, .success(try await make(made.owner)))
          } catch {
            finish(made, .failure(error))
          }
        }
      case .wait(let existing):
        creation = existing
      }
      if let loop = WaitGraph.shared.beginWait(waiter.identity, waiter.wait(on: creation.owner)) {
        throw waiter.cycle(loop)
      }
      let result = await creation.waitAsync()
      WaitGraph.shared.endWait(waiter.identity)
      switch result {
      case .success(let object): return (object, started)
      case .failure(let error): throw started ? error : waiter.waited(error)
      }
    }
  }
}

/// A resolve waiting for a ``CacheSlot``'s creation: its identity in the ``WaitGraph``, what it
/// records there, and the errors it is told.
protocol SlotWaiter {
  /// Who waits, in the ``WaitGraph``.
  var identity: UInt { get }
  /// The wait to record while waiting for `owner`'s creation.
  func wait(on owner: UInt) -> WaitGraph.Wait
  /// The error of a wait that would close `loop` (see ``WaitGraph/beginWait(_:_:)``).
  func cycle(_ loop: [(identity: UInt, wait: WaitGraph.Wait)]) -> ResolutionError
  /// The error this resolve is told when the creation it waited for failed with `failure`.
  func waited(_ failure: ResolutionError) -> ResolutionError
  /// The error of a synchronous resolve that finds the creation running in a task.
  func asyncPending() -> ResolutionError
}
