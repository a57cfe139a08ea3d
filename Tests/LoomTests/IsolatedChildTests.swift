@_spi(LoomInternals) import Loom
import Testing

@Suite struct IsolatedChildTests {
  @Test func singletonsFoundInAncestorsAreBuiltAfreshInTheIsolatedChild() {
    let parent = Container()
    parent.register(Database.self, lifetime: .singleton) { _ in Database(label: "real") }
    parent.register(lifetime: .singleton, UserService.init)
    let fromParent = parent.resolve(UserService.self)

    let sandbox = parent.makeIsolatedChild()
    sandbox.register(Database.self, lifetime: .singleton) { _ in Database(label: "mock") }
    let fromSandbox = sandbox.resolve(UserService.self)

    #expect(fromSandbox !== fromParent)
    #expect(fromSandbox.database.label == "mock")
    #expect(sandbox.resolve(UserService.self) === fromSandbox)
    #expect(parent.resolve(UserService.self) === fromParent)
    #expect(parent.resolve(UserService.self).database.label == "real")
  }

  @Test func childrenOfAnIsolatedChildShareItsInstances() {
    let parent = Container()
    parent.register(Database.self, lifetime: .singleton) { _ in Database() }
    let sandbox = parent.makeIsolatedChild()
    let nested = sandbox.makeChild()
    #expect(nested.resolve(Database.self) === sandbox.resolve(Database.self))
    #expect(sandbox.resolve(Database.self) !== parent.resolve(Database.self))
  }

  @Test func keyPathDefaultsAreIsolatedToo() {
    let parent = Container()
    let sandbox = parent.makeIsolatedChild()
    let inSandbox = sandbox.resolve(\.isolatedClock)
    #expect(parent.resolve(\.isolatedClock) !== inSandbox)
    #expect(sandbox.resolve(\.isolatedClock) === inSandbox)
  }
}

extension Container {
  fileprivate var isolatedClock: Dependency<Database> {
    Dependency(.singleton) { _ in Database(label: "clock") }
  }
}

/// What a satellite package might keep per container.
private final class InstalledModules: Sendable {
  init() {}
}

@Suite struct ExtensionStorageTests {
  @Test func eachContainerKeepsOneObjectPerTypeMadeOnce() {
    let parent = Container()
    let child = parent.makeChild()
    let made = Counter()
    let first = parent.extensionStorage(of: InstalledModules.self) {
      made.increment()
      return InstalledModules()
    }
    let again = parent.extensionStorage(of: InstalledModules.self) { InstalledModules() }
    let childs = child.extensionStorage(of: InstalledModules.self) { InstalledModules() }
    #expect(first === again)
    #expect(childs !== first)
    #expect(made.value == 1)
  }
}
