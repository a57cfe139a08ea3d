import Dispatch
import Foundation
import LoomSession
import LoomTestSupport
import Synchronization
import Testing

@_spi(LoomInternals) @testable import Loom

/// The concurrency contract under random wirings: seeded graphs of every lifetime and kind of
/// factory (synchronous, `async`, `@MainActor`, throwing, unregistered, one planted cycle),
/// resolved at once from threads, tasks and the main actor, each outcome checked against
/// ``StressModel``:
///
/// - a resolve fails only in a way its wiring allows from that caller (no false cycle, no other
///   caller's `asyncRequired`, no missing key that is not missing), and succeeds when nothing
///   allows a failure;
/// - every error's chain starts at the key the caller asked for, and a missing key it names is one
///   of the wiring's;
/// - a cached factory (singleton, once, session, flow) succeeds at most once per container, and
///   every caller of such a key receives the one instance;
/// - while another thread ends the session over and over, every session instance made is told
///   once.
///
/// Bounded: each seed is a few hundred resolves per caller on 8 threads, 8 tasks and the main
/// actor, within a minute. The seeds run one after another (`.serialized`), so each has its
/// minute to itself, and no test waits on the cooperative pool's few threads: a task never blocks
/// on the threads it races with (``onThreads(count:timeout:_:)``). `LOOM_STRESS_SEEDS=<n>` runs
/// more seeds; a failure names its seed, and `LOOM_STRESS_SEED=<seed>` runs that one again.
@Suite struct ContractStressTests {
  final class Node: Sendable, SessionScoped, FlowScoped {
    let key: Int
    /// How many times its session or flow told it that it ended.
    let ends = Atomic<Int>(0)
    init(key: Int) { self.key = key }
    func sessionDidEnd() { ends.add(1, ordering: .relaxed) }
    func flowDidEnd() { ends.add(1, ordering: .relaxed) }
  }

  struct Planted: Error {
    let key: Int
  }

  static let seeds: [UInt64] = {
    let environment = ProcessInfo.processInfo.environment
    if let seed = environment["LOOM_STRESS_SEED"].flatMap(UInt64.init) { return [seed] }
    let count = environment["LOOM_STRESS_SEEDS"].flatMap(Int.init) ?? 12
    return (0..<UInt64(count)).map { 0x10AD_0000 + $0 }
  }()

  @Test(.serialized, .timeLimit(.minutes(1)), arguments: seeds)
  func outcomesFollowTheContract(seed: UInt64) async throws {
    let model = StressModel(seed: seed, count: 60)
    let world = World(model: model, seed: seed)
    let flow = world.container.beginScope("stress")
    defer { flow.end() }

    async let threads = onThreads(count: 8, timeout: .seconds(50)) { index in
      var random = SplitMix64(seed: seed &+ UInt64(index) &* 7919)
      for _ in 0..<300 { world.resolveSynchronously(random.next(model.keys.count), as: .thread) }
    }
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask {
          var random = SplitMix64(seed: seed &+ 104_729 &+ UInt64(index))
          for _ in 0..<150 { await world.resolveAsynchronously(random.next(model.keys.count)) }
        }
      }
      group.addTask {
        var random = SplitMix64(seed: seed &+ 1_299_709)
        for _ in 0..<150 {
          let key = random.next(model.keys.count)
          await MainActor.run { world.resolveSynchronously(key, as: .mainActor) }
        }
      }
    }
    #expect(await threads, "seed \(seed): the threads did not finish in time")
    let violations = world.violations.value
    #expect(
      violations.isEmpty,
      "seed \(seed): \(violations.count) violations, first: \(violations.prefix(3))")
  }
}

extension ContractStressTests {
  /// The first four seeds whose wiring has a session key that a thread always builds.
  static let sessionSeeds = seeds.filter { seed in
    let model = StressModel(seed: seed, count: 60)
    return model.keys.indices.contains { key in
      model.keys[key].lifetime == .session && model.allowed(key, from: .thread).codes.isEmpty
    }
  }.prefix(4)

