/// A synchronous resolve waiting for a slot's creation, told its errors from its own chain.
struct ChainWaiter: SlotWaiter {
  let key: DependencyKey
  let context: ResolutionContext

  var identity: UInt { context.waitIdentity }

  func wait(on creation: PendingInstance) -> WaitGraph.Wait {
    WaitGraph.Wait(creation: creation, key: key, chain: context.keys)
  }

  func cycle(_ loop: [(identity: UInt, wait: WaitGraph.Wait)]) -> ResolutionError {
    .crossThreadCycle(
      loop, viewer: identity, key: key, chain: context.chain(to: key), location: context.location)
  }

  func waited(_ failure: any Error) -> ResolutionError {
    // NB: an engine slot is only filled by the engine's `make`, which throws `ResolutionError`.
    (failure as! ResolutionError).seen(
      by: identity, key: key, chain: context.chain(to: key), location: context.location)
  }

  func asyncPending() -> ResolutionError {
    .asyncPending(key, chain: context.chain(to: key), location: context.location)
  }

  func leavesOpen(_ failure: ResolutionError) -> Bool { failure.isCallersOwn }
}

/// An asynchronous resolve waiting for a slot's creation (its chain copied, as it may hop threads).
struct CopiedChainWaiter: SlotWaiter, Sendable {
  let identity: UInt
  let key: DependencyKey
  let keys: [DependencyKey]
  let location: CodeLocation

  init(key: DependencyKey, context: ResolutionContext) {
    self.identity = context.waitIdentity
    self.key = key
    self.keys = context.keys
    self.location = context.location
  }

  func wait(on creation: PendingInstance) -> WaitGraph.Wait {
    WaitGraph.Wait(creation: creation, key: key, chain: keys)
  }

  func cycle(_ loop: [(identity: UInt, wait: WaitGraph.Wait)]) -> ResolutionError {
    .crossThreadCycle(loop, viewer: identity, key: key, chain: keys + [key], location: location)
  }

  func waited(_ failure: any Error) -> ResolutionError {
    // NB: an engine slot is only filled by the engine's `make`, which throws `ResolutionError`.
    (failure as! ResolutionError).seen(
      by: identity, key: key, chain: keys + [key], location: location)
  }

  func asyncPending() -> ResolutionError {
    .asyncPending(key, chain: keys + [key], location: location)
  }

  func leavesOpen(_ failure: ResolutionError) -> Bool { failure.isCallersOwn }
}

extension ResolutionError {
  /// The cycle error of the refused wait whose loop is `waits`, as `viewer` sees it.
  static func crossThreadCycle(
    _ waits: [(identity: UInt, wait: WaitGraph.Wait)], viewer: UInt, key: DependencyKey,
    chain: [DependencyKey], location: CodeLocation
  ) -> ResolutionError {
    guard let loop = CrossThreadLoop(waits) else {
      // A wait of the loop is not a resolve's (a once-cell's): only this side is known.
      return .cycle(key, chain: chain, acrossThreads: true, location: location)
    }
    return .crossThreadCycle(loop, viewer: viewer, key: key, chain: chain, location: location)
  }
}
