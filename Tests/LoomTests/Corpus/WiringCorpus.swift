import Dispatch
@_spi(LoomInternals) import Loom
import Testing

/// One wiring of the corpus: how it is registered, and the first resolve an app would make.
struct Wiring: Sendable, CustomTestStringConvertible {
  let name: String
  /// Registers the wiring and returns the container the app holds.
  let make: @Sendable () -> Container
  /// The app's first resolve; its error, or nil when it succeeds.
  let firstResolve: @Sendable (Container) async -> ResolutionError?

  var testDescription: String { name }

  /// A wiring whose first resolve is `tryResolve(root)`.
  init<Root: Sendable>(
    _ name: String, resolving root: Root.Type, _ make: @escaping @Sendable (Container) -> Void
  ) {
    let register = { @Sendable (container: Container) -> Container in
      make(container)
      return container
    }
    self.init(name, make: register) { container in resolveError(root, in: container) }
  }

  /// A wiring whose first resolve is `try await tryResolveAsync(root)`.
  init<Root: Sendable>(
    _ name: String, awaiting root: Root.Type, _ make: @escaping @Sendable (Container) -> Void
  ) {
    let register = { @Sendable (container: Container) -> Container in
      make(container)
      return container
    }
    self.init(name, make: register) { container in
      do throws(ResolutionError) {
        _ = try await container.tryResolveAsync(root)
        return nil
      } catch {
        return error
      }
    }
  }

  init(
    _ name: String, make: @escaping @Sendable (Container) -> Container,
    firstResolve: @escaping @Sendable (Container) async -> ResolutionError?
  ) {
    self.name = name
    self.make = { make(Container()) }
    self.firstResolve = firstResolve
  }
}

/// Registers `T` with a closure that resolves `dependency` and declares it, as an app that writes
/// closures and declares their edges would.
func registerNeeding<T: Sendable, D: Sendable>(
  _ container: Container, _ type: T.Type, name: String? = nil, lifetime: Lifetime = .transient,
  _ dependency: D.Type, dependencyName: String? = nil, make: @escaping @Sendable () -> T
) {
  container.register(
    type, name: name, lifetime: lifetime,
    dependencies: [DependencyKey(dependency, name: dependencyName)]
  ) { r in
    _ = try r.tryResolve(dependency, name: dependencyName)
    return make()
  }
}

typealias S = Shop

