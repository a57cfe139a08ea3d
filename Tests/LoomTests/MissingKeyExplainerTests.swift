@_spi(LoomInternals) import Loom
import Testing

/// Explains one key, as a plugin registry of another package might.
private final class PluginNotes: MissingKeyExplaining {
  let asked = Lock(0)

  func explanation(forMissing key: DependencyKey, in container: Container) -> String? {
    asked.withLock { $0 += 1 }
    guard key == DependencyKey(Database.self) else { return nil }
    return "Database comes with the storage plugin: load it before resolving."
  }
}

@Suite struct MissingKeyExplainerTests {
  @Test func anExplainerInTheContainerOrAnAncestorGivesTheHint() throws {
    let root = Container()
    let notes = root.extensionStorage(of: PluginNotes.self) { PluginNotes() }
    let child = root.makeChild()

    let error = try #require(throws: ResolutionError.self) {
      try child.tryResolve(Database.self)
    }

    #expect(error.hint == "Database comes with the storage plugin: load it before resolving.")
    #expect(notes.asked.value == 1)
  }

  @Test func anExplainerThatCannotTellLeavesTheUsualHint() throws {
    let container = Container()
    _ = container.extensionStorage(of: PluginNotes.self) { PluginNotes() }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Logger.self)
    }

    #expect(
      error.hint
        == "register Logger, or declare it as a key-path dependency with a default factory.")
  }
}
