@_spi(LoomInternals) public import Loom

extension Container {
  /// Writes this container's dependency graph and those of the features declared in it, as one
  /// Mermaid, DOT or text diagram, with an ownership edge from each container to its features.
  ///
  /// Each container is a cluster (a Mermaid `subgraph`, a DOT `cluster`, an indented block of
  /// text) drawn like `DependencyGraph.export(_:)` draws a graph: the container's own cluster
  /// shows its whole `graph`; a feature's cluster shows the registrations of the feature's child
  /// container, and its edges to dependencies of the parent point into the parent's cluster. Each
  /// feature cluster is titled with its name and the assembly that owns it, and an `owns` edge
  /// joins it to its parent's cluster. Features declared inside features are drawn the same way.
  ///
  /// To draw a feature, the export makes a new child container with the feature's assemblies, as
  /// ``makeFeature(_:)`` does; no factory runs, so a closure factory's dependencies appear only
  /// if declared (`dependencies:`) or auto-wired. The same wiring always gives the same text.
  ///
  /// ```swift
  /// let app = Container().install { AppAssembly() }  // declares Feature("Checkout")
  /// print(app.exportFeatureGraph(.mermaid))
  /// // flowchart TD
  /// //   subgraph c0["Container"]
  /// //     c0n0["HTTPClient<br/>singleton"]
  /// //   end
  /// //   subgraph c1["Feature Checkout<br/>owned by AppAssembly"]
  /// //     c1n0["CheckoutModel<br/>transient"]
  /// //   end
  /// //   c1n0 --> c0n0
  /// //   c0 ==>|owns| c1
  /// ```
  ///
  /// - Parameter format: The format to write.
  /// - Returns: The diagram, ending with a newline.
  public func exportFeatureGraph(_ format: GraphFormat) -> String {
    DependencyGraph.export(clusters: FeatureGraphWriter(root: self).clusters, as: format)
  }
}
