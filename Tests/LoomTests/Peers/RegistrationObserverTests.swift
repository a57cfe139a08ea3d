@_spi(LoomInternals) import Loom
import Testing

private protocol Store: Sendable {}
private final class DiskStore: Store {}

extension Container {
  fileprivate var observedStore: Dependency<DiskStore> { Dependency { _ in DiskStore() } }
}

/// Swinject's `Behavior`: told of each registration and each type forwarding, with the place
/// and the assembly that made it.
@Suite struct RegistrationObserverTests {
  @Test func everyRegistrationIsReportedWithItsKeyLifetimePlaceOriginAndTarget() {
    let container = Container()
    let events = Lock<[RegistrationEvent]>([])
    container.onRegister { event in events.withLock { $0.append(event) } }

    container.register(DiskStore.self, lifetime: .singleton) { _ in DiskStore() }
    let line: UInt = #line - 1
    container.register(DiskStore.self, name: "backup") { _ in DiskStore() }
    container.bind((any Store).self, to: DiskStore.self)
    container.register(\.observedStore) { _ in DiskStore() }
    Container.withRegistrationOrigin("StorageAssembly") {
      container.register(Int.self) { _ in 1 }
    }

    let seen = events.value
    #expect(
      seen.map(\.key) == [
        DependencyKey(DiskStore.self), DependencyKey(DiskStore.self, name: "backup"),
        DependencyKey((any Store).self), DependencyKey(\Container.observedStore),
        DependencyKey(Int.self),
      ])
    #expect(seen[0].lifetime == .singleton)
    #expect(seen[0].location.line == line)
    #expect("\(seen[0].location)".contains("RegistrationObserverTests.swift"))
    #expect(seen[0].container === container)
    #expect(seen[2].boundTo == DependencyKey(DiskStore.self))
    #expect(seen[0].boundTo == nil)
    #expect(seen[4].origin == "StorageAssembly")
    #expect(seen[0].origin == nil)
    #expect(seen[4].description.hasSuffix("by StorageAssembly"))
  }

  @Test func aChildsRegistrationsReachItsParentsObserversAndNotTheOtherWayRound() {
    let parent = Container()
    let child = parent.makeChild()
    let parentSaw = Lock(0)
    let childSaw = Lock(0)
    parent.onRegister { _ in parentSaw.withLock { $0 += 1 } }
    child.onRegister { _ in childSaw.withLock { $0 += 1 } }

    child.register(Int.self) { _ in 1 }
    parent.register(String.self) { _ in "" }

    #expect(parentSaw.value == 2)
    #expect(childSaw.value == 1)
  }

  @Test func aCancelledObserverHearsNothingAndResolvesAreNotReported() throws {
    let container = Container()
    let count = Lock(0)
    let token = container.onRegister { _ in count.withLock { $0 += 1 } }

    container.register(Int.self) { _ in 1 }
    _ = try container.tryResolve(Int.self)
    _ = try container.tryResolve(\.observedStore)  // installs the declared default: no event
    token.cancel()
    container.register(String.self) { _ in "" }

    #expect(count.value == 1)
  }
}
