public import Loom

/// A type that makes its registrations in a static `register(into:)`, with no instance to create.
///
/// Install it by writing its type in an ``AssemblyBuilder`` block, next to assemblies. Its
/// registrations are attributed to the type's name in `dump()`, and, as a requirement or not, it
/// behaves like an ``Assembly`` of that name with no requirements. A module is a type, usually a
/// caseless enum; it is `Sendable` so that its type can be installed from any thread.
///
/// ```swift
/// enum AnalyticsModule: StaticModule {
///   static func register(into container: Container) {
///     container.register(lifetime: .singleton, Analytics.init)
///   }
/// }
///
/// container.install {
///   NetworkAssembly(baseURL: url)
///   AnalyticsModule.self
/// }
/// ```
public protocol StaticModule: Sendable {
  /// Makes the module's registrations in `container`.
  ///
  /// ```swift
  /// static func register(into container: Container) {
  ///   container.register(Clock.self, lifetime: .singleton) { _ in SystemClock() }
  /// }
  /// ```
  ///
  /// - Parameter container: The container to register into.
  static func register(into container: Container)
}
