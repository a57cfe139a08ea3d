import Loom
import Synchronization
import Testing

/// An object whose identity tells which factory call made it.
private final class Made: Sendable {}

extension Container {
  /// A `.once` declaration: the default a key path falls back to after `unregister`.
  fileprivate var resetOnceProbe: Dependency<Made> { Dependency(.once) { _ in Made() } }
  /// A singleton declaration.
  fileprivate var resetSingletonProbe: Dependency<Made> { Dependency(.singleton) { _ in Made() } }
}

/// Factory's `container.service.reset(.scope)` and Swinject's reset of one service: drop one
/// key's cached instance and keep its registration; and `unregister` takes a `.once` instance
/// with it (Factory's `container.service.reset()`).
@Suite struct ResetOneKeyTests {
  @Test func resettingATypeDropsItsInstanceOnlyAndKeepsItsRegistration() throws {
    let container = Container()
    container.register(Made.self, lifetime: .singleton) { _ in Made() }
    container.register(Made.self, name: "other", lifetime: .singleton) { _ in Made() }
    let first = try container.tryResolve(Made.self)
    let other = try container.tryResolve(Made.self, name: "other")

    #expect(container.reset(Made.self))

    let second = try container.tryResolve(Made.self)
    #expect(second !== first)
    #expect(try container.tryResolve(Made.self) === second)
    #expect(try container.tryResolve(Made.self, name: "other") === other)
    #expect(!container.reset(Made.self, name: "never registered"))
  }

  @Test func resettingAKeyPathDropsItsInstance() throws {
    let container = Container()
    let first = try container.tryResolve(\.resetSingletonProbe)

    #expect(container.reset(\.resetSingletonProbe))

    #expect(try container.tryResolve(\.resetSingletonProbe) !== first)
  }

  @Test func resettingAOnceKeyDropsItsProcessWideInstance() throws {
    let container = Container()
    container.register(Made.self, lifetime: .once) { _ in Made() }
    let first = try container.tryResolve(Made.self)

    container.reset(Made.self)

    #expect(try container.tryResolve(Made.self) !== first)
  }

  @Test func unregisteringAOnceKeyPathFallsBackToItsDefaultWithoutItsInstance() throws {
    let container = Container()
    let first = try container.tryResolve(\.resetOnceProbe)  // installs the declared default

    #expect(container.unregister(\.resetOnceProbe))

    let second = try container.tryResolve(\.resetOnceProbe)
    #expect(second !== first)
  }
}
