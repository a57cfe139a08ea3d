import Testing

@testable import Loom

/// A global actor of the tests' own, for closures isolated to another actor than the main one.
@globalActor actor IsolationTestActor {
  static let shared = IsolationTestActor()
}

/// The unsafe step of `Engine/Isolation.swift`: an `@isolated(any)` closure, stripped of its
/// isolation, is called synchronously where that isolation holds, and its isolation is read first.
@Suite struct IsolationTests {
  @Test func aClosureWithNoIsolationIsCalledAnywhere() throws {
    let make: @isolated(any) @Sendable (Resolver) throws -> Int = { _ in 42 }
    #expect(make.isolation == nil)
    let closure = FactoryClosure<Int>.sync(isolated: make)
    guard case .sync(let stripped) = closure else {
      Issue.record("expected a synchronous factory with no isolation")
      return
    }
    let container = Container()
    let value = try container.withTestResolver { try stripped($0) }
    #expect(value == 42)
  }

  @MainActor
  @Test func aMainActorClosureIsCalledOnTheMainActor() throws {
    let captured = "on main"
    let make: @isolated(any) @Sendable (Resolver) throws -> String = { @MainActor _ in
      MainActor.assertIsolated()
      return captured
    }
    #expect(make.isolation.map(isMainActor) == true)
    let factory = Factory(FactoryClosure<String>.sync(isolated: make))
    #expect(factory.kind == .mainActor)
    let container = Container()
    #expect(try container.withTestResolver { try factory.make($0) } == "on main")
  }

  @Test func anotherActorsClosureIsCalledOnceTheEngineRunsThere() async throws {
    let make: @isolated(any) @Sendable (Resolver) throws -> Int = { @IsolationTestActor _ in
      IsolationTestActor.assertIsolated()
      return 7
    }
    let actor = try #require(make.isolation)
    #expect(isSameIsolation(actor, IsolationTestActor.shared))
    #expect(!isSameIsolation(actor, MainActor.shared))
    #expect(isolationName(actor) == "IsolationTestActor")
    let container = Container()
    container.register(Int.self, factory: make)
    #expect(container.registrationForTests(Int.self)?.kind == .isolated)
    #expect(try await container.tryResolveAsync(Int.self) == 7)
  }

  @Test func aDecoratorAndItsFactoryRunInOneStretchOnTheirActor() async throws {
    let container = Container()
    container.register(String.self) { @IsolationTestActor _ in "made" }
      .decorated { @IsolationTestActor _, value in
        IsolationTestActor.assertIsolated()
        return value + " and decorated"
      }
    #expect(try await container.tryResolveAsync(String.self) == "made and decorated")
  }
}

extension Container {
  /// Runs `body` with a resolver of a new synchronous resolve, for tests of factories run by hand.
  fileprivate func withTestResolver<Value>(_ body: (Resolver) throws -> Value) throws -> Value {
    let result = try withContext(CodeLocation(), section: sections.enter()) {
      context, _ throws(ResolutionError) in
      Result { try body(Resolver(container: self, context: context)) }
    }
    return try result.get()
  }

  /// The registration of `type` here, if any.
  fileprivate func registrationForTests<Value>(_ type: Value.Type) -> Registration? {
    lineageEntry(for: DependencyKey(type))?.0.registration
  }
}
