import Testing

@testable import Loom

// MARK: - Fixtures: types as apps write them

/// A session-like reference that is not `Sendable` (what `URLSession` is to Swift 6 on Linux).
final class WireSession {
  var requests = 0
}

/// A non-final class that holds a non-`Sendable` reference: not `Sendable`.
class WireClient {
  let session: WireSession
  init(session: WireSession) { self.session = session }
}

/// A protocol that does not refine `Sendable`.
protocol Fetching: AnyObject {
  func fetch() -> String
}

final class WireFetcher: Fetching {
  let client: WireClient
  init(client: WireClient) { self.client = client }
  func fetch() -> String { "fetched" }
}

/// A struct holding `[String: Any]`.
struct Payload {
  var fields: [String: Any] = ["id": 1]
}

/// A `@MainActor` protocol and its implementation, as a view model would be.
@MainActor protocol Screening: AnyObject {
  var title: String { get }
}

@MainActor final class ScreenController: Screening {
  let title: String
  init(title: String) { self.title = title }
}

/// A custom global actor and a class isolated to it.
@globalActor actor StoreActor {
  static let shared = StoreActor()
}

@StoreActor final class RecordStore {
  var items: [String] = []
  init() {}
}

/// A class isolated to the custom actor that depends on the store, both made there.
@StoreActor final class StoreReader {
  let store: RecordStore
  init(store: RecordStore) { self.store = store }
}

/// A non-`Sendable` service whose only dependent is a main-actor registration.
final class Formatter {
  func format(_ text: String) -> String { "[\(text)]" }
}

@MainActor final class FormattedScreen {
  let formatter: Formatter
  init(formatter: Formatter) { self.formatter = formatter }
}

/// A plain service made anywhere.
final class Clocked: Sendable {}

/// A service that depends on a main-actor one.
final class NeedsScreen: Sendable {
  init(screen: ScreenController) {}
}

extension Container {
  fileprivate var wireClient: Dependency<WireClient> {
    Dependency { _ in WireClient(session: WireSession()) }
  }
  fileprivate var payload: Dependency<Payload> { Dependency(.graph) { _ in Payload() } }
  fileprivate var screen: Dependency<any Screening> {
    Dependency(.mainActor(.singleton)) { @MainActor _ in ScreenController(title: "key path") }
  }
}

/// Makes a container with a `@MainActor` factory written in a `@MainActor` function.
@MainActor
private func mainActorWiring(_ container: Container) {
  container.register((any Screening).self, lifetime: .mainActor(.singleton)) { _ in
    ScreenController(title: "main")
  }
  container.register(ScreenController.self, lifetime: .singleton) { _ in
    ScreenController(title: "typed")
  }
}

// MARK: - Tests

@Suite struct SendableAndIsolationTests {
  @Test func nonSendableTransientsAreNewForEveryResolve() throws {
    let container = Container()
    container.register(WireSession.self) { _ in WireSession() }
    container.register(WireClient.self) { r in WireClient(session: try r.tryResolve()) }
    container.register((any Fetching).self, WireFetcher.init)
    container.register(Payload.self, lifetime: .transient) { _ in Payload() }

    let first = try container.tryResolve(WireClient.self)
    let second = try container.tryResolve(WireClient.self)
    #expect(first !== second)
    #expect(first.session !== second.session)
    #expect(try container.tryResolve((any Fetching).self).fetch() == "fetched")
    #expect(try container.tryResolve(Payload.self).fields["id"] as? Int == 1)
    #expect(try container.tryResolve(\.wireClient) !== container.tryResolve(\.wireClient))
  }

  @Test func aNonSendableTransientCrossesToAnotherTaskWhole() async throws {
    let container = Container()
    container.register(WireSession.self) { _ in WireSession() }
    let session = try container.tryResolve(WireSession.self)
    // The resolve hands the value over (`sending`): it may move to another task.
    let count = await Task.detached {
      session.requests += 1
      return session.requests
    }.value
    #expect(count == 1)
    let fromAsync = try await container.tryResolveAsync(WireSession.self)
    #expect(fromAsync.requests == 0)
  }

  @Test func aNonSendableGraphInstanceIsSharedWithinOneResolve() throws {
    final class Pair {
      let left: Payload
      let right: Payload
      let sameRun: Bool
      init(left: Payload, right: Payload, sameRun: Bool) {
        (self.left, self.right, self.sameRun) = (left, right, sameRun)
      }
    }
    final class Unit {}
    final class Holder {
      let first: Unit
      let second: Unit
      init(first: Unit, second: Unit) { (self.first, self.second) = (first, second) }
    }
    let container = Container()
    container.register(Unit.self, lifetime: .graph) { _ in Unit() }
    container.register(Holder.self) { r in
      Holder(first: try r.tryResolve(), second: try r.tryResolve())
    }
    let holder = try container.tryResolve(Holder.self)
    #expect(holder.first === holder.second)
    #expect(try container.tryResolve(Holder.self).first !== holder.first)
  }

