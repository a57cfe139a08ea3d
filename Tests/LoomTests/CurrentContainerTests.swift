import Loom
import Testing

@Suite struct CurrentContainerTests {
  @Test func currentDefaultsToTheDefaultContainer() {
    #expect(Container.current === Container.default)
  }

  @Test func withCurrentSetsCurrentForASyncOperationThenRestoresIt() {
    let container = Container()

    let inside = container.withCurrent { Container.current }

    #expect(inside === container)
    #expect(Container.current === Container.default)
  }

  @Test func withCurrentNestsAndRestoresTheOuterContainer() {
    let outer = Container()
    let inner = outer.makeChild()

    let seen = outer.withCurrent {
      let during = inner.withCurrent { Container.current }
      return (during, Container.current)
    }

    #expect(seen.0 === inner)
    #expect(seen.1 === outer)
    #expect(Container.current === Container.default)
  }

  @Test func withCurrentReturnsAndRethrows() throws {
    let container = Container()

    #expect(container.withCurrent { 42 } == 42)
    #expect(throws: DiskFull.self) { try container.withCurrent { throw DiskFull() } }
    #expect(Container.current === Container.default)
  }

  @Test func asyncWithCurrentReachesChildTasksAndRestores() async {
    let container = Container()

    let seen = await container.withCurrent { () async -> [Bool] in
      async let fromAsyncLet = Container.current === container
      let fromGroup = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<4 { group.addTask { Container.current === container } }
        var all: [Bool] = []
        for await value in group { all.append(value) }
        return all
      }
      let fromTask = await Task { Container.current === container }.value
      return [await fromAsyncLet, fromTask] + fromGroup
    }

    #expect(seen == Array(repeating: true, count: 6))
    #expect(Container.current === Container.default)
  }

  @Test func detachedTaskDoesNotInheritTheCurrentContainer() async {
    let container = Container()

    let fromDetached = await container.withCurrent {
      await Task.detached { Container.current === Container.default }.value
    }

    #expect(fromDetached)
  }

  @Test func asyncWithCurrentRethrows() async {
    let container = Container()

    await #expect(throws: DiskFull.self) {
      try await container.withCurrent { () async throws -> Int in throw DiskFull() }
    }
    #expect(Container.current === Container.default)
  }

  @Test func injectResolvesFromTheCurrentContainer() {
    let container = Container()
    let database = Database(label: "current")
    container.register(Database.self, instance: database)
    container.register(\.primaryLabel) { _ in Label(text: "current") }

    let (byType, byKeyPath): (Database, Label) = container.withCurrent {
      (inject(), inject(\.primaryLabel))
    }

    #expect(byType === database)
    #expect(byKeyPath == Label(text: "current"))
  }

  @Test func injectedCapturesTheCurrentContainerAtInit() {
    let container = Container()
    let database = Database(label: "captured")
    container.register(Database.self, instance: database)

    let holder = container.withCurrent { DatabaseHolder() }

    // Read outside `withCurrent`: the property still resolves in the captured container.
    #expect(holder.$database.container === container)
    #expect(holder.database === database)
  }
}

private final class DatabaseHolder {
  @Injected var database: Database
}
