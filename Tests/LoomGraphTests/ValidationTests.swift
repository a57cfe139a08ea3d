import Foundation
import Testing

@testable import LoomGraph

/// `loom-graph --validate` over the fixture: every problem at its `file:line:column`, the exit
/// status, and what it cannot see.
@Suite struct ValidationTests {
  @Test func everyProblemOfThePackageIsReportedWhereItIsAndTheStatusIsOne() {
    let run = Fixture.run(["--root", Fixture.shop, "--validate"])

    #expect(run.status == 1)
    #expect(run.errors == "")
    #expect(
      run.output == #"""
        Sources/Broken/AuditWiring.swift:8:15: error: dependency cycle: AuditLog → AuditStore → AuditLog; break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
        Sources/Broken/AuditStore.swift:10:13: note: AuditStore is declared here
        Sources/Broken/BackgroundComponent.swift:13:22: warning: ReportsComponent names 'SettingsComponnt' as a parent, which is not a @Component loom-graph found; did you mean 'SettingsComponent'?
        Sources/Broken/SettingsComponent.swift:10:3: error: SettingsComponent mounts PaymentComponent as child 'payment', but only CheckoutComponent may mount PaymentComponent; mount it there, or list "SettingsComponent" in its @Component(parents:)
        Sources/ShopKit/PaymentComponent.swift:4:22: note: PaymentComponent lists its parents here
        Sources/Broken/SettingsComponent.swift:12:3: error: SettingsComponent mounts BackgroundComponent as child 'background', but BackgroundComponent is a root component that no component may mount; remove the child, or remove root: true from BackgroundComponent
        Sources/Broken/BackgroundComponent.swift:4:12: note: BackgroundComponent is declared a root here
        Sources/Broken/SettingsComponent.swift:14:3: error: SettingsComponent mounts ReportsComponent as child 'reports', but only SettingsComponnt may mount ReportsComponent; mount it there, or list "SettingsComponent" in its @Component(parents:)
        Sources/Broken/BackgroundComponent.swift:13:22: note: ReportsComponent lists its parents here
        Sources/Legacy/LegacyGateway.swift:6:1: error: a second @Bind for any PaymentGateway: LegacyGateway and StripeGateway both bind it, and the app stops with DiscoveryError when Container.default installs them; keep one @Bind
        Sources/Checkout/StripeGateway.swift:5:1: note: StripeGateway binds any PaymentGateway here
        Sources/Miswired/LoopComponents.swift:8:3: error: component cycle: LoopA → LoopB → LoopA; each would build the next without end; remove one of these children
        Sources/Miswired/LoopComponents.swift:15:3: note: LoopB mounts LoopA as child 'a' here
        Sources/Miswired/QuickPayComponent.swift:8:3: error: QuickPayComponent mounts PaymentComponent as child 'payment', but only CheckoutComponent may mount PaymentComponent; mount it there, or list "QuickPayComponent" in its @Component(parents:)
        Sources/ShopKit/PaymentComponent.swift:4:22: note: PaymentComponent lists its parents here
        Sources/Miswired/QuickPayComponent.swift:8:3: error: child 'payment' of QuickPayComponent gets no value for input 'token' of PaymentComponent; add "token": \Self.<member> to its bindings:
        Sources/ShopKit/PaymentComponent.swift:9:3: note: PaymentComponent declares input 'token' here
        Sources/Miswired/QuickPayComponent.swift:8:44: error: child 'payment' of QuickPayComponent wires 'tokn', which is not an input of PaymentComponent (its inputs: gateway, token); did you mean 'token'?
        Sources/ShopKit/PaymentComponent.swift:5:15: note: PaymentComponent is declared here
        Sources/App/main.swift:11:13: note: not seen: register(type, …) takes its key from an expression evaluated at run time
        loom-graph: 9 modules, 18 files: 9 errors, 1 warning, 1 not seen.

        """#)
  }

  @Test func theAppAndWhatItDependsOnValidateCleanlyWithStatusZero() {
    let run = Fixture.run(["--root", Fixture.shop, "--target", "App", "--validate"])

    #expect(run.status == 0)
    #expect(
      run.output == """
        Sources/App/main.swift:11:13: note: not seen: register(type, …) takes its key from an expression evaluated at run time
        loom-graph: 3 modules, 7 files: no errors, no warnings, 1 not seen.

        """)
  }

  @Test func theBuildPluginsRunReportsOnlyItsModulesProblemsAndWritesNoStampOnFailure() throws {
    try Fixture.withTemporaryFolder { folder in
      let stamp = folder.appendingPathComponent("LoomGraphValidation.swift").path
      let run = Fixture.run(
        Fixture.modules + ["--validate", "--report-module", "Legacy", "--stamp", stamp])

      #expect(run.status == 1)
      #expect(
        run.output == """
          Sources/Legacy/LegacyGateway.swift:6:1: error: a second @Bind for any PaymentGateway: LegacyGateway and StripeGateway both bind it, and the app stops with DiscoveryError when Container.default installs them; keep one @Bind
          Sources/Checkout/StripeGateway.swift:5:1: note: StripeGateway binds any PaymentGateway here

          """)
      #expect(!FileManager.default.fileExists(atPath: stamp))
    }
  }

  @Test func aCleanModuleGetsItsStampAndPrintsNothingButWhatItCannotSee() throws {
    try Fixture.withTemporaryFolder { folder in
      let stamp = folder.appendingPathComponent("LoomGraphValidation.swift").path
      for module in ["Checkout", "App"] {
        let run = Fixture.run(
          Fixture.modules + ["--validate", "--report-module", module, "--stamp", stamp])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(
          run.output
            == (module == "App"
              ? "Sources/App/main.swift:11:13: note: not seen: register(type, …) takes its key"
                + " from an expression evaluated at run time\n" : ""))
      }
      let text = try String(contentsOfFile: stamp, encoding: .utf8)
      #expect(text == "// Checked by loom-graph (LoomGraphValidation): no problems.\n")
    }
  }

  @Test(arguments: ["off", "0", "OFF", "no"])
  func theSwitchVariableTurnsThePluginsValidationOff(value: String) throws {
    try Fixture.withTemporaryFolder { folder in
      let stamp = folder.appendingPathComponent("LoomGraphValidation.swift").path
      let run = Fixture.run(
        Fixture.modules + ["--validate", "--report-module", "Broken", "--stamp", stamp],
        environment: [GraphTool.switchVariable: value])

      #expect(run == GraphTool.Run(status: 0, output: "", errors: ""))
      let text = try String(contentsOfFile: stamp, encoding: .utf8)
      #expect(text.contains("validation is off (LOOM_GRAPH_VALIDATION=\(value))"))
    }
  }

  @Test func anIgnoreCommentSilencesTheDeclarationBelowIt() throws {
    try Fixture.withTemporaryFolder { folder in
      let source = """
        import LoomMacros

        @Component(parents: ["Nowhere"])
        struct Leaf {}

        // loom-graph:ignore (a migration in progress)
        @Component
        struct Parent {
          @Child var leaf: Leaf
        }
        """
      try source.write(
        to: folder.appendingPathComponent("Leaf.swift"), atomically: true, encoding: .utf8)
      let run = GraphTool.run(
        ["--module", "Feature=\(folder.path)", "--validate"], environment: [:])

      #expect(run.status == 0)
      #expect(
        run.output == """
          \(folder.path)/Leaf.swift:3:22: warning: Leaf names 'Nowhere' as a parent, which is not a @Component loom-graph found
          loom-graph: 1 module, 1 file: no errors, 1 warning, 0 not seen.

          """)
    }
  }

  /// `.session` and `.flow` are LoomSession's own lifetimes, ranked below a singleton and a
  /// session; a lifetime loom-graph does not know is never reported as captive.
  @Test func sessionAndFlowRankAsLoomSessionRanksThem() throws {
    try Fixture.withTemporaryFolder { folder in
      let source = """
        import Loom
        import LoomSession

        func wire(_ container: Container) {
          container.register(Cart.self, lifetime: .flow) { _ in Cart() }
          container.register(Profile.self, lifetime: .session) { r in Profile(try r.tryResolve(Cart.self)) }
          container.register(Store.self, lifetime: .singleton) { r in Store(try r.tryResolve(Profile.self)) }
          container.register(Log.self, lifetime: .perRequest) { _ in Log() }
          container.register(Audit.self, lifetime: .singleton) { r in Audit(try r.tryResolve(Log.self)) }
        }
        """
      try source.write(
        to: folder.appendingPathComponent("Wiring.swift"), atomically: true, encoding: .utf8)
      let run = GraphTool.run(
        ["--module", "Feature=\(folder.path)", "--validate"], environment: [:])

      #expect(run.status == 1)
      let errors = run.output.split(separator: "\n").filter { $0.contains(": error: ") }
      #expect(errors.count == 2)
      #expect(
        errors.first?.contains(
          "Wiring.swift:6:13: error: Profile (session) holds Cart (flow) captive") == true)
      #expect(
        errors.last?.contains(
          "Wiring.swift:7:13: error: Store (singleton) holds Profile (session) captive") == true)
    }
  }
}
