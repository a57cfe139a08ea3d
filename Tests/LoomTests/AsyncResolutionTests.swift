import Foundation
import Loom
import Testing

/// A service made by an asynchronous factory.
final class RemoteConfig: Sendable {
  let version: Int

  init(version: Int) {
    self.version = version
  }
}

/// A main-actor isolated type, as a view model would be.
@MainActor
final class ScreenModel {
  let title: String

  init(title: String) {
    self.title = title
  }
}

/// Async cycle fixtures: each needs the other, both built asynchronously.
final class Ping: Sendable {}
final class Pong: Sendable {}

@Suite struct AsyncResolutionTests {
  @Test func asyncFactoryIsAwaited() async throws {
    let container = Container()
    container.register(RemoteConfig.self) { _ async in
      await Task.yield()
      return RemoteConfig(version: 3)
    }
    let config = try await container.tryResolveAsync(RemoteConfig.self)
    #expect(config.version == 3)
  }

  @Test func asyncDependenciesResolveThroughTheResolver() async throws {
    let container = Container()
    container.register(Database.self, lifetime: .singleton) { _ async in Database(label: "async") }
    container.register(UserService.self) { r async throws in
      UserService(database: try await r.tryResolveAsync(Database.self))
    }
    let service = try await container.tryResolveAsync(UserService.self)
    #expect(service.database.label == "async")
  }

