/// The instances an ended session or flow dropped, each once, split by the hook they adopt.
struct Teardown<SyncHook, AsyncHook>: Sendable where SyncHook: Sendable, AsyncHook: Sendable {
  /// The instances with a synchronous hook.
  let sync: [SyncHook]
  /// The instances with an asynchronous hook.
  let async: [AsyncHook]

  /// Sorts `dropped` (the values of `InstanceCache.removeAll()`) by hook.
  ///
  /// NB: one object may sit in several cache entries (a protocol registered with the same
  /// lifetime that forwards to the concrete registration); it is told once, so class instances
  /// are deduplicated by identity. Values of other types cannot be shared, so they are not.
  init(_ dropped: [any Sendable]) {
    var seen: Set<ObjectIdentifier> = []
    var sync: [SyncHook] = []
    var async: [AsyncHook] = []
    for value in dropped {
      if type(of: value) is AnyObject.Type,
        !seen.insert(ObjectIdentifier(value as AnyObject)).inserted
      {
        continue
      }
      if let hook = value as? SyncHook { sync.append(hook) }
      if let hook = value as? AsyncHook { async.append(hook) }
    }
    self.sync = sync
    self.async = async
  }
}
