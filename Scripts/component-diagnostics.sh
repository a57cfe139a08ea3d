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
mkdir -p "$client/Sources/WrongComponents" "$client/Sources/GoodComponent"

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
    .executableTarget(
      name: "GoodComponent", dependencies: [.product(name: "LoomMacros", package: "LoomMacros")]),
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

source_file GoodComponent main <<'SOURCE'
import LoomMacros

let demo = DemoComponent(config: Config(), authToken: "t", format: { "\($0)" })
let resolved = try await demo.resolve()
print("database: \(resolved.database.url)")
print("session: \(demo.session.token) \(demo.session.format(7)) \(demo.other.format(7))")
_ = demo.screen
print(DemoComponent.graph.export(.text))
_ = LibraryComponent(config: Config()).api
_ = try await ReferenceComponent(config: Config()).resolve()

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
)
loom_expect_cases "$log" "${cases[@]}"

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
