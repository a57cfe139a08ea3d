import Loom
import LoomMacros
import Testing

/// A draft an app fills in and throws away: mutable and not isolated, so not `Sendable`.
final class ReportDraft {
  let title: String
  var lines: [String] = []

  init(title: String) { self.title = title }
}

/// A component whose transient members are not `Sendable`: each read makes a new one and hands
/// it over, so nothing shares it.
@Component
struct ReportComponent {
  @Provide(.input) var title: String
  @Provide(.transient, ReportDraft.init(title:)) var draft: ReportDraft
  @Provide(.transient, factory: { (title: String) async throws in ReportDraft(title: title + "!") })
  var loudDraft: ReportDraft
  @Provide(.shared, factory: { (draft: Provider<ReportDraft>) in Reporter(drafts: draft) })
  var reporter: Reporter
}

/// A `Sendable` service that makes drafts on demand, through a `Provider` of the transient member.
struct Reporter: Sendable {
  let drafts: Provider<ReportDraft>

  func draft(_ line: String) throws -> ReportDraft {
    let draft = try drafts.get()
    draft.lines.append(line)
    return draft
  }
}

@Suite struct ComponentNonSendableTests {
  let component = ReportComponent(title: "Q3")

  @Test func aTransientMemberThatIsNotSendableIsNewOnEveryRead() async throws {
    let first = component.draft
    let second = component.draft
    #expect(first !== second)
    first.lines.append("revenue")
    #expect(second.lines.isEmpty)
    // Handed over: the read's caller may send it to another task.
    let moved = await Task.detached { first.lines.count }.value
    #expect(moved == 1)
    let loud = try await component.loudDraft
    #expect(loud.title == "Q3!")
    #expect(try await component.loudDraft !== loud)
  }

  @Test func aProviderOfItMakesANewOneOnEveryCall() throws {
    let first = try component.reporter.draft("a")
    let second = try component.reporter.draft("b")
    #expect(first !== second)
    #expect(first.lines == ["a"] && second.lines == ["b"])
    #expect(first.title == "Q3")
  }

  @Test func itsOverrideIsAFactoryCalledOnEveryRead() async throws {
    let stubbed = component.overriding {
      $0.draft = { ReportDraft(title: "stub") }
      $0.loudDraft = { ReportDraft(title: "STUB") }
    }
    #expect(stubbed.draft.title == "stub")
    #expect(stubbed.draft !== stubbed.draft)
    #expect(try await stubbed.loudDraft.title == "STUB")
    #expect(component.draft.title == "Q3")
    let viaInitializer = ReportComponent(title: "Q4") { $0.draft = { ReportDraft(title: "init") } }
    #expect(viaInitializer.draft.title == "init")
  }

  @Test func itIsInstalledAsATransientRegistration() async throws {
    let container = Container()
    component.install(into: container)
    let first = try container.tryResolve(ReportDraft.self, name: "draft")
    #expect(first.title == "Q3")
    #expect(try container.tryResolve(ReportDraft.self, name: "draft") !== first)
    let loud = try await container.tryResolveAsync(ReportDraft.self, name: "loudDraft")
    #expect(loud.title == "Q3!")
    let node = try #require(
      ReportComponent.graph.nodes.first { $0.key == DependencyKey(ReportDraft.self, name: "draft") }
    )
    #expect(node.lifetime == .transient)
    #expect(container.validate().problems.isEmpty)
  }
}
