import Loom
import Testing

/// A value made from runtime arguments.
private struct Pet: Sendable {
  let name: String
  var age = 0
}

/// What `Pet` is seen as through a binding.
private protocol Animal: Sendable {
  var name: String { get }
}

extension Pet: Animal {}

/// Something that depends on `Pet` by type, so it cannot pass `Pet`'s arguments.
private struct Owner: Sendable {
  let pet: Pet
}

/// Swinject's argument tests (`ContainerTests_Arguments`, `ServiceKey` with its arguments type):
/// the argument types are part of what identifies a registration, so one type registered with
/// several argument lists keeps each, and a resolve picks the one its arguments match.
@Suite struct ArgumentKeyTests {
  // MARK: Registrations side by side

  @Test func swinjectTwoAritiesOfOneTypeLiveSideBySide() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.register(Pet.self) { (_, name: String, age: Int) in Pet(name: name, age: age) }

    let young = try container.tryResolve(Pet.self, arguments: "Rex")
    let old = try container.tryResolve(Pet.self, arguments: "Rex", 9)

    #expect(young.name == "Rex" && young.age == 0)
    #expect(old.name == "Rex" && old.age == 9)
  }

  @Test func swinjectOneArityWithOtherArgumentTypesLivesSideBySide() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.register(Pet.self) { (_, age: Int) in Pet(name: "unnamed", age: age) }

    #expect(try container.tryResolve(Pet.self, arguments: "Rex").name == "Rex")
    #expect(try container.tryResolve(Pet.self, arguments: 4).age == 4)
  }

  @Test func swinjectRegistrationWithoutArgumentsKeepsItsPlaceBesideOneWithArguments() throws {
    let container = Container()
    container.register(Pet.self) { _ in Pet(name: "plain") }
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }

    #expect(try container.tryResolve(Pet.self).name == "plain")
    #expect(try container.tryResolve(Pet.self, arguments: "Rex").name == "Rex")
  }

  @Test func swinjectSameArgumentTypesRegisteredAgainReplaceTheFirst() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: "first \(name)") }
    container.register(Pet.self) { (_, name: String) in Pet(name: "second \(name)") }

    #expect(try container.tryResolve(Pet.self, arguments: "Rex").name == "second Rex")
    #expect(container.graph.nodes.count == 1)
  }

  @Test func swinjectNamedRegistrationsWithArgumentsAreTheirOwnKeys() throws {
    let container = Container()
    container.register(Pet.self, name: "cat") { (_, name: String) in Pet(name: "cat \(name)") }
    container.register(Pet.self) { (_, name: String) in Pet(name: "dog \(name)") }

    #expect(try container.tryResolve(Pet.self, name: "cat", arguments: "Tom").name == "cat Tom")
    #expect(try container.tryResolve(Pet.self, arguments: "Rex").name == "dog Rex")
  }

  @Test func swinjectNineArgumentsAreAccepted() throws {
    let container = Container()
    container.register(Pet.self) {
      (
        _, a: String, b: String, c: String, d: String, e: String, f: String, g: String, h: String,
        i: String
      ) in Pet(name: a + b + c + d + e + f + g + h + i)
    }

    let pet = try container.tryResolve(
      Pet.self, arguments: "1", "2", "3", "4", "5", "6", "7", "8", "9")

    #expect(pet.name == "123456789")
  }

  @Test func childRegistrationWithOtherArgumentsLeavesTheParentsReachable() throws {
    let parent = Container()
    parent.register(Pet.self) { (_, name: String) in Pet(name: "parent \(name)") }
    let child = parent.makeChild()
    child.register(Pet.self) { (_, name: String, age: Int) in Pet(name: "child \(name)", age: age) }

    #expect(try child.tryResolve(Pet.self, arguments: "Rex").name == "parent Rex")
    #expect(try child.tryResolve(Pet.self, arguments: "Rex", 2).name == "child Rex")
  }

  // MARK: Keys

  @Test func argumentKeysNameTheirArgumentTypes() {
    let key = DependencyKey(Pet.self, arguments: String.self, Int.self)
    let named = DependencyKey(Pet.self, name: "cat", arguments: String.self)

    #expect(key.description == "Pet (arguments: String, Int)")
    #expect(named.description == #"Pet (name: "cat", arguments: String)"#)
    #expect(named.name == "cat")
    #expect(
      key.argumentTypes.map(ObjectIdentifier.init)
        == [String.self, Int.self].map(ObjectIdentifier.init))
    #expect(DependencyKey(Pet.self).argumentTypes.isEmpty)
    #expect(key != DependencyKey(Pet.self))
    #expect(key != DependencyKey(Pet.self, arguments: Int.self, String.self))
    #expect(key == DependencyKey(Pet.self, arguments: String.self, Int.self))
  }

  @Test func argumentKeysMadeOnManyTasksAtOnceNameTheirArgumentTypes() async {
    let expected = [
      "Pet (arguments: String)", #"Pet (name: "cat", arguments: Int, Double)"#,
      "Owner (arguments: Pet)",
    ]
    let described = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask {
          [
            DependencyKey(Pet.self, arguments: String.self).description,
            DependencyKey(Pet.self, name: "cat", arguments: Int.self, Double.self).description,
            DependencyKey(Owner.self, arguments: Pet.self).description,
          ]
        }
      }
      return await group.reduce(into: [[String]]()) { $0.append($1) }
    }

    #expect(described == Array(repeating: expected, count: 8))
  }

  @Test func aKeyWithArgumentsAndTheKeyWithoutThemHashApart() {
    let keys: Set = [
      DependencyKey(Pet.self), DependencyKey(Pet.self, arguments: String.self),
      DependencyKey(Pet.self, name: "cat"),
      DependencyKey(Pet.self, name: "cat", arguments: String.self),
    ]

    #expect(keys.count == 4)
    #expect(keys.filter { $0.argumentTypes.isEmpty }.count == 2)
  }

  // MARK: Arguments that match no registration

  @Test func argumentsOfNoRegisteredListNameEveryListAndTheGivenOne() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.register(Pet.self) { (_, name: String, age: Int) in Pet(name: name, age: age) }

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Pet.self, arguments: 2.5)
    }

    #expect(error.code == .argumentMismatch)
    #expect(error.key == DependencyKey(Pet.self))
    #expect(
      error.description == """
        ResolutionError: Pet takes (String) or (String, Int), but was resolved with (Double)
        ├─ Resolved via: Pet
        ├─ Requested at: LoomTests/ArgumentKeyTests.swift:\(line + 1)
        └─ To fix: resolve Pet with arguments: (String) or (String, Int).
        """)
  }

  @Test func noArgumentsForATypeRegisteredOnlyWithArgumentsNameTheLists() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.register(Pet.self) { (_, age: Int) in Pet(name: "", age: age) }

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Pet.self)
    }

    #expect(error.code == .argumentMismatch)
    #expect(error.summary == "Pet takes (String) or (Int), but was resolved with no arguments")
  }

  @Test func argumentsForATypeNeverRegisteredSayItIsNotRegistered() throws {
    let container = Container()

    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Pet.self, arguments: "Rex")
    }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Pet.self))
  }

  // MARK: The graph

  @Test func eachArgumentListIsANodeOfTheGraph() {
    let container = Container()
    container.register(Pet.self) { _ in Pet(name: "plain") }
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.register(Pet.self) { (_, name: String, age: Int) in Pet(name: name, age: age) }

    let keys = Set(container.graph.nodes.map(\.key))

    #expect(
      keys == [
        DependencyKey(Pet.self), DependencyKey(Pet.self, arguments: String.self),
        DependencyKey(Pet.self, arguments: String.self, Int.self),
      ])
    #expect(container.validate().isValid)
  }

  @Test func dependingOnATypeRegisteredOnlyWithArgumentsIsReportedWithEveryList() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.register(Pet.self) { (_, name: String, age: Int) in Pet(name: name, age: age) }
    container.register(Owner.init)

    let report = container.validate()

    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.code == .argumentsRequired)
    #expect(problem.key == DependencyKey(Pet.self))
    #expect(
      problem.summary
        == "Owner depends on Pet, which takes runtime arguments (String) or (String, Int)")
    #expect(throws: ResolutionError.self) { try container.tryResolve(Owner.self) }
  }

  @Test func aFactoryThatPassesTheArgumentsIsValid() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.register(Owner.self) { r in Owner(pet: try r.tryResolve(Pet.self, arguments: "Rex")) }

    #expect(try container.tryResolve(Owner.self).pet.name == "Rex")
    // The resolve recorded an edge to the argument registration, which is no problem.
    #expect(
      container.graph.edges.contains {
        $0.to == DependencyKey(Pet.self, arguments: String.self)
      })
    #expect(container.validate().isValid)
  }

  // MARK: Forwarding

  @Test func swinjectImplementsWithArgumentsForwardsThemToTheImplementation() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.register(Pet.self) { (_, name: String, age: Int) in Pet(name: name, age: age) }
    container.bind((any Animal).self, to: Pet.self, arguments: String.self)
    container.bind((any Animal).self, to: Pet.self, arguments: String.self, Int.self)

    let young = try container.tryResolve((any Animal).self, arguments: "Rex")
    let old = try container.tryResolve((any Animal).self, arguments: "Rex", 9)

    #expect(young.name == "Rex")
    #expect((old as? Pet)?.age == 9)
  }

  @Test func aBindingWithArgumentsIsANodeWithAnEdgeToItsImplementation() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.bind((any Animal).self, to: Pet.self, arguments: String.self)

    let graph = container.graph
    let binding = DependencyKey((any Animal).self, arguments: String.self)
    let node = try #require(graph.nodes.first { $0.key == binding })

    #expect(node.isBinding)
    #expect(binding.description == "any Animal (arguments: String)")
    #expect(
      graph.edges.contains {
        $0.from == binding && $0.to == DependencyKey(Pet.self, arguments: String.self)
      })
    #expect(container.validate().isValid)
  }

  @Test func aBindingToArgumentsTheImplementationDoesNotTakeIsReported() throws {
    let container = Container()
    container.register(Pet.self) { (_, name: String) in Pet(name: name) }
    container.bind((any Animal).self, to: Pet.self, arguments: Int.self)

    let problem = try #require(container.validate().problems.first)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve((any Animal).self, arguments: 3)
    }

    #expect(problem.code == .missing)
    #expect(problem.key == DependencyKey(Pet.self, arguments: Int.self))
    #expect(error.code == .argumentMismatch)
    #expect(error.summary == "Pet takes (String), but was resolved with (Int)")
    #expect(
      error.chain == [
        DependencyKey((any Animal).self, arguments: Int.self), DependencyKey(Pet.self),
      ])
  }
}
