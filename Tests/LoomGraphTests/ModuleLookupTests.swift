import Foundation
import Testing

@testable import LoomGraph

/// Components told apart by module and name, each child's type looked up as Swift looks it up
/// from its file; each finding once; `// loom-graph:ignore` wherever a finding lands.
@Suite struct ModuleLookupTests {
  /// Runs `loom-graph --validate` over `modules` (name → file name → source), each module a
  /// folder; paths are printed relative to the temporary folder.
  static func validate(_ modules: [String: [String: String]], arguments: [String] = []) throws
    -> GraphTool.Run
  {
    try Fixture.withTemporaryFolder { folder in
      var moduleArguments: [String] = []
      for (module, files) in modules.sorted(by: { $0.key < $1.key }) {
        let directory = folder.appendingPathComponent(module)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, source) in files {
          try source.write(
            to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        moduleArguments += ["--module", "\(module)=\(directory.path)"]
      }
      var run = GraphTool.run(moduleArguments + ["--validate"] + arguments, environment: [:])
      run.output = run.output.replacing("\(folder.path)/", with: "")
      return run
    }
  }

  static func feature(_ input: String, public: Bool = true) -> String {
    let access = `public` ? "public " : ""
    return """
      public import LoomMacros
      @Component
      \(access)struct FeatureComponent {
        @Provide(.input) \(access)var \(input): String
      }
      """
  }

  @Test func theShopsAccountMountsTheFeatureComponentItsFileImports() {
    // Onboarding declares a FeatureComponent too, first in the scan: the child is Profile's.
    let run = Fixture.run(Fixture.modules + ["--validate", "--report-module", "Account"])

    #expect(run == GraphTool.Run(status: 0, output: "", errors: ""))
  }

  @Test func aChildIsTheComponentOfTheModuleItsFileImports() throws {
    let run = try Self.validate([
      "Alpha": ["Feature.swift": Self.feature("step")],
      "Beta": ["Feature.swift": Self.feature("user")],
      "App": [
        "App.swift": """
        import Beta
        import LoomMacros
        @Component
        struct AppComponent {
          @Provide(.input) var user: String
          @Child(with: [\\Self.user]) var feature: FeatureComponent
        }
        """
      ],
    ])

    #expect(run.status == 0)
    #expect(run.output == "loom-graph: 3 modules, 3 files: no errors, no warnings, 0 not seen.\n")
  }

  @Test func theOwnModuleShadowsAnImportAndAModuleNameChoosesOne() throws {
    let run = try Self.validate([
      "Alpha": ["Feature.swift": Self.feature("step")],
      "App": [
        "Feature.swift": Self.feature("user", public: false),
        "App.swift": """
        import Alpha
        import LoomMacros
        @Component
        struct AppComponent {
          @Provide(.input) var user: String
          @Provide(.input) var step: String
          @Child(with: [\\Self.user]) var own: FeatureComponent
          @Child(with: [\\Self.step]) var other: Alpha.FeatureComponent
        }
        """,
      ],
    ])

    #expect(run.status == 0)
    #expect(run.output == "loom-graph: 2 modules, 3 files: no errors, no warnings, 0 not seen.\n")
  }

  @Test func aTypeNestedBesideTheParentComesFirst() throws {
    let run = try Self.validate([
      "App": [
        "App.swift": """
        import LoomMacros
        @Component
        struct FeatureComponent {
          @Provide(.input) var step: String
        }
        enum Settings {
          @Component
          struct FeatureComponent {
            @Provide(.input) var user: String
          }
          @Component
          struct ScreenComponent {
            @Provide(.input) var user: String
            @Child(with: [\\Self.user]) var feature: FeatureComponent
          }
        }
        """
      ]
    ])

    #expect(run.status == 0)
    #expect(run.output == "loom-graph: 1 module, 1 file: no errors, no warnings, 0 not seen.\n")
  }

  @Test func twoImportedComponentsOfOneNameAreNotCheckedAndSaySo() throws {
    let run = try Self.validate([
      "Alpha": ["Feature.swift": Self.feature("step")],
      "Beta": ["Feature.swift": Self.feature("user")],
      "App": [
        "App.swift": """
        import Alpha
        import Beta
        import LoomMacros
        @Component
        struct AppComponent {
          @Provide(.input) var user: String
          @Child(with: [\\Self.user]) var feature: FeatureComponent
        }
        """
      ],
    ])

    #expect(run.status == 0)
    #expect(
      run.output == """
        App/App.swift:7:3: note: not seen: child 'feature' of AppComponent: FeatureComponent is declared in Alpha and Beta, which AppComponent's file imports; loom-graph does not check which one it is (name it with its module)
        loom-graph: 3 modules, 3 files: no errors, no warnings, 1 not seen.

        """)
  }

