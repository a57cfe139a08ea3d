import Loom
import Testing

/// An object to keep.
private final class Kept: Sendable {}

extension Container {
  /// A `.once` declaration, asked about before and after its first resolve.
  fileprivate var hasInstanceOnceProbe: Dependency<Kept> { Dependency(.once) { _ in Kept() } }
}

/// Factory's `isEmpty(.scope)` and Swinject's question of whether a scope holds an instance:
/// `hasInstance(_:)` says whether a resolve would be served an instance already made, without
/// making one.
@Suite struct HasInstanceTests {
  @Test func aSingletonHasAnInstanceOnceMadeAndNotAfterItsReset() throws {
    let container = Container()
    container.register(Kept.self, lifetime: .singleton) { _ in Kept() }
    let key = DependencyKey(Kept.self)
    #expect(!container.hasInstance(key))
    #expect(!container.hasInstance(key))  // asking made nothing
    _ = try container.tryResolve(Kept.self)
    #expect(container.hasInstance(key))
    container.reset(Kept.self)
    #expect(!container.hasInstance(key))
  }

  @Test func aWeakInstanceCountsWhileSomethingHoldsIt() throws {
    let container = Container()
    container.register(Kept.self, lifetime: .weak) { _ in Kept() }
    var held: Kept? = try container.tryResolve(Kept.self)
    #expect(container.hasInstance(DependencyKey(Kept.self)))
    #expect(held != nil)
    held = nil
    #expect(!container.hasInstance(DependencyKey(Kept.self)))
  }

  @Test func transientsAndUnregisteredKeysHaveNone() throws {
    let container = Container()
    container.register(Kept.self) { _ in Kept() }
    _ = try container.tryResolve(Kept.self)
    #expect(!container.hasInstance(DependencyKey(Kept.self)))
    #expect(!container.hasInstance(DependencyKey(Kept.self, name: "missing")))
  }

  @Test func aOnceKeyPathIsAskedWithoutInstallingOrMakingAnything() throws {
    let container = Container()
    let key = DependencyKey(\.hasInstanceOnceProbe)
    #expect(!container.hasInstance(key))
    _ = container.resolve(\.hasInstanceOnceProbe)
    #expect(container.hasInstance(key))
  }

  @Test func aChildSeesItsParentsSingletonAndAnIsolatedChildOnlyItsOwn() throws {
    let parent = Container()
    parent.register(Kept.self, lifetime: .singleton) { _ in Kept() }
    _ = try parent.tryResolve(Kept.self)
    let child = parent.makeChild()
    #expect(child.hasInstance(DependencyKey(Kept.self)))
    let isolated = parent.makeIsolatedChild()
    #expect(!isolated.hasInstance(DependencyKey(Kept.self)))
    _ = try isolated.tryResolve(Kept.self)
    #expect(isolated.hasInstance(DependencyKey(Kept.self)))
  }
}
