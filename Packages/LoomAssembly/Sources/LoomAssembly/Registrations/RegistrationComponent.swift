public import Loom

/// A piece of the registration DSL: something that registers into a container.
///
/// ``Singleton``, ``Transient``, ``Weak``, ``Register`` and ``Registrations`` are components.
/// Conform a type of your own to group registrations you reuse.
///
/// ```swift
/// struct InMemoryStore<Value: Sendable>: RegistrationComponent {
///   func register(into container: Container) {
///     container.register(Store<Value>.self, lifetime: .singleton) { _ in Store() }
///   }
/// }
///
/// var registrations: Registrations {
///   InMemoryStore<User>()
///   Singleton(UserService.self, UserService.init)
/// }
/// ```
public protocol RegistrationComponent {
  /// Makes the component's registrations in `container`.
  ///
  /// ```swift
  /// Singleton(Clock.self) { _ in SystemClock() }.register(into: container)
  /// ```
  ///
  /// - Parameter container: The container to register into.
  func register(into container: Container)
}
