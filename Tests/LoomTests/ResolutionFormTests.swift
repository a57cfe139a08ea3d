import Loom
import Testing

@Suite struct ResolutionFormTests {
  @Test func resolveReturnsTheRegisteredInstance() {
    let container = Container()
    let database = Database()
    container.register(Database.self, instance: database)

    let resolved: Database = container.resolve()

    #expect(resolved === database)
    #expect(container.resolve(Database.self) === database)
  }

  @Test func tryResolveThrowsAResolutionErrorForAnUnregisteredKey() throws {
    let container = Container()

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Database.self)
    }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Database.self))
    #expect(error.chain == [DependencyKey(Database.self)])
  }

  @Test func resolveIfRegisteredReturnsNilWhenTheKeyIsUnregistered() throws {
    let container = Container()

    #expect(try container.resolveIfRegistered(Database.self) == nil)
  }

  @Test func resolveIfRegisteredReturnsNilForAnUnregisteredName() throws {
    let container = Container()
    container.register(Database.self, lifetime: .transient) { _ in Database() }

    #expect(try container.resolveIfRegistered(Database.self, name: "replica") == nil)
    #expect(try container.resolveIfRegistered(Database.self) != nil)
  }

  @Test func resolveIfRegisteredReturnsTheInstanceWhenRegistered() throws {
    let container = Container()
    let database = Database()
    container.register(Database.self, instance: database)

    #expect(try container.resolveIfRegistered(Database.self) === database)
  }

  @Test func resolveIfRegisteredStillThrowsWhenADependencyIsMissing() throws {
    let container = Container()
    container.register(UserService.init)  // needs Database, which nobody registered

    let error = try #require(throws: ResolutionError.self) {
      try container.resolveIfRegistered(UserService.self)
    }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Database.self))
  }

  @Test func resolveIfRegisteredStillThrowsWhenTheFactoryFails() throws {
    let container = Container()
    container.register(Database.self, lifetime: .transient) { _ in throw DiskFull() }

    let error = try #require(throws: ResolutionError.self) {
      try container.resolveIfRegistered(Database.self)
    }

    #expect(error.code == .factoryFailed)
  }

  @Test func resolveIfRegisteredInsideAFactorySeesMissingOptionalDependencies() throws {
    let container = Container()
    container.register(User.self, lifetime: .transient) { r in
      User(id: "anonymous", database: try r.resolveIfRegistered(Database.self))
    }

    #expect(try container.tryResolve(User.self).database == nil)

    container.register(Database.self, lifetime: .transient) { _ in Database() }

    #expect(try container.tryResolve(User.self).database != nil)
  }

  @Test func containerAndResolverShareTheResolvingForms() throws {
    let container = Container()
    container.register(Config.self, instance: Config(label: "shared"))
    container.register(ConfiguredService.self, lifetime: .transient) { r in
      ConfiguredService(config: try label(from: r))
    }

    #expect(try label(from: container) == Config(label: "shared"))
    #expect(try container.tryResolve(ConfiguredService.self).config == Config(label: "shared"))
  }
}

/// A helper written once against `some Resolving`, usable from a container and a resolver.
private func label(from resolver: some Resolving) throws(ResolutionError) -> Config {
  try resolver.tryResolve(Config.self)
}
