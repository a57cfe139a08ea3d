/// How long an instance made by a registration lives, and who shares it.
///
/// | lifetime | instances |
/// | --- | --- |
/// | ``transient`` | a new one for every resolve |
/// | ``singleton`` | one per container that holds the registration, made on first use |
/// | ``weak`` | shared while someone else holds it, made again after it was released |
/// | ``graph`` | one within a single top-level resolve, shared by everything that resolve builds |
/// | ``once`` | one for the whole process, shared by every container with the same registration |
/// | ``expiring(after:clock:)`` | like ``singleton``, made again once the duration has passed |
/// | ``custom(_:)`` | cached wherever a ``CustomLifetime`` says (LoomSession's `.session`, `.flow`) |
///
/// ```swift
/// container.register(Database.self, lifetime: .singleton) { _ in SQLiteDatabase() }
/// container.register(Request.self, lifetime: .transient) { _ in Request() }
/// ```
public struct Lifetime: Sendable, Hashable, CustomStringConvertible {
  @usableFromInline
  enum Kind: Sendable {
    case transient
    case singleton
    case weak
    case graph
    case once
    case custom(any CustomLifetime)
  }

  @usableFromInline let kind: Kind
  /// Whether ``Container/bootstrap()`` builds it ahead of first use (``eagerSingleton``).
  ///
  /// ```swift
  /// Lifetime.eagerSingleton.isEager  // true
  /// ```
  public let isEager: Bool

  init(_ kind: Kind, isEager: Bool = false) {
    self.kind = kind
    self.isEager = isEager
  }

  /// A new instance for every resolve.
  ///
  /// ```swift
  /// container.register(Request.self, lifetime: .transient) { _ in Request() }
  /// ```
  public static let transient = Lifetime(.transient)

  /// One instance per container that holds the registration, made on first use.
  ///
  /// The factory runs exactly once, however many threads race for the first instance. A singleton
  /// registered in a parent is shared with its children; its dependencies are resolved in the
  /// container that holds the registration, so a child's overrides never leak into it.
  ///
  /// ```swift
  /// container.register(Database.self, lifetime: .singleton) { _ in SQLiteDatabase() }
  /// ```
  public static let singleton = Lifetime(.singleton)

  /// A ``singleton`` that ``Container/bootstrap()`` builds ahead of first use, concurrently with
  /// the other eager singletons and after those it depends on.
  ///
  /// Until bootstrap (or a first resolve) builds it, it behaves exactly like a singleton. After
  /// bootstrap, even an asynchronous one resolves synchronously: it is a cache hit.
  ///
  /// ```swift
  /// container.register(Database.self, lifetime: .eagerSingleton) { r async throws in
  ///   try await Database.open(r.tryResolve())
  /// }
  /// try await container.bootstrap()
  /// let database = container.resolve(Database.self)  // built already
  /// ```
  public static let eagerSingleton = Lifetime(.singleton, isEager: true)

  /// Shared while someone else holds a strong reference; made again after it was released.
  ///
  /// The value must be a class instance; resolving a weak registration whose factory returns a
  /// struct fails with ``ResolutionError/Code/typeMismatch``.
  ///
  /// ```swift
  /// container.register(ImageCache.self, lifetime: .weak) { _ in ImageCache() }
  /// ```
  public static let weak = Lifetime(.weak)

  /// One instance within a single top-level resolve.
  ///
  /// Everything built by one `resolve` call shares it; the next top-level call makes a new one.
  ///
  /// A ``Lazy`` made while the resolve runs (injected into a factory, or made with `r.lazy()`)
  /// resolves later in the same graph, as Swinject's does: it is served the graph's instances that
  /// something still holds, and an instance it makes joins the graph. After the resolve, the graph
  /// keeps its instances weakly, so a `.graph` instance holding a `Lazy` of its own graph makes no
  /// retain cycle, and an instance nothing holds is freed (the handle then makes a new one). Only
  /// instances of a `Sendable` class join a graph after its resolve; a value type, or a type that
  /// is not `Sendable` (``ConfinedLifetime/graph``), stays in the resolve that made it. A
  /// ``Provider``, and a handle made outside any resolve, start a new graph on each resolve.
  ///
  /// ```swift
  /// container.register(UnitOfWork.self, lifetime: .graph) { _ in UnitOfWork() }
  /// container.register(Checkout.self) { r in
  ///   Checkout(work: try r.tryResolve(), audit: r.lazy(Audit.self))  // Audit takes a UnitOfWork
  /// }
  /// let checkout = container.resolve(Checkout.self)
  /// checkout.audit.value.work === checkout.work  // true: the same graph
  /// ```
  public static let graph = Lifetime(.graph)

