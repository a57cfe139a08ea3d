@_spi(LoomInternals) import Loom

/// What LoomAssembly remembers about one container: the assemblies installed in it and the
/// features declared in it.
final class AssemblyLedger: Sendable {
  /// A feature declared in the container.
  struct FeatureDeclaration: Sendable {
    let name: String
    /// The assembly that declared it, if it was declared inside one.
    let owner: String?
    let assemblies: [any Assembly]
  }

  private struct State {
    var installed: Set<AssemblyIdentity> = []
    /// Declared features in first-declaration order; a later declaration of a name replaces it.
    var features: [FeatureDeclaration] = []
    /// The keys installed assemblies expect the app to register, with the assemblies' names.
    var expected: [DependencyKey: [String]] = [:]
  }

  private let state = Lock(State())

  /// Records that `identity` is installed; returns whether it was not recorded already.
  @discardableResult
  func recordInstalled(_ identity: AssemblyIdentity) -> Bool {
    state.withLock { $0.installed.insert(identity).inserted }
  }

  /// Records that the assembly named `name` expects `keys` to be registered outside it.
  func recordExpected(_ keys: [DependencyKey], by name: String) {
    guard !keys.isEmpty else { return }
    state.withLock { state in
      for key in keys where state.expected[key]?.contains(name) != true {
        state.expected[key, default: []].append(name)
      }
    }
  }

  func isInstalled(_ identity: AssemblyIdentity) -> Bool {
    state.withLock { $0.installed.contains(identity) }
  }

  func declare(_ feature: FeatureDeclaration) {
    state.withLock { state in
      if let index = state.features.firstIndex(where: { $0.name == feature.name }) {
        state.features[index] = feature
      } else {
        state.features.append(feature)
      }
    }
  }

  var features: [FeatureDeclaration] {
    state.withLock { $0.features }
  }
}

// MARK: - One ledger per container

extension AssemblyLedger {
  /// The ledger of `container`, made on first use; it lives as long as the container.
  static func of(_ container: Container) -> AssemblyLedger {
    container.extensionStorage(of: AssemblyLedger.self) { AssemblyLedger() }
  }

  /// The ledger of `container` (an empty one if nothing was installed or declared in it).
  static func existing(for container: Container) -> AssemblyLedger? {
    of(container)
  }
}

// MARK: - Why a key is missing

extension AssemblyLedger: MissingKeyExplaining {
  /// Names the installed assemblies that expect `key` from the app, or the features whose
  /// assemblies register it (a feature's registrations live in its own child container).
  func explanation(forMissing key: DependencyKey, in container: Container) -> String? {
    let (expecting, features) = state.withLock { ($0.expected[key] ?? [], $0.features) }
    // What to write in `register(...)`: a protocol's key is registered as `(any P).self`.
    let registrable = key.name == nil && "\(key)".hasPrefix("any ") ? "(\(key)).self" : "\(key)"
    if !expecting.isEmpty {
      let who = expecting.joined(separator: ", ")
      let verb = expecting.count == 1 ? "expects" : "expect"
      return "\(who) \(verb) the app to register \(key) (expectedKeys), and nothing does:"
        + " register \(registrable) in this container or an ancestor before resolving."
    }
    // Installing a feature's assemblies into a scratch container only registers: nothing runs.
    let registering = features.filter { feature in
      let scratch = Container()
      var installation = Installation(into: scratch)
      installation.install(feature.assemblies)
      return scratch.graph.nodes.contains { $0.key == key }
    }
    guard let feature = registering.first else { return nil }
    return "\(key) is registered by the feature \"\(feature.name)\", in the child container the"
      + " feature makes: resolve it from `container.makeFeature(\"\(feature.name)\")`, or register"
      + " \(registrable) in this container too."
  }
}
