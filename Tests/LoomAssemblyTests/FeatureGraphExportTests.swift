@_spi(LoomInternals) import Loom
import LoomAssembly
import Testing

// NB: node labels show what `DependencyGraph.export(_:)` shows after a key, origin included
// (`from ShopAssembly`); the feature export reads it from the core.

/// The app's wiring: a config, a client that needs it, a closure factory, and the "Checkout"
/// feature.
private struct ShopAssembly: Assembly {
  var registrations: Registrations {
    Singleton(Config.self) { _ in Config(label: "shop") }
    Singleton(HTTPClient.self, HTTPClient.init)
    Transient(Request.self) { r in Request(client: try r.tryResolve()) }
  }

  func assemble(into container: Container) {
    registrations.register(into: container)
    container.install { Feature("Checkout") { CartAssembly() } }
  }
}

/// The checkout feature: payments on the app's client, a lazy dependency, a missing key, and a
/// feature of its own.
private struct CartAssembly: Assembly {
  var registrations: Registrations {
    Singleton(Payments.self, Payments.init)
    Transient(CheckoutModel.self, CheckoutModel.init)
    Transient(Notifier.self, Notifier.init)
  }

  func assemble(into container: Container) {
    registrations.register(into: container)
    container.install { Feature("Receipt \"PDF\"") { ReceiptPrinter() } }
  }
}

/// A feature inside the checkout feature.
private struct ReceiptPrinter: Assembly {
  var registrations: Registrations {
    Transient(Receipt.self, Receipt.init)
  }
}

/// An empty feature, declared outside any assembly.
private struct SearchAssembly: Assembly {}

@Suite struct FeatureGraphExportTests {
  let shop: Container

  init() {
    shop = Container().install {
      ShopAssembly()
      Feature("Search") { SearchAssembly() }
    }
    // Runs the closure factory once, so its edge is observed.
    _ = shop.resolve(Request.self)
  }

  @Test func mermaidDrawsEachContainerAsASubgraphWithOwnershipEdges() {
    #expect(
      shop.exportFeatureGraph(.mermaid) == """
        flowchart TD
          subgraph c0["Container"]
            c0n0["Config<br/>singleton, from ShopAssembly"]
            c0n1["HTTPClient<br/>singleton, from ShopAssembly"]
            c0n2["Request<br/>transient, from ShopAssembly"]
          end
          subgraph c1["Feature Checkout<br/>owned by ShopAssembly"]
            c1n0["CheckoutModel<br/>transient, from CartAssembly"]
            c1n1["Notifier<br/>transient, from CartAssembly"]
            c1n2["Payments<br/>singleton, from CartAssembly"]
            c1n3["any APIClient<br/>missing"]:::open
          end
          subgraph c2["Feature Receipt #quot;PDF#quot;<br/>owned by CartAssembly"]
            c2n0["Receipt<br/>transient, from ReceiptPrinter"]
          end
          subgraph c3["Feature Search"]
          end
          c0n1 --> c0n0
          c0n2 -->|observed| c0n1
          c1n0 --> c1n2
          c1n0 --> c1n3
          c1n1 -.-> c1n2
          c1n2 --> c0n1
          c2n0 --> c1n0
          c0 ==>|owns| c1
          c1 ==>|owns| c2
          c0 ==>|owns| c3
          classDef open stroke-dasharray: 4 4

        """)
  }

  @Test func dotDrawsEachContainerAsAClusterWithOwnershipEdges() {
    #expect(
      shop.exportFeatureGraph(.dot) == #"""
        digraph Loom {
          compound=true;
          node [shape=box];
          subgraph cluster_c0 {
            label="Container";
            c0 [shape=point, style=invis];
            c0n0 [label="Config\nsingleton, from ShopAssembly"];
            c0n1 [label="HTTPClient\nsingleton, from ShopAssembly"];
            c0n2 [label="Request\ntransient, from ShopAssembly"];
          }
          subgraph cluster_c1 {
            label="Feature Checkout\nowned by ShopAssembly";
            c1 [shape=point, style=invis];
            c1n0 [label="CheckoutModel\ntransient, from CartAssembly"];
            c1n1 [label="Notifier\ntransient, from CartAssembly"];
            c1n2 [label="Payments\nsingleton, from CartAssembly"];
            c1n3 [label="any APIClient\nmissing", style=dashed];
          }
          subgraph cluster_c2 {
            label="Feature Receipt \"PDF\"\nowned by CartAssembly";
            c2 [shape=point, style=invis];
            c2n0 [label="Receipt\ntransient, from ReceiptPrinter"];
          }
          subgraph cluster_c3 {
            label="Feature Search";
            c3 [shape=point, style=invis];
          }
          c0n1 -> c0n0;
          c0n2 -> c0n1 [label="observed"];
          c1n0 -> c1n2;
          c1n0 -> c1n3;
          c1n1 -> c1n2 [style=dashed];
          c1n2 -> c0n1;
          c2n0 -> c1n0;
          c0 -> c1 [ltail=cluster_c0, lhead=cluster_c1, style=bold, label="owns"];
          c1 -> c2 [ltail=cluster_c1, lhead=cluster_c2, style=bold, label="owns"];
          c0 -> c3 [ltail=cluster_c0, lhead=cluster_c3, style=bold, label="owns"];
        }

        """#)
  }

  @Test func textNestsEachFeatureUnderItsOwner() {
    #expect(
      shop.exportFeatureGraph(.text) == """
        Container
          Request (transient, from ShopAssembly)
          └─ HTTPClient (singleton, from ShopAssembly) [observed]
             └─ Config (singleton, from ShopAssembly)
          Feature Checkout (owned by ShopAssembly)
            CheckoutModel (transient, from CartAssembly)
            ├─ Payments (singleton, from CartAssembly)
            │  └─ HTTPClient (singleton, 1 container up, from ShopAssembly)
            └─ any APIClient (missing)
            Notifier (transient, from CartAssembly)
            └─ Payments (singleton, from CartAssembly) [deferred] (see above)
            Feature Receipt "PDF" (owned by CartAssembly)
              Receipt (transient, from ReceiptPrinter)
              └─ CheckoutModel (transient, 1 container up, from CartAssembly)
          Feature Search

        """)
  }

  @Test func theRootClusterIsTheContainersOwnGraph() {
    let plain = Container().install { NetworkAssembly() }
    let export = plain.exportFeatureGraph(.text)
    let graph = plain.graph.export(.text)
    #expect(export == "Container\n" + graph.split(separator: "\n").map { "  \($0)\n" }.joined())
  }

  @Test func theSameWiringAlwaysGivesTheSameExport() {
    for format in GraphFormat.allCases {
      let again = Container().install {
        ShopAssembly()
        Feature("Search") { SearchAssembly() }
      }
      _ = again.resolve(Request.self)
      #expect(again.exportFeatureGraph(format) == shop.exportFeatureGraph(format))
    }
  }

  @Test func exportingRunsNoFeatureFactory() {
    let ran = Lock(false)
    let container = Container().install {
      Feature("Probe") { ProbeAssembly(ran: ran) }
    }
    _ = container.exportFeatureGraph(.text)
    #expect(ran.withLock { $0 } == false)
  }
}

/// Records whether its factory ran.
private struct ProbeAssembly: Assembly {
  let ran: Lock<Bool>
  var registrations: Registrations {
    Singleton(Config.self) { [ran] _ in
      ran.withLock { $0 = true }
      return Config(label: "probe")
    }
  }
}
