import Loom
import LoomAssembly
import Testing

/// A static module: registers an `ImageCache` from a static function.
private enum ImagesModule: StaticModule {
  static func register(into container: Container) {
    container.register(ImageCache.self, lifetime: .singleton) { _ in ImageCache() }
  }
}

@Suite struct InstallBuilderTests {
  let log = InstallLog()

  private func recording(_ label: String) -> Recording {
    Recording(label: label, log: log)
  }

  @Test(arguments: [true, false])
  func ifElseInstallsOnlyTheTakenBranch(debug: Bool) {
    Container().install {
      recording("A")
      if debug { recording("Debug") } else { recording("Release") }
      if !debug { recording("OnlyRelease") }
    }
    #expect(log.order == (debug ? ["A", "Debug"] : ["A", "Release", "OnlyRelease"]))
  }

  @Test func switchInstallsTheMatchingCase() {
    let environment = "staging"
    Container().install {
      switch environment {
      case "production": recording("Production")
      case "staging": recording("Staging")
      default: recording("Local")
      }
    }
    #expect(log.order == ["Staging"])
  }

  @Test func forInstallsEveryIterationInOrder() {
    let plugins: [any Assembly] = [recording("P1"), recording("P2"), recording("P3")]
    Container().install {
      recording("Before")
      for plugin in plugins { plugin }
      recording("After")
    }
    #expect(log.order == ["Before", "P1", "P2", "P3", "After"])
  }

  @Test func arraysAreInstalledInOrder() {
    let concrete: [Recording] = [recording("C1"), recording("C2")]
    let existential: [any Assembly] = [recording("E1")]
    Container().install {
      concrete
      existential
    }
    #expect(log.order == ["C1", "C2", "E1"])
  }

  @Test func optionalAssembliesInstallOnlyWhenPresent() {
    let present: Recording? = recording("Present")
    let absent: Recording? = nil
    let existential: (any Assembly)? = recording("Existential")
    let none: (any Assembly)? = nil
    Container().install {
      present
      absent
      existential
      none
    }
    #expect(log.order == ["Present", "Existential"])
  }

  @Test func conditionalCompilationInsideTheBuilder() {
    Container().install {
      recording("Always")
      #if compiler(>=5.9)
        recording("NewCompiler")
      #else
        recording("OldCompiler")
      #endif
      #if os(WASI)
        recording("WASI")
      #endif
    }
    let expected = ["Always", "NewCompiler"]
    #if os(WASI)
      #expect(log.order == expected + ["WASI"])
    #else
      #expect(log.order == expected)
    #endif
  }

  @Test func availabilityChecksInsideTheBuilder() {
    Container().install {
      if #available(macOS 15, iOS 18, *) { recording("Available") }
    }
    #expect(log.order == ["Available"])
  }

  @Test func staticModulesInstallWithTheSameBuilder() {
    let container = Container().install {
      NetworkAssembly()
      ImagesModule.self
    }
    #expect(container.resolve(ImageCache.self) === container.resolve(ImageCache.self))
    #expect(container.dump().contains("[ImagesModule]"))
  }

  @Test func installReturnsTheContainerForChaining() {
    let container = Container()
    let returned = container.install { recording("First") }.install { recording("Second") }
    #expect(returned === container)
    #expect(log.order == ["First", "Second"])
  }

  @Test func installedRegistrationsResolve() {
    let container = Container().install { NetworkAssembly() }
    #expect(container.resolve((any APIClient).self).label == "live")
    #expect(container.resolve(HTTPClient.self).config.label == "production")
  }

  @Test func anEmptyBlockInstallsNothing() {
    let container = Container().install {}
    #expect(container.dump() == "Container: 0 registrations")
  }
}
