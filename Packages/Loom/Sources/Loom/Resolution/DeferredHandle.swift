/// A handle type that a factory or an auto-wired initializer may ask for instead of a value
/// (``Lazy`` and ``Provider``); the container makes it without a registration.
protocol DeferredHandle {
  /// The key the handle resolves when used.
  static var targetKey: DependencyKey { get }
  static func make(origin: _ResolutionOrigin, name: String?) -> Self
}

/// How a handle resolves its value: inside the resolution that made it while that resolution is
/// still running on this thread (so a cycle through the handle is detected), else as a new
/// top-level resolve in its container.
struct HandleTarget<Value: Sendable>: Sendable {
  let origin: _ResolutionOrigin
  let name: String?
  let keyPath: DependencyKeyPath<Value>?

  func resolve(fileID: StaticString, line: UInt) throws(ResolutionError) -> Value {
    let request =
      if let keyPath {
        _ResolutionRequest(keyPath, fileID: fileID, line: line)
      } else {
        _ResolutionRequest(Value.self, name: name, fileID: fileID, line: line)
      }
    if let context = origin.context, context.isJoinable {
      return try Resolver(container: origin.container, context: context)._resolve(request)
    }
    return try origin.container._resolve(request)
  }
}