/// Broken wirings, as users write them: each is a mistake `validate()` must report and the first
/// resolve must meet.
let brokenWirings: [Wiring] = [
  // MARK: Missing, of every kind of key
  Wiring("missing concrete type", resolving: S.Storefront.self) { c in
    c.register(S.Storefront.init)
    c.register(S.Catalog.init)
    c.register(S.Repository.init)
  },
  Wiring("missing protocol", resolving: S.Checkout.self) { c in
    c.register(S.Checkout.init)
  },
  Wiring("missing name, other names registered", resolving: S.Repository.self) { c in
    c.register(S.Database.self, name: "primary") { _ in S.Database() }
    c.register(S.Database.self, name: "replica", dependencies: []) { _ in S.Database() }
    registerNeeding(c, S.Repository.self, S.Database.self, dependencyName: "cache") {
      S.Repository(database: S.Database())
    }
  },
  Wiring("missing name, registered without one", resolving: S.Repository.self) { c in
    c.register(S.Database.init)
    registerNeeding(c, S.Repository.self, S.Database.self, dependencyName: "replica") {
      S.Repository(database: S.Database())
    }
  },
  Wiring("missing unnamed, registered only with a name", resolving: S.Repository.self) { c in
    c.register(S.Database.self, name: "primary", dependencies: []) { _ in S.Database() }
    c.register(S.Repository.init)
  },
  Wiring("key path declared without a default", resolving: S.Checkout.self) { c in
    c.declare(\.corpusPayments)
    c.register(S.Checkout.self, dependencies: [DependencyKey(\Container.corpusPayments)]) { r in
      S.Checkout(gateway: try r.tryResolve(\.corpusPayments))
    }
  },
  Wiring("key path default needs a missing type", resolving: S.Storefront.self) { c in
    c.declare(\.corpusCatalog)
    c.register(S.Storefront.self, dependencies: [DependencyKey(\Container.corpusCatalog)]) { r in
      S.Storefront(catalog: try r.tryResolve(\.corpusCatalog))
    }
    c.register(S.Repository.init)
  },
  Wiring("runtime argument auto-wired", resolving: S.Greeter.self) { c in
    c.register(S.Greeter.init)
  },
  Wiring(
    "parent singleton needs what only the child registers",
    make: { root in
      root.register(lifetime: .singleton, S.Repository.init)
      let child = root.makeChild()
      child.register(S.Database.init)
      return child
    },
    firstResolve: { child in
      resolveError(S.Repository.self, in: child)
    }),
  Wiring(
    "provider of a missing type, used",
    make: { c in
      c.register(S.Banner.init)
      return c
    },
    firstResolve: { c in
      do throws(ResolutionError) {
        let banner = try c.tryResolve(S.Banner.self)
        _ = banner
        _ = try c.tryResolve(Provider<S.User>.self).get()
        return nil
      } catch { return error }
    }),
  Wiring("binding to an unregistered implementation", resolving: S.Checkout.self) { c in
    c.bind((any S.PaymentGateway).self, to: S.StripeGateway.self)
    c.register(S.Checkout.init)
  },
  Wiring("binding to the implementation under the wrong name", resolving: S.Checkout.self) { c in
    c.register(S.StripeGateway.self, name: "live", dependencies: []) { _ in S.StripeGateway() }
    c.bind((any S.PaymentGateway).self, to: S.StripeGateway.self, implementationName: "test")
    c.register(S.Checkout.init)
  },

  // MARK: Cycles of length 1 to 5, and across parent and child
  Wiring("cycle of length 1", resolving: S.Ouroboros.self) { c in
    c.register(S.Ouroboros.init)
  },
  Wiring("cycle of length 2", resolving: S.Chicken.self) { c in
    c.register(S.Chicken.init)
    c.register(lifetime: .singleton, S.Egg.init(chicken:))
  },
  Wiring("cycle of length 3", resolving: S.Rock.self) { c in
    c.register(S.Rock.init)
    c.register(S.Paper.init)
    c.register(S.Scissors.init)
  },
  Wiring("cycle of length 5", resolving: S.Monday.self) { c in
    c.register(S.Monday.init)
    c.register(S.Tuesday.init)
    c.register(lifetime: .singleton, S.Wednesday.init)
    c.register(S.Thursday.init)
    c.register(S.Friday.init)
  },
  Wiring(
    "cycle through a parent transient built in the child",
    make: { root in
      root.register(S.Egg.init(chicken:))
      let child = root.makeChild()
      child.register(lifetime: .singleton, S.Chicken.init)
      return child
    },
    firstResolve: { child in
      resolveError(S.Chicken.self, in: child)
    }),
  Wiring("cycle through a key-path default", resolving: S.Storefront.self) { c in
    c.declare(\.corpusCatalog)
    c.register(S.Storefront.self, dependencies: [DependencyKey(\Container.corpusCatalog)]) { r in
      S.Storefront(catalog: try r.tryResolve(\.corpusCatalog))
    }
    registerNeeding(c, S.Repository.self, S.Storefront.self) {
      S.Repository(database: S.Database())
    }
  },
  Wiring(
    "cycle across threads",
    make: { c in
      let chickenStarted = DispatchSemaphore(value: 0)
      let eggStarted = DispatchSemaphore(value: 0)
      c.register(S.Chicken.self, lifetime: .singleton, dependencies: [DependencyKey(S.Egg.self)]) {
        r in
        chickenStarted.signal()
        _ = eggStarted.wait(timeout: .now() + .seconds(10))
        return S.Chicken(egg: try r.tryResolve(S.Egg.self))
      }
      c.register(S.Egg.self, lifetime: .singleton, dependencies: [DependencyKey(S.Chicken.self)]) {
        r in
        eggStarted.signal()
        _ = chickenStarted.wait(timeout: .now() + .seconds(10))
        return S.Egg(chicken: try r.tryResolve(S.Chicken.self))
      }
      return c
    },
    firstResolve: { c in
      // Two threads: one resolves Chicken, the other Egg; each factory waits for the other to
      // start, so each thread builds one and waits for the other's. The first thread's error.
      crossThreadErrors(c)
    }),

  // MARK: Every captive pair
  Wiring("singleton holds a weak instance", resolving: S.ImageCache.self) { c in
    c.register(lifetime: .singleton, S.ImageCache.init)
    c.register(lifetime: .weak, S.Thumbnail.init)
  },
  Wiring("singleton holds a weak instance through a graph instance", resolving: S.Middleware.self) {
    c in
    c.register(lifetime: .singleton, S.Middleware.init)
    c.register(lifetime: .graph, S.Analytics.init)
    c.register(lifetime: .weak, S.RequestContext.init)
  },
  Wiring("singleton holds a session instance", resolving: S.Profile.self) { c in
    c.register(lifetime: .singleton, S.Profile.init)
    c.register(lifetime: .corpusSession, S.User.init)
  },
  Wiring(
    "singleton holds a flow instance",
    make: { c in
      c.register(lifetime: .singleton, S.Basket.init)
      c.register(lifetime: .corpusFlow, S.Cart.init)
      return c
    },
    firstResolve: { c in
      inFlow {
        resolveError(S.Basket.self, in: c)
      }
    }),
  Wiring(
    "session instance holds a flow instance",
    make: { c in
      c.register(lifetime: .corpusSession, S.Basket.init)
      c.register(lifetime: .corpusFlow, S.Cart.init)
      return c
    },
    firstResolve: { c in
      inFlow {
        resolveError(S.Basket.self, in: c)
      }
    }),
  Wiring("singleton holds an expiring instance", resolving: S.Scheduler.self) { c in
    c.register(lifetime: .singleton, S.Scheduler.init)
    c.register(lifetime: .expiring(after: .seconds(60)), S.Clock.init)
  },
  Wiring("singleton holds a weak instance through a transient", resolving: S.Middleware.self) {
    c in
    c.register(lifetime: .singleton, S.Middleware.init)
    c.register(S.Analytics.init)
    c.register(lifetime: .weak, S.RequestContext.init)
  },
  Wiring("once instance holds a singleton", resolving: S.Scheduler.self) { c in
    c.register(lifetime: .once, S.Scheduler.init)
    c.register(lifetime: .singleton, S.Clock.init)
  },

  // MARK: Async and main-actor mistakes
  Wiring("synchronous resolve of an async dependency", resolving: S.FeatureFlags.self) { c in
    c.register(S.RemoteConfig.self, lifetime: .singleton, dependencies: []) { _ async in
      S.RemoteConfig()
    }
    c.register(S.FeatureFlags.init)
  },
  Wiring("async resolve through a synchronous factory", awaiting: S.FeatureFlags.self) { c in
    c.register(S.RemoteConfig.self, dependencies: []) { _ async in S.RemoteConfig() }
    c.register(S.FeatureFlags.init)
  },
  Wiring(
    "synchronous factory off the main actor needs a main-actor one",
    make: { c in
      c.registerMainActor(S.ScreenModel.self) { _ in S.ScreenModel() }
      c.register(S.Router.init)
      return c
    },
    firstResolve: { c in
      await Task.detached { () async -> ResolutionError? in
        do throws(ResolutionError) {
          _ = try await c.tryResolveAsync(S.Router.self)
          return nil
        } catch { return error }
      }.value
    }),
  Wiring("async factory resolved synchronously at the top", resolving: S.RemoteConfig.self) { c in
    c.register(S.RemoteConfig.self, dependencies: []) { _ async in S.RemoteConfig() }
  },

  // MARK: Bad bindings, duplicates, failing factories, scopes and arguments
  Wiring("binding a class to an unrelated class", resolving: S.Transport.self) { c in
    c.register(S.Pigeon.init)
    c.bind(S.Transport.self, to: S.Pigeon.self)
  },
  Wiring("binding a protocol to a type that does not conform", resolving: S.Checkout.self) { c in
    c.register(S.Pigeon.init)
    c.bind((any S.PaymentGateway).self, to: S.Pigeon.self)
    c.register(S.Checkout.init)
  },
  Wiring(
    "duplicate registration in a container that forbids it",
    make: { _ in
      Container(overridePolicy: .forbid)
    },
    firstResolve: { c in
      do throws(ResolutionError) {
        try c.tryRegistering { c in
          c.register(S.Database.init)
          c.register(S.Database.init)
        }
        return nil
      } catch { return error }
    }),
  Wiring("factory that throws", resolving: S.Repository.self) { c in
    c.register(S.Database.self, lifetime: .singleton, dependencies: []) { _ in
      throw S.Broken()
    }
    c.register(S.Repository.init)
  },
  Wiring("weak lifetime for a value type", resolving: S.Settings.self) { c in
    c.register(lifetime: .weak, S.Settings.init)
  },
  Wiring("registered with an argument, resolved without", resolving: S.OrderDetail.self) { c in
    c.register(S.OrderDetail.self) { (_, id: Int) in S.OrderDetail(id: id) }
  },
  Wiring("auto-wired parameter registered with an argument", resolving: S.OrderPage.self) { c in
    c.register(S.OrderDetail.self) { (_, id: Int) in S.OrderDetail(id: id) }
    c.register(S.OrderPage.init)
  },
  Wiring("flow dependency resolved outside a flow", resolving: S.Basket.self) { c in
    c.register(S.Basket.init)
    c.register(lifetime: .corpusFlow, S.Cart.init)
  },
  Wiring("protocol resolved as its implementation's type", resolving: S.StripeGateway.self) { c in
    c.register((any S.PaymentGateway).self, dependencies: []) { _ in S.StripeGateway() }
  },
  Wiring("missing dependency and a cycle at once", resolving: S.Storefront.self) { c in
    c.register(S.Storefront.init)
    c.register(S.Catalog.init)
    c.register(S.Repository.init)
    c.register(S.Chicken.init)
    c.register(S.Egg.init(chicken:))
  },
  Wiring("captive and async at once", resolving: S.ImageCache.self) { c in
    c.register(lifetime: .singleton, S.ImageCache.init)
    c.register(lifetime: .weak, S.Thumbnail.init)
    c.register(S.RemoteConfig.self, dependencies: []) { _ async in S.RemoteConfig() }
    c.register(S.FeatureFlags.init)
  },
  Wiring(
    "singleton holds a weak instance, with the resolve-time check off",
    make: { c in
      c.checksCaptiveDependencies = false
      c.register(lifetime: .singleton, S.ImageCache.init)
      c.register(lifetime: .weak, S.Thumbnail.init)
      return c
    },
    firstResolve: { c in
      // validate() still reports the pair; only the resolve-time check is off.
      resolveError(S.ImageCache.self, in: c)
    }),
]

