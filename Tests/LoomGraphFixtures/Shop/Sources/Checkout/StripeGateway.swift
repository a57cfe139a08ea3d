import LoomMacros
public import ShopKit

/// The gateway the shop uses, bound from here with @Bind.
@Bind((any PaymentGateway).self, lifetime: .singleton)
public final class StripeGateway: PaymentGateway {
  /// Makes the gateway.
  public init() {}

  /// Charges `cents`.
  public func charge(cents: Int) -> String { "charged \(cents) cents" }
}
