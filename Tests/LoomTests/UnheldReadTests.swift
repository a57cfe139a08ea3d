import Loom
import Testing

/// A singleton that reads a shorter-lived `Cart` through each property wrapper while it is built.
struct CartReader: Sendable {
  @Injected var cart: Cart
  @OptionalInjected var optionalCart: Cart?
  @DynamicInjected var dynamicCart: Cart
  @WeakInjected var weakCart: Cart?
  private(set) var readWhileBuilt: [Cart] = []

  init() {
    readWhileBuilt = [cart, optionalCart, dynamicCart, weakCart].compactMap { $0 }
  }
}

@Suite struct UnheldReadTests {
  @Test func aPropertyWrapperReadWhileASingletonIsBuiltIsNotHeldCaptive() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .testSession) { _ in Cart() }
    container.register(CartReader.self, lifetime: .singleton) { _ in CartReader() }

    let reader = try container.tryResolve(CartReader.self)

    let cart = try container.tryResolve(Cart.self)
    #expect(reader.readWhileBuilt.count == 4)
    #expect(reader.readWhileBuilt.allSatisfy { $0 === cart })
  }

  @Test func aPropertyWrapperReadIsNotAnEdgeOfTheRegistrationBeingBuilt() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .testSession) { _ in Cart() }
    container.register(CartReader.self, lifetime: .singleton) { _ in CartReader() }

    _ = try container.tryResolve(CartReader.self)

    #expect(container.graph.edges(from: DependencyKey(CartReader.self)).isEmpty)
    #expect(container.validate().isValid)
  }

  @Test func aResolveThroughTheResolverIsStillHeldCaptive() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .testSession) { _ in Cart() }
    container.register(Checkout.self, lifetime: .singleton) { r in
      Checkout(cart: try r.tryResolve())
    }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Checkout.self)
    }

    #expect(error.code == .captiveDependency)
    #expect(
      container.graph.edges(from: DependencyKey(Checkout.self)).map(\.to) == [
        DependencyKey(Cart.self)
      ])
  }
}
