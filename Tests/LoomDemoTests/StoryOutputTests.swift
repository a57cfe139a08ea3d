import Loom
import LoomMacros
import Testing

@testable import LoomDemo

@Suite struct StoryOutputTests {
  @Test(arguments: [
    [], ["--debug"], ["validate"], ["validate", "--broken"], ["graph"], ["graph", "--features"],
    ["graph", "--component"], ["--help"],
  ])
  func textOutputFitsOneHundredColumns(arguments: [String]) {
    let run = runDemo(arguments)

    #expect(run.errors == "")
    for line in run.output.split(separator: "\n") {
      #expect(line.count <= Console.width, "\(line.count) columns: \(line)")
    }
  }

  @Test func theComponentSectionReadsOverridesAndGraphsTheComponent() throws {
    let lines = runDemo([]).output.split(separator: "\n").map(String.init)
    let heading = try #require(lines.firstIndex(of: "5. A compile-time component"))
    let section = Array(lines[heading...])

    #expect(
      section.contains(
        "    → Welcome, Ada Lovelace! 2 tips: open your profile, go offline"))
    #expect(section.contains("    → true, false (shared, transient)"))
    #expect(section.contains("    → Welcome, Ada Lovelace! 1 tip: say hello"))
    let graph = try #require(
      section.firstIndex(of: "  > print(OnboardingComponent.graph.export(.text))"))
    let exported = OnboardingComponent.graph.export(.text).split(separator: "\n").map {
      $0.isEmpty ? "" : "    " + $0
    }
    #expect(Array(section[(graph + 1)...].prefix(exported.count)) == exported)
  }

  @Test func theFailedProfileSaysItIsIntended() throws {
    let lines = runDemo([]).output.split(separator: "\n").map(String.init)
    let failed = try #require(
      lines.firstIndex(
        of: "    → profile 7 unavailable: HTTP 404 for https://api.example.com/users/7"))

    #expect(
      Array(lines[(failed + 1)...].prefix(2)) == [
        "      (intended: the offline sample API knows only user 42, so profile 7",
        "       shows how the app reports a failed request)",
      ])
  }

  @Test func errorTreesAreIndentedUnderTheirCall() throws {
    let lines = runDemo([]).output.split(separator: "\n").map(String.init)
    let call = try #require(lines.firstIndex(of: "  > try broken.tryResolve(SettingsModel.self)"))

    #expect(lines[call + 1] == "    ResolutionError: no registration for any OfflineStore")
    #expect(lines[call + 2] == "    ├─ Resolved via: SettingsModel → SyncEngine → any OfflineStore")
    #expect(lines[call + 3].hasPrefix("    ├─ Requested at: LoomDemo/BrokenWiringSection.swift:"))
    // Wrapped at 100 columns, under the text of its line; LoomAssembly knows which feature has it.
    #expect(
      lines[call + 4]
        == "    └─ To fix: any OfflineStore is registered by the feature \"Settings\", in the child"
        + " container the")
    #expect(
      lines[call + 5]
        == "       feature makes: resolve it from `container.makeFeature(\"Settings\")`, or register"
        + " (any")
    #expect(lines[call + 6] == "       OfflineStore).self in this container too.")
    #expect(lines[call + 7] == "  error.code        notRegistered")
  }

  @Test func dumpRowsMoveWhatDoesNotFitUnderTheLifetimeColumn() throws {
    let lines = runDemo(["--debug"]).output.split(separator: "\n").map(String.init)
    let row = try #require(lines.firstIndex { $0.hasPrefix("    any HTTPTransport ") })

    #expect(lines[row].hasSuffix("LoomDemo/DebugAssembly.swift:15 [DebugAssembly]"))
    // The key column is as wide as `ProfilePresenter (arguments: Int)`.
    #expect(
      lines[row + 1] == #"                                       depends on Logger (name: "http")"#)
    #expect(
      lines[row + 2]
        == "                                       replaces LoomDemo/NetworkAssembly.swift:14"
        + " (NetworkAssembly)")
  }

  @Test func theServicesWriteToTheStorysConsole() {
    let output = runDemo(["--debug"]).output

    #expect(output.contains("\n      [ui] rendering profile 42\n"))
    #expect(output.contains("\n      [http] GET https://api.example.com/users/42 → 200\n"))
    #expect(output.contains("\n    dropped UserSession (session): Ada Lovelace logged out\n"))
  }
}
