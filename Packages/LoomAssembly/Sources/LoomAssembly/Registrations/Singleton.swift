public import Loom

/// Registers a dependency with one instance per container, made on first use.
///
/// A registration-DSL component that calls the core's `register` with the `singleton` lifetime:
/// one instance per container that holds it, made on first use. Use it in
/// ``Assembly/registrations`` or in a ``Registrations`` block.
///
/// ```swift
/// Singleton((any APIClient).self, LiveAPIClient.init)
/// Singleton(Config.self) { _ in Config(baseURL: baseURL) }
/// ```
public struct Singleton: LifetimeComponent {
  /// `.singleton`.
  ///
  /// ```swift
  /// Singleton.lifetime  // .singleton
  /// ```
  public static var lifetime: Lifetime { .singleton }

  /// The registration to make. Plumbing; not API.
  ///
  /// ```swift
  /// let recipe = Singleton(Clock.self) { _ in SystemClock() }._recipe
  /// ```
  @_documentation(visibility: private)
  public let _recipe: _RegistrationRecipe

  /// Makes a component from a recipe. Use the initializers of ``LifetimeComponent`` instead.
  ///
  /// ```swift
  /// let copy = Singleton(_recipe: recipe)
  /// ```
  @_documentation(visibility: private)
  public init(_recipe: _RegistrationRecipe) {
    self._recipe = _recipe
  }
}