  @Test func componentsOfOneNameAreDrawnUnderTheirModule() throws {
    try Fixture.withTemporaryFolder { folder in
      for (module, input) in [("Alpha", "step"), ("Beta", "user")] {
        let directory = folder.appendingPathComponent(module)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.feature(input).write(
          to: directory.appendingPathComponent("Feature.swift"), atomically: true,
          encoding: .utf8)
      }
      let run = GraphTool.run(
        ["--module", "Alpha=\(folder.path)/Alpha", "--module", "Beta=\(folder.path)/Beta"],
        environment: [:])

      #expect(run.status == 0)
      #expect(
        run.output == """
          Container
          Alpha.FeatureComponent
            String (name: "Alpha.FeatureComponent.step") (singleton)
          Beta.FeatureComponent
            String (name: "Beta.FeatureComponent.user") (singleton)

          """)
    }
  }

  // MARK: - Each finding once, ignored wherever it lands

  @Test func componentsThatMountEachOtherWithInputsAreOneCycle() throws {
    let run = try Self.validate([
      "App": [
        "Loop.swift": """
        import LoomMacros
        @Component
        struct LoopA {
          @Provide(.input) var token: String
          @Child(with: [\\Self.token]) var b: LoopB
        }
        @Component
        struct LoopB {
          @Provide(.input) var token: String
          @Child(with: [\\Self.token]) var a: LoopA
        }
        """
      ]
    ])

    #expect(run.status == 1)
    #expect(
      run.output == """
        App/Loop.swift:5:3: error: component cycle: LoopA → LoopB → LoopA; each would build the next without end; remove one of these children
        App/Loop.swift:10:3: note: LoopB mounts LoopA as child 'a' here
        loom-graph: 1 module, 1 file: 1 error, no warnings, 0 not seen.

        """)
  }

  @Test(arguments: ["LoopA", "LoopB"])
  func anIgnoreCommentOnEitherSideSilencesTheCycle(ignored: String) throws {
    let ignore = { (name: String) in name == ignored ? "// loom-graph:ignore\n" : "" }
    let run = try Self.validate([
      "App": [
        "Loop.swift": """
        import LoomMacros
        \(ignore("LoopA"))@Component
        struct LoopA {
          @Child var b: LoopB
        }
        \(ignore("LoopB"))@Component
        struct LoopB {
          @Child var a: LoopA
        }
        """
      ]
    ])

    #expect(run.status == 0)
    #expect(run.output == "loom-graph: 1 module, 1 file: no errors, no warnings, 0 not seen.\n")
  }

  @Test func anIgnoreCommentOnTheOtherModuleSilencesAFindingInThisOne() throws {
    let run = try Self.validate(
      [
        "Kit": [
          "Payment.swift": """
          public import LoomMacros
          // loom-graph:ignore (QuickPay mounts it while it moves to Checkout)
          @Component(parents: ["CheckoutComponent"])
          public struct PaymentComponent {}
          """
        ],
        "App": [
          "QuickPay.swift": """
          import Kit
          import LoomMacros
          @Component
          struct QuickPayComponent {
            @Child var payment: PaymentComponent
          }
          """
        ],
      ], arguments: ["--report-module", "App"])

    #expect(run == GraphTool.Run(status: 0, output: "", errors: ""))
  }

  // MARK: - Targets without Swift sources

  @Test func aTargetOfCSourcesIsNotAModule() throws {
    let layout = try PackageLayout.read(
      root: Fixture.shop, searchPath: Fixture.environment["PATH"])

    #expect(!layout.modules.contains { $0.name == "CProbe" })
    #expect(layout.modules.contains { $0.name == "Profile" })
  }
}