  /// One instance for the whole process: the first container that resolves the registration makes
  /// it, and every container that has the same registration shares it, even one made later.
  ///
  /// "The same registration" is the same declaration: the same key registered at the same place
  /// (a key path's declaration, or one `register` call that runs for several containers). Use it
  /// for what must exist once however many containers an app or a test suite makes: a
  /// process-wide logging backend, a metrics exporter. Factory calls this lifetime `singleton`.
  /// Under LoomTesting's container trait each test has `.once` instances of its own; elsewhere,
  /// tests that need a fresh one call ``resetOnceInstances()`` (or
  /// `container.reset(.lifetime(.once))`).
  ///
  /// ```swift
  /// extension Container {
  ///   var telemetry: Dependency<Telemetry> { Dependency(.once) { _ in Telemetry.start() } }
  /// }
  /// Container().resolve(\.telemetry) === Container().resolve(\.telemetry)  // true
  /// ```
  public static let once = Lifetime(.once)

  /// Drops every ``once`` instance of the process, so that containers made afterwards make new
  /// ones.
  ///
  /// For tests: run it where no resolve of a `.once` registration can run at the same time (for
  /// example in a test's set-up, with tests that use `.once` registrations not run in parallel).
  /// Instances already handed out stay valid, and a container that resolved one keeps serving it.
  ///
  /// ```swift
  /// Lifetime.resetOnceInstances()
  /// ```
  public static func resetOnceInstances() {
    OnceInstances.shared.removeAll()
  }

  /// A lifetime whose instances live in caches that `lifetime` chooses.
  ///
  /// This is the extension point that other packages use to add lifetimes without touching the
  /// core; see ``CustomLifetime``.
  ///
  /// ```swift
  /// extension Lifetime {
  ///   static let request = Lifetime.custom(RequestLifetime())
  /// }
  /// ```
  ///
  /// - Parameter lifetime: The strategy that picks the cache for each resolve.
  /// - Returns: A lifetime backed by `lifetime`.
  public static func custom(_ lifetime: some CustomLifetime) -> Lifetime {
    Lifetime(.custom(lifetime))
  }

  /// Whether instances are kept after the resolve that made them (everything but transient
  /// and graph).
  ///
  /// ```swift
  /// Lifetime.singleton.isCached  // true
  /// ```
  public var isCached: Bool {
    switch kind {
    case .transient, .graph: false
    case .singleton, .weak, .once, .custom: true
    }
  }

  /// Where this lifetime ranks among others, from ``LifetimeRank/transient`` to
  /// ``LifetimeRank/once``; used to find captive dependencies.
  ///
  /// ```swift
  /// Lifetime.singleton.rank > Lifetime.weak.rank  // true
  /// ```
  public var rank: LifetimeRank {
    switch kind {
    case .transient: .transient
    case .graph: .graph
    case .weak: .weak
    case .singleton: .singleton
    case .once: .once
    case .custom(let lifetime): lifetime.rank
    }
  }

  /// The lifetime's name: `transient`, `singleton`, `weak`, `graph`, `once` or the custom name.
  ///
  /// ```swift
  /// print(Lifetime.singleton)  // singleton
  /// ```
  public var description: String {
    switch kind {
    case .transient: "transient"
    case .singleton: isEager ? "eager singleton" : "singleton"
    case .weak: "weak"
    case .graph: "graph"
    case .once: "once"
    case .custom(let lifetime): lifetime.name
    }
  }

  /// Equal when both are the same built-in lifetime, or custom lifetimes of the same type and name.
  ///
  /// ```swift
  /// Lifetime.singleton == .singleton  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs.kind, rhs.kind) {
    case (.singleton, .singleton):
      lhs.isEager == rhs.isEager
    case (.transient, .transient), (.weak, .weak), (.graph, .graph), (.once, .once):
      true
    case (.custom(let left), .custom(let right)):
      type(of: left) == type(of: right) && left.name == right.name
    default:
      false
    }
  }

  /// Hashes the lifetime's description.
  ///
  /// ```swift
  /// let lifetimes: Set<Lifetime> = [.singleton, .transient]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(description)
  }
}
