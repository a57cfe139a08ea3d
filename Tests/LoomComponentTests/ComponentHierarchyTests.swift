import LoomMacros
import Testing

/// The hierarchy rules of `@Component(parents:root:)` are for loom-graph: the macro accepts them
/// and expands the component exactly as without them.
@Component(root: true)
struct HierarchyRoot {
  @Provide(.input) var name: String
  @Child(with: [\Self.name]) var leaf: HierarchyLeaf
}

@Component(parents: ["HierarchyRoot"])
struct HierarchyLeaf {
  @Provide(.input) var name: String
  @Provide(.shared, factory: { (name: String) in name.uppercased() }) var shout: String
}

@Suite struct ComponentHierarchyTests {
  @Test func hierarchyRulesLeaveTheComponentAsItIs() {
    let root = HierarchyRoot(name: "loom")
    #expect(root.leaf.shout == "LOOM")
    #expect(HierarchyRoot.graph.nodes.count == HierarchyRootWithoutRules.graph.nodes.count)
  }
}

@Component
struct HierarchyRootWithoutRules {
  @Provide(.input) var name: String
  @Child(with: [\Self.name]) var leaf: HierarchyLeaf
}
