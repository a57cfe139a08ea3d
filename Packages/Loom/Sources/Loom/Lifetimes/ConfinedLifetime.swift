/// The lifetime of a value that is not `Sendable`: one that never leaves the isolation it is made
/// for, so sharing it cannot race.
///
/// A registration of a type that is not `Sendable` (a class holding a `URLSession`, a protocol
/// that does not refine `Sendable`, a struct holding `[String: Any]`) takes a `ConfinedLifetime`
/// rather than a ``Lifetime``; Swift picks that `register` by itself, from the type. What it
/// accepts:
///
/// | lifetime | instances |
/// | --- | --- |
/// | ``transient`` (the default) | a new one for every resolve, handed over to its caller |
/// | ``graph`` | one within a single top-level resolve, handed over with what it was built into |
/// | ``mainActor(_:)`` | a cached lifetime whose instance is made and shared on the main actor only |
/// | ``unchecked(_:)`` | a cached lifetime Loom trusts you to share safely: the opt-out |
///
/// A cached ``Lifetime`` (``Lifetime/singleton`` and the others) with such a type does not compile:
/// Swift reports that the type does not conform to `Sendable`, at the registration. The ways out,
/// smallest first: register it ``transient``; share it on the main actor (``mainActor(_:)``) if it
/// is used there; make it `Sendable` (or isolate the type to a global actor, which makes it
/// `Sendable`); or, for code that shares it today and cannot change yet, ``unchecked(_:)``.
///
/// ```swift
/// final class HTTPClient { let session: URLSession }  // not Sendable
/// @MainActor protocol ProfileModeling: AnyObject { var name: String { get } }
///
/// container.register(HTTPClient.self) { _ in HTTPClient(session: .shared) }  // transient
/// container.register((any ProfileModeling).self, lifetime: .mainActor(.singleton)) { r in
///   ProfileModel(users: try r.tryResolve())
/// }
/// ```
public struct ConfinedLifetime: Sendable, Hashable, CustomStringConvertible {
  /// How a registration's values may be shared, as its lifetime says.
  @usableFromInline
  enum Sharing: Sendable, Hashable {
    /// `Sendable` values (a registration with a ``Lifetime``): shared as the lifetime says.
    case sendable
    /// Never shared: a transient or `.graph` instance is handed over to the resolve that made it.
    case unshared
    /// Shared on the main actor only.
    case mainActor
    /// Shared wherever it is resolved, on the user's word.
    case unchecked
  }

  /// The lifetime that keeps the instances.
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let sharing: Sharing

  @usableFromInline
  init(_ lifetime: Lifetime, sharing: Sharing) {
    self.lifetime = lifetime
    self.sharing = sharing
  }

  /// A new instance for every resolve, handed over to the caller (the default).
  ///
  /// ```swift
  /// container.register(HTTPClient.self, lifetime: .transient) { _ in HTTPClient(session: .shared) }
  /// ```
  public static let transient = ConfinedLifetime(.transient, sharing: .unshared)

  /// One instance within a single top-level resolve, shared by what that resolve builds and
  /// handed over with it.
  ///
  /// Everything the instance is shared with reaches the caller together, as one value. Swift
  /// cannot see that sharing: a factory that sends such a dependency to another isolation (a
  /// `Task`, an actor) while the rest of the resolve keeps it would race. Keep `.graph` values
  /// inside what the resolve builds.
  ///
  /// ```swift
  /// container.register(UnitOfWork.self, lifetime: .graph) { _ in UnitOfWork() }
  /// ```
  public static let graph = ConfinedLifetime(.graph, sharing: .unshared)

  /// A cached lifetime whose instance is made on the main actor and served only there.
  ///
  /// For a value that is used on the main actor: the existential of a `@MainActor` protocol, a
  /// view-model type that is not isolated itself. A synchronous resolve off the main actor fails
  /// with ``ResolutionError/Code/asyncRequired``, and so does an `await` resolve (it cannot
  /// hand the shared instance to an unknown caller): resolve it from the main actor.
  /// ``Container/bootstrap()`` builds `.mainActor(.eagerSingleton)` on the main actor.
  ///
  /// ```swift
  /// @MainActor func configure(_ container: Container) {
  ///   container.register((any ProfileModeling).self, lifetime: .mainActor(.singleton)) { r in
  ///     ProfileModel(users: try r.tryResolve())
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter lifetime: The cached lifetime (``Lifetime/singleton``, ``Lifetime/weak``, a
  ///   custom lifetime...); a transient or `.graph` one needs no actor and stays what it is.
  /// - Returns: The lifetime, confined to the main actor.
  public static func mainActor(_ lifetime: Lifetime) -> ConfinedLifetime {
    ConfinedLifetime(lifetime, sharing: lifetime.isCached ? .mainActor : .unshared)
  }

  /// A cached lifetime for a value that is not `Sendable`, shared wherever it is resolved: the one
  /// place where Loom trusts you rather than the compiler.
  ///
  /// This is what Factory and Swinject do for every registration, silently. Use it for legacy
  /// code that shares such an instance today and guards it itself (a lock, a queue, or "only
  /// ever touched from one thread"), while you move it to one of the safe forms. Like
  /// `nonisolated(unsafe)`, the word is in the spelling, so a search finds every one;
  /// ``Container/dump()`` counts them, and the graph marks them.
  ///
  /// ```swift
  /// // NB: ImageCache guards its dictionary with its own lock.
  /// container.register(ImageCache.self, lifetime: .unchecked(.singleton)) { _ in ImageCache() }
  /// ```
  ///
  /// - Parameter lifetime: The cached lifetime to trust.
  /// - Returns: The lifetime, unchecked.
  public static func unchecked(_ lifetime: Lifetime) -> ConfinedLifetime {
    ConfinedLifetime(lifetime, sharing: lifetime.isCached ? .unchecked : .unshared)
  }

  /// The lifetime's name: `transient`, `graph`, `singleton on the main actor`,
  /// `unchecked singleton`.
  ///
  /// ```swift
  /// print(ConfinedLifetime.mainActor(.singleton))  // singleton on the main actor
  /// ```
  public var description: String {
    switch sharing {
    case .sendable, .unshared: lifetime.description
    case .mainActor: "\(lifetime) on the main actor"
    case .unchecked: "unchecked \(lifetime)"
    }
  }
}
