import Loom
import LoomAssembly
import Testing

/// Groups two registrations, to show that a custom component composes with the DSL.
private struct NetworkBasics: RegistrationComponent {
  func register(into container: Container) {
    container.register(Config.self, instance: Config(label: "basics"))
    container.register(lifetime: .singleton, HTTPClient.init)
  }
}

@Suite struct RegistrationDSLTests {
  @Test func singletonTransientAndWeakHaveTheirLifetimes() {
    let container = Container()
    Registrations {
      Singleton(Config.self) { _ in Config(label: "one") }
      Singleton(HTTPClient.self, HTTPClient.init)
      Transient(Request.self) { r in Request(client: try r.tryResolve()) }
      Weak(ImageCache.self) { _ in ImageCache() }
    }
    .register(into: container)

    #expect(container.resolve(HTTPClient.self) === container.resolve(HTTPClient.self))
    #expect(container.resolve(Request.self).client === container.resolve(HTTPClient.self))
    let lifetimes = Dictionary(
      uniqueKeysWithValues: container.graph.nodes.map { ($0.key, $0.lifetime) })
    #expect(lifetimes[DependencyKey(Config.self)] == .singleton)
    #expect(lifetimes[DependencyKey(HTTPClient.self)] == .singleton)
    #expect(lifetimes[DependencyKey(Request.self)] == .transient)
    #expect(lifetimes[DependencyKey(ImageCache.self)] == .weak)
  }

  @Test func weakInstancesAreSharedWhileHeld() {
    let container = Container()
    Registrations { Weak(ImageCache.self, ImageCache.init) }.register(into: container)
    let held = container.resolve(ImageCache.self)
    #expect(container.resolve(ImageCache.self) === held)
  }

