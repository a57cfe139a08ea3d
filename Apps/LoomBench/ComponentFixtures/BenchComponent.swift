public import BenchFixtures
public import LoomMacros

/// The component of the `component.shared` and `component.transient.chain3` cases: one shared
/// member, read again once built, and a chain of three transient members made on every read.
///
/// It lives in a module of its own, like the `baseline.closure` fixture, so that the benchmark
/// reads the members through the component's getters across a module boundary, as an app does.
///
/// ```swift
/// let component = BenchComponent()
/// let service = component.service
/// let top = component.top  // a new Top(middle: Middle(leaf: Leaf())) on every read
/// ```
@Component
public struct BenchComponent {
  /// The shared member.
  @Provide(.shared, factory: { () in Service(id: 1) }) public var service: Service
  /// The end of the transient chain.
  @Provide(.transient, with: []) public var leaf: Leaf
  /// The middle of the transient chain, made from a new ``leaf``.
  @Provide(.transient, with: [\Self.leaf]) public var middle: Middle
  /// The top of the transient chain, made from a new ``middle``: the runtime container's
  /// `transient.chain3`, as a component.
  @Provide(.transient, with: [\Self.middle]) public var top: Top
}
