import LoomMacros
import Testing

// NB: the point of @Inject: these owners are `Sendable` final classes (and an actor), where the
// @Injected property wrapper does not compile ("stored property '_api' of 'Sendable'-conforming
// class is mutable").

final class Profile: Sendable {
  @Inject var api: any APIClient
  @Inject(name: "replica") var database: Database
  @Inject(\.clock) var clock: Clock
  @Inject var crashes: (any Error & Sendable)?
  @WeakInject var coordinator: Coordinator?
  @WeakInject(\.coordinator) var keyedCoordinator: Coordinator?

  func apiOrError() throws(ResolutionError) -> any APIClient { try _api.get() }
}

actor Session {
  @Inject var api: any APIClient
}

@MainActor
final class Screen {
  @Inject var api: any APIClient
}

@Suite struct InjectTests {
  @Test func injectResolvesOnFirstAccessInTheContainerCurrentWhenTheOwnerIsMade() {
    let container = Container()
    let made = Counter()
    container.register((any APIClient).self) { _ in
      made.increment()
      return StubAPIClient(label: "made")
    }

    let profile = container.withCurrent { Profile() }
    #expect(made.value == 0)

    // Read outside `withCurrent`: the property still uses the container captured at init.
    let first = profile.api
    #expect(first.label == "made")
    #expect(profile.api as AnyObject === first as AnyObject)
    #expect(made.value == 1)
  }

  @Test func injectWithANameResolvesTheNamedRegistration() {
    let container = Container()
    container.register(Database.self, instance: Database(label: "primary"))
    container.register(Database.self, name: "replica", instance: Database(label: "replica"))

    let profile = container.withCurrent { Profile() }

    #expect(profile.database.label == "replica")
  }

  @Test func injectWithAKeyPathResolvesTheKeyPathDependency() {
    let container = Container()
    let clock = Clock()
    container.register(\.clock) { _ in clock }

    let profile = container.withCurrent { Profile() }

    #expect(profile.clock === clock)
  }

  @Test func anOptionalPropertyIsNilWhenItsTypeIsNotRegistered() {
    let profile = Container().withCurrent { Profile() }

    #expect(profile.crashes == nil)
  }

  @Test func aWeakPropertyDoesNotKeepTheInstanceAlive() {
    let container = Container()
    container.register(Coordinator.self, lifetime: .weak) { _ in Coordinator() }
    let profile = container.withCurrent { Profile() }

    var held: Coordinator? = container.resolve(Coordinator.self)
    #expect(profile.coordinator === held)
    held = nil
    #expect(profile.coordinator == nil)
  }

  @Test func aWeakPropertyIsNilWhileItsTypeIsNotRegistered() {
    let container = Container()
    let profile = container.withCurrent { Profile() }

    #expect(profile.coordinator == nil)
    container.register(Coordinator.self, lifetime: .weak) { _ in Coordinator() }
    let held = container.resolve(Coordinator.self)
    #expect(profile.coordinator === held)
  }

  @Test func aWeakPropertyResolvesAKeyPathDependency() {
    let container = Container()
    let profile = container.withCurrent { Profile() }

    let held = container.resolve(\.coordinator)
    #expect(profile.keyedCoordinator === held)
  }

  @Test func theStorageThrowsWhatTheResolveThrows() throws {
    let profile = Container().withCurrent { Profile() }

    let error = try #require(throws: ResolutionError.self) { try profile.apiOrError() }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey((any APIClient).self))
  }

  @Test func injectWorksInAnActor() async {
    let container = Container()
    container.register((any APIClient).self) { _ in StubAPIClient(label: "actor") }

    let session = container.withCurrent { Session() }

    #expect(await session.api.label == "actor")
  }

  @MainActor
  @Test func injectWorksInAMainActorType() {
    let container = Container()
    container.register((any APIClient).self) { _ in StubAPIClient(label: "screen") }

    let screen = container.withCurrent { Screen() }

    #expect(screen.api.label == "screen")
  }

  @Test func concurrentFirstReadsKeepOneInstance() async {
    let container = Container()
    container.register((any APIClient).self) { _ in StubAPIClient(label: "shared") }
    let profile = container.withCurrent { Profile() }

    let labels = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<32 {
        group.addTask { ObjectIdentifier(profile.api as AnyObject) }
      }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }

    #expect(labels.count == 1)
  }
}
