import LoomMacrosImplementation
import Testing

/// Expansion and diagnostics tests of `@Bind`: the generated source, and
/// each misuse's message, line:column and fix-it, pinned word for word.
@Suite struct BindMacroTests {
  @Test func bindToATypeKeyWithANameAddsTheConformanceAndARecord() {
    let result = expand(
      #"""
      @Bind((any PaymentService).self, name: "stripe", lifetime: .singleton)
      final class StripePayments: PaymentService {
        init(api: any APIClient) {}
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        final class StripePayments: PaymentService {
          init(api: any APIClient) {}
        }

        extension StripePayments: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<StripePayments> {
            .sync(dependencies: [Loom::DependencyKey((any APIClient).self)]) { r in
              try StripePayments(api: r.tryResolve((any APIClient).self))
            }
          }
        }

        extension StripePayments {
          #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
          @section(".init_array")
          #elseif canImport(Darwin)
          @section("__DATA,__mod_init_func,mod_init_funcs")
          #endif
          @used private nonisolated static let __macro_local_7bindingfMu_: @convention(c) () -> Swift::Void = {
            Loom::DiscoveredBinding._enroll {
              Loom::DiscoveredBinding._injectable(
                StripePayments.self, as: (any PaymentService).self, name: "stripe", lifetime: .singleton,
                fileID: "TestModule/test.swift", line: 1
              ) {
                $0
              }
            }
          }
          #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
          #warning("@Bind bindings are not discovered on this platform; register StripePayments yourself")
          #endif
        }
        """#)
  }

  @Test func bindWithoutKeyBindsTheTypeItself() {
    let result = expand(
      #"""
      @Bind(lifetime: .singleton)
      final class Analytics: Sendable {}
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        final class Analytics: Sendable {}

        extension Analytics: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<Analytics> {
            .sync(dependencies: []) { r in
              Analytics()
            }
          }
        }

        extension Analytics {
          #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
          @section(".init_array")
          #elseif canImport(Darwin)
          @section("__DATA,__mod_init_func,mod_init_funcs")
          #endif
          @used private nonisolated static let __macro_local_7bindingfMu_: @convention(c) () -> Swift::Void = {
            Loom::DiscoveredBinding._enroll {
              Loom::DiscoveredBinding._injectable(
                Analytics.self, as: Analytics.self, lifetime: .singleton,
                fileID: "TestModule/test.swift", line: 1
              ) {
                $0
              }
            }
          }
          #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
          #warning("@Bind bindings are not discovered on this platform; register Analytics yourself")
          #endif
        }
        """#)
  }

  @Test func bindBesideInjectableAddsOnlyTheRecord() {
    let result = expand(
      #"""
      @Injectable
      @Bind(\.clock)
      struct SystemClock: Clock {}
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        struct SystemClock: Clock {}

        extension SystemClock: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<SystemClock> {
            .sync(dependencies: []) { r in
              SystemClock()
            }
          }
        }

        extension SystemClock {
          #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
          @section(".init_array")
          #elseif canImport(Darwin)
          @section("__DATA,__mod_init_func,mod_init_funcs")
          #endif
          @used private nonisolated static let __macro_local_7bindingfMu_: @convention(c) () -> Swift::Void = {
            Loom::DiscoveredBinding._enroll {
              Loom::DiscoveredBinding._injectable(
                SystemClock.self, as: \.clock,
                fileID: "TestModule/test.swift", line: 2
              ) {
                $0
              }
            }
          }
          #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
          #warning("@Bind bindings are not discovered on this platform; register SystemClock yourself")
          #endif
        }
        """#)
  }

  @Test func twoBindsAddOneConformanceAndTwoRecords() {
    let result = expand(
      #"""
      @Bind(\.api)
      @Bind((any APIClient).self)
      final class LiveAPIClient: APIClient {}
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        final class LiveAPIClient: APIClient {}

