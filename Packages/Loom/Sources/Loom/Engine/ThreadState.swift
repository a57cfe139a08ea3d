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
  /// The lowest address of this thread's stack that a resolve may reach before it stops with
  /// ``ResolutionError/Code/tooDeep``: the stack's end plus ``stackReserve``; 0 when the stack's
  /// bounds are unknown.
  let stackFloor: UInt

  /// How much of a thread's stack a resolve leaves unused: room for one more level (about
  /// 4.5 KiB in release builds and 17 KiB in debug ones, measured on Linux x86_64, more under
  /// AddressSanitizer), for a factory's own work at the deepest level, and for building and
  /// throwing the error.
  static let stackReserve: UInt = 96 * 1024

  private init() {
    stackFloor = Self.stackEnd().map { $0 + Self.stackReserve } ?? 0
  }

  /// An address in the caller's frame: how far down the thread's stack it runs.
  ///
  /// NB: the address of a dynamic allocation of `size` bytes (pass 1, read from memory), not of a
  /// local variable: AddressSanitizer moves locals whose address is taken, and allocations of a
  /// size known when compiling, to a "fake stack" on the heap, so their address says nothing about
  /// the thread's stack; a dynamic one stays on it.
  @inline(__always)
  static func stackPosition(size: Int) -> UInt {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) {
      UInt(bitPattern: $0.baseAddress)
    }
  }

  /// The lowest address of the calling thread's stack, when the system tells it.
  private static func stackEnd() -> UInt? {
    #if canImport(Darwin)
      let thread = pthread_self()
      let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
      let size = UInt(pthread_get_stacksize_np(thread))
      return top > size ? top - size : nil
    #else
      // NB: `pthread_getattr_np` is a GNU extension the Glibc module does not show to Swift;
      // it is looked up by name, as the sanitizer hooks are.
      typealias GetAttributes =
        @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> CInt
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np")
      else { return nil }
      let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
      var attributes = pthread_attr_t()
      guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
      defer { pthread_attr_destroy(&attributes) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else {
        return nil
      }
      return UInt(bitPattern: address)
    #endif
  }

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
    _ context: ResolutionContext, _ body: (ResolutionContext) throws(ResolutionError) -> Value
  ) throws(ResolutionError) -> Value {
    let outer = active
    active = context
    defer { active = outer }
    return try body(context)
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
