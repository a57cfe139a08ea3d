import Loom
import LoomAssembly
import Testing

/// Expects the app to register an `HTTPClient`.
private struct ExpectingPayments: Assembly {
  var expectedKeys: [DependencyKey] { [DependencyKey(HTTPClient.self)] }
  var registrations: Registrations {
    Singleton(Payments.self, Payments.init)
  }
}

/// Registers the receipt, inside a feature.
private struct ReceiptFeature: Assembly {
  var registrations: Registrations {
    Transient(Receipt.self, Receipt.init)
    Transient(CheckoutModel.self, CheckoutModel.init)
  }
}

/// Hints that name the assembly or the feature behind a missing key.
@Suite struct MissingKeyHintTests {
  @Test func aKeyAnAssemblyExpectsIsNamedWithTheAssembly() throws {
    let app = Container().install { ExpectingPayments() }

    let error = try #require(throws: ResolutionError.self) {
      try app.tryResolve(Payments.self)
    }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(HTTPClient.self))
    #expect(
      error.hint
        == "ExpectingPayments expects the app to register HTTPClient (expectedKeys), and nothing"
        + " does: register HTTPClient in this container or an ancestor before resolving.")
    let problem = try #require(app.validate().problems.first)
    #expect(problem.code == .missing)
    #expect(problem.hint == error.hint)
  }

  @Test func aKeyAnAssemblyExpectsIsNamedFromAChildToo() throws {
    let app = Container().install { ExpectingPayments() }
    let screen = app.makeChild()

    let error = try #require(throws: ResolutionError.self) {
      try screen.tryResolve(Payments.self)
    }

    #expect(error.hint.hasPrefix("ExpectingPayments expects the app to register HTTPClient"))
  }

  @Test func aKeyOnlyAFeatureRegistersIsNamedWithTheFeature() throws {
    let app = Container().install {
      Feature("Checkout") { ReceiptFeature() }
    }

    let error = try #require(throws: ResolutionError.self) {
      try app.tryResolve(Receipt.self)
    }

    #expect(error.code == .notRegistered)
    #expect(
      error.hint
        == "Receipt is registered by the feature \"Checkout\", in the child container the feature"
        + " makes: resolve it from `container.makeFeature(\"Checkout\")`, or register Receipt in"
        + " this container too.")
    // The feature's container has it (what it needs in turn is another story).
    let checkout = try #require(app.makeFeature("Checkout"))
    let inFeature = try #require(throws: ResolutionError.self) {
      try checkout.tryResolve(Receipt.self)
    }
    #expect(inFeature.key == DependencyKey((any APIClient).self))
  }

  @Test func aKeyNobodyMentionsKeepsTheGenericHint() throws {
    let app = Container().install { ExpectingPayments() }

    let error = try #require(throws: ResolutionError.self) {
      try app.tryResolve(Receipt.self)
    }

    #expect(
      error.hint
        == "register Receipt, or declare it as a key-path dependency with a default factory.")
  }
}
