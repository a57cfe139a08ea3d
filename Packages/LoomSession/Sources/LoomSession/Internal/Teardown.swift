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
  /// with a hook are deduplicated by identity. Values of other types cannot be shared, so they
  /// are not. Whether a type adopts a hook is asked once per type: a dynamic cast costs far more
  /// than the dictionary lookup that replaces it for the next instances of the same type.
  init(_ dropped: [any Sendable]) {
    var adopts: [ObjectIdentifier: (sync: Bool, async: Bool)] = [:]
    var seen: Set<ObjectIdentifier> = []
    var sync: [SyncHook] = []
    var async: [AsyncHook] = []
    for value in dropped {
      let type = ObjectIdentifier(Swift.type(of: value))
      if let known = adopts[type], !known.sync, !known.async { continue }
      let syncHook = value as? SyncHook
      let asyncHook = value as? AsyncHook
      adopts[type] = (syncHook != nil, asyncHook != nil)
      if syncHook == nil, asyncHook == nil { continue }
      if Swift.type(of: value) is AnyObject.Type,
        !seen.insert(ObjectIdentifier(value as AnyObject)).inserted
      {
        continue
      }
      if let syncHook { sync.append(syncHook) }
      if let asyncHook { async.append(asyncHook) }
    }
    self.sync = sync
    self.async = async
  }

  /// Tells the instances with a synchronous hook now, and those with an asynchronous hook in a
  /// task of their own (for the synchronous end of a session or flow, which cannot await).
  func tell(
    _ syncHook: (SyncHook) -> Void,
    startingAsync asyncHook: @escaping @Sendable (AsyncHook) async -> Void
  ) {
    for instance in sync { syncHook(instance) }
    let pending = async
    guard !pending.isEmpty else { return }
    Task {
      for instance in pending { await asyncHook(instance) }
    }
  }

  /// Tells every instance and awaits the asynchronous hooks, one after another.
  func tell(
    _ syncHook: (SyncHook) -> Void, awaiting asyncHook: (AsyncHook) async -> Void
  ) async {
    for instance in sync { syncHook(instance) }
    for instance in async { await asyncHook(instance) }
  }
}
