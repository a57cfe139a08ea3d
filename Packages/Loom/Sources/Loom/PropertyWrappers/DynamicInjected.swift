/// A property that resolves its dependency again on every access, for dependencies that change.
///
/// Where ``Injected`` resolves once and keeps the instance, `@DynamicInjected` keeps nothing: each
/// read asks its container, so it follows whatever the registration and its lifetime give now. A
/// singleton reads the same instance every time; a transient a new one each time; a registration
/// replaced since the last read gives the replacement's instance; a custom lifetime's instance
/// comes from the cache current at the read (the signed-in session's, the flow scope current on
/// that task). Like ``Injected``, it captures its container when its owner is made: the one given,
/// or ``Container/current`` at that moment.
///
/// ```swift
/// final class SettingsModel {
///   @DynamicInjected var theme: Theme            // re-registered when the user picks another
///   @DynamicInjected(\.clock) var clock
///   @DynamicInjected(name: "primary") var store: Store
///
///   func render() -> String { theme.name }       // the theme registered now
/// }
/// ```
///
/// Each read is a resolve (a cached instance costs a lookup, no allocation); in a hot loop, read
/// the property once into a local.
///
/// > Important: Reading ``wrappedValue`` traps with the message of the ``ResolutionError`` if the
/// > dependency cannot be resolved; `try $theme.get()` throws it instead.
@propertyWrapper
public struct DynamicInjected<Value>: Sendable {
  /// The container every read resolves in.
  ///
  /// ```swift
  /// $theme.container.dump()
  /// ```
  public let container: Container
  private let request: _ResolutionRequest

  /// Injects the dependency registered for `type` (and `name`), resolved on every access.
  ///
  /// ```swift
  /// @DynamicInjected var theme: Theme
  /// @DynamicInjected(name: "primary", container: appContainer) var store: Store
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
    self.container = container ?? Container.injectionTarget
    self.request = _ResolutionRequest(type, name: name, fileID: fileID, line: line)
  }

  /// Injects a key-path dependency, resolved on every access.
  ///
  /// ```swift
  /// @DynamicInjected(\.clock) var clock
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
    self.container = container ?? Container.injectionTarget
    self.request = _ResolutionRequest(keyPath, fileID: fileID, line: line)
  }

  /// The dependency as its container resolves it now.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
  /// > resolved.
  ///
  /// ```swift
  /// label.text = theme.name
  /// ```
  public var wrappedValue: Value {
    do {
      return try get()
    } catch {
      trap(error)
    }
  }

  /// The wrapper itself, for `$property.get()` and `$property.container`.
  ///
  /// ```swift
  /// let theme = try $theme.get()
  /// ```
  public var projectedValue: DynamicInjected<Value> { self }

  /// Resolves the dependency now, or throws why it cannot.
  ///
  /// ```swift
  /// let theme = try $theme.get()
  /// ```
  ///
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` if the dependency cannot be resolved.
  public func get() throws(ResolutionError) -> sending Value {
    // NB: keeps nothing, so what is being built around the read does not hold the value captive.
    let value = try resolvingUnheld { () throws(ResolutionError) in
      HandOver(carried: try container._resolve(Value.self, request))
    }
    return handedOver(value.carried)
  }
}
