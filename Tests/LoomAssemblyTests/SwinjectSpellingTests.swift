import Synchronization
import Testing

@testable import Loom
@testable import LoomAssembly

/// An assembly ported from Swinject that kept `assemble(container:)`: it used to compile against
/// LoomAssembly and register nothing.
private struct PortedAssembly: Assembly {
  func assemble(container: Container) {
    container.register(String.self, name: "ported") { _ in "registered" }
  }
}

/// An assembly written for LoomAssembly.
private struct NativeAssembly: Assembly {
  func assemble(into container: Container) {
    container.register(String.self, name: "native") { _ in "registered" }
  }
}

/// A declarative assembly: its registrations, and no `assemble` of its own.
private struct DeclarativeAssembly: Assembly {
  var registrations: Registrations {
    Transient(Int.self) { _ in 7 }
  }
}

@Suite struct SwinjectSpellingTests {
  @Test func anAssemblyThatKeptSwinjectsSpellingRegistersAndIsToldToRenameIt() throws {
    let (container, warnings) = installCollectingWarnings { PortedAssembly() }

    #expect(try container.tryResolve(String.self, name: "ported") == "registered")
    #expect(warnings.count == 1)
    let warning = try #require(warnings.first)
    #expect(warning.contains("SwinjectSpellingTests.swift"))
    #expect(warning.contains("PortedAssembly implements Swinject's `assemble(container:)`"))
    #expect(warning.contains("rename it `func assemble(into container: Container)`"))
  }

  @Test func assembliesWrittenForLoomAssemblyAreNotWarnedAbout() throws {
    let (container, warnings) = installCollectingWarnings {
      NativeAssembly()
      DeclarativeAssembly()
    }

    #expect(try container.tryResolve(String.self, name: "native") == "registered")
    #expect(try container.tryResolve(Int.self) == 7)
    #expect(warnings.isEmpty)
  }

  private func installCollectingWarnings(
    @AssemblyBuilder _ assemblies: () -> [any Assembly]
  ) -> (Container, [String]) {
    let warnings = Mutex<[String]>([])
    let sink: @Sendable (String) -> Void = { text in warnings.withLock { $0.append(text) } }
    let container = RegistrationWarnings.$sink.withValue(sink) {
      Container().install(assemblies)
    }
    return (container, warnings.withLock { $0 })
  }
}
