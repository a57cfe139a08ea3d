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

  /// Returns the cached object, or runs `create` exactly once to make it.
  ///
  /// - Parameters:
  ///   - cycle: Makes the error thrown when waiting would deadlock.
  ///   - create: Makes the object; runs outside every lock.
  /// - Returns: The cached object, or the one `create` made.
  /// - Throws: What `create` threw (also to the threads that waited for it), or the cycle error.
  func obtain(
    cycle: (_ owner: Creation) -> ResolutionError,
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
        guard WaitGraph.shared.beginWait(on: creation.ownerThread) else {
          throw cycle(creation)
        }
        let result = creation.wait()
        WaitGraph.shared.endWait()
        switch result {
        case .success(let object): return object
        case .failure(let error): throw error
        }
      }
    }
  }

  private enum Action {
    case found(Stored)
    case create(Creation)
    case wait(Creation)
  }
}

/// One run of a cached factory, which other threads may wait for.
final class Creation: Sendable {
  private struct State {
    var result: Result<CacheSlot.Stored, ResolutionError>?
    var waiters: [DispatchSemaphore] = []
  }

  /// The thread running the factory.
  let ownerThread = currentThreadID()
  private let state = Locked(State())

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
    let waiters = state.withLock { state in
      state.result = result
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.signal() }
  }
}

/// Which thread waits for which: a wait that would close a loop is refused, so threads that
/// need each other's half-built instances get a cycle error instead of a deadlock.
final class WaitGraph: Sendable {
  static let shared = WaitGraph()

  private let waitsFor = Locked<[UInt: UInt]>([:])

  /// Records that the calling thread waits for `owner`; returns false (recording nothing) when
  /// `owner` is this thread or already waits, directly or through others, for this thread.
  func beginWait(on owner: UInt) -> Bool {
    let me = currentThreadID()
    return waitsFor.withLock { edges in
      var next: UInt? = owner
      var steps = 0
      while let thread = next {
        if thread == me { return false }
        next = edges[thread]
        steps += 1
        if steps > edges.count + 1 { break }
      }
      edges[me] = owner
      return true
    }
  }

  /// Removes the calling thread's wait.
  func endWait() {
    let me = currentThreadID()
    _ = waitsFor.withLock { $0.removeValue(forKey: me) }
  }
}
