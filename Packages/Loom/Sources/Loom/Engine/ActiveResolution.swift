/// The synchronous resolve running on the current thread, bound to a task-local for the duration
/// of a top-level synchronous resolve.
///
/// A resolve that starts while another one runs further up the same stack (a factory that calls a
/// captured container, a ``Lazy``, a ``Provider``) joins it, so a cycle through such a call is
/// reported instead of recursing until the stack overflows, `.graph` instances are shared, and a
/// property wrapper made inside a factory captures the container building it.
// NB: `@unchecked Sendable` because `ResolutionContext` is not Sendable. A task-local value is
// visible to the synchronous code of the binding scope and is copied into tasks created there,
// which may run on other threads. The context is only ever used where `thread` equals the calling
// thread: there the binding scope is running on that very thread (its code is synchronous, so
// nothing else runs on the thread until it returns), or it has returned and `finished`, written
// earlier on the same thread, is true. Other threads read only the immutable `thread`.
struct ActiveResolution: @unchecked Sendable {
  @TaskLocal static var current: ActiveResolution?

  let context: ResolutionContext
  let thread: UInt

  /// The context of the synchronous resolve running on this thread, if any.
  static var joinable: ResolutionContext? {
    guard let active = current, active.thread == WaitIdentity.currentThread,
      active.context.isOpen
    else { return nil }
    return active.context
  }

  /// Runs `body` with `context` as this thread's active resolve.
  static func run<Value>(
    _ context: ResolutionContext, _ body: () throws(ResolutionError) -> Value
  ) throws(ResolutionError) -> Value {
    let active = ActiveResolution(context: context, thread: WaitIdentity.currentThread)
    do {
      return try $current.withValue(active) { try body() }
    } catch {
      // NB: `TaskLocal.withValue` rethrows untyped; `body` throws only `ResolutionError`.
      throw error as! ResolutionError
    }
  }
}
