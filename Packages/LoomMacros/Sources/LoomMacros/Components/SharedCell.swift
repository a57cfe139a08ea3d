import Dispatch
import Loom
public import Synchronization

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
/// fails with ``ComponentError/Code/recursiveConstruction`` instead of waiting forever; a
/// non-throwing member traps with that error's message, since it has no way to report it.
///
/// ```swift
/// let cell = _SharedCell<Database>()
/// let database = cell.get { Database(path: "app.sqlite") }  // built once
/// let again = cell.get { Database(path: "unused") }         // the same instance
/// ```
///
/// NB: `@unchecked Sendable` because of `value`, a `var` read without the lock. It is written once,
/// by the one construction that `state` lets run, before the releasing store of `isBuilt`; it is
/// read only after an acquiring load of `isBuilt` returned true, and never written again, so every
/// read happens after the write. `Atomic` operations are inlined, so ThreadSanitizer sees that edge.
@_documentation(visibility: private)
public final class _SharedCell<Value: Sendable>: @unchecked Sendable, _ComponentCell {
  /// Whether ``value`` holds the built value; set once, never cleared.
  @usableFromInline let isBuilt: Atomic<Bool>
  // NB: no dynamic exclusivity check: the one write happens before every read (see above).
  @exclusivity(unchecked) @usableFromInline var value: Value?
  private let state = Locked(ConstructionState.idle)

  /// Makes an empty cell; the first ``get(_:)`` builds its value.
  ///
  /// ```swift
  /// let cell = _SharedCell<Database>()
  /// ```
  public init() {
    isBuilt = Atomic(false)
    value = nil
  }

  /// Makes a cell that already holds `value` (an override): ``get(_:)`` never builds.
  ///
  /// ```swift
  /// let cell = _SharedCell<any APIClient>(value: MockAPIClient())
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

  /// Returns the value, building it with `make` if no construction has succeeded yet.
  ///
  /// Concurrent callers share one construction: the first runs `make`, outside any lock; the
  /// others wait for its outcome.
  ///
  /// > Important: When `make` cannot throw (`Failure` is `Never`), a construction that needs its
  /// > own cell traps with the message of ``ComponentError/Code/recursiveConstruction``.
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
    if isBuilt.load(ordering: .acquiring), let value { return value }
    return try construct(make)
  }

  /// The slow path of ``get(_:)``: build, or wait for the construction that runs.
  @usableFromInline
  func construct<Failure: Error>(_ make: () throws(Failure) -> Value) throws(Failure) -> Value {
    let me = ThreadIdentity.current
    while true {
      let step: ConstructionState.Step = state.withLock { state in
        if isBuilt.load(ordering: .acquiring) { return .built }
        return state.enter(as: me)
      }
      switch step {
      case .built:
        return value!
      case .recursive:
        throw Self.recursion(as: Failure.self)
      case .wait(let waiter, let owner):
        guard WaitGraph.shared.beginWait(me, on: owner) else {
          state.withLock { $0.abandon(waiter) }
          throw Self.recursion(as: Failure.self)
        }
        waiter.semaphore.wait()
        WaitGraph.shared.endWait(me)
        if let error = waiter.failure.value { throw Self.shared(error, as: Failure.self) }
      case .build:
        do {
          let made = try make()
          value = made
          isBuilt.store(true, ordering: .releasing)
          let waiters = state.withLock { $0.finish(failure: nil) }
          for waiter in waiters { waiter.semaphore.signal() }
          return made
        } catch {
          let waiters = state.withLock { $0.finish(failure: error) }
          for waiter in waiters { waiter.semaphore.signal() }
          throw error
        }
      }
    }
  }

  /// The error of a construction that needs its own cell, as the caller's error type; a trap
  /// when the caller cannot throw.
  private static func recursion<Failure: Error>(as type: Failure.Type) -> Failure {
    shared(ComponentError.recursiveConstruction(of: "\(Value.self)"), as: type)
  }

  /// `error` as the caller's error type; a trap with its description when the caller cannot
  /// throw it (a reader that cannot throw, waiting for a construction that threw).
  private static func shared<Failure: Error>(_ error: any Error, as type: Failure.Type) -> Failure {
    guard let typed = error as? Failure else { fatalError("\n\(String(describing: error))") }
    return typed
  }
}

// MARK: - Construction state

/// Who builds a synchronous cell now, and who waits for it.
enum ConstructionState: Sendable {
  case idle
  case building(owner: UInt, waiters: [Waiter])

  /// One thread waiting for a construction on another thread.
  final class Waiter: Sendable {
    let semaphore = DispatchSemaphore(value: 0)
    /// The construction's error, set before `semaphore` is signalled.
    let failure = Locked<(any Error)?>(nil)
  }

  enum Step {
    case built
    case build
    case wait(Waiter, owner: UInt)
    case recursive
  }

  /// What the thread `me` does next: build, wait, or fail because it builds this cell already.
  mutating func enter(as me: UInt) -> Step {
    switch self {
    case .idle:
      self = .building(owner: me, waiters: [])
      return .build
    case .building(let owner, var waiters):
      if owner == me { return .recursive }
      let waiter = Waiter()
      waiters.append(waiter)
      self = .building(owner: owner, waiters: waiters)
      return .wait(waiter, owner: owner)
    }
  }

  /// Ends the construction; returns the waiters to wake, each told the failure if there is one.
  mutating func finish(failure: (any Error)?) -> [Waiter] {
    guard case .building(_, let waiters) = self else { return [] }
    self = .idle
    if let failure {
      for waiter in waiters { waiter.failure.withLock { $0 = failure } }
    }
    return waiters
  }

  /// Forgets a waiter that will not wait after all.
  mutating func abandon(_ waiter: Waiter) {
    guard case .building(let owner, let waiters) = self else { return }
    self = .building(owner: owner, waiters: waiters.filter { $0 !== waiter })
  }
}
