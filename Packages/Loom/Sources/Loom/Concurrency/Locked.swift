import Synchronization

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
/// It is public so that the satellite packages, the macros' generated code and your own
/// `Sendable` classes share one lock type instead of copying it. Keep critical sections short, and
/// never resolve a dependency or call unknown code inside one.
///
/// NB: its `Sendable` conformance is unchecked because `state` is a `var`. It is only read or
/// written inside `withLock`, under `mutex`, and `State` is `Sendable`, so values that leave the
/// critical section may be shared.
///
/// ```swift
/// let installed = Locked<Set<String>>([])
/// let isNew = installed.withLock { $0.insert("NetworkAssembly").inserted }
/// ```
public final class Locked<State: Sendable>: @unchecked Sendable {
  private let mutex = Mutex(())
  // NB: `@exclusivity(unchecked)`: every access is inside `withLock`, under `mutex`, so accesses
  // cannot overlap, and the dynamic check would only cost time on every lock.
  @exclusivity(unchecked) private var state: State

  /// Makes a lock around `state`.
  ///
  /// ```swift
  /// let counter = Locked(0)
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
  @inline(__always)
  public func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try mutex.withLock { _ throws(Failure) -> Result in
      let hooks = SanitizerHooks.shared
      let token = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
      hooks?.acquire(token)
      defer { hooks?.release(token) }
      return try body(&state)
    }
  }

  /// A copy of the state, read under the lock.
  ///
  /// ```swift
  /// let count = Locked(0)
  /// print(count.value)  // 0
  /// ```
  public var value: State { withLock { $0 } }
}

/// ThreadSanitizer's annotation entry points, when the sanitizer runtime is loaded.
struct SanitizerHooks: Sendable {
  typealias Hook = @convention(c) (UnsafeRawPointer?) -> Void

  let acquire: Hook
  let release: Hook

  static let shared: SanitizerHooks? = {
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