        extension LiveAPIClient: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<LiveAPIClient> {
            .sync(dependencies: []) { r in
              LiveAPIClient()
            }
          }
        }

        extension LiveAPIClient {
          #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
          @section(".init_array")
          #elseif canImport(Darwin)
          @section("__DATA,__mod_init_func,mod_init_funcs")
          #endif
          @used private nonisolated static let __macro_local_7bindingfMu_: @convention(c) () -> Swift::Void = {
            Loom::DiscoveredBinding._enroll {
              Loom::DiscoveredBinding._injectable(
                LiveAPIClient.self, as: \.api,
                fileID: "TestModule/test.swift", line: 1
              ) {
                $0
              }
            }
          }
          #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
          #warning("@Bind bindings are not discovered on this platform; register LiveAPIClient yourself")
          #endif
        }

        extension LiveAPIClient {
          #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
          @section(".init_array")
          #elseif canImport(Darwin)
          @section("__DATA,__mod_init_func,mod_init_funcs")
          #endif
          @used private nonisolated static let __macro_local_7bindingfMu0_: @convention(c) () -> Swift::Void = {
            Loom::DiscoveredBinding._enroll {
              Loom::DiscoveredBinding._injectable(
                LiveAPIClient.self, as: (any APIClient).self,
                fileID: "TestModule/test.swift", line: 2
              ) {
                $0
              }
            }
          }
          #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
          #warning("@Bind bindings are not discovered on this platform; register LiveAPIClient yourself")
          #endif
        }
        """#)
  }

  @Test func aNestedTypeIsExtendedByItsQualifiedName() {
    let result = expand(
      #"""
      enum Feature {
        @Bind(\.feature)
        struct Live: Sendable {}
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        enum Feature {
          struct Live: Sendable {}
        }

        extension Feature.Live: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<Feature.Live> {
            .sync(dependencies: []) { r in
              Feature.Live()
            }
          }
        }

        extension Feature.Live {
          #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
          @section(".init_array")
          #elseif canImport(Darwin)
          @section("__DATA,__mod_init_func,mod_init_funcs")
          #endif
          @used private nonisolated static let __macro_local_7bindingfMu_: @convention(c) () -> Swift::Void = {
            Loom::DiscoveredBinding._enroll {
              Loom::DiscoveredBinding._injectable(
                Feature.Live.self, as: \.feature,
                fileID: "TestModule/test.swift", line: 2
              ) {
                $0
              }
            }
          }
          #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
          #warning("@Bind bindings are not discovered on this platform; register Feature.Live yourself")
          #endif
        }
        """#)
  }

  @Test func aRepeatedBindIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      @Bind(\.api)
      @Bind(\.api)
      final class LiveAPIClient: APIClient {}
      """#)
    #expect(
      result.diagnostics == [
        "2:1: error: this @Bind repeats an earlier one; a type is bound to each key once"
      ])
    #expect(
      result.fixIts == [
        "remove the repeated @Bind"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Bind(\.api)
        final class LiveAPIClient: APIClient {}
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        final class LiveAPIClient: APIClient {}

        extension LiveAPIClient: LoomMacros::Injectable {
          nonisolated static var _injection: LoomMacros::_Injection<LiveAPIClient> {
            .sync(dependencies: []) { r in
              LiveAPIClient()
            }
          }
        }

        extension LiveAPIClient {
          #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
          @section(".init_array")
          #elseif canImport(Darwin)
          @section("__DATA,__mod_init_func,mod_init_funcs")
          #endif
          @used private nonisolated static let __macro_local_7bindingfMu_: @convention(c) () -> Swift::Void = {
            Loom::DiscoveredBinding._enroll {
              Loom::DiscoveredBinding._injectable(
                LiveAPIClient.self, as: \.api,
                fileID: "TestModule/test.swift", line: 1
              ) {
                $0
              }
            }
          }
          #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
          #warning("@Bind bindings are not discovered on this platform; register LiveAPIClient yourself")
          #endif
        }
        """#)
  }

  @Test func aNonFinalBoundClassIsAnErrorWithAFixIt() {
    let result = expand(
      #"""
      @Bind(\.api)
      class LiveAPIClient: APIClient {}
      """#)
    #expect(
      result.diagnostics == [
        "2:1: error: @Bind class 'LiveAPIClient' must be 'final': its factory makes exactly this class"
      ])
    #expect(
      result.fixIts == [
        "add 'final'"
      ])
    #expect(
      result.fixedSources == [
        #"""
        @Bind(\.api)
        final class LiveAPIClient: APIClient {}
        """#
      ])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        class LiveAPIClient: APIClient {}
        """#)
  }

  @Test func aTypeNestedInAGenericTypeIsAnError() {
    let result = expand(
      #"""
      struct Box<Value> {
        @Bind(\.api)
        final class LiveAPIClient: APIClient {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:3: error: @Bind cannot bind a type nested in a generic type; move 'Box.LiveAPIClient' out of it"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        struct Box<Value> {
          final class LiveAPIClient: APIClient {}
        }
        """#)
  }

  @Test func aLocalTypeIsAnError() {
    let result = expand(
      #"""
      func configure() {
        @Bind(\.api)
        final class LiveAPIClient: APIClient {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:3: error: @Bind applies to a type declared at file scope or inside another type, not in a function"
      ])
    #expect(result.fixIts == [])
    // Nothing is generated for a declaration the macro refuses.
    #expect(
      result.source == #"""
        func configure() {
          final class LiveAPIClient: APIClient {}
        }
        """#)
  }
}
