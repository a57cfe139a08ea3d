/// Runs `resolve` so that the registrations being built on this thread, if any, are not taken as
/// holders of what it resolves: the captive check (``ResolutionContext/checkCaptive(_:)``) skips
/// them.
///
/// For the resolves whose value none of them keeps past its lifetime: a ``Lazy`` or a ``Provider``
/// used while its owner is built, and a property wrapper read in an initializer a factory runs. A
/// wrapper that keeps what it resolved (``Injected``, ``OptionalInjected``) resolves again once
/// that instance's custom lifetime ended, ``DynamicInjected`` keeps nothing and ``WeakInjected``
/// does not keep its instance alive, so a singleton that reads a session-scoped property while it
/// is built does not hold the session's instance captive.
func resolvingUnheld<Value>(_ resolve: () throws(ResolutionError) -> Value)
  throws(ResolutionError) -> Value
{
  guard let active = ThreadState.current.joinable else { return try resolve() }
  let floor = active.captiveFloor
  active.captiveFloor = active.frames.count
  defer { active.captiveFloor = floor }
  return try resolve()
}
