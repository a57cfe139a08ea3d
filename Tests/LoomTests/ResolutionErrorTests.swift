@_spi(LoomInternals) import Loom
import Testing

// NB: `Requested at:` names the line of the top-level resolve. Each test takes `let line = #line`
// right above `let error = try #require(throws:) { ... }`, and expects `line + 1`: a `#line` default
// argument inside the closure of a macro such as `#require` is the line where the macro starts.

@Suite struct ResolutionErrorTests {
  @Test func resolvingUnregisteredKeyThrowsWithTheFullMessage() throws {
    let container = Container()

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Database.self)
    }

    #expect(error.code == .notRegistered)
    #expect(
      error.description == """
        ResolutionError: no registration for Database
        ├─ Resolved via: Database
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
        """)
  }

  @Test func resolvingUnregisteredKeyThrowsWithChain() throws {
    let container = Container()
    container.register(AppCoordinator.init)
    container.register(UserService.init)

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(AppCoordinator.self)
    }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Database.self))
    #expect(
      error.chain == [
        DependencyKey(AppCoordinator.self), DependencyKey(UserService.self),
        DependencyKey(Database.self),
      ])
    #expect(error.path == "AppCoordinator → UserService → Database")
    #expect(
      error.location
        == CodeLocation(fileID: "LoomTests/ResolutionErrorTests.swift", line: UInt(line + 1)))
    #expect(
      error.description == """
        ResolutionError: no registration for Database
        ├─ Resolved via: AppCoordinator → UserService → Database
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
        """)
  }

  @Test func unregisteredNamedKeySaysHowToRegisterTheName() throws {
    let container = Container()

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Database.self, name: "replica")
    }

    #expect(
      error.description == """
        ResolutionError: no registration for Database (name: "replica")
        ├─ Resolved via: Database (name: "replica")
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: register Database with name: "replica".
        """)
  }

  @Test func cycleOnOneThreadThrowsWithTheFullMessage() throws {
    let container = Container()
    container.register(CycleA.self, lifetime: .transient) { r in
      _ = try r.tryResolve(CycleB.self)
      return CycleA()
    }
    container.register(CycleB.self, lifetime: .transient) { r in
      _ = try r.tryResolve(CycleA.self)
      return CycleB()
    }

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(CycleA.self)
    }

    #expect(error.code == .cycle)
    #expect(error.path == "CycleA → CycleB → CycleA")
    #expect(
      error.description == """
        ResolutionError: dependency cycle: CycleA → CycleB → CycleA
        ├─ Resolved via: CycleA → CycleB → CycleA
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
        """)
  }

  @Test func cycleSummaryStartsWhereTheCycleStarts() throws {
    let container = Container()
    container.register(CycleEntry.self, lifetime: .transient) { r in
      _ = try r.tryResolve(CycleA.self)
      return CycleEntry()
    }
    container.register(CycleA.self, lifetime: .singleton) { r in
      _ = try r.tryResolve(CycleB.self)
      return CycleA()
    }
    container.register(CycleB.self, lifetime: .singleton) { r in
      _ = try r.tryResolve(CycleA.self)
      return CycleB()
    }

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(CycleEntry.self)
    }

    #expect(error.code == .cycle)
    #expect(
      error.description == """
        ResolutionError: dependency cycle: CycleA → CycleB → CycleA
        ├─ Resolved via: CycleEntry → CycleA → CycleB → CycleA
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
        """)
  }

  @Test func selfDependencyIsACycle() throws {
    let container = Container()
    container.register(CycleA.self, lifetime: .transient) { r in
      _ = try r.tryResolve(CycleA.self)
      return CycleA()
    }

    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(CycleA.self) }

    #expect(error.code == .cycle)
    #expect(error.summary == "dependency cycle: CycleA → CycleA")
    #expect(error.path == "CycleA → CycleA")
  }

  @Test func factoryFailureThrowsWithTheUnderlyingError() throws {
    let container = Container()
    container.register(UserService.init)
    let registrationLine = #line
    container.register(Database.self, lifetime: .transient) { _ in throw DiskFull() }

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(UserService.self)
    }

    #expect(error.code == .factoryFailed)
    #expect(error.key == DependencyKey(Database.self))
    #expect(error.underlying is DiskFull)
    #expect(
      error.description == """
        ResolutionError: the factory of Database threw
        ├─ Resolved via: UserService → Database
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        ├─ Underlying error: disk is full
        └─ To fix: fix the failure reported by the factory registered at LoomTests/ResolutionErrorTests.swift:\(registrationLine + 1).
        """)
  }

  @Test func argumentMismatchNamesBothArgumentLists() throws {
    let container = Container()
    container.register(User.self) { (_, id: String) in User(id: id) }

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(User.self, arguments: 42)
    }

    #expect(error.code == .argumentMismatch)
    #expect(
      error.description == """
        ResolutionError: User takes (String), but was resolved with (Int)
        ├─ Resolved via: User
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: resolve User with arguments: (String).
        """)
  }

  @Test func argumentMismatchWithoutArguments() throws {
    let container = Container()
    container.register(User.self) { (_, id: String) in User(id: id) }

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(User.self)
    }

    #expect(error.code == .argumentMismatch)
    #expect(
      error.description == """
        ResolutionError: User takes (String), but was resolved with no arguments
        ├─ Resolved via: User
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: resolve User with arguments: (String).
        """)
  }

  @Test func argumentsGivenToARegistrationWithoutArguments() throws {
    let container = Container()
    container.register(Database.self, lifetime: .transient) { _ in Database() }

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Database.self, arguments: "x")
    }

    #expect(
      error.description == """
        ResolutionError: Database takes no arguments, but was resolved with (String)
        ├─ Resolved via: Database
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: resolve Database without arguments, or register a factory that takes (String).
        """)
  }

  @Test func scopeRequiredSurfacesWithTheChain() throws {
    let container = Container()
    container.register(Cart.self, lifetime: .request) { _ in Cart() }
    container.register(Checkout.init)

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Checkout.self)
    }

    #expect(error.code == .scopeRequired)
    #expect(
      error.description == """
        ResolutionError: Cart has the request lifetime, but no request scope is current
        ├─ Resolved via: Checkout → Cart
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: resolve Cart inside a request scope, or register it with another lifetime.
        """)
  }

  @Test func weakStructMessageSaysToReturnAClass() throws {
    let container = Container()
    let registrationLine = #line
    let (_, warnings) = collectingRegistrationWarnings {
      container.register(ValueWidget.self, lifetime: .weak) { _ in ValueWidget() }
    }
    #if DEBUG
      #expect(
        warnings == [
          "Loom: warning: LoomTests/ResolutionErrorTests.swift:\(registrationLine + 2): ValueWidget"
            + " has the weak lifetime, but is a value type, not a class. To fix: register"
            + " ValueWidget with another lifetime (a weak reference can only hold an object), or"
            + " make ValueWidget a class.\n"
        ])
    #endif

    let line = #line
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(ValueWidget.self)
    }

    #expect(
      error.description == """
        ResolutionError: ValueWidget has the weak lifetime, but its factory returned a value, not an object
        ├─ Resolved via: ValueWidget
        ├─ Requested at: LoomTests/ResolutionErrorTests.swift:\(line + 1)
        └─ To fix: register ValueWidget at LoomTests/ResolutionErrorTests.swift:\(registrationLine + 2) with another lifetime, or return a class instance.
        """)
  }

  @Test func errorMadeByACustomLifetimeKeepsItsParts() {
    let error = ResolutionError(
      .scopeRequired, key: DependencyKey(Cart.self), chain: [DependencyKey(Checkout.self)],
      summary: "no checkout flow is running", hint: "resolve Cart inside a checkout flow.",
      location: CodeLocation(fileID: "App/Checkout.swift", line: 9))

    #expect(error.chain == [DependencyKey(Checkout.self), DependencyKey(Cart.self)])
    #expect(error.underlying == nil)
    #expect(
      error.description == """
        ResolutionError: no checkout flow is running
        ├─ Resolved via: Checkout → Cart
        ├─ Requested at: App/Checkout.swift:9
        └─ To fix: resolve Cart inside a checkout flow.
        """)
  }

  @Test func codesDescribeThemselves() {
    #expect(ResolutionError.Code.notRegistered.description == "notRegistered")
    #expect(ResolutionError.Code.cycle.description == "cycle")
    #expect(ResolutionError.Code.scopeRequired.description == "scopeRequired")
    #expect(ResolutionError.Code.cycle != .notRegistered)
  }
}
