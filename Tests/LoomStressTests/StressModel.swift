import Loom
import LoomSession

/// A random wiring of named `Node` keys, with what the concurrency contract allows each resolve of
/// each key to end in, from each kind of caller.
///
/// Keys depend only on keys after them, so the graph has no cycle but the ones planted on purpose,
/// and cached lifetimes are ordered by rank along the keys (a key depends only on keys whose
/// lifetime lives at least as long, through transient and graph ones), so it has no captive pair.
/// Then some keys are left unregistered, some factories throw, and some keys close a cycle.
struct StressModel: Sendable {
  enum Kind: Sendable { case sync, async, mainActor }

  struct Key: Sendable {
    var lifetime: Lifetime
    var kind: Kind
    var throwing = false
    var missing = false
    var dependencies: [Int] = []
  }

  /// Who resolves.
  enum Caller: Sendable, CaseIterable {
    /// `tryResolve` on a thread that is not the main thread.
    case thread
    /// `tryResolveAsync` from a task.
    case task
    /// `tryResolve` on the main actor.
    case mainActor
  }

  /// What a resolve may end in.
  struct Allowed: Sendable {
    var codes: Set<ResolutionError.Code> = []
    /// The keys a `notRegistered` error may name.
    var missing: Set<Int> = []
    var mustSucceed: Bool { codes.isEmpty }
  }

  let keys: [Key]
  /// The key whose last dependency points back to an earlier key (the planted cycle, when that
  /// key reaches it): an edge against the order of lifetimes, so it may also be captive.
  let backEdge: Int

  init(seed: UInt64, count: Int) {
    var random = SplitMix64(seed: seed)
    // Cached lifetimes from shortest- to longest-lived, so that depending only on later keys never
    // makes a captive pair; transient and graph keys go anywhere.
    let cached: [Lifetime] = [.weak, .flow, .session, .singleton, .once]
    var keys: [Key] = []
    for index in 0..<count {
      let band = min(cached.count - 1, index * cached.count / count)
      let lifetime: Lifetime =
        switch random.next(100) {
        case 0..<30: .transient
        case 30..<40: .graph
        default: cached[band]
        }
      let kind: Kind =
        switch random.next(100) {
        case 0..<15: .async
        case 15..<22: .mainActor
        default: .sync
        }
      var key = Key(lifetime: lifetime, kind: kind)
      let later = count - index - 1
      for _ in 0..<min(later, random.next(4)) {
        key.dependencies.append(index + 1 + random.next(later))
      }
      keys.append(key)
    }
    // Faults: a few missing keys and throwing factories, and one cycle back to an earlier key.
    for _ in 0..<max(1, count / 25) { keys[random.next(count)].missing = true }
    for _ in 0..<max(1, count / 25) { keys[random.next(count)].throwing = true }
    let tail = count - 1 - random.next(count / 4)
    keys[tail].dependencies.append(random.next(tail))
    self.keys = keys
    self.backEdge = tail
  }

  /// How `key` is registered, for messages.
  func describe(_ key: Int) -> String {
    let spec = keys[key]
    if spec.missing { return "missing" }
    return "\(spec.lifetime) \(spec.kind)\(spec.throwing ? " throwing" : "") → "
      + spec.dependencies.map { "k\($0)" }.joined(separator: ", ")
  }

  /// The keys `key` reaches, itself included.
  func reach(_ key: Int) -> Set<Int> {
    var seen: Set<Int> = []
    var stack = [key]
    while let next = stack.popLast() {
      guard seen.insert(next).inserted, !keys[next].missing else { continue }
      stack += keys[next].dependencies
    }
    return seen
  }

  /// Whether `key` reaches a cycle.
  func reachesCycle(_ key: Int) -> Bool {
    var state: [Int: Bool] = [:]  // false: on the path, true: done
    func visit(_ node: Int) -> Bool {
      if let done = state[node] { return !done }
      state[node] = false
      defer { state[node] = true }
      guard !keys[node].missing else { return false }
      return keys[node].dependencies.contains(where: visit)
    }
    return visit(key)
  }

  /// What resolving `key` from `caller` may end in.
  func allowed(_ key: Int, from caller: Caller) -> Allowed {
    var allowed = Allowed()
    let reached = reach(key)
    for node in reached {
      if keys[node].missing {
        allowed.codes.insert(.notRegistered)
        allowed.missing.insert(node)
      }
      if keys[node].throwing { allowed.codes.insert(.factoryFailed) }
    }
    if reachesCycle(key) { allowed.codes.formUnion([.cycle, .tooDeep]) }
    if reached.contains(backEdge) { allowed.codes.insert(.captiveDependency) }
    if crossesIsolation(from: key, caller: caller) { allowed.codes.insert(.asyncRequired) }
    return allowed
  }

  /// Whether some resolve on the way from `key` must run an asynchronous factory synchronously, or
  /// a main-actor one off the main actor: the only ways a resolve fails for where it was called.
  private func crossesIsolation(from key: Int, caller: Caller) -> Bool {
    // How each key is resolved: `true` when synchronously (by a synchronous caller or factory).
    var visited: Set<[Int]> = []
    func crosses(_ node: Int, synchronously: Bool, onMain: Bool) -> Bool {
      guard visited.insert([node, synchronously ? 1 : 0, onMain ? 1 : 0]).inserted,
        !keys[node].missing
      else { return false }
      let spec = keys[node]
      switch spec.kind {
      case .async:
        if synchronously { return true }
        return spec.dependencies.contains { crosses($0, synchronously: false, onMain: false) }
      case .mainActor:
        if synchronously && !onMain { return true }
        return spec.dependencies.contains { crosses($0, synchronously: true, onMain: true) }
      case .sync:
        return spec.dependencies.contains { crosses($0, synchronously: true, onMain: onMain) }
      }
    }
    switch caller {
    case .thread: return crosses(key, synchronously: true, onMain: false)
    case .task: return crosses(key, synchronously: false, onMain: false)
    case .mainActor: return crosses(key, synchronously: true, onMain: true)
    }
  }
}

/// A small seeded generator (SplitMix64), so that every run of a seed builds the same wiring.
struct SplitMix64: Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (0 when `bound` is 0).
  mutating func next(_ bound: Int) -> Int {
    bound <= 0 ? 0 : Int(next() % UInt64(bound))
  }
}
