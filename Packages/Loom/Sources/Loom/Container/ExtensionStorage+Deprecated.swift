// The 0.1.0 spellings of per-container storage for other packages, kept so that code written for
// 0.1.0 compiles: deprecated, because only Loom's own packages keep objects in a container (the
// same mechanism is `@_spi(LoomInternals)`), and hidden from the documentation (README,
// "Definition of Public API").

extension Container {
  /// Deprecated: only Loom's packages keep objects in a container; keep yours beside it (a
  /// dictionary keyed by `ObjectIdentifier(container)`), or register them.
  ///
  /// ```swift
  /// container.register(InstalledModules.self, lifetime: .singleton) { _ in InstalledModules() }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of the object, which identifies it.
  ///   - make: Makes the object the first time it is asked for.
  /// - Returns: The same object for the same type on every call.
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message:
      "Only Loom's packages keep objects in a container: register yours, or keep it beside the container"
  )
  public func extensionStorage<Storage: AnyObject & Sendable>(
    _ type: Storage.Type, makeIfAbsent make: () -> Storage
  ) -> Storage {
    let object = extensionStorage(of: type, makeIfAbsent: make)
    if let explainer = object as? any MissingKeyExplainer {
      _ = extensionStorage(of: ExplainerOf010<Storage>.self) { ExplainerOf010(explainer) }
    }
    return object
  }
}

/// Deprecated: only Loom's packages explain missing keys, from the objects they keep in a
/// container.
///
/// ```swift
/// print(error.hint)  // what LoomAssembly says about a key an assembly expects
/// ```
@_documentation(visibility: private)
@available(*, deprecated, message: "Only Loom's packages explain missing keys")
public protocol MissingKeyExplainer: AnyObject, Sendable {
  /// Deprecated: why `key` has no registration that `container` can see, or `nil`.
  ///
  /// ```swift
  /// print(error.hint)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key that has no registration.
  ///   - container: The container that keeps this object.
  /// - Returns: The whole hint, or `nil`.
  func explanation(forMissing key: DependencyKey, in container: Container) -> String?
}

/// A 0.1.0 ``MissingKeyExplainer`` kept through the deprecated `extensionStorage(_:makeIfAbsent:)`,
/// asked as the objects Loom's packages keep are.
@available(*, deprecated, message: "Only Loom's packages explain missing keys")
private final class ExplainerOf010<Storage>: MissingKeyExplaining {
  let explainer: any MissingKeyExplainer

  init(_ explainer: any MissingKeyExplainer) { self.explainer = explainer }

  func explanation(forMissing key: DependencyKey, in container: Container) -> String? {
    explainer.explanation(forMissing: key, in: container)
  }
}
