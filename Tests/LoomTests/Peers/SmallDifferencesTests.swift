@_spi(LoomInternals) import Loom
import Testing

/// Behaviours where Loom deliberately differs from Factory or Swinject in small ways, pinned so
/// that the "Coming from" guides' rows stay true (issue 32, point 9).
@Suite struct SmallDifferencesTests {
  final class Service: Sendable {}
  final class Session: Sendable {}
  final class Wrapper: Sendable {
    let inner: Service
    let session: Session?
    init(inner: Service, session: Session? = nil) {
      self.inner = inner
      self.session = session
    }
  }

  /// Factory caches nothing when an optional factory returns `nil` and tries again; a Loom
  /// singleton of an optional type keeps the `nil` it was made with, like any other value.
  @Test func aSingletonOfAnOptionalKeepsTheNilItsFactoryReturned() throws {
    let container = Container()
    let calls = Lock(0)
    container.register(Service?.self, lifetime: .singleton) { _ in
      calls.withLock { $0 += 1 }
      return calls.value == 1 ? nil : Service()
    }

    #expect(try container.tryResolve(Service?.self) == nil)
    #expect(try container.tryResolve(Service?.self) == nil)
    #expect(calls.value == 1)
  }

  /// A `Provider` of an unregistered key is made (it resolves when used); the failure comes at the
  /// use, with the key (`validate()` reports it where a registration takes such a provider).
  @Test func aProviderOfAnUnregisteredKeyFailsWhenUsed() throws {
    let container = Container()
    let provider = container.provider(Service.self)

    let error = #expect(throws: ResolutionError.self) { try provider.get() }
    #expect(error?.code == .notRegistered)
    #expect(container.validate().problems.isEmpty)  // nothing registered takes it
  }

  /// A decorator's result is the instance callers keep: a singleton's decorator that takes a
  /// session-lived dependency makes the singleton hold it, which is refused as captive.
  @Test func aSingletonsDecoratorThatTakesAShorterLivedDependencyIsRefused() throws {
    let container = Container()
    container.register(Session.self, lifetime: .weak) { _ in Session() }
    container.register(Service.self, lifetime: .singleton) { _ in Service() }
    container.register(Wrapper.self, lifetime: .singleton) { r in Wrapper(inner: try r.tryResolve())
    }
    .decorated { r, wrapper in
      Wrapper(inner: wrapper.inner, session: try r.tryResolve(Session.self))
    }

    let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Wrapper.self) }
    #expect(error?.code == .captiveDependency)
  }
}
