/// A property that resolves its dependency on first access and keeps it.
///
/// The wrapper captures its container when its owner is made: the one given, or
/// ``Container/current`` at that moment. It resolves on first access (so declaring it costs
/// nothing and the order of registrations does not matter), keeps the instance, and is safe to
/// read from several threads. A held instance whose custom lifetime ended since (a session that
/// ended, a flow that finished) is resolved again on next access. So a longer-lived instance may
/// read the property while it is built (a singleton reading a session's user in its initializer)
/// without holding that instance captive: the resolve-time captive check does not apply to it.
///
/// ```swift
/// final class ProfileModel {
///   @Injected var api: any APIClient
///   @Injected(\.analytics) var analytics
///   @Injected(name: "users") var database: Database
/// }
/// ```
///
/// > Important: Reading ``wrappedValue`` traps with the message of the ``ResolutionError`` if
/// > the dependency cannot be resolved; `try $api.get()` throws it instead.
///
/// | wrapper | resolves | holds | when unregistered |
/// | --- | --- | --- | --- |
/// | `@Injected` | on first access | strongly | traps (or throws from `get()`) |
/// | ``OptionalInjected`` | on first access | strongly | `nil` |
/// | ``WeakInjected`` | until a resolve succeeds | weakly | `nil` (`get()` throws) |
/// | ``DynamicInjected`` | on every access | nothing | traps (or throws from `get()`) |
/// | ``inject(_:name:fileID:line:)`` | at the call | — (returns it) | traps |
@propertyWrapper
public struct Injected<Value> {
  private let cell: InjectionCell<Value>

  /// Injects the dependency registered for `type` (and `name`).
  ///
  /// ```swift
  /// @Injected var api: any APIClient
  /// @Injected(name: "users", container: appContainer) var database: Database
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
    cell = InjectionCell(
      container: container,
      request: _ResolutionRequest(type, name: name, fileID: fileID, line: line))
  }

  /// Injects a key-path dependency.
  ///
  /// ```swift
  /// @Injected(\.analytics) var analytics
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
    cell = InjectionCell(
      container: container, request: _ResolutionRequest(keyPath, fileID: fileID, line: line))
  }

  /// The dependency, resolved on first access and kept.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
  /// > resolved.
  ///
  /// ```swift
  /// api.fetchProfile()
  /// ```
  public var wrappedValue: Value {
    do {
      return try cell.get()
    } catch {
      trap(error)
    }
  }

  /// The wrapper itself, for `$property.get()`, `$property.container` and `$property.reset()`.
  ///
  /// ```swift
  /// let api = try $api.get()
  /// ```
  public var projectedValue: Injected<Value> { self }

  /// Returns the dependency, resolving it on first call, or throws why it cannot.
  ///
  /// ```swift
  /// let api = try $api.get()
  /// ```
  ///
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` if the dependency cannot be resolved.
  public func get() throws(ResolutionError) -> Value {
    try cell.get()
  }

  /// The container this property resolves in.
  ///
  /// ```swift
  /// $api.container.dump()
  /// ```
  public var container: Container { cell.container }

  /// Forgets the held instance; the next access resolves again.
  ///
  /// ```swift
  /// $api.reset()
  /// ```
  public func reset() {
    cell.reset()
  }
}

extension Injected: Sendable where Value: Sendable {}