  /// "Each dropped instance is told once" under random wirings: six threads resolve while
  /// another ends the session over and over; afterwards every instance a session factory made
  /// has been told `sessionDidEnd()` exactly once, and every outcome still follows the model.
  ///
  /// Plain threads only, awaited without blocking (``onThreads(count:timeout:_:)``): a task blocked
  /// waiting for threads would hold one of the cooperative pool's few threads.
  @Test(.serialized, .timeLimit(.minutes(1)), arguments: sessionSeeds)
  func everySessionInstanceIsToldOnceWhileTheSessionEnds(seed: UInt64) async throws {
    let model = StressModel(seed: seed, count: 60)
    let world = World(model: model, seed: seed, endsSessions: true)
    let flow = world.container.beginScope("stress")
    let resolvers = 6
    let finished = Lock(0)
    let ends = Lock(0)

    let completed = await onThreads(count: resolvers + 1, timeout: .seconds(50)) { index in
      guard index < resolvers else {
        while finished.value < resolvers {
          world.container.endSession()
          ends.withLock { $0 += 1 }
          usleep(200)
        }
        return
      }
      var random = SplitMix64(seed: seed &+ UInt64(index) &* 7919)
      for _ in 0..<300 { world.resolveSynchronously(random.next(model.keys.count), as: .thread) }
      finished.withLock { $0 += 1 }
    }
    await world.container.endSession()
    await flow.end()

    #expect(completed, "seed \(seed): the threads did not finish in time")
    #expect(ends.value > 1)
    let made = world.sessionInstances.value
    #expect(!made.isEmpty, "seed \(seed): no session factory ran")
    let untold = made.filter { $0.ends.load(ordering: .relaxed) != 1 }
    #expect(
      untold.isEmpty,
      "seed \(seed): \(untold.count) of \(made.count) session instances not told exactly once")
    let violations = world.violations.value
    #expect(
      violations.isEmpty,
      "seed \(seed): \(violations.count) violations, first: \(violations.prefix(3))")
  }
}

/// One container wired from a model, and what its resolves found.
final class World: Sendable {
  typealias Node = ContractStressTests.Node

  let model: StressModel
  /// A child with `.once` instances of its own (as LoomTesting's test containers have), so that
  /// other suites resetting the process's `.once` instances cannot rebuild this world's.
  let container = Container(
    parent: Container(), overridePolicy: .replace, isolatesInstances: false,
    onceInstances: OnceInstances())
  /// What the names of this world's keys start with: `.once` instances are shared by every
  /// registration of a key made at one place, so each world's keys are its own.
  let prefix: String
  let violations = Lock<[String]>([])
  /// Whether another thread ends the session while resolves run: session instances are then
  /// made again and again, and each must be told once.
  let endsSessions: Bool
  /// Every instance a session factory made, when ``endsSessions``.
  let sessionInstances = Lock<[Node]>([])
  /// Successful runs of each cached factory, by key.
  private let made = Lock<[Int: Int]>([:])
  /// The instance each cached key was first resolved to, by key.
  private let instances = Lock<[Int: ObjectIdentifier]>([:])

  init(model: StressModel, seed: UInt64, endsSessions: Bool = false) {
    self.model = model
    self.endsSessions = endsSessions
    self.prefix = "\(seed)."
    for (index, spec) in model.keys.enumerated() where !spec.missing {
      register(index, spec)
    }
  }

