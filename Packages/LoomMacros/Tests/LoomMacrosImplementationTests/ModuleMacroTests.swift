import LoomMacrosImplementation
import Testing

/// Expansion and diagnostics tests of `@Module` and `@Provides`: the generated source, and
/// each misuse's message, line:column and fix-it, pinned word for word.
@Suite struct ModuleMacroTests {
  @Test func moduleRegistersEachProvidesMethod() {
    let result = expand(
      #"""
      @MainActor
      @Module
      public struct AppModule {
        @Provides(lifetime: .singleton)
        func config() -> Config { Config() }
        @Provides(name: "primary", lifetime: .weak)
        static func api(@Named("base") http: HTTPClient, retries: Int = 2) async throws -> any APIClient {
          try await LiveAPIClient(http: http)
        }
        @Provides
        func model(users: UserService, later: Lazy<Analytics>) -> ProfileModel { ProfileModel() }
        @Provides
        nonisolated func clock() -> any Clock { SystemClock() }
        func helper() {}
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        @MainActor
        public struct AppModule {
          func config() -> Config { Config() }
          static func api(@Named("base") http: HTTPClient, retries: Int = 2) async throws -> any APIClient {
            try await LiveAPIClient(http: http)
          }
          func model(users: UserService, later: Lazy<Analytics>) -> ProfileModel { ProfileModel() }
          nonisolated func clock() -> any Clock { SystemClock() }
          func helper() {}
        }

        extension AppModule: LoomAssembly::Assembly {
          public nonisolated func assemble(into container: Loom::Container) {
            container._registerMainActor(
              Config.self, lifetime: .singleton,
              dependencies: [],
              fileID: "TestModule/test.swift", line: 4
            ) { r in
              self.config()
            }
            container.register(
              (any APIClient).self, name: "primary", lifetime: .weak,
              dependencies: [Loom::DependencyKey(HTTPClient.self, name: "base")],
              fileID: "TestModule/test.swift", line: 6
            ) { r in
              try await Self.api(http: r.tryResolveAsync(HTTPClient.self, name: "base"))
            }
            container._registerMainActor(
              ProfileModel.self,
              dependencies: [
                Loom::DependencyKey(UserService.self),
                Loom::DependencyKey(Loom::Lazy<Analytics>.self),
              ],
              fileID: "TestModule/test.swift", line: 10
            ) { r in
              try self.model(
                users: r.tryResolve(UserService.self),
                later: r.lazy(Analytics.self)
              )
            }
            container.register(
              (any Clock).self,
              dependencies: [],
              fileID: "TestModule/test.swift", line: 12
            ) { r in
              self.clock()
            }
          }
        }
        """#)
  }

  @Test func anEmptyModuleIsAnAssemblyThatRegistersNothing() {
    let result = expand(
      #"""
      @Module
      struct EmptyModule {}
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        struct EmptyModule {}

        extension EmptyModule: LoomAssembly::Assembly {
          nonisolated func assemble(into container: Loom::Container) {
          }
        }
        """#)
  }

  @Test func aProtocolIsAnError() {
    let result = expand(
      #"""
      @Module
      protocol Wiring {}
      """#)
    #expect(
      result.diagnostics == [
        "1:1: error: @Module applies to a struct, class, enum or actor"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        protocol Wiring {}
        """#)
  }

  @Test func anOwnAssembleIsAnError() {
    let result = expand(
      #"""
      @Module
      struct AppModule {
        func assemble(into container: Container) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:8: error: @Module writes assemble(into:) from the @Provides methods; remove this one, or drop @Module and conform to Assembly yourself"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct AppModule {
          func assemble(into container: Container) {}
        }
        """#)
  }

  @Test func twoMethodsProvidingOneKeyAreAnError() {
    let result = expand(
      #"""
      @Module
      struct AppModule {
        @Provides func primary() -> Config { Config() }
        @Provides func backup() -> Config { Config() }
      }
      """#)
    #expect(
      result.diagnostics == [
        "4:3: error: 'AppModule' provides 'Config' twice (also 'primary'); give one a different name:, or remove one"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct AppModule {
          func primary() -> Config { Config() }
          func backup() -> Config { Config() }
        }

        extension AppModule: LoomAssembly::Assembly {
          nonisolated func assemble(into container: Loom::Container) {
            container.register(
              Config.self,
              dependencies: [],
              fileID: "TestModule/test.swift", line: 3
            ) { r in
              self.primary()
            }
          }
        }
        """#)
  }

  @Test func providesOutsideAModuleIsAnError() {
    let result = expand(
      #"""
      struct AppModule {
        @Provides func config() -> Config { Config() }
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:3: error: @Provides methods belong to a @Module type; add @Module to the type that declares it"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct AppModule {
          func config() -> Config { Config() }
        }
        """#)
  }

  @Test func providesOnAPropertyIsAnError() {
    let result = expand(
      #"""
      @Module
      struct AppModule {
        @Provides var config: Config { Config() }
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:3: error: @Provides applies to a method of a @Module type"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct AppModule {
          var config: Config { Config() }
        }

        extension AppModule: LoomAssembly::Assembly {
          nonisolated func assemble(into container: Loom::Container) {
          }
        }
        """#)
  }

  @Test func aMethodWithoutResultIsAnError() {
    let result = expand(
      #"""
      @Module
      struct AppModule {
        @Provides func configure() {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:18: error: @Provides method 'configure' must return the dependency it provides"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct AppModule {
          func configure() {}
        }

        extension AppModule: LoomAssembly::Assembly {
          nonisolated func assemble(into container: Loom::Container) {
          }
        }
        """#)
  }

  @Test func anOpaqueResultIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      @Module
      struct AppModule {
        @Provides func clock() -> some Clock { SystemClock() }
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:29: error: @Provides method 'clock' cannot return an opaque type: its return type is the key; return 'any Clock' or a concrete type"
      ])
    #expect(
      result.fixIts == [
        "return 'any Clock'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Module
        struct AppModule {
          @Provides func clock() -> any Clock { SystemClock() }
        }
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct AppModule {
          func clock() -> some Clock { SystemClock() }
        }

        extension AppModule: LoomAssembly::Assembly {
          nonisolated func assemble(into container: Loom::Container) {
          }
        }
        """#)
  }

  @Test func aGenericMethodIsAnError() {
    let result = expand(
      #"""
      @Module
      struct AppModule {
        @Provides func make<T>() -> T { fatalError() }
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:22: error: @Provides method 'make' cannot be generic: its return type is the key it registers"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct AppModule {
          func make<T>() -> T { fatalError() }
        }

        extension AppModule: LoomAssembly::Assembly {
          nonisolated func assemble(into container: Loom::Container) {
          }
        }
        """#)
  }

  @Test func aMutatingMethodIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      @Module
      struct AppModule {
        @Provides mutating func config() -> Config { Config() }
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:13: error: @Provides method 'config' cannot be 'mutating': a module provides from an immutable value"
      ])
    #expect(
      result.fixIts == [
        "remove 'mutating'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Module
        struct AppModule {
          @Provides func config() -> Config { Config() }
        }
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct AppModule {
          mutating func config() -> Config { Config() }
        }

        extension AppModule: LoomAssembly::Assembly {
          nonisolated func assemble(into container: Loom::Container) {
          }
        }
        """#)
  }
}
