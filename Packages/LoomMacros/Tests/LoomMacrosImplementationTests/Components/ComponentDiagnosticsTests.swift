import LoomMacrosImplementation
import Testing

// Diagnostics tests: for every rule, the message, its line:column, the fix-it and the source the
// fix-it gives; and a component with errors gets no conformance (no cascading errors).
@Suite struct ComponentDiagnosticsTests {
  /// Expects `source` to give exactly `diagnostics` and `fixIts`, each fix-it giving `fixed`,
  /// and no conformance.
  private func expectDiagnostics(
    _ source: String, _ diagnostics: [String], fixIts: [String] = [], fixed: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = expandComponent(source)
    #expect(result.diagnostics == diagnostics, sourceLocation: sourceLocation)
    #expect(result.fixIts == fixIts, sourceLocation: sourceLocation)
    #expect(result.fixedSources == fixed, sourceLocation: sourceLocation)
    #expect(!result.source.contains("LoomMacros.Component {"), sourceLocation: sourceLocation)
  }

  // MARK: - Missing members

  @Test func aClosureParameterThatNamesNoMemberSuggestsTheClosestName() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, factory: { (confg: Config) in API(config: confg) }) var api: API
      }
      """,
      ["4:33: error: 'confg' is not a member of App; did you mean 'config'?"],
      fixIts: ["rename 'confg' to 'config'"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, factory: { (config: Config) in API(config: config) }) var api: API
        }
        """
      ])
  }

  @Test func anInitializerLabelThatNamesNoMemberSuggestsTheClosestName() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.input) var database: Database
        @Provide(.shared, Users.init(databse:)) var users: Users
      }
      """,
      ["4:32: error: 'databse' is not a member of App; did you mean 'database'?"],
      fixIts: ["rename 'databse' to 'database'"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.input) var database: Database
          @Provide(.shared, Users.init(database:)) var users: Users
        }
        """
      ])
  }

  @Test func aNameFarFromEveryMemberListsTheMembers() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.input) var database: Database
        @Provide(.shared, Other.init(zzzzzz:)) var other: Other
      }
      """,
      ["4:32: error: 'zzzzzz' is not a member of App; its members are 'database'"])
  }

  @Test func stepsTakeMembersAndRunAfterSteps() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.input) var database: Database
        @Provide(.shared, Users.init(migrate:)) var users: Users
        @Perform func migrate(databse: Database) async throws { try await databse.migrate() }
        @Perform(after: ["migrat"]) func seed() {}
      }
      """,
      [
        "4:32: error: 'migrate' is a @Perform step of App, not a member; 'users' can only take members",
        "5:25: error: 'databse' is not a member of App; did you mean 'database'?",
        "6:20: error: 'migrat' is not a @Perform step of App; did you mean 'migrate'?",
      ],
      fixIts: ["rename 'databse' to 'database'", "replace with 'migrate'"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.input) var database: Database
          @Provide(.shared, Users.init(migrate:)) var users: Users
          @Perform func migrate(database: Database) async throws { try await database.migrate() }
          @Perform(after: ["migrat"]) func seed() {}
        }
        """,
        """
        @Component
        struct App {
          @Provide(.input) var database: Database
          @Provide(.shared, Users.init(migrate:)) var users: Users
          @Perform func migrate(databse: Database) async throws { try await databse.migrate() }
          @Perform(after: ["migrate"]) func seed() {}
        }
        """,
      ])
  }

  // MARK: - Cycles

  @Test func aCycleIsReportedOnceWithTheWholePathInDeclarationOrder() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, B.init(c:)) var b: B
        @Provide(.shared, A.init(b:)) var a: A
        @Provide(.shared, C.init(a:config:)) var c: C
      }
      """,
      [
        "4:37: error: dependency cycle: b → c → a → b; break it, or take one of them through Lazy or Provider in a factory closure"
      ])
  }

  @Test func aMemberBuiltFromItselfIsACycle() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared, Node.init(node:)) var node: Node
      }
      """,
      [
        "3:43: error: dependency cycle: node → node; break it, or take one of them through Lazy or Provider in a factory closure"
      ])
  }

  @Test func stepsThatRunAfterEachOtherAreACycle() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Perform(after: ["second"]) func first() {}
        @Perform(after: ["first"]) func second() {}
      }
      """,
      [
        "3:36: error: dependency cycle: first → second → first; break it, or take one of them through Lazy or Provider in a factory closure"
      ])
  }

  @Test func aLazyParameterBreaksACycle() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.shared, factory: { (b: Lazy<B>) in A(b: b) }) var a: A
        @Provide(.shared, B.init(a:)) var b: B
      }
      """)
    #expect(result.diagnostics == [])
  }

  // MARK: - Duplicates

  @Test func aNameDeclaredTwiceIsReported() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.input) var config: Config
        @Perform func config() {}
      }
      """,
      [
        "4:24: error: 'config' is declared twice in App; rename one of them, since members and steps are wired by name",
        "5:17: error: 'config' is declared twice in App; rename one of them, since members and steps are wired by name",
      ])
  }

  @Test func aDependencyListedTwiceIsRemovedByTheFixIt() {
    expectDiagnostics(
      #"""
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, with: [\Self.config, \Self.config]) var api: API
      }
      """#,
      ["4:48: error: 'config' is listed twice for 'api'; remove one of them"],
      fixIts: ["remove the duplicate"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: [\Self.config]) var api: API
        }
        """#
      ])
  }

  @Test func aChildInputWiredTwiceIsReported() {
    expectDiagnostics(
      #"""
      @Component
      struct App {
        @Provide(.input) var token: String
        @Provide(.input) var authToken: String
        @Child(with: [\Self.token], bindings: ["token": \Self.authToken]) var session: Session
      }
      """#,
      ["5:57: error: child input 'token' is wired twice for 'session'; remove one of them"],
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
      ])
  }

  @Test func aDuplicateBindingLeavesTheOtherBindings() {
    expectDiagnostics(
      #"""
      @Component
      struct App {
        @Provide(.input) var token: String
        @Provide(.input) var api: API
        @Child(with: [\Self.token], bindings: ["token": \Self.token, "client": \Self.api])
        var session: Session
      }
      """#,
      ["5:57: error: child input 'token' is wired twice for 'session'; remove one of them"],
      fixIts: ["remove the duplicate"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var token: String
          @Provide(.input) var api: API
          @Child(with: [\Self.token], bindings: ["client": \Self.api])
          var session: Session
        }
        """#
      ])
  }

  @Test func twoMemberAttributesAreReported() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.input) @Provide(.input) var config: Config
      }
      """,
      [
        "3:20: error: a member has one @Provide attribute; remove this one, the first one describes it"
      ],
      fixIts: ["remove the second attribute"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.input) var config: Config
        }
        """
      ])
  }

  // MARK: - Construction sources

  @Test func aMemberWithNoSourceGetsItsTypesInitializer() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared) var clock: Clock
      }
      """,
      [
        "3:3: error: member 'clock' has no construction source; build it with `with:` (its type's initializer, labels named after members), an initializer reference such as `Clock.init(config:)`, or a `factory:` closure"
      ],
      fixIts: ["build it with 'Clock()'"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.shared, with: []) var clock: Clock
        }
        """
      ])
  }

  @Test func aMemberWithSeveralSourcesKeepsTheFirst() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared, Clock.init, factory: { () in Clock() }) var clock: Clock
      }
      """,
      ["3:33: error: member 'clock' has several construction sources; keep one of them"],
      fixIts: ["keep the first source"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.shared, Clock.init) var clock: Clock
        }
        """
      ])
  }

  @Test func anInputWithAFactoryLosesIt() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.input, factory: { () in Config() }) var config: Config
      }
      """,
      [
        "3:20: error: input 'config' is passed to the component's initializer, so it cannot have a factory; remove it, or make the member .shared"
      ],
      fixIts: ["remove the factory"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.input) var config: Config
        }
        """
      ])
  }

  @Test func withCannotBuildAnExistential() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared, with: []) var api: any APIClient
      }
      """,
      [
        "3:21: error: member 'api' has type 'any APIClient', which `with:` cannot build; name the type to build first: @Provide(.shared, ConcreteType.self, with: [...])"
      ])
  }

  // MARK: - Effects

  @Test func aSynchronousMemberBuiltFromAnAsynchronousOneDeclaresItsEffects() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared, Database.open, effects: .async) var database: Database
        @Provide(.shared, Users.init(database:)) var users: Users
      }
      """,
      [
        "4:32: error: 'users' is synchronous, but it is built from 'database', which is asynchronous; declare 'users' async"
      ],
      fixIts: ["declare 'users' async"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.shared, Database.open, effects: .async) var database: Database
          @Provide(.shared, Users.init(database:), effects: .async) var users: Users
        }
        """
      ])
  }

  @Test func aClosureBuiltFromAThrowingMemberGetsThrowsInItsSignature() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared, Keychain.init, effects: .throwing) var keychain: Keychain
        @Provide(.shared, factory: { (keychain: Keychain) in Token(keychain) }) var token: Token
      }
      """,
      [
        "4:33: error: 'token' is synchronous, but it is built from 'keychain', which is throwing; declare 'token' throws"
      ],
      fixIts: ["declare 'token' throws"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.shared, Keychain.init, effects: .throwing) var keychain: Keychain
          @Provide(.shared, factory: { (keychain: Keychain) throws in Token(keychain) }) var token: Token
        }
        """
      ])
  }

  @Test func missingEffectsJoinTheOnesDeclared() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared, Database.open, effects: [.async, .throwing]) var database: Database
        @Provide(.shared, Users.init(database:), effects: .async) var users: Users
      }
      """,
      [
        "4:32: error: 'users' is asynchronous, but it is built from 'database', which is asynchronous and throwing; declare 'users' throws"
      ],
      fixIts: ["declare 'users' throws"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.shared, Database.open, effects: [.async, .throwing]) var database: Database
          @Provide(.shared, Users.init(database:), effects: [.async, .throwing]) var users: Users
        }
        """
      ])
  }

  @Test func aClosureThatAwaitsDeclaresAsync() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared, factory: { () in await Loaded.load() }) var loaded: Loaded
      }
      """,
      [
        "3:32: error: the factory of 'loaded' uses 'await'; declare it 'async' in the closure's signature, which states the member's effects"
      ],
      fixIts: ["add 'async' to the closure's signature"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.shared, factory: { () async in await Loaded.load() }) var loaded: Loaded
        }
        """
      ])
  }

  @Test func aClosureStatesItsEffectsOnlyInItsSignature() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared, factory: { () async in await Loaded.load() }, effects: .async) var loaded: Loaded
      }
      """,
      [
        "3:67: error: a factory closure states its effects in its signature (`{ (a: A) async throws in ... }`); remove `effects:`"
      ],
      fixIts: ["remove 'effects:'"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.shared, factory: { () async in await Loaded.load() }) var loaded: Loaded
        }
        """
      ])
  }

  @Test func aLazyOfAnAsynchronousMemberIsReported() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.shared, Database.open, effects: .async) var database: Database
        @Provide(.shared, factory: { (database: Lazy<Database>) in Users(database) }) var users: Users
      }
      """,
      [
        "4:33: error: Lazy<Database> cannot take 'database', which is asynchronous: a Lazy reads synchronously; take 'database' directly, and make 'users' async"
      ],
      fixIts: ["take 'database' directly and make 'users' async"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.shared, Database.open, effects: .async) var database: Database
          @Provide(.shared, factory: { (database: Database) async in Users(database) }) var users: Users
        }
        """
      ])
  }

  // MARK: - .once

  @Test func aOnceMemberBuiltFromAnInstancesMemberIsReported() {
    expectDiagnostics(
      #"""
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, with: []) var api: API
        @Provide(.once, with: [\Self.config]) var clock: Clock
        @Provide(.once, with: [\Self.api]) var cache: Cache
      }
      """#,
      [
        "5:32: error: 'clock' is .once, one value for every App, but it is built from 'config', an input, one value per instance; make 'clock' .shared",
        "6:32: error: 'cache' is .once, one value for every App, but it is built from 'api', .shared, one value per instance; make 'api' .once, or 'cache' .shared",
      ],
      fixIts: ["make 'clock' .shared", "make 'cache' .shared"],
      fixed: [
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: []) var api: API
          @Provide(.shared, with: [\Self.config]) var clock: Clock
          @Provide(.once, with: [\Self.api]) var cache: Cache
        }
        """#,
        #"""
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.shared, with: []) var api: API
          @Provide(.once, with: [\Self.config]) var clock: Clock
          @Provide(.shared, with: [\Self.api]) var cache: Cache
        }
        """#,
      ])
  }

  @Test func aGenericComponentHasNoOnceMembers() {
    expectDiagnostics(
      """
      @Component
      struct Repository<Item: Sendable> {
        @Provide(.once, with: []) var clock: Clock
      }
      """,
      [
        "3:3: error: 'clock' cannot be .once in the generic component Repository, which has no storage shared by all its instances; make it .shared"
      ],
      fixIts: ["make 'clock' .shared"],
      fixed: [
        """
        @Component
        struct Repository<Item: Sendable> {
          @Provide(.shared, with: []) var clock: Clock
        }
        """
      ])
  }

  // MARK: - Declarations

  @Test func memberDeclarationsAreVarsWithATypeAndNoValue() {
    expectDiagnostics(
      """
      @Component
      struct App {
        @Provide(.input) let config: Config
        @Provide(.input) var name: String = "x"
        @Provide(.input) var untyped = 3
        @Provide(.input) static var shared: Int
        var plain: Int
      }
      """,
      [
        "3:20: error: @Provide member must be declared with 'var'; the component gives it a getter",
        "4:37: error: @Provide member 'name' cannot have an initial value; the component builds it",
        "5:24: error: @Provide member 'untyped' needs a type annotation",
        "6:20: error: @Provide member cannot be static; a `.once` member is the component's process-wide value",
        "7:7: error: stored property 'plain' has no value, and the component's initializer only sets its members; make it a member with @Provide(.input), or give it a value",
      ],
      fixIts: ["replace 'let' with 'var'", "remove the initial value", "remove 'static'"],
      fixed: [
        """
        @Component
        struct App {
          @Provide(.input) var config: Config
          @Provide(.input) var name: String = "x"
          @Provide(.input) var untyped = 3
          @Provide(.input) static var shared: Int
          var plain: Int
        }
        """,
        """
        @Component
        struct App {
          @Provide(.input) let config: Config
          @Provide(.input) var name: String
          @Provide(.input) var untyped = 3
          @Provide(.input) static var shared: Int
          var plain: Int
        }
        """,
        """
        @Component
        struct App {
          @Provide(.input) let config: Config
          @Provide(.input) var name: String = "x"
          @Provide(.input) var untyped = 3
          @Provide(.input) var shared: Int
          var plain: Int
        }
        """,
      ])
  }

  @Test func aComponentIsAStruct() {
    expectDiagnostics(
      """
      @Component
      final class App {
        @Provide(.input) var config: Config
      }
      """,
      [
        "1:1: error: @Component must be attached to a struct; the component's storage is shared by its copies"
      ])
  }

  @Test func membersAndStepsBelongInTheComponentStruct() {
    let result = expandComponent(
      """
      struct Plain {
        @Provide(.input) var config: Config
        @Perform func start() {}
      }
      @Component
      struct App {}
      extension App {
        @Provide(.input) var other: Config
      }
      """)
    #expect(
      result.diagnostics == [
        "2:3: error: @Provide declares a member of a @Component; add @Component to the enclosing struct",
        "3:3: error: @Perform declares a member of a @Component; add @Component to the enclosing struct",
        "8:3: error: @Provide must be written in the @Component struct itself, not in an extension: the component reads its members from its declaration",
      ])
  }

  // MARK: - No cascading errors

  @Test func anInvalidComponentGetsStubGettersAndNoConformance() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, Users.init(confg:)) var users: Users
      }
      """)
    #expect(
      result.diagnostics == ["4:32: error: 'confg' is not a member of App; did you mean 'config'?"])
    #expect(
      result.source == """
        struct App {
          var config: Config {
            get {
              _loomRead_config()
            }
          }
          var users: Users {
            get {
              _loomRead_users()
            }
          }

          private func _loomRead_config() -> Config {
            fatalError("App has errors; see the diagnostics of @Component")
          }

          private func _loomRead_users() -> Users {
            fatalError("App has errors; see the diagnostics of @Component")
          }
        }
        """)
  }
}
