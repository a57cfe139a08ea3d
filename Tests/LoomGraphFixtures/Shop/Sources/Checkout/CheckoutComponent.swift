public import LoomMacros
public import ShopKit

/// The checkout flow: it owns the payment component, declared in ShopKit, and wires its inputs.
@Component(parents: ["AppComponent"])
public struct CheckoutComponent {
  /// The gateway to charge.
  @Provide(.input) public var gateway: any PaymentGateway
  /// The shopper's session.
  @Provide(.input) public var sessionToken: String
  /// Payments, whose `token` comes from `sessionToken`.
  @Child(with: [\Self.gateway], bindings: ["token": \Self.sessionToken])
  public var payment: PaymentComponent
}
