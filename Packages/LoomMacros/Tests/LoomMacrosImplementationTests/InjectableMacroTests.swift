import LoomMacrosImplementation
import Testing

/// Expansion and diagnostics tests of `@Injectable` and `@InjectableInit`: the generated source, and
/// each misuse's message, line:column and fix-it, pinned word for word.
@Suite struct InjectableMacroTests {
  @Test func injectableResolvesEveryKindOfParameter() {
    let result = expand(
      #"""
      @Injectable
      final class UserService: Sendable {
        init(
          api: any APIClient, @Named("users") database: Database, @Named(\.clock) clock: any Clock,
          analytics: Lazy<Analytics>, @Named("fresh") makeRequest: Provider<Request>,
          @Named(\.tracker) tracker: Loom.Lazy<any Tracker>, retries: Int = 3
        ) {}
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        final class UserService: Sendable {
          init(
            api: any APIClient, @Named("users") database: Database, @Named(\.clock) clock: any Clock,
            analytics: Lazy<Analytics>, @Named("fresh") makeRequest: Provider<Request>,
            @Named(\.tracker) tracker: Loom.Lazy<any Tracker>, retries: Int = 3
          ) {}
        }

        extension UserService: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<UserService> {
            .sync(dependencies: [
              Loom::DependencyKey((any APIClient).self),
              Loom::DependencyKey(Database.self, name: "users"),
              Loom::DependencyKey(\.clock),
              Loom::DependencyKey(Loom::Lazy<Analytics>.self),
              Loom::DependencyKey(Loom::Provider<Request>.self, name: "fresh"),
            ]) { r in
              try UserService(
                api: r.tryResolve((any APIClient).self),
                database: r.tryResolve(Database.self, name: "users"),
                clock: r.tryResolve(\.clock),
                analytics: r.lazy(Analytics.self),
                makeRequest: r.provider(Request.self, name: "fresh"),
                tracker: r.lazy(\.tracker)
              )
            }
          }
        }
        """#)
  }

  @Test func anAsyncThrowingInitializerGivesAnAsyncFactory() {
    let result = expand(
      #"""
      @Injectable
      public actor Store {
        public init(_ config: Config) async throws {}
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        public actor Store {
          public init(_ config: Config) async throws {}
        }

        extension Store: LoomMacros::Injectable {
          public nonisolated static var _injection: LoomMacros::_Injection<Store> {
            .async(dependencies: [Loom::DependencyKey(Config.self)]) { r in
              try await Store(r.tryResolveAsync(Config.self))
            }
          }
        }
        """#)
  }

  @Test func aMainActorTypeGivesAMainActorFactory() {
    let result = expand(
      #"""
      @MainActor
      @Injectable
      final class ProfileModel {
        init(users: UserService) {}
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        @MainActor
        final class ProfileModel {
          init(users: UserService) {}
        }

        extension ProfileModel: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<ProfileModel> {
            .mainActor(dependencies: [Loom::DependencyKey(UserService.self)]) { r in
              try ProfileModel(users: r.tryResolve(UserService.self))
            }
          }
        }
        """#)
  }

  @Test func aNonisolatedInitializerOfAMainActorTypeGivesAPlainFactory() {
    let result = expand(
      #"""
      @MainActor
      @Injectable
      final class Formatter {
        nonisolated init() {}
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        @MainActor
        final class Formatter {
          nonisolated init() {}
        }

        extension Formatter: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<Formatter> {
            .sync(dependencies: []) { r in
              Formatter()
            }
          }
        }
        """#)
  }

  @Test func aStructWithoutInitializerUsesItsMemberwiseInitializer() {
    let result = expand(
      #"""
      @Injectable
      struct Settings: Sendable {
        let config: Config
        var retries = 3
        var label: String?
        let fixed = 1
        @Inject var api: any APIClient
        var computed: Int { 1 }
        static let shared = 0
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        struct Settings: Sendable {
          let config: Config
          var retries = 3
          var label: String?
          let fixed = 1
          var api: any APIClient {
            get {
              _api.wrappedValue
            }
          }

          private let _api = Loom::Injected<any APIClient>(fileID: "TestModule/test.swift", line: 7)
          var computed: Int { 1 }
          static let shared = 0
        }

        extension Settings: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<Settings> {
            .sync(dependencies: [Loom::DependencyKey(Config.self)]) { r in
              try Settings(config: r.tryResolve(Config.self))
            }
          }
        }
        """#)
  }

  @Test func aClassWithoutInitializerUsesInit() {
    let result = expand(
      #"""
      @Injectable
      final class Clock: Sendable {}
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        final class Clock: Sendable {}

        extension Clock: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<Clock> {
            .sync(dependencies: []) { r in
              Clock()
            }
          }
        }
        """#)
  }

  @Test func theMarkedInitializerIsUsed() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        @InjectableInit init(storage: Storage) throws {}
        init() {}
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        struct Cache {
          init(storage: Storage) throws {}
          init() {}
        }

        extension Cache: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<Cache> {
            .sync(dependencies: [Loom::DependencyKey(Storage.self)]) { r in
              try Cache(storage: r.tryResolve(Storage.self))
            }
          }
        }
        """#)
  }

  @Test func aNonFinalClassIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      @Injectable
      class Service {
        init(api: any APIClient) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:1: error: @Injectable class 'Service' must be 'final': its factory makes exactly this class"
      ])
    #expect(
      result.fixIts == [
        "add 'final'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Injectable
        final class Service {
          init(api: any APIClient) {}
        }
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        class Service {
          init(api: any APIClient) {}
        }
        """#)
  }

  @Test func aNonFinalPublicClassGetsFinalAfterPublic() {
    let result = expand(
      #"""
      @Injectable
      public class Service {
        init(api: any APIClient) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:8: error: @Injectable class 'Service' must be 'final': its factory makes exactly this class"
      ])
    #expect(
      result.fixIts == [
        "add 'final'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Injectable
        public final class Service {
          init(api: any APIClient) {}
        }
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        public class Service {
          init(api: any APIClient) {}
        }
        """#)
  }

  @Test func anEnumIsAnError() {
    let result = expand(
      #"""
      @Injectable
      enum Mode {}
      """#)
    #expect(
      result.diagnostics == [
        "1:1: error: @Injectable applies to a class, struct or actor"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        enum Mode {}
        """#)
  }

