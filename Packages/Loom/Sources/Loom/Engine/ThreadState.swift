#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What one thread knows of the synchronous resolves running on it: Loom's one per-thread slot.
///
/// A synchronous resolve runs from start to end on one thread without suspending, so the thread
/// is where it can be found by the resolves that start further down the same stack (a factory that
/// calls a captured container, a ``Lazy``, a property wrapper made inside a factory), which join
/// it instead of starting afresh, and where the context of a finished resolve can wait to be used
/// again, so that a top-level resolve allocates no context.
///
/// Modelled on swift-nio's `ThreadSpecificVariable`: one `pthread_key_t`, made once for the
/// process, holds a retained ``ThreadState`` per thread; the key's destructor releases it when the
/// thread ends. Only its own thread ever touches a state, so it needs no lock.
final class ThreadState {
  /// The synchronous resolve running on this thread, if any.
  ///
  /// `unowned(unsafe)` and unchecked: set by ``run(_:_:)`` for the duration of a call that holds
  /// the context strongly, and read only on this thread (see the type's proof).
  @exclusivity(unchecked) private(set) unowned(unsafe) var active: ResolutionContext?
  /// A finished context no one else holds, ready for the next top-level resolve on this thread.
  @exclusivity(unchecked) private var spare: ResolutionContext?

  private init() {}

  /// The state of the calling thread, made on first use.
  static var current: ThreadState {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
    }
    let state = ThreadState()
    // The retain is released by the key's destructor when the thread ends.
    pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
    return state
  }

  /// The key of every thread's state; its destructor releases the state of a thread that ends.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let made = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<ThreadState>.fromOpaque(pointer).release()
      #else
        guard let pointer else { return }
        Unmanaged<ThreadState>.fromOpaque(pointer).release()
      #endif
    }
    precondition(made == 0, "pthread_key_create failed: \(made)")
    return key
  }()

  /// The synchronous resolve running on this thread that a new resolve may join: the active one,
  /// while it is open.
  var joinable: ResolutionContext? {
    guard let active, active.isOpen else { return nil }
    return active
  }

  /// Runs `body` with `context` as this thread's active resolve, then restores the previous one.
  func run<Value>(
    _ context: ResolutionContext, _ body: () throws(ResolutionError) -> Value
  ) throws(ResolutionError) -> Value {
    let outer = active
    active = context
    defer { active = outer }
    return try body()
  }

  /// A context for a new top-level synchronous resolve: the spare one when there is one.
  func takeContext() -> ResolutionContext? {
    guard let context = spare else { return nil }
    spare = nil
    return context
  }

  /// Keeps `context`, which has finished, for the next top-level resolve, unless something else
  /// still holds it (a ``Resolver`` kept past its factory must keep seeing it finished).
  func recycle(_ context: inout ResolutionContext) {
    guard spare == nil, isKnownUniquelyReferenced(&context) else { return }
    spare = context
  }
}
