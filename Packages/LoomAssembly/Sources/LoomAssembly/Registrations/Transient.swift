public import Loom

/// Registers a dependency made anew for every resolve.
///
/// A registration-DSL component that calls the core's `register` with the `transient` lifetime:
/// a new instance for every resolve. Use it in ``Assembly/registrations`` or in a
/// ``Registrations`` block.
///
/// ```swift
/// Transient(Request.self) { r in Request(client: try r.tryResolve()) }
/// Transient(Request.self, Request.init)
/// ```
public struct Transient: LifetimeComponent {
  /// `.transient`.
  ///
  /// ```swift
  /// Transient.lifetime  // .transient
  /// ```
  public static var lifetime: Lifetime { .transient }

  /// The registration to make. Plumbing; not API.
  ///
  /// ```swift
  /// let recipe = Transient(Clock.self) { _ in SystemClock() }._recipe
  /// ```
  @_documentation(visibility: private)
  public let _recipe: _RegistrationRecipe

  /// Makes a component from a recipe. Use the initializers of ``LifetimeComponent`` instead.
  ///
  /// ```swift
  /// let copy = Transient(_recipe: recipe)
  /// ```
  @_documentation(visibility: private)
  public init(_recipe: _RegistrationRecipe) {
    self._recipe = _recipe
  }
}
