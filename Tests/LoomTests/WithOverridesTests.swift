import Loom
import Testing

@Suite struct WithOverridesTests {
  @Test func overridesApplyDuringTheOperationOnly() {
    let app = Container()
    app.register(Config.self, instance: Config(label: "live"))

    app.withCurrent {
      let inside = withOverrides {
        $0.register(Config.self, instance: Config(label: "preview"))
      } operation: {
        Container.current.resolve(Config.self).label
      }

      #expect(inside == "preview")
      #expect(Container.current === app)
      #expect(app.resolve(Config.self).label == "live")
    }
  }

  @Test func theOperationRunsInAnIsolatedChildOfTheCurrentContainer() {
    let app = Container()
    app.register(Clock.self, lifetime: .singleton) { _ in Clock() }
    let appClock = app.resolve(Clock.self)

    let (container, clock) = app.withCurrent {
      withOverrides { _ in
      } operation: {
        (Container.current, Container.current.resolve(Clock.self))
      }
    }

    #expect(container.parent === app)
    #expect(container.isolatesInstances)
    #expect(clock !== appClock)  // built afresh in the child
  }

  @Test func singletonsThatDependOnAnOverrideAreBuiltWithItAndNeverReachTheParent() {
    let app = Container()
    app.register(Database.self, instance: Database(label: "live"))
    app.register(lifetime: .singleton, UserService.init)

    let overridden = app.withCurrent {
      withOverrides {
        $0.register(Database.self, instance: Database(label: "sample"))
      } operation: {
        Container.current.resolve(UserService.self)
      }
    }

    #expect(overridden.database.label == "sample")
    #expect(app.resolve(UserService.self).database.label == "live")
  }

  @Test func injectedPropertiesOfObjectsMadeInTheOperationKeepTheOverrides() {
    let app = Container()
    app.register(Config.self, instance: Config(label: "live"))

    let holder = app.withCurrent {
      withOverrides {
        $0.register(Config.self, instance: Config(label: "preview"))
      } operation: {
        ConfigHolder()
      }
    }

    #expect(holder.config.label == "preview")
  }

  @Test func callsNestAndTheInnermostWins() {
    let app = Container()
    app.register(Config.self, instance: Config(label: "live"))
    app.register(Database.self, instance: Database(label: "live"))

    let (config, database) = app.withCurrent {
      withOverrides {
        $0.register(Config.self, instance: Config(label: "outer"))
        $0.register(Database.self, instance: Database(label: "outer"))
      } operation: {
        withOverrides {
          $0.register(Config.self, instance: Config(label: "inner"))
        } operation: {
          (
            Container.current.resolve(Config.self).label,
            Container.current.resolve(Database.self).label
          )
        }
      }
    }

    #expect(config == "inner")
    #expect(database == "outer")
  }

  @Test func aThrowingOperationRestoresTheCurrentContainerAndRethrows() {
    let app = Container()

    app.withCurrent {
      #expect(throws: DiskFull.self) {
        try withOverrides { _ in
        } operation: {
          throw DiskFull()
        }
      }
      #expect(Container.current === app)
    }
  }

  @Test func throwingOverridesSkipTheOperation() {
    let ran = Counter()

    #expect(throws: DiskFull.self) {
      try withOverrides { _ in
        throw DiskFull()
      } operation: {
        ran.increment()
      }
    }
    #expect(ran.value == 0)
  }

  @Test func theAsyncFormCoversChildTasksAndRestoresOnThrow() async {
    let app = Container()
    app.register(Config.self, instance: Config(label: "live"))

    await app.withCurrent {
      let seen = await withOverrides {
        $0.register(Config.self, instance: Config(label: "offline"))
      } operation: {
        await Task.yield()
        return await Task { Container.current.resolve(Config.self).label }.value
      }
      #expect(seen == "offline")

      await #expect(throws: DiskFull.self) {
        try await withOverrides { _ in
        } operation: {
          await Task.yield()
          throw DiskFull()
        }
      }
      #expect(Container.current === app)
      #expect(Container.current.resolve(Config.self).label == "live")
    }
  }

  @Test @MainActor func theAsyncFormRunsOnTheCallersActor() async {
    let onMain = await withOverrides { _ in
    } operation: {
      await Task.yield()
      MainActor.assertIsolated()
      return true
    }

    #expect(onMain)
  }

  @Test func theContainerFormStartsFromThatContainerWhateverIsCurrent() async {
    let app = Container()
    app.register(Config.self, instance: Config(label: "live"))
    let unrelated = Container()

    let (parent, label) = unrelated.withCurrent {
      app.withOverrides {
        $0.register(Config.self, instance: Config(label: "preview"))
      } operation: {
        (Container.current.parent, Container.current.resolve(Config.self).label)
      }
    }
    let asyncParent = await unrelated.withCurrent {
      await app.withOverrides { _ in
      } operation: {
        await Task.yield()
        return Container.current.parent
      }
    }

    #expect(parent === app)
    #expect(label == "preview")
    #expect(asyncParent === app)
    #expect(app.resolve(Config.self).label == "live")
  }
}

private final class ConfigHolder {
  @Injected var config: Config
}
