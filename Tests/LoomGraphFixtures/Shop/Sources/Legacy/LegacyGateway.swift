import LoomMacros
public import ShopKit

/// An old gateway that binds the same key as Checkout's StripeGateway: an app that links both
/// stops with DiscoveryError, and loom-graph reports it before anything runs.
@Bind((any PaymentGateway).self)
public struct LegacyGateway: PaymentGateway {
  /// Charges `cents`.
  public func charge(cents: Int) -> String { "legacy \(cents)" }
}
