@_spi(LoomInternals) import Loom
import Testing

@testable import LoomAssembly

/// Needs an `HTTPClient` from outside.
private struct PaymentsAssembly: Assembly {
  var expectedKeys: [DependencyKey] { [DependencyKey(HTTPClient.self)] }
  var registrations: Registrations {
    Singleton(Payments.self, Payments.init)
  }
}

/// Requires ``PaymentsAssembly`` and needs an `APIClient` from outside, and passes on what its
/// requirement expects.
private struct CheckoutAssembly: Assembly {
  var requirements: [any Assembly] { PaymentsAssembly() }
  var expectedKeys: [DependencyKey] {
    [DependencyKey((any APIClient).self), DependencyKey(HTTPClient.self)]
  }
  var registrations: Registrations {
    Transient(CheckoutModel.self, CheckoutModel.init)
  }
}

/// Requires ``PaymentsAssembly`` but neither registers nor expects the `HTTPClient` it expects.
private struct LeakyCheckout: Assembly {
  var requirements: [any Assembly] { PaymentsAssembly() }
  var expectedKeys: [DependencyKey] { [DependencyKey((any APIClient).self)] }
  var registrations: Registrations {
    Transient(CheckoutModel.self, CheckoutModel.init)
  }
}

/// Expects a `Config` that none of its registrations declares it needs.
private struct QuietAnalytics: Assembly {
  var expectedKeys: [DependencyKey] { [DependencyKey(Config.self)] }
  var registrations: Registrations {
    Singleton(ImageCache.self) { _ in ImageCache() }
  }
}

/// Requires ``QuietAnalytics`` and ``PaymentsAssembly``, and registers the `HTTPClient` one of
/// them expects.
private struct AppShell: Assembly {
  var requirements: [any Assembly] {
    QuietAnalytics()
    PaymentsAssembly()
  }
  var registrations: Registrations {
    Singleton(HTTPClient.self) { _ in HTTPClient(config: Config(label: "shell")) }
  }
}

/// Declares neither its requirement nor what it expects.
private struct IncompleteCheckout: Assembly {
  static let line = #line
  var registrations: Registrations {
    Transient(CheckoutModel.self, CheckoutModel.init)
  }
}

/// A singleton that holds a weak registration captive.
private struct CaptiveAssembly: Assembly {
  var expectedKeys: [DependencyKey] { [DependencyKey(HTTPClient.self)] }
  var registrations: Registrations {
    Weak(HTTPClient.self) { _ in HTTPClient(config: Config(label: "weak")) }
    Singleton(Payments.self, Payments.init)
  }
}

/// Records whether its factory ran.
private struct SideEffectAssembly: Assembly {
  let ran: Lock<Bool>
  var registrations: Registrations {
    Singleton(Config.self) { [ran] _ in
      ran.withLock { $0 = true }
      return Config(label: "ran")
    }
  }
}

@Suite struct ValidationTests {
  @Test func anAssemblyIsValidGivenItsRequirementsAndExpectedKeys() {
    let report = CheckoutAssembly().validate()
    #expect(report.isValid)
    #expect(report.problems.isEmpty)
  }

  @Test func aRequirementsExpectationIsMetByExpectingItInTurn() {
    #expect(PaymentsAssembly().validate().isValid)
    #expect(CheckoutAssembly().validate().isValid)
  }

  @Test func aRequirementsExpectationThatTheRequiringAssemblyLeavesOpenIsMissing() throws {
    let report = LeakyCheckout().validate()
    #expect(report.problems.map(\.code) == [.missing])
    let problem = try #require(report.problems.first)
    #expect(problem.key == DependencyKey(HTTPClient.self))
    #expect(problem.neededBy == [DependencyKey(Payments.self)])
    #expect(problem.details.last == "Expected by: PaymentsAssembly, which LeakyCheckout requires")
    #expect(
      problem.hint
        == "PaymentsAssembly expects HTTPClient from outside: register it in LeakyCheckout, or add"
        + " it to LeakyCheckout's expectedKeys so that the app provides it.")
  }

  @Test func anExpectationNothingDeclaresANeedForIsReportedAndOneMetByASiblingIsNot() throws {
    // QuietAnalytics expects Config, which no edge points to; AppShell registers the HTTPClient
    // that PaymentsAssembly expects.
    let report = AppShell().validate()
    #expect(
      report.description == """
        ValidationReport: 1 problem

        [missing] no registration for Config
        ├─ Expected by: QuietAnalytics, which AppShell requires
        └─ To fix: QuietAnalytics expects Config from outside: register it in AppShell, or add it \
        to AppShell's expectedKeys so that the app provides it.
        """)
  }

  @Test func whatIsNeitherRegisteredNorExpectedIsReportedMissing() throws {
    let report = IncompleteCheckout().validate()
    let line = IncompleteCheckout.line + 2
    #expect(report.problems.map(\.code) == [.missing, .missing])
    #expect(
      report.problems.map(\.key) == [
        DependencyKey((any APIClient).self), DependencyKey(Payments.self),
      ])
    let first = try #require(report.problems.first)
    #expect(first.summary == "no registration for any APIClient")
    #expect(first.path == [DependencyKey(CheckoutModel.self), DependencyKey((any APIClient).self)])
    #expect(first.neededBy == [DependencyKey(CheckoutModel.self)])
    #expect(first.description.contains("at LoomAssemblyTests/ValidationTests.swift:\(line)\n"))
  }

  @Test func otherProblemsAreStillReported() {
    let report = CaptiveAssembly().validate()
    #expect(report.problems.map(\.code) == [.captive])
    #expect(
      report.problems.first?.path == [DependencyKey(Payments.self), DependencyKey(HTTPClient.self)])
  }

  @Test func validatingRunsNoFactory() {
    let ran = Lock(false)
    #expect(SideEffectAssembly(ran: ran).validate().isValid)
    #expect(ran.withLock { $0 } == false)
  }

  @Test func validationThrowsWithTheReport() {
    #expect(throws: GraphValidationError.self) {
      try IncompleteCheckout().validate().throwIfInvalid()
    }
    #expect(throws: Never.self) {
      try CheckoutAssembly().validate().throwIfInvalid()
    }
  }
}
