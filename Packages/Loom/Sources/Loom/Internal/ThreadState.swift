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

/// Per-thread resolution state: the thread's reusable ``ResolutionContext`` and, while a resolve
/// runs, that context as the active one.
///
/// A resolve that starts while another one runs further up the same thread's stack (a factory
/// that calls a captured container, a ``Lazy`` or a ``Provider``) joins it instead of starting
/// afresh, so a cycle through such a call is reported instead of recursing until the stack
/// overflows. Cached hits never touch this state.
@usableFromInline
enum ActiveResolution {
  /// The active context (unretained: the thread's idle slot keeps it alive).
  private static let activeKey = makeKey(destructor: nil)
  /// The thread's own context, retained, released when the thread exits.
  private static let idleKey = makeKey(destructor: { raw in
    #if canImport(Darwin)
      Unmanaged<ResolutionContext>.fromOpaque(raw).release()
    #else
      if let raw { Unmanaged<ResolutionContext>.fromOpaque(raw).release() }
    #endif
  })

  #if canImport(Darwin)
    private typealias Destructor = @convention(c) (UnsafeMutableRawPointer) -> Void
  #else
    private typealias Destructor = @convention(c) (UnsafeMutableRawPointer?) -> Void
  #endif

  private static func makeKey(destructor: Destructor?) -> pthread_key_t {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, destructor)
    precondition(status == 0, "Loom could not create a thread-local key (error \(status))")
    return key
  }

  /// The context of the resolve running on this thread, if any.
  @usableFromInline
  static var current: ResolutionContext? {
    get {
      guard let raw = pthread_getspecific(activeKey) else { return nil }
      return Unmanaged<ResolutionContext>.fromOpaque(raw).takeUnretainedValue()
    }
    set {
      pthread_setspecific(activeKey, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
    }
  }

  /// This thread's reusable context, made on first use.
  static var idle: ResolutionContext {
    if let raw = pthread_getspecific(idleKey) {
      return Unmanaged<ResolutionContext>.fromOpaque(raw).takeUnretainedValue()
    }
    let context = ResolutionContext()
    pthread_setspecific(idleKey, Unmanaged.passRetained(context).toOpaque())
    return context
  }
}
