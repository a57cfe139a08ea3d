#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The identity of the calling thread, used to tell a re-entrant wait (a thread about to wait for
/// work that it is itself doing further up its stack) from a wait on another thread.
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}

/// The resolution running on the calling thread, if any.
///
/// A resolve that starts while another one runs further up the same thread's stack (a factory
/// that calls a captured container, a ``Lazy`` or a ``Provider``) joins it instead of starting
/// afresh, so a cycle through such a call is reported instead of recursing until the stack
/// overflows. Only resolves that reach the slow path read or write it; cached hits never do.
enum ActiveResolution {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "Loom could not create its thread-local key (\(status))")
    return key
  }()

  /// The context running on this thread. The pointer is unretained: a context is only installed
  /// while the frame that owns it is on the stack.
  static var current: ResolutionContext? {
    guard let raw = pthread_getspecific(key) else { return nil }
    return Unmanaged<ResolutionContext>.fromOpaque(raw).takeUnretainedValue()
  }

  /// Installs `context` for the duration of `body`, then restores what was there.
  static func run<Result, Failure: Error>(
    _ context: ResolutionContext, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(context).toOpaque())
    defer { pthread_setspecific(key, previous) }
    return try body()
  }
}
