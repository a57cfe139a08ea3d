@_spi(LoomInternals) import Loom
import Testing

@Suite struct RegistrationTests {
  // MARK: Factories

  @Test func factoryReceivesAResolverForItsDependencies() throws {
    let container = Container()
    let seenContainer = Lock<Container?>(nil)
    container.register(Database.self, instance: Database(label: "registered"))
    container.register(UserService.self, lifetime: .transient) { r in
      seenContainer.withLock { $0 = r.container }
      return UserService(database: try r.tryResolve())
    }

    let service = try container.tryResolve(UserService.self)

    #expect(service.database.label == "registered")
    #expect(seenContainer.value === container)
  }

  @Test func throwingFactoryFailsWithFactoryFailedAndTheUnderlyingError() throws {
    let container = Container()
    container.register(Database.self, lifetime: .transient) { _ in throw DiskFull() }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Database.self)
    }

    #expect(error.code == .factoryFailed)
    #expect(error.key == DependencyKey(Database.self))
    let underlying = try #require(error.underlying as? DiskFull)
    #expect(underlying == DiskFull())
  }

  @Test func throwingAutowiredInitializerFailsWithFactoryFailed() throws {
    let container = Container()
    container.register(Config.self, instance: Config(label: "bad"))
    container.register(ConfiguredService.self) { (config: Config) throws -> ConfiguredService in
      throw DiskFull()
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(ConfiguredService.self)
    }

    #expect(error.code == .factoryFailed)
    #expect(error.underlying is DiskFull)
  }

  // MARK: A factory registered without a lifetime

  // NB: these use the form the documentation shows first, `register(T.self) { r in ... }` with no
  // `lifetime:` argument. The rest of the suite states `lifetime: .transient`, so that each test
  // checks its own behaviour whichever overload this shorter form ends up calling.

  @Test func factoryRegisteredWithoutALifetimeIsATransient() throws {
    let container = Container()
    container.register(Clock.self) { _ in Clock() }

    let first = try container.tryResolve(Clock.self)
    let second = try container.tryResolve(Clock.self)

    #expect(first !== second)
  }

  @Test func namedFactoryRegisteredWithoutALifetimeResolves() throws {
    let container = Container()
    container.register(Config.self, name: "beta") { _ in Config(label: "beta") }

    #expect(try container.tryResolve(Config.self, name: "beta") == Config(label: "beta"))
  }

  @Test func factoryRegisteredWithoutALifetimeSatisfiesAutowiredParameters() throws {
    let container = Container()
    container.register(Database.self) { _ in Database(label: "plain") }
    container.register(UserService.init)

    #expect(try container.tryResolve(UserService.self).database.label == "plain")
  }

  // MARK: Auto-wired initializers

  @Test func autowiredInitializerInfersItsType() throws {
    let container = Container()
    container.register(Database.self, instance: Database(label: "registered"))
    container.register(UserService.init)

    let first = try container.tryResolve(UserService.self)
    let second = try container.tryResolve(UserService.self)

    #expect(first.database.label == "registered")
    #expect(first !== second)  // transient unless stated
  }

  @Test func autowiredInitializerWithTypeAndLifetime() throws {
    let container = Container()
    container.register(Database.self, lifetime: .transient) { _ in Database() }
    container.register(UserService.self, lifetime: .singleton, UserService.init)

    #expect(try container.tryResolve(UserService.self) === container.tryResolve(UserService.self))
  }

  @Test func autowiredInitializerWithLifetimeOnly() throws {
    let container = Container()
    container.register(lifetime: .singleton, Clock.init)

    #expect(try container.tryResolve(Clock.self) === container.tryResolve(Clock.self))
  }

  @Test func autowiredInitializerWithNoParameters() throws {
    let container = Container()
    container.register(Metrics.init)

    #expect(try container.tryResolve(Metrics.self) !== container.tryResolve(Metrics.self))
  }

  @Test func autowiredInitializerWithOneParameter() throws {
    let container = Container()
    container.register(lifetime: .singleton, Clock.init)
    container.register(Logger.init)

    let logger = try container.tryResolve(Logger.self)

    #expect(try logger.clock === container.tryResolve(Clock.self))
  }

  @Test func autowiredInitializerWithFiveParameters() throws {
    let container = Container()
    let database = Database(label: "five")
    container.register(lifetime: .singleton, Clock.init)
    container.register(Logger.init)
    container.register(Config.self, instance: Config(label: "five"))
    container.register(Database.self, instance: database)
    container.register(lifetime: .singleton, Metrics.init)
    container.register(Dashboard.init)

    let dashboard = try container.tryResolve(Dashboard.self)

    #expect(try dashboard.clock === container.tryResolve(Clock.self))
    #expect(dashboard.logger.clock === dashboard.clock)
    #expect(dashboard.config == Config(label: "five"))
    #expect(dashboard.database === database)
    #expect(try dashboard.metrics === container.tryResolve(Metrics.self))
  }

  @Test func autowiredInitializerWithAMissingParameterFailsNamingIt() throws {
    let container = Container()
    container.register(UserService.init)

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(UserService.self)
    }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Database.self))
    #expect(error.chain == [DependencyKey(UserService.self), DependencyKey(Database.self)])
  }

  // MARK: Binding a protocol

  @Test func bindSharesTheImplementationsSingleton() throws {
    let container = Container()
    let made = Counter()
    container.register(LiveAPIClient.self, lifetime: .singleton) { _ in
      made.increment()
      return LiveAPIClient()
    }
    container.bind((any APIClient).self, to: LiveAPIClient.self)

    let bound = try container.tryResolve((any APIClient).self)
    let boundAgain = try container.tryResolve((any APIClient).self)
    let implementation = try container.tryResolve(LiveAPIClient.self)

    #expect(bound as AnyObject === implementation)
    #expect(boundAgain as AnyObject === implementation)
    #expect(made.value == 1)
  }

  @Test func bindToANamedImplementation() throws {
    let container = Container()
    container.register(StubAPIClient.self, name: "beta", lifetime: .singleton) { _ in
      StubAPIClient(label: "beta")
    }
    container.bind(
      (any APIClient).self, name: "beta", to: StubAPIClient.self, implementationName: "beta")

    #expect(try container.tryResolve((any APIClient).self, name: "beta").label == "beta")
  }

  @Test func bindingAnImplementationThatDoesNotConformFailsWithTypeMismatch() throws {
    let container = Container()
    container.register(Clock.init)
    container.bind((any APIClient).self, to: Clock.self)

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve((any APIClient).self)
    }

    #expect(error.code == .typeMismatch)
    #expect(error.key == DependencyKey((any APIClient).self))
  }

  // MARK: Instances and names

  @Test func registeredInstanceIsReturnedByEveryResolve() throws {
    let container = Container()
    let database = Database(label: "ready")
    container.register(Database.self, instance: database)

    #expect(try container.tryResolve(Database.self) === database)
    #expect(try container.tryResolve(Database.self) === database)
  }

  @Test func registeredInstanceCanBeNamed() throws {
    let container = Container()
    container.register(Config.self, name: "staging", instance: Config(label: "staging"))
    container.register(Config.self, instance: Config(label: "production"))

    #expect(try container.tryResolve(Config.self, name: "staging") == Config(label: "staging"))
    #expect(try container.tryResolve(Config.self) == Config(label: "production"))
  }

  // MARK: Runtime arguments

  @Test func factoryWithOneArgumentReceivesIt() throws {
    let container = Container()
    container.register(Database.self, lifetime: .singleton) { _ in Database() }
    container.register(User.self) { (r, id: String) in
      User(id: id, database: try r.tryResolve(Database.self))
    }

    let user = try container.tryResolve(User.self, arguments: "42")
    let other = try container.tryResolve(User.self, arguments: "7")

    #expect(user.id == "42")
    #expect(other.id == "7")
    #expect(user.database === other.database)
    #expect(user.database != nil)
  }

  @Test func factoryWithArgumentsMakesANewInstanceEveryTime() throws {
    let container = Container()
    container.register(User.self) { (_, id: String) in User(id: id) }

    #expect(
      try container.tryResolve(User.self, arguments: "42")
        !== container.tryResolve(User.self, arguments: "42"))
  }

  @Test func factoryWithTwoArgumentsReceivesThemInOrder() throws {
    let container = Container()
    container.register(Page.self) { (_, title: String, number: Int) in
      Page(title: title, number: number)
    }

    #expect(
      try container.tryResolve(Page.self, arguments: "Intro", 3) == Page(title: "Intro", number: 3))
  }

  @Test func namedFactoryWithArguments() throws {
    let container = Container()
    container.register(Page.self, name: "cover") { (_, title: String) in
      Page(title: title, number: 0)
    }

    #expect(
      try container.tryResolve(Page.self, name: "cover", arguments: "Loom")
        == Page(title: "Loom", number: 0))
  }

  @Test func argumentsOfOtherTypesFailWithArgumentMismatch() throws {
    let container = Container()
    container.register(User.self) { (_, id: String) in User(id: id) }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(User.self, arguments: 42)
    }

    #expect(error.code == .argumentMismatch)
    #expect(error.key == DependencyKey(User.self))
  }

  @Test func argumentsInAnotherOrderFailWithArgumentMismatch() throws {
    let container = Container()
    container.register(Page.self) { (_, title: String, number: Int) in
      Page(title: title, number: number)
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Page.self, arguments: 3, "Intro")
    }

    #expect(error.code == .argumentMismatch)
  }

  @Test func tooFewArgumentsFailWithArgumentMismatch() throws {
    let container = Container()
    container.register(Page.self) { (_, title: String, number: Int) in
      Page(title: title, number: number)
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Page.self, arguments: "Intro")
    }

    #expect(error.code == .argumentMismatch)
  }

  @Test func resolvingAnArgumentRegistrationWithoutArgumentsFailsWithArgumentMismatch() throws {
    let container = Container()
    container.register(User.self) { (_, id: String) in User(id: id) }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(User.self)
    }

    #expect(error.code == .argumentMismatch)
    #expect(error.key == DependencyKey(User.self))
  }

  @Test func passingArgumentsToARegistrationWithoutArgumentsFailsWithArgumentMismatch() throws {
    let container = Container()
    container.register(Database.self, lifetime: .transient) { _ in Database() }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Database.self, arguments: "extra")
    }

    #expect(error.code == .argumentMismatch)
  }

  @Test func resolvingUnregisteredKeyWithArgumentsIsNotRegistered() throws {
    let container = Container()

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(User.self, arguments: "42")
    }

    #expect(error.code == .notRegistered)
  }

  @Test func argumentFactoryThatThrowsFailsWithFactoryFailed() throws {
    let container = Container()
    container.register(User.self) { (_, id: String) -> User in throw DiskFull() }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(User.self, arguments: "42")
    }

    #expect(error.code == .factoryFailed)
    #expect(error.underlying is DiskFull)
  }
}
