import Checkout
import Loom
import LoomAssembly
import LoomMacros
import ShopKit

/// Registers a plug-in whose type is known only at run time: loom-graph says it cannot see it.
func registerPlugin<Plugin: Sendable>(
  _ type: Plugin.Type, in container: Container, make: @escaping @Sendable () -> Plugin
) {
  container.register(type) { _ in make() }
}

let container = Container.default.install {
  ShopAssembly()
  ServicesModule()
}
container.register(OrderService.self, lifetime: .singleton)
registerPlugin(String.self, in: container) { "plug-in" }

let orders = container.resolve(OrderService.self)
let app = AppComponent(gateway: orders.gateway, sessionToken: "session-1")
print(app.checkout.payment.charger.pay(cents: 250))
