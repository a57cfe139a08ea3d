import Dispatch
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether the caller runs on the main actor, so that a synchronous `@MainActor` factory may run.
///
/// The main actor runs its jobs on the main dispatch queue, which is marked on first use (on Linux
/// that queue is drained on another thread once the main thread calls `dispatchMain()`); code on
/// the main thread outside any queue (the top-level code of an executable) counts too.
enum MainActorCheck {
  private static let key = DispatchSpecificKey<UInt8>()
  private static let marked: Bool = {
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return true
  }()

  /// Whether the caller runs on the main actor.
  static var isCurrent: Bool {
    _ = marked
    return DispatchQueue.getSpecific(key: key) != nil || isMainThread
  }

  #if canImport(Darwin)
    private static var isMainThread: Bool { pthread_main_np() != 0 }
  #else
    /// The main thread's identity, recorded by ``recordMainThread`` before `main` runs.
    static let mainThread = Atomic<UInt>(0)

    private static var isMainThread: Bool {
      mainThread.load(ordering: .acquiring) == WaitIdentity.currentThread
    }
  #endif
}

#if !canImport(Darwin)
  // NB: Glibc has no `pthread_main_np`, and `gettid()` is not visible to Swift. The dynamic loader
  // runs the functions listed in `.init_array` on the main thread, before `main`; this one records
  // which thread that is. (SE-0492: `@section` and `@used` keep the entry in the linked binary.)
  @section(".init_array") @used
  let recordMainThread: @convention(c) () -> Void = {
    MainActorCheck.mainThread.store(WaitIdentity.currentThread, ordering: .releasing)
  }
#endif
