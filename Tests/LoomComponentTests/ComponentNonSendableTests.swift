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

/// A screen's state: mutable, not isolated, so not `Sendable`; used on the main actor.
final class ScreenState {
  var title: String
  init(title: String) { self.title = title }
}

/// A main-actor component whose cached members are not `Sendable`: each is made, kept and read
/// on the main actor only.
@Component(mainActor: true)
struct ScreenComponent {
  @Provide(.input) var title: String
  @Provide(.shared, ScreenState.init(title:)) var state: ScreenState
  @Provide(.lazy, factory: { (state: ScreenState) in ScreenState(title: state.title + " (lazy)") })
  var later: ScreenState
  @Provide(.transient, factory: { (title: String) in ScreenState(title: title) }) var scratch:
    ScreenState
  @Provide(
    .shared,
    factory: { (state: Provider<ScreenState>, scratch: Provider<ScreenState>) in
      Screen(state: state, scratch: scratch)
    })
  var screen: Screen
  @Provide(.once, factory: { ScreenState(title: "process") }) var shell: ScreenState
}

/// A view model that reads the screen's state through handles, on the main actor.
@MainActor final class Screen {
  let state: Provider<ScreenState>
  let scratch: Provider<ScreenState>

  init(state: Provider<ScreenState>, scratch: Provider<ScreenState>) {
    self.state = state
    self.scratch = scratch
  }
}

@MainActor @Suite struct ComponentMainActorNonSendableTests {
  @Test func aCachedMemberThatIsNotSendableIsKeptOnTheMainActor() async throws {
    let component = ScreenComponent(title: "Home")
    let state = component.state
    #expect(state === component.state)
    state.title = "Home!"
    #expect(component.later.title == "Home! (lazy)")
    #expect(component.later === component.later)
    #expect(component.scratch !== component.scratch)
    // A copy shares the cached members its overrides do not affect.
    let copy = component.overriding { _ in }
    #expect(copy.state === state)
    let resolved = try await component.resolve()
    #expect(resolved.state === state)
    // A `.once` member is one value for every instance.
    #expect(component.shell === ScreenComponent(title: "Other").shell)
    // A handle reads the component's one value, or a new one for a transient member.
    #expect(try component.screen.state.get() === state)
    let scratch = try component.screen.scratch.get()
    let nextScratch = try component.screen.scratch.get()
    #expect(scratch.title == "Home" && scratch !== nextScratch)
  }

  @Test func itsOverrideIsTheValue() throws {
    let stub = ScreenState(title: "stub")
    let component = ScreenComponent(title: "Home") { $0.state = stub }
    #expect(component.state === stub)
    #expect(component.later.title == "stub (lazy)")
    let other = component.overriding { $0.state = ScreenState(title: "other") }
    #expect(other.state.title == "other")
    #expect(other.later.title == "other (lazy)")
    #expect(component.state === stub)
  }

  @Test func itIsInstalledConfinedToTheMainActor() async throws {
    let component = ScreenComponent(title: "Home")
    let container = Container()
    component.install(into: container)
    let state = try container.tryResolve(ScreenState.self, name: "state")
    #expect(state === component.state)
    #expect(try container.tryResolve(ScreenState.self, name: "scratch").title == "Home")
    // Off the main actor, the shared instance is not handed out.
    let offMain = await Task.detached {
      do {
        _ = try await container.tryResolveAsync(ScreenState.self, name: "state")
        return false
      } catch let error as ResolutionError {
        return error.code == .asyncRequired
      } catch {
        return false
      }
    }.value
    #expect(offMain)
  }
}
