/// Makes a struct a compile-time component: its `@Provide` members, `@Child` components and
/// `@Perform` steps are wired, checked and built by generated code.
///
/// The macro checks the wiring when the code compiles, each problem one error at the member, with
/// a fix-it where one is obvious: a dependency that is not a member (with the closest name), a
/// cycle (the whole path, in declaration order), a dependency listed twice, a member with no or
/// several construction sources, an input with a factory, a synchronous member built from an
/// asynchronous or throwing one, a `Lazy` or `Provider` of an asynchronous member, a `.once`
/// member built from one that is not `.once`. What only the compiler knows (an initializer's
/// labels and effects, isolation, a child's inputs) is checked in the getter each member's own
/// attribute writes, so the error points at that member. The "Diagnostics" article lists every
/// message.
///
/// It generates:
/// - an initializer whose required parameters are the inputs, in declaration order, with a
///   trailing `configure` closure for the typed `Overrides` (public when the component and every
///   input are);
/// - `Overrides`: an optional value for every member that is not an input (a wrong name is a
///   compile error), and a ``ChildOverrides`` for every child;
/// - a getter for every member (`get async throws` when its effects say so);
/// - `resolve()`, which builds every cached member and child concurrently in dependency order,
///   runs the steps in parallel, reports every failure in a ``ComponentError`` and returns the
///   immutable `Resolved` aggregate of the inputs, cached members and children (not the
///   transient members, made anew on every read);
/// - `install(into:)`, which registers the members in a `Container`;
/// - `resetOnceMembers()` when there are `.once` members;
/// - the conformance to ``Component``, which provides the graph and `withOverrides`.
///
/// ```swift
/// @Component
/// struct AppComponent {
///   @Provide(.input) var config: AppConfig
///   @Provide(.shared, LiveAPIClient.self, with: [\Self.config]) var api: any APIClient
///   @Provide(.shared, factory: { (config: AppConfig) async throws in
///     try await Database.open(config.databaseURL)
///   })
///   var database: Database
///   @Provide(.shared, UserService.init(api:database:), effects: [.async, .throwing])
///   var users: UserService
///
///   @Perform func warmCaches(users: UserService) async throws {
///     try await users.prefetch()
///   }
/// }
///
/// let app = try await AppComponent(config: .production).resolve()
/// print(app.users)
/// ```
///
/// A component can also say where it belongs in the app's hierarchy. The compiler cannot check
/// that (a component declared in a feature module does not see who mounts it, and the feature
/// cannot name its app's types), so `loom-graph --validate` and the `LoomGraphValidation` build
/// plugin check it, across files and modules, with an error at the `@Child` that breaks it:
///
/// ```swift
/// @Component(root: true)
/// struct AppComponent {
///   @Child(with: [\Self.api]) var checkout: CheckoutComponent
/// }
///
/// @Component(parents: ["AppComponent"])  // only AppComponent may mount it
/// struct CheckoutComponent {
///   @Provide(.input) var api: APIClient
/// }
/// ```
///
/// - Parameters:
///   - mainActor: Isolates the generated API (the initializer, the members, `resolve()`,
///     `install(into:)`) and the factories to the main actor, for a UI root whose members are
///     `@MainActor` view models.
///   - parents: The components that may mount this one with `@Child`, by type name; empty (the
///     default) lets any component mount it. Write string literals: the macro checks that it can
///     read them, and `loom-graph` checks the rule.
///   - root: Whether this component is a root of the hierarchy, which no component may mount.
///     Write `true` or `false`; `loom-graph` checks the rule. A root component has no `parents`.
@attached(member, names: arbitrary)
@attached(memberAttribute)
@attached(extension, conformances: Component)
public macro Component(mainActor: Bool = false, parents: [String] = [], root: Bool = false) =
  #externalMacro(module: "LoomMacrosPlugin", type: "ComponentMacro")

