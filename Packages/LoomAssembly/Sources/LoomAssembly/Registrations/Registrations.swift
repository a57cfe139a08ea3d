public import Loom

/// A list of registrations written with the registration DSL, made in order.
///
/// It is what an ``Assembly``'s ``Assembly/registrations`` returns; write one directly to use the
/// DSL anywhere, for example in ``Assembly/assemble(into:)``.
///
/// ```swift
/// Registrations {
///   Singleton(Database.self, Database.init)
///   Transient(Request.self) { r in Request(database: try r.tryResolve()) }
/// }
/// .register(into: container)
/// ```
public struct Registrations: RegistrationComponent {
  private let components: [any RegistrationComponent]

  /// Makes the list from a ``RegistrationBuilder`` block.
  ///
  /// ```swift
  /// let registrations = Registrations {
  ///   Singleton(Clock.self) { _ in SystemClock() }
  /// }
  /// ```
  ///
  /// - Parameter content: The registrations, in order.
  public init(@RegistrationBuilder _ content: () -> Registrations) {
    self = content()
  }

  init(components: [any RegistrationComponent]) {
    self.components = components
  }

  /// Makes every registration in `container`, in order: a later registration of a key replaces
  /// an earlier one.
  ///
  /// ```swift
  /// Registrations { Singleton(Clock.self) { _ in SystemClock() } }.register(into: container)
  /// ```
  ///
  /// - Parameter container: The container to register into.
  public func register(into container: Container) {
    for component in components {
      component.register(into: container)
    }
  }
}
