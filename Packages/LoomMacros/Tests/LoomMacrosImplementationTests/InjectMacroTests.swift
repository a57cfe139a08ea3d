import LoomMacrosImplementation
import Testing

/// Expansion and diagnostics tests of `@Inject` and `@WeakInject`: the generated source, and
/// each misuse's message, line:column and fix-it, pinned word for word.
@Suite struct InjectMacroTests {
  @Test func injectTurnsThePropertyIntoAGetterOverALetStorage() {
    let result = expand(
      #"""
      final class ProfileModel: Sendable {
        @Inject var api: any APIClient
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        final class ProfileModel: Sendable {
          var api: any APIClient {
            get {
              _api.wrappedValue
            }
          }

          private let _api = Loom::Injected<any APIClient>(fileID: "TestModule/test.swift", line: 2)
        }
        """#)
  }

  @Test func injectPassesANameOrAKeyPathToTheStorage() {
    let result = expand(
      #"""
      actor Cache {
        @Inject(name: "disk") var storage: Storage
        @Inject(\.clock) var clock: any Clock
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        actor Cache {
          var storage: Storage {
            get {
              _storage.wrappedValue
            }
          }

          private let _storage = Loom::Injected<Storage>(name: "disk", fileID: "TestModule/test.swift", line: 2)
          var clock: any Clock {
            get {
              _clock.wrappedValue
            }
          }

          private let _clock = Loom::Injected<any Clock>(\.clock, fileID: "TestModule/test.swift", line: 3)
        }
        """#)
  }

  @Test func optionalTypeUsesOptionalInjectedAndWeakInjectUsesWeakInjected() {
    let result = expand(
      #"""
      @MainActor
      final class Model {
        @Inject var analytics: (any Analytics)?
        @WeakInject(name: "root") var coordinator: Coordinator?
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        @MainActor
        final class Model {
          var analytics: (any Analytics)? {
            get {
              _analytics.wrappedValue
            }
          }

          private let _analytics = Loom::OptionalInjected<any Analytics>(fileID: "TestModule/test.swift", line: 3)
          var coordinator: Coordinator? {
            get {
              _coordinator.wrappedValue
            }
          }

          private let _coordinator = Loom::WeakInjected<Coordinator>(name: "root", fileID: "TestModule/test.swift", line: 4)
        }
        """#)
  }

  @Test func thePropertyKeepsItsAccessLevelAndTheStorageIsPrivate() {
    let result = expand(
      #"""
      public struct Settings: Sendable {
        @Inject public var api: any APIClient
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        public struct Settings: Sendable {
          public var api: any APIClient {
            get {
              _api.wrappedValue
            }
          }

          private let _api = Loom::Injected<any APIClient>(fileID: "TestModule/test.swift", line: 2)
        }
        """#)
  }

  @Test func aLetIsLeftToSwiftWithANoteThatFixesIt() {
    // Swift refuses an accessor macro on a `let` itself ("cannot expand accessor macro on
    // variable declared with 'let'"), with no fix-it: the macro adds a note that has one, no
    // second error, and no storage.
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject let api: any APIClient
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:11: note: @Inject gives the property a getter, so it is declared with 'var'"
      ])
    #expect(result.fixIts == ["replace 'let' with 'var'"])
    #expect(
      result.fixedSources == [
        "final class A: Sendable {\n  @Inject var api: any APIClient\n}"
      ])
    #expect(!result.source.contains("_api"))
  }

  @Test func staticIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject static var api: any APIClient
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:11: error: @Inject applies to instance properties: it resolves in the container current when the owner is made"
      ])
    #expect(
      result.fixIts == [
        "remove 'static'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        final class A: Sendable {
          @Inject var api: any APIClient
        }
        """#
      ])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          static var api: any APIClient {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func aClassPropertyIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject class var api: any APIClient
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:11: error: @Inject applies to instance properties: it resolves in the container current when the owner is made"
      ])
    #expect(
      result.fixIts == [
        "remove 'class'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        final class A: Sendable {
          @Inject var api: any APIClient
        }
        """#
      ])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          class var api: any APIClient {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func aDestructuringPatternIsLeftToSwift() {
    // Swift refuses an accessor macro on a pattern of several names itself ("accessor macro
    // 'Inject()' can only apply to a single variable"): the macro reports nothing more.
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject var (a, b): (Int, Int)
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(!result.source.contains("Loom.Injected"))
  }

  @Test func lazyIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject lazy var api: any APIClient
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:11: error: @Inject property is already resolved on first access; remove 'lazy'"
      ])
    #expect(
      result.fixIts == [
        "remove 'lazy'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        final class A: Sendable {
          @Inject var api: any APIClient
        }
        """#
      ])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          lazy var api: any APIClient {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func weakModifierSuggestsWeakInject() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject weak var coordinator: Coordinator?
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:11: error: a 'weak' property cannot be computed; use @WeakInject to hold the dependency weakly"
      ])
    #expect(
      result.fixIts == [
        "use @WeakInject"
      ])
    #expect(
      result.fixedSources == [
        #"""
        final class A: Sendable {
          @WeakInject var coordinator: Coordinator?
        }
        """#
      ])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          weak var coordinator: Coordinator? {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func weakModifierOnWeakInjectIsRedundant() {
    let result = expand(
      #"""
      final class A: Sendable {
        @WeakInject weak var coordinator: Coordinator?
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:15: error: @WeakInject holds the instance weakly already; remove 'weak'"
      ])
    #expect(
      result.fixIts == [
        "remove 'weak'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        final class A: Sendable {
          @WeakInject var coordinator: Coordinator?
        }
        """#
      ])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          weak var coordinator: Coordinator? {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func accessorsAreAnError() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject var api: any APIClient { fatalError() }
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:34: error: @Inject property 'api' cannot have accessors; the macro writes its getter"
      ])
    #expect(result.fixIts == [])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          var api: any APIClient { 
          get {fatalError() 
          }
            get {
              fatalError()
            }}
        }
        """#)
  }

  @Test func aMissingTypeAnnotationIsAnError() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject var api
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:15: error: @Inject property 'api' needs a type annotation: the type is what it resolves"
      ])
    #expect(result.fixIts == [])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          var api {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func anInitialValueIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject var retries: Int = 3
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:28: error: @Inject property 'retries' cannot have an initial value; the container provides it"
      ])
    #expect(
      result.fixIts == [
        "remove the initial value"
      ])
    #expect(
      result.fixedSources == [
        #"""
        final class A: Sendable {
          @Inject var retries: Int
        }
        """#
      ])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          var retries: Int {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func anImplicitlyUnwrappedTypeIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject var api: Database!
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:20: error: @Inject property 'api' cannot be implicitly unwrapped; declare it 'Database?'"
      ])
    #expect(
      result.fixIts == [
        "declare it 'Database?'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        final class A: Sendable {
          @Inject var api: Database?
        }
        """#
      ])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          var api: Database! {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func weakInjectNeedsAnOptionalType() {
    let result = expand(
      #"""
      final class A: Sendable {
        @WeakInject var coordinator: Coordinator
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:32: error: @WeakInject property 'coordinator' must be optional: it reads nil once the instance is released"
      ])
    #expect(
      result.fixIts == [
        "make it 'Coordinator?'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        final class A: Sendable {
          @WeakInject var coordinator: Coordinator?
        }
        """#
      ])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          var coordinator: Coordinator {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func weakInjectTakesAKeyPath() {
    let result = expand(
      #"""
      final class A: Sendable {
        @WeakInject(\.coordinator) var coordinator: Coordinator?
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        final class A: Sendable {
          var coordinator: Coordinator? {
            get {
              _coordinator.wrappedValue
            }
          }

          private let _coordinator = Loom::WeakInjected<Coordinator>(\.coordinator, fileID: "TestModule/test.swift", line: 2)
        }
        """#)
  }

  @Test func anOptionalKeyPathPropertyIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject(\.api) var api: (any APIClient)?
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:27: error: an optional @Inject property resolves a type key, as @OptionalInjected does; declare the key-path property 'api' as 'any APIClient'"
      ])
    #expect(
      result.fixIts == [
        "declare it 'any APIClient'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        final class A: Sendable {
          @Inject(\.api) var api: any APIClient
        }
        """#
      ])
    // A refused property gets a placeholder getter (see placeholderGetter) and no storage.
    #expect(
      result.source == #"""
        final class A: Sendable {
          var api: (any APIClient)? {
            get {
              fatalError()
            }
          }
        }
        """#)
  }

  @Test func injectOnAMethodIsAnError() {
    let result = expand(
      #"""
      final class A: Sendable {
        @Inject func load() {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:3: error: @Inject applies to an instance property declared with 'var'"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        final class A: Sendable {
          func load() {}
        }
        """#)
  }

  @Test func injectOnAnInitializerSuggestsInjectableInit() {
    let result = expand(
      #"""
      @Injectable
      final class A: Sendable {
        @Inject init() {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:3: error: @Inject applies to an instance property declared with 'var'; mark the initializer of an @Injectable type with @InjectableInit"
      ])
    #expect(
      result.fixIts == [
        "use @InjectableInit"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Injectable
        final class A: Sendable {
          @InjectableInit init() {}
        }
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        final class A: Sendable {
          init() {}
        }

        extension A: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<A> {
            .sync(dependencies: []) { r in
              A()
            }
          }
        }
        """#)
  }
}
