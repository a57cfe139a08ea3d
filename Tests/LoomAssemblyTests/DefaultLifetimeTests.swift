import Loom
import LoomAssembly
import Testing

private final class Pool: Sendable {}
private final class Job: Sendable {}

/// A module whose registrations are mostly singletons, as a Swinject container made with
/// `defaultObjectScope: .container` or a Factory container subclass with a cached default scope.
private struct SingletonModule: Assembly {
  var defaultLifetime: Lifetime? { .singleton }
  func assemble(into container: Container) {
    container.register(Pool.self) { _ in Pool() }
    container.register(Job.self, lifetime: .transient) { _ in Job() }
  }
}

/// The same registrations in an assembly that names no default.
private struct PlainModule: Assembly {
  func assemble(into container: Container) {
    container.register(Pool.self) { _ in Pool() }
  }
}

@Suite struct DefaultLifetimeTests {
  @Test func anAssemblysDefaultLifetimeAppliesToItsRegistrationsThatNameNone() throws {
    let container = Container().install { SingletonModule() }

    #expect(try container.tryResolve(Pool.self) === container.tryResolve(Pool.self))
    #expect(try container.tryResolve(Job.self) !== container.tryResolve(Job.self))
    #expect(container.defaultLifetime == .transient)  // the container's own is unchanged
  }

  @Test func anAssemblyWithoutOneUsesTheContainers() throws {
    let plain = Container().install { PlainModule() }
    #expect(try plain.tryResolve(Pool.self) !== plain.tryResolve(Pool.self))

    let cached = Container()
    cached.defaultLifetime = .singleton
    cached.install { PlainModule() }
    #expect(try cached.tryResolve(Pool.self) === cached.tryResolve(Pool.self))
  }

  @Test func aGroupOfRegistrationsGetsTheBlocksDefaultAndNothingElseDoes() throws {
    let container = Container()
    Container.withDefaultLifetime(.singleton) {
      container.register(Pool.self) { _ in Pool() }
    }
    container.register(Job.self) { _ in Job() }

    #expect(try container.tryResolve(Pool.self) === container.tryResolve(Pool.self))
    #expect(try container.tryResolve(Job.self) !== container.tryResolve(Job.self))
  }
}
