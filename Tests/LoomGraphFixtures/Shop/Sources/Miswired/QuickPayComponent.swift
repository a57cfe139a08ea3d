import LoomMacros
import ShopKit

/// Mounts PaymentComponent without wiring its `token` (and under a name it does not have).
@Component
struct QuickPayComponent {
  @Provide(.input) var gateway: any PaymentGateway
  @Child(with: [\Self.gateway], bindings: ["tokn": \Self.gateway]) var payment: PaymentComponent
}
