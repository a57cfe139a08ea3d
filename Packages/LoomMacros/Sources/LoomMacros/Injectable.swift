/// A type the container can make with no factory closure: `@Injectable` or `@Bind` wrote how.
///
/// Don't conform by hand: attach ``Injectable()`` to the type, and register it by type:
///
/// ```swift
/// @Injectable
/// final class UserService: Sendable {
///   init(api: any APIClient, database: Database) { ... }
/// }
///
/// container.register(UserService.self, lifetime: .singleton)
/// ```
///
/// A type that is not `Sendable` can be `@Injectable` too: it registers with a
/// `ConfinedLifetime` (transient unless stated), since sharing one instance of it could race.
public protocol Injectable: _InjectableMetatype {
  /// How the container makes an instance: the factory written from the chosen initializer and
  /// the keys it resolves. Written by the macro.
  ///
  /// ```swift
  /// let keys = UserService._injection  // what register(UserService.self) registers
  /// ```
  @_documentation(visibility: private)
  static var _injection: _Injection<Self> { get }
}

/// How the container makes an `Injectable` value: its factory, of the kind the initializer needs
/// (synchronous, asynchronous or main-actor), and the keys the factory resolves.
///
/// Plumbing for the code `@Injectable` writes.
///
/// ```swift
/// static var _injection: _Injection<UserService> {
///   .sync(dependencies: [DependencyKey(Database.self)]) { r in
///     try UserService(database: r.tryResolve(Database.self))
///   }
/// }
/// ```
@_documentation(visibility: private)
public struct _Injection<Value>: Sendable {
  @usableFromInline
  enum Factory: Sendable {
    case sync(@Sendable (Resolver) throws -> sending Value)
    case async(@Sendable (Resolver) async throws -> sending Value)
    case mainActor(@MainActor @Sendable (Resolver) throws -> sending Value)
  }

  @usableFromInline let dependencies: [DependencyKey]
  @usableFromInline let factory: Factory

  /// A synchronous factory.
  ///
  /// ```swift
  /// .sync(dependencies: []) { _ in Clock() }
  /// ```
  ///
  /// - Parameters:
  ///   - dependencies: The keys `make` resolves.
  ///   - make: Makes the value.
  /// - Returns: The injection.
  public static func sync(
    dependencies: [DependencyKey], _ make: @escaping @Sendable (Resolver) throws -> sending Value
  ) -> Self {
    Self(dependencies: dependencies, factory: .sync(make))
  }

  /// An asynchronous factory, for an `async` initializer.
  ///
  /// ```swift
  /// .async(dependencies: []) { _ in await Store() }
  /// ```
  ///
  /// - Parameters:
  ///   - dependencies: The keys `make` resolves.
  ///   - make: Makes the value.
  /// - Returns: The injection.
  public static func async(
    dependencies: [DependencyKey],
    _ make: @escaping @Sendable (Resolver) async throws -> sending Value
  ) -> Self {
    Self(dependencies: dependencies, factory: .async(make))
  }

  /// A factory that runs on the main actor, for a `@MainActor` type.
  ///
  /// ```swift
  /// .mainActor(dependencies: []) { _ in ProfileModel() }
  /// ```
  ///
  /// - Parameters:
  ///   - dependencies: The keys `make` resolves.
  ///   - make: Makes the value on the main actor.
  /// - Returns: The injection.
  public static func mainActor(
    dependencies: [DependencyKey],
    _ make: @escaping @MainActor @Sendable (Resolver) throws -> sending Value
  ) -> Self {
    Self(dependencies: dependencies, factory: .mainActor(make))
  }
}

#if compiler(>=6.2)
  /// What ``Injectable`` refines: a metatype that may cross isolation domains (SE-0470), so that
  /// a factory made for an `Injectable` type that is not `Sendable` can capture the type.
  ///
  /// Plumbing: a type gets it by being `@Injectable`.
  ///
  /// ```swift
  /// func isInjectable<T: _InjectableMetatype>(_: T.Type) {}
  /// ```
  @_documentation(visibility: private)
  public typealias _InjectableMetatype = SendableMetatype
#else
  /// What ``Injectable`` refines: nothing before Swift 6.2, which has no `SendableMetatype`.
  ///
  /// Plumbing: a type gets it by being `@Injectable`.
  ///
  /// ```swift
  /// func isInjectable<T: _InjectableMetatype>(_: T.Type) {}
  /// ```
  @_documentation(visibility: private)
  public protocol _InjectableMetatype {}
#endif
