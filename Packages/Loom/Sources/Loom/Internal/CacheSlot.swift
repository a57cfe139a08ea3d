import Dispatch
import Synchronization

/// One cache entry: empty, being created by one thread, or holding its instance.
///
/// `obtain` is the heart of the concurrency contract: the factory runs exactly once per entry,
/// never under the slot's lock; other threads wait for that one result, and a wait that would
/// close a cycle of threads waiting on each other fails with a cycle error instead.
final class CacheSlot: Sendable {
  typealias Stored = any AnyObject & Sendable

  private enum State {
    case empty
    case creating(Creation)
    case strong(Stored)
    case weak(WeakReference)
  }

  private struct WeakReference {
    weak var object: Stored?
  }

  private let state = Locked(State.empty)
  private let holdsWeakly: Bool

  init(holdsWeakly: Bool) {
    self.holdsWeakly = holdsWeakly
  }

  /// The value held now, if any (unboxed when it is a ``Box``).
  func currentValue() -> (any Sendable)? {
    let stored: Stored? = state.withLock { state in
      switch state {
      case .strong(let object): object
      case .weak(let reference): reference.object
      case .empty, .creating: nil
      }
    }
    guard let stored else { return nil }
    return (stored as? ValueStorage)?.erasedValue ?? stored
  }

  /// The creation running now, if any.
  func pendingCreation() -> Creation? {
    state.withLock { state in
      if case .creating(let creation) = state { return creation }
      return nil
    }
  }

  /// Returns the cached object, or runs `create` exactly once to make it.
  ///
  /// - Parameters:
  ///   - cycle: Makes the error thrown when waiting would deadlock.
  ///   - asyncPending: Makes the error thrown when an asynchronous creation is in progress.
  ///   - create: Makes the object; runs outside every lock.
  /// - Returns: The cached object, or the one `create` made.
  /// - Throws: What `create` threw (also to the threads that waited for it), or the cycle error.
  func obtain(
    cycle: (_ owner: Creation) -> ResolutionError,
    asyncPending: (_ owner: Creation) -> ResolutionError,
    create: () throws(ResolutionError) -> Stored
  ) throws(ResolutionError) -> Stored {
    while true {
      let action: Action = state.withLock { state in
        switch state {
        case .strong(let object):
          return .found(object)
        case .weak(let reference):
          if let object = reference.object { return .found(object) }
          let creation = Creation()
          state = .creating(creation)
          return .create(creation)
        case .empty:
          let creation = Creation()
          state = .creating(creation)
          return .create(creation)
        case .creating(let creation):
          return .wait(creation)
        }
      }
      switch action {
      case .found(let object):
        return object
      case .create(let creation):
        let object: Stored
        do {
          object = try create()
        } catch {
          state.withLock { $0 = .empty }
          creation.finish(.failure(error))
          throw error
        }
        state.withLock { state in
          state = holdsWeakly ? .weak(WeakReference(object: object)) : .strong(object)
        }
        creation.finish(.success(object))
        return object
      case .wait(let creation):
        // NB: a thread must not block on a creation running in a task: on the cooperative pool
        // that could starve the very task it waits for.
        if creation.isAsynchronous { throw asyncPending(creation) }
        let me = currentThreadID()
        guard WaitGraph.shared.beginWait(me, on: creation.owner) else {
          throw cycle(creation)
        }
        let result = creation.wait()
        WaitGraph.shared.endWait(me)
        switch result {
        case .success(let object): return object
        case .failure(let error): throw error
        }
      }
    }
  }

  /// Returns the cached object, or makes it exactly once with `create` in a task of its own that
  /// every caller awaits (the first one included).
  ///
  /// Because the creation runs in its own task, cancelling one caller does not cancel a creation
  /// that others wait for. A failed creation is not kept: the next call tries again.
  ///
  /// - Parameters:
  ///   - waiter: The identity of the calling resolution in the wait graph.
  ///   - cycle: Makes the error thrown when waiting would deadlock.
  ///   - create: Makes the object; receives the identity its own resolution must wait under.
  /// - Returns: The cached object, or the one the creation made, and whether this call started
  ///   that creation.
  /// - Throws: What the creation threw, or the cycle error.
  func obtainAsync(
    waiter: UInt,
    cycle: @Sendable (_ owner: Creation) -> ResolutionError,
    create: @escaping @Sendable (_ identity: UInt) async throws(ResolutionError) -> Stored
  ) async throws(ResolutionError) -> (Stored, created: Bool) {
    while true {
      let action: Action = state.withLock { state in
        switch state {
        case .strong(let object):
          return .found(object)
        case .weak(let reference):
          if let object = reference.object { return .found(object) }
          let creation = Creation(owner: CreationIdentity.next())
          state = .creating(creation)
          return .create(creation)
        case .empty:
          let creation = Creation(owner: CreationIdentity.next())
          state = .creating(creation)
          return .create(creation)
        case .creating(let creation):
          return .wait(creation)
        }
      }
      let creation: Creation
      var created = false
      switch action {
      case .found(let object):
        return (object, false)
      case .create(let made):
        creation = made
        created = true
        Task { [self] in
          do throws(ResolutionError) {
            let object = try await create(made.owner)
            state.withLock { state in
              state = holdsWeakly ? .weak(WeakReference(object: object)) : .strong(object)
            }
            made.finish(.success(object))
          } catch {
            state.withLock { $0 = .empty }
            made.finish(.failure(error))
          }
        }
      case .wait(let existing):
        creation = existing
      }
      guard WaitGraph.shared.beginWait(waiter, on: creation.owner) else {
        throw cycle(creation)
      }
      let result = await creation.waitAsync()
      WaitGraph.shared.endWait(waiter)
      switch result {
      case .success(let object): return (object, created)
      case .failure(let error): throw error
      }
    }
  }

