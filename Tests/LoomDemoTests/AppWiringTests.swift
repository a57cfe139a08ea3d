import Loom
import LoomAssembly
import LoomTesting
import Testing

@testable import LoomDemo

@Suite struct AppWiringTests {
  @Test(arguments: [AppEnvironment.production, .debug])
  func appGraphIsValid(environment: AppEnvironment) {
    expectValidGraph(Wiring.makeContainer(environment, console: .discarding))
  }

  @Test(arguments: [AppEnvironment.production, .debug])
  func everyRegistrationResolves(environment: AppEnvironment) async {
    await expectEveryRegistrationResolves(Wiring.makeContainer(environment, console: .discarding))
  }

  @Test func settingsFeatureIsValidAndEveryRegistrationResolves() async throws {
    let settings = try #require(
      Wiring.makeContainer(.production, console: .discarding).makeFeature("Settings"))
    expectValidGraph(settings)
    await expectEveryRegistrationResolves(settings)
  }

  @Test func eachAssemblyValidatesAlone() throws {
    let assemblies: [any Assembly] = [
      ConsoleAssembly(console: .discarding), NetworkAssembly(config: .demo(.production)),
      ServicesAssembly(), UserAssembly(), SessionAssembly(), SettingsAssembly(), DebugAssembly(),
      ProductionAssembly(),
    ]
    for assembly in assemblies {
      try assembly.validate().throwIfInvalid()
    }
  }

  @Test func featureSeesTheAppButTheAppDoesNotSeeTheFeature() throws {
    let app = Wiring.makeContainer(.production, console: .discarding)
    let settings = try #require(app.makeFeature("Settings"))

    let error = #expect(throws: ResolutionError.self) { try app.tryResolve(SettingsModel.self) }
    #expect(error?.code == .notRegistered)
    // The feature's engine uses the app's repository singleton, not a copy.
    let engine = try settings.tryResolve(SyncEngine.self)
    #expect(engine.users as? RemoteUserRepository === app.resolve(RemoteUserRepository.self))
  }

  @Test func settingsSavesTheUsersItCouldLoadInTheFeaturesStore() throws {
    let settings = try #require(
      Wiring.makeContainer(.production, console: .discarding).makeFeature("Settings"))
    let model = settings.resolve(SettingsModel.self)

    #expect(model.makeAvailableOffline([42, 7]) == "1 of 2 users available offline: Ada Lovelace")
    let store = try #require(settings.resolve((any OfflineStore).self) as? InMemoryOfflineStore)
    #expect(store.userIDs == [42])
  }

  @Test func environmentLayerReplacesTheTransport() {
    let production = Wiring.makeContainer(.production, console: .discarding).resolve(
      (any HTTPTransport).self)
    let debug = Wiring.makeContainer(.debug, console: .discarding).resolve((any HTTPTransport).self)
    #expect(production is RetryingTransport)
    #expect(debug is LoggingTransport)
  }

  @Test func dumpShowsWhichAssemblyRegisteredAndReplacedEachKey() throws {
    let lines = Wiring.makeContainer(.production, console: .discarding).dump().split(
      separator: "\n")
    let transport = try #require(lines.first { $0.hasPrefix("  any HTTPTransport ") })
    #expect(transport.contains("[ProductionAssembly]"))
    #expect(transport.contains("(NetworkAssembly)"))
    let userService = try #require(lines.first { $0.hasPrefix("  \\.userService ") })
    #expect(userService.contains("[UserAssembly]"))
    #expect(lines.first?.hasPrefix("Container: ") == true)
  }

  @Test func featureGraphShowsTheOwnershipEdge() {
    let app = Wiring.makeContainer(.production, console: .discarding)
    #expect(
      app.exportFeatureGraph(.text).contains("\n  Feature Settings (owned by UserAssembly)\n"))
    #expect(app.exportFeatureGraph(.mermaid).contains("  c0 ==>|owns| c1\n"))
  }
}
