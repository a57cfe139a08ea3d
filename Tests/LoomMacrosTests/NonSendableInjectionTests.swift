import LoomMacros
import Testing

// NB: the point of these fixtures (issue 31): types as apps write them, not `Sendable` (mutable
// state, no annotation), made `@Injectable` and holding `@Inject` properties with no change.

/// An `@Injectable` class that is not `Sendable`: it keeps mutable state.
@Injectable
final class ReportDraft {
  let database: Database
  var lines: [String] = []
  init(database: Database) { self.database = database }
}

/// A class that is not `Sendable`, holding `@Inject` properties, one of a type that is not
/// `Sendable` either.
final class DraftEditor {
  @Inject var api: any APIClient
  @Inject var draft: ReportDraft
  @Inject(\.draftLog) var log: DraftLog
  var edits = 0
}

/// A value that is not `Sendable`, declared as a key-path dependency made for each reader.
final class DraftLog {
  var entries: [String] = []
}

extension Container {
  var draftLog: Dependency<DraftLog> { Dependency { _ in DraftLog() } }
}

@Suite struct NonSendableInjectionTests {
  @Test func anInjectableTypeThatIsNotSendableRegistersTransient() throws {
    let container = Container()
    container.register(Database.self, lifetime: .singleton) { _ in Database(label: "main") }
    container.register(ReportDraft.self)

    let first = try container.tryResolve(ReportDraft.self)
    first.lines.append("title")
    let second = try container.tryResolve(ReportDraft.self)
    #expect(first !== second)
    #expect(second.lines.isEmpty)
    #expect(first.database.label == "main")
    #expect(container.graph.node(for: DependencyKey(ReportDraft.self)) != nil)
  }

  @Test func anInjectableTypeThatIsNotSendableTakesAConfinedLifetime() throws {
    let container = Container()
    container.register(Database.self) { _ in Database(label: "main") }
    container.register(ReportDraft.self, name: "pass", lifetime: .graph)
    container.register(ReportDraft.self, name: "legacy", lifetime: .unchecked(.singleton))

    let legacy = try container.tryResolve(ReportDraft.self, name: "legacy")
    #expect(try container.tryResolve(ReportDraft.self, name: "legacy") === legacy)
    _ = try container.tryResolve(ReportDraft.self, name: "pass")
    #expect(container.dump().contains("unchecked"))
  }

  @Test func injectWorksInAClassThatIsNotSendable() throws {
    let container = Container()
    container.register((any APIClient).self) { _ in StubAPIClient(label: "stub") }
    container.register(Database.self) { _ in Database(label: "main") }
    container.register(ReportDraft.self)

    let editor = container.withCurrent { DraftEditor() }
    editor.draft.lines.append("kept")
    editor.edits += 1
    // Resolved on first access and kept by the owner.
    #expect(editor.draft.lines == ["kept"])
    #expect(editor.api.label == "stub")
    editor.log.entries.append("opened")
    #expect(editor.log.entries == ["opened"])
  }
}
