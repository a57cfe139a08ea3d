public import Loom

/// A type that registers a coherent set of dependencies: one module of an app's wiring.
///
/// Describe the registrations declaratively in ``registrations``, or imperatively in
/// ``assemble(into:)``; install assemblies with `Container.install(_:)`. Every registration
/// an assembly makes is attributed to its ``name``, so `dump()` shows which assembly registered
/// each key, and which one it replaced.
///
/// ```swift
/// struct NetworkAssembly: Assembly {
///   let baseURL: URL
///
///   var registrations: Registrations {
///     Singleton(Config.self) { _ in Config(baseURL: baseURL) }
///     Singleton(HTTPClient.self, HTTPClient.init)  // init(config: Config)
///     Transient(Request.self) { r in Request(client: try r.tryResolve()) }
///   }
/// }
///
/// container.install { NetworkAssembly(baseURL: url) }
/// ```
///
/// An assembly can declare the assemblies it needs (``requirements``, installed before it, once
/// per container) and the keys it expects the app to provide (``expectedKeys``), so that it can be
/// checked alone with ``validate()``.
public protocol Assembly: Sendable {
  /// The name that `dump()` shows next to each registration the assembly makes.
  ///
  /// Together with the assembly's type it also identifies a requirement: a requirement with the
  /// same type and name as an assembly already installed is not installed again. Defaults to the
  /// type's name; give parameterised assemblies a name of their own.
  ///
  /// ```swift
  /// struct PluginAssembly: Assembly {
  ///   let id: String
  ///   var name: String { "PluginAssembly(\(id))" }
  /// }
  /// ```
  var name: String { get }

  /// The assemblies this one needs, installed before it, once per container.
  ///
  /// A requirement is skipped when an assembly of the same type and ``name`` was installed
  /// already, in this container or an ancestor, however many assemblies require it. Defaults to
  /// none.
  ///
  /// ```swift
  /// struct CheckoutAssembly: Assembly {
  ///   var requirements: [any Assembly] {
  ///     NetworkAssembly(baseURL: .production)
  ///     StorageAssembly()
  ///   }
  /// }
  /// ```
  @AssemblyBuilder var requirements: [any Assembly] { get }

  /// The lifetime of the assembly's registrations that name none (those its ``assemble(into:)``
  /// makes with the core's API; the registration DSL always names one), or `nil` for the container's
  /// `Container.defaultLifetime` (the default): for a module whose registrations are
  /// mostly of one lifetime, as a Swinject container made with `defaultObjectScope:` or a Factory
  /// container subclass with its own default scope.
  ///
  /// ```swift
  /// struct NetworkAssembly: Assembly {
  ///   var defaultLifetime: Lifetime? { .singleton }
  ///   func assemble(into container: Container) {
  ///     container.register(HTTPClient.init)   // a singleton
  ///     container.register(ImageCache.init)   // a singleton
  ///   }
  /// }
  /// ```
  var defaultLifetime: Lifetime? { get }

  /// The keys this assembly resolves but leaves to the app to register.
  ///
  /// ``validate()`` treats them as present. Defaults to none.
  ///
  /// ```swift
  /// var expectedKeys: [DependencyKey] { [DependencyKey(Config.self)] }
  /// ```
  var expectedKeys: [DependencyKey] { get }

  /// The registrations of a declarative assembly, written with the registration DSL.
  ///
  /// The default ``assemble(into:)`` registers them; an assembly that implements
  /// ``assemble(into:)`` itself ignores them unless it registers them there. Defaults to none.
  ///
  /// ```swift
  /// var registrations: Registrations {
  ///   Singleton(Database.self, Database.init)
  ///   Weak(ImageCache.self) { _ in ImageCache() }
  /// }
  /// ```
  @RegistrationBuilder var registrations: Registrations { get }

  /// Makes the assembly's registrations in `container`.
  ///
  /// `Container.install(_:)` calls it once its requirements are installed, inside
  /// `Container.withRegistrationOrigin(name)`; don't call it yourself, or the registrations are
  /// not attributed to the assembly. The default registers ``registrations``. Implement it to use
  /// the whole registration API of the core, or to compute the wiring.
  ///
  /// ```swift
  /// struct AnalyticsAssembly: Assembly {
  ///   func assemble(into container: Container) {
  ///     container.register(lifetime: .singleton, Analytics.init)
  ///     container.addStartupTask("Start analytics") { r in
  ///       try r.tryResolve(Analytics.self).start()
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter container: The container to register into.
  func assemble(into container: Container)

  /// Swinject's name for ``assemble(into:)``, kept so that an assembly ported from Swinject
  /// registers what it says instead of nothing.
  ///
  /// The default ``assemble(into:)`` calls it after registering ``registrations``, and
  /// `Container.install(_:)` warns in debug builds that it should be renamed. Don't implement it
  /// in new code; implement ``assemble(into:)``, which replaces it.
  ///
  /// ```swift
  /// struct NetworkAssembly: Assembly {
  ///   func assemble(container: Container) {  // warns: rename it assemble(into:)
  ///     container.register(lifetime: .singleton, HTTPClient.init)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter container: The container to register into.
  func assemble(container: Container)
}

extension Assembly {
  /// The type's name, such as `NetworkAssembly`.
  ///
  /// ```swift
  /// NetworkAssembly(baseURL: url).name  // "NetworkAssembly"
  /// ```
  public var name: String { String(describing: Self.self) }

  /// No requirements.
  ///
  /// ```swift
  /// StorageAssembly().requirements.isEmpty  // true
  /// ```
  public var requirements: [any Assembly] { [] }

  /// The container's default lifetime.
  ///
  /// ```swift
  /// StorageAssembly().defaultLifetime  // nil
  /// ```
  public var defaultLifetime: Lifetime? { nil }

  /// No expected keys.
  ///
  /// ```swift
  /// StorageAssembly().expectedKeys.isEmpty  // true
  /// ```
  public var expectedKeys: [DependencyKey] { [] }

  /// No registrations.
  ///
  /// ```swift
  /// struct EmptyAssembly: Assembly {}
  /// ```
  public var registrations: Registrations { Registrations {} }

  /// Registers ``registrations`` into `container`.
  ///
  /// ```swift
  /// container.install { NetworkAssembly(baseURL: url) }  // calls it for you
  /// ```
  ///
  /// - Parameter container: The container to register into.
  public func assemble(into container: Container) {
    registrations.register(into: container)
    SwinjectSpelling.current?.defaultAssembleIntoRan()
    assemble(container: container)
  }

  /// Nothing: an assembly implements ``assemble(into:)``.
  ///
  /// ```swift
  /// struct EmptyAssembly: Assembly {}  // assemble(container:) does nothing
  /// ```
  ///
  /// - Parameter container: The container to register into.
  public func assemble(container: Container) {
    SwinjectSpelling.current?.defaultAssembleContainerRan()
  }
}
