import Dispatch

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

/// Whether the caller runs on the main actor, so a `@MainActor` factory may run synchronously.
///
/// The main actor runs its jobs on the main dispatch queue, which is marked on first use; code on
/// the main thread outside any queue (top-level code of an executable) counts too. Only asked when
/// a `@MainActor` factory is about to run synchronously.
func isOnMainActor() -> Bool {
  _ = MainQueueMark.installed
  if DispatchQueue.getSpecific(key: MainQueueMark.key) != nil { return true }
  #if canImport(Darwin)
    return pthread_main_np() != 0
  #else
    // NB: `gettid()` is not visible to Swift through Glibc's module map. The kernel names the
    // calling thread in the link `/proc/thread-self` → "<pid>/task/<tid>"; the main thread's
    // tid is the process id.
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard count > 0 else { return false }
    let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let tid = link.split(separator: "/").last.flatMap({ Int32($0) }) else { return false }
    return tid == getpid()
  #endif
}

/// A mark on the main dispatch queue, read back to tell whether code runs on it.
private enum MainQueueMark {
  static let key = DispatchSpecificKey<UInt8>()
  static let installed: Bool = {
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return true
  }()
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
  private static let activeKey = makeThreadKey(destructor: nil)
  /// The thread's own context, retained, released when the thread exits.
  private static let idleKey = makeThreadKey(destructor: { raw in
    #if canImport(Darwin)
      Unmanaged<ResolutionContext>.fromOpaque(raw).release()
    #else
      if let raw { Unmanaged<ResolutionContext>.fromOpaque(raw).release() }
    #endif
  })

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

#if canImport(Darwin)
  /// What a thread-local key calls with its value when a thread exits.
  typealias ThreadKeyDestructor = @convention(c) (UnsafeMutableRawPointer) -> Void
#else
  /// What a thread-local key calls with its value when a thread exits.
  typealias ThreadKeyDestructor = @convention(c) (UnsafeMutableRawPointer?) -> Void
#endif

/// A new thread-local key; traps if the system has none left (a process gets hundreds).
private func makeThreadKey(destructor: ThreadKeyDestructor?) -> pthread_key_t {
  var key = pthread_key_t()
  let status = pthread_key_create(&key, destructor)
  precondition(status == 0, "Loom could not create a thread-local key (error \(status))")
  return key
}

/// The registrations whose ``CustomLifetime`` is being asked for a cache on this thread.
///
/// A lifetime is asked outside any resolution frame, so a lifetime that resolves, while it is
/// asked, the key it picks a cache for (directly or through other custom-lifetime keys) would
/// recurse until the stack overflows; recording the questions lets the core report that as a cycle
/// instead. The record is a list threaded through the stack frames of the questions in progress
/// (a thread-local holds the innermost), so asking costs no allocation. A lifetime is asked
/// synchronously, so a question starts and ends on one thread.
enum LifetimeQuestions {
  /// One question in progress, in the stack frame of ``asking(_:location:_:)``.
  private struct Question {
    let registration: UnsafeRawPointer
    let outer: UnsafeRawPointer?
  }

  private static let innermost = makeThreadKey(destructor: nil)

  /// Runs `body` (which asks the lifetime of `registration`) with the question recorded, or
  /// throws the cycle if the same question is already in progress on this thread.
  static func asking<Result>(
    _ registration: Registration, location: CodeLocation,
    _ body: () throws(ResolutionError) -> Result
  ) throws(ResolutionError) -> Result {
    let outer = UnsafeRawPointer(pthread_getspecific(innermost))
    let address = UnsafeRawPointer(Unmanaged.passUnretained(registration).toOpaque())
    var cursor = outer
    while let question = cursor?.assumingMemoryBound(to: Question.self).pointee {
      if question.registration == address {
        throw cycle(at: registration, from: outer, location: location)
      }
      cursor = question.outer
    }
    var question = Question(registration: address, outer: outer)
    return try withUnsafeMutablePointer(to: &question) {
      pointer throws(ResolutionError) -> Result in
      pthread_setspecific(innermost, pointer)
      defer { pthread_setspecific(innermost, outer) }
      return try body()
    }
  }

  /// The cycle error for asking about `registration` again, with the questions from `innermost`
  /// outwards.
  private static func cycle(
    at registration: Registration, from innermost: UnsafeRawPointer?, location: CodeLocation
  ) -> ResolutionError {
    var asked: [DependencyKey] = []
    var cursor = innermost
    while let question = cursor?.assumingMemoryBound(to: Question.self).pointee {
      asked.append(
        Unmanaged<Registration>.fromOpaque(question.registration).takeUnretainedValue().key)
      cursor = question.outer
    }
    return .lifetimeCycle(registration.key, asked: asked.reversed(), location: location)
  }
}
