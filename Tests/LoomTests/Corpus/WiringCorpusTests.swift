import Testing

@testable import Loom

/// The corpus of wirings written as an app would write them: for each broken one, what
/// `validate()` reports and what the app's first resolve throws, pinned word for word; for each
/// correct one, that `validate()` says nothing and the first resolve succeeds.
@Suite("Wiring corpus")
struct WiringCorpusTests {
  @Test("the corpus is as large as promised, and every broken wiring has its pinned texts")
  func corpusSize() {
    #expect(brokenWirings.count >= 40)
    #expect(correctWirings.count >= 20)
    let names = (brokenWirings + correctWirings).map(\.name)
    #expect(Set(names).count == names.count, "wiring names are unique")
    #expect(Set(brokenWirings.map(\.name)) == Set(expectedBrokenWirings.keys))
  }

  @Test(
    "a broken wiring: validate() and the first resolve say what is wrong", arguments: brokenWirings)
  func broken(_ wiring: Wiring) async throws {
    let expected = try #require(expectedBrokenWirings[wiring.name])
    let container = wiring.make()
    let report = container.validate()
    #expect(normalizedLines(report.description) == expected.report)
    let error = await wiring.firstResolve(container)
    #expect(error.map { normalizedLines($0.description) } == expected.error)
  }

  @Test(
    "a correct wiring: validate() says nothing and the first resolve succeeds",
    arguments: correctWirings)
  func correct(_ wiring: Wiring) async {
    let container = wiring.make()
    let report = container.validate(.strict)
    #expect(report.description == "ValidationReport: no problems")
    #expect(report.unseen.isEmpty)
    let error = await wiring.firstResolve(container)
    #expect(error == nil, "\(error.map(\.description) ?? "")")
  }
}
