import Testing

@_spi(LoomInternals) @testable import Loom

/// A missing dependency, a cycle or a failing factory anywhere below a throwing entry point reaches
/// its caller as a thrown ``ResolutionError`` with the whole chain, whichever way the factories
/// are written: nothing below a `try` traps.
@Suite struct FailureReachesCallerTests {
  /// How the chain's factories are written.
  enum Style: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case closures, autowired, async, mainActor

    var testDescription: String { rawValue }
    /// Whether a synchronous `tryResolve` can resolve it (async and main-actor factories need
    /// `await` off the main actor).
    var isSynchronous: Bool { self == .closures || self == .autowired }
  }

  /// A chain `depth` registrations deep whose last one needs `Pet`, which nothing registers.
  struct BrokenChain: Sendable, CustomTestStringConvertible {
    let style: Style
    let depth: Int
    var testDescription: String { "\(style), depth \(depth)" }

    /// The keys a resolve of the root goes through, ending with the missing `Pet`.
    var expectedPath: String {
      let links: [String] =
        switch style {
        case .autowired: ((6 - depth)...5).map { "Hop\($0)" }
        default: (1...depth).map { "Link (name: \"\($0)\")" }
        }
      return (links + ["Pet"]).joined(separator: " → ")
    }

    /// Registers the chain in `container`, the root with `rootLifetime`; returns a resolve of the
    /// root from asynchronous code, type-erased.
    @discardableResult
    func register(in container: Container, rootLifetime: Lifetime = .transient)
      -> @Sendable () async throws(ResolutionError) -> Void
    {
      switch style {
      case .autowired:
        let lifetimes = (1...5).map { $0 == 6 - depth ? rootLifetime : Lifetime.transient }
        container.register(lifetime: lifetimes[0], Hop1.init)
        container.register(lifetime: lifetimes[1], Hop2.init)
        container.register(lifetime: lifetimes[2], Hop3.init)
        container.register(lifetime: lifetimes[3], Hop4.init)
        container.register(lifetime: lifetimes[4], Hop5.init)
        let root = hopType
        return { () async throws(ResolutionError) in _ = try await container.tryResolveAsync(root) }
      case .closures, .async, .mainActor:
        for level in 1...depth {
          let name = "\(level)"
          let next = level < depth ? "\(level + 1)" : nil
          let lifetime = level == 1 ? rootLifetime : .transient
          switch style {
          case .closures:
            container.register(Link.self, name: name, lifetime: lifetime) { r in
              if let next { return Link(next: try r.tryResolve(Link.self, name: next)) }
              return Link(pet: try r.tryResolve(Pet.self))
            }
          case .async:
            container.register(Link.self, name: name, lifetime: lifetime) { r async throws in
              if let next { return Link(next: try await r.tryResolveAsync(Link.self, name: next)) }
              return Link(pet: try await r.tryResolveAsync(Pet.self))
            }
          default:
            container.registerMainActor(Link.self, name: name, lifetime: lifetime) { r in
              if let next { return Link(next: try r.tryResolve(Link.self, name: next)) }
              return Link(pet: try r.tryResolve(Pet.self))
            }
          }
        }
        return { () async throws(ResolutionError) in
          _ = try await container.tryResolveAsync(Link.self, name: "1")
        }
      }
    }

    /// A synchronous `tryResolve` of the root.
    func resolveRoot(in container: Container) throws(ResolutionError) {
      switch style {
      case .autowired:
        _ = try container.tryResolve(hopType)
      default:
        _ = try container.tryResolve(Link.self, name: "1")
      }
    }

    /// The root of an auto-wired chain this deep.
    var hopType: any Sendable.Type {
      [Hop5.self, Hop4.self, Hop3.self, Hop2.self, Hop1.self][depth - 1]
    }

    /// The key of the chain's root.
    var rootKey: DependencyKey {
      switch style {
      case .autowired: DependencyKey(hopType)
      default: DependencyKey(Link.self, name: "1")
      }
    }
  }

  static let chains: [BrokenChain] = Style.allCases.flatMap { style in
    [1, 2, 5].map { BrokenChain(style: style, depth: $0) }
  }

  /// Checks that `error` is the missing `Pet` at the end of `chain`.
  func expectMissingPet(_ error: ResolutionError?, of chain: BrokenChain) {
    #expect(error?.code == .notRegistered)
    #expect(error?.key == DependencyKey(Pet.self))
    #expect(error?.path == chain.expectedPath)
  }

  // MARK: - Every throwing entry point

  @Test(arguments: chains.filter(\.style.isSynchronous))
  func tryResolveThrowsTheMissingDependencyWithItsChain(_ chain: BrokenChain) {
    let container = Container()
    chain.register(in: container)
    expectMissingPet(
      #expect(throws: ResolutionError.self) { try chain.resolveRoot(in: container) },
      of: chain)
  }

  @Test(arguments: chains)
  func tryResolveAsyncThrowsTheMissingDependencyWithItsChain(_ chain: BrokenChain) async {
    let container = Container()
    let resolve = chain.register(in: container)
    var thrown: ResolutionError?
    do { try await resolve() } catch { thrown = error }
    expectMissingPet(thrown, of: chain)
  }

  @Test(arguments: chains)
  func validateByResolvingReportsTheMissingDependencyWithItsChain(_ chain: BrokenChain) async throws
  {
    let container = Container()
    chain.register(in: container)
    let report = await container.validateByResolving()
    let problem = try #require(report.problems.first { $0.key == chain.rootKey })
    #expect(problem.code == .resolutionFailed)
    #expect(problem.summary == "resolving \(chain.rootKey) failed: no registration for Pet")
    #expect(problem.path.map(\.description).joined(separator: " → ") == chain.expectedPath)
  }

  @Test(arguments: chains)
  func bootstrapReportsTheMissingDependencyWithItsChain(_ chain: BrokenChain) async throws {
    let container = Container()
    chain.register(in: container, rootLifetime: .eagerSingleton)
    let error = try #require(
      await #expect(throws: BootstrapError.self) {
        try await container.bootstrap()
      })
    #expect(error.failures.map(\.name) == [chain.rootKey.description])
    expectMissingPet(error.failures.first?.error as? ResolutionError, of: chain)
  }

  @Test func aFactoryThatThrowsBelowAResolveIsWrappedWithItsChain() throws {
    struct DiskFull: Error {}
    let container = Container()
    container.register(Link.self, name: "1") { r in
      Link(next: try r.tryResolve(Link.self, name: "2"))
    }
    container.register(Link.self, name: "2") { _ in throw DiskFull() }

    let error = try #require(
      #expect(throws: ResolutionError.self) {
        try container.tryResolve(Link.self, name: "1")
      })
    #expect(error.code == .factoryFailed)
    #expect(error.path == #"Link (name: "1") → Link (name: "2")"#)
    #expect(error.underlying is DiskFull)
  }

  // MARK: - Property wrappers read in an initializer

  @Test func aCycleClosedByAPropertyReadInAnInitializerIsTheOuterCallersError() throws {
    let container = Container()
    container.register(Hen.self) { _ in try Hen() }
    container.register(Egg.self) { _ in try Egg() }

    let error = try #require(
      #expect(throws: ResolutionError.self) {
        try container.tryResolve(Hen.self)
      })
    #expect(error.code == .cycle)
    #expect(error.path == "Hen → Egg → Hen")
    #expect(error.summary == "dependency cycle: Hen → Egg → Hen")
  }

  @Test func aMissingDependencyReadByAPropertyInAnInitializerIsTheOuterCallersError() throws {
    let container = Container()
    container.register(Owner.self) { r in Owner(hen: try r.tryResolve(Hen.self)) }
    container.register(Hen.self) { _ in try Hen() }

    let error = try #require(
      #expect(throws: ResolutionError.self) {
        try container.tryResolve(Owner.self)
      })
    #expect(error.code == .notRegistered)
    #expect(error.path == "Owner → Hen → Egg")
  }

  // MARK: - A trap inside a factory says why

  @Test func aNonThrowingResolveInsideAFactoryTrapsWithAMessageThatSaysHowToPropagate() throws {
    let container = Container()
    let message = Lock<String?>(nil)
    container.register(Owner.self) { r in
      let error = ResolutionError(
        .notRegistered, key: DependencyKey(Pet.self), chain: [DependencyKey(Pet.self)],
        summary: "no registration for Pet", hint: "register Pet.")
      message.withLock { $0 = trapMessage(error) }
      return Owner(hen: nil)
    }
    _ = try container.tryResolve(Owner.self)

    #expect(
      message.value?.hasSuffix(
        "└─ To fix: register Pet. This non-throwing resolve ran inside the factory of Owner, where"
          + " a failure cannot reach the caller: resolve through the factory's resolver"
          + " (`try r.tryResolve(...)`), or read a property wrapper with `try $property.get()`.")
        == true)
    // Outside a factory, the message is the error's description alone.
    let outside = ResolutionError(
      .notRegistered, key: DependencyKey(Pet.self), chain: [],
      summary: "no registration for Pet",
      hint: "register Pet.")
    #expect(trapMessage(outside) == outside.description)
  }
}

// MARK: - Fixtures

private struct Pet: Sendable {}

/// A link of a chain made of closure factories, one registration per name.
private struct Link: Sendable {
  init(next: Link) {}
  init(pet: Pet) {}
}

/// An auto-wired chain: `Hop1 → Hop2 → … → Hop5 → Pet`.
private struct Hop1: Sendable { init(next: Hop2) {} }
private struct Hop2: Sendable { init(next: Hop3) {} }
private struct Hop3: Sendable { init(next: Hop4) {} }
private struct Hop4: Sendable { init(next: Hop5) {} }
private struct Hop5: Sendable { init(pet: Pet) {} }

/// Reads its `Egg` while it is made: a `Hen` and an `Egg` made this way need each other.
private struct Hen: Sendable {
  @Injected var egg: Egg

  init() throws(ResolutionError) {
    _ = try $egg.get()
  }
}

private struct Egg: Sendable {
  @Injected var hen: Hen

  init() throws(ResolutionError) {
    _ = try $hen.get()
  }
}

private struct Owner: Sendable {
  init(hen: Hen?) {}
}
