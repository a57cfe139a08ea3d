/// An object another of Loom's packages keeps in a container
/// (`Container.extensionStorage(of:makeIfAbsent:)`) that can say why a key has no registration
/// there, for the hint of a "not registered" error and of the same problem in
/// ``Container/validate(_:)``.
///
/// When a key is missing, Loom asks every such object kept by the container resolved from and its
/// ancestors, nearest first, after its own explanation of a singleton built above the requester
/// and before its near misses (the same type under another name). The first explanation is the
/// hint. LoomAssembly uses it to name the assembly that expects a key the app did not register,
/// and the feature that registers a key resolved from outside it.
///
/// ```swift
/// final class PluginRegistry: MissingKeyExplaining {
///   let plugins: [String: DependencyKey]
///   init(plugins: [String: DependencyKey]) { self.plugins = plugins }
///
///   func explanation(forMissing key: DependencyKey, in container: Container) -> String? {
///     guard let plugin = plugins.first(where: { $0.value == key })?.key else { return nil }
///     return "\(key) is provided by the plugin \"\(plugin)\": load it before resolving."
///   }
/// }
/// ```
@_spi(LoomInternals)
public protocol MissingKeyExplaining: AnyObject, Sendable {
  /// Why `key` has no registration that `container` can see, with what to do about it, or `nil`
  /// when this object cannot tell.
  ///
  /// Called on the error path only, never while a lock of the container is held.
  ///
  /// ```swift
  /// explainer.explanation(forMissing: DependencyKey(HTTPClient.self), in: container)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key that has no registration.
  ///   - container: The container that keeps this object.
  /// - Returns: The whole hint (a sentence that says what to register or resolve), or `nil`.
  func explanation(forMissing key: DependencyKey, in container: Container) -> String?
}

extension Container {
  /// The first explanation of a missing `key` by the ``MissingKeyExplaining`` objects of this
  /// container and its ancestors, nearest first.
  func explainerHint(for key: DependencyKey) -> String? {
    var container: Container? = self
    while let current = container {
      let explainers = current.registry.withLock { state in
        state.extensions.values.compactMap { $0 as? any MissingKeyExplaining }
      }
      for explainer in explainers {
        if let hint = explainer.explanation(forMissing: key, in: current) { return hint }
      }
      container = current.parent
    }
    return nil
  }
}
