import Loom
import LoomAssembly
import LoomTesting
import Testing

@testable import LoomDemo

@Suite struct AppWiringTests {
  @Test(arguments: [AppEnvironment.production, .debug])
  func appGraphIsValid(environment: AppEnvironment) {
    expectValidGraph(Wiring.makeContainer(environment))
  }

  @Test(arguments: [AppEnvironment.production, .debug])
  func everyRegistrationResolves(environment: AppEnvironment) async {
    await expectEveryRegistrationResolves(Wiring.makeContainer(environment))
  }

  @Test func settingsFeatureIsValidAndEveryRegistrationResolves() async throws {
    let settings = try #require(Wiring.makeContainer(.production).makeFeature("Settings"))
    expectValidGraph(settings)
    await expectEveryRegistrationResolves(settings)
  }

  @Test func eachAssemblyValidatesAlone() throws {
    let assemblies: [any Assembly] = [
      NetworkAssembly(config: .demo(.production)), ServicesAssembly(), UserAssembly(),
      SettingsAssembly(), DebugAssembly(), ProductionAssembly(),
    ]
    for assembly in assemblies {
      try assembly.validate().throwIfInvalid()
    }
  }

  @Test func featureSeesTheAppButTheAppDoesNotSeeTheFeature() throws {
    let app = Wiring.makeContainer(.production)
    let settings = try #require(app.makeFeature("Settings"))

    let error = #expect(throws: ResolutionError.self) { try app.tryResolve(SettingsModel.self) }
    #expect(error?.code == .notRegistered)
    // The feature's engine uses the app's repository singleton, not a copy.
    let engine = try settings.tryResolve(SyncEngine.self)
    #expect(engine.users as? RemoteUserRepository === app.resolve(RemoteUserRepository.self))
  }

  @Test func settingsSavesTheUsersItCouldLoadInTheFeaturesStore() throws {
    let settings = try #require(Wiring.makeContainer(.production).makeFeature("Settings"))
    let model = settings.resolve(SettingsModel.self)

    #expect(model.makeAvailableOffline([42, 7]) == "1 of 2 users available offline: Ada Lovelace")
    let store = try #require(settings.resolve((any OfflineStore).self) as? InMemoryOfflineStore)
    #expect(store.userIDs == [42])
  }

  @Test func environmentLayerReplacesTheTransport() {
    let production = Wiring.makeContainer(.production).resolve((any HTTPTransport).self)
    let debug = Wiring.makeContainer(.debug).resolve((any HTTPTransport).self)
    #expect(production is RetryingTransport)
    #expect(debug is LoggingTransport)
  }

  @Test func dumpShowsWhichAssemblyRegisteredAndReplacedEachKey() throws {
    let lines = Wiring.makeContainer(.production).dump().split(separator: "\n")
    let transport = try #require(lines.first { $0.hasPrefix("  HTTPTransport ") })
    #expect(transport.contains("[ProductionAssembly]"))
    #expect(transport.contains("(NetworkAssembly)"))
    let userService = try #require(lines.first { $0.hasPrefix("  \\.userService ") })
    #expect(userService.contains("[UserAssembly]"))
    #expect(lines.first?.hasPrefix("Container: ") == true)
  }

  @Test func featureGraphShowsTheOwnershipEdge() {
    let app = Wiring.makeContainer(.production)
    #expect(
      app.exportFeatureGraph(.text).contains("\n  Feature Settings (owned by UserAssembly)\n"))
    #expect(app.exportFeatureGraph(.mermaid).contains("  c0 ==>|owns| c1\n"))
  }
}
