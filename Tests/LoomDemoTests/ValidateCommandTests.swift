import Loom
import Testing

@testable import LoomDemo

@Suite struct ValidateCommandTests {
  @Test(arguments: [AppEnvironment.production, .debug])
  func appAndFeatureHaveNoProblems(environment: AppEnvironment) {
    let validation = ValidateCommand.validate(environment, broken: false)

    #expect(validation.isValid)
    #expect(validation.features.map(\.name) == ["Settings"])
  }

  @Test func brokenWiringReportsExactlyMissingCycleAndCaptive() {
    let validation = ValidateCommand.validate(.production, broken: true)

    #expect(!validation.isValid)
    #expect(validation.app.problems.map(\.code) == [.missing, .cycle, .captive])
    #expect(
      validation.app.problems.map(\.summary) == [
        "no registration for any OfflineStore",
        "dependency cycle: AuthService → TokenStore → AuthService",
        "SessionCache (singleton) holds RequestContext (weak) captive",
      ])
    // The feature container sees the same broken keys; none of them is the feature's own.
    #expect(validation.features.map(\.problems.isEmpty) == [true])
  }
}

@Suite struct AppEnvironmentTests {
  @Test func productionUnlessAskedForDebug() {
    #expect(AppEnvironment(debugFlag: false, variables: [:]) == .production)
    #expect(AppEnvironment(debugFlag: false, variables: ["LOOM_DEMO_DEBUG": "0"]) == .production)
  }

  @Test func flagOrVariablePicksDebug() {
    #expect(AppEnvironment(debugFlag: true, variables: [:]) == .debug)
    #expect(AppEnvironment(debugFlag: false, variables: ["LOOM_DEMO_DEBUG": "1"]) == .debug)
    #expect(AppEnvironment(debugFlag: false, variables: ["LOOM_DEMO_DEBUG": "TRUE"]) == .debug)
    #expect(AppEnvironment(debugFlag: false, variables: ["LOOM_DEMO_DEBUG": "yes"]) == .debug)
  }
}
