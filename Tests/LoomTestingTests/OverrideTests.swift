@_spi(LoomInternals) import Loom
import LoomTesting
import Testing

@Suite struct OverrideTests {
  @Test func overridesApplyDuringTheOperationOnly() {
    AppWiring.base.withCurrent {
      let inside = withOverrides {
        $0.register((any APIClient).self) { _ in MockAPIClient() }
      } operation: {
        Container.current.resolve((any APIClient).self).name
      }

      #expect(inside == "mock")
      #expect(Container.current === AppWiring.base)
      #expect(Container.current.resolve((any APIClient).self).name == "live")
    }
  }

  @Test func theOperationRunsInAnIsolatedChildOfTheCurrentContainer() {
    let base = Container()

    let seen = base.withCurrent {
      withOverrides { _ in
      } operation: {
        Container.current
      }
    }

    #expect(seen !== base)
    #expect(seen.parent === base)
    #expect(seen.isolatesInstances)
  }

  @Test func singletonsDependingOnAnOverrideAreRebuiltAndDoNotLeak() {
    let base = Container()
    base.register((any APIClient).self, lifetime: .singleton) { _ in LiveAPIClient() }
    base.register(UserService.self, lifetime: .singleton, UserService.init)
    let before = base.resolve(UserService.self)

    let during = base.withCurrent {
      withOverrides {
        $0.register((any APIClient).self) { _ in MockAPIClient() }
      } operation: {
        Container.current.resolve(UserService.self)
      }
    }

    #expect(during.api.name == "mock")
    #expect(during !== before)
    #expect(base.resolve(UserService.self) === before)
    #expect(before.api.name == "live")
  }

  @Test func overridesAreRestoredWhenTheOperationThrows() {
    let base = Container()

    base.withCurrent {
      #expect(throws: Boom.self) {
        try withOverrides {
          $0.register(Marker.self) { _ in Marker(value: 1) }
        } operation: {
          #expect(Container.current.resolve(Marker.self).value == 1)
          throw Boom()
        }
      }

      #expect(Container.current === base)
      #expect(throws: ResolutionError.self) { try Container.current.tryResolve(Marker.self) }
    }
  }

  @Test func theOperationDoesNotRunWhenTheOverridesThrow() {
    let ran = Lock(false)

    #expect(throws: Boom.self) {
      try withOverrides { _ in
        throw Boom()
      } operation: {
        ran.withLock { $0 = true }
      }
    }

    #expect(!ran.value)
    #expect(Container.current === Container.default)
  }

  @Test func callsNestAndTheInnermostOverrideWins() {
    let base = Container()

    let seen = base.withCurrent {
      withOverrides {
        $0.register(Marker.self) { _ in Marker(value: 1) }
        $0.register(Session.self) { _ in Session(label: "outer") }
      } operation: {
        let outer = Container.current
        let inner = withOverrides {
          $0.register(Marker.self) { _ in Marker(value: 2) }
        } operation: {
          (
            Container.current.resolve(Marker.self).value,
            Container.current.resolve(Session.self).label,
            Container.current.parent === outer
          )
        }
        let after = Container.current.resolve(Marker.self).value
        return (inner, after, Container.current === outer)
      }
    }

    #expect(seen.0 == (2, "outer", true))
    #expect(seen.1 == 1)
    #expect(seen.2)
  }

  @Test func asyncOverridesReachChildTasksAndRestore() async {
    let base = Container()

    let seen = await base.withCurrent {
      await withOverrides {
        $0.register(Marker.self) { _ in Marker(value: 42) }
      } operation: { () async -> [Int] in
        async let fromAsyncLet = Container.current.resolve(Marker.self).value
        let fromTask = await Task { Container.current.resolve(Marker.self).value }.value
        try? await Task.sleep(for: .milliseconds(1))
        return [await fromAsyncLet, fromTask, Container.current.resolve(Marker.self).value]
      }
    }

    #expect(seen == [42, 42, 42])
    #expect(Container.current === Container.default)
  }

  @Test func asyncOverridesAreRestoredWhenTheOperationThrows() async {
    let base = Container()

    await base.withCurrent {
      await #expect(throws: Boom.self) {
        try await withOverrides {
          $0.register(Marker.self) { _ in Marker(value: 1) }
        } operation: {
          await Task.yield()
          throw Boom()
        }
      }

      #expect(Container.current === base)
    }
  }

  @Test func asyncCallsNest() async {
    let seen = await withOverrides {
      $0.register(Marker.self) { _ in Marker(value: 1) }
    } operation: {
      let inner = await withOverrides {
        $0.register(Marker.self) { _ in Marker(value: 2) }
      } operation: {
        await Task.yield()
        return Container.current.resolve(Marker.self).value
      }
      return [inner, Container.current.resolve(Marker.self).value]
    }

    #expect(seen == [2, 1])
  }

  /// Fifty tasks override the same key at the same time; each must only ever see its own value,
  /// and all of them must be inside their override at once (a barrier makes sure they overlap).
  @Test func concurrentOverridesOfTheSameKeyStayApart() async throws {
    let count = 50
    let arrived = Lock(0)

    let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<count {
        group.addTask {
          try await withOverrides {
            $0.register(Marker.self, lifetime: .singleton) { _ in Marker(value: index) }
          } operation: {
            var wrong = Container.current.resolve(Marker.self).value == index ? 0 : 1
            arrived.withLock { $0 += 1 }
            try await waitUntil { arrived.value == count }
            wrong += inject(Marker.self).value == index ? 0 : 1
            return wrong
          }
        }
      }
      return try await group.reduce(0, +)
    }

    #expect(mismatches == 0)
    #expect(arrived.value == count)
  }
}

/// Waits, a millisecond at a time and at most five seconds, until `condition` holds.
func waitUntil(_ condition: () -> Bool) async throws {
  let deadline = ContinuousClock.now + .seconds(5)
  while !condition() {
    guard ContinuousClock.now < deadline else {
      Issue.record("Timed out waiting for a condition")
      return
    }
    try await Task.sleep(for: .milliseconds(1))
  }
}
