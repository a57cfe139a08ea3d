public import Loom

extension Container {
  /// Ends this container's session: drops every session instance and tells those that adopt
  /// ``SessionScoped``; the registrations stay.
  ///
  /// Each dropped ``SessionScoped`` instance is told once, outside any lock, before this method
  /// returns; an ``AsyncSessionScoped`` one is told in an unstructured task that this method
  /// starts and does not await (use `await endSession()` to wait for it). The next resolve of a
  /// session dependency makes a new instance, and an `@Injected` property that holds a session
  /// instance resolves the new one on its next access.
  ///
  /// Only this container's session ends: a child container has its own.
  ///
  /// Races are settled by `InstanceCache.removeAllWaitingForCreations()`: an instance whose
  /// creation is in flight when the session ends is waited for and told with the others (so this
  /// method blocks until those factories return; one running on the calling thread, a factory
  /// that ends its own session, is not waited for), and no resolve that finishes after this
  /// method returned hands out an instance of the ended session.
  ///
  /// ```swift
  /// func logOut() {
  ///   container.endSession()
  /// }
  /// ```
  public func endSession() {
    Teardown<any SessionScoped, any AsyncSessionScoped>(
      instanceCache(for: SessionLifetime.cacheIdentifier).removeAllWaitingForCreations()
    ).tell({ $0.sessionDidEnd() }, startingAsync: { await $0.sessionDidEnd() })
  }

  /// Ends this container's session and awaits the teardown of every instance it drops.
  ///
  /// Like `endSession()`, but it waits for creations in flight without blocking a thread, and it
  /// also awaits ``AsyncSessionScoped/sessionDidEnd()`` on each
  /// dropped instance that adopts ``AsyncSessionScoped``, one after another, before it returns.
  ///
  /// ```swift
  /// func logOut() async {
  ///   await container.endSession()
  ///   await showLogin()
  /// }
  /// ```
  public func endSession() async {
    await Teardown<any SessionScoped, any AsyncSessionScoped>(
      await instanceCache(for: SessionLifetime.cacheIdentifier).removeAllWaitingForCreations()
    ).tell({ $0.sessionDidEnd() }, awaiting: { await $0.sessionDidEnd() })
  }
}
