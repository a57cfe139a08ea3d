/// Names the registration an initializer parameter of an `@Injectable` type (or a `@Provides`
/// method's parameter) is resolved from: a named type key, or a key-path dependency.
///
/// `@Named` is a property wrapper that changes nothing for callers or for the body: the
/// parameter keeps its type and its value. `@Injectable`, `@Bind` and `@Module` read it to choose
/// the key, and declare that key as the registration's dependency.
///
/// ```swift
/// @Injectable
/// final class Backup: Sendable {
///   init(
///     @Named("archive") database: Database,   // resolve(Database.self, name: "archive")
///     @Named(\.clock) clock: any Clock,       // resolve(\.clock)
///     @Named("remote") uploads: Lazy<Uploader> // a lazy handle to Uploader named "remote"
///   ) { ... }
/// }
/// ```
@propertyWrapper
public struct Named<Value> {
  /// The parameter's value, as the caller passed it.
  ///
  /// ```swift
  /// init(@Named("archive") database: Database) { self.database = database }
  /// ```
  public let wrappedValue: Value

  /// Resolves the parameter from the registration of its type with `name`.
  ///
  /// ```swift
  /// init(@Named("archive") database: Database)
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The parameter's value.
  ///   - name: The name the dependency is registered with.
  public init(wrappedValue: Value, _ name: String) {
    self.wrappedValue = wrappedValue
  }

  /// Resolves the parameter from a key-path dependency of the same type.
  ///
  /// ```swift
  /// init(@Named(\.clock) clock: any Clock)
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The parameter's value.
  ///   - keyPath: The key path to the `Dependency` property.
  public init(wrappedValue: Value, _ keyPath: DependencyKeyPath<Value>) where Value: Sendable {
    self.wrappedValue = wrappedValue
  }

  /// Resolves a `Lazy` parameter from a key-path dependency of its value's type.
  ///
  /// ```swift
  /// init(@Named(\.clock) clock: Lazy<any Clock>)
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The parameter's value.
  ///   - keyPath: The key path to the `Dependency` property.
  public init<Target: Sendable>(wrappedValue: Value, _ keyPath: DependencyKeyPath<Target>)
  where Value == Lazy<Target> {
    self.wrappedValue = wrappedValue
  }

  /// Resolves a `Provider` parameter from a key-path dependency of its value's type.
  ///
  /// ```swift
  /// init(@Named(\.request) makeRequest: Provider<Request>)
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The parameter's value.
  ///   - keyPath: The key path to the `Dependency` property.
  public init<Target: Sendable>(wrappedValue: Value, _ keyPath: DependencyKeyPath<Target>)
  where Value == Provider<Target> {
    self.wrappedValue = wrappedValue
  }
}

extension Named: Sendable where Value: Sendable {}
