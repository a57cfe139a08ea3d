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
    "@Provide(.input) let config: Config",
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
          private func _loomRead_api(_ make: (Self) -> API) -> API {
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

          struct _LoomInputs: Sendable {
            init(config: @autoclosure () throws -> Config) rethrows {
            }
          }

          init(config: @autoclosure () throws -> Config, _ configure: (inout Overrides) -> Void = { _ in
            }) rethrows {
            fatalError("App has errors; see the diagnostics of @Component")
          }

          init(_loomInputs inputs: _LoomInputs, overrides: Overrides) {
            fatalError("App has errors; see the diagnostics of @Component")
          }

          func overriding(_ configure: (inout Overrides) -> Void) -> Self {
            fatalError("App has errors; see the diagnostics of @Component")
          }

          struct Overrides: LoomMacros.ComponentOverrides {
            var users: Users?

            init() {
            }

            var isEmpty: Bool {
              if users != nil {
                return false
              }
              return true
            }

            func merging(_ newer: Self) -> Self {
              var merged = self
              if let value = newer.users {
                merged.users = value
              }
              return merged
            }
          }

          private func _loomRead_config() -> Config {
            fatalError("App has errors; see the diagnostics of @Component")
          }

          private func _loomRead_users(_ make: Any) -> Users {
            fatalError("App has errors; see the diagnostics of @Component")
          }

          struct Resolved: Sendable {
            let component: App

            var config: Config {
              fatalError("App has errors; see the diagnostics of @Component")
            }
            var users: Users {
              fatalError("App has errors; see the diagnostics of @Component")
            }

            fileprivate init(_ component: App) {
              self.component = component
            }
          }

          func resolve() async throws(LoomMacros.ComponentError) -> Resolved {
            fatalError("App has errors; see the diagnostics of @Component")
          }

          func install(into container: Loom.Container) {
            fatalError("App has errors; see the diagnostics of @Component")
          }

          static func _describe(in graph: inout LoomMacros._ComponentGraph) {
          }
        }

        extension App: LoomMacros.Component {
        }
        """#)
  }
}