  @Test func synchronousResolveOfAnAsyncRegistrationFailsWithTheChain() throws {
    let container = Container()
    container.register(Database.self) { _ async in Database() }
    container.register(UserService.self) { r in UserService(database: try r.tryResolve()) }
    let line = #line + 1
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(UserService.self)
    }
    #expect(error.code == .asyncRequired)
    #expect(error.chain == [DependencyKey(UserService.self), DependencyKey(Database.self)])
    #expect(
      error.description == """
        ResolutionError: Database is made by an asynchronous factory and was resolved synchronously
        ├─ Resolved via: UserService → Database
        ├─ Requested at: LoomTests/AsyncResolutionTests.swift:\(line)
        └─ To fix: resolve it with `try await tryResolveAsync(...)`, or build it first with \
        `try await container.bootstrap()` so that synchronous resolves find it cached.
        """)
  }

  @Test(.timeLimit(.minutes(1)))
  func cachedAsyncInstanceIsMadeOnceForManyConcurrentAwaiters() async throws {
    let container = Container()
    let runs = Counter()
    container.register(RemoteConfig.self, lifetime: .singleton) { _ async in
      runs.increment()
      try? await Task.sleep(for: .milliseconds(20))
      return RemoteConfig(version: runs.value)
    }
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<64 {
        group.addTask { ObjectIdentifier(try await container.tryResolveAsync(RemoteConfig.self)) }
      }
      var seen: Set<ObjectIdentifier> = []
      for try await identity in group { seen.insert(identity) }
      return seen
    }
    #expect(runs.value == 1)
    #expect(identities.count == 1)
  }

  @Test func afterAnAsyncSingletonIsMadeASynchronousResolveIsACacheHit() async throws {
    let container = Container()
    container.register(RemoteConfig.self, lifetime: .singleton) { _ async in
      RemoteConfig(version: 7)
    }
    let made = try await container.tryResolveAsync(RemoteConfig.self)
    let again = try container.tryResolve(RemoteConfig.self)
    #expect(made === again)
  }

  @Test func aFailedAsyncCreationIsNotKept() async throws {
    struct Offline: Error {}
    let container = Container()
    let attempts = Counter()
    container.register(RemoteConfig.self, lifetime: .singleton) { _ async throws in
      if attempts.increment() == 1 { throw Offline() }
      return RemoteConfig(version: 2)
    }
    let error = try await #require(throws: ResolutionError.self) {
      try await container.tryResolveAsync(RemoteConfig.self)
    }
    #expect(error.code == .factoryFailed)
    #expect(error.underlying is Offline)
    let config = try await container.tryResolveAsync(RemoteConfig.self)
    #expect(config.version == 2)
    #expect(attempts.value == 2)
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingOneAwaiterDoesNotCancelTheSharedCreation() async throws {
    let container = Container()
    let sawCancellation = Counter()
    container.register(RemoteConfig.self, lifetime: .singleton) { _ async in
      try? await Task.sleep(for: .milliseconds(50))
      if Task.isCancelled { sawCancellation.increment() }
      return RemoteConfig(version: 1)
    }
    let first = Task { try await container.tryResolveAsync(RemoteConfig.self) }
    let second = Task { try await container.tryResolveAsync(RemoteConfig.self) }
    first.cancel()
    let fromSecond = try await second.value
    let fromFirst = try await first.value
    #expect(fromFirst === fromSecond)
    #expect(sawCancellation.value == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func asyncSingletonsThatAwaitEachOtherFailWithACycle() async throws {
    let container = Container()
    container.register(Ping.self, lifetime: .singleton) { r async throws in
      _ = try await r.tryResolveAsync(Pong.self)
      return Ping()
    }
    container.register(Pong.self, lifetime: .singleton) { r async throws in
      _ = try await r.tryResolveAsync(Ping.self)
      return Pong()
    }
    let error = try await #require(throws: ResolutionError.self) {
      try await container.tryResolveAsync(Ping.self)
    }
    #expect(error.code == .cycle)
  }

  @Test(.timeLimit(.minutes(1)))
  func asyncSingletonsAwaitedFromTwoTasksAtOnceFailWithACycleNotAHang() async throws {
    let container = Container()
    let started = Counter()
    container.register(Ping.self, lifetime: .singleton) { r async throws in
      started.increment()
      while started.value < 2 { await Task.yield() }
      _ = try await r.tryResolveAsync(Pong.self)
      return Ping()
    }
    container.register(Pong.self, lifetime: .singleton) { r async throws in
      started.increment()
      while started.value < 2 { await Task.yield() }
      _ = try await r.tryResolveAsync(Ping.self)
      return Pong()
    }
    async let ping = outcome { () async throws(ResolutionError) in
      try await container.tryResolveAsync(Ping.self)
    }
    async let pong = outcome { () async throws(ResolutionError) in
      try await container.tryResolveAsync(Pong.self)
    }
    let codes: [ResolutionError.Code?] = await [ping, pong]
    #expect(codes.contains(ResolutionError.Code.cycle))
    #expect(codes.allSatisfy { $0 != nil })
  }

  @MainActor
  @Test func mainActorRegistrationResolvesSynchronouslyOnTheMainActor() throws {
    let container = Container()
    container.registerMainActor(ScreenModel.self) { _ in ScreenModel(title: "Profile") }
    let model = try container.tryResolve(ScreenModel.self)
    #expect(model.title == "Profile")
  }

  @Test func mainActorRegistrationResolvesWithAwaitFromElsewhere() async throws {
    let container = Container()
    container.registerMainActor(ScreenModel.self, lifetime: .singleton) { _ in
      ScreenModel(title: "Settings")
    }
    let model = try await container.tryResolveAsync(ScreenModel.self)
    let title = await MainActor.run { model.title }
    #expect(title == "Settings")
  }

  @Test func mainActorRegistrationResolvedSynchronouslyOffTheMainActorFails() async throws {
    let container = Container()
    container.registerMainActor(ScreenModel.self) { _ in ScreenModel(title: "x") }
    let error = await Task.detached {
      Result { () throws(ResolutionError) in try container.tryResolve(ScreenModel.self) }
    }.value.failureCode
    #expect(error == .asyncRequired)
  }

  @Test func anAsyncResolveThroughASynchronousFactoryNamesThatFactoryAsTheCause() async throws {
    let container = Container()
    container.register(Database.self) { _ async in Database() }
    container.register(UserService.self) { r in UserService(database: try r.tryResolve()) }
    // The caller awaits; the synchronous factory in the middle is what cannot.
    let error = try await #require(throws: ResolutionError.self) {
      try await container.tryResolveAsync(UserService.self)
    }
    #expect(error.code == .asyncRequired)
    #expect(error.chain == [DependencyKey(UserService.self), DependencyKey(Database.self)])
    #expect(
      error.hint
        == "the factory of UserService is synchronous, so it resolves Database synchronously:"
        + " make that factory async and resolve Database with `try await r.tryResolveAsync(...)`,"
        + " or build Database first with `try await container.bootstrap()`.")
  }

  @Test func anAsyncResolveThroughAFactoryOffTheMainActorNamesThatFactoryAsTheCause() async throws {
    let container = Container()
    container.registerMainActor(ScreenModel.self) { _ in ScreenModel(title: "x") }
    container.register(ScreenHolder.self) { r in ScreenHolder(model: try r.tryResolve()) }
    let error = await Task.detached { () async -> ResolutionError? in
      do throws(ResolutionError) {
        _ = try await container.tryResolveAsync(ScreenHolder.self)
        return nil
      } catch {
        return error
      }
    }.value
    #expect(error?.code == .asyncRequired)
    #expect(
      error?.hint
        == "the factory of ScreenHolder is synchronous and not isolated to the main actor, so it"
        + " resolves ScreenModel wherever ScreenHolder is built: resolve ScreenModel through a"
        + " `Lazy` or `Provider` in ScreenHolder, used where the main actor runs; or write that"
        + " factory on the main actor too (mark it `@MainActor`), or make it async and resolve"
        + " ScreenModel with `try await r.tryResolveAsync(...)`.")
    // validate() says the same before anything runs.
    #expect(container.validate().problems.map(\.code) == [.mainActorFromSync])
  }

  @Test func asyncKeyPathDependencyDefaultIsAwaited() async throws {
    let container = Container()
    let config = try await container.tryResolveAsync(\.remoteConfig)
    #expect(config.version == 42)
    #expect(try await container.tryResolveAsync(\.remoteConfig) === config)
  }
}

extension Container {
  fileprivate var remoteConfig: Dependency<RemoteConfig> {
    Dependency(.singleton) { _ async in RemoteConfig(version: 42) }
  }
}

/// The code of the error `operation` throws, or nil when it succeeds.
private func outcome<Value>(
  _ operation: () async throws(ResolutionError) -> Value
) async -> ResolutionError.Code? {
  do {
    _ = try await operation()
    return nil
  } catch {
    return error.code
  }
}

extension Result where Failure == ResolutionError {
  /// The error's code, or nil on success.
  var failureCode: ResolutionError.Code? {
    if case .failure(let error) = self { return error.code }
    return nil
  }
}

/// A synchronous factory's value that holds a main-actor model (a mistake: it is not isolated).
final class ScreenHolder: Sendable {
  let model: ScreenModel

  init(model: ScreenModel) {
    self.model = model
  }
}
