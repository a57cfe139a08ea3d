/// A property that resolves its dependency on first access, or is `nil` when it is not registered.
///
/// Only a missing registration of the property's own type gives `nil`; any other failure (a
/// missing dependency of it, a cycle, a throwing factory) traps with the error's message. The
/// result, `nil` included, is kept after the first access.
///
/// ```swift
/// final class Checkout {
///   @OptionalInjected var analytics: (any Analytics)?
///   func pay() { analytics?.track("pay") }
/// }
/// ```
@propertyWrapper
public struct OptionalInjected<Value> {
  private let cell: InjectionCell<Value?>

  /// Injects the dependency registered for `Value` (and `name`), if any.
  ///
  /// ```swift
  /// @OptionalInjected(name: "crash") var reporter: (any Reporter)?
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
    let request = _ResolutionRequest(type, name: name, fileID: fileID, line: line)
    let resolve: InjectionCell<Value?>.Resolve = { container throws(ResolutionError) in
      do throws(ResolutionError) {
        let (value, stamp) = try container.resolveTracked(type, request)
        return (Optional(value), stamp)
      } catch  where error.code == .notRegistered && error.key == DependencyKey(type, name: name) {
        return (nil, nil)
      }
    }
    cell = InjectionCell(container: container, resolve: resolve)
  }

  /// The dependency, or `nil` when it is not registered.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` for every failure but a
  /// > missing registration.
  ///
  /// ```swift
  /// analytics?.track("open")
  /// ```
  public var wrappedValue: Value? {
    do {
      return try cell.get()
    } catch {
      trap(error)
    }
  }
}

extension OptionalInjected: Sendable where Value: Sendable {}
