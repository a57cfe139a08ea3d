import Loom
import LoomSession
import Testing

/// A draft that is not `Sendable`, held by one model.
private final class Draft {
  var lines: [String] = []
}

/// A model that is not `Sendable` holding a scoped property of a value that is not either.
private final class DraftEditor {
  @ScopedInjected var draft: Draft

  init(scope: FlowScope) {
    _draft = ScopedInjected(in: scope)
  }
}

@Suite struct NonSendableScopedTests {
  @Test func aScopedPropertyKeepsAValueThatIsNotSendableForItsOwner() {
    let container = Container()
    container.register(Draft.self) { _ in Draft() }
    let scope = container.makeScope("editing")
    let editor = DraftEditor(scope: scope)
    editor.draft.lines.append("one")
    #expect(editor.draft.lines == ["one"])
    #expect(editor.draft === editor.draft)
  }
}
