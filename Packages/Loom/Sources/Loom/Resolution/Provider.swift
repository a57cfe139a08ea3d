/// A handle that resolves its dependency again on every call.
///
/// Ask for `Provider<T>` instead of `T` when a service needs a fresh transient each time, or needs
/// to resolve later than its own creation:
///
/// ```swift
/// final class Downloader: Sendable {
///   let makeRequest: Provider<Request>
///   init(makeRequest: Provider<Request>) { self.makeRequest = makeRequest }
///   func start() { let request = makeRequest(); /* ... */ }
/// }
/// container.register(Downloader.init)
/// ```
///
/// Each call is a resolve of its own, in the resolve running on its thread if there is one, else
/// in a new graph: a ``Lifetime/graph`` registration makes a new instance on each call, as with
/// Swinject's `Provider` (a ``Lazy`` resolves in the graph it was made in).
///
/// A provider is `Sendable` whatever its value: it keeps none, and each call hands its caller a
/// value of its own (as `sending`).
public struct Provider<Value>: Sendable {
  private let target: HandleTarget<Value>

  init(container: Container, name: String?, keyPath: DependencyKeyPath<Value>?) {
    self.target = HandleTarget(container: container, name: name, keyPath: keyPath, graph: nil)
  }

  /// Resolves the dependency now.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
  /// > resolved. Use ``get(fileID:line:)`` to handle the error instead.
  ///
  /// ```swift
  /// let request = makeRequest()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the value is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line)
    -> sending Value
  {
    do {
      return try get(fileID: fileID, line: line)
    } catch {
      trap(error)
    }
  }

  /// Resolves the dependency now, or throws why it cannot.
  ///
  /// ```swift
  /// let request = try makeRequest.get()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the value is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` if the dependency cannot be resolved.
  public func get(fileID: StaticString = #fileID, line: UInt = #line) throws(ResolutionError)
    -> sending Value
  {
    try target.resolve(fileID: fileID, line: line)
  }
}

extension Provider: DeferredHandle {
  static var targetKey: DependencyKey { DependencyKey(Value.self) }

  static var deferral: String { "provider" }

  static func make(container: Container, name: String?, context: ResolutionContext)
    -> Provider<Value>
  {
    Provider(container: container, name: name, keyPath: nil)
  }
}
