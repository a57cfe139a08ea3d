import Loom
import Testing

@testable import LoomGraph

/// What loom-graph reads from source, registration style by registration style: each test
/// scans a few lines and pins the graph's text and what could not be seen.
@Suite struct ScannerTests {
  /// The text graph and the not-seen lines of `sources` (one file each, in module `App`).
  static func read(_ sources: String...) -> (graph: String, unseen: [String]) {
    var scan = ScanResult()
    scan.modules = ["App"]
    for (number, source) in sources.enumerated() {
      scan.merge(
        SourceScanner.scan(source: source, file: "F\(number).swift", module: "App"), module: "App")
    }
    let app = AppGraph(scan: scan)
    return (app.graph.export(.text), app.unseen.map { "\($0.position): \($0.text)" })
  }

  @Test func containerRegistrationsBindingsAndInstances() {
    let (graph, unseen) = Self.read(
      """
      import Loom
      func wire(_ container: Container) {
        container.register(AppConfig.self, instance: AppConfig())
        container.register(HTTPClient.self, lifetime: .singleton) { r in
          HTTPClient(config: try r.tryResolve(AppConfig.self), log: r.resolve(Logger.self, name: "http"))
        }
        container.register(Logger.self, name: "http") { _ in Logger() }
        container.bind((any UserRepository).self, to: RemoteUserRepository.self)
        container.register(lifetime: .weak, RemoteUserRepository.init(http:))
        container.register((any Clock).self, implementedBy: SystemClock.init, lifetime: .singleton)
      }
      protocol Clock {}
      struct SystemClock: Clock { let zone: TimeZone }
      protocol UserRepository {}
      final class RemoteUserRepository: UserRepository {
        init(http: HTTPClient) {}
        init(cache: Cache) {}
      }
      """)

    #expect(
      graph == """
        any Clock (singleton)
        └─ TimeZone (missing)
        any UserRepository (transient, binding)
        └─ RemoteUserRepository (weak)
           └─ HTTPClient (singleton)
              ├─ AppConfig (singleton)
              └─ Logger (name: "http") (transient)

        """)
    #expect(unseen.isEmpty)
  }

  @Test func assembliesModulesAndKeyPathDeclarationsNameWhereTheyComeFrom() {
    let (graph, unseen) = Self.read(
      """
      import LoomAssembly
      struct NetworkAssembly: Assembly {
        var registrations: Registrations {
          Singleton(Session.self) { r in Session(token: try r.tryResolve(\\.token)) }
          Weak(Cache.self) { _ in Cache() }
        }
      }
      """,
      """
      import LoomMacros
      @Module
      struct ServicesModule {
        @Provides(name: "main", lifetime: .singleton)
        func database(session: Session, @Named("fast") cache: Lazy<Cache>) -> Database { Database() }
      }
      extension Container {
        var token: Dependency<String> { Dependency(.singleton) { _ in "secret" } }
      }
      """)

    #expect(
      graph == #"""
        Cache (weak, from NetworkAssembly)
        Database (name: "main") (singleton, from ServicesModule)
        ├─ Session (singleton, from NetworkAssembly)
        │  └─ \.token (singleton)
        └─ Cache (name: "fast") (missing) [deferred]

        """#)
    #expect(unseen.isEmpty)
  }

  @Test func injectableAndBindTypesGiveTheirInitializersParameters() {
    let (graph, _) = Self.read(
      """
      import LoomMacros
      @Injectable
      final class Feed: Sendable {
        init(api: any APIClient, @Named("eu") region: Region, limit: Int = 10) {}
      }
      @Bind((any APIClient).self, lifetime: .singleton)
      struct LiveAPI: APIClient {
        let session: Session
      }
      protocol APIClient: Sendable {}
      """)

    #expect(
      graph == """
        Feed (transient)
        ├─ any APIClient (singleton, binding)
        │  └─ LiveAPI (transient)
        │     └─ Session (missing)
        └─ Region (name: "eu") (missing)

        """)
  }

  @Test func aResolveWhoseTypeIsInferredIsReadFromTheInitializerItFeeds() {
    let (graph, unseen) = Self.read(
      """
      import Loom
      func wire(_ container: Container) {
        container.register(Settings.self) { r in
          Settings(store: try r.tryResolve(), clock: r.resolve(), other: make(r.resolve()))
        }
      }
      struct Settings {
        init(store: any Store, clock: Clock, other: Int) {}
      }
      protocol Store {}
      """)

    #expect(
      graph == """
        Settings (transient)
        ├─ Clock (missing)
        └─ any Store (missing)

        """)
    #expect(
      unseen == [
        "F0.swift:4:73: a dependency of Settings: r.resolve(…) infers the type it resolves"
      ])
  }

  @Test func registrationsWhoseKeyIsComputedAreNotSeen() {
    let (graph, unseen) = Self.read(
      """
      import Loom
      func wire<Plugin: Sendable>(_ container: Container, _ type: Any.Type, plugin: Plugin.Type) {
        container.register(type) { _ in 1 }
        container.register(Plugin.self) { _ in fatalError() }
        container.register { _ in Clock() }
        container.register(Clock.init)
        tableView.register(Cell.self, forCellReuseIdentifier: "cell")
      }
      """)

    #expect(graph == "Clock (transient)\n")
    #expect(
      unseen == [
        "F0.swift:3:13: register(type, …) takes its key from an expression evaluated at run time",
        "F0.swift:4:13: register(Plugin.self, …) registers the generic parameter 'Plugin', whose"
          + " type is known only at run time",
        "F0.swift:5:13: register(…) infers the type it registers; write register(T.self, …) so"
          + " that loom-graph can read its key",
        "F0.swift:6:13: the dependencies of Clock (auto-wired Clock.init): Clock is not declared"
          + " in the scanned sources, or has no such initializer",
      ])
  }

  @Test func componentMembersOfEveryLifetimeAreDrawn() {
    let (graph, unseen) = Self.read(
      """
      import LoomMacros
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, with: [\\Self.config]) var api: API
        @Provide(.lazy, with: [\\Self.api]) var report: CrashReporter
        @Provide(.transient, factory: { (api: API) in Screen(api: api) }) var screen: Screen
        @Provide(.once, with: []) var clock: Clock
      }
      """)

    #expect(
      graph == #"""
        Clock (name: "App.clock") (once)
        CrashReporter (name: "App.report") (singleton)
        └─ API (name: "App.api") (singleton)
           └─ Config (name: "App.config") (singleton)
        Screen (name: "App.screen") (transient)
        └─ API (name: "App.api") (singleton) (see above)

        """#)
    #expect(unseen.isEmpty)
  }

  /// loom-graph reads the macros' declarations with the macros' own readers: what a macro
  /// resolves is an edge, what it leaves out (a parameter with a default value) or refuses (a
  /// member it reports, a class that is not final) is not in the graph.
  @Test func declarationsAreReadAsTheMacrosReadThem() {
    let (graph, unseen) = Self.read(
      """
      import LoomMacros
      @Module
      struct ServicesModule {
        @Provides(lifetime: .singleton)
        func feed(api: API, limit: Limit = Limit()) -> Feed { Feed() }
      }
      @Injectable
      class Cache {
        init(store: Store) {}
      }
      @Component
      struct App {
        @Provide(.input) var api: API
        @Provide(.shared, factory: { api in Screen(api: api) }) var screen: Screen
      }
      func wire(_ container: Container) {
        container.register(Cache.self)
      }
      """)

    #expect(
      graph == #"""
        API (name: "App.api") (singleton)
        Cache (transient)
        Feed (singleton, from ServicesModule)
        └─ API (missing)

        """#)
    #expect(
      unseen == [
        "F0.swift:8:7: the dependencies of Cache: Cache is not an @Injectable type loom-graph can"
          + " read (declared elsewhere, or one the macro reports, such as several initializers"
          + " and none marked @InjectableInit)",
        "F0.swift:17:13: the dependencies of Cache: Cache is not an @Injectable type loom-graph"
          + " can read (declared elsewhere, or one the macro reports, such as several"
          + " initializers and none marked @InjectableInit)",
      ])
  }
}
