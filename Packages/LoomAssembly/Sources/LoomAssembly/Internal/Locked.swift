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
/// NB: the same helper as the core's internal `Locked`, which LoomAssembly cannot reach. On Linux,
/// `Mutex` takes its lock in the kernel (`FUTEX_LOCK_PI`) from uninstrumented code, so
/// ThreadSanitizer sees no happens-before edge between two critical sections and reports every
/// hand-over of state stored inside a `Mutex` as a race. Here the state lives next to a
/// `Mutex<Void>`, and each critical section tells the sanitizer that it acquires and releases this
/// object (`__tsan_acquire` / `__tsan_release`, looked up once at run time, absent outside
/// sanitizer builds), so the accesses carry the happens-before edges the mutex really provides.
// NB: `@unchecked Sendable` because `state` is a `var`. It is only read or written inside
// `withLock`, under `mutex`, and `State` is `Sendable`, so values that leave the critical section
// may be shared.
final class Locked<State: Sendable>: @unchecked Sendable {
  private let mutex = Mutex(())
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with exclusive access to the state; `body` must not call back into this lock.
  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    mutex.withLock { _ in
      let hooks = SanitizerHooks.shared
      let token = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
      hooks?.acquire(token)
      defer { hooks?.release(token) }
      return body(&state)
    }
  }
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
