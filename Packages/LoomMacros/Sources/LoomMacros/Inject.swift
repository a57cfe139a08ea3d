/// Injects the dependency registered for the property's type, resolved on first access and kept.
///
/// `@Inject` has the semantics of Loom's `@Injected` property wrapper (it captures the container
/// current when the owner is made, resolves on first access, keeps the instance and is safe to
/// read from any thread), without a mutable stored property: the property becomes computed and
/// its storage is a private `let`. So it works in a `Sendable` class, an actor or a `@MainActor`
/// type, where `@Injected` cannot, as well as in a class that is not `Sendable`; the property's
/// type need not be `Sendable` either (the owner then is not).
///
/// ```swift
/// final class ProfileModel: Sendable {
///   @Inject var api: any APIClient
///   @Inject(name: "users") var database: Database
///   @Inject(\.analytics) var analytics: any Analytics
///   @Inject var crashes: (any CrashReporter)?  // nil when nothing is registered
/// }
/// ```
///
/// An optional type makes the property optional: it reads `nil` when its type is not registered
/// (like `@OptionalInjected`). Use ``WeakInject()`` to hold the instance weakly.
///
/// Written on an initializer of an ``Injectable()`` type, `@Inject` marks the initializer the
/// container calls, and expands to nothing.
///
/// > Important: Reading the property traps with the message of the `ResolutionError` if the
/// > dependency cannot be resolved; `try _api.get()` throws it instead.
@attached(accessor)
@attached(peer, names: prefixed(_))
public macro Inject() = #externalMacro(module: "LoomMacrosPlugin", type: "InjectMacro")

/// Injects the dependency registered for the property's type with `name`.
///
/// ```swift
/// final class Backup: Sendable {
///   @Inject(name: "archive") var database: Database
/// }
/// ```
///
/// - Parameter name: The name the dependency was registered with.
@attached(accessor)
@attached(peer, names: prefixed(_))
public macro Inject(name: String) = #externalMacro(module: "LoomMacrosPlugin", type: "InjectMacro")

/// Injects a key-path dependency declared in an extension of `Container`.
///
/// ```swift
/// final class Checkout: Sendable {
///   @Inject(\.analytics) var analytics: any Analytics
/// }
/// ```
///
/// - Parameter keyPath: The key path to the `Dependency` property.
@attached(accessor)
@attached(peer, names: prefixed(_))
public macro Inject<Value>(_ keyPath: DependencyKeyPath<Value>) =
  #externalMacro(module: "LoomMacrosPlugin", type: "InjectMacro")

/// Injects the dependency registered for the property's type, held weakly.
///
/// The property's type must be optional: once everyone else released the instance, it reads
/// `nil`, and it reads `nil` while nothing is registered for its key. It has the semantics of
/// `@WeakInjected`, with no mutable stored property.
///
/// ```swift
/// final class DetailModel: Sendable {
///   @WeakInject var coordinator: AppCoordinator?
/// }
/// ```
///
/// > Important: A read traps with the message of the `ResolutionError` if the dependency is
/// > registered but cannot be resolved; `try _coordinator.get()` throws it instead (a missing
/// > registration included).
@attached(accessor)
@attached(peer, names: prefixed(_))
public macro WeakInject() = #externalMacro(module: "LoomMacrosPlugin", type: "WeakInjectMacro")

/// Injects the dependency registered for the property's type with `name`, held weakly.
///
/// ```swift
/// @WeakInject(name: "root") var coordinator: AppCoordinator?
/// ```
///
/// - Parameter name: The name the dependency was registered with.
@attached(accessor)
@attached(peer, names: prefixed(_))
public macro WeakInject(name: String) =
  #externalMacro(module: "LoomMacrosPlugin", type: "WeakInjectMacro")

/// Injects a key-path dependency, held weakly.
///
/// ```swift
/// final class DetailModel: Sendable {
///   @WeakInject(\.coordinator) var coordinator: AppCoordinator?
/// }
/// ```
///
/// - Parameter keyPath: The key path to the `Dependency` property.
@attached(accessor)
@attached(peer, names: prefixed(_))
public macro WeakInject<Value: AnyObject & Sendable>(_ keyPath: DependencyKeyPath<Value>) =
  #externalMacro(module: "LoomMacrosPlugin", type: "WeakInjectMacro")
