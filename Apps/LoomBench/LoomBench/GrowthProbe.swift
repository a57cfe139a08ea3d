import BenchFixtures
import Loom

// The growth probe (`--growth-probe`, for Scripts/growth.sh): one container of N keys, for any N,
// without N distinct types. The keys are N names of one type (`register(NamedKey.self, name:
// "k000042", ...)`), or, with `--types`, the 1,000 key types of `ThousandKeys` (to show that the key
// shape does not skew the figures). Each step runs in a function of its own, so that callgrind's
// inclusive count of that function is the step's cost; Scripts/growth.sh subtracts the same run
// at 0 keys and divides by N. `bootstrap()` runs in tasks, outside any one function, so the script
// counts it as whole runs less the same runs without it (`bootstrap.base`).

/// What one run of the growth probe does.
struct GrowthProbe {
  /// Which steps run.
  enum Phase: String, CaseIterable {
    /// Register N singletons, `validate()`, resolve each once, then each again.
    case launch
    /// Register N eager singletons, then `bootstrap()`.
    case bootstrap
    /// Register N eager singletons, no `bootstrap()`: what Scripts/growth.sh subtracts.
    case bootstrapBase = "bootstrap.base"
  }

  var phase: Phase
  /// N: how many keys the measured container holds.
  var keys: Int
  /// The 1,000 key types of `ThousandKeys` instead of names of one type (N must be 1,000 or 0).
  var types = false
  /// No warm-up: the measured container is the first of its key types in the process.
  var cold = false

  /// Runs the probe. Unless `cold`, it first runs the same steps on a throwaway container holding
  /// the same key types (one name of `NamedKey`, or all 1,000 types), so that what a process pays
  /// once per type (generic metadata, first conformance lookups) is not counted per key.
  func run() {
    if !cold { run(phase, on: types ? .types : .names(["warm-up"])) }
    let keys: GrowthKeys =
      types && self.keys > 0 ? .types : .names((0..<self.keys).map(GrowthProbe.name))
    run(phase, on: keys)
  }

  /// The name of key `index`: `k000042`, seven characters up to a million keys, so that hashing
  /// a name costs the same at every N.
  static func name(_ index: Int) -> String {
    let digits = String(index)
    return "k" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  private func run(_ phase: Phase, on keys: GrowthKeys) {
    let container = Container()
    // NB: never freed. Tearing a container down is not what the probe counts, and freeing the
    // instances that `bootstrap()` made on the pool's threads costs the allocator more or less
    // depending on which threads made them, which would make whole runs differ by up to 3,000
    // instructions per key from one run to the next.
    _ = Unmanaged.passRetained(container)
    switch phase {
    case .launch:
      growthRegister(container, keys)
      growthValidate(container)
      growthFirstResolve(container, keys)
      growthCachedResolve(container, keys)
    case .bootstrap:
      growthRegisterEager(container, keys)
      runBlocking { try? await container.bootstrap() }
    case .bootstrapBase:
      growthRegisterEager(container, keys)
      runBlocking {}
    }
  }
}

/// The keys of a growth probe's container.
enum GrowthKeys {
  /// One singleton of `NamedKey` per name.
  case names([String])
  /// The 1,000 key types of `ThousandKeys`.
  case types
}

/// Registers each key as a singleton.
@inline(never)
func growthRegister(_ container: Container, _ keys: GrowthKeys) {
  switch keys {
  case .names(let names):
    for name in names {
      container.register(NamedKey.self, name: name, lifetime: .singleton) { _ in NamedKey() }
    }
  case .types:
    ThousandKeys.registerAll(in: container)
  }
}

/// Registers each key as an eager singleton.
@inline(never)
func growthRegisterEager(_ container: Container, _ keys: GrowthKeys) {
  switch keys {
  case .names(let names):
    for name in names {
      container.register(NamedKey.self, name: name, lifetime: .eagerSingleton) { _ in NamedKey() }
    }
  case .types:
    ThousandKeys.registerAllEager(in: container)
  }
}

/// One `validate()` of the container.
@inline(never)
func growthValidate(_ container: Container) {
  benchSink(UInt(container.validate().problems.count))
}

/// Resolves each key once: the first resolve, which runs its factory.
@inline(never)
func growthFirstResolve(_ container: Container, _ keys: GrowthKeys) {
  switch keys {
  case .names(let names):
    for name in names { _ = container.resolve(NamedKey.self, name: name) }
  case .types:
    ThousandKeys.resolveAll(in: container)
  }
}

/// Resolves each key again, the cached singleton: names in reverse order.
// NB: in another order than `growthFirstResolve`, so that its code differs: the optimizer merges
// two functions of the same code into one symbol, whose inclusive count would then hold both.
@inline(never)
func growthCachedResolve(_ container: Container, _ keys: GrowthKeys) {
  switch keys {
  case .names(let names):
    for name in names.reversed() { _ = container.resolve(NamedKey.self, name: name) }
  case .types:
    ThousandKeys.resolveAll(in: container)
  }
}
