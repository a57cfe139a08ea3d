import Testing

@_spi(Testing) @testable import Loom

/// Which holder/held pairs the captive check refuses, at resolve time and in `validate()`: the
/// pairs where the held instance's lifetime can end while the holder lives on. A transient or a
/// `.graph` instance belongs to its holder once its resolve ends, so it is never held captive.
@Suite struct CaptiveRuleTests {
  /// A container where `Logger` (holding `Clock`) has `holder` and `Clock` has `held`, with
  /// `.once` instances of its own (the cases register `.once` at the same place).
  private func wiring(holder: Lifetime, held: Lifetime) -> Container {
    let container = Container()._makeTestContainer { _ in }
    container.register(Clock.self, lifetime: held) { _ in Clock() }
    container.register(lifetime: holder, Logger.init)
    return container
  }

  @Test(arguments: [
    (Lifetime.singleton, Lifetime.graph), (.singleton, .transient), (.weak, .graph),
    (.once, .graph), (.testSession, .graph), (.singleton, .singleton), (.singleton, .once),
    (.testSession, .singleton), (.transient, .weak), (.graph, .weak),
  ])
  func theseHoldersMayHoldTheseLifetimes(holder: Lifetime, held: Lifetime) throws {
    let container = wiring(holder: holder, held: held)
    _ = try container.tryResolve(Logger.self)
    #expect(container.validate().isValid)
  }

  @Test(arguments: [
    (Lifetime.singleton, Lifetime.weak), (.singleton, .testSession), (.singleton, .request),
    (.once, .singleton), (.once, .weak), (.testSession, .weak), (.weak, .request),
  ])
  func theseHoldersMayNotHoldTheseLifetimes(holder: Lifetime, held: Lifetime) {
    let container = wiring(holder: holder, held: held)
    RequestLifetime.$cache.withValue(InstanceCache()) {
      let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Logger.self) }
      #expect(error?.code == .captiveDependency)
      #expect(error?.summary == "Logger (\(holder)) would hold Clock (\(held)) captive")
    }
    #expect(
      container.validate().problems.map(\.summary) == [
        "Logger (\(holder)) holds Clock (\(held)) captive"
      ])
  }

  @Test func aSingletonOverAGraphInstanceThroughATransientIsAccepted() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .graph) { _ in Clock() }
    container.register(Logger.init)
    container.register(lifetime: .singleton) { (logger: Logger) in Wrapper(logger: logger) }
    _ = try container.tryResolve(Wrapper.self)
    #expect(container.validate().isValid)
  }

  @Test func aGraphInstanceDoesNotHideAShorterLifetimeBehindIt() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .weak) { _ in Clock() }
    container.register(lifetime: .graph, Logger.init)
    container.register(lifetime: .singleton) { (logger: Logger) in Wrapper(logger: logger) }
    let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Wrapper.self) }
    #expect(error?.summary == "Wrapper (singleton) would hold Clock (weak) captive")
    #expect(
      container.validate().problems.map(\.summary) == [
        "Wrapper (singleton) holds Clock (weak) captive through Logger"
      ])
  }
}

/// A singleton around a logger.
final class Wrapper: Sendable {
  let logger: Logger
  init(logger: Logger) { self.logger = logger }
}
