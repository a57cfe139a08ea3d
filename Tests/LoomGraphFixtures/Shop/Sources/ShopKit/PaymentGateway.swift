public import LoomMacros

/// Charges a card.
public protocol PaymentGateway: Sendable {
  /// Charges `cents` and says how it went.
  func charge(cents: Int) -> String
}

/// Where the shop's events go.
public final class Analytics: Sendable {
  /// Makes the analytics.
  public init() {}
}

extension Container {
  /// The shop's analytics: one per container, with a default.
  public var analytics: Dependency<Analytics> { Dependency(.singleton, Analytics.init) }
}
