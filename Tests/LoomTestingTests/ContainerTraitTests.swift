@_spi(LoomInternals) import Loom
import LoomTesting
import Testing

extension Trait where Self == ContainerTrait {
  /// The app's wiring with nothing replaced: the pattern the documentation recommends.
  static var app: Self { .container(base: AppWiring.base) }
}

@Suite struct ContainerTraitTests {
  @Test(.container) func theTestRunsInAFreshIsolatedChildOfTheDefaultContainer() async {
    let current = Container.current

    #expect(current === Container.default)  // code that names the default is isolated too
    #expect(current.parent === (await processDefault()))
    #expect(current.isolatesInstances)
  }

  @Test(.container { $0.register(Marker.self) { _ in Marker(value: 7) } })
  func overridesAreRegisteredInTheTestsContainer() async throws {
    #expect(try Container.current.tryResolve(Marker.self) == Marker(value: 7))
    #expect(inject(Marker.self) == Marker(value: 7))
    #expect(try Container.default.tryResolve(Marker.self) == Marker(value: 7))
    #expect(Container.current.parent === (await processDefault()))
  }

  @Test(.container(base: AppWiring.base)) func aBaseContainerCanBeGiven() {
    #expect(Container.current.parent === AppWiring.base)
    #expect(Container.current.resolve((any APIClient).self).name == "live")
  }

  @Test(.app) func aNamedTraitCarriesTheBase() {
    #expect(Container.current.parent === AppWiring.base)
  }

  @Test(
    .container(base: AppWiring.base) { $0.register((any APIClient).self) { _ in MockAPIClient() } })
  func overridesReachTheBasesSingletonsWithoutChangingTheBase() {
    let service = Container.current.resolve(UserService.self)

    #expect(service.api.name == "mock")
    #expect(AppWiring.base.makeIsolatedChild().resolve(UserService.self).api.name == "live")
  }

  @Test(.container, arguments: [1, 2, 3])
  func everyCaseOfAParameterizedTestGetsItsOwnContainer(value: Int) throws {
    // The key is unregistered until this case registers it: no case sees another's registration.
    #expect(throws: ResolutionError.self) { try Container.current.tryResolve(Marker.self) }
    Container.current.register(Marker.self) { _ in Marker(value: value) }
    #expect(try Container.current.tryResolve(Marker.self).value == value)
  }

  @Test func twoScopesBuildTheirOwnSingletons() async throws {
    let trait = ContainerTrait.container(base: AppWiring.base)
    let test = try #require(Test.current)
    let services = Lock<[UserService]>([])

    for _ in 0..<2 {
      try await trait.provideScope(for: test, testCase: Test.Case.current) {
        let service = Container.current.resolve(UserService.self)
        #expect(Container.current.resolve(UserService.self) === service)
        services.append(service)
      }
    }

    let made = services.value
    #expect(made.count == 2)
    #expect(made.first !== made.last)
    #expect(Container.current === Container.default)
  }

  @Test func theScopeEndsAndRestoresWhenTheTestThrows() async throws {
    let trait = ContainerTrait.container { $0.register(Marker.self) { _ in Marker(value: 1) } }
    let test = try #require(Test.current)

    await #expect(throws: Boom.self) {
      try await trait.provideScope(for: test, testCase: Test.Case.current) {
        #expect(Container.current.resolve(Marker.self).value == 1)
        throw Boom()
      }
    }

    #expect(Container.current === Container.default)
  }

  @Test func theTestDoesNotRunWhenTheOverridesThrow() async throws {
    let trait = ContainerTrait.container { _ in throw Boom() }
    let test = try #require(Test.current)
    let ran = Lock(false)

    await #expect(throws: Boom.self) {
      try await trait.provideScope(for: test, testCase: Test.Case.current) {
        ran.withLock { $0 = true }
      }
    }

    #expect(!ran.value)
  }

  @Test func theTraitAppliesToEveryTestOfASuiteAndItsNestedSuites() {
    #expect(ContainerTrait.container.isRecursive)
  }
}

@Suite(
  .container {
    $0.register(Marker.self) { _ in Marker(value: -1) }
    $0.register(Session.self, lifetime: .singleton) { _ in Session(label: "suite") }
  })
struct SuiteContainerTraitTests {
  @Test func everyTestSeesTheSuitesOverrides() async {
    #expect(Container.current.resolve(Marker.self).value == -1)
    #expect(Container.current.resolve(Session.self).label == "suite")
    #expect(Container.current === Container.default)
    #expect(Container.current.parent === (await processDefault()))
  }

  @Test(.container { $0.register(Marker.self) { _ in Marker(value: 3) } })
  func aTestsTraitBuildsOnTheSuitesContainer() async {
    #expect(Container.current.resolve(Marker.self).value == 3)
    #expect(Container.current.resolve(Session.self).label == "suite")
    let suiteContainer = Container.current.parent
    #expect(suiteContainer?.isolatesInstances == true)
    #expect(suiteContainer?.parent === (await processDefault()))
  }

  /// The sessions the cases below resolved, kept alive so that no two can share an address.
  static let sessions = Lock<[Session]>([])

  @Test(arguments: 0..<4) func theSuitesSingletonsAreBuiltPerTest(index: Int) async throws {
    let session = Container.current.resolve(Session.self)
    let madeElsewhere = Self.sessions.withLock { sessions in
      defer { sessions.append(session) }
      return sessions.contains { $0 === session }
    }
    #expect(!madeElsewhere)
    Container.current.register(Marker.self) { _ in Marker(value: index) }
    try await Task.sleep(for: .milliseconds(2))
    #expect(Container.current.resolve(Session.self) === session)
    #expect(Container.current.resolve(Marker.self).value == index)
  }

  @Suite struct Nested {
    @Test func nestedSuitesGetTheTraitToo() async {
      #expect(Container.current.resolve(Marker.self).value == -1)
      #expect(Container.current !== (await processDefault()))
    }
  }
}
