public import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// State guarded by a `Mutex`, in a form ThreadSanitizer can see.
///
/// NB: This wraps `Mutex` instead of storing the state inside it. On Linux, `Mutex` takes its
/// lock in the kernel (`FUTEX_LOCK_PI`) from uninstrumented library code, so ThreadSanitizer sees
/// no happens-before edge between two critical sections and reports every hand-over of the
/// guarded state as a race (a ten-line program appending to a `Mutex<[Int]>` from two threads is
/// enough). Here the state lives next to a `Mutex<Void>`, and each critical section tells the
/// sanitizer that it acquires and releases this object (`__tsan_acquire` / `__tsan_release`,
/// looked up once at run time and absent outside sanitizer builds). The accesses to `state` then
/// carry the same happens-before edges that the mutex really provides.
///
/// NB: On Linux, `Mutex` is a priority-inheritance futex: once a thread sleeps in the kernel
/// waiting for it, every unlock hands the lock to that sleeping thread, which must be scheduled
/// before anyone can take the lock again. With more threads than cores the owner is often not
/// running, and a contended lock collapses into a convoy (issue 30: a counter behind a bare
/// `Mutex` went from 76 million increments per second on one thread to under 1 million on 8; the
/// `diag.lock.*` cases of `loom-bench` show the same). So a contended `withLock` retries
/// `tryLock`, yielding the processor between tries (to the owner, if it was preempted); only after
/// a bounded number of yields does it wait in the kernel's queue, until the lock is free, and then
/// try again. A thread that keeps taking the lock never enters the kernel's queue, so no hand-over
/// to a sleeping thread happens while the lock is busy, and a long critical section costs no
/// spinning beyond the bound. Of the candidates measured side by side (BENCHMARKS.md: `Mutex`,
/// this, a `pthread_mutex_t`, Foundation's `NSLock`), this one held its one-thread rate at 2, 8
/// and 32 threads, keeps `Mutex` (no lock of our own, no allocation per lock) and costs nothing
/// more than `Mutex` while the lock is free.
///
/// It is `@_spi(LoomInternals)`, not API: the core and the satellite packages (LoomAssembly,
/// LoomSession, LoomTesting, LoomMacros' runtime) share it instead of copying it, and the root
/// tests use it too. A plain `Mutex` would not do there: ThreadSanitizer reports its hand-overs as
/// races (above), and `Scripts/tsan.sh` fails on any report. Apps use `Mutex`; the deprecated
/// public ``Locked`` wraps this type for code written for 0.1.0. Keep critical sections short, and
/// never resolve a dependency or call unknown code inside one.
///
/// ```swift
/// let installed = Lock<Set<String>>([])
/// let isNew = installed.withLock { $0.insert("NetworkAssembly").inserted }
/// ```
@_spi(LoomInternals)
// NB: `@unchecked Sendable` is safe here: the only mutable state is `state`, a `var` that is read
// or written only inside `withLock`, under `mutex`, so no two accesses overlap; `State` is
// `Sendable`, so values that leave the critical section may be shared. `mutex` is a `let` of a
// `Sendable` type.
public final class Lock<State: Sendable>: @unchecked Sendable {
  @usableFromInline let mutex = Mutex(())
  // NB: `@exclusivity(unchecked)`: every access is inside `withLock`, under `mutex`, so accesses
  // cannot overlap, and the dynamic check would only cost time on every lock.
  @exclusivity(unchecked) @usableFromInline var state: State

  /// Makes a lock around `state`.
  ///
  /// ```swift
  /// let counter = Lock(0)
  /// ```
  ///
  /// - Parameter state: The initial state.
  public init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with exclusive access to the state.
  ///
  /// ```swift
  /// let next = counter.withLock { value in
  ///   value += 1
  ///   return value
  /// }
  /// ```
  ///
  /// - Parameter body: Reads or changes the state; must not call back into this lock.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable @inline(__always)
  public func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // NB: inlinable, so that it is specialised in other modules too: called generically, reading
    // the `Optional` of a `withLockIfAvailable` looks up generic metadata on every call.
    #if canImport(Glibc) || canImport(Musl)
      // NB: `body` appears once, so that it is inlined here as with a plain `Mutex.withLock`;
      // waiting for the lock (see the note on the type) is a function of its own, out of line.
      var tries = 0
      while true {
        if let result = try mutex.withLockIfAvailable({ _ throws(Failure) -> Result in
          let hooks = SanitizerHooks.shared
          let token = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
          hooks?.acquire(token)
          defer { hooks?.release(token) }
          return try body(&state)
        }) {
          return result
        }
        waitForTurn(&tries)
      }
    #else
      return try mutex.withLock { _ throws(Failure) -> Result in
        let hooks = SanitizerHooks.shared
        let token = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        hooks?.acquire(token)
        defer { hooks?.release(token) }
        return try body(&state)
      }
    #endif
  }

  #if canImport(Glibc) || canImport(Musl)
    /// How many times a contended ``withLock(_:)`` yields the processor before it waits in the
    /// kernel's queue for the lock.
    static var yieldingTries: Int { 64 }

    /// Waits before ``withLock(_:)`` tries the lock again: yields the processor (to the owner, if
    /// it was preempted), or after ``yieldingTries`` yields in a row, sleeps in the kernel's queue
    /// until the lock is free (taking it and giving it back at once). Out of line: only a
    /// contended call gets here.
    @usableFromInline @inline(never)
    func waitForTurn(_ tries: inout Int) {
      tries += 1
      if tries <= Self.yieldingTries {
        sched_yield()
      } else {
        tries = 0
        mutex.withLock { _ in }
      }
    }
  #endif

  /// A copy of the state, read under the lock.
  ///
  /// ```swift
  /// let count = Lock(0)
  /// print(count.value)  // 0
  /// ```
  public var value: State { withLock { $0 } }
}

/// ThreadSanitizer's annotation entry points, when the sanitizer runtime is loaded.
@usableFromInline
struct SanitizerHooks: Sendable {
  @usableFromInline typealias Hook = @convention(c) (UnsafeRawPointer?) -> Void

  @usableFromInline let acquire: Hook
  @usableFromInline let release: Hook

  @usableFromInline static let shared: SanitizerHooks? = {
    #if canImport(Darwin)
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
    #endif
    guard let acquire = dlsym(everywhere, "__tsan_acquire"),
      let release = dlsym(everywhere, "__tsan_release")
    else { return nil }
    return SanitizerHooks(
      acquire: unsafeBitCast(acquire, to: Hook.self), release: unsafeBitCast(release, to: Hook.self)
    )
  }()
}
