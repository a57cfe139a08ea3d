@_spi(LoomInternals) import Loom
import Testing

@Suite struct ObserverTests {
  @Test func observerReceivesKeyLifetimeSourceAndDepth() throws {
    let container = Container()
    container.register(Database.self, lifetime: .singleton) { _ in Database() }
    container.register(UserService.init)
    let events = Lock<[ResolutionEvent]>([])
    let token = container.onResolve { events.append($0) }
    defer { token.cancel() }

    _ = try container.tryResolve(UserService.self)
    _ = try container.tryResolve(Database.self)

    let seen = events.value
    try #require(seen.count == 3)
    // The dependency finishes first, one level down.
    #expect(seen[0].key == DependencyKey(Database.self))
    #expect(seen[0].lifetime == .singleton)
    #expect(madeByFactory(seen[0]))
    #expect(seen[0].depth == 1)
    #expect(seen[1].key == DependencyKey(UserService.self))
    #expect(seen[1].lifetime == .transient)
    #expect(madeByFactory(seen[1]))
    #expect(seen[1].depth == 0)
    // The singleton again, top level, from the cache.
    #expect(seen[2].key == DependencyKey(Database.self))
    #expect(seen[2].source == .cache)
    #expect(seen[2].depth == 0)
    #expect(seen[2].owner === container)
  }

  @Test func factoryDurationIsReported() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .transient) { _ in Clock() }
    let durations = Lock<[Duration]>([])
    let token = container.onResolve { event in
      if case .factory(let duration) = event.source { durations.append(duration) }
    }
    defer { token.cancel() }

    _ = try container.tryResolve(Clock.self)

    #expect(durations.value.count == 1)
    #expect(durations.value.allSatisfy { $0 >= .zero })
  }

  @Test func keyPathResolvesAreObservedWithTheirKey() throws {
    let container = Container()
    let keys = Lock<[String]>([])
    let token = container.onResolve { keys.append($0.key.description) }
    defer { token.cancel() }

    _ = try container.tryResolve(\.primaryLabel)

    #expect(keys.value == [#"\.primaryLabel"#])
  }

  @Test func cancelStopsDelivery() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .transient) { _ in Clock() }
    let count = Counter()
    let token = container.onResolve { _ in count.increment() }

    _ = try container.tryResolve(Clock.self)
    token.cancel()
    _ = try container.tryResolve(Clock.self)
    token.cancel()  // a second cancel does nothing

    #expect(count.value == 1)
  }

  @Test func cancellingOneObserverKeepsTheOthers() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .transient) { _ in Clock() }
    let first = Counter()
    let second = Counter()
    let firstToken = container.onResolve { _ in first.increment() }
    let secondToken = container.onResolve { _ in second.increment() }
    defer { secondToken.cancel() }

    firstToken.cancel()
    _ = try container.tryResolve(Clock.self)

    #expect(first.value == 0)
    #expect(second.value == 1)
    #expect(firstToken != secondToken)
  }

  @Test func observerOnAParentSeesResolvesMadeThroughAChild() throws {
    let parent = Container()
    parent.register(Database.self, lifetime: .singleton) { _ in Database() }
    let child = parent.makeChild()
    child.register(Clock.self, lifetime: .transient) { _ in Clock() }
    let events = Lock<[ResolutionEvent]>([])
    let token = parent.onResolve { events.append($0) }
    defer { token.cancel() }

    _ = try child.tryResolve(Clock.self)
    _ = try child.tryResolve(Database.self)

    let seen = events.value
    #expect(seen.map(\.key) == [DependencyKey(Clock.self), DependencyKey(Database.self)])
    #expect(seen.first?.owner === child)
    #expect(seen.last?.owner === parent)
  }

  @Test func observerOnAChildDoesNotSeeResolvesMadeThroughTheParent() throws {
    let parent = Container()
    parent.register(Database.self, lifetime: .transient) { _ in Database() }
    let child = parent.makeChild()
    let count = Counter()
    let token = child.onResolve { _ in count.increment() }
    defer { token.cancel() }

    _ = try parent.tryResolve(Database.self)
    #expect(count.value == 0)

    _ = try child.tryResolve(Database.self)
    #expect(count.value == 1)
  }

  @Test func resolvesWithArgumentsAreObservedToo() throws {
    let container = Container()
    container.register(User.self) { (_, id: String) in User(id: id) }
    let keys = Lock<[DependencyKey]>([])
    let token = container.onResolve { keys.append($0.key) }
    defer { token.cancel() }

    _ = try container.tryResolve(User.self, arguments: "42")

    // The event names the registration: its key carries its argument types.
    #expect(keys.value == [DependencyKey(User.self, arguments: String.self)])
  }

  @Test func eventsDescribeThemselves() throws {
    let container = Container()
    container.register(Database.self, lifetime: .singleton) { _ in Database() }
    let descriptions = Lock<[String]>([])
    let token = container.onResolve { descriptions.append($0.description) }
    defer { token.cancel() }

    _ = try container.tryResolve(Database.self)
    _ = try container.tryResolve(Database.self)

    let seen = descriptions.value
    try #require(seen.count == 2)
    #expect(seen[0].hasPrefix("Database (singleton) by factory in "))
    #expect(seen[1] == "Database (singleton) from cache")
  }
}