  private func register(_ index: Int, _ spec: StressModel.Key) {
    let name = self.name(index)
    let dependencies = spec.dependencies.map(self.name)
    let slow = index.isMultiple(of: 3)
    switch spec.kind {
    case .sync:
      container.register(Node.self, name: name, lifetime: spec.lifetime) { r in
        if slow { usleep(20) }
        for dependency in dependencies { _ = try r.tryResolve(Node.self, name: dependency) }
        return try self.made(index, spec)
      }
    case .async:
      container.register(Node.self, name: name, lifetime: spec.lifetime) { r async throws in
        if slow { try? await Task.sleep(nanoseconds: 20_000) }
        for dependency in dependencies {
          _ = try await r.tryResolveAsync(Node.self, name: dependency)
        }
        return try self.made(index, spec)
      }
    case .mainActor:
      container.registerMainActor(Node.self, name: name, lifetime: spec.lifetime) { r in
        for dependency in dependencies { _ = try r.tryResolve(Node.self, name: dependency) }
        return try self.made(index, spec)
      }
    }
  }

  /// The name `key` is registered with.
  func name(_ key: Int) -> String { "\(prefix)k\(key)" }

  /// A factory's last step: throws for a throwing key, counts the run of a cached one.
  private func made(_ index: Int, _ spec: StressModel.Key) throws -> Node {
    if spec.throwing { throw ContractStressTests.Planted(key: index) }
    if endsSessions, spec.lifetime == .session {
      let node = Node(key: index)
      sessionInstances.withLock { $0.append(node) }
      return node
    }
    if isShared(spec.lifetime) {
      let runs = made.withLock { made in
        made[index, default: 0] += 1
        return made[index]!
      }
      if runs > 1 { note("k\(index) (\(spec.lifetime)): its factory succeeded \(runs) times") }
    }
    return Node(key: index)
  }

  /// Whether every resolve of a key of `lifetime` in this world shares one instance.
  private func isShared(_ lifetime: Lifetime) -> Bool {
    lifetime == .singleton || lifetime == .once || lifetime == .flow
      || (lifetime == .session && !endsSessions)
  }

  func resolveSynchronously(_ key: Int, as caller: StressModel.Caller) {
    do throws(ResolutionError) {
      check(key, try container.tryResolve(Node.self, name: name(key)), from: caller)
    } catch {
      check(key, error, from: caller)
    }
  }

  func resolveAsynchronously(_ key: Int) async {
    do throws(ResolutionError) {
      check(key, try await container.tryResolveAsync(Node.self, name: name(key)), from: .task)
    } catch {
      check(key, error, from: .task)
    }
  }

  private func check(_ key: Int, _ node: Node, from caller: StressModel.Caller) {
    guard node.key == key else { return note("k\(key) from \(caller): resolved to k\(node.key)") }
    guard isShared(model.keys[key].lifetime) else { return }
    let first = instances.withLock { instances in
      if let first = instances[key] { return first }
      instances[key] = ObjectIdentifier(node)
      return ObjectIdentifier(node)
    }
    if first != ObjectIdentifier(node) { note("k\(key) from \(caller): a second instance") }
  }

  private func check(_ key: Int, _ error: ResolutionError, from caller: StressModel.Caller) {
    let allowed = model.allowed(key, from: caller)
    let specs = error.chain.compactMap { key in
      key.name.flatMap { Int($0.dropFirst(prefix.count + 1)) }
        .map { "k\($0): \(model.describe($0))" }
    }
    let label = "k\(key) [\(specs.joined(separator: "; "))]"
    let requested = DependencyKey(Node.self, name: self.name(key))
    if !allowed.codes.contains(error.code) {
      note("\(label) from \(caller): \(error.code) is not allowed (\(allowed.codes)): \(error)")
    }
    if error.chain.first != requested {
      note("\(label) from \(caller): the chain starts elsewhere: \(error.path)")
    }
    if error.code == .notRegistered,
      !allowed.missing.contains(where: {
        error.key == DependencyKey(Node.self, name: self.name($0))
      })
    {
      note("\(label) from \(caller): \(error.key) is not missing")
    }
    if error.code == .factoryFailed, !(error.underlying is ContractStressTests.Planted) {
      note("\(label) from \(caller): a factory failure that is not the planted one: \(error)")
    }
  }

  private func note(_ violation: String) {
    violations.withLock { if $0.count < 20 { $0.append(violation) } }
  }
}