/// Declares a member of a ``Component(mainActor:parents:root:)``: how long it lives and how it is built.
///
/// Write it on a `var` with a type and no value; the component turns it into a getter. After the
/// lifetime comes one construction source:
///
/// | source | builds |
/// | --- | --- |
/// | `with: [\Self.a, \Self.b]` | the member's type, `T(a: a, b: b)` |
/// | `Impl.self, with: [\Self.a]` | another type, `Impl(a: a)` (for a protocol-typed member) |
/// | `Impl.init(a:b:)` or `Impl.make(a:b:)` | that initializer or function; its labels name the members it takes |
/// | `factory: { (a: A, b: Lazy<B>) in ... }` | the closure; its parameters name the members it takes, a `Lazy` or `Provider` one deferred |
///
/// A closure states its effects in its signature (`{ (a: A) async throws in ... }`); the other
/// sources state them with `effects:`, which must cover the effects of what they are built from.
/// An input (`.input`) has no source: it is a parameter of the component's initializer.
///
/// Swift cannot form a key path to an `async` or `throws` property, so `with:` can only name
/// members that are synchronous and do not throw; take the others with an initializer reference
/// or a factory closure.
///
/// Members are `Sendable`, as the component is. A `Lazy` or `Provider` parameter of a factory
/// closure reads the component that made it: keep the component alive as long as the instances
/// it made use their handles (a read after it is released throws a `ResolutionError`).
///
/// ```swift
/// @Provide(.input) var config: AppConfig
/// @Provide(.shared, with: [\Self.config]) var session: URLSessionClient
/// @Provide(.shared, LiveAPIClient.self, with: [\Self.session]) var api: any APIClient
/// @Provide(.transient, UserViewModel.init(api:)) var userModel: UserViewModel
/// @Provide(.shared, Database.open(config:), effects: [.async, .throwing]) var database: Database
/// @Provide(.once, factory: { () in SystemClock() }) var clock: SystemClock
/// ```
///
/// - Parameters:
///   - lifetime: How long the member lives: ``ComponentLifetime/input``,
///     ``ComponentLifetime/shared``, ``ComponentLifetime/lazy``, ``ComponentLifetime/transient``
///     or ``ComponentLifetime/once``.
///   - source: A type (`Impl.self`, with `with:`) or an initializer or function reference whose
///     argument labels name members.
///   - dependencies: The members passed to the type's initializer, each under its own name.
///   - factory: A closure whose parameters name the members it takes.
///   - effects: Whether building (and so reading) the member suspends or throws.
@attached(accessor, names: named(get))
public macro Provide(
  _ lifetime: ComponentLifetime, _ source: Any? = nil, with dependencies: [AnyKeyPath]? = nil,
  factory: Any? = nil, effects: ComponentEffects = []
) = #externalMacro(module: "LoomMacrosPlugin", type: "ProvideMacro")

/// Declares a child component owned by a ``Component(mainActor:parents:root:)``: built once per parent, its inputs wired
/// from the parent's members.
///
/// `with:` passes parent members under their own names, `bindings:` under another label: a
/// child input `token` can come from the parent's `authToken`. Together they must name every
/// input of the child, which the compiler checks; the order does not matter. Key paths can only
/// name synchronous members that do not throw: to wire an asynchronous one, or to compute an
/// input, make the child in a `factory:` closure whose parameters name parent members (the
/// closure's signature states its effects). In the parent's `Overrides`, the child's
/// ``ChildOverrides`` replaces it (`$0.session.replace(with: ...)`) or overrides members inside
/// it (`$0.session.api = StubAPIClient()`).
///
/// ```swift
/// @Component
/// struct AppComponent {
///   @Provide(.input) var authToken: String
///   @Provide(.input) var config: AppConfig
///   @Provide(.shared, with: []) var api: LiveAPIClient
///   @Child(with: [\Self.api], bindings: ["token": \Self.authToken]) var session: SessionComponent
///   @Child(factory: { (config: AppConfig) async throws in try await Settings.load(config) })
///   var settings: SettingsComponent
/// }
///
/// enum Settings {
///   // Swift checks an attribute's arguments without what macros generate: a factory closure
///   // calls a function like this one, not the generated initializer of a component of the
///   // same module.
///   static func load(_ config: AppConfig) async throws -> SettingsComponent {
///     let values = try await config.fetchSettings()
///     return SettingsComponent(values: values)
///   }
/// }
/// ```
///
/// - Parameters:
///   - dependencies: Parent members passed to the child's inputs of the same name.
///   - bindings: Child input labels, each with the parent member passed to it.
///   - factory: A closure that makes the child from the parent members its parameters name,
///     instead of `with:` and `bindings:`.
///   - effects: Whether building the child suspends or throws, for `with:` and `bindings:`.
@attached(accessor, names: named(get))
@attached(peer, names: prefixed(_LoomChild_))
public macro Child(
  with dependencies: [AnyKeyPath] = [], bindings: [String: AnyKeyPath] = [:],
  factory: Any? = nil, effects: ComponentEffects = []
) = #externalMacro(module: "LoomMacrosPlugin", type: "ChildMacro")

/// Declares a start-up step of a ``Component(mainActor:parents:root:)``: a method that `resolve()` runs once the members
/// it takes (its parameters, named after members) and the steps it comes after are ready.
///
/// Steps run in parallel with each other and with the building of the members they do not need.
/// A step that fails is reported by `resolve()`, and the steps after it are skipped.
///
/// ```swift
/// @Perform func migrate(database: Database) async throws {
///   try await database.migrate()
/// }
/// @Perform(after: ["migrate"]) func seed(database: Database, users: UserService) async throws {
///   try await users.seedDemoAccounts(in: database)
/// }
/// ```
///
/// - Parameter steps: The steps (method names) that must complete before this one starts.
@attached(peer)
public macro Perform(after steps: [String] = []) =
  #externalMacro(module: "LoomMacrosPlugin", type: "PerformMacro")
