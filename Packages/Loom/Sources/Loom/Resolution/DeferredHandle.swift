/// A handle type that a factory or an auto-wired initializer may ask for instead of a value
/// (``Lazy`` and ``Provider``); the container makes it without a registration.
protocol DeferredHandle {
  /// The key the handle resolves when used.
  static var targetKey: DependencyKey { get }
  /// How the handle defers: `lazy` or `provider`.
  static var deferral: String { get }
  /// A handle made while `context` resolves (see ``ResolutionContext/graphForHandle()``).
  static func make(container: Container, name: String?, context: ResolutionContext) -> Self
}

/// How a handle resolves its value: as a resolve in its container, which joins the resolution
/// running on this thread if there is one (so a cycle through the handle is reported).
struct HandleTarget<Value>: Sendable {
  let container: Container
  let name: String?
  let keyPath: DependencyKeyPath<Value>?
  /// The graph of the resolve that made the handle, which it resolves in (a ``Lazy`` made in a
  /// resolve); nil for a handle that starts a new graph for each resolve.
  let graph: SharedGraph?

  func resolve(fileID: StaticString, line: UInt) throws(ResolutionError) -> sending Value {
    // What the handle resolves is not a dependency of the instances being built around it.
    let value = try resolvingUnheld { () throws(ResolutionError) in
      guard let graph else { return HandOver(carried: try resolveInContainer(fileID, line)) }
      return try container.resolving(
        in: graph, location: CodeLocation(fileID: fileID, line: line)
      ) { () throws(ResolutionError) in
        HandOver(carried: try resolveInContainer(fileID, line))
      }
    }
    return handedOver(value.carried)
  }

  private func resolveInContainer(_ fileID: StaticString, _ line: UInt) throws(ResolutionError)
    -> Value
  {
    if let keyPath {
      return try container._resolve(
        Value.self, _ResolutionRequest(keyPath, fileID: fileID, line: line))
    }
    return try container._resolve(
      Value.self, _ResolutionRequest(Value.self, name: name, fileID: fileID, line: line))
  }
}
