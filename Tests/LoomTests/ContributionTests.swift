import Testing

@testable import Loom

/// A plugin of a collection, named for what made it.
protocol Sink: Sendable {
  var name: String { get }
}

struct NamedSink: Sink {
  let name: String
}

/// A sink that needs a database, for the graph's edges.
struct DatabaseSink: Sink {
  let database: Database
  var name: String { "database" }
  init(database: Database) { self.database = database }
}

/// Takes every sink, auto-wired.
final class SinkHub: Sendable {
  let sinks: [any Sink]
  init(sinks: [any Sink]) { self.sinks = sinks }
}

@Suite struct ContributionTests {
  @Test func contributionsResolveTogetherInTheOrderTheyWereMade() throws {
    let container = Container()
    container.contribute((any Sink).self) { _ in NamedSink(name: "a") }
    container.contribute((any Sink).self) { _ in NamedSink(name: "b") }
    container.contribute((any Sink).self) { _ in NamedSink(name: "c") }
    #expect(try container.tryResolve([any Sink].self).map(\.name) == ["a", "b", "c"])
  }

  @Test func aChildSeesItsAncestorsContributionsFirstAndTheParentOnlyItsOwn() throws {
    let parent = Container()
    parent.contribute((any Sink).self) { _ in NamedSink(name: "parent 1") }
    let child = parent.makeChild()
    child.contribute((any Sink).self) { _ in NamedSink(name: "child") }
    parent.contribute((any Sink).self) { _ in NamedSink(name: "parent 2") }
    #expect(
      try child.tryResolve([any Sink].self).map(\.name) == ["parent 1", "parent 2", "child"])
    #expect(try parent.tryResolve([any Sink].self).map(\.name) == ["parent 1", "parent 2"])
  }

  @Test func aNamedContributionReplacedInAChildKeepsItsPlace() throws {
    let app = Container()
    app.contribute((any Sink).self, name: "console") { _ in NamedSink(name: "console") }
    app.contribute((any Sink).self, name: "remote") { _ in NamedSink(name: "remote") }
    let test = app.makeIsolatedChild()
    test.contribute((any Sink).self, name: "console") { _ in NamedSink(name: "silent") }
    #expect(try test.tryResolve([any Sink].self).map(\.name) == ["silent", "remote"])
    #expect(try app.tryResolve([any Sink].self).map(\.name) == ["console", "remote"])
  }

  @Test func eachContributionKeepsItsOwnLifetime() throws {
    let container = Container()
    container.contribute((any Sink).self, lifetime: .singleton) { _ in NamedSink(name: "one") }
    container.contribute((any Sink).self, DatabaseSink.init)
    container.register(Database.self) { _ in Database() }
    let first = try container.tryResolve([any Sink].self)
    let second = try container.tryResolve([any Sink].self)
    let databases = [first, second].compactMap { ($0[1] as? DatabaseSink)?.database }
    #expect(databases.count == 2)
    #expect(databases[0] !== databases[1])  // the transient contribution is made each time
  }

  @Test func anInitializerTakingTheCollectionIsAutoWired() throws {
    let container = Container()
    container.contribute((any Sink).self) { _ in NamedSink(name: "a") }
    container.register(SinkHub.init)
    #expect(try container.tryResolve(SinkHub.self).sinks.map(\.name) == ["a"])
  }

  @Test func theGraphHasAnEdgeToEachContributionAndValidationChecksThem() throws {
    let container = Container()
    container.contribute((any Sink).self, name: "plain") { _ in NamedSink(name: "plain") }
    container.contribute((any Sink).self, name: "database", DatabaseSink.init)
    container.register(SinkHub.init)
    let collection = DependencyKey([any Sink].self)
    // The graph lists edges by key; the collection resolves them in contribution order.
    #expect(
      container.graph.edges(from: collection).map(\.to) == [
        DependencyKey((any Sink).self, name: "database"),
        DependencyKey((any Sink).self, name: "plain"),
      ])
    let report = container.validate()
    #expect(report.problems.map(\.code) == [.missing])
    #expect(
      report.problems.first?.summary == "no registration for Database")
    #expect(
      report.problems.first?.path.map(\.description) == [
        "SinkHub", "[any Sink]", "any Sink (name: \"database\")", "Database",
      ])
  }

  @Test func anUnnamedContributionIsNamedWhereItWasMade() throws {
    let container = Container()
    for index in 0..<2 {
      container.contribute((any Sink).self) { _ in NamedSink(name: "\(index)") }
    }
    let names = container.contributionKeys(to: DependencyKey([any Sink].self)).map(\.name)
    let line = #line - 3
    #expect(
      names == [
        "LoomTests/ContributionTests.swift:\(line)",
        "LoomTests/ContributionTests.swift:\(line) #2",
      ])
    #expect(try container.tryResolve([any Sink].self).map(\.name) == ["0", "1"])
  }
}
