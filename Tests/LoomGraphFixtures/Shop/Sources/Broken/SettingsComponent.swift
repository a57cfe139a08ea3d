import LoomMacros
import ShopKit

/// Mounts components the hierarchy rules keep away from it.
@Component
struct SettingsComponent {
  @Provide(.input) var gateway: any PaymentGateway
  @Provide(.input) var token: String
  // PaymentComponent may only be mounted by CheckoutComponent.
  @Child(with: [\Self.gateway, \Self.token]) var payment: PaymentComponent
  // BackgroundComponent is a root.
  @Child var background: BackgroundComponent
  // ReportsComponent names a parent that does not exist.
  @Child var reports: ReportsComponent
}
