import LoomMacrosImplementation
import Testing

// What the component macros do about a wrong component beyond its diagnostic (each message is a
// row of DiagnosticCatalogueTests): they leave to Swift what Swift reports itself, and keep the
// component's API so that nothing else fails.
@Suite struct ComponentDiagnosticsTests {
  /// Hierarchy rules are for loom-graph: written as literals, they change nothing the macros
  /// generate.
  @Test func literalHierarchyRulesExpandTheComponentAsWithout() {
    let plain = expandComponent(
      "@Component\nstruct Leaf {\n  @Provide(.input) var name: String\n}")
    let ruled = expandComponent(
      """
      @Component(parents: ["App", "Settings"], root: false)
      struct Leaf {
        @Provide(.input) var name: String
      }
      """)
    #expect(ruled.diagnostics.isEmpty)
    #expect(ruled.source == plain.source)
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
    #expect(!result.source.contains("has errors"))
  }

  /// Swift reports these before any macro runs, or when it checks the attribute: a second error
  /// from the macro would say the same thing again.
  @Test(arguments: [
    "@Provide(.input) var (config, other): (Config, Config)",
    "@Provide(.input) var config: Config\n  @Provide(.input) var config: Config",
    "@Provide(.input) var config: Config\n  @Perform func config() {}",
    "@Provide(.input) var config: Config\n  @Provide(.shared, with: [\\Self.migrate]) var api: API\n  @Perform func migrate() {}",
  ])
  func whatSwiftReportsGetsNoSecondError(_ members: String) {
    let result = expandComponent("@Component\nstruct App {\n  \(members)\n}")
    #expect(result.diagnostics == [])
    #expect(result.source.contains("App has errors; see the diagnostics of @Component"))
  }

  /// Swift reports a member declared with `let` ("cannot expand accessor macro on variable
  /// declared with 'let'"), with no fix-it: a note beside it offers one.
  @Test func aLetGetsANoteWithTheFixItSwiftDoesNotOffer() {
    let result = expandComponent(
      "@Component\nstruct App {\n  @Provide(.input) let config: Config\n}")
    #expect(
      result.diagnostics == [
        "3:20: note: @Provide gives the member a getter, so it is declared with 'var'"
      ])
    #expect(result.fixIts == ["replace 'let' with 'var'"])
    #expect(
      result.fixedSources == ["@Component\nstruct App {\n  @Provide(.input) var config: Config\n}"])
    #expect(result.source.contains("App has errors; see the diagnostics of @Component"))
  }

  @Test func aKeyPathToANameSwiftMayAcceptIsReportedByTheReadFunction() {
    let result = expandComponent(
      #"""
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, with: [\Self.derived]) var api: API
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source.contains(
        """
          @available(*, unavailable, message: "'derived' is not a member of App; its members are 'config'")
          private func _loomRead_api(_ _loomMake: (LoomMacros::_ComponentStub) -> API) -> API {
        """))
  }

  @Test func anInvalidComponentKeepsItsAPIWithBodiesThatStop() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, factory: { (confg: Config) in Users(confg) }) var users: Users
      }
      """)
    #expect(
      result.diagnostics == ["4:33: error: 'confg' is not a member of App; did you mean 'config'?"])
    #expect(
      result.source == #"""
        struct App {
          var config: Config {
            get {
              _loomRead_config()
            }
          }
          var users: Users {
            get {
              _loomRead_users { (confg: Config) in
                Users(confg)
              }
            }
          }

          struct _LoomInputs: Swift::Sendable {
            init(config: @autoclosure () throws -> Config) rethrows {
            }
          }

          init(config: @autoclosure () throws -> Config, _ _loomConfigure: (inout Overrides) -> Swift::Void = { _ in
            }) rethrows {
            Swift::fatalError("App has errors; see the diagnostics of @Component")
          }

          init(_loomInputs: _LoomInputs, overrides _loomOverrides: Overrides) {
            Swift::fatalError("App has errors; see the diagnostics of @Component")
          }

          func overriding(_ _loomConfigure: (inout Overrides) -> Swift::Void) -> Self {
            Swift::fatalError("App has errors; see the diagnostics of @Component")
          }

          struct Overrides: LoomMacros::ComponentOverrides {
            var users: Users?

            init() {
            }

            var isEmpty: Swift::Bool {
              if self.users != nil {
                return false
              }
              return true
            }

            func merging(_ _loomNewer: Self) -> Self {
              var _loomMerged = self
              if let _loomValue = _loomNewer.users {
                _loomMerged.users = _loomValue
              }
              return _loomMerged
            }
          }

          private func _loomRead_config() -> Config {
            Swift::fatalError("App has errors; see the diagnostics of @Component")
          }

          private func _loomRead_users(_ _loomMake: Any) -> Users {
            Swift::fatalError("App has errors; see the diagnostics of @Component")
          }

          struct Resolved: Swift::Sendable {
            let component: App

            var config: Config {
              Swift::fatalError("App has errors; see the diagnostics of @Component")
            }
            var users: Users {
              Swift::fatalError("App has errors; see the diagnostics of @Component")
            }

            fileprivate init(_ _loomComponent: App) {
              self.component = _loomComponent
            }
          }

          func resolve() async throws(LoomMacros::ComponentError) -> Resolved {
            Swift::fatalError("App has errors; see the diagnostics of @Component")
          }

          func install(into _loomContainer: Loom::Container) {
            Swift::fatalError("App has errors; see the diagnostics of @Component")
          }

          static func _describe(in _loomGraph: inout LoomMacros::_ComponentGraph) {
          }
        }

        extension App: LoomMacros::Component {
        }
        """#)
  }
}
