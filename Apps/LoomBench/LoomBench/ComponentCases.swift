import BenchFixtures
import ComponentBenchFixtures
import Loom
import LoomMacros

// The compile-time component cases, each beside the runtime container's counterpart:
// - `component.shared`: a built shared member read again through the component's getter, from
//   another module (the container's counterpart is `singleton.type`);
// - `component.transient.chain3`: a transient `Top` made from transient `Middle` and `Leaf`
//   members on every read; its ratio divides by `transient.chain3`, the same chain resolved from a
//   container;
// - `component.resolve.1000`: one `resolve()` of a fresh component of 1,000 async shared members
//   that sleep 1 ms each, the DAG of `bootstrap.1000` (same generator, same seed); its ratio
//   divides the wall time by the DAG's critical path, `diag.component.criticalPath`;
// - `component.resolve.1000.vsBootstrap`: the same samples over `bootstrap.1000`, the runtime
//   container bootstrapping the same DAG;
// - `component.sequential.1000`: the same component built with no concurrency, its members read
//   one after the other (through `install(into:)`), over the critical path.

enum ComponentBench {
  static let cases = [
    CaseInfo("component.shared", goal: .ratioAtMost(2)),
    CaseInfo("component.transient.chain3", vs: "transient.chain3"),
    // Wall time of one resolve() over its critical path, as for bootstrap.1000.
    CaseInfo("component.resolve.1000", vs: "diag.component.criticalPath", goal: .ratioAtMost(2)),
    CaseInfo("component.resolve.1000.vsBootstrap", vs: "bootstrap.1000"),
    CaseInfo("component.sequential.1000", vs: "diag.component.criticalPath"),
    CaseInfo("diag.component.criticalPath", diagnostic: true),
  ]

  static func runners() -> [any Runner] {
    let component = BenchComponent()
    _ = component.service  // built before timing: the case reads it again
    return [
      LoopRunner("component.shared") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(component.service) }
        return bits
      },
      LoopRunner("component.transient.chain3") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(component.top) }
        return bits
      },
      ComponentResolveRunner(),
      ComponentSequentialRunner(),
    ]
  }

  /// How many members ``ThousandComponent`` has.
  static let memberCount = ThousandComponent.graph.nodes.count

  /// The longest chain of ``ThousandComponent``'s members, in sleeps, from its graph.
  static let criticalPath: Int = {
    let graph = ThousandComponent.graph
    var dependencies: [String: [String]] = [:]
    for edge in graph.edges {
      dependencies[edge.from.name ?? "", default: []].append(edge.to.name ?? "")
    }
    // Members are declared after what they need, so one pass in declaration order suffices.
    var depth: [String: Int] = [:]
    for index in 0..<graph.nodes.count {
      let name = "n\(index)"
      depth[name] = 1 + (dependencies[name, default: []].compactMap { depth[$0] }.max() ?? 0)
    }
    precondition(
      graph.nodes.allSatisfy { depth[$0.key.name ?? ""] != nil },
      "ThousandComponent's members are not n0 ... n\(graph.nodes.count - 1)")
    return depth.values.max() ?? 0
  }()
}

/// One `resolve()` of a fresh ``ThousandComponent`` (made before timing) per sample.
struct ComponentResolveRunner: Runner {
  var cases: [String] {
    ["component.resolve.1000", "component.resolve.1000.vsBootstrap", "diag.component.criticalPath"]
  }

  mutating func calibrate(toward nanoseconds: Double) {
    _ = sample()  // warm up the pool and the code
  }

  func sample() -> [Sample] {
    let component = ThousandComponent()
    let elapsed = runBlocking {
      let start = monotonicNanoseconds()
      let resolved = try? await component.resolve()
      precondition(resolved != nil, "ThousandComponent.resolve() failed")
      return Double(monotonicNanoseconds() &- start)
    }
    return [
      Sample(name: "component.resolve.1000", nanosecondsPerOperation: elapsed),
      Sample(name: "component.resolve.1000.vsBootstrap", nanosecondsPerOperation: elapsed),
      Sample(
        name: "diag.component.criticalPath",
        nanosecondsPerOperation: Double(ComponentBench.criticalPath) * 1_000_000),
    ]
  }

  func profile(iterations: Int) {
    for _ in 0..<iterations { _ = sample() }
  }
}

/// One sequential build of a fresh ``ThousandComponent`` per sample: installed into a fresh
/// container (before timing), then each member resolved in turn, in declaration order, so that
/// every read builds one member whose dependencies are already built.
///
/// NB: through the container, not one generated function that awaits the 1,000 members: the
/// compiler needs more than 6 GB for such a function in a debug build.
struct ComponentSequentialRunner: Runner {
  var cases: [String] { ["component.sequential.1000"] }

  mutating func calibrate(toward nanoseconds: Double) {}

  func sample() -> [Sample] {
    let container = Container()
    ThousandComponent().install(into: container)
    let names = (0..<ComponentBench.memberCount).map { "n\($0)" }
    let elapsed = runBlocking {
      let start = monotonicNanoseconds()
      for name in names {
        let node = try? await container.tryResolveAsync(Node.self, name: name)
        precondition(node != nil, "ThousandComponent.\(name) failed")
      }
      return Double(monotonicNanoseconds() &- start)
    }
    return [Sample(name: "component.sequential.1000", nanosecondsPerOperation: elapsed)]
  }

  func profile(iterations: Int) {
    for _ in 0..<iterations { _ = sample() }
  }
}
