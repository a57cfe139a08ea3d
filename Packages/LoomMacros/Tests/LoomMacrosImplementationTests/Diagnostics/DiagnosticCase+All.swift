// The rows of the diagnostics table: one wrong use for every message of the catalogue (and for
// each form of the messages that have several), with what the macros report for it.
// Generated once from the macros' output and checked by eye; keep each row next to its id.
extension DiagnosticCase {
  static let all: [DiagnosticCase] = [
    DiagnosticCase(
      id: "Component.struct",
      source: #"""
        @Component
        final class App {
          @Provide(.input) var config: Config
        }
        """#,
      diagnostics: [
        "1:1: error: @Component must be attached to a struct; the component's storage is shared by its copies"
      ]
    ),
    DiagnosticCase(
      id: "Component.performTarget",
      source: #"""
        @Component
        struct App {
          @Perform var ready: Bool { true }
        }
        """#,
      diagnostics: ["3:3: error: @Perform marks a method of a @Component as a start-up step"]
    ),
    DiagnosticCase(
      id: "Component.memberTarget",
      source: #"""
        @Component
        struct App {
          @Provide(.input) subscript(index: Int) -> Int { index }
        }
        """#,
      diagnostics: ["2:3: error: @Provide declares a member of a @Component: write it on a 'var'"]
    ),
    DiagnosticCase(
      id: "Component.outsideComponent",
      source: #"""
        struct Plain {
          @Provide(.input) var config: Config
        }
        """#,
      diagnostics: [
        "2:3: error: @Provide declares a member of a @Component; add @Component to the enclosing struct"
      ]
    ),
    DiagnosticCase(
      id: "Component.outsideComponent",
      source: #"""
        @Component
        struct App {}
        extension App {
          @Provide(.input) var other: Config
        }
        """#,
      diagnostics: [
        "4:3: error: @Provide must be written in the @Component struct itself, not in an extension: the component reads its members from its declaration"
      ]
    ),
    DiagnosticCase(
      id: "Component.outsideComponent",
      source: #"""
        @Module
        struct Network {
          @Provide(.shared, with: []) var api: API
        }
        """#,
      diagnostics: [
        "3:3: error: @Provide declares a member of a @Component; in a @Module, mark a method with @Provides instead"
      ]
    ),
    DiagnosticCase(
      id: "Component.outsideComponent",
      source: #"""
        struct Plain {
          @Perform func start() {}
        }
        """#,
      diagnostics: [
        "2:3: error: @Perform declares a start-up step of a @Component; add @Component to the enclosing struct"
      ]
    ),
    DiagnosticCase(
      id: "Component.duplicate",
      source: #"""
        @Component
        struct App {
          @Provide(.input) @Provide(.input) var config: Config
        }
        """#,
      diagnostics: [
        "3:20: error: a member has one @Provide attribute; remove this one, the first one describes it"
      ],
      fixIts: ["remove the second attribute"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.static",
      source: #"""
        @Component
        struct App {
          @Provide(.input) static var shared: Int
        }
        """#,
      diagnostics: [
        "3:20: error: @Provide member cannot be static; a `.once` member is the component's process-wide value"
      ],
      fixIts: ["remove 'static'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var shared: Int
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.binding",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var _: Int
        }
        """#,
      diagnostics: [
        "3:24: error: @Provide declares a member with a plain name: write 'var name: Type'"
      ]
    ),
    DiagnosticCase(
      id: "Component.type",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var untyped = 3
        }
        """#,
      diagnostics: ["3:24: error: @Provide member 'untyped' needs a type annotation"]
    ),
    DiagnosticCase(
      id: "Component.value",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var name: String = "x"
        }
        """#,
      diagnostics: [
        "3:37: error: @Provide member 'name' cannot have an initial value; the component builds it"
      ],
      fixIts: ["remove the initial value"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var name: String
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.accessors",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var name: String { "x" }
        }
        """#,
      diagnostics: [
        "3:37: error: @Provide member 'name' cannot have accessors; the component writes its getter"
      ]
    ),
    DiagnosticCase(
      id: "Component.lifetime",
      source: #"""
        @Component
        struct App {
          @Provide(with: []) var api: API
        }
        """#,
      diagnostics: [
        "3:3: error: @Provide needs a lifetime first: .input, .shared, .lazy, .transient or .once"
      ]
    ),
    DiagnosticCase(
      id: "Component.lifetime",
      source: #"""
        @Component
        struct App {
          @Provide(.forever, with: []) var api: API
        }
        """#,
      diagnostics: [
        "3:12: error: '.forever' is not a lifetime; write .input, .shared, .lazy, .transient or .once"
      ]
    ),
    DiagnosticCase(
      id: "Component.notAnEffect",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, Database.open, effects: .sometimes) var database: Database
        }
        """#,
      diagnostics: [
        "3:45: error: '.sometimes' is not an effect; write .async, .throwing or [.async, .throwing]"
      ]
    ),
    DiagnosticCase(
      id: "Component.stored",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          var plain: Int
        }
        """#,
      diagnostics: [
        "4:7: error: stored property 'plain' has no value, and the component's initializer only sets its members; make it a member with @Provide(.input), or give it a value"
      ]
    ),
    DiagnosticCase(
      id: "Component.after",
      source: #"""
        @Component
        struct App {
          @Perform(after: [name]) func seed() {}
        }
        """#,
      diagnostics: ["3:20: error: name the steps 'seed' runs after as string literals"]
    ),
    DiagnosticCase(
      id: "Component.literalArgument",
      source: #"""
        @Component(mainActor: isUI, root: !isFeature)
        struct App {}
        """#,
      diagnostics: [
        "1:23: error: write mainActor: true or mainActor: false; it is read from the source, not evaluated",
        "1:35: error: write root: true or root: false; it is read from the source, not evaluated",
      ]
    ),
    DiagnosticCase(
      id: "Component.parents",
      source: #"""
        @Component(parents: names)
        struct App {}
        @Component(parents: ["AppComponent", prefix + "Component", "Shell\(1)"])
        struct Feature {}
        """#,
      diagnostics: [
        #"1:21: error: list the components that may mount App as string literals, such as parents: ["AppComponent"]; loom-graph reads them from the source, not their value"#,
        #"3:38: error: name each component that may mount Feature with a plain string literal, such as "AppComponent"; loom-graph reads the names from the source"#,
        #"3:60: error: name each component that may mount Feature with a plain string literal, such as "AppComponent"; loom-graph reads the names from the source"#,
      ]
    ),
    DiagnosticCase(
      id: "Component.rootWithParents",
      source: #"""
        @Component(parents: ["ShellComponent"], root: true)
        struct App {
          @Provide(.input) var config: Config
        }
        """#,
      diagnostics: [
        "1:12: error: App is a root component (root: true), which no component may mount, so it has no parents; remove parents:, or remove root: true"
      ]
    ),
    DiagnosticCase(
      id: "Component.inputFactory",
      source: #"""
        @Component
        struct App {
          @Provide(.input, factory: { () in Config() }) var config: Config
        }
        """#,
      diagnostics: [
        "3:20: error: input 'config' is passed to the component's initializer, so it cannot have a factory; remove it, or make the member .shared"
      ],
      fixIts: ["remove the factory"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.noSource",
      source: #"""
        @Component
        struct App {
          @Provide(.shared) var clock: Clock
        }
        """#,
      diagnostics: [
        "3:3: error: member 'clock' has no construction source; build it with `with: [\\Self.a, ...]` (Clock's initializer, its labels naming members), an initializer or function reference whose labels name members, or a `factory:` closure"
      ],
      fixIts: ["add `with: []`"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.shared, with: []) var clock: Clock
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.severalSources",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, Clock.init, factory: { () in Clock() }) var clock: Clock
        }
        """#,
      diagnostics: [
        "3:33: error: member 'clock' has several construction sources; keep one of them"
      ],
      fixIts: ["keep the first source"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.shared, Clock.init) var clock: Clock
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.severalSources",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var api: API
          @Child(with: [\Self.api], factory: { (api: API) in Session.make(api) }) var session: Session
        }
        """#,
      diagnostics: [
        "4:10: error: child 'session' is wired by both `factory:` and `with:`; keep one of them"
      ],
      fixIts: ["remove `with:`"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var api: API
          @Child(factory: { (api: API) in Session.make(api) }) var session: Session
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.factory",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, factory: makeClock) var clock: Clock
        }
        """#,
      diagnostics: [
        "3:30: error: factory of 'clock' must be a closure literal, whose parameters name members"
      ]
    ),
    DiagnosticCase(
      id: "Component.closureEffects",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, factory: { () async in await Loaded.load() }, effects: .async) var loaded: Loaded
        }
        """#,
      diagnostics: [
        "3:67: error: a factory closure states its effects in its signature (`{ (a: A) async throws in ... }`); remove `effects:`"
      ],
      fixIts: ["remove 'effects:'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.shared, factory: { () async in await Loaded.load() }) var loaded: Loaded
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.closureEffects",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, factory: { () in await Loaded.load() }) var loaded: Loaded
        }
        """#,
      diagnostics: [
        "3:32: error: the factory of 'loaded' uses 'await'; declare it 'async' in the closure's signature, which states the member's effects"
      ],
      fixIts: ["add 'async' to the closure's signature"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.shared, factory: { () async in await Loaded.load() }) var loaded: Loaded
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.closureEffects",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, factory: { try Loaded.read() }) var loaded: Loaded
        }
        """#,
      diagnostics: [
        "3:30: error: the factory of 'loaded' uses 'try'; give it a signature that says so: { () throws in ... }"
      ]
    ),
    DiagnosticCase(
      id: "Component.abstractType",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, with: []) var api: any APIClient
        }
        """#,
      diagnostics: [
        "3:21: error: member 'api' has type 'any APIClient', which `with:` cannot build; name the type to build first: @Provide(.shared, ConcreteType.self, with: [...])"
      ]
    ),
    DiagnosticCase(
      id: "Component.source",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, "clock") var clock: Clock
        }
        """#,
      diagnostics: [
        "3:21: error: '\"clock\"' is not a construction source; write a type (`Impl.self`), an initializer or function reference (`Impl.init(a:b:)`), or use `factory:`"
      ]
    ),
    DiagnosticCase(
      id: "Component.unlabeled",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, API.init(_:)) var api: API
        }
        """#,
      diagnostics: [
        "4:30: error: 'API.init(_:)' has an unlabeled parameter, which names no member; use a factory closure to pass a member to it"
      ]
    ),
    DiagnosticCase(
      id: "Component.childType",
      source: #"""
        @Component
        struct App {
          @Child var session: Session?
        }
        """#,
      diagnostics: [
        "3:23: error: child 'session' must have the type of a @Component struct, not 'Session?'"
      ]
    ),
    DiagnosticCase(
      id: "Component.bindings",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var token: String
          @Child(bindings: tokens) var session: Session
        }
        """#,
      diagnostics: [
        "4:20: error: write bindings as a dictionary literal: [\"childInput\": \\Self.member]"
      ]
    ),
    DiagnosticCase(
      id: "Component.bindings",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var token: String
          @Child(bindings: [key: \Self.token]) var session: Session
        }
        """#,
      diagnostics: ["4:21: error: a binding's key is the child input's label, as a string literal"]
    ),
    DiagnosticCase(
      id: "Component.with",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: \Self.config) var api: API
        }
        """#,
      diagnostics: ["4:27: error: write `with:` as an array of key paths: [\\Self.member]"]
    ),
    DiagnosticCase(
      id: "Component.keyPath",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: [\Self.config.url]) var api: API
        }
        """#,
      diagnostics: ["4:28: error: '\\Self.config.url' does not name a member; write \\Self.member"]
    ),
    DiagnosticCase(
      id: "Component.closureParameters",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, factory: { API(config: $0) }) var api: API
        }
        """#,
      diagnostics: [
        "4:30: error: name the parameters of the factory of 'api' after the members they take, with their types: { (config: AppConfig) in ... }"
      ]
    ),
    DiagnosticCase(
      id: "Component.closureTypes",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, factory: { config in API(config: config) }) var api: API
        }
        """#,
      diagnostics: [
        "4:32: error: give the parameters of the factory of 'api' their types, so the compiler can check them: { (config: Type) in ... }"
      ]
    ),
    DiagnosticCase(
      id: "Component.closureWildcard",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, factory: { (_: Config) in API() }) var api: API
        }
        """#,
      diagnostics: [
        "4:33: error: a parameter of the factory of 'api' must name the member it takes"
      ]
    ),
    DiagnosticCase(
      id: "Component.duplicateMember",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Perform func config(config: Config) {}
        }
        """#,
      diagnostics: [
        "4:17: error: 'config' is declared twice in App; rename one of them, since members and steps are wired by name"
      ]
    ),
    DiagnosticCase(
      id: "Component.duplicateDependency",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: [\Self.config, \Self.config]) var api: API
        }
        """#,
      diagnostics: ["4:48: error: 'config' is listed twice for 'api'; remove one of them"],
      fixIts: ["remove the duplicate"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: [\Self.config]) var api: API
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.duplicateDependency",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var token: String
          @Provide(.input) var authToken: String
          @Child(with: [\Self.token], bindings: ["token": \Self.authToken]) var session: Session
        }
        """#,
      diagnostics: [
        "5:57: error: child input 'token' is wired twice for 'session'; remove one of them"
      ],
      fixIts: ["remove the duplicate"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var token: String
          @Provide(.input) var authToken: String
          @Child(with: [\Self.token]) var session: Session
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.missingStep",
      source: #"""
        @Component
        struct App {
          @Perform func migrate() {}
          @Perform(after: ["migrat"]) func seed() {}
        }
        """#,
      diagnostics: ["4:20: error: 'migrat' is not a @Perform step of App; did you mean 'migrate'?"],
      fixIts: ["replace with 'migrate'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Perform func migrate() {}
          @Perform(after: ["migrate"]) func seed() {}
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.stepReference",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, factory: { (migrate: Migration) in Users() }) var users: Users
          @Perform func migrate() {}
        }
        """#,
      diagnostics: [
        "3:33: error: 'migrate' is a @Perform step of App, not a member; 'users' can only take members"
      ]
    ),
    DiagnosticCase(
      id: "Component.missingMember",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, factory: { (confg: Config) in API(config: confg) }) var api: API
        }
        """#,
      diagnostics: ["4:33: error: 'confg' is not a member of App; did you mean 'config'?"],
      fixIts: ["rename 'confg' to 'config'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, factory: { (config: Config) in API(config: config) }) var api: API
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.missingMember",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var database: Database
          @Provide(.shared, factory: { (zzzzzz: Other) in Other() }) var other: Other
        }
        """#,
      diagnostics: ["4:33: error: 'zzzzzz' is not a member of App; its members are 'database'"]
    ),
    DiagnosticCase(
      id: "Component.missingMember",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          let settings = Settings()
          @Provide(.shared, with: [\Self.settings]) var api: API
        }
        """#,
      diagnostics: ["5:34: error: 'settings' is not a member of App; its members are 'config'"]
    ),
    DiagnosticCase(
      id: "Component.missingMember",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: [\Self.confg]) var api: API
        }
        """#,
      // Swift reports the key path itself ("value of type 'App' has no member 'confg'"), with no
      // suggestion: a note beside it has one.
      diagnostics: ["4:34: note: 'confg' is not a member of App; did you mean 'config'?"],
      fixIts: ["rename 'confg' to 'config'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: [\Self.config]) var api: API
        }
        """#
      ],
      unavailable: ["'confg' is not a member of App; did you mean 'config'?"]
    ),
    DiagnosticCase(
      id: "Component.labelNotAMember",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, API.init(configuration:)) var api: API
        }
        """#,
      diagnostics: [],
      unavailable: [
        "'configuration' is not a member of App: an initializer or function reference passes each member under its own name; build it with a factory closure: factory: { (config: Config) in API(configuration: config) }"
      ]
    ),
    DiagnosticCase(
      id: "Component.deferredAsync",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, Database.open, effects: .async) var database: Database
          @Provide(.shared, factory: { (database: Lazy<Database>) in Users(database) }) var users: Users
        }
        """#,
      diagnostics: [
        "4:33: error: Lazy<Database> cannot take 'database', which is asynchronous: a Lazy reads synchronously; take 'database' directly, and make 'users' async"
      ],
      fixIts: ["take 'database' directly and make 'users' async"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.shared, Database.open, effects: .async) var database: Database
          @Provide(.shared, factory: { (database: Database) async in Users(database) }) var users: Users
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.undeclaredEffects",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, Database.open, effects: .async) var database: Database
          @Provide(.shared, Users.init(database:)) var users: Users
        }
        """#,
      diagnostics: [
        "4:32: error: 'users' is synchronous, but it is built from 'database', which is asynchronous; declare 'users' async"
      ],
      fixIts: ["declare 'users' async"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.shared, Database.open, effects: .async) var database: Database
          @Provide(.shared, Users.init(database:), effects: .async) var users: Users
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.genericOnce",
      source: #"""
        @Component
        struct Repository<Item: Sendable> {
          @Provide(.once, with: []) var clock: Clock
        }
        """#,
      diagnostics: [
        "3:3: error: 'clock' cannot be .once in the generic component Repository, which has no storage shared by all its instances; make it .shared"
      ],
      fixIts: ["make 'clock' .shared"],
      fixed: [
        #"""
        @Component
        struct Repository<Item: Sendable> {
          @Provide(.shared, with: []) var clock: Clock
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.onceCaptive",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.once, with: [\Self.config]) var clock: Clock
        }
        """#,
      diagnostics: [
        "4:32: error: 'clock' is .once, one value for every App, but it is built from 'config', an input, one value per instance; make 'clock' .shared"
      ],
      fixIts: ["make 'clock' .shared"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: [\Self.config]) var clock: Clock
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.onceCaptive",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, with: []) var api: API
          @Provide(.once, with: [\Self.api]) var cache: Cache
        }
        """#,
      diagnostics: [
        "4:32: error: 'cache' is .once, one value for every App, but it is built from 'api', .shared, one value per instance; make 'api' .once, or 'cache' .shared"
      ],
      fixIts: ["make 'cache' .shared"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.shared, with: []) var api: API
          @Provide(.shared, with: [\Self.api]) var cache: Cache
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.cycle",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, B.init(c:)) var b: B
          @Provide(.shared, A.init(b:)) var a: A
          @Provide(.shared, C.init(a:config:)) var c: C
        }
        """#,
      diagnostics: [
        "4:37: error: dependency cycle: b → c → a → b; break it, or take one of them through Lazy or Provider in a factory closure"
      ]
    ),
    DiagnosticCase(
      id: "Component.stepCycle",
      source: #"""
        @Component
        struct App {
          @Perform(after: ["second"]) func first() {}
          @Perform(after: ["first"]) func second() {}
        }
        """#,
      diagnostics: [
        "3:20: error: start-up steps wait for each other: first → second → first; remove one of these `after:` entries"
      ],
      fixIts: ["remove 'second' from `after:`"],
      fixed: [
        #"""
        @Component
        struct App {
          @Perform() func first() {}
          @Perform(after: ["first"]) func second() {}
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.let",
      source: #"""
        @Component
        struct App {
          @Provide(.input) let config: Config
        }
        """#,
      // Swift reports the `let` itself; the note offers the fix-it Swift does not.
      diagnostics: ["3:20: note: @Provide gives the member a getter, so it is declared with 'var'"],
      fixIts: ["replace 'let' with 'var'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.opaqueType",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, factory: { () in SystemClock() }) var clock: some Clock
        }
        """#,
      diagnostics: [
        "3:66: error: @Provide member 'clock' cannot have an opaque type: the component stores and overrides it by its type; declare it 'any Clock' or a concrete type"
      ],
      fixIts: ["declare it 'any Clock'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.shared, factory: { () in SystemClock() }) var clock: any Clock
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.implicitlyUnwrapped",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config!
        }
        """#,
      diagnostics: [
        "3:38: error: @Provide member 'config' cannot be implicitly unwrapped; declare it 'Config?'"
      ],
      fixIts: ["declare it 'Config?'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config?
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.ownership",
      source: #"""
        @Component
        struct App {
          @Provide(.shared, factory: { () in Clock() }) weak var clock: Clock?
        }
        """#,
      diagnostics: [
        "3:49: error: 'clock' is built and kept by the component, which holds it strongly; only an input can be 'weak': remove 'weak'"
      ],
      fixIts: ["remove 'weak'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.shared, factory: { () in Clock() }) var clock: Clock?
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.ownership",
      source: #"""
        @Component
        struct App {
          @Provide(.input) weak var delegate: Delegate
        }
        """#,
      diagnostics: [
        "3:39: error: a 'weak' input reads nil once the instance is released: declare 'delegate' optional"
      ],
      fixIts: ["make it 'Delegate?'"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) weak var delegate: Delegate?
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.reservedName",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var _loomConfig: Config
        }
        """#,
      diagnostics: [
        "3:24: error: '_loomConfig' begins with '_loom', which @Component keeps for the names it generates; rename it"
      ]
    ),
    DiagnosticCase(
      id: "Component.generatedName",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var component: Config
        }
        """#,
      diagnostics: [
        "3:24: error: 'component' is a name @Component generates in App (Resolved.component, the component itself); rename this declaration"
      ]
    ),
    DiagnosticCase(
      id: "Component.generatedName",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          struct Overrides {}
        }
        """#,
      diagnostics: [
        "4:10: error: 'Overrides' is a name @Component generates in App (its typed overrides); rename this declaration"
      ]
    ),
    DiagnosticCase(
      id: "Component.generatedName",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var overrides: Overrides
        }
        """#,
      diagnostics: [
        "3:35: error: inside App, 'Overrides' is the type @Component generates; write your type with its module's name (Module.Overrides)"
      ]
    ),
    DiagnosticCase(
      id: "Component.initializer",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          init() {}
        }
        """#,
      diagnostics: [
        "4:3: error: @Component writes the initializers of App, from its inputs; remove this one, or make it call self.init(...)"
      ]
    ),
    DiagnosticCase(
      id: "Component.mainActor",
      source: #"""
        @MainActor
        @Component
        struct App {
          @Provide(.input) var config: Config
        }
        """#,
      diagnostics: [
        "1:1: error: App is isolated to the main actor with @Component(mainActor: true), which isolates its generated API too; write that instead of @MainActor"
      ],
      fixIts: ["write mainActor: true instead of @MainActor"],
      fixed: [
        #"""
        @Component(mainActor: true)
        struct App {
          @Provide(.input) var config: Config
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Component.ifConfig",
      source: #"""
        @Component
        struct App {
          #if DEBUG
          @Provide(.input) var config: Config
          #endif
        }
        """#,
      diagnostics: [
        "3:3: error: this compiler does not tell macros which #if clause is active, so @Component cannot read members of App declared in one; declare them outside #if"
      ],
      configured: false
    ),
    DiagnosticCase(
      id: "Component.keyPathRoot",
      source: #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: [\Other.config]) var api: API
        }
        """#,
      diagnostics: [
        "4:29: error: '\\Other.config' is a key path of Other, but a member is taken from App itself; write \\Self.config"
      ],
      fixIts: ["write \\Self.config"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: [\Self.config]) var api: API
        }
        """#
      ]
    ),
    DiagnosticCase(
      id: "Inject.let",
      source: #"""
        final class Profile: Sendable {
          @Inject let api: any APIClient
        }
        """#,
      // Swift reports the `let` itself; the note offers the fix-it Swift does not.
      diagnostics: [
        "2:11: note: @Inject gives the property a getter, so it is declared with 'var'"
      ],
      fixIts: ["replace 'let' with 'var'"],
      fixed: [
        #"""
        final class Profile: Sendable {
          @Inject var api: any APIClient
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.notAProperty",
      source: #"""
        @Injectable
        final class Profile: Sendable {
          @Inject init(api: API) {}
        }
        """#,
      diagnostics: [
        "3:3: error: @Inject applies to an instance property declared with 'var'; mark the initializer of an @Injectable type with @InjectableInit"
      ],
      fixIts: ["use @InjectableInit"],
      fixed: [
        #"""
        @Injectable
        final class Profile: Sendable {
          @InjectableInit init(api: API) {}
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.static",
      source: #"""
        final class Profile: Sendable {
          @Inject static var api: API
        }
        """#,
      diagnostics: [
        "2:11: error: @Inject applies to instance properties: it resolves in the container current when the owner is made"
      ],
      fixIts: ["remove 'static'"],
      fixed: [
        #"""
        final class Profile: Sendable {
          @Inject var api: API
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.lazy",
      source: #"""
        final class Profile: Sendable {
          @Inject lazy var api: API
        }
        """#,
      diagnostics: [
        "2:11: error: @Inject property is already resolved on first access; remove 'lazy'"
      ],
      fixIts: ["remove 'lazy'"],
      fixed: [
        #"""
        final class Profile: Sendable {
          @Inject var api: API
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.weakModifier",
      source: #"""
        final class Profile: Sendable {
          @Inject weak var parent: Parent?
        }
        """#,
      diagnostics: [
        "2:11: error: a 'weak' property cannot be computed; use @WeakInject to hold the dependency weakly"
      ],
      fixIts: ["use @WeakInject"],
      fixed: [
        #"""
        final class Profile: Sendable {
          @WeakInject var parent: Parent?
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "WeakInject.weakModifier",
      source: #"""
        final class Profile: Sendable {
          @WeakInject weak var parent: Parent?
        }
        """#,
      diagnostics: ["2:15: error: @WeakInject holds the instance weakly already; remove 'weak'"],
      fixIts: ["remove 'weak'"],
      fixed: [
        #"""
        final class Profile: Sendable {
          @WeakInject var parent: Parent?
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.pattern",
      source: #"""
        final class Profile: Sendable {
          @Inject var _: API
        }
        """#,
      diagnostics: ["2:15: error: @Inject applies to a property with a plain name"],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.computed",
      source: #"""
        final class Profile: Sendable {
          @Inject var api: API { fatalError() }
        }
        """#,
      diagnostics: [
        "2:24: error: @Inject property 'api' cannot have accessors; the macro writes its getter"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.noType",
      source: #"""
        final class Profile: Sendable {
          @Inject var api
        }
        """#,
      diagnostics: [
        "2:15: error: @Inject property 'api' needs a type annotation: the type is what it resolves"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.initialValue",
      source: #"""
        final class Profile: Sendable {
          @Inject var api: API = API()
        }
        """#,
      diagnostics: [
        "2:24: error: @Inject property 'api' cannot have an initial value; the container provides it"
      ],
      fixIts: ["remove the initial value"],
      fixed: [
        #"""
        final class Profile: Sendable {
          @Inject var api: API
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.implicitlyUnwrapped",
      source: #"""
        final class Profile: Sendable {
          @Inject var api: API!
        }
        """#,
      diagnostics: [
        "2:20: error: @Inject property 'api' cannot be implicitly unwrapped; declare it 'API?'"
      ],
      fixIts: ["declare it 'API?'"],
      fixed: [
        #"""
        final class Profile: Sendable {
          @Inject var api: API?
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "WeakInject.weakNotOptional",
      source: #"""
        final class Profile: Sendable {
          @WeakInject var parent: Parent
        }
        """#,
      diagnostics: [
        "2:27: error: @WeakInject property 'parent' must be optional: it reads nil once the instance is released"
      ],
      fixIts: ["make it 'Parent?'"],
      fixed: [
        #"""
        final class Profile: Sendable {
          @WeakInject var parent: Parent?
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Inject.optionalKeyPath",
      source: #"""
        final class Profile: Sendable {
          @Inject(\.api) var api: API?
        }
        """#,
      diagnostics: [
        "2:27: error: an optional @Inject property resolves a type key, as @OptionalInjected does; declare the key-path property 'api' as 'API'"
      ],
      fixIts: ["declare it 'API'"],
      fixed: [
        #"""
        final class Profile: Sendable {
          @Inject(\.api) var api: API
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.notFinal",
      source: #"""
        @Injectable
        class Service {
          init(api: API) {}
        }
        """#,
      diagnostics: [
        "2:1: error: @Injectable class 'Service' must be 'final': its factory makes exactly this class"
      ],
      fixIts: ["add 'final'"],
      fixed: [
        #"""
        @Injectable
        final class Service {
          init(api: API) {}
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.notAType",
      source: #"""
        @Injectable
        enum Mode {
          case on
        }
        """#,
      diagnostics: ["1:1: error: @Injectable applies to a class, struct or actor"],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.generic",
      source: #"""
        @Injectable
        struct Box<Item> {
          init(item: Item) {}
        }
        """#,
      diagnostics: [
        "2:11: error: @Injectable does not support generic types; register 'Box' with a factory closure for each type argument"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.markedTwice",
      source: #"""
        @Injectable
        struct Cache {
          @InjectableInit init(disk: Disk) {}
          @InjectableInit init(memory: Memory) {}
        }
        """#,
      diagnostics: [
        "4:3: error: only one initializer of 'Cache' can be marked @InjectableInit; the container calls one"
      ],
      fixIts: ["remove this @InjectableInit"],
      fixed: [
        #"""
        @Injectable
        struct Cache {
          @InjectableInit init(disk: Disk) {}
          init(memory: Memory) {}
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.ambiguousInitializer",
      source: #"""
        @Injectable
        struct Cache {
          init(disk: Disk) {}
          init(memory: Memory) {}
        }
        """#,
      diagnostics: [
        "2:8: error: 'Cache' has 2 initializers; mark the one the container calls with @InjectableInit"
      ],
      fixIts: ["mark init(disk:) with @InjectableInit", "mark init(memory:) with @InjectableInit"],
      fixed: [
        #"""
        @Injectable
        struct Cache {
          @InjectableInit init(disk: Disk) {}
          init(memory: Memory) {}
        }
        """#,
        #"""
        @Injectable
        struct Cache {
          init(disk: Disk) {}
          @InjectableInit init(memory: Memory) {}
        }
        """#,
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.failable",
      source: #"""
        @Injectable
        struct Cache {
          init?(disk: Disk) {}
        }
        """#,
      diagnostics: [
        "3:7: error: a failable initializer cannot make a registration; make it throw an error instead of returning nil"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.genericInitializer",
      source: #"""
        @Injectable
        struct Cache {
          init<Store>(store: Store) {}
        }
        """#,
      diagnostics: [
        "3:7: error: a generic initializer cannot be resolved; give its parameters concrete types"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.namedTwice",
      source: #"""
        @Injectable
        struct Cache {
          init(@Named("a") @Named("b") disk: Disk) {}
        }
        """#,
      diagnostics: [
        "3:20: error: a parameter takes one @Named; keep the one that names its registration"
      ],
      fixIts: ["remove this @Named"],
      fixed: [
        #"""
        @Injectable
        struct Cache {
          init(@Named("a") disk: Disk) {}
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.namedWithDefault",
      source: #"""
        @Injectable
        struct Cache {
          init(@Named("a") disk: Disk = Disk()) {}
        }
        """#,
      diagnostics: [
        "3:8: error: a parameter with a default value is not resolved, so @Named has no effect; remove the default value to resolve it"
      ],
      fixIts: ["remove the default value"],
      fixed: [
        #"""
        @Injectable
        struct Cache {
          init(@Named("a") disk: Disk) {}
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.variadic",
      source: #"""
        @Injectable
        struct Cache {
          init(disks: Disk...) {}
        }
        """#,
      diagnostics: ["3:19: error: a variadic parameter cannot be resolved; take an array instead"],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Injectable.inout",
      source: #"""
        @Injectable
        struct Cache {
          init(disk: inout Disk) {}
        }
        """#,
      diagnostics: ["3:14: error: an 'inout' parameter cannot be resolved; take the value instead"],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "InjectableInit.notAnInitializer",
      source: #"""
        @Injectable
        struct Cache {
          @InjectableInit func make() {}
        }
        """#,
      diagnostics: [
        "3:3: error: @InjectableInit marks the initializer of an @Injectable type; remove it here"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "InjectableInit.outsideInjectable",
      source: #"""
        struct Cache {
          @InjectableInit init(disk: Disk) {}
        }
        """#,
      diagnostics: [
        "2:3: error: @InjectableInit marks the initializer an @Injectable type is made with; add @Injectable to the type, or remove @InjectableInit"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "InjectableInit.outsideInjectable",
      source: #"""
        @Injectable
        struct Cache {}
        extension Cache {
          @InjectableInit init(disk: Disk) {}
        }
        """#,
      diagnostics: [
        "4:3: error: @Injectable only reads initializers declared in the type's body; move this initializer there"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Bind.duplicate",
      source: #"""
        @Bind(\.api)
        @Bind(\.api)
        final class LiveAPI: Sendable {}
        """#,
      diagnostics: [
        "2:1: error: this @Bind repeats an earlier one; a type is bound to each key once"
      ],
      fixIts: ["remove the repeated @Bind"],
      fixed: [
        #"""
        @Bind(\.api)
        final class LiveAPI: Sendable {}
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Bind.insideGeneric",
      source: #"""
        struct Outer<Item> {
          @Bind(\.api)
          final class LiveAPI: Sendable {}
        }
        """#,
      diagnostics: [
        "2:3: error: @Bind cannot bind a type nested in a generic type; move 'Outer.LiveAPI' out of it"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Bind.local",
      source: #"""
        func make() {
          @Bind(\.api)
          final class LiveAPI: Sendable {}
        }
        """#,
      diagnostics: [
        "2:3: error: @Bind applies to a type declared at file scope or inside another type, not in a function"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Startup.notAFunction",
      source: #"""
        @Startup
        let start = 1
        """#,
      diagnostics: [
        "1:1: error: @Startup applies to a function declared at file scope, or to a static method"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Startup.local",
      source: #"""
        func main() {
          @Startup func start() {}
        }
        """#,
      diagnostics: [
        "2:3: error: @Startup applies to a function declared at file scope or in a type, not inside a function; move 'start' out of it"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Startup.inProtocol",
      source: #"""
        protocol Setup {
          @Startup static func start()
        }
        """#,
      diagnostics: [
        "2:3: error: a protocol requirement cannot be a start-up hook; put @Startup on a function at file scope or on a static method of a type"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Startup.insideGeneric",
      source: #"""
        struct Box<Value> {
          @Startup static func start() {}
        }
        """#,
      diagnostics: [
        "1:11: error: @Startup cannot record a method of a generic type; move 'start' to file scope or to a type that is not generic"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Startup.instanceMethod",
      source: #"""
        struct Setup {
          @Startup func start() {}
        }
        """#,
      diagnostics: [
        "2:12: error: an instance method cannot be a start-up hook, which runs with no instance; make 'start' static"
      ],
      fixIts: ["make it static"],
      fixed: [
        #"""
        struct Setup {
          @Startup static func start() {}
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Startup.generic",
      source: #"""
        @Startup
        func configure<T>() {}
        """#,
      diagnostics: [
        "2:15: error: a generic function cannot be a start-up hook: nothing could choose its type arguments"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Startup.parameters",
      source: #"""
        @Startup
        func configure(config: Config) {}
        """#,
      diagnostics: [
        "2:15: error: a start-up hook takes no parameter, or one Resolver for what it needs: 'configure(_ r: Resolver)'"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Startup.result",
      source: #"""
        @Startup
        func configure() -> Bool { true }
        """#,
      diagnostics: [
        "2:18: error: a start-up hook returns nothing, so its result would be lost; remove '-> Bool'"
      ],
      fixIts: ["remove the result type"],
      fixed: [
        #"""
        @Startup
        func configure() { true }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Module.notAType",
      source: #"""
        @Module
        protocol Network {}
        """#,
      diagnostics: ["1:1: error: @Module applies to a struct, class, enum or actor"],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Module.ownAssemble",
      source: #"""
        @Module
        struct Network {
          func assemble(into container: Container) {}
        }
        """#,
      diagnostics: [
        "3:8: error: @Module writes assemble(into:) from the @Provides methods; remove this one, or drop @Module and conform to Assembly yourself"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Module.duplicateKey",
      source: #"""
        @Module
        struct Network {
          @Provides func http() -> HTTPClient { HTTPClient() }
          @Provides func client() -> HTTPClient { HTTPClient() }
        }
        """#,
      diagnostics: [
        "4:3: error: 'Network' provides 'HTTPClient' twice (also 'http'); give one a different name:, or remove one"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Provides.outsideModule",
      source: #"""
        struct Network {
          @Provides func http() -> HTTPClient { HTTPClient() }
        }
        """#,
      diagnostics: [
        "2:3: error: @Provides methods belong to a @Module type; add @Module to the type that declares it"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Provides.notAMethod",
      source: #"""
        @Module
        struct Network {
          @Provides var http: HTTPClient { HTTPClient() }
        }
        """#,
      diagnostics: ["3:3: error: @Provides applies to a method of a @Module type"],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Provides.generic",
      source: #"""
        @Module
        struct Network {
          @Provides func http<Client>() -> Client { fatalError() }
        }
        """#,
      diagnostics: [
        "3:22: error: @Provides method 'http' cannot be generic: its return type is the key it registers"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Provides.noResult",
      source: #"""
        @Module
        struct Network {
          @Provides func configure() {}
        }
        """#,
      diagnostics: [
        "3:18: error: @Provides method 'configure' must return the dependency it provides"
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Provides.opaqueResult",
      source: #"""
        @Module
        struct Network {
          @Provides func http() -> some HTTPClient { LiveHTTPClient() }
        }
        """#,
      diagnostics: [
        "3:28: error: @Provides method 'http' cannot return an opaque type: its return type is the key; return 'any HTTPClient' or a concrete type"
      ],
      fixIts: ["return 'any HTTPClient'"],
      fixed: [
        #"""
        @Module
        struct Network {
          @Provides func http() -> any HTTPClient { LiveHTTPClient() }
        }
        """#
      ],
      macroSet: .registrations
    ),
    DiagnosticCase(
      id: "Provides.mutating",
      source: #"""
        @Module
        struct Network {
          @Provides mutating func http() -> HTTPClient { HTTPClient() }
        }
        """#,
      diagnostics: [
        "3:13: error: @Provides method 'http' cannot be 'mutating': a module provides from an immutable value"
      ],
      fixIts: ["remove 'mutating'"],
      fixed: [
        #"""
        @Module
        struct Network {
          @Provides func http() -> HTTPClient { HTTPClient() }
        }
        """#
      ],
      macroSet: .registrations
    ),
  ]
}