/// Correct wirings, some of them tricky: `validate()` must say nothing about any of them, and
/// the first resolve must succeed.
let correctWirings: [Wiring] = [
  Wiring("a chain of auto-wired singletons", resolving: S.Storefront.self) { c in
    c.register(lifetime: .singleton, S.Storefront.init)
    c.register(lifetime: .singleton, S.Catalog.init)
    c.register(S.Repository.init)
    c.register(lifetime: .singleton, S.Database.init)
  },
  Wiring("a cycle broken by Lazy", resolving: S.Parent.self) { c in
    c.register(lifetime: .singleton, S.Parent.init)
    c.register(lifetime: .singleton, S.Child.init)
  },
  Wiring("a cycle broken by Provider", resolving: S.Producer.self) { c in
    c.register(lifetime: .singleton, S.Producer.init)
    c.register(S.Consumer.init)
  },
  Wiring(
    "a child override that reaches a transient",
    make: { root in
      root.register(S.Repository.init)
      root.register(S.Database.self, dependencies: []) { _ in throw S.Broken() }
      let child = root.makeChild()
      child.register(S.Database.init)
      return child
    },
    firstResolve: { child in
      resolveError(S.Repository.self, in: child)
    }),
  Wiring(
    "a parent singleton the child's override cannot reach",
    make: { root in
      // The child's Egg needs Chicken, but the parent's Chicken singleton is built with the
      // parent's Egg: no cycle, whatever the merged graph suggests.
      root.register(lifetime: .singleton, S.Chicken.init)
      root.register(S.Egg.self, dependencies: []) { _ in S.Egg() }
      let child = root.makeChild()
      child.register(S.Egg.init(chicken:))
      return child
    },
    firstResolve: { child in
      do throws(ResolutionError) {
        _ = try child.tryResolve(S.Chicken.self)
        _ = try child.tryResolve(S.Egg.self)
        return nil
      } catch { return error }
    }),
  Wiring(
    "an isolated child builds the parent's singleton with its override",
    make: { root in
      root.register(lifetime: .singleton, S.Repository.init)
      let child = root.makeIsolatedChild()
      child.register(S.Database.init)
      return child
    },
    firstResolve: { child in
      resolveError(S.Repository.self, in: child)
    }),
  Wiring("a key-path default", resolving: S.Scheduler.self) { c in
    c.declare(\.corpusClock)
    c.register(S.Scheduler.self, dependencies: [DependencyKey(\Container.corpusClock)]) { r in
      S.Scheduler(clock: try r.tryResolve(\.corpusClock))
    }
  },
  Wiring("a key path declared without a default, registered", resolving: S.Checkout.self) { c in
    c.declare(\.corpusPayments)
    c.register(\.corpusPayments, dependencies: []) { _ in S.StripeGateway() }
    c.register(S.Checkout.self, dependencies: [DependencyKey(\Container.corpusPayments)]) { r in
      S.Checkout(gateway: try r.tryResolve(\.corpusPayments))
    }
  },
  Wiring("a protocol bound to its registered implementation", resolving: S.Checkout.self) { c in
    c.register(lifetime: .singleton, S.StripeGateway.init)
    c.bind((any S.PaymentGateway).self, to: S.StripeGateway.self)
    c.register(S.Checkout.init)
  },
  Wiring("a class bound to its subclass", resolving: S.Transport.self) { c in
    c.register(S.HTTPTransport.init)
    c.bind(S.Transport.self, to: S.HTTPTransport.self)
  },
  Wiring("named registrations resolved by name", resolving: S.Repository.self) { c in
    c.register(S.Database.self, name: "primary", dependencies: []) { _ in S.Database() }
    registerNeeding(c, S.Repository.self, S.Database.self, dependencyName: "primary") {
      S.Repository(database: S.Database())
    }
  },
  Wiring("an async chain resolved with await", awaiting: S.FeatureFlags.self) { c in
    c.register(S.RemoteConfig.self, lifetime: .singleton, dependencies: []) { _ async in
      S.RemoteConfig()
    }
    c.register(S.FeatureFlags.self, dependencies: [DependencyKey(S.RemoteConfig.self)]) {
      r async throws in
      S.FeatureFlags(config: try await r.tryResolveAsync(S.RemoteConfig.self))
    }
  },
  Wiring("a main-actor model resolved with await", awaiting: S.ScreenModel.self) { c in
    c.registerMainActor(S.ScreenModel.self, lifetime: .singleton, dependencies: []) { _ in
      S.ScreenModel()
    }
  },
  Wiring("a singleton reads the session's user through a provider", resolving: S.Banner.self) {
    c in
    c.register(lifetime: .singleton, S.Banner.init)
    c.register(lifetime: .corpusSession, S.User.init)
  },
  Wiring("a transient holds a weak instance", resolving: S.ImageCache.self) { c in
    c.register(S.ImageCache.init)
    c.register(lifetime: .weak, S.Thumbnail.init)
  },
  Wiring("a weak instance holds a singleton", resolving: S.Scheduler.self) { c in
    c.register(lifetime: .weak, S.Scheduler.init)
    c.register(lifetime: .singleton, S.Clock.init)
  },
  // A graph instance belongs to what it was built into once its resolve ends: never captive.
  Wiring("a singleton holds a graph instance", resolving: S.Analytics.self) { c in
    c.register(lifetime: .singleton, S.Analytics.init)
    c.register(lifetime: .graph, S.RequestContext.init)
  },
  Wiring("a weak instance holds a graph instance", resolving: S.Analytics.self) { c in
    c.register(lifetime: .weak, S.Analytics.init)
    c.register(lifetime: .graph, S.RequestContext.init)
  },
  Wiring("a graph instance shared within one resolve", resolving: S.Middleware.self) { c in
    c.register(S.Middleware.init)
    c.register(lifetime: .graph, S.Analytics.init)
    c.register(lifetime: .graph, S.RequestContext.init)
  },
  Wiring(
    "a flow dependency resolved inside a flow",
    make: { c in
      c.register(S.Basket.init)
      c.register(lifetime: .corpusFlow, S.Cart.init)
      return c
    },
    firstResolve: { c in
      inFlow {
        resolveError(S.Basket.self, in: c)
      }
    }),
  Wiring("a session instance holds a singleton", resolving: S.Profile.self) { c in
    c.register(lifetime: .corpusSession, S.Profile.init)
    c.register(lifetime: .singleton, S.User.init)
  },
  Wiring(
    "a closure that resolves a built singleton through the captured container",
    make: { c in
      c.register(S.Database.self, lifetime: .singleton, dependencies: []) { _ in S.Database() }
      _ = c.resolve(S.Database.self)
      c.register(S.Repository.self) { [c] _ in S.Repository(database: c.resolve(S.Database.self)) }
      // Its first run records what it resolved, as a resolve through its resolver would.
      _ = c.resolve(S.Repository.self)
      return c
    },
    firstResolve: { c in resolveError(S.Repository.self, in: c) }),
  Wiring("a closure that declares it resolves nothing", resolving: S.Database.self) { c in
    c.register(S.Database.self, lifetime: .singleton, dependencies: []) { _ in S.Database() }
  },
  Wiring(
    "a registration with a runtime argument",
    make: { c in
      c.register(S.OrderDetail.self) { (_, id: Int) in S.OrderDetail(id: id) }
      return c
    },
    firstResolve: { c in
      do throws(ResolutionError) {
        _ = try c.tryResolve(S.OrderDetail.self, arguments: 7)
        return nil
      } catch { return error }
    }),
]

