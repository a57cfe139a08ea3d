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
    let (container, warnings) = makeCollectingWarnings(wiring)
    #expect(warnings == (expectedRegistrationWarnings[wiring.name].map { [$0] } ?? []))
    let report = container.validate()
    #expect(normalizedLines(report.description) == expected.report)
    let error = await wiring.firstResolve(container)
    #expect(error.map { normalizedLines($0.description) } == expected.error)
  }

  @Test(
    "a correct wiring: validate() says nothing and the first resolve succeeds",
    arguments: correctWirings)
  func correct(_ wiring: Wiring) async {
    let (container, warnings) = makeCollectingWarnings(wiring)
    // A correct wiring may still be warned about what registering cannot see (a factory that
    // resolves through a container it captured makes a reference cycle).
    #expect(warnings == (expectedRegistrationWarnings[wiring.name].map { [$0] } ?? []))
    let report = container.validate(.strict)
    #expect(report.description == "ValidationReport: no problems")
    #expect(report.unseen.isEmpty)
    let error = await wiring.firstResolve(container)
    #expect(error == nil, "\(error.map(\.description) ?? "")")
  }

  /// Makes `wiring`'s container, and returns with it what registering wrote as warnings (in debug
  /// builds), normalized like the pinned texts.
  func makeCollectingWarnings(_ wiring: Wiring) -> (Container, [String]) {
    let (container, warnings) = collectingRegistrationWarnings { wiring.make() }
    #if DEBUG
      return (container, warnings.map(normalizedLines))
    #else
      return (container, [])  // release builds write no warnings
    #endif
  }
}

/// What registering a broken wiring writes in a debug build, for the wirings that write something.
let expectedRegistrationWarnings: [String: String] = [
  "a closure that resolves a built singleton through the captured container":
    "Loom: warning: LoomTests/WiringCorpus.swift:#: the factory of Repository resolves through a"
    + " container it captured (`container.resolve(...)` inside the closure): the closure keeps the"
    + " container alive, so a container that holds this registration is never freed, and a failure"
    + " there stops the program instead of reaching the caller. To fix: resolve through the"
    + " factory's resolver, `{ r in ... try r.tryResolve(...) }`, or register an initializer"
    + " (`register(lifetime: ..., Repository.init)`).\n",
  "binding a class to an unrelated class":
    "Loom: warning: LoomTests/WiringCorpus.swift:#: Transport is bound to Pigeon, which is not a"
    + " subclass of Transport. To fix: bind Transport to a type that is a subclass of Transport, or"
    + " register Transport with a factory.\n",
  "weak lifetime for a value type":
    "Loom: warning: LoomTests/WiringCorpus.swift:#: Settings has the weak lifetime, but is a value"
    + " type, not a class. To fix: register Settings with another lifetime (a weak reference can"
    + " only hold an object), or make Settings a class.\n",
]
