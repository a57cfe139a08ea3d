/// Makes a class, struct or actor registrable by type, with no factory closure.
///
/// The macro reads the type's initializer (the only one, the one marked ``InjectableInit()``, or
/// the implicit one) and writes the conformance to ``Injectable`` that makes
/// `container.register(UserService.self, lifetime: .singleton)` work. Each parameter is resolved
/// by type, or from the registration ``Named`` gives; parameters with a default value are left
/// out. `Lazy<T>` and `Provider<T>` parameters are deferred. An `async` initializer registers an
/// asynchronous factory, a `throws` one a throwing factory, and a `@MainActor` type a main-actor
/// one. The registration declares the keys it resolves, so `container.graph` and `validate()`
/// see its edges before anything runs.
///
/// ```swift
/// @Injectable
/// final class UserService: Sendable {
///   init(api: any APIClient, @Named("users") database: Database, retries: Int = 3) { ... }
/// }
///
/// container.register(UserService.self, lifetime: .singleton)
/// ```
///
/// A class must be `final`. Generic types are not supported.
@attached(extension, conformances: Injectable, names: named(_injection))
public macro Injectable() = #externalMacro(module: "LoomMacrosPlugin", type: "InjectableMacro")

/// Marks the initializer the container calls, in an ``Injectable()`` or ``Bind(lifetime:)``
/// type with several initializers.
///
/// ```swift
/// @Injectable
/// final class Cache: Sendable {
///   @InjectableInit init(storage: Storage) { ... }
///   init(testing: Bool) { ... }
/// }
/// ```
@attached(peer)
public macro InjectableInit() =
  #externalMacro(module: "LoomMacrosPlugin", type: "InjectableInitMacro")

/// Registers the type under its own key in every container that installs discovered bindings,
/// from wherever the type is declared.
///
/// The type becomes ``Injectable`` (as with ``Injectable()``), and a link-time record makes the
/// binding part of `Container.discoveredBindings` when the program starts. `Container.default`
/// installs the bindings before its first use; other containers install them with
/// `installDiscoveredBindings()`.
///
/// ```swift
/// @Bind(lifetime: .singleton)
/// final class Analytics: Sendable { init(api: any APIClient) { ... } }
/// ```
///
/// Linux and (untested) Darwin only; the compiler warns elsewhere. The record is a C function
/// pointer in the image's initializer table, so only images that load are seen.
///
/// - Parameter lifetime: How long instances live; the installing container's `defaultLifetime`
///   (transient unless changed) when omitted.
@attached(extension, conformances: Injectable, names: named(_injection), arbitrary)
public macro Bind(lifetime: Lifetime? = nil) =
  #externalMacro(module: "LoomMacrosPlugin", type: "BindMacro")

/// Registers the type under a type key, such as a protocol it implements, from wherever the type
/// is declared.
///
/// ```swift
/// // In a feature module that only sees the protocol:
/// @Bind((any PaymentService).self, lifetime: .singleton)
/// final class StripePayments: PaymentService { init(api: any APIClient) { ... } }
///
/// // In the app:
/// let payments = Container.default.resolve((any PaymentService).self)
/// ```
///
/// Two bindings of one key are an error naming both types and files: `installDiscoveredBindings()`
/// throws it, and in `Container.default` resolving the key throws it.
///
/// - Parameters:
///   - key: The type the binding registers; the implementation must convert to it.
///   - name: A name that tells apart several registrations of the same type.
///   - lifetime: How long instances live; the installing container's `defaultLifetime`
///     (transient unless changed) when omitted.
@attached(extension, conformances: Injectable, names: named(_injection), arbitrary)
public macro Bind<Key>(_ key: Key.Type, name: String? = nil, lifetime: Lifetime? = nil) =
  #externalMacro(module: "LoomMacrosPlugin", type: "BindMacro")

/// Registers the type under a key-path dependency, from wherever the type is declared.
///
/// ```swift
/// @Bind(\.api, lifetime: .singleton)
/// final class LiveAPIClient: APIClient { init(http: HTTPClient) { ... } }
/// ```
///
/// - Parameters:
///   - keyPath: The key path to the `Dependency` the binding registers.
///   - lifetime: How long instances live; the declaration's lifetime when omitted.
@attached(extension, conformances: Injectable, names: named(_injection), arbitrary)
public macro Bind<Value: Sendable>(_ keyPath: DependencyKeyPath<Value>, lifetime: Lifetime? = nil) =
  #externalMacro(module: "LoomMacrosPlugin", type: "BindMacro")

/// Makes a type whose ``Provides(name:lifetime:)`` methods are registrations an `Assembly`,
/// Dagger style.
///
/// Each `@Provides` method becomes a registration in `assemble(into:)`: its return type is the
/// key, its parameters are resolved (by type, or as ``Named`` says), and the registration
/// declares them as its dependencies. Install the module like any assembly.
///
/// ```swift
/// @Module
/// struct NetworkModule {
///   let baseURL: URL
///
///   @Provides(lifetime: .singleton)
///   func config() -> Config { Config(baseURL: baseURL) }
///
///   @Provides(lifetime: .singleton)
///   func http(config: Config) -> HTTPClient { HTTPClient(config: config) }
///
///   @Provides(name: "primary")
///   func api(http: HTTPClient) async throws -> any APIClient { try await LiveAPIClient(http) }
/// }
///
/// container.install { NetworkModule(baseURL: url) }
/// ```
@attached(extension, conformances: Assembly, names: named(assemble))
public macro Module() = #externalMacro(module: "LoomMacrosPlugin", type: "ModuleMacro")

/// Marks a method of a ``Module()`` type as a registration of its return type.
///
/// The method may be `async`, `throws`, `static` or `@MainActor`; parameters with a default value
/// are left out.
///
/// ```swift
/// @Provides(name: "archive", lifetime: .singleton)
/// func archive(config: Config) throws -> Database { try Database(path: config.archivePath) }
/// ```
///
/// - Parameters:
///   - name: A name that tells apart several registrations of the same type.
///   - lifetime: How long instances live; the container's `defaultLifetime` (transient unless
///     changed) when omitted.
@attached(peer)
public macro Provides(name: String? = nil, lifetime: Lifetime? = nil) =
  #externalMacro(module: "LoomMacrosPlugin", type: "ProvidesMacro")
