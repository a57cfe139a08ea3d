import Loom
import LoomAssembly
import Testing

/// The checkout feature: a model that needs the app's API client and payments.
private struct CheckoutFeatureAssembly: Assembly {
  static let line = #line
  var requirements: [any Assembly] { PaymentsModule() }
  var registrations: Registrations {
    Transient(CheckoutModel.self, CheckoutModel.init)
  }
}

/// Payments, installed in the app and required by the checkout feature.
private struct PaymentsModule: Assembly {
  var registrations: Registrations {
    Singleton(Payments.self, Payments.init)
  }
}

/// The app: network, payments and the checkout feature (with a receipt feature inside it).
private struct AppAssembly: Assembly {
  var requirements: [any Assembly] {
    NetworkAssembly()
    PaymentsModule()
  }
  func assemble(into container: Container) {
    container.install {
      Feature("Checkout") {
        CheckoutFeatureAssembly()
        ReceiptOwner()
      }
      Feature("Profile") { ProfileAssembly() }
    }
  }
}

/// Declares the receipt feature inside the checkout feature.
private struct ReceiptOwner: Assembly {
  func assemble(into container: Container) {
    container.install {
      Feature("Receipt") { ReceiptAssembly() }
    }
  }
}

/// The profile feature: a singleton of its own.
private struct ProfileAssembly: Assembly {
  var registrations: Registrations {
    Singleton(ImageCache.self, ImageCache.init)
  }
}

/// The receipt feature, inside the checkout feature.
private struct ReceiptAssembly: Assembly {
  var registrations: Registrations {
    Transient(Receipt.self, Receipt.init)
  }
}

@Suite struct FeatureTests {
  let app = Container().install { AppAssembly() }

  @Test func theFeatureSeesTheParentsDependencies() throws {
    let checkout = try #require(app.makeFeature("Checkout"))
    #expect(checkout.parent === app)
    let model = checkout.resolve(CheckoutModel.self)
    #expect(model.api.label == "live")
    #expect(model.payments === app.resolve(Payments.self))
  }

  @Test func theParentCannotSeeTheFeaturesDependencies() throws {
    _ = try #require(app.makeFeature("Checkout"))
    #expect(throws: ResolutionError.self) { try app.tryResolve(CheckoutModel.self) }
  }

  @Test func siblingFeaturesCannotSeeEachOther() throws {
    let checkout = try #require(app.makeFeature("Checkout"))
    let profile = try #require(app.makeFeature("Profile"))
    #expect(throws: ResolutionError.self) { try checkout.tryResolve(ImageCache.self) }
    #expect(throws: ResolutionError.self) { try profile.tryResolve(CheckoutModel.self) }
  }

  @Test func eachCallMakesANewChildWithItsOwnSingletons() throws {
    let first = try #require(app.makeFeature("Profile"))
    let second = try #require(app.makeFeature("Profile"))
    #expect(first !== second)
    #expect(first.resolve(ImageCache.self) === first.resolve(ImageCache.self))
    #expect(first.resolve(ImageCache.self) !== second.resolve(ImageCache.self))
  }

  @Test func anUndeclaredFeatureIsNil() {
    #expect(app.makeFeature("Settings") == nil)
    #expect(Container().makeFeature("Checkout") == nil)
  }

  @Test func aFeatureDeclaredInAnAncestorIsAChildOfTheCaller() throws {
    let testContainer = app.makeChild()
    testContainer.register((any APIClient).self) { _ in MockAPIClient() }
    let checkout = try #require(testContainer.makeFeature("Checkout"))
    #expect(checkout.parent === testContainer)
    #expect(checkout.resolve(CheckoutModel.self).api.label == "mock")
  }

  @Test func requirementsInstalledInTheParentAreNotInstalledInTheFeature() throws {
    let checkout = try #require(app.makeFeature("Checkout"))
    let line = CheckoutFeatureAssembly.line
    #expect(
      checkout.dump().hasPrefix(
        """
        Container: 1 registration
          CheckoutModel  transient  LoomAssemblyTests/FeatureTests.swift:\(line + 3) \
        [CheckoutFeatureAssembly]  depends on any APIClient, Payments
        Parent container (1 up): 4 registrations
        """))
  }

  @Test func featuresInsideFeatures() throws {
    let checkout = try #require(app.makeFeature("Checkout"))
    let receipt = try #require(checkout.makeFeature("Receipt"))
    #expect(receipt.resolve(Receipt.self).checkout.api.label == "live")
    #expect(app.makeFeature("Receipt") == nil)
  }

  @Test func aLaterDeclarationReplacesAnEarlierOne() throws {
    let container = Container().install {
      Feature("Images") { ProfileAssembly() }
      Feature("Images") { PaymentsModule() }
      NetworkAssembly()
    }
    let images = try #require(container.makeFeature("Images"))
    #expect(throws: ResolutionError.self) { try images.tryResolve(ImageCache.self) }
    #expect(try images.tryResolve(Payments.self).http === container.resolve(HTTPClient.self))
  }

  @Test func featureKeepsItsNameAndAssemblies() {
    let feature = Feature("Profile") {
      ProfileAssembly()
      PaymentsModule()
    }
    #expect(feature.name == "Profile")
    #expect(feature.assemblies.map(\.name) == ["ProfileAssembly", "PaymentsModule"])
  }
}
