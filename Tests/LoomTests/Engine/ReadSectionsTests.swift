import Synchronization
import Testing

@testable import Loom

/// The read sections of the index: what they count, and when retired objects are released.
@Suite struct ReadSectionsTests {
  @Test func resolvesOfEveryKindLeaveNoSectionOpen() async throws {
    let container = Container()
    container.register(lifetime: .singleton) { _ in Config(label: "a") }
    container.register(ConfiguredService.self) { r in ConfiguredService(config: try r.tryResolve())
    }
    container.register(Clock.self, lifetime: .weak) { _ in Clock() }
    container.register(Metrics.self) { _ async in Metrics() }
    let child = container.makeChild()
    _ = container.resolve(ConfiguredService.self)
    _ = child.resolve(Config.self)
    let clock = child.resolve(Clock.self)
    _ = try await child.tryResolveAsync(Metrics.self)
    _ = try? container.tryResolve(Int.self)
    _ = try? container.tryResolve(Metrics.self)  // async-required error
    withExtendedLifetime(clock) {}
    #expect(container.sections.openSections == 0)
  }

  @Test func retiredObjectsAreReleasedAtOnceWhenNoSectionIsOpen() {
    let sections = ReadSections()
    let tracked = Tracked()
    weak let weakly = tracked
    sections.retire([tracked])
    _ = consume tracked
    #expect(sections.retiredCount == 0)
    #expect(weakly == nil)
  }

  @Test func retiredObjectsWaitForTheSectionsThatCouldSeeThemAndTheLastReaderReleasesThem() {
    let sections = ReadSections()
    let section = sections.enter()
    do {
      let tracked = Tracked()
      sections.retire([tracked])
    }
    #expect(sections.retiredCount == 1)  // the open section may still read it
    let later = sections.enter()  // a section opened after the retire cannot see it...
    _ = consume later  // (consuming a section ends it)
    #expect(sections.retiredCount == 1)  // ...but the first one still holds it
    _ = consume section
    #expect(sections.retiredCount == 0)
  }

  @Test func readersThatKeepComingDoNotHoldBackReclamation() {
    // Two overlapping readers that keep handing over to each other: there is never a moment with
    // no reader, yet what was retired before them is released.
    let sections = ReadSections()
    var held = sections.enter()
    let tracked = Tracked()
    weak let weakly = tracked
    sections.retire([tracked])
    _ = consume tracked
    for _ in 0..<4 {
      let next = sections.enter()
      held = next  // ends the section held so far
    }
    #expect(weakly == nil)
    _ = consume held
    #expect(sections.openSections == 0)
  }
}

/// An object whose release a test watches through a weak reference.
final class Tracked: Sendable {}