  @Test func aGenericTypeIsAnError() {
    let result = expand(
      #"""
      @Injectable
      struct Box<Value> {}
      """#)
    #expect(
      result.diagnostics == [
        "2:11: error: @Injectable does not support generic types; register 'Box' with a factory closure for each type argument"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Box<Value> {}
        """#)
  }

  @Test func severalInitializersOfferAFixItForEach() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        init(storage: Storage) {}
        init(memory: Memory) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:8: error: 'Cache' has 2 initializers; mark the one the container calls with @InjectableInit"
      ])
    #expect(
      result.fixIts == [
        "mark init(storage:) with @InjectableInit",
        "mark init(memory:) with @InjectableInit",
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Injectable
        struct Cache {
          @InjectableInit init(storage: Storage) {}
          init(memory: Memory) {}
        }
        """#,
        #"""
        @Injectable
        struct Cache {
          init(storage: Storage) {}
          @InjectableInit init(memory: Memory) {}
        }
        """#,
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          init(storage: Storage) {}
          init(memory: Memory) {}
        }
        """#)
  }

  @Test func twoMarkedInitializersAreAnError() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        @InjectableInit init(storage: Storage) {}
        @InjectableInit init(memory: Memory) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "4:3: error: only one initializer of 'Cache' can be marked @InjectableInit; the container calls one"
      ])
    #expect(
      result.fixIts == [
        "remove this @InjectableInit"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Injectable
        struct Cache {
          @InjectableInit init(storage: Storage) {}
          init(memory: Memory) {}
        }
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          init(storage: Storage) {}
          init(memory: Memory) {}
        }
        """#)
  }

  @Test func aFailableInitializerIsAnError() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        init?(storage: Storage) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:7: error: a failable initializer cannot make a registration; make it throw an error instead of returning nil"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          init?(storage: Storage) {}
        }
        """#)
  }

  @Test func aGenericInitializerIsAnError() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        init<S: Storage>(storage: S) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:7: error: a generic initializer cannot be resolved; give its parameters concrete types"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          init<S: Storage>(storage: S) {}
        }
        """#)
  }

  @Test func aVariadicParameterIsAnError() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        init(storages: Storage...) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:25: error: a variadic parameter cannot be resolved; take an array instead"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          init(storages: Storage...) {}
        }
        """#)
  }

  @Test func anInoutParameterIsAnError() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        init(storage: inout Storage) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:17: error: an 'inout' parameter cannot be resolved; take the value instead"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          init(storage: inout Storage) {}
        }
        """#)
  }

  @Test func twoNamedAttributesAreAnError() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        init(@Named("disk") @Named("memory") storage: Storage) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:23: error: a parameter takes one @Named; keep the one that names its registration"
      ])
    #expect(
      result.fixIts == [
        "remove this @Named"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Injectable
        struct Cache {
          init(@Named("disk") storage: Storage) {}
        }
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          init(@Named("disk") @Named("memory") storage: Storage) {}
        }
        """#)
  }

  @Test func namedOnADefaultedParameterIsAnError() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        init(@Named("disk") storage: Storage = Storage()) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:8: error: a parameter with a default value is not resolved, so @Named has no effect; remove the default value to resolve it"
      ])
    #expect(
      result.fixIts == [
        "remove the default value"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Injectable
        struct Cache {
          init(@Named("disk") storage: Storage) {}
        }
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          init(@Named("disk") storage: Storage = Storage()) {}
        }
        """#)
  }

  @Test func injectableInitOutsideAnInjectableTypeIsAnError() {
    let result = expand(
      #"""
      struct Cache {
        @InjectableInit init(storage: Storage) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:3: error: @InjectableInit marks the initializer an @Injectable type is made with; add @Injectable to the type, or remove @InjectableInit"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          init(storage: Storage) {}
        }
        """#)
  }

  @Test func injectableInitOnAMethodIsAnError() {
    let result = expand(
      #"""
      @Injectable
      struct Cache {
        @InjectableInit func load() {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:3: error: @InjectableInit marks the initializer of an @Injectable type; remove it here"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Cache {
          func load() {}
        }

        extension Cache: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<Cache> {
            .sync(dependencies: []) { r in
              Cache()
            }
          }
        }
        """#)
  }

  @Test func injectableInitInAnExtensionIsAnError() {
    let result = expand(
      #"""
      extension Cache {
        @InjectableInit init(storage: Storage) {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:3: error: @Injectable only reads initializers declared in the type's body; move this initializer there"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        extension Cache {
          init(storage: Storage) {}
        }
        """#)
  }
}
