import Dispatch
import Loom
import LoomMacros
import LoomSession

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Runs every shape, prints one line per check (`ok: …` or `FAILED: …`), then resolves from
/// several threads and tasks at once (ThreadSanitizer watches that part), and exits non-zero if a
/// check failed.
@main
struct Probe {
  @MainActor static var failures = 0

  @MainActor
  static func check(_ what: String, _ passed: Bool) {
    if passed {
      print("ok: \(what)")
    } else {
      print("FAILED: \(what)")
      failures += 1
    }
  }

  static func main() async throws {
    let container = Container()
    wireApp(container)
    wireBackground(container)
    try await shapes(container)
    try await concurrently(container)
    print(
      failures == 0
        ? "Sendable probe: every check passed." : "Sendable probe: \(failures) failed.")
    fflush(nil)
    if failures > 0 { exit(1) }
  }

  /// Each shape, resolved where an app resolves it.
  @MainActor
  static func shapes(_ container: Container) async throws {
    let first = try container.tryResolve(APIClient.self)
    let second = try container.tryResolve(APIClient.self)
    check("1 non-final class holding a NetworkSession, transient", first !== second)
    // A transient is handed over whole: it may go to another task.
    let sent = await Task.detached { first.get("/health") }.value
    check("1 a resolved transient moves to another task", sent.hasSuffix("#1"))

    let repository = try container.tryResolve((any UserRepository).self)
    let auto = try container.tryResolve((any UserRepository).self, name: "auto")
    check(
      "2 protocol existential, closure and auto-wired",
      repository !== auto && auto.userName(id: 7).hasPrefix("user 7"))

    let event = try container.tryResolve(AnalyticsEvent.self, arguments: "launch")
    check(
      "3 struct holding [String: Any], with an argument", event.properties["count"] as? Int == 1)

    let profile = try container.tryResolve((any ProfileModeling).self)
    profile.rename(to: "Ada")
    check(
      "4 @MainActor protocol existential, main-actor singleton",
      try container.tryResolve((any ProfileModeling).self).displayName == "Ada")
    check(
      "4 @MainActor class singleton, factory written on the main actor",
      try container.tryResolve(ProfileModel.self) === profile)
    check(
      "4 key-path .mainActor(.singleton) declaration",
      try container.tryResolve(\.profile).displayName.hasPrefix("user 1"))

    let store = try await container.tryResolveAsync(RecordStore.self)
    let count = await store.insert("row")
    check("5 class isolated to a custom global actor, made there", count == 1)

    let queue = try container.tryResolve(DownloadQueue.self)
    check("6 actor singleton", await queue.enqueue("https://example.com") == 1)

    let screen = try container.tryResolve(SettingsScreen.self)
    screen.tracker.track(AnalyticsEvent(name: "open", properties: [:]))
    check(
      "7 class holding @Injected properties",
      screen.title().hasPrefix("Settings (production") && screen.tracker.events.count == 1)

    let cache = try container.tryResolve(LegacyImageCache.self)
    check(
      "opt-out: unchecked singleton, counted by dump() and the graph",
      cache === (try container.tryResolve(LegacyImageCache.self))
        && container.dump().contains("1 unchecked")
        && container.graph.nodes.count(where: \.isUnchecked) == 1)

    check(
      "DSL: Register with a confined lifetime, Singleton on the main actor",
      try container.tryResolve(NetworkSession.self, name: "dsl")
        !== container.tryResolve(NetworkSession.self, name: "dsl"))

    let component = NetworkComponent(baseURL: "https://component.example.com")
    let client = component.client
    check("8 component: transient member that is not Sendable", client !== component.client)
    let moved = await Task.detached { client.get("/c") }.value
    check("8 component: its value moves to another task", moved.hasSuffix("#1"))
    let stubbed = component.overriding {
      $0.client = { APIClient(session: NetworkSession(), baseURL: "stub") }
    }
    check(
      "8 component: overridden by a factory, new on every read",
      stubbed.client.baseURL == "stub" && stubbed.client !== stubbed.client)
    let installed = Container()
    component.install(into: installed)
    check(
      "8 component: installed as a transient",
      try installed.tryResolve(APIClient.self) !== installed.tryResolve(APIClient.self))

    let root = ScreenComponent()
    check(
      "9 main-actor component: shared members that are not Sendable",
      root.session === root.session && root.users === root.users
        && root.users.userName(id: 1).hasSuffix("#1") && root.session.requestCount == 1)
    let stubSession = NetworkSession()
    let stubbedRoot = root.overriding { $0.session = stubSession }
    check(
      "9 main-actor component: overridden by a value, shared",
      stubbedRoot.session === stubSession && stubbedRoot.users !== root.users)
    let screens = Container()
    root.install(into: screens)
    check(
      "9 main-actor component: installed, served on the main actor",
      try screens.tryResolve(NetworkSession.self, name: "session") === root.session)
    let offScreen = await Task.detached { () -> ResolutionError? in
      do throws(ResolutionError) {
        _ = try screens.tryResolve(NetworkSession.self, name: "session")
        return nil
      } catch { return error }
    }.value
    check(
      "9 main-actor component: its shared member is refused off the main actor",
      offScreen?.code == .asyncRequired)

    let off = await Task.detached { () -> ResolutionError? in
      do throws(ResolutionError) {
        _ = try container.tryResolve((any ProfileModeling).self)
        return nil
      } catch { return error }
    }.value
    check("4 the main-actor singleton is refused off the main actor", off?.code == .asyncRequired)
    let report = container.validate()
    check("validate() reports nothing", report.problems.isEmpty)
    if !report.problems.isEmpty { print(report) }
  }

  /// Resolves from eight threads and eight tasks at once: transients made on each, singletons
  /// shared by all.
  static func concurrently(_ container: Container) async throws {
    let rounds = 200
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<rounds {
        let client = container.resolve(APIClient.self, name: "background")
        _ = client.get("/thread")
        _ = container.resolve(Metrics.self).record()
        _ = container.resolve(LegacyImageCache.self).store("thread")
        _ = container.resolve(AppConfig.self).environment
      }
    }
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var last = 0
          for _ in 0..<rounds {
            let client = try await container.tryResolveAsync(APIClient.self, name: "background")
            _ = client.get("/task")
            last = try container.tryResolve(Metrics.self).record()
            _ = try await container.tryResolveAsync(RecordStore.self)
          }
          return last
        }
      }
      return try await group.reduce(0, max)
    }
    await check("concurrent resolves from 8 threads and 8 tasks", counts == 8 * rounds * 2)
  }
}
