public import Loom

/// Registers a dependency shared while someone holds it, and made again after it was released.
///
/// A registration-DSL component that calls the core's `register` with the `weak` lifetime:
/// shared while someone else holds it, made again after it was released. Use it in
/// ``Assembly/registrations`` or in a ``Registrations`` block.
///
/// ```swift
/// Weak(ImageCache.self) { _ in ImageCache(capacity: 100) }
/// Weak(ImageCache.self, ImageCache.init)
/// ```
public struct Weak: LifetimeComponent {
  /// `.weak`.
  ///
  /// ```swift
  /// Weak.lifetime  // .weak
  /// ```
  public static var lifetime: Lifetime { .weak }

  /// The registration to make. Plumbing; not API.
  ///
  /// ```swift
  /// let recipe = Weak(Clock.self) { _ in SystemClock() }._recipe
  /// ```
  @_documentation(visibility: private)
  public let _recipe: _RegistrationRecipe

  /// Makes a component from a recipe. Use the initializers of ``LifetimeComponent`` instead.
  ///
  /// ```swift
  /// let copy = Weak(_recipe: recipe)
  /// ```
  @_documentation(visibility: private)
  public init(_recipe: _RegistrationRecipe) {
    self._recipe = _recipe
  }
}
