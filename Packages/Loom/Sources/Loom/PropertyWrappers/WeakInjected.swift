import Synchronization

/// A property that resolves its dependency on first access and holds it weakly.
///
/// It does not keep the instance alive: once everyone else released it, the property reads `nil`.
/// Use it for back-references to long-lived objects (a coordinator, a `.weak` or `.singleton`
/// service) that must not be retained by what they own.
///
/// ```swift
/// final class DetailModel {
///   @WeakInjected var coordinator: AppCoordinator?
///   func close() { coordinator?.pop() }
/// }
/// ```
///
/// > Important: The first read traps with the message of the ``ResolutionError`` if the
/// > dependency cannot be resolved; `try $coordinator.get()` throws it instead.
@propertyWrapper
public struct WeakInjected<Value: AnyObject & Sendable>: Sendable {
  private let storage: WeakInjectionStorage<Value>

  /// Injects the dependency registered for `Value` (and `name`), held weakly.
  ///
  /// ```swift
  /// @WeakInjected var coordinator: AppCoordinator?
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the property when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - container: The container to resolve in; ``Container/current`` at init when `nil`.
  ///   - fileID: Where the property is declared, for error messages.
  ///   - line: The line of the declaration.
  public init(
    _ type: Value.Type = Value.self, name: String? = nil, container: Container? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    storage = WeakInjectionStorage(
      container: container ?? Container.injectionTarget,
      request: _ResolutionRequest(type, name: name, fileID: fileID, line: line))
  }

  /// The instance while someone else holds it: resolved on first access, `nil` once released.
  ///
  /// > Important: The first read traps with the message of the ``ResolutionError`` if the
  /// > dependency cannot be resolved.
  ///
  /// ```swift
  /// coordinator?.pop()
  /// ```
  public var wrappedValue: Value? {
    do {
      return try get()
    } catch {
      trap(error)
    }
  }

  /// The wrapper itself, for `$property.get()`.
  ///
  /// ```swift
  /// let coordinator = try $coordinator.get()
  /// ```
  public var projectedValue: WeakInjected<Value> { self }

  /// Resolves on the first call; later returns the instance while it is alive, else `nil`.
  ///
  /// ```swift
  /// let coordinator = try $coordinator.get()
  /// ```
  ///
  /// - Returns: The instance, or `nil` once it was released.
  /// - Throws: A ``ResolutionError`` if the first resolve fails.
  public func get() throws(ResolutionError) -> Value? {
    try storage.get()
  }
}

/// What a ``WeakInjected`` and its copies share.
final class WeakInjectionStorage<Value: AnyObject & Sendable>: Sendable {
  private struct State {
    var resolved = false
    weak var object: Value?
  }

  private let container: Container
  private let request: _ResolutionRequest
  private let state = Locked(State())

  init(container: Container, request: _ResolutionRequest) {
    self.container = container
    self.request = request
  }

  func get() throws(ResolutionError) -> Value? {
    let (resolved, object) = state.withLock { ($0.resolved, $0.object) }
    if resolved { return object }
    let value = try container._resolve(Value.self, request)
    state.withLock { state in
      state.resolved = true
      state.object = value
    }
    return value
  }
}
