import Checkout
import LoomMacros
import ShopKit

/// The app's root component: nothing may mount it.
@Component(root: true)
struct AppComponent {
  @Provide(.input) var gateway: any PaymentGateway
  @Provide(.input) var sessionToken: String
  @Provide(.shared, with: [\Self.sessionToken]) var receipts: ReceiptPrinter
  @Child(with: [\Self.gateway, \Self.sessionToken]) var checkout: CheckoutComponent
}

/// Prints receipts for a session.
final class ReceiptPrinter: Sendable {
  let sessionToken: String

  init(sessionToken: String) {
    self.sessionToken = sessionToken
  }
}
