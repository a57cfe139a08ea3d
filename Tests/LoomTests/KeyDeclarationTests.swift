import Testing

@testable import Loom

extension Container {
  /// A key declared without a default: something must register it.
  fileprivate var payments: Dependency<Token> { Dependency(.singleton) }

  /// An eager default that only `declare` makes known before its first resolve.
  fileprivate var warmCache: Dependency<Token> {
    Dependency(.eagerSingleton) { _ in
      WarmCacheProbe.made.increment()
      return Token()
    }
  }
}

/// Counts how often the eager default was made.
enum WarmCacheProbe {
  static let made = Counter()
}

@Suite struct KeyDeclarationTests {
  @Test func resolvingAKeyWithoutADefaultIsNotRegisteredNamingTheKeyPath() {
    let container = Container()
    let error = #expect(throws: ResolutionError.self) { try container.tryResolve(\.payments) }
    #expect(error?.code == .notRegistered)
    #expect(error?.key == DependencyKey(\Container.payments))
    #expect(error?.summary == "no registration for \\.payments")
  }

  @Test func aKeyWithoutADefaultResolvesOnceRegisteredWithItsDeclaredLifetime() throws {
    let container = Container()
    container.register(\.payments) { _ in Token() }
    let first = try container.tryResolve(\.payments)
    #expect(try container.tryResolve(\.payments) === first)  // the declared `.singleton`
  }

  @Test func aReadyInstanceCanBeBoundToAKeyPath() throws {
    let container = Container()
    let token = Token()
    container.register(\.payments, instance: token)
    #expect(try container.tryResolve(\.payments) === token)
  }

  @Test func keyPathRegistrationsDeclareTheirDependencies() {
    let container = Container()
    container.register(\.requestToken, dependencies: [DependencyKey(Config.self)]) { _ in Token() }
    let edges = container.graph.edges(from: DependencyKey(\Container.requestToken))
    #expect(edges.map(\.to) == [DependencyKey(Config.self)])
  }

  @Test func declaringAKeyPathPutsItsDefaultInTheGraphBeforeItsFirstResolve() {
    let container = Container()
    #expect(container.graph.node(for: DependencyKey(\Container.primaryLabel)) == nil)
    container.declare(\.primaryLabel, \.payments)
    #expect(container.graph.node(for: DependencyKey(\Container.primaryLabel)) != nil)
    #expect(container.requiredKeys == [DependencyKey(\Container.payments)])
  }

  @Test func declaringKeepsAnExistingRegistration() throws {
    let container = Container()
    container.register(\.primaryLabel) { _ in Label(text: "mine") }
    container.declare(\.primaryLabel)
    #expect(try container.tryResolve(\.primaryLabel) == Label(text: "mine"))
  }

  @Test func bootstrapBuildsADeclaredEagerDefault() async throws {
    let container = Container()
    container.declare(\.warmCache)
    let before = WarmCacheProbe.made.value
    try await container.bootstrap()
    #expect(WarmCacheProbe.made.value == before + 1)
    _ = container.resolve(\.warmCache)
    #expect(WarmCacheProbe.made.value == before + 1)
  }
}
