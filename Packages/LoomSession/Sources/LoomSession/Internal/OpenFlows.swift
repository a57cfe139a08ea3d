@_spi(LoomInternals) import Loom
import Synchronization

/// The flows begun on one container with `Container.beginScope(_:)` and not ended yet, oldest
/// first: kept in the container's extension storage, so they live as long as it does.
///
/// A `.flow` resolve with no task-local scope current uses the newest flow open on the container it
/// was called on, or on its nearest ancestor that has one.
final class OpenFlows: Sendable {
  /// How many flows are open in the whole process: while none is, a `.flow` resolve looks no
  /// further than the task-local scope, and touches no container's storage.
  private static let openCount = Atomic(0)

  private let scopes = Lock<[FlowScope]>([])

  /// The open flows of `container`.
  static func of(_ container: Container) -> OpenFlows {
    container.extensionStorage(of: OpenFlows.self) { OpenFlows() }
  }

  /// The newest flow open on `container`, or on its nearest ancestor that has one.
  static func innermost(for container: Container) -> FlowScope? {
    guard openCount.load(ordering: .relaxed) > 0 else { return nil }
    var next: Container? = container
    while let current = next {
      if let scope = of(current).scopes.withLock({ $0.last }) { return scope }
      next = current.parent
    }
    return nil
  }

  /// Opens `scope`: it is the newest flow of this container until it is closed.
  /// Opens `scope`; returns the flows that were open already.
  @discardableResult
  func open(_ scope: FlowScope) -> [FlowScope] {
    let others = scopes.withLock { scopes in
      defer { scopes.append(scope) }
      return scopes
    }
    Self.openCount.wrappingAdd(1, ordering: .relaxed)
    return others
  }

  /// Closes `scope`, wherever it is among the open flows (an outer flow may end first).
  func close(_ scope: FlowScope) {
    let closed = scopes.withLock { scopes in
      guard let index = scopes.lastIndex(where: { $0 === scope }) else { return false }
      scopes.remove(at: index)
      return true
    }
    if closed { Self.openCount.wrappingSubtract(1, ordering: .relaxed) }
  }
}
