import BenchFixtures
import Loom
import LoomAssembly

/// A goal from the benchmark's issue.
enum Goal {
  case ratioAtMost(Double)
  case scalingAtLeast(Double)
  /// The ratio at most `factor` times the ratio of the case named `reference` in the same run.
  case ratioAtMostTimes(Double, reference: String)
  /// The two-thread scaling at least `fraction` of the scaling of the case named `reference` in
  /// the same run.
  case scalingAtLeastOf(Double, reference: String)

  var description: String {
    switch self {
    case .ratioAtMost(let limit): "ratio <= \(formatted(limit, digits: 1))"
    case .scalingAtLeast(let limit): "scaling >= \(formatted(limit, digits: 1))"
    case .ratioAtMostTimes(let factor, let reference):
      "ratio <= \(formatted(factor, digits: 0)) x \(reference)"
    case .scalingAtLeastOf(let fraction, let reference):
      "scaling >= \(formatted(fraction, digits: 1)) x \(reference)"
    }
  }

  /// The case the goal compares with, which must run too.
  var reference: String? {
    switch self {
    case .ratioAtMostTimes(_, let reference), .scalingAtLeastOf(_, let reference): reference
    case .ratioAtMost, .scalingAtLeast: nil
    }
  }
}

/// What is known about a case before it runs.
struct CaseInfo {
  let name: String
  /// The case its ratio divides by (nil: `baseline.closure` itself).
  let baseline: String?
  let goal: Goal?
  /// Diagnostic cases help explain the others; they are in the table, not in the JSON line.
  let diagnostic: Bool

  init(
    _ name: String, vs baseline: String? = "baseline.closure", goal: Goal? = nil,
    diagnostic: Bool = false
  ) {
    self.name = name
    self.baseline = baseline
    self.goal = goal
    self.diagnostic = diagnostic
  }
}

/// Every case, in the order of the table and the JSON line.
let allCases: [CaseInfo] =
  [
    CaseInfo("baseline.closure", vs: nil),
    CaseInfo("baseline.direct3"),
    CaseInfo("baseline.direct5"),
    CaseInfo("singleton.type", goal: .ratioAtMost(3)),
    CaseInfo("singleton.name"),
    CaseInfo("singleton.keypath", goal: .ratioAtMost(5)),
    // A child container resolving a singleton registered in its parent.
    CaseInfo("child.singleton", goal: .ratioAtMostTimes(2, reference: "singleton.type")),
    CaseInfo("transient.chain3", vs: "baseline.direct3", goal: .ratioAtMost(2)),
    CaseInfo("transient.deps5", vs: "baseline.direct5", goal: .ratioAtMost(3)),
    CaseInfo("register.1000"),
    CaseInfo("firstResolve.1000"),
    // What an app pays once per key at launch (see LaunchCases.swift).
    CaseInfo("register.transient.1000"),
    CaseInfo("firstUse.keypath.1000"),
    CaseInfo("validate.keys.1000"),
    CaseInfo("bootstrap.keys.1000"),
    CaseInfo("diag.bootstrap.keys.base", diagnostic: true),
    CaseInfo("singleton.2threads", goal: .scalingAtLeast(1.5)),
    // By key path on two threads: scales as well as by type (within 10%).
    CaseInfo("keypath.2threads", goal: .scalingAtLeastOf(0.9, reference: "singleton.2threads")),
    CaseInfo("diag.closure.2threads", diagnostic: true),
    CaseInfo("diag.value.2threads", diagnostic: true),
    CaseInfo("diag.chain3.closures", vs: "baseline.direct3", diagnostic: true),
    // The auto-wired chain again, registered by an assembly's `Transient(Top.self, Top.init)`.
    CaseInfo("diag.chain3.assembly", vs: "baseline.direct3", diagnostic: true),
    CaseInfo("diag.register.1000.named", diagnostic: true),
    CaseInfo("diag.firstResolve.1000.named", diagnostic: true),
    CaseInfo("validate.1k"),
    CaseInfo("validate.10k"),
    CaseInfo("validate.100k"),
    // The 100k figure again, as a ratio to validate.1k: validation grows no faster than linearly.
    CaseInfo("validate.growth", vs: "validate.1k", goal: .ratioAtMost(2), diagnostic: true),
    CaseInfo("singleton.async"),
    // Wall time of one bootstrap over its critical path (computed: the longest chain x 1 ms).
    CaseInfo("bootstrap.1000", vs: "diag.bootstrap.criticalPath", goal: .ratioAtMost(2)),
    CaseInfo("diag.bootstrap.criticalPath", diagnostic: true),
    CaseInfo("session.cached", goal: .ratioAtMostTimes(2, reference: "singleton.type")),
    CaseInfo("flow.cached", goal: .ratioAtMostTimes(2, reference: "singleton.type")),
    CaseInfo("endSession.1000"),
  ] + MacroBench.cases + ComponentBench.cases + ContentionBench.cases

