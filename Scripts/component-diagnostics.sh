#!/usr/bin/env bash
# Checks compile-time components from the outside, as a user's build sees them. A throwaway client
# package holds one wrong component per file: the script compiles them in one build and checks
# that each file gets exactly one error, at the right line, with the right words (the macro's, or
# the compiler's in the expansion of the user's own attribute), and no plugin "Internal Error".
# Then it builds, with warnings as errors, the same components once their fix-it is applied and
# components that are correct, and runs them.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
source Scripts/lib/diagnostics.bash
work="$root/.build/component-diagnostics"
client="$work/client"

# The client is written afresh on every run, so SwiftPM always expands the macros again (it does
# not recompile a client when only the macro implementation changed).
rm -rf "$client"
mkdir -p "$client/Sources/WrongComponents" "$client/Sources/GoodComponent" \
  "$client/Sources/ShadowNames" "$client/Sources/Shadowing" "$client/Sources/NonSendableMember"

cat >"$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ComponentDiagnosticsClient",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$root/Packages/LoomMacros")],
  targets: [
    .target(
      name: "WrongComponents", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    // Issue 31: members whose type is not Sendable, built on their own (several errors each).
    .target(
      name: "NonSendableMember", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    // Issue 34: a module that declares the names generated code uses, and one that imports them.
    .target(name: "ShadowNames"),
    .target(
      name: "Shadowing", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
    .executableTarget(
      name: "GoodComponent",
      dependencies: [
        "ShadowNames", "Shadowing", .product(name: "LoomMacros", package: "LoomMacros"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST

# Writes standard input to Sources/$1/$2.swift of the client.
source_file() {
  cat >"$client/Sources/$1/$2.swift"
}

# MARK: - Wrong components: one per file, each checked below for its one error.
# NB: the checks pin the line of each error; keep them in step with these sources.

source_file WrongComponents Types <<'SOURCE'
import LoomMacros

final class Config: Sendable {}
final class API: Sendable { init(config: Config) {} }
final class Users: Sendable { init(database: Database) {} }
final class Database: Sendable {
  init() {}
  static func open() async -> Database { Database() }
  static func connect(config: Config) async throws -> Database { Database() }
}
@MainActor final class ViewModel { init(api: API) {} }
final class Service: Sendable { init(configuration: Config) {} }
final class Legacy: Sendable { init(configuration: Config) {} }
final class A: Sendable { init(b: B) {} }
final class B: Sendable { init(c: C) {} }
final class C: Sendable { init(a: A) {} }
final class Holder: Sendable { init(config: Config) {} }
protocol Clock: Sendable {}
final class SystemClock: Clock { init() {} }
struct Plain: Sendable {}
enum Chooser {
  static var shared: ComponentLifetime { .transient }
  static var async: ComponentEffects { [] }
}
struct OtherRoot { var config: Config }
@propertyWrapper struct Box<Value: Sendable>: Sendable { var wrappedValue: Value }

@Component
struct SessionComponent {
  @Provide(.input) var token: String
}
SOURCE

source_file WrongComponents ChildInputNotWired <<'SOURCE'
import LoomMacros

@Component
struct ChildInputNotWired {
  @Provide(.input) var authToken: String
  @Child var session: SessionComponent
}
SOURCE

source_file WrongComponents ChildBindingLabel <<'SOURCE'
import LoomMacros

@Component
struct ChildBindingLabel {
  @Provide(.input) var authToken: String
  @Child(bindings: ["tokn": \Self.authToken]) var session: SessionComponent
}
SOURCE

source_file WrongComponents WithLabels <<'SOURCE'
import LoomMacros

@Component
struct WithLabels {
  @Provide(.input) var config: Config
  @Provide(.shared, with: [\Self.config]) var service: Service
}
SOURCE

source_file WrongComponents ReferenceEffects <<'SOURCE'
import LoomMacros

@Component
struct ReferenceEffects {
  @Provide(.input) var config: Config
  @Provide(.shared, Database.connect(config:)) var database: Database
}
SOURCE

source_file WrongComponents ParentsNotLiteral <<'SOURCE'
import LoomMacros

let appComponents = ["AppComponent"]
@Component(parents: appComponents)
struct ParentsNotLiteral {
  @Provide(.input) var config: Config
}
SOURCE

source_file WrongComponents MainActorMember <<'SOURCE'
import LoomMacros

@Component
struct MainActorMember {
  @Provide(.input) var api: API
  @Provide(.shared, ViewModel.init(api:)) var model: ViewModel
}
SOURCE

source_file WrongComponents FactoryBody <<'SOURCE'
import LoomMacros

@Component
struct FactoryBody {
  @Provide(.input) var config: Config
  @Provide(.shared, factory: { (config: Config) in API(confg: config) }) var api: API
}
SOURCE

source_file WrongComponents ProvideOnLet <<'SOURCE'
import LoomMacros

@Component
struct ProvideOnLet {
  @Provide(.input) let config: Config
}
SOURCE

source_file WrongComponents ProvideTwice <<'SOURCE'
import LoomMacros

@Component
struct ProvideTwice {
  @Provide(.input) @Provide(.input) var config: Config
}
SOURCE

source_file WrongComponents ProvideOutside <<'SOURCE'
import LoomMacros

struct ProvideOutside {
  @Provide(.input) var config: Config
}
SOURCE

source_file WrongComponents ComponentOnClass <<'SOURCE'
import LoomMacros

@Component
final class ComponentOnClass {
  @Provide(.shared, with: []) var database: Database
}
SOURCE

source_file WrongComponents MemberTwice <<'SOURCE'
import LoomMacros

@Component
struct MemberTwice {
  @Provide(.input) var config: Config
  @Provide(.input) var config: Config
}
SOURCE

source_file WrongComponents KeyPathTypo <<'SOURCE'
import LoomMacros

@Component
struct KeyPathTypo {
  @Provide(.input) var config: Config
  @Provide(.shared, with: [\Self.confg]) var api: API
}
SOURCE

source_file WrongComponents LabelNotAMember <<'SOURCE'
import LoomMacros

@Component
struct LabelNotAMember {
  @Provide(.input) var config: Config
  @Provide(.shared, Legacy.init(configuration:)) var legacy: Legacy
}
SOURCE

source_file WrongComponents StepCycle <<'SOURCE'
import LoomMacros

@Component
struct StepCycle {
  @Perform(after: ["seed"]) func migrate() {}
  @Perform(after: ["migrate"]) func seed() {}
}
SOURCE

source_file WrongComponents NoSource <<'SOURCE'
import LoomMacros

@Component
struct NoSource {
  @Provide(.input) var config: Config
  @Provide(.shared) var api: API
}
SOURCE

source_file WrongComponents MissingMember <<'SOURCE'
import LoomMacros

@Component
struct MissingMember {
  @Provide(.input) var config: Config
  @Provide(.shared, factory: { (confg: Config) in API(config: confg) }) var api: API
}
SOURCE

source_file WrongComponents MemberCycle <<'SOURCE'
import LoomMacros

@Component
struct MemberCycle {
  @Provide(.shared, A.init(b:)) var a: A
  @Provide(.shared, B.init(c:)) var b: B
  @Provide(.shared, C.init(a:)) var c: C
}
SOURCE

source_file WrongComponents EffectMismatch <<'SOURCE'
import LoomMacros

@Component
struct EffectMismatch {
  @Provide(.shared, Database.open, effects: .async) var database: Database
  @Provide(.shared, Users.init(database:)) var users: Users
}
SOURCE

source_file WrongComponents ChildFactoryOfThisModule <<'SOURCE'
import LoomMacros

@Component
struct ChildFactoryOfThisModule {
  @Provide(.input) var authToken: String
  @Child(factory: { (authToken: String) in SessionComponent(token: authToken) })
  var session: SessionComponent
}
SOURCE

source_file WrongComponents MainActorWith <<'SOURCE'
import LoomMacros

@Component
struct MainActorWith {
  @Provide(.input) var api: API
  @Provide(.shared, with: [\Self.api]) var model: ViewModel
}
SOURCE

source_file WrongComponents MainActorFactory <<'SOURCE'
import LoomMacros

@Component
struct MainActorFactory {
  @Provide(.input) var api: API
  @Provide(.shared, factory: { (api: API) in ViewModel(api: api) }) var model: ViewModel
}
SOURCE

# Issue 34: mistakes that compiled and meant something else, cascades, and names that collide.

source_file WrongComponents LifetimeNotLiteral <<'SOURCE'
import LoomMacros

@Component
struct LifetimeNotLiteral {
  @Provide(Chooser.shared, with: []) var database: Database
}
SOURCE

source_file WrongComponents EffectsNotLiteral <<'SOURCE'
import LoomMacros

@Component
struct EffectsNotLiteral {
  @Provide(.shared, Database.open, effects: Chooser.async) var database: Database
}
SOURCE

source_file WrongComponents KeyPathOfOtherRoot <<'SOURCE'
import LoomMacros

@Component
struct KeyPathOfOtherRoot {
  @Provide(.input) var config: Config
  @Provide(.shared, with: [\OtherRoot.config]) var api: API
}
SOURCE

source_file WrongComponents OpaqueMember <<'SOURCE'
import LoomMacros

@Component
struct OpaqueMember {
  @Provide(.shared, factory: { () in SystemClock() }) var clock: some Clock
}
SOURCE

source_file WrongComponents ImplicitlyUnwrappedInput <<'SOURCE'
import LoomMacros

@Component
struct ImplicitlyUnwrappedInput {
  @Provide(.input) var config: Config!
}
SOURCE

source_file WrongComponents ComputedMember <<'SOURCE'
import LoomMacros

@Component
struct ComputedMember {
  @Provide(.input) var config: Config
  @Provide(.shared, with: [\Self.config]) var api: API { API(config: config) }
}
SOURCE

source_file WrongComponents ObservedMember <<'SOURCE'
import LoomMacros

@Component
struct ObservedMember {
  @Provide(.input) var config: Config { didSet {} }
}
SOURCE

source_file WrongComponents WrappedMember <<'SOURCE'
import LoomMacros

@Component
struct WrappedMember {
  @Box @Provide(.input) var config: Config
}
SOURCE

source_file WrongComponents WeakSharedMember <<'SOURCE'
import LoomMacros

@Component
struct WeakSharedMember {
  @Provide(.shared, factory: { () in Database() }) weak var database: Database?
}
SOURCE

source_file WrongComponents PlainStructChild <<'SOURCE'
import LoomMacros

@Component
struct PlainStructChild {
  @Child var plain: Plain
}
SOURCE

source_file WrongComponents KeyPathToAsyncMember <<'SOURCE'
import LoomMacros

@Component
struct KeyPathToAsyncMember {
  @Provide(.shared, Database.open, effects: .async) var database: Database
  @Provide(.shared, with: [\Self.database], effects: .async) var users: Users
}
SOURCE

source_file WrongComponents ChildOfAsyncMember <<'SOURCE'
import LoomMacros

@Component
struct ChildOfAsyncMember {
  @Provide(.shared, factory: { () async in "token" }) var token: String
  @Child(with: [\Self.token]) var session: SessionComponent
}
SOURCE

source_file WrongComponents MemberListedTwice <<'SOURCE'
import LoomMacros

@Component
struct MemberListedTwice {
  @Provide(.input) var config: Config
  @Provide(.shared, with: [\Self.config, \Self.config]) var api: API
}
SOURCE

source_file WrongComponents FactoryParameterTwice <<'SOURCE'
import LoomMacros

@Component
struct FactoryParameterTwice {
  @Provide(.input) var config: Config
  @Provide(.shared, factory: { (config: Config, config: Config) in API(config: config) }) var api: API
}
SOURCE

source_file WrongComponents BindingTypo <<'SOURCE'
import LoomMacros

@Component
struct BindingTypo {
  @Provide(.input) var authToken: String
  @Child(bindings: ["token": \Self.authTokn]) var session: SessionComponent
}
SOURCE

source_file WrongComponents MainActorStruct <<'SOURCE'
import LoomMacros

@MainActor
@Component
struct MainActorStruct {
  @Provide(.input) var api: API
  @Provide(.shared, ViewModel.init(api:)) var model: ViewModel
}
SOURCE

source_file WrongComponents InitializerSettingMembers <<'SOURCE'
import LoomMacros

@Component
struct InitializerSettingMembers {
  @Provide(.input) var config: Config
  init(config: Config) { self.config = config }
}
SOURCE

source_file WrongComponents InitializerOfItsOwn <<'SOURCE'
import LoomMacros

@Component
struct InitializerOfItsOwn {
  @Provide(.input) var config: Config
  init() {}
}
SOURCE

source_file WrongComponents MemberNamedComponent <<'SOURCE'
import LoomMacros

@Component
struct MemberNamedComponent {
  @Provide(.input) var component: Config
}
SOURCE

source_file WrongComponents OverridesDeclaredInside <<'SOURCE'
import LoomMacros

@Component
struct OverridesDeclaredInside {
  @Provide(.input) var config: Config
  struct Overrides {}
}
SOURCE

source_file WrongComponents OverridesAsMemberType <<'SOURCE'
import LoomMacros

struct Overrides: Sendable {}

@Component
struct OverridesAsMemberType {
  @Provide(.input) var overrides: Overrides
}
SOURCE

source_file WrongComponents ReservedName <<'SOURCE'
import LoomMacros

@Component
struct ReservedName {
  @Provide(.input) var _loomConfig: Config
}
SOURCE

# Issue 31: an input and a cached member whose type is not Sendable. Swift reports each at the
# member, with the ways out, and again in @Component's expansion (see `_checkCachedMember`), so
# they have a target of their own.
source_file NonSendableMember NonSendableShared <<'SOURCE'
import LoomMacros

final class ImageCache { var images: [String: String] = [:] }
@Component
struct NonSendableShared {
  @Provide(.shared, with: []) var cache: ImageCache
}
SOURCE

source_file NonSendableMember NonSendableInput <<'SOURCE'
import LoomMacros

final class Settings { var values: [String: String] = [:] }
@Component
struct NonSendableInput {
  @Provide(.input) var settings: Settings
}
SOURCE

# MARK: - The same components with their fix-it applied, and correct components.

source_file GoodComponent Fixed <<'SOURCE'
import LoomMacros

// ProvideTwice, StepCycle, MissingMember and EffectMismatch, as their fix-it leaves them.
@Component
struct ProvideTwice {
  @Provide(.input) var config: Config
}

@Component
struct StepCycle {
  @Perform() func migrate() {}
  @Perform(after: ["migrate"]) func seed() {}
}

@Component
struct MissingMember {
  @Provide(.input) var config: Config
  @Provide(.shared, factory: { (config: Config) in API(config: config) }) var api: API
}

@Component
struct EffectMismatch {
  @Provide(.shared, Database.open, effects: .async) var database: Database
  @Provide(.shared, Users.init(database:), effects: .async) var users: Users
}

// NonSendableShared, with its member made transient: a new ImageCache for each read, which the
// reader owns (ImageCache is not Sendable).
final class ImageCache { var images: [String: String] = [:] }
@Component
struct NonSendableShared {
  @Provide(.transient, with: []) var cache: ImageCache
}

func nonSendableReport() -> String {
  let component = NonSendableShared { $0.cache = { ImageCache() } }
  let cache = component.cache
  cache.images["a"] = "b"
  return "transient: \(cache.images.count) \(component.cache.images.count)"
}
SOURCE

source_file GoodComponent Correct <<'SOURCE'
import LoomMacros

final class Config: Sendable { let url = "sqlite://demo" }
final class API: Sendable { init(config: Config) {} }
final class Users: Sendable { init(database: Database) {} }
final class Database: Sendable {
  let url: String
  init(url: String = "") { self.url = url }
  static func open() async -> Database { Database() }
  static func connect(_ config: Config) async throws -> Database { Database(url: config.url) }
}
final class Screen: Sendable { init(router: Provider<Router>) {} }
final class Router: Sendable { init(screen: Screen) {} }
final class Tracker: Sendable { init() {} }
final class Analytics: Sendable {
  let tracker: Lazy<Tracker>
  init(tracker: Lazy<Tracker>) { self.tracker = tracker }
}
@MainActor final class ViewModel { init(api: API) {} }

/// A function-typed input, spelled through a typealias.
typealias Format = @Sendable (Int) -> String

@Component
struct SessionComponent {
  @Provide(.input) var token: String
  @Provide(.input) var format: Format
}

@Component
struct DemoComponent {
  @Provide(.input) var config: Config
  @Provide(.input) var authToken: String
  @Provide(
    .shared, factory: { (config: Config) async throws in try await Database.connect(config) })
  var database: Database
  @Provide(.shared, Users.init(database:), effects: [.async, .throwing]) var users: Users
  // A Provider cycle through a transient member: no warning from the generated code.
  @Provide(.transient, factory: { (router: Provider<Router>) in Screen(router: router) })
  var screen: Screen
  @Provide(.shared, Router.init(screen:)) var router: Router
  @Provide(.input) var format: Format
  @Child(with: [\Self.format], bindings: ["token": \Self.authToken]) var session: SessionComponent
  @Child(factory: { (authToken: String) in SessionComponent.make(token: authToken) })
  var other: SessionComponent
}

extension SessionComponent {
  /// How a parent's factory closure makes this child: Swift checks an attribute's arguments
  /// without the initializer @Component generates, so the closure calls this function instead.
  static func make(token: String) -> SessionComponent {
    SessionComponent(token: token, format: { "#\($0)" })
  }
}

/// A public component whose members are internal, of internal types: its API for them is
/// internal too.
@Component
public struct LibraryComponent {
  @Provide(.input) var config: Config
  @Provide(.shared, with: [\Self.config]) var api: API
}

@Component(mainActor: true)
struct RootComponent {
  @Provide(.input) var api: API
  @Provide(.shared, ViewModel.init(api:)) var model: ViewModel
}

/// Initializer and function references of each effect, in a nonisolated component: the
/// refusals of main-actor references never catch these.
final class Settings: Sendable {
  static func load() throws -> Settings { Settings() }
}

@Component
struct ReferenceComponent {
  @Provide(.shared, Tracker.init) var tracker: Tracker
  @Provide(.shared, Settings.load, effects: .throwing) var settings: Settings
  @Provide(.shared, Database.open, effects: .async) var database: Database
  @Provide(.shared, Database.open, effects: [.async, .throwing]) var remote: Database
  @Provide(.input) var config: Config
}

@Component
struct AnalyticsComponent {
  @Provide(.shared, factory: { (tracker: Lazy<Tracker>) in Analytics(tracker: tracker) })
  var analytics: Analytics
  @Provide(.shared, with: []) var tracker: Tracker
}
SOURCE

# MARK: - Correct components in modules that declare or import the names generated code uses.

source_file ShadowNames ShadowNames <<'SOURCE'
// Types with the names of the modules and types that generated code uses, for a module that
// imports them.
public struct Loom { public init() {} }
public struct LoomMacros { public init() {} }
public struct LoomAssembly { public init() {} }
public struct Sendable { public init() {} }
public struct MainActor { public init() {} }
public struct Container { public init() {} }
SOURCE

source_file Shadowing Shadowing <<'SOURCE'
import LoomMacros

// File-scope declarations with the names generated code uses; this module's own code reaches the
// real ones with module selectors, as generated code does.
struct Loom {}
struct LoomMacros {}
struct LoomAssembly {}
struct Sendable {}
struct MainActor {}
enum Swift {}
enum _Concurrency {}
func fatalError(_ message: String) {}

final class Config: Swift::Sendable {
  let name: String
  init(name: String) { self.name = name }
}
final class API: Swift::Sendable {
  let config: Config
  init(config: Config) { self.config = config }
}
final class Tracker: Swift::Sendable { init() {} }
final class Analytics: Swift::Sendable {
  let tracker: Lazy<Tracker>
  init(tracker: Lazy<Tracker>) { self.tracker = tracker }
}
@_Concurrency::MainActor final class ViewModel {
  let api: API
  init(api: API) { self.api = api }
}

@Component
struct ShadowedChild {
  @Provide(.input) var token: Swift::String
}

@Component
struct ShadowedComponent {
  @Provide(.input) var config: Config
  @Provide(.shared, with: [\Self.config]) var api: API
  @Provide(.shared, factory: { (tracker: Lazy<Tracker>) in Analytics(tracker: tracker) })
  var analytics: Analytics
  @Provide(.lazy, with: []) var tracker: Tracker
  @Provide(.once, with: []) var clock: Tracker
  @Provide(.transient, API.init(config:)) var fresh: API
  @Provide(.input) var token: Swift::String
  @Child(with: [\Self.token]) var child: ShadowedChild
  @Perform func start(api: API) {}
}

@Component(mainActor: true)
struct ShadowedRoot {
  @Provide(.input) var api: API
  @Provide(.shared, ViewModel.init(api:)) var model: ViewModel
}

@Injectable
final class Service: Swift::Sendable {
  let api: API
  init(api: API) { self.api = api }
}

final class Screen: Swift::Sendable {
  @Inject var service: Service
  @WeakInject var tracker: Tracker?
}

@Module
struct AppModule {
  @Provides(lifetime: .singleton) func api() -> API { API(config: Config(name: "module")) }
}

// NB: not a protocol here: Swift 6.3.1 reads `protocol P: Swift::Sendable` as not refining
// Sendable when the module declares a type called Sendable (user code; generated code declares
// no protocol).
@Bind
final class StripePayments: Swift::Sendable { init() {} }

@Startup func announce() {}

/// What the components and registrations of this module build, one line each.
public func shadowingReport() async throws -> [Swift::String] {
  let component = ShadowedComponent(config: Config(name: "shadowed"), token: "t")
  let resolved = try await component.resolve()
  let container = Loom::Container()
  container.install { AppModule() }
  container.register(Service.self)
  let service = try container.tryResolve(Service.self)
  let root = await ShadowedRoot(api: API(config: Config(name: "root")))
  let model = await root.model
  let payments = try Loom::Container.default.tryResolve(StripePayments.self)
  return [
    "component: \(resolved.api.config.name) \(resolved.child.token) \(component.fresh.config.name)",
    "registrations: \(service.api.config.name) \(type(of: payments))",
    "main actor: \(model.api.config.name)",
    "graph: \(ShadowedComponent.graph.nodes.count) nodes",
  ]
}
SOURCE

source_file GoodComponent Hygiene <<'SOURCE'
import LoomMacros
import ShadowNames

// Names Swift allows, in a file that imports types called Loom, LoomMacros, LoomAssembly,
// Sendable, MainActor and Container: nested and enclosing types of those names, backticked
// names, a member declared in both clauses of an #if, inputs called `configure` and
// `LoomMacros`, members called like generated locals, inputs held weakly and unowned.
final class Holder: Swift::Sendable {
  let value: Config
  init(default: Config) { value = `default` }
}
final class Label: Swift::Sendable {
  let text: String
  init(_ text: String) { self.text = text }
}
final class Delegate: Swift::Sendable { init() {} }
final class Wrapper: Swift::Sendable {
  let value: Config
  init(LoomMacros: Config) { value = LoomMacros }
}

@Component
struct TokenComponent {
  @Provide(.input) var token: String
}

@Component
struct NestedNames {
  struct Loom {}
  struct LoomMacros {}
  struct Sendable {}
  struct MainActor {}
  struct Bool {}
  struct Void {}
  func fatalError(_ message: String) {}
  @Provide(.input) var `default`: Config
  @Provide(.shared, with: [\Self.default]) var holder: Holder
  @Provide(.shared, factory: { (`default`: Config) in API(config: `default`) }) var api: API
  @Provide(.input) var `class`: String
  @Child(bindings: ["token": \Self.class]) var `extension`: TokenComponent
  @Provide(.input) var configure: Config
  @Provide(.shared, with: []) var merged: Tracker
  @Provide(.shared, with: []) var newer: Tracker
}

// The names of InnoDI's generated-identifier-hygiene fixture, as inputs.
@Component
struct ConvenienceNames {
  struct Task<Success, Failure> {}
  struct Never {}
  @Provide(.input) var applyOverrides: Int
  @Provide(.input) var overrides: Int
  @Provide(.input) var operation: Int
  @Provide(.input) var container: Int
  @Provide(.input) var inputs: Int
  @Provide(.input) var cells: Int
  @Provide(.input) var Task: Int
  @Provide(.input) var Swift: Int
  @Provide(.input) var _Concurrency: Int
  @Provide(.input) var Lazy: Int
  @Provide(.input) var Provider: Int
  @Provide(.input) var preconditionFailure: Int
  @Provide(.shared, factory: { (label: Lazy<Label>) in Holder(default: Config()) }) var holder: Holder
  @Provide(.transient, factory: { () in Label("lazy") }) var label: Label
}

enum LoomMacros {
  @Component
  struct Enclosed {
    @Provide(.input) var Wrapper: Int
    @Provide(.input) var LoomMacros: Config
    @Provide(.shared, with: [\Self.LoomMacros]) var wrapper: Wrapper
  }
}

@Component
struct Conditional {
  #if DEBUG
  @Provide(.shared, factory: { () in Label("debug") }) var label: Label
  #else
  @Provide(.shared, factory: { () in Label("release") }) var label: Label
  #endif
}

@Component
struct WeakInputs {
  @Provide(.input) weak var delegate: Delegate?
  @Provide(.input) unowned var owner: Delegate
}

/// What the components of this file build, one line each.
func hygieneReport() async throws -> [String] {
  let nested = NestedNames(default: Config(), class: "t", configure: Config())
  let resolved = try await nested.resolve()
  let enclosed = LoomMacros.Enclosed(Wrapper: 1, LoomMacros: Config())
  let names = ConvenienceNames(
    applyOverrides: 1, overrides: 2, operation: 3, container: 4, inputs: 5, cells: 6, Task: 7,
    Swift: 8, _Concurrency: 9, Lazy: 10, Provider: 11, preconditionFailure: 12)
  let owner = Delegate()
  var delegate: Delegate? = Delegate()
  let inputs = WeakInputs(delegate: delegate, owner: owner)
  let held = inputs.delegate != nil
  delegate = nil
  return [
    "nested: \(resolved.holder.value.url) \(nested.extension.token) \(resolved.extension.token)",
    "enclosed: \(enclosed.wrapper.value.url)",
    "names: \(names.applyOverrides + names.preconditionFailure) \(names.holder.value.url)",
    "if: \(Conditional().label.text)",
    "weak input: \(held) then \(inputs.delegate == nil ? "nil" : "kept") \(inputs.owner === owner)",
  ]
}
SOURCE

source_file GoodComponent main <<'SOURCE'
import LoomMacros
import Shadowing

let demo = DemoComponent(config: Config(), authToken: "t", format: { "\($0)" })
let resolved = try await demo.resolve()
print("database: \(resolved.database.url)")
print("session: \(demo.session.token) \(demo.session.format(7)) \(demo.other.format(7))")
_ = demo.screen
print(DemoComponent.graph.export(.text))
_ = LibraryComponent(config: Config()).api
_ = try await ReferenceComponent(config: Config()).resolve()
for line in try await hygieneReport() { print(line) }
for line in try await shadowingReport() { print(line) }
print(nonSendableReport())

var analytics: Analytics?
do {
  analytics = AnalyticsComponent().analytics
}
do {
  _ = try analytics!.tracker.get()
} catch {
  print(error)
}
SOURCE

failures=0

# NB: both builds treat warnings as errors: the wrong components must get no warning either, and
# the same flags let the second build reuse what the first compiled (LoomMacros and its plugin).
werror=(-Xswiftc -warnings-as-errors)

echo "==> Compiling wrong components (one error each, at the user's line, and no warning)"
log="$work/wrong-components.log"
if swift build --package-path "$client" --scratch-path "$work/build" --target WrongComponents \
  "${werror[@]}" >"$log" 2>&1; then
  echo "error: the wrong components compiled; see $log" >&2
  exit 1
fi
# file | line | words of the one error
cases=(
  "ChildInputNotWired.swift|6|in @Child expansion: missing argument for parameter 'token' in call"
  "ChildBindingLabel.swift|6|in @Child expansion: incorrect argument label in call (have 'tokn:', expected 'token:')"
  "WithLabels.swift|6|in @Provide expansion: incorrect argument label in call (have 'config:', expected 'configuration:')"
  "ReferenceEffects.swift|6|in @Provide expansion: 'effects(none:)' is unavailable: this initializer or function is asynchronous and throws: declare it on the member with \`effects: [.async, .throwing]\`"
  "MainActorMember.swift|6|in @Provide expansion: converting function value of type '@MainActor @Sendable (API) -> ViewModel'"
  "FactoryBody.swift|6|incorrect argument label in call (have 'confg:', expected 'config:')"
  "ProvideOnLet.swift|5|cannot expand accessor macro on variable declared with 'let'"
  "ProvideTwice.swift|5|a member has one @Provide attribute; remove this one, the first one describes it"
  "ProvideOutside.swift|4|@Provide declares a member of a @Component; add @Component to the enclosing struct"
  "ComponentOnClass.swift|3|@Component must be attached to a struct"
  "MemberTwice.swift|6|invalid redeclaration of 'config'"
  "KeyPathTypo.swift|6|value of type 'KeyPathTypo' has no member 'confg'"
  "LabelNotAMember.swift|6|in @Provide expansion: '_loomRead_legacy' is unavailable: 'configuration' is not a member of LabelNotAMember: an initializer or function reference passes each member under its own name; build it with a factory closure: factory: { (config: Config) in Legacy(configuration: config) }"
  "StepCycle.swift|5|start-up steps wait for each other: migrate → seed → migrate; remove one of these \`after:\` entries"
  "NoSource.swift|6|member 'api' has no construction source"
  "MissingMember.swift|6|'confg' is not a member of MissingMember; did you mean 'config'?"
  "MemberCycle.swift|5|dependency cycle: a → b → c → a"
  "EffectMismatch.swift|6|'users' is synchronous, but it is built from 'database', which is asynchronous; declare 'users' async"
  "MainActorWith.swift|6|in @Provide expansion: call to main actor-isolated initializer 'init(api:)' in a synchronous nonisolated context"
  "MainActorFactory.swift|6|in @Provide expansion: call to main actor-isolated initializer 'init(api:)' in a synchronous nonisolated context"
  "ChildFactoryOfThisModule.swift|6|'SessionComponent' cannot be constructed because it has no accessible initializers"
  "ParentsNotLiteral.swift|4|list the components that may mount ParentsNotLiteral as string literals, such as parents: [\"AppComponent\"]; loom-graph reads them from the source, not their value"
  "LifetimeNotLiteral.swift|5|'Chooser.shared' is not a lifetime; write .input, .shared, .lazy, .transient or .once"
  "EffectsNotLiteral.swift|5|'Chooser.async' is not an effect; write .async, .throwing or [.async, .throwing]"
  "KeyPathOfOtherRoot.swift|6|'\\OtherRoot.config' is a key path of OtherRoot, but a member is taken from KeyPathOfOtherRoot itself; write \\Self.config"
  "OpaqueMember.swift|5|@Provide member 'clock' cannot have an opaque type"
  "ImplicitlyUnwrappedInput.swift|5|@Provide member 'config' cannot be implicitly unwrapped; declare it 'Config?'"
  "ComputedMember.swift|6|@Provide member 'api' cannot have accessors; the component writes its getter"
  "ObservedMember.swift|5|@Provide member 'config' cannot have accessors; the component writes its getter"
  "WrappedMember.swift|5|property wrapper cannot be applied to a computed property"
  "WeakSharedMember.swift|5|'database' is built and kept by the component, which holds it strongly; only an input can be 'weak': remove 'weak'"
  "PlainStructChild.swift|5|in @Child expansion: type 'Plain' does not conform to protocol 'Component'"
  "KeyPathToAsyncMember.swift|6|cannot form key path to property with 'throws' or 'async'"
  "ChildOfAsyncMember.swift|6|cannot form key path to property with 'throws' or 'async'"
  "MemberListedTwice.swift|6|'config' is listed twice for 'api'; remove one of them"
  "FactoryParameterTwice.swift|6|invalid redeclaration of 'config'"
  "BindingTypo.swift|6|value of type 'BindingTypo' has no member 'authTokn'"
  "MainActorStruct.swift|3|MainActorStruct is isolated to the main actor with @Component(mainActor: true)"
  "InitializerSettingMembers.swift|6|cannot assign to property: 'config' is a get-only property"
  "InitializerOfItsOwn.swift|6|@Component writes the initializers of InitializerOfItsOwn, from its inputs; remove this one, or make it call self.init(...)"
  "MemberNamedComponent.swift|5|'component' is a name @Component generates in MemberNamedComponent (Resolved.component, the component itself); rename this declaration"
  "OverridesDeclaredInside.swift|6|'Overrides' is a name @Component generates in OverridesDeclaredInside (its typed overrides); rename this declaration"
  "OverridesAsMemberType.swift|7|inside OverridesAsMemberType, 'Overrides' is the type @Component generates"
  "ReservedName.swift|5|'_loomConfig' begins with '_loom', which @Component keeps for the names it generates; rename it"
)
loom_expect_cases "$log" "${cases[@]}"

# Where Swift reports the mistake and offers no fix-it, a note beside its error offers one.
loom_expect_output "$log" "note: 'confg' is not a member of KeyPathTypo; did you mean 'config'?"
loom_expect_output "$log" "note: 'authTokn' is not a member of BindingTypo; did you mean 'authToken'?"
loom_expect_output "$log" "note: @Provide gives the member a getter, so it is declared with 'var'"
loom_expect_output "$log" "note: @Component writes the initializers of InitializerSettingMembers"

echo "==> Compiling members whose type is not Sendable (an error at the member)"
member_log="$work/non-sendable-member.log"
if swift build --package-path "$client" --scratch-path "$work/build" \
  --target NonSendableMember >"$member_log" 2>&1; then
  echo "error: a cached member whose type is not Sendable compiled; see $member_log" >&2
  exit 1
fi
# file | line | type | the ways out, which Swift prints beside the error
member_cases=(
  "NonSendableShared|6|ImageCache|To fix, make ImageCache Sendable (or isolate it to a global actor, such as @MainActor), make 'cache' .transient, or use @Component(mainActor: true)."
  "NonSendableInput|6|Settings|To fix, make Settings Sendable (or isolate it to a global actor, such as @MainActor), or pass what the component needs to make one, and make 'settings' a member built from it."
)
for entry in "${member_cases[@]}"; do
  IFS='|' read -r file line type ways <<<"$entry"
  found=$(grep -m 1 -E "/$file\.swift:$line:[0-9]+: error: " "$member_log" || true)
  if [[ "$found" == *"error: type '$type' does not conform to the 'Sendable' protocol" ]] \
    && grep -qF -- "$ways" "$member_log"; then
    echo "ok: ${found##*/}"
  else
    echo "error: no error at $file.swift:$line with the ways out; see $member_log" >&2
    echo "       found: $found" >&2
    failures=$((failures + 1))
  fi
done

echo "==> Building, with warnings as errors, the fixed and the correct components, and running them"
out="$work/good-component.log"
swift run --package-path "$client" --scratch-path "$work/build" "${werror[@]}" GoodComponent \
  >"$out" 2>&1 || {
  cat "$out" >&2
  echo "error: the fixed and correct components did not build or run" >&2
  exit 1
}
loom_expect_output "$out" "database: sqlite://demo"
loom_expect_output "$out" "session: t 7 #7"
loom_expect_output "$out" "Users (name: \"users\") (singleton, async, from DemoComponent)"
loom_expect_output "$out" "ResolutionError: Tracker (name: \"tracker\") is a member of AnalyticsComponent, which was released"
loom_expect_output "$out" "nested: sqlite://demo t t"
loom_expect_output "$out" "enclosed: sqlite://demo"
loom_expect_output "$out" "names: 13 sqlite://demo"
loom_expect_output "$out" "if: debug"
loom_expect_output "$out" "weak input: true then nil true"
loom_expect_output "$out" "component: shadowed t shadowed"
loom_expect_output "$out" "registrations: module StripePayments"
loom_expect_output "$out" "main actor: root"
loom_expect_output "$out" "graph: 9 nodes"
loom_expect_output "$out" "transient: 1 0"
to_fix=$(grep -c "To fix" "$out" || true)
if ((to_fix != 1)); then
  echo "error: the released handle's error has $to_fix 'To fix' lines, not 1; see $out" >&2
  failures=$((failures + 1))
fi

if ((failures > 0)); then
  echo "error: $failures component diagnostic check(s) failed; the logs are in $work" >&2
  exit 1
fi
echo "Component diagnostics passed."