  @Test func autoWiredInitializersDeclareTheirEdges() {
    let container = Container()
    Registrations {
      Singleton(Config.self) { _ in Config(label: "x") }
      Singleton(HTTPClient.self, HTTPClient.init)
      Transient((any APIClient).self, LiveAPIClient.init)
      Weak(Payments.self, Payments.init)
    }
    .register(into: container)

    let graph = container.graph
    #expect(
      graph.edges(from: DependencyKey(HTTPClient.self)).map(\.to) == [DependencyKey(Config.self)])
    #expect(
      graph.edges(from: DependencyKey((any APIClient).self)).map(\.to)
        == [DependencyKey(HTTPClient.self)])
    #expect(
      graph.edges(from: DependencyKey(Payments.self)).map(\.to) == [DependencyKey(HTTPClient.self)])
    #expect(container.resolve((any APIClient).self).label == "live")
  }

  @Test func closuresMayDeclareTheirDependencies() {
    let container = Container()
    Registrations {
      Transient(Request.self, dependencies: [DependencyKey(HTTPClient.self)]) { r in
        Request(client: try r.tryResolve())
      }
    }
    .register(into: container)
    #expect(
      container.graph.edges(from: DependencyKey(Request.self)).map(\.to)
        == [DependencyKey(HTTPClient.self)])
  }

  @Test func namedRegistrationsAreDistinct() {
    let container = Container()
    Registrations {
      Singleton(Config.self, name: "eu") { _ in Config(label: "eu") }
      Singleton(Config.self, name: "us") { _ in Config(label: "us") }
    }
    .register(into: container)
    #expect(container.resolve(Config.self, name: "eu").label == "eu")
    #expect(container.resolve(Config.self, name: "us").label == "us")
  }

  @Test func keyPathFormsOverrideTheDeclaredDefault() {
    let container = Container()
    Registrations {
      Transient(\.greeting) { _ in "hi" }
      Singleton(\.clock) { _ in Database(label: "test clock") }
    }
    .register(into: container)
    #expect(container.resolve(\.greeting) == "hi")
    #expect(container.resolve(\.clock).label == "test clock")
    #expect(container.resolve(\.clock) === container.resolve(\.clock))
  }

  @Test func keyPathAutoWiredForm() {
    let container = Container()
    Registrations {
      Singleton(Config.self) { _ in Config(label: "kp") }
      Weak(\.clock) { (config: Config) in Database(label: config.label) }
    }
    .register(into: container)
    let clock = container.resolve(\.clock)
    #expect(clock.label == "kp")
    #expect(container.graph.node(for: DependencyKey(\Container.clock))?.lifetime == .weak)
  }

  @Test func registerTakesAnyLifetimeIncludingACustomOne() {
    let container = Container()
    Registrations {
      Register(Database.self, lifetime: .testSession) { _ in Database(label: "session") }
      Register(Config.self, lifetime: .graph) { _ in Config(label: "graph") }
      Register(ImageCache.self, lifetime: .singleton, ImageCache.init)
    }
    .register(into: container)

    let lifetimes = Dictionary(
      uniqueKeysWithValues: container.graph.nodes.map { ($0.key, $0.lifetime.description) })
    #expect(lifetimes[DependencyKey(Database.self)] == "test-session")
    #expect(lifetimes[DependencyKey(Config.self)] == "graph")
    #expect(lifetimes[DependencyKey(ImageCache.self)] == "singleton")
    #expect(container.resolve(Database.self) === container.resolve(Database.self))
  }

  @Test func registerOnAKeyPathKeepsTheDeclaredLifetimeUnlessGiven() {
    let kept = Container()
    Registrations { Register(\.clock) { _ in Database(label: "kept") } }.register(into: kept)
    #expect(kept.graph.node(for: DependencyKey(\Container.clock))?.lifetime == .singleton)

    let changed = Container()
    Registrations { Register(\.clock, lifetime: .testSession) { _ in Database(label: "changed") } }
      .register(into: changed)
    #expect(
      changed.graph.node(for: DependencyKey(\Container.clock))?.lifetime.description
        == "test-session")
  }

  @Test func asyncFactoriesResolveWithAwait() async throws {
    let container = Container()
    Registrations {
      Singleton(Database.self) { _ async in Database(label: "async") }
      Transient(\.greeting) { _ async in "async hello" }
      Register(Config.self, lifetime: .singleton) { _ async in Config(label: "async config") }
    }
    .register(into: container)
    #expect(try await container.tryResolveAsync(Database.self).label == "async")
    #expect(try await container.tryResolveAsync(\.greeting) == "async hello")
    #expect(container.graph.node(for: DependencyKey(Config.self))?.isAsync == true)
  }

  @Test(arguments: [true, false])
  func controlFlowInsideRegistrations(useMocks: Bool) {
    let regions = ["eu", "us"]
    let extra: Singleton? = useMocks ? Singleton(ImageCache.self, ImageCache.init) : nil
    let container = Container()
    Registrations {
      NetworkBasics()
      if useMocks {
        Singleton((any APIClient).self) { _ in MockAPIClient() }
      } else {
        Singleton((any APIClient).self, LiveAPIClient.init)
      }
      for region in regions {
        Singleton(Config.self, name: region) { _ in Config(label: region) }
      }
      extra
      #if DEBUG || !DEBUG
        Registrations { Transient(Request.self, Request.init) }
      #endif
    }
    .register(into: container)

    #expect(container.resolve((any APIClient).self).label == (useMocks ? "mock" : "live"))
    #expect(container.resolve(Config.self, name: "us").label == "us")
    #expect(container.resolve(Request.self).client.config.label == "basics")
    let hasImageCache = (try? container.tryResolve(ImageCache.self)) != nil
    #expect(hasImageCache == useMocks)
  }

  @Test func dumpPointsAtTheLineOfEachComponent() {
    let container = Container()
    let line = #line
    Registrations {
      Singleton(Config.self) { _ in Config(label: "a") }
      Transient(Request.self, Request.init)
    }
    .register(into: container)
    #expect(
      container.dump() == """
        Container: 2 registrations
          Config   singleton  LoomAssemblyTests/RegistrationDSLTests.swift:\(line + 2)
          Request  transient  LoomAssemblyTests/RegistrationDSLTests.swift:\(line + 3)  depends on HTTPClient
        """)
  }
}
