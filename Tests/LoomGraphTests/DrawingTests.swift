import Foundation
@_spi(LoomInternals) import Loom
import Testing

@testable import LoomGraph

/// The app's graph as loom-graph draws it, through the core's exporter.
@Suite struct DrawingTests {
  @Test func theTextGraphShowsComponentsContainerAndWhatIsNotSeen() {
    let run = Fixture.run(["--root", Fixture.shop, "--target", "App"])

    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(
      run.output == #"""
        Container
          OrderService (singleton)
          ├─ Basket (transient, from ShopAssembly)
          │  ├─ Catalog (singleton, from ShopAssembly)
          │  └─ \.analytics (singleton)
          ├─ Mailer (singleton, from ServicesModule)
          │  └─ Catalog (singleton, from ShopAssembly)
          └─ any PaymentGateway (singleton, binding)
             └─ StripeGateway (transient)
        AppComponent
          CheckoutComponent (name: "AppComponent.checkout") (singleton)
          ├─ any PaymentGateway (name: "AppComponent.gateway") (singleton)
          └─ String (name: "AppComponent.sessionToken") (singleton)
          ReceiptPrinter (name: "AppComponent.receipts") (singleton)
          └─ String (name: "AppComponent.sessionToken") (singleton)
          CheckoutComponent (child 'checkout')
            PaymentComponent (name: "CheckoutComponent.payment") (singleton)
            ├─ any PaymentGateway (name: "CheckoutComponent.gateway") (singleton)
            │  └─ any PaymentGateway (name: "AppComponent.gateway") (singleton, 1 container up)
            └─ String (name: "CheckoutComponent.sessionToken") (singleton)
               └─ String (name: "AppComponent.sessionToken") (singleton, 1 container up)
            PaymentComponent (child 'payment')
              Charger (name: "PaymentComponent.charger") (singleton)
              ├─ any PaymentGateway (name: "PaymentComponent.gateway") (singleton)
              │  └─ any PaymentGateway (name: "CheckoutComponent.gateway") (singleton, 1 container up)
              └─ String (name: "PaymentComponent.token") (singleton)
                 └─ String (name: "CheckoutComponent.sessionToken") (singleton, 1 container up)

        Not seen (loom-graph cannot read these without running the app):
          Sources/App/main.swift:11:13: register(type, …) takes its key from an expression evaluated at run time

        """#)
  }

  @Test func theToolDrawsWithTheCoresClusteredExportABoxPerComponentAndChild() {
    let scan = PackageScanner.scan(
      PackageLayout(
        modules: ["ShopKit", "Checkout", "App"].map {
          PackageLayout.Module(name: $0, directories: ["\(Fixture.shop)/Sources/\($0)"])
        }))
    let app = AppGraph(scan: scan)
    let run = Fixture.run(["--root", Fixture.shop, "--target", "App", "--format", "mermaid"])

    #expect(run.status == 0)
    let core = DependencyGraph.export(clusters: app.clusters(), as: .mermaid)
    #expect(run.output.hasPrefix(core.replacing("\(Fixture.shop)/", with: "")))
    #expect(
      run.output.hasSuffix(
        "%% not seen: Sources/App/main.swift:11:13: register(type, …) takes its key from an"
          + " expression evaluated at run time\n"))
    #expect(
      app.clusters().map(\.title) == [
        "Container", "AppComponent", "CheckoutComponent", "PaymentComponent",
      ])
    #expect(app.clusters().map(\.owner) == [nil, nil, 1, 2])
  }

  @Test func rootPruningDrawsOnlyWhatAComponentReaches() {
    let run = Fixture.run(
      [
        "--root", Fixture.shop, "--target", "App", "--format", "dot", "--root-pruning",
        "PaymentComponent",
      ])

    #expect(run.status == 0)
    #expect(
      run.output == #"""
        digraph Loom {
          compound=true;
          node [shape=box];
          subgraph cluster_c0 {
            label="AppComponent";
            c0 [shape=point, style=invis];
            c0n0 [label="any PaymentGateway (name: \"AppComponent.gateway\")\nsingleton"];
            c0n1 [label="String (name: \"AppComponent.sessionToken\")\nsingleton"];
          }
          subgraph cluster_c1 {
            label="CheckoutComponent\nchild 'checkout'";
            c1 [shape=point, style=invis];
            c1n0 [label="any PaymentGateway (name: \"CheckoutComponent.gateway\")\nsingleton"];
            c1n1 [label="String (name: \"CheckoutComponent.sessionToken\")\nsingleton"];
          }
          subgraph cluster_c2 {
            label="PaymentComponent\nchild 'payment'";
            c2 [shape=point, style=invis];
            c2n0 [label="Charger (name: \"PaymentComponent.charger\")\nsingleton"];
            c2n1 [label="any PaymentGateway (name: \"PaymentComponent.gateway\")\nsingleton"];
            c2n2 [label="String (name: \"PaymentComponent.token\")\nsingleton"];
          }
          c1n0 -> c0n0;
          c1n1 -> c0n1;
          c2n0 -> c2n1;
          c2n0 -> c2n2;
          c2n1 -> c1n0;
          c2n2 -> c1n1;
          c0 -> c1 [ltail=cluster_c0, lhead=cluster_c1, style=bold, label="owns"];
          c1 -> c2 [ltail=cluster_c1, lhead=cluster_c2, style=bold, label="owns"];
        }
        // not seen: Sources/App/main.swift:11:13: register(type, …) takes its key from an expression evaluated at run time

        """#)
  }

  @Test func rootPruningByKeyKeepsThatKeyAndWhatItNeeds() {
    let run = Fixture.run(
      ["--root", Fixture.shop, "--target", "App", "--root-pruning", "Mailer"])

    #expect(run.status == 0)
    #expect(
      run.output.hasPrefix(
        "Container\n  Mailer (singleton, from ServicesModule)\n"
          + "  └─ Catalog (singleton, from ShopAssembly)\n\n"))
  }

  @Test func theGraphGoesToTheOutputFileAsItWouldBePrinted() throws {
    try Fixture.withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("shop.mmd").path
      let printed = GraphTool.run(
        ["--root", Fixture.shop, "--target", "App", "--format", "mermaid"],
        environment: Fixture.environment)
      let written = GraphTool.run(
        ["--root", Fixture.shop, "--target", "App", "--format", "mermaid", "--output", file],
        environment: Fixture.environment)

      #expect(written.status == 0)
      #expect(written.output == "")
      let text = try String(contentsOfFile: file, encoding: .utf8)
      #expect(text == printed.output)
    }
  }

  // MARK: - Pictures

  /// Writes an executable `dot` into `folder` that runs `script` (a stand-in for Graphviz, which
  /// the tests do not need: the core's DOT export is what a picture is drawn from).
  private static func installDot(_ script: String, in folder: URL) throws {
    let file = folder.appendingPathComponent("dot")
    try "#!/bin/sh\n\(script)\n".write(to: file, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
  }

  @Test(arguments: ["svg", "png"])
  func aPictureIsTheDotExportHandedToGraphviz(format: String) throws {
    try Fixture.withTemporaryFolder { folder in
      // Records its options, then the DOT file it is given, into the file after -o.
      try Self.installDot(#"{ echo "$1 $2"; /bin/cat "$4"; } > "$3""#, in: folder)
      let picture = folder.appendingPathComponent("shop.\(format)").path
      let dot = GraphTool.run(
        Fixture.modules + ["--target", "App", "--format", "dot"], environment: [:])
      let run = Fixture.run(
        Fixture.modules + ["--target", "App", "--format", format, "--output", picture],
        environment: ["PATH": folder.path])

      #expect(run == GraphTool.Run(status: 0, output: "", errors: ""))
      let drawn = try String(contentsOfFile: picture, encoding: .utf8)
      #expect(drawn == "-T\(format) -o\n" + dot.output)
    }
  }

  @Test func aGraphvizFailureIsReportedWithItsMessageAndExitsOne() throws {
    try Fixture.withTemporaryFolder { folder in
      // It exits without reading its input, which must not end loom-graph (SIGPIPE).
      try Self.installDot("echo 'Error: syntax error in line 1' >&2; exit 3", in: folder)
      let run = Fixture.run(
        Fixture.modules + [
          "--format", "svg", "--output", folder.appendingPathComponent("a.svg").path,
        ],
        environment: ["PATH": folder.path])

      #expect(run.status == 1)
      #expect(run.output == "")
      #expect(
        run.errors
          == "loom-graph: Graphviz's `dot` failed (exit status 3): Error: syntax error in line 1\n")
    }
  }
}