  @Test func runtimeArgumentsAndHandlesTakeNonSendableValues() throws {
    let container = Container()
    container.register(WireClient.self) { (_, session: WireSession) in WireClient(session: session)
    }
    container.register(WireSession.self) { _ in WireSession() }
    let session = WireSession()
    #expect(try container.tryResolve(WireClient.self, arguments: session).session === session)
    let provider: Provider<WireSession> = container.provider()
    #expect(provider() !== provider())
    let lazy: Lazy<WireSession> = container.lazy()
    #expect(lazy.value === lazy.value)
  }

  @Test func aBindingOfANonSendableProtocolForwardsToItsImplementation() throws {
    let container = Container()
    container.register(WireClient.self) { _ in WireClient(session: WireSession()) }
    container.register(WireFetcher.init)
    container.bind((any Fetching).self, to: WireFetcher.self)
    #expect(try container.tryResolve((any Fetching).self).fetch() == "fetched")
  }

  @Test func aCachedDefaultLifetimeLeavesANonSendableValueTransientAndSaysSo() throws {
    let container = Container()
    container.defaultLifetime = .singleton
    let (_, warnings) = collectingRegistrationWarnings {
      container.register(WireSession.self) { _ in WireSession() }
    }
    #expect(try container.tryResolve(WireSession.self) !== container.tryResolve(WireSession.self))
    let problem = try #require(container.validate().problems.first)
    #expect(problem.code == .lifetimeMismatch)
    #expect(
      problem.summary
        == "WireSession is not Sendable, so it is transient, not singleton as the container's"
        + " default lifetime says")
    #if DEBUG
      #expect(warnings.count == 1)
    #endif
  }

  @Test func anUncheckedSingletonIsSharedAndCounted() throws {
    let container = Container()
    container.register(WireSession.self, lifetime: .unchecked(.singleton)) { _ in WireSession() }
    container.register(Clocked.self, lifetime: .singleton) { _ in Clocked() }
    #expect(try container.tryResolve(WireSession.self) === container.tryResolve(WireSession.self))
    #expect(container.dump().hasPrefix("Container: 2 registrations, 1 unchecked\n"))
    #expect(container.dump().contains("unchecked singleton"))
    let node = try #require(container.graph.node(for: DependencyKey(WireSession.self)))
    #expect(node.isUnchecked)
    #expect(node.description.hasPrefix("WireSession (unchecked singleton) at"))
    #expect(container.graph.nodes.count(where: \.isUnchecked) == 1)
  }

  @MainActor
  @Test func aMainActorSingletonOfAnExistentialIsSharedOnTheMainActor() throws {
    let container = Container()
    mainActorWiring(container)
    let first = try container.tryResolve((any Screening).self)
    let second = try container.tryResolve((any Screening).self)
    #expect(first === second)
    #expect(first.title == "main")
    #expect(try container.tryResolve(\.screen).title == "key path")
    #expect(try container.tryResolve(ScreenController.self).title == "typed")
    #expect(container.dump().contains("singleton on the main actor"))
  }

  @Test func aMainActorSingletonOfAnExistentialIsRefusedOffTheMainActor() async throws {
    let container = Container()
    await mainActorWiring(container)
    let error = await Task.detached { () -> ResolutionError? in
      do throws(ResolutionError) {
        _ = try container.tryResolve((any Screening).self)
        return nil
      } catch { return error }
    }.value
    #expect(error?.code == .asyncRequired)
    #expect(
      error?.summary
        == "any Screening is made on the main actor and was resolved synchronously off it")
    await #expect(throws: ResolutionError.self) {
      _ = try await container.tryResolveAsync((any Screening).self)
    }
    // Bootstrap builds an eager one on the main actor; the typed, `Sendable` one is then served
    // anywhere.
    let typed = try await container.tryResolveAsync(ScreenController.self)
    #expect(typed.title == "typed")
  }

  @Test func aFactoryWrittenOnTheMainActorRunsThere() async throws {
    let container = Container()
    await mainActorWiring(container)
    #expect(container.dump().contains("main actor"))
    let error = await Task.detached { () -> ResolutionError? in
      do throws(ResolutionError) {
        _ = try container.tryResolve(ScreenController.self)
        return nil
      } catch { return error }
    }.value
    #expect(error?.code == .asyncRequired)
  }

  @Test func aFactoryOfACustomGlobalActorRunsThereFromAwait() async throws {
    let container = Container()
    container.register(RecordStore.self, lifetime: .singleton) { @StoreActor _ in RecordStore() }
    container.register(StoreReader.self) { @StoreActor r in StoreReader(store: try r.tryResolve()) }
    #expect(container.dump().contains("on StoreActor"))
    // Synchronously, Loom cannot tell that StoreActor runs: it says how to resolve it.
    let error = #expect(throws: ResolutionError.self) {
      _ = try container.tryResolve(RecordStore.self)
    }
    #expect(
      error?.summary == "RecordStore is made on StoreActor and was resolved synchronously off it")
    // With await, the factory runs on StoreActor, and so does what it resolves there.
    let reader = try await container.tryResolveAsync(StoreReader.self)
    let store = try await container.tryResolveAsync(RecordStore.self)
    #expect(reader.store === store)
    // Once made, the `Sendable` singleton is served anywhere.
    #expect(try container.tryResolve(RecordStore.self) === store)
  }

  @Test func onCreatedOnTheMainActorMakesTheRegistrationAMainActorOne() async throws {
    final class Counted: @unchecked Sendable {
      // NB: written once, on the main actor, before the instance is handed out.
      var createdOnMain = false
    }
    let container = Container()
    container.register(Counted.self) { _ in Counted() }
      .onCreated { @MainActor _, counted in counted.createdOnMain = MainActorCheck.isCurrent }
    let made = try await container.tryResolveAsync(Counted.self)
    #expect(made.createdOnMain)
    #expect(container.dump().contains("main actor"))
  }

  @Test func aCompletionOfACustomGlobalActorRunsThereWhenTheGraphIsComplete() async throws {
    let container = Container()
    container.register(RecordStore.self, lifetime: .singleton) { @StoreActor _ in RecordStore() }
      .onCreated { @StoreActor _, store in store.items.append("completed") }
    container.register(StoreReader.self) { @StoreActor r in StoreReader(store: try r.tryResolve()) }
    // The store's completion waits for the reader's graph to be complete, then hops back to
    // StoreActor (off it, it would fail as resolved synchronously off its actor).
    let reader = try await container.tryResolveAsync(StoreReader.self)
    let items = await reader.store.items
    #expect(items == ["completed"])
  }

  @Test func partsIsolatedToTwoActorsFailWithAMessage() throws {
    let container = Container()
    container.register(Clocked.self) { @StoreActor _ in Clocked() }
      .decorated { @MainActor _, clocked in clocked }
    let error = #expect(throws: ResolutionError.self) { _ = try container.tryResolve(Clocked.self) }
    #expect(
      error?.summary
        == "the factory of Clocked runs on StoreActor, but its decorator on the main actor")
  }

  @Test func validateFlagsOnlyAnEdgeThatWouldCrossOntoTheActor() async throws {
    let container = Container()
    // Formatter needs a main-actor singleton, but only a main-actor registration needs Formatter:
    // it is built there, and nothing crosses.
    container.register(Formatter.self, dependencies: [DependencyKey(ScreenController.self)]) { r in
      _ = try r.tryResolve(ScreenController.self)
      return Formatter()
    }
    await MainActor.run {
      container.register(FormattedScreen.self, dependencies: [DependencyKey(Formatter.self)]) {
        r in FormattedScreen(formatter: try r.tryResolve())
      }
      container.register(ScreenController.self, lifetime: .singleton, dependencies: []) { _ in
        ScreenController(title: "x")
      }
    }
    #expect(container.validate().problems.isEmpty)
    // A plain singleton resolved from anywhere that needs a main-actor singleton crosses: the
    // smallest fix is to make the target eager.
    container.register(NeedsScreen.self, lifetime: .singleton, NeedsScreen.init)
    let problem = try #require(container.validate().problems.first)
    #expect(problem.code == .mainActorFromSync)
    #expect(
      problem.hint
        == "make ScreenController an eager singleton (`lifetime: .eagerSingleton`), which"
        + " `bootstrap()` builds on the main actor so that synchronous resolves find it cached; or"
        + " resolve it through a `Lazy` or `Provider` in NeedsScreen; or write the factory of"
        + " NeedsScreen on the main actor too (mark it `@MainActor`), or make it async and"
        + " resolve ScreenController with await. (If the factory of ScreenController does not"
        + " need the main actor, register it outside `@MainActor` code: a closure takes the actor"
        + " of the function it is written in.)")
    // Eager, it is a cache hit after bootstrap: nothing crosses.
    await MainActor.run {
      _ = container.register(ScreenController.self, lifetime: .eagerSingleton, dependencies: []) {
        _ in ScreenController(title: "x")
      }
    }
    #expect(container.validate().problems.isEmpty)
  }
}
