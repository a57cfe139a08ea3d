import Synchronization

/// A property that resolves its dependency on first access and holds it weakly.
///
/// It does not keep the instance alive: once everyone else released it, the property reads `nil`.
/// Use it for back-references to long-lived objects (a coordinator, a `.weak` or `.singleton`
/// service) that must not be retained by what they own. It also reads `nil` while nothing is
/// registered for its key; that `nil` is not kept, so a read after the key was registered
/// resolves it.
///
/// ```swift
/// final class DetailModel {
///   @WeakInjected var coordinator: AppCoordinator?
///   func close() { coordinator?.pop() }
/// }
/// ```
///
/// > Important: Reading ``wrappedValue`` traps with the message of the ``ResolutionError`` if the
/// > dependency is registered but cannot be resolved (a missing dependency of it, a cycle, a
/// > throwing factory); `try $coordinator.get()` throws it instead, a missing registration
/// > included.
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

  /// Injects a key-path dependency, held weakly.
  ///
  /// ```swift
  /// @WeakInjected(\.coordinator) var coordinator
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - container: The container to resolve in; ``Container/current`` at init when `nil`.
  ///   - fileID: Where the property is declared, for error messages.
  ///   - line: The line of the declaration.
  public init(
    _ keyPath: DependencyKeyPath<Value>, container: Container? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    storage = WeakInjectionStorage(
      container: container ?? Container.injectionTarget,
      request: _ResolutionRequest(keyPath, fileID: fileID, line: line))
  }

  /// The instance while someone else holds it: resolved on first access, `nil` once released or
  /// while nothing is registered for the key.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency is
  /// > registered but cannot be resolved.
  ///
  /// ```swift
  /// coordinator?.pop()
  /// ```
  public var wrappedValue: Value? {
    do throws(ResolutionError) {
      return try get()
    } catch  where storage.isMissingRegistration(error) {
      return nil
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

  /// Resolves until a resolve succeeds; later returns the instance while it is alive, else `nil`.
  ///
  /// ```swift
  /// let coordinator = try $coordinator.get()
  /// ```
  ///
  /// - Returns: The instance, or `nil` once it was released.
  /// - Throws: A ``ResolutionError`` if the resolve fails, a missing registration included.
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
  private let state = Lock(State())

  init(container: Container, request: _ResolutionRequest) {
    self.container = container
    self.request = request
  }

  func get() throws(ResolutionError) -> Value? {
    let (resolved, object) = state.withLock { ($0.resolved, $0.object) }
    if resolved { return object }
    // NB: a weak reference keeps nothing alive, so nothing being built around the read holds the
    // value captive.
    let value = try resolvingUnheld { () throws(ResolutionError) -> Value in
      try container._resolve(Value.self, request)
    }
    state.withLock { state in
      state.resolved = true
      state.object = value
    }
    return value
  }

  /// Whether `error` says that the property's own key has no registration (not one of its
  /// dependencies).
  func isMissingRegistration(_ error: ResolutionError) -> Bool {
    error.code == .notRegistered && error.key == request.key(as: Value.self)
  }
}
