import Loom
import Testing

/// A broken wiring that fails with one code, and the pattern that names that code.
struct BrokenWiring: Sendable, CustomTestStringConvertible {
  let code: ResolutionError.Code
  let pattern: ResolutionError.Code
  /// Makes a container and runs the resolve (or registration) that fails.
  let fail: @Sendable () throws -> Void

  var testDescription: String { code.description }

  /// One wiring for each code, each with the pattern of the same name.
  static let all: [BrokenWiring] = [
    BrokenWiring(code: .notRegistered, pattern: ResolutionError.notRegistered) {
      _ = try Container().tryResolve(Database.self)
    },
    BrokenWiring(code: .cycle, pattern: ResolutionError.cycle) {
      let container = Container()
      container.register(Database.self) { r in try r.tryResolve(Database.self) }
      _ = try container.tryResolve(Database.self)
    },
    BrokenWiring(code: .typeMismatch, pattern: ResolutionError.typeMismatch) {
      let container = Container()
      _ = collectingRegistrationWarnings {
        container.register(ValueWidget.self, lifetime: .weak) { _ in ValueWidget() }
      }
      _ = try container.tryResolve(ValueWidget.self)
    },
    BrokenWiring(code: .factoryFailed, pattern: ResolutionError.factoryFailed) {
      let container = Container()
      container.register(Database.self) { _ in throw DiskFull() }
      _ = try container.tryResolve(Database.self)
    },
    BrokenWiring(code: .asyncRequired, pattern: ResolutionError.asyncRequired) {
      let container = Container()
      container.register(Database.self) { _ async in Database() }
      _ = try container.tryResolve(Database.self)
    },
    BrokenWiring(code: .scopeRequired, pattern: ResolutionError.scopeRequired) {
      let container = Container()
      container.register(Cart.self, lifetime: .request) { _ in Cart() }
      _ = try container.tryResolve(Cart.self)
    },
    BrokenWiring(code: .argumentMismatch, pattern: ResolutionError.argumentMismatch) {
      let container = Container()
      container.register(User.self) { (_, id: String) in User(id: id) }
      _ = try container.tryResolve(User.self, arguments: 42)
    },
    BrokenWiring(code: .duplicateRegistration, pattern: ResolutionError.duplicateRegistration) {
      let container = Container(overridePolicy: .forbid)
      try container.tryRegistering { container in
        container.register(Database.self) { _ in Database() }
        container.register(Database.self) { _ in Database() }
      }
    },
    BrokenWiring(code: .captiveDependency, pattern: ResolutionError.captiveDependency) {
      let container = Container()
      container.register(Widget.self, lifetime: .weak) { _ in Widget() }
      container.register(Logger.self, lifetime: .singleton) { r in
        _ = try r.tryResolve(Widget.self)
        return Logger(clock: Clock())
      }
      _ = try container.tryResolve(Logger.self)
    },
  ]
}

@Suite struct ResolutionErrorPatternTests {
  @Test func everyCodeHasAPatternOfTheSameName() {
    #expect(BrokenWiring.all.map(\.code) == BrokenWiring.all.map(\.pattern))
    #expect(Set(BrokenWiring.all.map(\.code.description)).count == BrokenWiring.all.count)
  }

  @Test(arguments: BrokenWiring.all)
  func aCatchClauseOverAnyErrorMatchesTheCodesPattern(_ wiring: BrokenWiring) throws {
    var caught = false
    do {
      try wiring.fail()
    } catch wiring.pattern {
      caught = true
    } catch {
      Issue.record("\(wiring.code) was not matched by its pattern: \(error)")
    }
    #expect(caught)
  }

  @Test(arguments: BrokenWiring.all)
  func aResolutionErrorMatchesItsOwnPatternOnly(_ wiring: BrokenWiring) throws {
    let error = try #require(throws: ResolutionError.self) { try wiring.fail() }
    let matched = BrokenWiring.all.map(\.pattern).filter { $0 ~= error }
    #expect(matched == [wiring.code])
    let asAnyError: any Error = error
    #expect(BrokenWiring.all.map(\.pattern).filter { $0 ~= asAnyError } == [wiring.code])
  }

  @Test func theNamedPatternsReadAsCatchClauses() {
    var handled: [String] = []
    for wiring in BrokenWiring.all.prefix(2) {
      do {
        try wiring.fail()
      } catch ResolutionError.notRegistered {
        handled.append("missing")
      } catch ResolutionError.cycle {
        handled.append("cycle")
      } catch {
        handled.append("other: \(error)")
      }
    }
    #expect(handled == ["missing", "cycle"])
  }

  @Test func aTypedCatchMatchesTheCodeByItsShortName() {
    let container = Container()
    var handled = ""
    do {
      _ = try container.tryResolve(Database.self)
    } catch .notRegistered {
      handled = "missing"
    } catch {
      handled = "other"
    }
    #expect(handled == "missing")
  }

  @Test func aSwitchOverTheErrorReadsTheKeyOfTheCaseItMatched() throws {
    let container = Container()
    container.register(UserService.init)

    do {
      _ = try container.tryResolve(UserService.self)
      Issue.record("resolved without a Database")
    } catch {
      switch error {
      case .cycle, .factoryFailed:
        Issue.record("wrong case: \(error)")
      case .notRegistered:
        #expect(error.key == DependencyKey(Database.self))
        #expect(error.path == "UserService → Database")
      default:
        Issue.record("unexpected: \(error)")
      }
    }
  }

  @Test func aPatternDoesNotMatchAnotherKindOfError() {
    let other: any Error = DiskFull()
    #expect(!(ResolutionError.factoryFailed ~= other))
    let once: any Error = OnceError.cycle
    #expect(!(ResolutionError.cycle ~= once))
  }
}
