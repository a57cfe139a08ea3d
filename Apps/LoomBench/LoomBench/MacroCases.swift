import BenchFixtures
import LoomMacros
import MacroBenchBindings
import MacroBenchFixtures

// The LoomMacros cases, each beside its hand-written counterpart:
// - `macro.injectable.deps5` / `macro.injectable.singleton`: a transient with five singleton
//   dependencies and a cached singleton, registered with `@Injectable`; their ratios divide by
//   the same type registered by its initializer (auto-wired), `macro.autowired.*`.
// - `macro.inject.read`: reading an `@Inject` property already resolved, over reading an
//   `@Injected` one (`macro.injected.read`).
// - `macro.install.1000` / `macro.firstResolve.1000`: installing the 1,000 discovered bindings
//   of MacroBenchBindings into a fresh container (`installDiscoveredBindings()`: they are the
//   only bindings of loom-bench), and resolving each once, in ns per binding; their ratios divide
//   by `register.1000` / `firstResolve.1000` (closure registrations).

enum MacroBench {
  static let cases: [CaseInfo] = [
    CaseInfo("macro.autowired.deps5", vs: "baseline.direct5"),
    CaseInfo(
      "macro.injectable.deps5", vs: "macro.autowired.deps5", goal: .ratioAtMost(1)),
    CaseInfo("macro.autowired.singleton"),
    // NB: these two pairs run the same code once resolved (the same cached registration, the same
    // `Injected` read), so their ratio is 1 up to noise; 1.1 is the spread of identical cases
    // on this shared two-core machine.
    CaseInfo(
      "macro.injectable.singleton", vs: "macro.autowired.singleton", goal: .ratioAtMost(1.1)),
    CaseInfo("macro.injected.read"),
    CaseInfo("macro.inject.read", vs: "macro.injected.read", goal: .ratioAtMost(1.1)),
    CaseInfo("macro.install.1000", vs: "register.1000"),
    CaseInfo("macro.firstResolve.1000", vs: "firstResolve.1000"),
  ]

  static func runners() -> [any Runner] {
    let injectable = wired { $0.register(InjectableFive.self) }
    let autowired = wired { $0.register(InjectableFive.self, InjectableFive.init) }
    let injectableSingleton = wired {
      $0.register(InjectableSingleton.self, lifetime: .singleton)
    }
    let autowiredSingleton = wired {
      $0.register(InjectableSingleton.self, lifetime: .singleton, InjectableSingleton.init)
    }
    _ = injectableSingleton.resolve(InjectableSingleton.self)
    _ = autowiredSingleton.resolve(InjectableSingleton.self)
    let holders = Container()
    holders.register(Service.self, lifetime: .singleton) { _ in Service() }
    let inject = holders.withCurrent { InjectHolder() }
    let injected = holders.withCurrent { InjectedHolder() }
    // Resolved once: the read cases measure a read of a held instance.
    _ = (inject.service, injected.service)
    let bindings = Container.discoveredBindings.count
    precondition(bindings == ThousandBindings.count, "found \(bindings) bindings")

    return [
      LoopRunner("macro.autowired.deps5") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(autowired.resolve(InjectableFive.self)) }
        return bits
      },
      LoopRunner("macro.injectable.deps5") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(injectable.resolve(InjectableFive.self)) }
        return bits
      },
      LoopRunner("macro.autowired.singleton") { n in
        var bits: UInt = 0
        for _ in 0..<n {
          bits &+= identityBits(autowiredSingleton.resolve(InjectableSingleton.self))
        }
        return bits
      },
      LoopRunner("macro.injectable.singleton") { n in
        var bits: UInt = 0
        for _ in 0..<n {
          bits &+= identityBits(injectableSingleton.resolve(InjectableSingleton.self))
        }
        return bits
      },
      LoopRunner("macro.injected.read") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(injected.service) }
        return bits
      },
      LoopRunner("macro.inject.read") { n in
        var bits: UInt = 0
        for _ in 0..<n { bits &+= identityBits(inject.service) }
        return bits
      },
      ThousandRunner(
        registerCase: "macro.install.1000", resolveCase: "macro.firstResolve.1000",
        keys: bindings,
        register: { container in
          do {
            try container.installDiscoveredBindings()
          } catch {
            fatalError("\(error)")
          }
        },
        resolve: { ThousandBindings.resolveAll(in: $0) }),
    ]
  }

  /// A container with `Dep1` ... `Dep5` as singletons, then what `register` adds.
  private static func wired(_ register: (Container) -> Void) -> Container {
    let container = Container()
    container.register(lifetime: .singleton, Dep1.init)
    container.register(lifetime: .singleton, Dep2.init)
    container.register(lifetime: .singleton, Dep3.init)
    container.register(lifetime: .singleton, Dep4.init)
    container.register(lifetime: .singleton, Dep5.init)
    register(container)
    return container
  }
}
