import Testing

@testable import Loom

/// A factory that resolves through the container it captured, instead of its resolver, makes a
/// reference cycle (the closure holds the container that holds it): `dump()` says so, and debug
/// builds warn once, naming the registration.
@Suite struct CapturedContainerTests {
  struct Config: Sendable {}
  struct Holder: Sendable { let config: Config }

  @Test func aFactoryResolvingThroughItsCapturedContainerIsNamed() throws {
    let container = Container()
    container.register(Config.self, lifetime: .singleton) { _ in Config() }
    container.register(Holder.self) { _ in Holder(config: container.resolve()) }
    let (_, warnings) = try collectingRegistrationWarnings {
      _ = try container.tryResolve(Holder.self)
      _ = try container.tryResolve(Holder.self)
    }
    #if DEBUG
      #expect(warnings.count == 1)
      #expect(
        warnings.first?.contains(
          "the factory of Holder resolves through a container it captured") == true)
      #expect(warnings.first?.contains("To fix: resolve through the factory's resolver") == true)
    #else
      #expect(warnings.isEmpty)
    #endif
    let holderLine = try #require(
      container.dump().split(separator: "\n").first { $0.contains("Holder") })
    #expect(holderLine.contains("resolves through a captured container"))
  }

  @Test func aFactoryResolvingThroughItsResolverIsNotNamed() throws {
    let container = Container()
    container.register(Config.self, lifetime: .singleton) { _ in Config() }
    container.register(Holder.self) { r in Holder(config: try r.tryResolve()) }
    let (_, warnings) = try collectingRegistrationWarnings {
      _ = try container.tryResolve(Holder.self)
    }
    #expect(warnings.isEmpty)
    #expect(!container.dump().contains("captured container"))
  }
}