/// Runs `body` with a flow's cache current.
func inFlow<Result>(_ body: () throws -> Result) rethrows -> Result {
  try CorpusFlowLifetime.$cache.withValue(InstanceCache()) { try body() }
}

/// Resolves `Chicken` and `Egg` on two threads at once; the error of the thread that resolved
/// `Chicken`.
func crossThreadErrors(_ container: Container) -> ResolutionError? {
  let errors = LockedErrors()
  let done = DispatchGroup()
  for index in 0..<2 {
    done.enter()
    DispatchQueue.global().async {
      do throws(ResolutionError) {
        if index == 0 {
          _ = try container.tryResolve(S.Chicken.self)
        } else {
          _ = try container.tryResolve(S.Egg.self)
        }
      } catch {
        errors.set(index, error)
      }
      done.leave()
    }
  }
  _ = done.wait(timeout: .now() + .seconds(20))
  return errors.get(0)
}

/// Errors by thread index.
final class LockedErrors: Sendable {
  private let errors = Lock<[Int: ResolutionError]>([:])
  func set(_ index: Int, _ error: ResolutionError) { errors.withLock { $0[index] = error } }
  func get(_ index: Int) -> ResolutionError? { errors.withLock { $0[index] } }
}

/// The error of resolving `root` in `container`, or nil when it resolves: the first resolve of
/// most wirings.
func resolveError<Root: Sendable>(_ root: Root.Type, in container: Container) -> ResolutionError? {
  do throws(ResolutionError) {
    _ = try container.tryResolve(root)
    return nil
  } catch {
    return error
  }
}
