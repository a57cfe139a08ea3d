import Loom

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
  }

  private let state = Locked(State())

  /// Records that `identity` is installed; returns whether it was not recorded already.
  @discardableResult
  func recordInstalled(_ identity: AssemblyIdentity) -> Bool {
    state.withLock { $0.installed.insert(identity).inserted }
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
    container.extensionStorage(AssemblyLedger.self) { AssemblyLedger() }
  }

  /// The ledger of `container` (an empty one if nothing was installed or declared in it).
  static func existing(for container: Container) -> AssemblyLedger? {
    of(container)
  }
}
