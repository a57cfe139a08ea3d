import Loom
import LoomAssembly
import LoomMacros
import ShopKit

/// The shop's catalogue and basket, registered at run time.
struct ShopAssembly: Assembly {
  var registrations: Registrations {
    Singleton(Catalog.self) { _ in Catalog(items: ["tea", "cake"]) }
    Transient(Basket.self) { r in
      Basket(catalog: try r.tryResolve(Catalog.self), analytics: try r.tryResolve(\.analytics))
    }
  }
}

/// Registrations as methods.
@Module
struct ServicesModule {
  @Provides(lifetime: .singleton)
  func mailer(catalog: Catalog) -> Mailer { Mailer(catalog: catalog) }
}

/// What the shop sells.
final class Catalog: Sendable {
  let items: [String]
  init(items: [String]) { self.items = items }
}

/// A shopper's basket.
final class Basket: Sendable {
  init(catalog: Catalog, analytics: Analytics) {}
}

/// Sends order mails.
final class Mailer: Sendable {
  init(catalog: Catalog) {}
}

/// Places orders; registered by type alone.
@Injectable
final class OrderService: Sendable {
  let gateway: any PaymentGateway

  init(basket: Basket, gateway: any PaymentGateway, mailer: Mailer) {
    self.gateway = gateway
  }
}
