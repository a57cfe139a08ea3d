import LoomMacrosImplementation
import Testing

/// Expansion and diagnostics tests of `@Startup`: the generated source, and each misuse's
/// message, line:column and fix-it, pinned word for word.
@Suite struct StartupMacroTests {
  @Test func aGlobalFunctionGetsARecordNamedAfterItsModuleAndName() {
    let result = expand(
      #"""
      @Startup(order: 10)
      func configureAnalytics(_ r: Resolver) throws {}
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        func configureAnalytics(_ r: Resolver) throws {}

        #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
        @section(".init_array")
        #elseif canImport(Darwin)
        @section("__DATA,__mod_init_func,mod_init_funcs")
        #endif
        @used private nonisolated let _loomStartup_configureAnalytics: @convention(c) () -> Swift::Void = {
          Loom::StartupTask._enroll {
            Loom::StartupTask(
              _startup: "TestModule.configureAnalytics", order: 10, fileID: "TestModule/test.swift", line: 1, configureAnalytics(_:))
          }
        }

        #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
        #warning("@Startup hooks are not discovered on this platform; add configureAnalytics as a start-up task yourself")
        #endif
        """#)
  }

  @Test func aStaticMethodGetsAStaticRecordAndItsGivenName() {
    let result = expand(
      #"""
      extension Setup {
        @Startup("Start crash reporting")
        static func start() async {}
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(
      result.source == #"""
        extension Setup {
          static func start() async {}

          #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
          @section(".init_array")
          #elseif canImport(Darwin)
          @section("__DATA,__mod_init_func,mod_init_funcs")
          #endif
          @used private nonisolated static let _loomStartup_start: @convention(c) () -> Swift::Void = {
            Loom::StartupTask._enroll {
              Loom::StartupTask(
                _startup: "Start crash reporting", fileID: "TestModule/test.swift", line: 2, start)
            }
          }

          #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
          #warning("@Startup hooks are not discovered on this platform; add start as a start-up task yourself")
          #endif
        }
        """#)
  }

  @Test func aStaticMethodOfANestedTypeIsNamedWithItsTypes() {
    let result = expand(
      #"""
      enum App {
        struct Setup {
          @Startup static func warmUp(resolver: Resolver) {}
        }
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(result.source.contains(#""TestModule.App.Setup.warmUp", fileID:"#))
    #expect(result.source.contains("line: 3, warmUp(resolver:))"))
  }

  @Test func anInstanceMethodIsRefusedWithAFixItThatMakesItStatic() {
    let result = expand(
      #"""
      struct Setup {
        @Startup
        func start() {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:3: error: an instance method cannot be a start-up hook, which runs with no instance;"
          + " make 'start' static"
      ])
    #expect(result.fixIts == ["make it static"])
    #expect(!result.source.contains("_loomStartup_"))
  }

  @Test func aFunctionWithOtherParametersIsRefused() {
    let result = expand(
      #"""
      @Startup
      func configure(config: Config) {}
      """#)
    #expect(
      result.diagnostics == [
        "2:15: error: a start-up hook takes no parameter, or one Resolver for what it needs:"
          + " 'configure(_ r: Resolver)'"
      ])
    #expect(!result.source.contains("_loomStartup_"))
  }

  @Test func aFunctionWithAResultIsRefusedWithAFixItThatRemovesIt() {
    let result = expand(
      #"""
      @Startup
      func configure() -> Bool { true }
      """#)
    #expect(
      result.diagnostics == [
        "2:18: error: a start-up hook returns nothing, so its result would be lost; remove '->"
          + " Bool'"
      ])
    #expect(result.fixIts == ["remove the result type"])
  }

  @Test func aGenericFunctionIsRefused() {
    let result = expand(
      #"""
      @Startup
      func configure<T>() {}
      """#)
    #expect(
      result.diagnostics == [
        "2:15: error: a generic function cannot be a start-up hook: nothing could choose its type"
          + " arguments"
      ])
  }

  @Test func aMethodOfAGenericTypeIsRefused() {
    let result = expand(
      #"""
      struct Box<Value> {
        @Startup static func start() {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "1:11: error: @Startup cannot record a method of a generic type; move 'start' to file"
          + " scope or to a type that is not generic"
      ])
  }

  @Test func aLocalFunctionIsRefused() {
    let result = expand(
      #"""
      func main() {
        @Startup func start() {}
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:3: error: @Startup applies to a function declared at file scope or in a type, not"
          + " inside a function; move 'start' out of it"
      ])
  }

  @Test func aProtocolRequirementIsRefused() {
    let result = expand(
      #"""
      protocol Setup {
        @Startup static func start()
      }
      """#)
    #expect(
      result.diagnostics == [
        "2:3: error: a protocol requirement cannot be a start-up hook; put @Startup on a function"
          + " at file scope or on a static method of a type"
      ])
  }

  @Test func aPropertyIsRefused() {
    let result = expand(
      #"""
      @Startup
      let start = 1
      """#)
    #expect(
      result.diagnostics == [
        "1:1: error: @Startup applies to a function declared at file scope, or to a static method"
      ])
  }
}
