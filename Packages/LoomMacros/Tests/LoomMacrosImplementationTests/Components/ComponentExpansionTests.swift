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
                .init(config: component.config)
              }
            }
          }

          fileprivate let _loom: _LoomStorage

          private static func _loomCheckSendable() {
            // 'config' is kept by the component and read from any isolation, so Config must be Sendable.
            #sourceLocation(file: "test.swift", line: 3)
            LoomMacros::_checkCachedMember(Config.self)
            // To fix, make Config Sendable (or isolate it to a global actor, such as @MainActor), or pass what the component needs to make one, and make 'config' a member built from it.
            #sourceLocation()
            // 'api' is kept by the component and read from any isolation, so API must be Sendable.
            #sourceLocation(file: "test.swift", line: 4)
            LoomMacros::_checkCachedMember(API.self)
            // To fix, make API Sendable (or isolate it to a global actor, such as @MainActor), make 'api' .transient, or use @Component(mainActor: true).
            #sourceLocation()
          }

          struct _LoomInputs: Swift::Sendable {
            fileprivate let config: Config

            init(config: @autoclosure () throws -> Config) rethrows {
              self.config = try config()
            }
          }

          init(config: @autoclosure () throws -> Config, _ _loomConfigure: (inout Overrides) -> Swift::Void = { _ in
            }) rethrows {
            let _loomInput_config = try config()
            var _loomOverrides = Overrides()
            _loomConfigure(&_loomOverrides)
            self.init(_loomInputs: _LoomInputs(config: _loomInput_config), overrides: _loomOverrides)
          }

          init(_loomInputs: _LoomInputs, overrides _loomOverrides: Overrides) {
            self._loom = _LoomStorage(inputs: _loomInputs, overrides: _loomOverrides, cells: _LoomCells(_overrides: _loomOverrides, _changed: _loomOverrides, _base: nil))
          }

          fileprivate init(_loomStorage: _LoomStorage) {
            self._loom = _loomStorage
          }

          func overriding(_ _loomConfigure: (inout Overrides) -> Swift::Void) -> Self {
            var _loomChanged = Overrides()
            _loomConfigure(&_loomChanged)
            let _loomOverrides = _loom.overrides.merging(_loomChanged)
            return Self(_loomStorage: _LoomStorage(inputs: _loom.inputs, overrides: _loomOverrides, cells: _LoomCells(_overrides: _loomOverrides, _changed: _loomChanged, _base: _loom.cells)))
          }

          struct Overrides: LoomMacros::ComponentOverrides {
            var api: API?

            init() {
            }

            var isEmpty: Swift::Bool {
              if self.api != nil {
                return false
              }
              return true
            }

            func merging(_ _loomNewer: Self) -> Self {
              var _loomMerged = self
              if let _loomValue = _loomNewer.api {
                _loomMerged.api = _loomValue
              }
              return _loomMerged
            }
          }

          fileprivate final class _LoomStorage: Swift::Sendable {
            let inputs: _LoomInputs
            let overrides: Overrides
            let cells: _LoomCells

            init(inputs: _LoomInputs, overrides: Overrides, cells: _LoomCells) {
              self.inputs = inputs
              self.overrides = overrides
              self.cells = cells
            }
          }

          fileprivate struct _LoomCells: Swift::Sendable {
            let api: LoomMacros::_SharedCell<API>

            init(_overrides _loomOverrides: Overrides, _changed _loomChanged: Overrides, _base _loomBase: _LoomCells?) {
              let _loomChanged_api = _loomChanged.api != nil
              self.api = .select(override: _loomOverrides.api, isChanged: _loomChanged_api, inherited: _loomBase?.api)
            }
          }

          private func _loomRead_config() -> Config {
            _loom.inputs.config
          }

          private func _loomRead_api(_ _loomMake: (Self) -> API) -> API {
            _loom.cells.api.get {
              _loomMake(self)
            }
          }

          struct Resolved: Swift::Sendable {
            let component: SmallComponent

            var config: Config {
              component._loom.inputs.config
            }
            var api: API {
              component._loom.cells.api.expectBuilt("SmallComponent.api")
            }

            fileprivate init(_ _loomComponent: SmallComponent) {
              self.component = _loomComponent
            }
          }

          func resolve() async throws(LoomMacros::ComponentError) -> Resolved {
            var _loomItems: [LoomMacros::_ComponentScheduler.Item] = []
            _loomItems.reserveCapacity(1)
            _loomItems.append(.member("api") {
                _ = self.api
              })
            try await LoomMacros::_ComponentScheduler.run("SmallComponent", _loomItems)
            return Resolved(self)
          }

          func install(into _loomContainer: Loom::Container) {
            let _loomComponent = self
            var _loomInstaller = LoomMacros::_ComponentInstaller(_loomContainer, component: "SmallComponent")
            _loomInstaller.member(Config.self, "config", .input, fileID: "TestModule/test.swift", line: 3) {
              _loomComponent.config
            }
            _loomInstaller.member(API.self, "api", .shared, dependencies: ["config"], fileID: "TestModule/test.swift", line: 4) {
              _loomComponent.api
            }
            _loomInstaller.finish()
          }

          static func _describe(in _loomGraph: inout LoomMacros::_ComponentGraph) {
            _loomGraph.member("config", Config.self, .input, fileID: "TestModule/test.swift", line: 3)
            _loomGraph.member("api", API.self, .shared, dependencies: ["config"], fileID: "TestModule/test.swift", line: 4)
          }
        }

        extension SmallComponent: LoomMacros::Component {
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
                LoomMacros::_MemberSource.effects(asyncThrowing: Users.init(database:))
              }
            }
          }
          var clock: Clock {
            get {
              _loomRead_clock {
                LoomMacros::_MemberSource.effects(none: Clock.init)
              }
            }
          }

          func migrate(database: Database) async throws {
            try await database.migrate()
          }

          fileprivate let _loom: _LoomStorage

          private static func _loomCheckSendable() {
            // 'config' is kept by the component and read from any isolation, so Config must be Sendable.
            #sourceLocation(file: "test.swift", line: 3)
            LoomMacros::_checkCachedMember(Config.self)
            // To fix, make Config Sendable (or isolate it to a global actor, such as @MainActor), or pass what the component needs to make one, and make 'config' a member built from it.
            #sourceLocation()
            // 'database' is kept by the component and read from any isolation, so Database must be Sendable.
            #sourceLocation(file: "test.swift", line: 4)
            LoomMacros::_checkCachedMember(Database.self)
            // To fix, make Database Sendable (or isolate it to a global actor, such as @MainActor), make 'database' .transient, or use @Component(mainActor: true).
            #sourceLocation()
            // 'clock' is kept by the component and read from any isolation, so Clock must be Sendable.
            #sourceLocation(file: "test.swift", line: 10)
            LoomMacros::_checkCachedMember(Clock.self)
            // To fix, make Clock Sendable (or isolate it to a global actor, such as @MainActor), make 'clock' .transient, or use @Component(mainActor: true).
            #sourceLocation()
          }

          public struct _LoomInputs: Swift::Sendable {
            fileprivate let config: Config

            public init(config: @autoclosure () throws -> Config) rethrows {
              self.config = try config()
            }
          }

          public init(config: @autoclosure () throws -> Config, _ _loomConfigure: (inout Overrides) -> Swift::Void = { _ in
            }) rethrows {
            let _loomInput_config = try config()
            var _loomOverrides = Overrides()
            _loomConfigure(&_loomOverrides)
            self.init(_loomInputs: _LoomInputs(config: _loomInput_config), overrides: _loomOverrides)
          }

          public init(_loomInputs: _LoomInputs, overrides _loomOverrides: Overrides) {
            self._loom = _LoomStorage(inputs: _loomInputs, overrides: _loomOverrides, cells: _LoomCells(_overrides: _loomOverrides, _changed: _loomOverrides, _base: nil))
          }

          fileprivate init(_loomStorage: _LoomStorage) {
            self._loom = _loomStorage
          }

          public func overriding(_ _loomConfigure: (inout Overrides) -> Swift::Void) -> Self {
            var _loomChanged = Overrides()
            _loomConfigure(&_loomChanged)
            let _loomOverrides = _loom.overrides.merging(_loomChanged)
            return Self(_loomStorage: _LoomStorage(inputs: _loom.inputs, overrides: _loomOverrides, cells: _LoomCells(_overrides: _loomOverrides, _changed: _loomChanged, _base: _loom.cells)))
          }

          public struct Overrides: LoomMacros::ComponentOverrides {
            public var database: Database?
            public var users: (@Sendable () async throws -> sending Users)?
            var clock: Clock?

            public init() {
            }

            public var isEmpty: Swift::Bool {
              if self.database != nil {
                return false
              }
              if self.users != nil {
                return false
              }
              if self.clock != nil {
                return false
              }
              return true
            }

            public func merging(_ _loomNewer: Self) -> Self {
              var _loomMerged = self
              if let _loomValue = _loomNewer.database {
                _loomMerged.database = _loomValue
              }
              if let _loomValue = _loomNewer.users {
                _loomMerged.users = _loomValue
              }
              if let _loomValue = _loomNewer.clock {
                _loomMerged.clock = _loomValue
              }
              return _loomMerged
            }
          }

          fileprivate final class _LoomStorage: Swift::Sendable {
            let inputs: _LoomInputs
            let overrides: Overrides
            let cells: _LoomCells

            init(inputs: _LoomInputs, overrides: Overrides, cells: _LoomCells) {
              self.inputs = inputs
              self.overrides = overrides
              self.cells = cells
            }
          }

          fileprivate struct _LoomCells: Swift::Sendable {
            let database: LoomMacros::_AsyncSharedCell<Database>
            let clock: LoomMacros::_SharedCell<Clock>

            init(_overrides _loomOverrides: Overrides, _changed _loomChanged: Overrides, _base _loomBase: _LoomCells?) {
              let _loomChanged_database = _loomChanged.database != nil
              let _loomChanged_clock = _loomChanged.clock != nil
              self.database = .select(override: _loomOverrides.database, isChanged: _loomChanged_database, inherited: _loomBase?.database)
              self.clock = .select(override: _loomOverrides.clock, isChanged: _loomChanged_clock, inherited: _loomBase?.clock ?? AppComponent._loomOnce_clock.cell)
            }
          }

          private static let _loomOnce_clock = LoomMacros::_OnceMember<LoomMacros::_SharedCell<Clock>>()

          public static func resetOnceMembers() {
            _loomOnce_clock.reset()
          }

          private func _loomRead_config() -> Config {
            _loom.inputs.config
          }

          private func _loomRead_database(_ _loomMake: @escaping @Sendable (Config) async throws -> Database) async throws -> Database {
            if let _loomValue = _loom.cells.database.builtValue {
              return _loomValue
            }
            return try await _loom.cells.database.get(self) { _loomComponent in
              try await _loomMake(_loomComponent.config)
            }
          }

          private func _loomRead_users(_ _loomMake: () -> @Sendable (Database) async throws -> Users) async throws -> Users {
            if let _loomOverride = _loom.overrides.users {
              return try await _loomOverride()
            }
            return try await _loomMake()(self.database)
          }

          private func _loomRead_clock(_ _loomMake: () -> () -> Clock) -> Clock {
            _loom.cells.clock.get {
              _loomMake()()
            }
          }

          public struct Resolved: Swift::Sendable {
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

            fileprivate init(_ _loomComponent: AppComponent) {
              self.component = _loomComponent
            }
          }

          public func resolve() async throws(LoomMacros::ComponentError) -> Resolved {
            var _loomItems: [LoomMacros::_ComponentScheduler.Item] = []
            _loomItems.reserveCapacity(3)
            _loomItems.append(.member("database") {
                _ = try await self.database
              })
            _loomItems.append(.member("clock") {
                _ = self.clock
              })
            _loomItems.append(.step("migrate", after: ["database"]) {
                try await self.migrate(database: self.database)
              })
            try await LoomMacros::_ComponentScheduler.run("AppComponent", _loomItems)
            return Resolved(self)
          }

          public func install(into _loomContainer: Loom::Container) {
            let _loomComponent = self
            var _loomInstaller = LoomMacros::_ComponentInstaller(_loomContainer, component: "AppComponent")
            _loomInstaller.member(Config.self, "config", .input, fileID: "TestModule/test.swift", line: 3) {
              _loomComponent.config
            }
            _loomInstaller.asyncMember(Database.self, "database", .shared, dependencies: ["config"], fileID: "TestModule/test.swift", line: 4) {
              try await _loomComponent.database
            }
            _loomInstaller.asyncMember(Users.self, "users", .transient, dependencies: ["database"], fileID: "TestModule/test.swift", line: 8) {
              try await _loomComponent.users
            }
            _loomInstaller.member(Clock.self, "clock", .once, fileID: "TestModule/test.swift", line: 10) {
              _loomComponent.clock
            }
            _loomInstaller.step("migrate", dependencies: ["database"], fileID: "TestModule/test.swift", line: 12) {
              try await _loomComponent.migrate(database: _loomComponent.database)
            }
            _loomInstaller.finish()
          }

          public static func _describe(in _loomGraph: inout LoomMacros::_ComponentGraph) {
            _loomGraph.member("config", Config.self, .input, fileID: "TestModule/test.swift", line: 3)
            _loomGraph.member("database", Database.self, .shared, effects: [.async, .throwing], dependencies: ["config"], fileID: "TestModule/test.swift", line: 4)
            _loomGraph.member("users", Users.self, .transient, effects: [.async, .throwing], dependencies: ["database"], fileID: "TestModule/test.swift", line: 8)
            _loomGraph.member("clock", Clock.self, .once, fileID: "TestModule/test.swift", line: 10)
          }
        }

        extension AppComponent: LoomMacros::Component {
        }
        """#)
  }

  // Where Swift checks that a cached member's type is `Sendable`: a call under a
  // `#sourceLocation` of the member's line, with comments that say why and the ways out.
  @Test func aCachedMemberIsCheckedAtItsLine() {
    let result = expandComponent(
      #"""
      @Component
      struct App {
        @Provide(.shared, with: []) var cache: ImageCache
        @Provide(.transient, with: []) var draft: Draft
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source.contains(
        #"""
          private static func _loomCheckSendable() {
            // 'cache' is kept by the component and read from any isolation, so ImageCache must be Sendable.
            #sourceLocation(file: "test.swift", line: 3)
            LoomMacros::_checkCachedMember(ImageCache.self)
            // To fix, make ImageCache Sendable (or isolate it to a global actor, such as @MainActor), make 'cache' .transient, or use @Component(mainActor: true).
            #sourceLocation()
          }
        """#))
    // A transient member is not checked: it need not be Sendable.
    #expect(!result.source.contains("_checkCachedMember(Draft.self)"))
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
                _LoomChild_session.Value._LoomInputs(api: component.api, token: component.authToken)
              }
            }
          }

          typealias _LoomChild_session = LoomMacros::_Child<SessionComponent>
        """))
    #expect(
      result.source.contains(
        """
          private func _loomRead_session(_ _loomMake: (Self) -> _LoomChild_session.Value._LoomInputs) -> _LoomChild_session.Value {
            _loom.cells.session.get {
              _LoomChild_session.Value(_loomInputs: _loomMake(self), overrides: self._loom.overrides.session.overrides)
            }
          }
        """))
    #expect(
      result.source.contains(
        "var session = LoomMacros::ChildOverrides<_LoomChild_session.Value>()"))
    #expect(
      result.source.contains(
        "let _loomChanged_session = !_loomChanged.session.isEmpty || _loomChanged_api"))
    #expect(
      result.source.contains(
        """
          init(_loomInputs: _LoomInputs, overrides _loomOverrides: Overrides) {
        """))
    #expect(
      result.source.contains(
        """
            _loomItems.append(.child("session", after: ["api"]) {
                _loomSlot_session.fill(try await (self.session as _LoomChild_session.Value).resolve())
              })
            try await LoomMacros::_ComponentScheduler.run("AppComponent", _loomItems)
            return Resolved(self, _loomChild_session: _loomSlot_session.value)
        """))
    #expect(
      result.source.contains(
        """
            _LoomChild_session.describe(&_loomGraph, "session", dependencies: ["api", "authToken"], inputs: ["api": "api", "token": "authToken"], fileID: "TestModule/test.swift", line: 5)
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
          private func _loomRead_analytics(_ _loomMake: (Lazy<Tracker>, Provider<Event>) -> Analytics) -> Analytics {
            _loom.cells.analytics.get {
              _loomMake(self._loom.handles.lazy(Tracker.self, member: "tracker", register: self._loomRegisterHandles), self._loom.handles.provider(Event.self, member: "event", register: self._loomRegisterHandles))
            }
          }
        """))
    #expect(
      result.source.contains(
        """
          private func _loomRegisterHandles(_ _loomContainer: Loom::Container) {
            let _loomStorage = _loom
            _loomContainer.register(Tracker.self, name: "tracker") { [weak _loomStorage] _ in
              guard let _loomStorage else {
                throw LoomMacros::_ComponentHandles.released(Tracker.self, component: "AnalyticsComponent", member: "tracker", fileID: "TestModule/test.swift", line: 7)
              }
              return Self(_loomStorage: _loomStorage).tracker
            }
        """))
    // The members that need each other through a Lazy share one "changed" flag.
    #expect(
      result.source.contains(
        """
              let _loomChanged_event = _loomChanged.event != nil
              let _loomChanged_analytics = _loomChanged.analytics != nil || _loomChanged.tracker != nil || _loomChanged_event
              let _loomChanged_tracker = _loomChanged_analytics
        """))
    #expect(
      result.source.contains(
        """
            _loomGraph.member("analytics", Analytics.self, .shared, deferred: ["tracker", "event"], fileID: "TestModule/test.swift", line: 3)
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
    #expect(result.source.contains("  @_Concurrency::MainActor var model: RootModel {"))
    #expect(
      result.source.contains(
        "  @_Concurrency::MainActor func start(model: RootModel) { model.start() }"))
    #expect(
      result.source.contains(
        "  @_Concurrency::MainActor init(api: @autoclosure () throws -> API, _ _loomConfigure:"))
    // The initializer reference is checked on the main actor.
    #expect(
      result.source.contains(
        "LoomMacros::_MemberSource.mainActorEffects(none: RootModel.init(api:))"))
    #expect(
      result.source.contains(
        "  @_Concurrency::MainActor private func _loomRead_model(_ _loomMake: () -> @_Concurrency::MainActor (API) -> RootModel) -> RootModel {"
      ))
    #expect(
      result.source.contains(
        "  @_Concurrency::MainActor func resolve() async throws(LoomMacros::ComponentError) -> Resolved {"
      ))
    #expect(
      result.source.contains(
        """
            _loomItems.append(.step("start", after: ["model"]) { @_Concurrency::MainActor in
                self.start(model: self.model)
              })
        """))
    #expect(
      result.source.contains(
        """
            _loomInstaller.mainActorMember(RootModel.self, "model", .shared, dependencies: ["api"], fileID: "TestModule/test.swift", line: 4) {
        """))
    // Not isolated: what the Component protocol requires.
    #expect(
      result.source.contains(
        "  func overriding(_ _loomConfigure: (inout Overrides) -> Swift::Void) -> Self {"))
    // A cached member's value is kept in a main-actor box, so its type need not be Sendable:
    // in its cell, in the overrides (set and read on the main actor), and read by Resolved there.
    #expect(
      result.source.contains(
        "    let model: LoomMacros::_SharedCell<LoomMacros::_MainActorBox<RootModel>>\n"))
    #expect(
      result.source.contains(
        "    fileprivate var _loomOverride_model: LoomMacros::_MainActorBox<RootModel>?\n"))
    #expect(
      result.source.contains("    @_Concurrency::MainActor var model: RootModel? {\n"))
    #expect(
      result.source.contains(
        "    if let _loomValue = _loomNewer._loomOverride_model {\n"))
    #expect(
      result.source.contains(
        """
            let _loomBox = _loom.cells.model.get {
              LoomMacros::_MainActorBox(_loomMake()(self.api))
            }
            return _loomBox.value
        """))
    #expect(
      result.source.contains(
        "    @_Concurrency::MainActor var model: RootModel {\n"))
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
    #expect(result.source.contains("    let reporter: LoomMacros::_SharedCell<Reporter>\n"))
    #expect(
      result.source.contains(
        """
            _loomGraph.member("reporter", Reporter.self, .lazy, dependencies: ["config"], fileID: "TestModule/test.swift", line: 4)
        """))
    // resolve() builds the shared members only; `api` builds `reporter` when it reads it, so it
    // waits for nothing.
    #expect(
      result.source.contains(
        """
            _loomItems.reserveCapacity(2)
            _loomItems.append(.member("api") {
                _ = self.api
              })
            _loomItems.append(.member("store") {
        """))
    #expect(!result.source.contains(#"_loomItems.append(.member("reporter""#))
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
          private func _loomRead_feature(_ _loomMake: @escaping @Sendable (API) async -> FeatureComponent) async -> FeatureComponent {
            if let _loomValue = _loom.cells.feature.builtValue {
              return _loomValue
            }
            return await _loom.cells.feature.get(self) { _loomComponent in
              let _loomChild = await _loomMake(_loomComponent.api)
              let _loomInside = _loomComponent._loom.overrides.feature.overrides
              return _loomInside.isEmpty ? _loomChild : _loomChild.overriding {
                $0 = _loomInside
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
    #expect(result.source.contains("let store: LoomMacros::_SharedCell<Store<Item>>"))
    #expect(result.source.contains("let component: Repository"))
    #expect(result.source.contains(".init(items: component.items)"))
    #expect(result.source.contains("extension Repository: LoomMacros::Component {"))
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
        "init(onEvent: @escaping @Sendable (String) -> Void, _ _loomConfigure:"))
  }

  @Test func aLargeComponentKeepsItsCellsInChunks() {
    let members = (0..<70).map { "  @Provide(.shared, with: []) var m\($0): Service" }
    let result = expandComponent(
      "@Component\nstruct Large {\n\(members.joined(separator: "\n"))\n}")
    #expect(result.diagnostics == [])
    #expect(result.source.contains("    let c0: _LoomCells0\n    let c1: _LoomCells1\n"))
    #expect(
      result.source.contains(
        "    var _loomFlags = [Swift::Bool](repeating: false, count: 70)\n      Self._loomFlags0(&_loomFlags, _loomChanged)\n"
      ))
    #expect(
      result.source.contains(
        "    self.c1 = Self._loomMakeCells1(_loomOverrides, _loomFlags, _loomBase?.c1)\n"))
    #expect(
      result.source.contains(
        "  fileprivate final class _LoomCells1: Swift::Sendable {\n    let m64: LoomMacros::_SharedCell<Service>\n"
      ))
    #expect(
      result.source.contains(
        "    @inline(never) private static func _loomMakeCells1(_ _loomOverrides: Overrides, _ _loomFlags: [Swift::Bool], _ _loomBase: _LoomCells1?) -> _LoomCells1 {"
      ))
    #expect(
      result.source.contains(
        "let m69: LoomMacros::_SharedCell<Service> = .select(override: _loomOverrides.m69, isChanged: _loomFlags[69], inherited: _loomBase?.m69)"
      ))
    #expect(result.source.contains("      return _LoomCells1(m64: m64, m65: m65,"))
    #expect(result.source.contains("    init(m64: LoomMacros::_SharedCell<Service>, m65:"))
    #expect(
      result.source.contains(
        "    @inline(never) private func _loomMerge2(_ _loomMerged: inout Self, _ _loomNewer: Self) {"
      ))
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
        "  private func _loomResolveItems0(_ _loomItems: inout [LoomMacros::_ComponentScheduler.Item]) {\n    _loomItems.append(.member(\"m0\") {"
      ))
    #expect(
      result.source.contains(
        "  private func _loomResolveItems1(_ _loomItems: inout [LoomMacros::_ComponentScheduler.Item], _loomSlot_session: LoomMacros::_ResolvedSlot<_LoomChild_session.Value.Resolved>) {"
      ))
    #expect(
      result.source.contains(
        "    _loomResolveItems0(&_loomItems)\n    _loomResolveItems1(&_loomItems, _loomSlot_session: _loomSlot_session)\n    try await LoomMacros::_ComponentScheduler.run(\"Large\", _loomItems)"
      ))
    #expect(
      result.source.contains(
        "  private static func _loomInstall1(_ _loomInstaller: inout LoomMacros::_ComponentInstaller, _ _loomComponent: Self) {"
      ))
    #expect(
      result.source.contains(
        "    Self._loomInstall0(&_loomInstaller, _loomComponent)\n    Self._loomInstall1(&_loomInstaller, _loomComponent)\n    _loomInstaller.finish()"
      ))
    #expect(
      result.source.contains(
        "    Self._loomDescribe0(&_loomGraph)\n    Self._loomDescribe1(&_loomGraph)\n  }"))
    #expect(!result.source.contains("_loomResolveItems2"))
  }
}
