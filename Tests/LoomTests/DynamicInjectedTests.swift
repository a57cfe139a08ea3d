import Loom
import Testing

@Suite struct DynamicInjectedTests {
  @Test func resolvesAgainOnEveryAccess() {
    let container = Container()
    let made = Counter()
    container.register(Clock.self, lifetime: .transient) { _ in
      made.increment()
      return Clock()
    }
    let holder = container.withCurrent { DynamicClockHolder() }
    #expect(made.value == 0)

    let first = holder.clock
    let second = holder.clock

    #expect(first !== second)
    #expect(made.value == 2)
  }

  @Test func followsARegistrationReplacedAfterTheOwnerWasMade() {
    let container = Container()
    container.register(Config.self, instance: Config(label: "light"))
    let holder = container.withCurrent { DynamicConfigHolder() }
    #expect(holder.config.label == "light")

    container.register(Config.self, instance: Config(label: "dark"))

    #expect(holder.config.label == "dark")
  }

  @Test func aSingletonReadsTheSameInstanceEveryTime() {
    let container = Container()
    container.register(Clock.self, lifetime: .singleton) { _ in Clock() }
    let holder = container.withCurrent { DynamicClockHolder() }

    #expect(holder.clock === holder.clock)
    #expect(holder.clock === container.resolve(Clock.self))
  }

  @Test func byKeyPathAndByName() {
    let container = Container()
    container.register(Database.self, name: "replica", instance: Database(label: "replica"))
    let holder = container.withCurrent { DynamicKeyedHolder() }

    #expect(holder.token !== holder.token)  // \.requestToken is transient
    #expect(holder.database.label == "replica")
  }

  @Test func capturesTheContainerCurrentWhenItsOwnerIsMade() {
    let captured = Container()
    captured.register(Config.self, instance: Config(label: "captured"))
    let other = Container()
    other.register(Config.self, instance: Config(label: "other"))

    let holder = captured.withCurrent { DynamicConfigHolder() }

    #expect(other.withCurrent { holder.config.label } == "captured")
    #expect(holder.$config.container === captured)
  }

  @Test func anExplicitContainerWinsOverTheCurrentOne() {
    let explicit = Container()
    explicit.register(Config.self, instance: Config(label: "explicit"))

    let holder = Container().withCurrent { ExplicitDynamicConfigHolder(container: explicit) }

    #expect(holder.config.label == "explicit")
  }

  @Test func projectedGetThrowsWhyItCannotResolve() throws {
    let container = Container()
    let holder = container.withCurrent { DynamicClockHolder() }

    let error = try #require(throws: ResolutionError.self) { try holder.$clock.get() }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Clock.self))

    container.register(Clock.self, lifetime: .transient) { _ in Clock() }
    #expect(try holder.$clock.get() !== holder.clock)
  }
}

private final class DynamicClockHolder {
  @DynamicInjected var clock: Clock
}

private final class DynamicConfigHolder {
  @DynamicInjected var config: Config
}

private final class ExplicitDynamicConfigHolder {
  @DynamicInjected var config: Config

  init(container: Container) {
    _config = DynamicInjected(container: container)
  }
}

private final class DynamicKeyedHolder {
  @DynamicInjected(\.requestToken) var token
  @DynamicInjected(name: "replica") var database: Database
}
