/// How long a lifetime's instances live compared with others'.
///
/// A cached instance that depends on one of a lower rank holds it captive: the shorter-lived
/// instance outlives its intended lifetime. Custom lifetimes pick a rank between the built-in ones
/// (LoomSession ranks `.session` just below ``singleton`` and `.flow` below that).
///
/// ```swift
/// struct RequestLifetime: CustomLifetime {
///   var rank: LifetimeRank { LifetimeRank(150) }
///   // ...
/// }
/// ```
public struct LifetimeRank: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The rank's position; larger lives longer.
  ///
  /// ```swift
  /// LifetimeRank.singleton.value  // 1000
  /// ```
  public let value: Int

  /// Makes a rank; use a value between the built-in ranks.
  ///
  /// ```swift
  /// let session = LifetimeRank(900)
  /// ```
  ///
  /// - Parameter value: The position; larger lives longer.
  public init(_ value: Int) {
    self.value = value
  }

  /// The rank of ``Lifetime/transient`` (0).
  ///
  /// ```swift
  /// Lifetime.transient.rank == .transient  // true
  /// ```
  public static let transient = LifetimeRank(0)
  /// The rank of ``Lifetime/graph`` (100).
  ///
  /// ```swift
  /// Lifetime.graph.rank == .graph  // true
  /// ```
  public static let graph = LifetimeRank(100)
  /// The rank of ``Lifetime/weak`` (200).
  ///
  /// ```swift
  /// Lifetime.weak.rank == .weak  // true
  /// ```
  public static let weak = LifetimeRank(200)
  /// The rank of ``Lifetime/singleton`` (1000).
  ///
  /// ```swift
  /// Lifetime.singleton.rank == .singleton  // true
  /// ```
  public static let singleton = LifetimeRank(1000)

  /// The rank of ``Lifetime/once``: above every other, since its instances outlive every
  /// container.
  ///
  /// ```swift
  /// LifetimeRank.once > .singleton  // true
  /// ```
  public static let once = LifetimeRank(2000)

  /// Orders ranks from shortest- to longest-lived.
  ///
  /// ```swift
  /// LifetimeRank.graph < .singleton  // true
  /// ```
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

  /// The numeric rank.
  ///
  /// ```swift
  /// print(LifetimeRank.singleton)  // 1000
  /// ```
  public var description: String { "\(value)" }
}
