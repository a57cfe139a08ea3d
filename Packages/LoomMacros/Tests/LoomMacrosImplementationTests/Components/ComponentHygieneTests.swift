import LoomMacrosImplementation
import SwiftIfConfig
import Testing

// What @Component generates for the names Swift allows in a user's module: module-qualified
// references, escaped identifiers, the active clause of an `#if`, generated names that cannot
// collide with the user's, and the refusals that keep a mistake to one diagnostic.
@Suite struct ComponentHygieneTests {
  @Test func generatedCodeNamesLoomAndTheStandardLibraryWithModuleSelectors() {
    let result = expandComponent(
      #"""
      @Component(mainActor: true)
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, with: [\Self.config]) var api: API
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(result.source.contains("struct _LoomInputs: Swift::Sendable {"))
    #expect(result.source.contains("struct Overrides: LoomMacros::ComponentOverrides {"))
    #expect(result.source.contains("func install(into _loomContainer: Loom::Container) {"))
    #expect(result.source.contains("@_Concurrency::MainActor var api: API {"))
    #expect(result.source.contains("extension App: LoomMacros::Component {"))
    // No name of Loom, LoomMacros, the standard library or _Concurrency is written unqualified in
    // code (the comments beside the Sendable checks name them in prose).
    let code = result.source.split(separator: "\n")
      .filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("//") }
      .joined(separator: "\n")
    #expect(code.contains("LoomMacros::_checkCachedMember(Config.self)"))
    for name in ["Sendable", "MainActor", "Container", "fatalError", "Bool", "Void"] {
      let bare = code.ranges(of: " \(name)").count + code.ranges(of: "@\(name)").count
      #expect(bare == 0, "\(name) is written unqualified")
    }
  }

  @Test func backtickedNamesAreEscapedWhereSwiftNeedsIt() {
    let result = expandComponent(
      #"""
      @Component
      struct App {
        @Provide(.input) var `default`: Config
        @Provide(.shared, with: [\Self.default]) var holder: Holder
        @Provide(.shared, factory: { (`default`: Config) in API(config: `default`) }) var api: API
        @Child(bindings: ["token": \Self.default]) var `extension`: SessionComponent
      }
      """#)
    #expect(result.diagnostics == [])
    #expect(result.source.contains("_loomRead_default()"))
    #expect(result.source.contains(".init(default: component.`default`)"))
    #expect(result.source.contains("fileprivate let `default`: Config"))
    #expect(result.source.contains("self.`default` = try `default`()"))
    #expect(
      result.source.contains(
        "typealias _LoomChild_extension = LoomMacros::_Child<SessionComponent>"))
    #expect(
      result.source.contains(
        "var `extension` = LoomMacros::ChildOverrides<_LoomChild_extension.Value>()"))
    #expect(result.source.contains(#"_loomGraph.member("default", Config.self, .input"#))
    #expect(!result.source.contains("_loomRead_`"))
  }

  @Test func aMemberDeclaredInBothClausesOfAnIfIsReadFromTheActiveOne() {
    let source = #"""
      @Component
      struct App {
        @Provide(.input) var config: Config
        #if DEBUG
        @Provide(.shared, with: [\Self.config]) var api: API
        #else
        @Provide(.shared, factory: { (config: Config) in LiveAPI(config) }) var api: API
        #endif
      }
      """#
    let debug = expandComponent(source)
    #expect(debug.diagnostics == [])
    #expect(debug.source.ranges(of: "private func _loomRead_api(").count == 1)
    #expect(
      debug.source.contains("private func _loomRead_api(_ _loomMake: (Self) -> API) -> API {"))
    let release = expandComponent(
      source,
      configuration: StaticBuildConfiguration(
        languageVersion: VersionTuple(6), compilerVersion: VersionTuple(6, 3)))
    #expect(release.diagnostics == [])
    #expect(
      release.source.contains("private func _loomRead_api(_ _loomMake: (Config) -> API) -> API {"))
  }

  @Test func anIfWithoutMembersNeedsNoConfiguration() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        #if DEBUG
        func debugDescription() -> String { "" }
        #endif
      }
      """, configuration: nil)
    #expect(result.diagnostics == [])
    #expect(!result.source.contains("has errors"))
  }

  @Test func anInputCalledConfigureKeepsItsLabel() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.input) var configure: Config
      }
      """)
    #expect(result.diagnostics == [])
    #expect(
      result.source.contains(
        "init(configure: @autoclosure () throws -> Config, _ _loomConfigure: (inout Overrides) -> Swift::Void = { _ in"
      ))
    #expect(result.source.contains("let _loomInput_configure = try configure()"))
  }

  @Test func membersNamedLikeTheGeneratedLocalsAreReadThroughSelf() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.shared, with: []) var merged: Merged
        @Child var newer: SessionComponent
      }
      """)
    #expect(result.diagnostics == [])
    #expect(
      result.source.contains(
        "if let _loomValue = _loomNewer.merged { _loomMerged.merged = _loomValue }")
        || result.source.contains("if let _loomValue = _loomNewer.merged {\n"))
    #expect(result.source.contains("_loomMerged.newer = self.newer.merging(_loomNewer.newer)"))
  }

  @Test func aMemberNamedLikeATypeDoesNotCaptureIt() {
    let result = expandComponent(
      #"""
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.input) var Service: Int
        @Provide(.shared, with: [\Self.config]) var service: Service
      }
      """#)
    #expect(result.diagnostics == [])
    // The type is named in a type context (an alias), and built as `.init`: an expression
    // `Service` inside the struct would be the member.
    #expect(result.source.contains("fileprivate typealias _LoomType_service = Service"))
    #expect(result.source.contains(#"_loomInstaller.member(_LoomType_service.self, "service""#))
    #expect(result.source.contains(".init(config: component.config)"))
    #expect(!result.source.contains("_LoomType_config"))
  }

  @Test func anInputCalledOverridesIsAnError() {
    let result = expandComponent(
      "@Component\nstruct App {\n  @Provide(.input) var Overrides: Int\n}")
    #expect(
      result.diagnostics == [
        "3:24: error: 'Overrides' is a name @Component generates in App (its typed overrides); rename this declaration"
      ])
    #expect(!result.source.contains("struct Overrides"))
  }

  @Test func aWeakOrUnownedInputIsHeldSo() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.input) weak var delegate: Delegate?
        @Provide(.input) unowned var owner: Owner
      }
      """)
    #expect(result.diagnostics == [])
    #expect(result.source.contains("fileprivate weak let delegate: Delegate?"))
    #expect(result.source.contains("fileprivate unowned let owner: Owner"))
  }

  @Test func aDelegatingInitializerIsTheUsers() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        init(path: String) { self.init(config: Config(path: path)) }
      }
      """)
    #expect(result.diagnostics == [])
    #expect(!result.source.contains("has errors"))
  }

  /// An initializer that sets a member gets Swift's error there ("cannot assign to property:
  /// 'config' is a get-only property"); a note says why, and the macro adds no second error.
  @Test func anInitializerThatSetsAMemberGetsANote() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        init(config: Config) { self.config = config }
      }
      """)
    #expect(
      result.diagnostics == [
        "4:3: note: @Component writes the initializers of App, from its inputs; remove this one, or make it call self.init(...)"
      ])
  }

  @Test func whatTheBodyDeclaresUnderAGeneratedNameIsNotGeneratedAgain() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        struct Overrides {}
        func resolve() {}
      }
      """)
    #expect(result.diagnostics.count == 2)
    #expect(!result.source.contains("struct Overrides: LoomMacros::ComponentOverrides"))
    #expect(!result.source.contains("func resolve() async"))
    // Without its own Overrides, the struct cannot conform: the conformance is left out too.
    #expect(!result.source.contains("extension App: LoomMacros::Component"))
  }

  @Test func aMainActorStructGetsNoConformanceAndMainActorGetters() {
    let result = expandComponent(
      """
      @MainActor
      @Component
      struct App {
        @Provide(.input) var api: API
        @Provide(.shared, ViewModel.init(api:)) var model: ViewModel
      }
      """)
    #expect(result.diagnostics.count == 1)
    #expect(!result.source.contains("extension App: LoomMacros::Component"))
    #expect(
      result.source.contains(
        "LoomMacros::_MemberSource.mainActorEffects(none: ViewModel.init(api:))"))
  }

  @Test func aLifetimeOrEffectThatIsNotALiteralIsAnError() {
    let result = expandComponent(
      #"""
      @Component
      struct App {
        @Provide(Chooser.shared, with: []) var api: API
        @Provide(ComponentLifetime.shared, Database.open, effects: Chooser.async) var database: Database
        @Provide(LoomMacros.ComponentLifetime.transient, with: []) var clock: Clock
      }
      """#)
    #expect(
      result.diagnostics == [
        "3:12: error: 'Chooser.shared' is not a lifetime; write .input, .shared, .lazy, .transient or .once",
        "4:62: error: 'Chooser.async' is not an effect; write .async, .throwing or [.async, .throwing]",
      ])
  }

  // MARK: - One diagnostic per mistake

  @Test func aMemberListedTwiceWritesNoCall() {
    let result = expandComponent(
      #"""
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, with: [\Self.config, \Self.config]) var api: API
      }
      """#)
    #expect(
      result.diagnostics == ["4:48: error: 'config' is listed twice for 'api'; remove one of them"])
    #expect(!result.source.contains("API(config: component.config, config:"))
  }

  @Test func aClosureParameterDeclaredTwiceIsLeftToSwift() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, factory: { (config: Config, config: Config) in API(config) }) var api: API
      }
      """)
    // Swift reports it ("invalid redeclaration of 'config'"); the macro adds nothing.
    #expect(result.diagnostics == [])
    #expect(result.source.contains("App has errors"))
  }

  @Test func aMemberWithItsOwnGetterGetsNoSecondOne() {
    let result = expandComponent(
      #"""
      @Component
      struct App {
        @Provide(.input) var config: Config
        @Provide(.shared, with: [\Self.config]) var api: API { API(config: config) }
      }
      """#)
    #expect(result.diagnostics.count == 1)
    #expect(!result.source.contains("_loomRead_api {"))
  }

  @Test func aKeyPathToAnAsynchronousMemberIsLeftToSwift() {
    let result = expandComponent(
      #"""
      @Component
      struct App {
        @Provide(.shared, factory: { () async in "t" }) var token: String
        @Child(with: [\Self.token]) var session: SessionComponent
      }
      """#)
    // Swift reports the key path ("cannot form key path to property with 'throws' or 'async'");
    // the child's getter reads the stub, synchronous, so its expansion adds no error.
    #expect(result.diagnostics == [])
    #expect(
      result.source.contains(
        "private func _loomRead_session(_ _loomMake: (LoomMacros::_ComponentStub) -> Any) -> SessionComponent {"
      ))
  }

  @Test func aRingOfKeyPathsIsLeftToSwift() {
    let result = expandComponent(
      #"""
      @Component
      struct App {
        @Provide(.shared, with: [\Self.b]) var a: A
        @Provide(.shared, with: [\Self.a]) var b: B
      }
      """#)
    // Swift finds the ring when it checks the attributes ("circular reference resolving attached
    // macro 'Provide'"), before the macros run.
    #expect(result.diagnostics == [])
    #expect(result.source.contains("App has errors"))
  }

  @Test func anOpaqueMemberGetsAGetterWithAConcreteResult() {
    let result = expandComponent(
      """
      @Component
      struct App {
        @Provide(.shared, factory: { (config: Config) in SystemClock(config) }) var clock: some Clock
        @Provide(.input) var config: Config
      }
      """)
    #expect(result.diagnostics.count == 1)
    #expect(
      result.source.contains(
        """
            get {
              ({ (config: Config) in
                  SystemClock(config)
                })(LoomMacros::_ComponentStub.unbuilt())
            }
        """))
  }
}
