extension Lifetime {
  /// A cached lifetime whose instance expires `duration` after it was made: the next resolve
  /// after that makes a new one (Factory's `timeToLive`).
  ///
  /// The instance is kept per registration in the container that resolves it, like a custom
  /// lifetime's (it is one: an ``InstanceCache`` per registration, emptied when the time is up),
  /// so the factory still runs exactly once per instance however many threads race, and
  /// ``Container/reset(_:)->()`` drops it like any other cached instance. Time is read from `clock`
  /// when the instance is asked for; pass a clock you control to test expiry without waiting.
  ///
  /// Its rank sits just above ``weak``: a singleton, a session or a flow instance that holds an
  /// expiring one would keep it past its expiry, and is reported as captive.
  ///
  /// ```swift
  /// container.register(AccessToken.self, lifetime: .expiring(after: .seconds(300))) { r in
  ///   try r.tryResolve(\.authService).freshToken()
  /// }
  ///
  /// // In a test, with a clock the test advances:
  /// let clock = TestClock()  // a Clock of your own that the test advances
  /// container.register(AccessToken.self, lifetime: .expiring(after: .seconds(300), clock: clock)) {
  ///   _ in AccessToken.random()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long an instance lives after it was made.
  ///   - clock: The clock that measures it; the continuous clock unless given.
  /// - Returns: The lifetime, named `expiring after <duration>` in dumps and messages.
  public static func expiring<C: Clock>(
    after duration: Duration, clock: C = ContinuousClock()
  ) -> Lifetime where C.Duration == Duration {
    let start = clock.now
    return .custom(
      ExpiringLifetime(duration: duration, elapsed: { start.duration(to: clock.now) }))
  }
}

/// The lifetime behind ``Lifetime/expiring(after:clock:)``.
struct ExpiringLifetime: CustomLifetime {
  let duration: Duration
  /// The time since the lifetime was made, on its clock.
  let elapsed: @Sendable () -> Duration

  var name: String { "expiring after \(duration)" }

  var rank: LifetimeRank { LifetimeRank(300) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError) -> InstanceCache {
    context.owner.extensionStorage(of: ExpiringInstances.self) { ExpiringInstances() }
      .cache(for: context.registration, in: context.owner, duration: duration, now: elapsed)
  }
}

/// The caches of one container's expiring registrations, one per registration, with the time
/// each instance expires.
final class ExpiringInstances: Sendable {
  private struct Item {
    let cache: InstanceCache
    /// When the instance in the cache expires, on the lifetime's clock.
    var deadline: Duration
  }

  private let items = Lock<[ObjectIdentifier: Item]>([:])

  /// The cache of `registration`, emptied first if its instance has expired by the time `elapsed`
  /// reads (the time since the lifetime was made).
  ///
  /// An empty cache is about to make an instance: its deadline starts now. Emptying it advances
  /// its generation, so a resolve that fetched the expired instance meanwhile tries again.
  func cache(
    for registration: Registration, in owner: Container, duration: Duration,
    now elapsed: () -> Duration
  ) -> InstanceCache {
    // NB: made outside `items`' lock: `instanceCache(for:)` takes the container's lock.
    let identifier = "loom.expiring \(registration.key) \(ObjectIdentifier(registration))"
    let existing = items.withLock { $0[ObjectIdentifier(registration)]?.cache }
    let cache = existing ?? owner.instanceCache(for: identifier)
    let expired = items.withLock { items -> Bool in
      // NB: the time is read under the lock, so that the deadlines set in lock order never go
      // back: a time read before another thread's newer deadline would restart the period early
      // and let two instances be made in it.
      let now = elapsed()
      let id = ObjectIdentifier(registration)
      var item = items[id] ?? Item(cache: cache, deadline: now + duration)
      var expired = false
      if item.cache.box(of: registration) == nil {
        item.deadline = now + duration
      } else if now >= item.deadline {
        expired = true
        item.deadline = now + duration
      }
      items[id] = item
      return expired
    }
    if expired { cache.removeAll() }
    return cache
  }
}