/// `Top → Middle → Leaf`, auto-wired by an assembly, for `diag.chain3.assembly`.
struct ChainAssembly: Assembly {
  var registrations: Registrations {
    Transient(Leaf.self, Leaf.init)
    Transient(Middle.self, Middle.init)
    Transient(Top.self, Top.init)
  }
}

/// A type registered under 1,000 names for the `diag.*.named` cases.
struct NamedKey: Sendable {}

/// The runners of every case, sharing one wired container (made and warmed here).
func makeRunners() -> [any Runner] {
  let container = BenchWiring.makeContainer()
  let closureChain = BenchWiring.makeClosureChainContainer()
  let assemblyChain = Container().install { ChainAssembly() }
  let child = container.makeChild()
  let fixture = ClosureFixture()
  // Warm every cached entry: the singleton cases measure a resolve *again*.
  _ = container.resolve(Service.self)
  _ = container.resolve(Service.self, name: "primary")
  _ = container.resolve(\.benchService)
  _ = container.resolve(Settings.self)
  _ = container.resolve(FiveDeps.self)
  let (d1, d2, d3, d4, d5) = (Dep1(), Dep2(), Dep3(), Dep4(), Dep5())
  let names = (0..<ThousandKeys.count).map { "k\($0)" }

  return [
    LoopRunner("baseline.closure") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(fixture.make()) }
      return bits
    },
    LoopRunner("baseline.direct3") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(Top(middle: Middle(leaf: Leaf()))) }
      return bits
    },
    LoopRunner("baseline.direct5") { n in
      var bits: UInt = 0
      for _ in 0..<n {
        bits &+= identityBits(FiveDeps(d1: d1, d2: d2, d3: d3, d4: d4, d5: d5))
      }
      return bits
    },
    LoopRunner("singleton.type") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(container.resolve(Service.self)) }
      return bits
    },
    LoopRunner("singleton.name") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(container.resolve(Service.self, name: "primary")) }
      return bits
    },
    LoopRunner("singleton.keypath") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(container.resolve(\.benchService)) }
      return bits
    },
    LoopRunner("child.singleton") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(child.resolve(Service.self)) }
      return bits
    },
    LoopRunner("transient.chain3") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(container.resolve(Top.self)) }
      return bits
    },
    LoopRunner("transient.deps5") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(container.resolve(FiveDeps.self)) }
      return bits
    },
    ThousandRunner(
      registerCase: "register.1000", resolveCase: "firstResolve.1000", keys: ThousandKeys.count,
      register: { ThousandKeys.registerAll(in: $0) }, resolve: { ThousandKeys.resolveAll(in: $0) }),
    TwoThreadRunner("singleton.2threads") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(container.resolve(Service.self)) }
      return bits
    },
    TwoThreadRunner("keypath.2threads") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(container.resolve(\.benchService)) }
      return bits
    },
    TwoThreadRunner("diag.closure.2threads") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(fixture.make()) }
      return bits
    },
    LoopRunner("diag.chain3.closures") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(closureChain.resolve(Top.self)) }
      return bits
    },
    LoopRunner("diag.chain3.assembly") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= identityBits(assemblyChain.resolve(Top.self)) }
      return bits
    },
    TwoThreadRunner("diag.value.2threads") { n in
      var bits: UInt = 0
      for _ in 0..<n { bits &+= UInt(bitPattern: container.resolve(Settings.self).a) }
      return bits
    },
    ThousandRunner(
      registerCase: "diag.register.1000.named", resolveCase: "diag.firstResolve.1000.named",
      keys: names.count,
      register: { container in
        for name in names {
          container.register(NamedKey.self, name: name, lifetime: .singleton) { _ in NamedKey() }
        }
      },
      resolve: { container in
        for name in names { _ = container.resolve(NamedKey.self, name: name) }
      }),
  ] + LaunchBench.runners() + GraphBench.runners() + AsyncBench.runners()
    + SessionBench.runners() + MacroBench.runners() + ComponentBench.runners()
    + ContentionBench.runners()
}