  private enum Action {
    case found(Stored)
    case create(Creation)
    case wait(Creation)
  }
}

/// One run of a cached factory, which other threads and tasks may wait for.
final class Creation: Sendable {
  private struct State {
    var result: Result<CacheSlot.Stored, ResolutionError>?
    var waiters: [DispatchSemaphore] = []
    var continuations: [CheckedContinuation<Result<CacheSlot.Stored, ResolutionError>, Never>] =
      []
  }

  /// Who runs the factory, in the wait graph: the thread for a synchronous creation, the
  /// creation's own identity for an asynchronous one.
  let owner: UInt
  private let state = Locked(State())

  init(owner: UInt = currentThreadID()) {
    self.owner = owner
  }

  /// Whether the creation runs in a task (its owner is a ``CreationIdentity``, an odd number).
  var isAsynchronous: Bool { owner & 1 == 1 }

  /// Suspends until the creation finishes and returns its result.
  func waitAsync() async -> Result<CacheSlot.Stored, ResolutionError> {
    await withCheckedContinuation { continuation in
      let early: Result<CacheSlot.Stored, ResolutionError>? = state.withLock { state in
        if let result = state.result { return result }
        state.continuations.append(continuation)
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }
  }

  /// Blocks until the creation finishes and returns its result.
  func wait() -> Result<CacheSlot.Stored, ResolutionError> {
    let semaphore = DispatchSemaphore(value: 0)
    let early: Result<CacheSlot.Stored, ResolutionError>? = state.withLock { state in
      if let result = state.result { return result }
      state.waiters.append(semaphore)
      return nil
    }
    if let early { return early }
    semaphore.wait()
    return state.withLock { $0.result! }
  }

  func finish(_ result: Result<CacheSlot.Stored, ResolutionError>) {
    let (waiters, continuations) = state.withLock { state in
      state.result = result
      defer {
        state.waiters = []
        state.continuations = []
      }
      return (state.waiters, state.continuations)
    }
    for waiter in waiters { waiter.signal() }
    for continuation in continuations { continuation.resume(returning: result) }
  }
}

/// Which resolution waits for which: a wait that would close a loop is refused, so threads or
/// tasks that need each other's half-built instances get a cycle error instead of a deadlock.
///
/// A synchronous resolution is identified by its thread; an asynchronous creation or top-level
/// asynchronous resolve by a ``CreationIdentity``.
final class WaitGraph: Sendable {
  static let shared = WaitGraph()

  private let waitsFor = Locked<[UInt: UInt]>([:])

  /// Records that `waiter` waits for `owner`; returns false (recording nothing) when `owner` is
  /// `waiter` or already waits, directly or through others, for `waiter`.
  func beginWait(_ waiter: UInt, on owner: UInt) -> Bool {
    waitsFor.withLock { edges in
      var next: UInt? = owner
      var steps = 0
      while let current = next {
        if current == waiter { return false }
        next = edges[current]
        steps += 1
        if steps > edges.count + 1 { break }
      }
      edges[waiter] = owner
      return true
    }
  }

  /// Removes the wait of `waiter`.
  func endWait(_ waiter: UInt) {
    _ = waitsFor.withLock { $0.removeValue(forKey: waiter) }
  }
}

/// Identities for asynchronous creations and resolves in the ``WaitGraph``: odd numbers, which no
/// thread handle or object address (both aligned) can equal.
enum CreationIdentity {
  private static let counter = Atomic<UInt>(0)

  static func next() -> UInt {
    counter.add(1, ordering: .relaxed).newValue &* 2 &+ 1
  }
}
