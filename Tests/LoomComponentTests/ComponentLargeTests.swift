import LoomMacros
import Testing

@Suite struct ComponentLargeTests {
  @Test func aSplitComponentWiresItsMembers() {
    let large = LargeComponent(label: "large")
    #expect(large.label == "large")
    #expect(large.top.inner === large.m64)
    #expect(large.low.inner === large.m0)
    #expect(large.fresh !== large.fresh)
    #expect(large.fresh.inner === large.m64)
  }

  @Test func anOverrideRebuildsWhatDependsOnItAndSharesTheRest() {
    let large = LargeComponent(label: "large")
    let (top, low, m0) = (large.top, large.low, large.m0)
    let replacement = Heavy()
    let copy = large.overriding { $0.m64 = replacement }
    #expect(copy.m64 === replacement)
    #expect(copy.top !== top)
    #expect(copy.top.inner === replacement)
    #expect(copy.low === low)
    #expect(copy.m0 === m0)
    #expect(copy.label == "large")
    #expect(large.top === top)
    #expect(large.m64 !== replacement)
  }

  @Test func theInitializersOverridesReachEveryChunk() {
    let first = Heavy()
    let last = Heavy()
    let large = LargeComponent(label: "large") {
      $0.m0 = first
      $0.m64 = last
    }
    #expect(large.low.inner === first)
    #expect(large.top.inner === last)
  }

  @Test func aSplitComponentResolvesAndGraphsEveryMember() async throws {
    let large = LargeComponent(label: "large")
    let resolved = try await large.resolve()
    #expect(resolved.m40 === large.m40)
    #expect(resolved.top.inner === large.m64)
    let graph = LargeComponent.graph
    #expect(graph.nodes.count == 69)
    #expect(graph.edges.count == 3)
    #expect(graph.validate().isValid)
  }
}
