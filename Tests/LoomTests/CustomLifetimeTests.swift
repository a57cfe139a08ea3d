import Dispatch
@_spi(LoomInternals) import Loom
import Testing

@Suite struct CustomLifetimeTests {
  @Test func taskLocalLifetimeSharesAnInstanceWithinItsCacheOnly() throws {
    let container = Container()
    let made = Counter()
    container.register(Cart.self, lifetime: .request) { _ in
      made.increment()
      return Cart()
    }
    let firstRequest = InstanceCache()
    let secondRequest = InstanceCache()

    let (a, b) = try RequestLifetime.$cache.withValue(firstRequest) {
      (try container.tryResolve(Cart.self), try container.tryResolve(Cart.self))
    }
    let c = try RequestLifetime.$cache.withValue(secondRequest) {
      try container.tryResolve(Cart.self)
    }

    let d = try RequestLifetime.$cache.withValue(firstRequest) {
      try container.tryResolve(Cart.self)
    }

    #expect(a === b)
    #expect(a !== c)
    #expect(d === a)
    #expect(made.value == 2)
    #expect(firstRequest.count == 1)
    #expect(secondRequest.count == 1)
  }

  @Test func aCacheSharedByShortLivedContainersServesEachRegistrationItsOwnInstance() throws {
    // Each container's registrations die with it; a cache that outlives them must never hand a
    // later registration (perhaps made at a reused address) an instance of an earlier one.
    let shared = InstanceCache()
    for round in 0..<200 {
      let container = Container()
      container.register(Int.self, lifetime: .request) { _ in round }
      container.register(String.self, lifetime: .request) { _ in "round \(round)" }

      let (number, text, again) = try RequestLifetime.$cache.withValue(shared) {
        (
          try container.tryResolve(Int.self), try container.tryResolve(String.self),
          try container.tryResolve(Int.self)
        )
      }

      #expect(number == round)
      #expect(text == "round \(round)")
      #expect(again == round)
    }
    #expect(shared.count == 400)
  }

