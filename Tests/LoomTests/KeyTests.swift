import Loom
import Testing

@Suite struct KeyTests {
  // MARK: Type keys

  @Test func typeKeyResolvesItsRegistration() throws {
    let container = Container()
    container.register(Config.self, lifetime: .transient) { _ in Config(label: "main") }

    #expect(try container.tryResolve(Config.self) == Config(label: "main"))
  }

  @Test func namedRegistrationsAreSeparateFromTheUnnamedOne() throws {
    let container = Container()
    container.register(Database.self, lifetime: .singleton) { _ in Database(label: "main") }
    container.register(Database.self, name: "replica", lifetime: .singleton) { _ in
      Database(label: "replica")
    }

    let main = try container.tryResolve(Database.self)
    let replica = try container.tryResolve(Database.self, name: "replica")

    #expect(main.label == "main")
    #expect(replica.label == "replica")
    #expect(main !== replica)
  }

  @Test func unregisteredNameIsNotRegisteredEvenWhenTheTypeIs() throws {
    let container = Container()
    container.register(Database.self, lifetime: .transient) { _ in Database() }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Database.self, name: "missing")
    }
    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Database.self, name: "missing"))
    #expect(error.key != DependencyKey(Database.self))
  }

  @Test func keysDescribeThemselvesForMessages() {
    #expect(DependencyKey(Database.self).description == "Database")
    #expect(
      DependencyKey(Database.self, name: "replica").description == #"Database (name: "replica")"#)
    #expect(DependencyKey((any APIClient).self).description == "any APIClient")
    #expect(DependencyKey(Database.self, name: "replica").name == "replica")
    #expect(DependencyKey(Database.self).name == nil)
    #expect(!DependencyKey(Database.self).isKeyPath)
    #expect(DependencyKey(\Container.api).isKeyPath)
    #expect(DependencyKey(\Container.api).name == nil)
  }

  @Test func keysAreEqualWhenTheyNameTheSameDependency() {
    #expect(DependencyKey(Database.self) == DependencyKey(Database.self))
    #expect(DependencyKey(Database.self) != DependencyKey(Clock.self))
    #expect(DependencyKey(\Container.primaryLabel) == DependencyKey(\Container.primaryLabel))
    #expect(DependencyKey(\Container.primaryLabel) != DependencyKey(\Container.secondaryLabel))
    #expect(DependencyKey(Label.self) != DependencyKey(\Container.primaryLabel))
    let keys: Set = [
      DependencyKey(Database.self), DependencyKey(Database.self), DependencyKey(Clock.self),
    ]
    #expect(keys.count == 2)
  }

  // MARK: Key-path keys

  @Test func keyPathResolvesItsDeclaredDefault() throws {
    let container = Container()

    let api = try container.tryResolve(\.api)

    #expect(api.label == "live")
    #expect(api is LiveAPIClient)
    #expect(container.resolve(\.api) as AnyObject === api as AnyObject)
  }

  @Test func keyPathDefaultCanNeverBeUnregistered() throws {
    let empty = Container()
    let child = Container().makeChild()

    #expect(throws: Never.self) { try empty.tryResolve(\.requestToken) }
    #expect(try child.tryResolve(\.primaryLabel) == Label(text: "primary"))
  }

  @Test func keyPathDefaultKeepsItsDeclaredLifetime() throws {
    let container = Container()

    // `\.api` is declared `.singleton`, `\.requestToken` transient.
    #expect(
      try container.tryResolve(\.api) as AnyObject === container.tryResolve(\.api) as AnyObject)
    #expect(try container.tryResolve(\.requestToken) !== container.tryResolve(\.requestToken))
  }

  @Test func keyPathSingletonDefaultIsOnePerContainer() throws {
    let first = Container()
    let second = Container()

    #expect(try first.tryResolve(\.api) as AnyObject !== second.tryResolve(\.api) as AnyObject)
  }

  @Test func registeringKeyPathOverridesTheDefault() throws {
    let container = Container()
    container.register(\.api) { _ in StubAPIClient(label: "stub") }

    #expect(try container.tryResolve(\.api).label == "stub")
  }

  @Test func registeringKeyPathAfterTheDefaultWasUsedReplacesIt() throws {
    let container = Container()
    #expect(try container.tryResolve(\.api).label == "live")

    container.register(\.api) { _ in StubAPIClient(label: "stub") }

    #expect(try container.tryResolve(\.api).label == "stub")
  }

  @Test func keyPathOverrideWithoutLifetimeKeepsTheDeclaredOne() throws {
    let container = Container()
    let made = Counter()
    container.register(\.api) { _ in
      made.increment()
      return StubAPIClient(label: "stub")
    }

    let first = try container.tryResolve(\.api)
    let second = try container.tryResolve(\.api)

    #expect(first as AnyObject === second as AnyObject)  // still a singleton
    #expect(made.value == 1)
  }

  @Test func keyPathOverrideWithLifetimeUsesIt() throws {
    let container = Container()
    container.register(\.api, lifetime: .transient) { _ in StubAPIClient(label: "stub") }

    let first = try container.tryResolve(\.api)
    let second = try container.tryResolve(\.api)

    #expect(first as AnyObject !== second as AnyObject)
  }

  @Test func keyPathOverrideWithAutowiredInitializer() throws {
    let container = Container()
    container.register(Database.self, instance: Database(label: "registered"))
    container.register(\.wiredUserService, lifetime: .singleton, UserService.init)

    let service = try container.tryResolve(\.wiredUserService)

    #expect(service.database.label == "registered")
    #expect(try container.tryResolve(\.wiredUserService) === service)
  }

  @Test func autowiredKeyPathDefaultResolvesItsParametersByType() throws {
    let container = Container()
    let database = Database(label: "registered")
    container.register(Database.self, instance: database)

    #expect(try container.tryResolve(\.wiredUserService).database === database)
  }

  @Test func twoKeyPathsWithTheSameValueTypeAreTwoDependencies() throws {
    let container = Container()
    #expect(try container.tryResolve(\.primaryLabel) == Label(text: "primary"))
    #expect(try container.tryResolve(\.secondaryLabel) == Label(text: "secondary"))

    container.register(\.primaryLabel) { _ in Label(text: "overridden") }

    #expect(try container.tryResolve(\.primaryLabel) == Label(text: "overridden"))
    #expect(try container.tryResolve(\.secondaryLabel) == Label(text: "secondary"))
  }

  @Test func keyPathAndTypeKeyOfTheSameTypeAreTwoDependencies() throws {
    let container = Container()
    container.register(Label.self, instance: Label(text: "by type"))

    #expect(try container.tryResolve(Label.self) == Label(text: "by type"))
    #expect(try container.tryResolve(\.primaryLabel) == Label(text: "primary"))
  }

  @Test func keyPathErrorsNameTheProperty() throws {
    let container = Container()

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(\.brokenToken)
    }

    #expect(error.code == .factoryFailed)
    #expect(error.key.description == #"\.brokenToken"#)
    #expect(error.key.isKeyPath)
    #expect(error.underlying as? DiskFull == DiskFull())
  }
}
