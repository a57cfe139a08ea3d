import LoomMacros
import Testing

// An `@Injectable` chain whose last link needs a dependency nothing registers.
@Injectable private struct Shelf: Sendable { init(plank: Plank) {} }
@Injectable private struct Plank: Sendable { init(nail: Nail) {} }
private struct Nail: Sendable {}

/// A missing dependency below `@Injectable` registrations reaches the throwing entry points with
/// its chain.
@Suite struct InjectableFailureTests {
  @Test func aMissingDependencyBelowInjectableTypesIsThrownWithItsChain() async throws {
    let container = Container()
    container.register(Shelf.self)
    container.register(Plank.self)

    let error = try #require(
      #expect(throws: ResolutionError.self) {
        try container.tryResolve(Shelf.self)
      })
    #expect(error.code == .notRegistered)
    #expect(error.path == "Shelf → Plank → Nail")

    var asyncError: ResolutionError?
    do { _ = try await container.tryResolveAsync(Shelf.self) } catch { asyncError = error }
    #expect(asyncError?.path == "Shelf → Plank → Nail")

    let report = await container.validateByResolving()
    #expect(
      report.problems.map(\.path.last) == [DependencyKey(Nail.self), DependencyKey(Nail.self)])
    // validate() sees it without running anything: the edges are declared by the macro.
    #expect(container.validate().problems.map(\.code) == [.missing])
  }
}
