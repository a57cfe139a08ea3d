public import LoomMacros

/// Takes payments. Only checkout may own it.
@Component(parents: ["CheckoutComponent"])
public struct PaymentComponent {
  /// The gateway to charge.
  @Provide(.input) public var gateway: any PaymentGateway
  /// The shopper's session.
  @Provide(.input) public var token: String
  /// Charges through the gateway.
  @Provide(.shared, with: [\Self.gateway, \Self.token]) public var charger: Charger
}

/// Charges a session's payments.
public final class Charger: Sendable {
  let gateway: any PaymentGateway
  let token: String

  init(gateway: any PaymentGateway, token: String) {
    self.gateway = gateway
    self.token = token
  }

  /// Charges `cents`.
  public func pay(cents: Int) -> String { "\(gateway.charge(cents: cents)) for \(token)" }
}
