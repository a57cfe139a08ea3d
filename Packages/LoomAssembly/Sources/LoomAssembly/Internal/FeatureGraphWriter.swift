@_spi(LoomInternals) import Loom

/// What `Container.exportFeatureGraph(_:)` draws: one cluster per container (the root, then each
/// feature depth first, in declaration order), drawn by the core's exporter.
struct FeatureGraphWriter {
  /// A container and its feature children, each a cluster of the core's exporter.
  private(set) var clusters: [DependencyGraph.Cluster] = []

  init(root: Container) {
    collect(root, title: "Container", owner: nil, parent: nil, names: [])
  }

  /// Adds `container`'s cluster, then those of the features declared in it.
  private mutating func collect(
    _ container: Container, title: String, owner: String?, parent: Int?, names: [String]
  ) {
    let index = clusters.count
    clusters.append(
      DependencyGraph.Cluster(
        title, subtitle: owner.map { "owned by \($0)" }, graph: container.graph,
        owner: parent))
    let features = AssemblyLedger.existing(for: container)?.features ?? []
    // NB: a feature that declares itself again, directly or not, is drawn once.
    for feature in features where !names.contains(feature.name) {
      collect(
        container.makeFeatureChild(feature), title: "Feature \(feature.name)",
        owner: feature.owner, parent: index, names: names + [feature.name])
    }
  }
}