  @Test func aLifetimeThatResolvesTheKeyItPicksACacheForIsACycleNotAStackOverflow() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .custom(SelfResolvingLifetime())) { _ in Cart() }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Cart.self)
    }

    #expect(error.code == .cycle)
    #expect(error.key == DependencyKey(Cart.self))
    #expect(error.chain == [DependencyKey(Cart.self), DependencyKey(Cart.self)])
    #expect(
      error.description.contains(
        "dependency cycle through custom lifetimes: picking a cache for Cart resolved Cart → Cart"))
  }

  @Test func twoLifetimesThatResolveEachOthersKeysAreACycle() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .custom(ResolvingLifetime(resolves: Config.self))) {
      _ in Cart()
    }
    container.register(Config.self, lifetime: .custom(ResolvingLifetime(resolves: Cart.self))) {
      _ in Config(label: "cycle")
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Cart.self)
    }

    #expect(error.code == .cycle)
    #expect(
      error.chain == [
        DependencyKey(Cart.self), DependencyKey(Config.self), DependencyKey(Cart.self),
      ])
    // The question stack unwound: an unrelated custom-lifetime resolve still works.
    container.register(Checkout.self, lifetime: .testSession) { _ in Checkout(cart: Cart()) }
    #expect(throws: Never.self) { try container.tryResolve(Checkout.self) }
  }

  @Test func aLifetimeThatResolvesOtherKeysStillWorks() throws {
    let container = Container()
    container.register(Config.self, instance: Config(label: "tenant"))
    container.register(Cart.self, lifetime: .custom(ResolvingLifetime(resolves: Config.self))) {
      _ in Cart()
    }

    let first = try container.tryResolve(Cart.self)
    let second = try container.tryResolve(Cart.self)

    #expect(first === second)
  }

  @Test func aLifetimeResolvedThroughACapturedContainerInAFactoryNamesTheWholeChain() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .request) { _ in Cart() }
    container.register(Checkout.self) { _ in Checkout(cart: try container.tryResolve(Cart.self)) }

    let error = try #require(throws: ResolutionError.self) {
      // Captured on purpose: the debug warning about it is collected, not printed.
      try collectingRegistrationWarnings { try container.tryResolve(Checkout.self) }
    }

    #expect(error.code == .scopeRequired)
    #expect(error.chain == [DependencyKey(Checkout.self), DependencyKey(Cart.self)])
  }

  @Test func taskLocalLifetimeWithoutItsScopeThrowsScopeRequiredWithTheChain() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .request) { _ in Cart() }
    container.register(Checkout.init)

    let error = try #require(throws: ResolutionError.self) {
      // Captured on purpose: the debug warning about it is collected, not printed.
      try collectingRegistrationWarnings { try container.tryResolve(Checkout.self) }
    }

    #expect(error.code == .scopeRequired)
    #expect(error.key == DependencyKey(Cart.self))
    #expect(error.chain == [DependencyKey(Checkout.self), DependencyKey(Cart.self)])
    #expect(error.path == "Checkout → Cart")
  }

  @Test func perContainerLifetimeKeepsInstancesInTheContainersCache() throws {
    let container = Container()
    let made = Counter()
    container.register(Cart.self, lifetime: .testSession) { _ in
      made.increment()
      return Cart()
    }

    let first = try container.tryResolve(Cart.self)
    let second = try container.tryResolve(Cart.self)

    #expect(first === second)
    #expect(made.value == 1)
    #expect(container.instanceCache(for: TestSessionLifetime.cacheIdentifier).count == 1)
  }

  @Test func removeAllDropsInstancesReturnsTheirValuesAndBumpsTheGeneration() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .testSession) { _ in Cart() }
    container.register(Config.self, lifetime: .testSession) { _ in Config(label: "session") }
    let cache = container.instanceCache(for: TestSessionLifetime.cacheIdentifier)
    let cart = try container.tryResolve(Cart.self)
    _ = try container.tryResolve(Config.self)
    let generation = cache.generation
    #expect(cache.count == 2)

    let dropped = cache.removeAll()

    #expect(dropped.count == 2)
    #expect(dropped.contains { ($0 as? Cart) === cart })
    #expect(dropped.contains { ($0 as? Config) == Config(label: "session") })
    #expect(cache.generation == generation + 1)
    #expect(cache.count == 0)
    #expect(try container.tryResolve(Cart.self) !== cart)
  }

  @Test func removeAllOnAnEmptyCacheReturnsNothingButStillBumpsTheGeneration() {
    let cache = InstanceCache()
    let generation = cache.generation

    #expect(cache.removeAll().isEmpty)
    #expect(cache.generation == generation + 1)
  }

  @Test func injectedPropertyResolvesAgainAfterItsInstanceWasRemoved() throws {
    let container = Container()
    let made = Counter()
    container.register(Cart.self, lifetime: .testSession) { _ in
      made.increment()
      return Cart()
    }
    let holder = CartHolder(container: container)

    let first = holder.cart
    #expect(holder.cart === first)
    #expect(made.value == 1)

    container.instanceCache(for: TestSessionLifetime.cacheIdentifier).removeAll()

    let second = holder.cart
    #expect(second !== first)
    #expect(holder.cart === second)
    #expect(made.value == 2)
  }

  @Test func instanceCacheIsTheSameObjectPerIdentifierAndContainer() {
    let container = Container()
    let child = container.makeChild()

    #expect(container.instanceCache(for: "a") === container.instanceCache(for: "a"))
    #expect(container.instanceCache(for: "a") !== container.instanceCache(for: "b"))
    #expect(container.instanceCache(for: "a") !== child.instanceCache(for: "a"))
  }

  @Test func customLifetimeFactoryRunsOncePerCacheAcrossThreads() throws {
    let container = Container()
    let made = Counter()
    container.register(Cart.self, lifetime: .testSession) { _ in
      made.increment()
      return Cart()
    }
    let seen = Lock<[ObjectIdentifier]>([])

    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      if let cart = try? container.tryResolve(Cart.self) { seen.append(ObjectIdentifier(cart)) }
    }

    #expect(made.value == 1)
    #expect(seen.value.count == 16)
    #expect(Set(seen.value).count == 1)
  }

  @Test func customLifetimesDescribeThemselvesAndCompareByTypeAndName() {
    #expect(Lifetime.request.description == "request")
    #expect(Lifetime.testSession.description == "test-session")
    #expect(Lifetime.request == Lifetime.custom(RequestLifetime()))
    #expect(Lifetime.request != Lifetime.testSession)
    #expect(Lifetime.request.rank == LifetimeRank(50))
    #expect(Lifetime.request.isCached)
  }
}

/// Holds a `.testSession` instance through `@Injected`.
private final class CartHolder {
  @Injected var cart: Cart

  init(container: Container) {
    _cart = Injected(container: container)
  }
}

/// A lifetime that resolves the key it picks a cache for: a programming error.
private struct SelfResolvingLifetime: CustomLifetime {
  var name: String { "self-resolving" }
  var rank: LifetimeRank { LifetimeRank(900) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    _ = try context.requester.tryResolve(Cart.self)
    return context.requester.instanceCache(for: "self-resolving")
  }
}

/// A per-container lifetime that resolves another key first (say, to find the tenant).
private struct ResolvingLifetime<Other: Sendable>: CustomLifetime {
  let resolves: Other.Type

  var name: String { "resolving" }
  var rank: LifetimeRank { LifetimeRank(900) }

  func instanceCache(for context: LifetimeContext) throws(ResolutionError)
    -> InstanceCache
  {
    _ = try context.requester.tryResolve(Other.self)
    return context.requester.instanceCache(for: "resolving")
  }
}
