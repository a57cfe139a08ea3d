import LoomMacrosImplementation
import Testing

// Expansion tests: the source @Component generates, pinned in full for two components, then the
// parts that depend on a feature (children, handles, main actor, cycles broken by Lazy).
@Suite struct ComponentExpansionTests {
  @Test func aComponentWithAnInputAndASharedMember() {
    let result = expandComponent(
      #"""
      @Component
      struct SmallComponent {
        @Provide(.input) var config: Config
        @Provide(.shared, with: [\Self.config]) var api: API
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        struct SmallComponent {
          var config: Config {
            get {
              _loomRead_config()
            }
          }
          var api: API {
            get {
              _loomRead_api { component in
                API(config: component.config)
              }
            }
          }

          fileprivate let _loom: _LoomStorage

          struct _LoomInputs: Sendable {
            fileprivate let config: Config

            init(config: @autoclosure () throws -> Config) rethrows {
              self.config = try config()
            }
          }

          init(config: @autoclosure () throws -> Config, _ configure: (inout Overrides) -> Void = { _ in
            }) rethrows {
            let _config = try config()
            var _loomOverrides = Overrides()
            configure(&_loomOverrides)
            self.init(_loomInputs: _LoomInputs(config: _config), overrides: _loomOverrides)
          }

          init(_loomInputs inputs: _LoomInputs, overrides: Overrides) {
            self._loom = _LoomStorage(inputs: inputs, overrides: overrides, cells: _LoomCells(_overrides: overrides, _changed: overrides, _base: nil))
          }

          fileprivate init(_loomStorage: _LoomStorage) {
            self._loom = _loomStorage
          }

          func overriding(_ configure: (inout Overrides) -> Void) -> Self {
            var _changed = Overrides()
            configure(&_changed)
            let _overrides = _loom.overrides.merging(_changed)
            return Self(_loomStorage: _LoomStorage(inputs: _loom.inputs, overrides: _overrides, cells: _LoomCells(_overrides: _overrides, _changed: _changed, _base: _loom.cells)))
          }

          struct Overrides: LoomMacros.ComponentOverrides {
            var api: API?

            init() {
            }

            var isEmpty: Bool {
              if api != nil {
                return false
              }
              return true
            }

            func merging(_ newer: Self) -> Self {
              var merged = self
              if let value = newer.api {
                merged.api = value
              }
              return merged
            }
          }

          fileprivate final class _LoomStorage: Sendable {
            let inputs: _LoomInputs
            let overrides: Overrides
            let cells: _LoomCells

            init(inputs: _LoomInputs, overrides: Overrides, cells: _LoomCells) {
              self.inputs = inputs
              self.overrides = overrides
              self.cells = cells
            }
          }

          fileprivate struct _LoomCells: Sendable {
            let api: LoomMacros._SharedCell<API>

            init(_overrides: Overrides, _changed: Overrides, _base: _LoomCells?) {
              let _apiChanged = _changed.api != nil
              self.api = .select(override: _overrides.api, isChanged: _apiChanged, inherited: _base?.api)
            }
          }

          private func _loomRead_config() -> Config {
            _loom.inputs.config
          }

          private func _loomRead_api(_ make: (Self) -> API) -> API {
            _loom.cells.api.get {
              make(self)
            }
          }

          struct Resolved: Sendable {
            let component: SmallComponent

            var config: Config {
              component._loom.inputs.config
            }
            var api: API {
              component._loom.cells.api.expectBuilt("SmallComponent.api")
            }

            fileprivate init(_ component: SmallComponent) {
              self.component = component
            }
          }

          func resolve() async throws(LoomMacros.ComponentError) -> Resolved {
            var items: [LoomMacros._ComponentScheduler.Item] = []
            items.reserveCapacity(1)
            items.append(.member("api") {
                _ = self.api
              })
            try await LoomMacros._ComponentScheduler.run("SmallComponent", items)
            return Resolved(self)
          }

          func install(into container: Loom.Container) {
            let component = self
            var installer = LoomMacros._ComponentInstaller(container, component: "SmallComponent")
            installer.member(Config.self, "config", .input, fileID: "TestModule/test.swift", line: 3) {
              component.config
            }
            installer.member(API.self, "api", .shared, dependencies: ["config"], fileID: "TestModule/test.swift", line: 4) {
              component.api
            }
            installer.finish()
          }

          static func _describe(in graph: inout LoomMacros._ComponentGraph) {
            graph.member("config", Config.self, .input, fileID: "TestModule/test.swift", line: 3)
            graph.member("api", API.self, .shared, dependencies: ["config"], fileID: "TestModule/test.swift", line: 4)
          }
        }

        extension SmallComponent: LoomMacros.Component {
        }
        """#)
  }

  @Test func asyncTransientOnceMembersAndAStep() {
    let result = expandComponent(
      #"""
      @Component
      public struct AppComponent {
        @Provide(.input) public var config: Config
        @Provide(.shared, factory: { (config: Config) async throws in
          try await Database.open(config.url)
        })
        public var database: Database
        @Provide(.transient, Users.init(database:), effects: [.async, .throwing])
        public var users: Users
        @Provide(.once, Clock.init) var clock: Clock

        @Perform func migrate(database: Database) async throws {
          try await database.migrate()
        }
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        public struct AppComponent {
          public var config: Config {
            get {
              _loomRead_config()
            }
          }
          public var database: Database {
            get async throws {
              try await _loomRead_database { (config: Config) async throws in
                try await Database.open(config.url)
              }
            }
          }
          public var users: Users {
            get async throws {
              try await _loomRead_users {
                LoomMacros._MemberSource.effects(asyncThrowing: Users.init(database:))
              }
            }
          }
          var clock: Clock {
            get {
              _loomRead_clock {
                LoomMacros._MemberSource.effects(none: Clock.init)
              }
            }
          }

          func migrate(database: Database) async throws {
            try await database.migrate()
          }

          fileprivate let _loom: _LoomStorage

          public struct _LoomInputs: Sendable {
            fileprivate let config: Config

            public init(config: @autoclosure () throws -> Config) rethrows {
              self.config = try config()
            }
          }

          public init(config: @autoclosure () throws -> Config, _ configure: (inout Overrides) -> Void = { _ in
            }) rethrows {
            let _config = try config()
            var _loomOverrides = Overrides()
            configure(&_loomOverrides)
            self.init(_loomInputs: _LoomInputs(config: _config), overrides: _loomOverrides)
          }

          public init(_loomInputs inputs: _LoomInputs, overrides: Overrides) {
            self._loom = _LoomStorage(inputs: inputs, overrides: overrides, cells: _LoomCells(_overrides: overrides, _changed: overrides, _base: nil))
          }

          fileprivate init(_loomStorage: _LoomStorage) {
            self._loom = _loomStorage
          }

          public func overriding(_ configure: (inout Overrides) -> Void) -> Self {
            var _changed = Overrides()
            configure(&_changed)
            let _overrides = _loom.overrides.merging(_changed)
            return Self(_loomStorage: _LoomStorage(inputs: _loom.inputs, overrides: _overrides, cells: _LoomCells(_overrides: _overrides, _changed: _changed, _base: _loom.cells)))
          }

          public struct Overrides: LoomMacros.ComponentOverrides {
            public var database: Database?
            public var users: Users?
            var clock: Clock?

            public init() {
            }

            public var isEmpty: Bool {
              if database != nil {
                return false
              }
              if users != nil {
                return false
              }
              if clock != nil {
                return false
              }
              return true
            }

            public func merging(_ newer: Self) -> Self {
              var merged = self
              if let value = newer.database {
                merged.database = value
              }
              if let value = newer.users {
                merged.users = value
              }
              if let value = newer.clock {
                merged.clock = value
              }
              return merged
            }
          }

          fileprivate final class _LoomStorage: Sendable {
            let inputs: _LoomInputs
            let overrides: Overrides
            let cells: _LoomCells

            init(inputs: _LoomInputs, overrides: Overrides, cells: _LoomCells) {
              self.inputs = inputs
              self.overrides = overrides
              self.cells = cells
            }
          }

          fileprivate struct _LoomCells: Sendable {
            let database: LoomMacros._AsyncSharedCell<Database>
            let clock: LoomMacros._SharedCell<Clock>

            init(_overrides: Overrides, _changed: Overrides, _base: _LoomCells?) {
              let _databaseChanged = _changed.database != nil
              let _clockChanged = _changed.clock != nil
              self.database = .select(override: _overrides.database, isChanged: _databaseChanged, inherited: _base?.database)
              self.clock = .select(override: _overrides.clock, isChanged: _clockChanged, inherited: _base?.clock ?? AppComponent._loomOnce_clock.cell)
            }
          }

          private static let _loomOnce_clock = LoomMacros._OnceMember<LoomMacros._SharedCell<Clock>>()

          public static func resetOnceMembers() {
            _loomOnce_clock.reset()
          }

          private func _loomRead_config() -> Config {
            _loom.inputs.config
          }

          private func _loomRead_database(_ make: @escaping @Sendable (Config) async throws -> Database) async throws -> Database {
            if let value = _loom.cells.database.builtValue {
              return value
            }
            return try await _loom.cells.database.get(self) { component in
              try await make(component.config)
            }
          }

          private func _loomRead_users(_ make: () -> @Sendable (Database) async throws -> Users) async throws -> Users {
            if let value = _loom.overrides.users {
              return value
            }
            return try await make()(self.database)
          }

          private func _loomRead_clock(_ make: () -> () -> Clock) -> Clock {
            _loom.cells.clock.get {
              make()()
            }
          }

          public struct Resolved: Sendable {
            public let component: AppComponent

            public var config: Config {
              component._loom.inputs.config
            }
            public var database: Database {
              component._loom.cells.database.expectBuilt("AppComponent.database")
            }
            var clock: Clock {
              component._loom.cells.clock.expectBuilt("AppComponent.clock")
            }

            fileprivate init(_ component: AppComponent) {
              self.component = component
            }
          }

          public func resolve() async throws(LoomMacros.ComponentError) -> Resolved {
            var items: [LoomMacros._ComponentScheduler.Item] = []
            items.reserveCapacity(3)
            items.append(.member("database") {
                _ = try await self.database
              })
            items.append(.member("clock") {
                _ = self.clock
              })
            items.append(.step("migrate", after: ["database"]) {
                try await self.migrate(database: self.database)
              })
            try await LoomMacros._ComponentScheduler.run("AppComponent", items)
            return Resolved(self)
          }

          public func install(into container: Loom.Container) {
            let component = self
            var installer = LoomMacros._ComponentInstaller(container, component: "AppComponent")
            installer.member(Config.self, "config", .input, fileID: "TestModule/test.swift", line: 3) {
              component.config
            }
            installer.asyncMember(Database.self, "database", .shared, dependencies: ["config"], fileID: "TestModule/test.swift", line: 4) {
              try await component.database
            }
            installer.asyncMember(Users.self, "users", .transient, dependencies: ["database"], fileID: "TestModule/test.swift", line: 8) {
              try await component.users
            }
            installer.member(Clock.self, "clock", .once, fileID: "TestModule/test.swift", line: 10) {
              component.clock
            }
            installer.step("migrate", dependencies: ["database"], fileID: "TestModule/test.swift", line: 12) {
              try await component.migrate(database: component.database)
            }
            installer.finish()
          }

          public static func _describe(in graph: inout LoomMacros._ComponentGraph) {
            graph.member("config", Config.self, .input, fileID: "TestModule/test.swift", line: 3)
            graph.member("database", Database.self, .shared, effects: [.async, .throwing], dependencies: ["config"], fileID: "TestModule/test.swift", line: 4)
            graph.member("users", Users.self, .transient, effects: [.async, .throwing], dependencies: ["database"], fileID: "TestModule/test.swift", line: 8)
            graph.member("clock", Clock.self, .once, fileID: "TestModule/test.swift", line: 10)
          }
        }

        extension AppComponent: LoomMacros.Component {
        }
        """#)
  }

  @Test func aChildIsWiredInTheExpansionOfItsOwnAttribute() {
    let result = expandComponent(
      #"""
      @Component
      struct AppComponent {
        @Provide(.input) var authToken: String
        @Provide(.shared, with: []) var api: API
        @Child(with: [\Self.api], bindings: ["token": \Self.authToken]) var session: SessionComponent
      }
      """#)
    #expect(result.diagnostics == [])
    // The child's inputs, by sorted label, in the getter @Child writes: a label the child does not
    // have is Swift's error in the expansion of the user's @Child.
    #expect(
      result.source.contains(
        """
          var session: SessionComponent {
            get {
              _loomRead_session { component in
                SessionComponent._LoomInputs(api: component.api, token: component.authToken)
              }
            }
          }
        """))
    #expect(
      result.source.contains(
        """
          private func _loomRead_session(_ make: (Self) -> SessionComponent._LoomInputs) -> SessionComponent {
            _loom.cells.session.get {
              SessionComponent(_loomInputs: make(self), overrides: self._loom.overrides.session.overrides)
            }
          }
        """))
    #expect(result.source.contains("var session = LoomMacros.ChildOverrides<SessionComponent>()"))
    #expect(
      result.source.contains(
        "let _sessionChanged = !_changed.session.isEmpty || _apiChanged"))
    #expect(
      result.source.contains(
        """
          init(_loomInputs inputs: _LoomInputs, overrides: Overrides) {
        """))
    #expect(
      result.source.contains(
        """
            items.append(.child("session", after: ["api"]) {
                _sessionResolved.fill(try await self.session.resolve())
              })
            try await LoomMacros._ComponentScheduler.run("AppComponent", items)
            return Resolved(self, session: _sessionResolved.value)
        """))
    #expect(
      result.source.contains(
        """
            graph.child("session", SessionComponent.self, dependencies: ["api", "authToken"], inputs: ["api": "api", "token": "authToken"], fileID: "TestModule/test.swift", line: 5)
        """))
  }

  @Test func lazyAndProviderParametersBecomeHandlesOfTheComponent() {
    let result = expandComponent(
      #"""
      @Component
      struct AnalyticsComponent {
        @Provide(.shared, factory: { (tracker: Lazy<Tracker>, event: Provider<Event>) in
          Analytics(tracker: tracker, events: event)
        })
        var analytics: Analytics
        @Provide(.shared, with: [\Self.analytics]) var tracker: Tracker
        @Provide(.transient, with: []) var event: Event
      }
      """#)
    #expect(result.diagnostics == [])
    // The user's closure is in the getter @Provide writes, and nowhere else.
    #expect(
      result.source.contains(
        """
          var analytics: Analytics {
            get {
              _loomRead_analytics { (tracker: Lazy<Tracker>, event: Provider<Event>) in
                Analytics(tracker: tracker, events: event)
              }
            }
          }
        """))
    #expect(result.source.ranges(of: "Analytics(tracker:").count == 1)
    #expect(
      result.source.contains(
        """
          private func _loomRead_analytics(_ make: (Lazy<Tracker>, Provider<Event>) -> Analytics) -> Analytics {
            _loom.cells.analytics.get {
              make(self._loom.handles.lazy(Tracker.self, member: "tracker", register: self._loomRegisterHandles), self._loom.handles.provider(Event.self, member: "event", register: self._loomRegisterHandles))
            }
          }
        """))
    #expect(
      result.source.contains(
        """
          private func _loomRegisterHandles(_ container: Loom.Container) {
            let storage = _loom
            container.register(Tracker.self, name: "tracker") { [weak storage] _ in
              guard let storage else {
                throw LoomMacros._ComponentHandles.released(Tracker.self, component: "AnalyticsComponent", member: "tracker", fileID: "TestModule/test.swift", line: 7)
              }
              return Self(_loomStorage: storage).tracker
            }
        """))
    // The members that need each other through a Lazy share one "changed" flag.
    #expect(
      result.source.contains(
        """
              let _eventChanged = _changed.event != nil
              let _analyticsChanged = _changed.analytics != nil || _changed.tracker != nil || _eventChanged
              let _trackerChanged = _analyticsChanged
        """))
    #expect(
      result.source.contains(
        """
            graph.member("analytics", Analytics.self, .shared, deferred: ["tracker", "event"], fileID: "TestModule/test.swift", line: 3)
        """))
  }

  @Test func aMainActorComponentIsolatesItsMembersAndAPI() {
    let result = expandComponent(
      #"""
      @Component(mainActor: true)
      struct RootComponent {
        @Provide(.input) var api: API
        @Provide(.shared, RootModel.init(api:)) var model: RootModel
        @Perform func start(model: RootModel) { model.start() }
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(result.source.contains("  @MainActor var model: RootModel {"))
    #expect(result.source.contains("  @MainActor func start(model: RootModel) { model.start() }"))
    #expect(
      result.source.contains("  @MainActor init(api: @autoclosure () throws -> API, _ configure:"))
    // The initializer reference is checked on the main actor.
    #expect(
      result.source.contains(
        "LoomMacros._MemberSource.mainActorEffects(none: RootModel.init(api:))"))
    #expect(
      result.source.contains(
        "  @MainActor private func _loomRead_model(_ make: () -> @MainActor (API) -> RootModel) -> RootModel {"
      ))
    #expect(
      result.source.contains(
        "  @MainActor func resolve() async throws(LoomMacros.ComponentError) -> Resolved {"))
    #expect(
      result.source.contains(
        """
            items.append(.step("start", after: ["model"]) { @MainActor in
                self.start(model: self.model)
              })
        """))
    #expect(
      result.source.contains(
        """
            installer.mainActorMember(RootModel.self, "model", .shared, dependencies: ["api"], fileID: "TestModule/test.swift", line: 4) {
        """))
    // Not isolated: what the Component protocol requires.
    #expect(
      result.source.contains("  func overriding(_ configure: (inout Overrides) -> Void) -> Self {"))
  }

  @Test func aLazyMemberIsCachedButLeftOutOfResolve() {
    let result = expandComponent(
      #"""
      @Component
      struct AppComponent {
        @Provide(.input) var config: Config
        @Provide(.lazy, with: [\Self.config]) var reporter: Reporter
        @Provide(.shared, with: [\Self.reporter]) var api: API
        @Provide(.shared, with: [\Self.config]) var store: Store
      }
      """#)
    #expect(result.diagnostics == [])
    // Kept in a cell, like a shared member, and described as lazy.
    #expect(result.source.contains("    let reporter: LoomMacros._SharedCell<Reporter>\n"))
    #expect(
      result.source.contains(
        """
            graph.member("reporter", Reporter.self, .lazy, dependencies: ["config"], fileID: "TestModule/test.swift", line: 4)
        """))
    // resolve() builds the shared members only; `api` builds `reporter` when it reads it, so it
    // waits for nothing.
    #expect(
      result.source.contains(
        """
            items.reserveCapacity(2)
            items.append(.member("api") {
                _ = self.api
              })
            items.append(.member("store") {
        """))
    #expect(!result.source.contains(#"items.append(.member("reporter""#))
    // Resolved holds the input and the shared members, not the lazy one.
    let resolved =
      result.source.split(separator: "struct Resolved").last?
      .split(separator: "fileprivate init").first ?? ""
    #expect(resolved.contains("var api: API {"))
    #expect(!resolved.contains("reporter"))
  }

  @Test func aChildMadeByAFactoryGetsTheOverridesInsideItAsACopy() {
    let result = expandComponent(
      #"""
      @Component
      struct AppComponent {
        @Provide(.input) var api: API
        @Child(factory: { (api: API) async in await FeatureComponent.make(api: api) })
        var feature: FeatureComponent
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source.contains(
        """
          private func _loomRead_feature(_ make: @escaping @Sendable (API) async -> FeatureComponent) async -> FeatureComponent {
            if let value = _loom.cells.feature.builtValue {
              return value
            }
            return await _loom.cells.feature.get(self) { component in
              let child = await make(component.api)
              let inside = component._loom.overrides.feature.overrides
              return inside.isEmpty ? child : child.overriding {
                $0 = inside
              }
            }
          }
        """))
  }

  @Test func aGenericComponentNamesItsGenericTypes() {
    let result = expandComponent(
      #"""
      @Component
      struct Repository<Item: Sendable> {
        @Provide(.input) var items: [Item]
        @Provide(.shared, with: [\Self.items]) var store: Store<Item>
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(result.source.contains("let store: LoomMacros._SharedCell<Store<Item>>"))
    #expect(result.source.contains("let component: Repository"))
    #expect(result.source.contains("Store<Item>(items: component.items)"))
    #expect(result.source.contains("extension Repository: LoomMacros.Component {"))
  }

  @Test func functionTypedInputsEscape() {
    let result = expandComponent(
      #"""
      @Component
      struct Hooks {
        @Provide(.input) var onEvent: @Sendable (String) -> Void
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source.contains(
        "init(onEvent: @escaping @Sendable (String) -> Void, _ configure:"))
  }

  @Test func aLargeComponentKeepsItsCellsInChunks() {
    let members = (0..<70).map { "  @Provide(.shared, with: []) var m\($0): Service" }
    let result = expandComponent(
      "@Component\nstruct Large {\n\(members.joined(separator: "\n"))\n}")
    #expect(result.diagnostics == [])
    #expect(result.source.contains("    let c0: _LoomCells0\n    let c1: _LoomCells1\n"))
    #expect(
      result.source.contains(
        "    var _flags = [Bool](repeating: false, count: 70)\n      Self._loomFlags0(&_flags, _changed)\n"
      ))
    #expect(
      result.source.contains("    self.c1 = Self._loomMakeCells1(_overrides, _flags, _base?.c1)\n"))
    #expect(
      result.source.contains(
        "  fileprivate final class _LoomCells1: Sendable {\n    let m64: LoomMacros._SharedCell<Service>\n"
      ))
    #expect(
      result.source.contains(
        "    @inline(never) private static func _loomMakeCells1(_ _overrides: Overrides, _ _flags: [Bool], _ _base: _LoomCells1?) -> _LoomCells1 {"
      ))
    #expect(
      result.source.contains(
        "let m69: LoomMacros._SharedCell<Service> = .select(override: _overrides.m69, isChanged: _flags[69], inherited: _base?.m69)"
      ))
    #expect(result.source.contains("      return _LoomCells1(m64: m64, m65: m65,"))
    #expect(result.source.contains("    init(m64: LoomMacros._SharedCell<Service>, m65:"))
    #expect(
      result.source.contains(
        "    @inline(never) private func _loomMerge2(_ merged: inout Self, _ newer: Self) {"))
    #expect(result.source.contains("    _loom.cells.c1.m69.get {"))
    #expect(result.source.contains("    _loom.cells.c0.m0.get {"))
  }

  @Test func aLargeComponentSplitsItsListsIntoHelpers() {
    let members = (0..<40).map { "  @Provide(.shared, with: []) var m\($0): Service" }
    let result = expandComponent(
      """
      @Component
      struct Large {
      \(members.joined(separator: "\n"))
        @Child var session: SessionComponent
      }
      """)
    #expect(result.diagnostics == [])
    #expect(
      result.source.contains(
        "  private func _loomResolveItems0(_ items: inout [LoomMacros._ComponentScheduler.Item]) {\n    items.append(.member(\"m0\") {"
      ))
    #expect(
      result.source.contains(
        "  private func _loomResolveItems1(_ items: inout [LoomMacros._ComponentScheduler.Item], _sessionResolved: LoomMacros._ResolvedSlot<SessionComponent.Resolved>) {"
      ))
    #expect(
      result.source.contains(
        "    _loomResolveItems0(&items)\n    _loomResolveItems1(&items, _sessionResolved: _sessionResolved)\n    try await LoomMacros._ComponentScheduler.run(\"Large\", items)"
      ))
    #expect(
      result.source.contains(
        "  private static func _loomInstall1(_ installer: inout LoomMacros._ComponentInstaller, _ component: Self) {"
      ))
    #expect(
      result.source.contains(
        "    Self._loomInstall0(&installer, component)\n    Self._loomInstall1(&installer, component)\n    installer.finish()"
      ))
    #expect(
      result.source.contains(
        "    Self._loomDescribe0(&graph)\n    Self._loomDescribe1(&graph)\n  }"))
    #expect(!result.source.contains("_loomResolveItems2"))
  }
}
