// swift-format-ignore-file
// (Pinned texts: their lines are as long as the messages they pin.)

/// What ``Container/validate(_:)`` reports and the first resolve throws for each wiring of
/// `brokenWirings`, word for word, with source line numbers written `#`.
let expectedBrokenWirings: [String: (report: String, error: String?)] = [
  "missing concrete type": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for Database
      ├─ Needed by: Repository (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Storefront → Catalog → Repository → Database
      └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
      """#,
    error: #"""
      ResolutionError: no registration for Database
      ├─ Resolved via: Storefront → Catalog → Repository → Database
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
      """#
  ),
  "missing protocol": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for any PaymentGateway
      ├─ Needed by: Checkout (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Checkout → any PaymentGateway
      └─ To fix: register (any PaymentGateway).self, or declare it as a key-path dependency with a default factory.
      """#,
    error: #"""
      ResolutionError: no registration for any PaymentGateway
      ├─ Resolved via: Checkout → any PaymentGateway
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: register (any PaymentGateway).self, or declare it as a key-path dependency with a default factory.
      """#
  ),
  "missing name, other names registered": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for Database (name: "cache")
      ├─ Needed by: Repository (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Repository → Database (name: "cache")
      └─ To fix: Database is registered with the names "primary", "replica" but not "cache": resolve one of those, or register Database with name: "cache".

      Not seen: what 1 closure factory resolves, as it declares no dependencies: and has not run: Database (name: "primary"). Pass dependencies: when registering it ([] for none), or resolve it once, for a complete check.
      """#,
    error: #"""
      ResolutionError: no registration for Database (name: "cache")
      ├─ Resolved via: Repository → Database (name: "cache")
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: Database is registered with the names "primary", "replica" but not "cache": resolve one of those, or register Database with name: "cache".
      """#
  ),
  "missing name, registered without one": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for Database (name: "replica")
      ├─ Needed by: Repository (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Repository → Database (name: "replica")
      └─ To fix: Database is registered without a name: resolve it without name:, or register it with name: "replica".
      """#,
    error: #"""
      ResolutionError: no registration for Database (name: "replica")
      ├─ Resolved via: Repository → Database (name: "replica")
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: Database is registered without a name: resolve it without name:, or register it with name: "replica".
      """#
  ),
  "missing unnamed, registered only with a name": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for Database
      ├─ Needed by: Repository (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Repository → Database
      └─ To fix: Database is registered only with name: "primary": resolve it with one of those names, or register it without a name.
      """#,
    error: #"""
      ResolutionError: no registration for Database
      ├─ Resolved via: Repository → Database
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: Database is registered only with name: "primary": resolve it with one of those names, or register it without a name.
      """#
  ),
  "key path declared without a default": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for \.corpusPayments
      ├─ Needed by: Checkout (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Checkout → \.corpusPayments
      └─ To fix: \.corpusPayments is declared without a default: register it, for example `container.register(\.corpusPayments) { r in ... }`.
      """#,
    error: #"""
      ResolutionError: no registration for \.corpusPayments
      ├─ Resolved via: Checkout → \.corpusPayments
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: \.corpusPayments is declared without a default: register it, for example `container.register(\.corpusPayments) { r in ... }`.
      """#
  ),
  "key path default needs a missing type": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for Database
      ├─ Needed by: Repository (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Storefront → \.corpusCatalog → Repository → Database
      └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
      """#,
    error: #"""
      ResolutionError: no registration for Database
      ├─ Resolved via: Storefront → \.corpusCatalog → Repository → Database
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
      """#
  ),
  "runtime argument auto-wired": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for String
      ├─ Needed by: Greeter (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Greeter → String
      └─ To fix: String is usually a runtime argument: register the type that needs it with a factory that takes it, `register(T.self) { (r, value: String) in ... }`, and resolve that with `resolve(T.self, arguments: value)`; or register String itself.
      """#,
    error: #"""
      ResolutionError: no registration for String
      ├─ Resolved via: Greeter → String
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: String is usually a runtime argument: register the type that needs it with a factory that takes it, `register(T.self) { (r, value: String) in ... }`, and resolve that with `resolve(T.self, arguments: value)`; or register String itself.
      """#
  ),
  "parent singleton needs what only the child registers": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for Database
      ├─ Needed by: Repository (singleton, 1 container up) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Repository → Database
      └─ To fix: Database is registered in the container resolved from, but Repository (singleton) is registered above it and built there, with the registrations it sees: register Database where Repository is registered, or register Repository again next to Database.
      """#,
    error: #"""
      ResolutionError: no registration for Database
      ├─ Resolved via: Repository → Database
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: Database is registered in the container resolved from, but Repository (singleton) is registered above it and built there, with the registrations it sees: register Database where Repository is registered, or register Repository again next to Database.
      """#
  ),
  "provider of a missing type, used": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for User
      ├─ Needed by: Banner (transient) at LoomTests/WiringCorpus.swift:# through a Lazy or Provider
      ├─ Path: Banner → User
      └─ To fix: register User, or declare it as a key-path dependency with a default factory.
      """#,
    error: #"""
      ResolutionError: no registration for User
      ├─ Resolved via: User
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: register User, or declare it as a key-path dependency with a default factory.
      """#
  ),
  "binding to an unregistered implementation": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for StripeGateway
      ├─ Needed by: any PaymentGateway (transient, binding) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Checkout → any PaymentGateway → StripeGateway
      └─ To fix: register StripeGateway, or declare it as a key-path dependency with a default factory.
      """#,
    error: #"""
      ResolutionError: no registration for StripeGateway
      ├─ Resolved via: Checkout → any PaymentGateway → StripeGateway
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: register StripeGateway, or declare it as a key-path dependency with a default factory.
      """#
  ),
  "binding to the implementation under the wrong name": (
    report: #"""
      ValidationReport: 1 problem

      [missing] no registration for StripeGateway (name: "test")
      ├─ Needed by: any PaymentGateway (transient, binding) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Checkout → any PaymentGateway → StripeGateway (name: "test")
      └─ To fix: StripeGateway is registered with name: "live" but not "test": resolve one of those, or register StripeGateway with name: "test".
      """#,
    error: #"""
      ResolutionError: no registration for StripeGateway (name: "test")
      ├─ Resolved via: Checkout → any PaymentGateway → StripeGateway (name: "test")
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: StripeGateway is registered with name: "live" but not "test": resolve one of those, or register StripeGateway with name: "test".
      """#
  ),
  "cycle of length 1": (
    report: #"""
      ValidationReport: 1 problem

      [cycle] dependency cycle: Ouroboros → Ouroboros
      ├─ Ouroboros (transient) at LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#,
    error: #"""
      ResolutionError: dependency cycle: Ouroboros → Ouroboros
      ├─ Resolved via: Ouroboros → Ouroboros
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#
  ),
  "cycle of length 2": (
    report: #"""
      ValidationReport: 1 problem

      [cycle] dependency cycle: Chicken → Egg → Chicken
      ├─ Chicken (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Egg (singleton) at LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#,
    error: #"""
      ResolutionError: dependency cycle: Chicken → Egg → Chicken
      ├─ Resolved via: Chicken → Egg → Chicken
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#
  ),
  "cycle of length 3": (
    report: #"""
      ValidationReport: 1 problem

      [cycle] dependency cycle: Paper → Scissors → Rock → Paper
      ├─ Paper (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Scissors (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Rock (transient) at LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#,
    error: #"""
      ResolutionError: dependency cycle: Rock → Paper → Scissors → Rock
      ├─ Resolved via: Rock → Paper → Scissors → Rock
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#
  ),
  "cycle of length 5": (
    report: #"""
      ValidationReport: 1 problem

      [cycle] dependency cycle: Friday → Monday → Tuesday → Wednesday → Thursday → Friday
      ├─ Friday (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Monday (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Tuesday (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Wednesday (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Thursday (transient) at LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#,
    error: #"""
      ResolutionError: dependency cycle: Monday → Tuesday → Wednesday → Thursday → Friday → Monday
      ├─ Resolved via: Monday → Tuesday → Wednesday → Thursday → Friday → Monday
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#
  ),
  "cycle through a parent transient built in the child": (
    report: #"""
      ValidationReport: 1 problem

      [cycle] dependency cycle: Chicken → Egg → Chicken
      ├─ Chicken (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Egg (transient) at LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#,
    error: #"""
      ResolutionError: dependency cycle: Chicken → Egg → Chicken
      ├─ Resolved via: Chicken → Egg → Chicken
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#
  ),
  "cycle through a key-path default": (
    report: #"""
      ValidationReport: 1 problem

      [cycle] dependency cycle: Repository → Storefront → \.corpusCatalog → Repository
      ├─ Repository (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Storefront (transient) at LoomTests/WiringCorpus.swift:#
      ├─ \.corpusCatalog (transient) at LoomTests/CorpusFixtures.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#,
    error: #"""
      ResolutionError: dependency cycle: Storefront → \.corpusCatalog → Repository → Storefront
      ├─ Resolved via: Storefront → \.corpusCatalog → Repository → Storefront
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#
  ),
  "cycle across threads": (
    report: #"""
      ValidationReport: 1 problem

      [cycle] dependency cycle: Chicken → Egg → Chicken
      ├─ Chicken (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Egg (singleton) at LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#,
    error: #"""
      ResolutionError: dependency cycle across threads: Chicken → Egg → Chicken
      ├─ Resolved via: Chicken → Egg
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      ├─ This thread builds Chicken and waits for Egg
      ├─ Another thread builds Egg and waits for Chicken
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#
  ),
  "singleton holds a weak instance": (
    report: #"""
      ValidationReport: 1 problem

      [captive] ImageCache (singleton) holds Thumbnail (weak) captive
      ├─ ImageCache (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Thumbnail (weak) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give Thumbnail a lifetime that lives at least as long as singleton, give ImageCache a lifetime no longer than weak, or let ImageCache take a Provider of Thumbnail and resolve it on each use.
      """#,
    error: #"""
      ResolutionError: ImageCache (singleton) would hold Thumbnail (weak) captive
      ├─ Resolved via: ImageCache → Thumbnail
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: give Thumbnail a lifetime that lives at least as long as singleton, give ImageCache a lifetime no longer than weak, or let ImageCache take a Provider of Thumbnail and resolve it on each use; where holding it is intended, set `container.checksCaptiveDependencies = false`.
      """#
  ),
  "singleton holds a weak instance through a graph instance": (
    report: #"""
      ValidationReport: 1 problem

      [captive] Middleware (singleton) holds RequestContext (weak) captive through Analytics
      ├─ Path: Middleware → Analytics → RequestContext
      ├─ Middleware (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Analytics (graph) at LoomTests/WiringCorpus.swift:#
      ├─ RequestContext (weak) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give RequestContext a lifetime that lives at least as long as singleton, give Middleware a lifetime no longer than weak, or let Middleware take a Provider of Analytics and resolve it on each use.
      """#,
    error: #"""
      ResolutionError: Middleware (singleton) would hold RequestContext (weak) captive
      ├─ Resolved via: Middleware → Analytics → RequestContext
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: give RequestContext a lifetime that lives at least as long as singleton, give Middleware a lifetime no longer than weak, or let Middleware take a Provider of Analytics and resolve it on each use; where holding it is intended, set `container.checksCaptiveDependencies = false`.
      """#
  ),
  "singleton holds a session instance": (
    report: #"""
      ValidationReport: 1 problem

      [captive] Profile (singleton) holds User (session) captive
      ├─ Profile (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ User (session) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give User a lifetime that lives at least as long as singleton, give Profile a lifetime no longer than session, or let Profile take a Provider of User and resolve it on each use.
      """#,
    error: #"""
      ResolutionError: Profile (singleton) would hold User (session) captive
      ├─ Resolved via: Profile → User
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: give User a lifetime that lives at least as long as singleton, give Profile a lifetime no longer than session, or let Profile take a Provider of User and resolve it on each use; where holding it is intended, set `container.checksCaptiveDependencies = false`.
      """#
  ),
  "singleton holds a flow instance": (
    report: #"""
      ValidationReport: 1 problem

      [captive] Basket (singleton) holds Cart (flow) captive
      ├─ Basket (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Cart (flow) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give Cart a lifetime that lives at least as long as singleton, give Basket a lifetime no longer than flow, or let Basket take a Provider of Cart and resolve it on each use.
      """#,
    error: #"""
      ResolutionError: Basket (singleton) would hold Cart (flow) captive
      ├─ Resolved via: Basket → Cart
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: give Cart a lifetime that lives at least as long as singleton, give Basket a lifetime no longer than flow, or let Basket take a Provider of Cart and resolve it on each use; where holding it is intended, set `container.checksCaptiveDependencies = false`.
      """#
  ),
  "session instance holds a flow instance": (
    report: #"""
      ValidationReport: 1 problem

      [captive] Basket (session) holds Cart (flow) captive
      ├─ Basket (session) at LoomTests/WiringCorpus.swift:#
      ├─ Cart (flow) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give Cart a lifetime that lives at least as long as session, give Basket a lifetime no longer than flow, or let Basket take a Provider of Cart and resolve it on each use.
      """#,
    error: #"""
      ResolutionError: Basket (session) would hold Cart (flow) captive
      ├─ Resolved via: Basket → Cart
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: give Cart a lifetime that lives at least as long as session, give Basket a lifetime no longer than flow, or let Basket take a Provider of Cart and resolve it on each use; where holding it is intended, set `container.checksCaptiveDependencies = false`.
      """#
  ),
  "singleton holds an expiring instance": (
    report: #"""
      ValidationReport: 1 problem

      [captive] Scheduler (singleton) holds Clock (expiring after 60.0 seconds) captive
      ├─ Scheduler (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Clock (expiring after 60.0 seconds) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give Clock a lifetime that lives at least as long as singleton, give Scheduler a lifetime no longer than expiring after 60.0 seconds, or let Scheduler take a Provider of Clock and resolve it on each use.
      """#,
    error: #"""
      ResolutionError: Scheduler (singleton) would hold Clock (expiring after 60.0 seconds) captive
      ├─ Resolved via: Scheduler → Clock
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: give Clock a lifetime that lives at least as long as singleton, give Scheduler a lifetime no longer than expiring after 60.0 seconds, or let Scheduler take a Provider of Clock and resolve it on each use; where holding it is intended, set `container.checksCaptiveDependencies = false`.
      """#
  ),
  "singleton holds a weak instance through a transient": (
    report: #"""
      ValidationReport: 1 problem

      [captive] Middleware (singleton) holds RequestContext (weak) captive through Analytics
      ├─ Path: Middleware → Analytics → RequestContext
      ├─ Middleware (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Analytics (transient) at LoomTests/WiringCorpus.swift:#
      ├─ RequestContext (weak) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give RequestContext a lifetime that lives at least as long as singleton, give Middleware a lifetime no longer than weak, or let Middleware take a Provider of Analytics and resolve it on each use.
      """#,
    error: #"""
      ResolutionError: Middleware (singleton) would hold RequestContext (weak) captive
      ├─ Resolved via: Middleware → Analytics → RequestContext
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: give RequestContext a lifetime that lives at least as long as singleton, give Middleware a lifetime no longer than weak, or let Middleware take a Provider of Analytics and resolve it on each use; where holding it is intended, set `container.checksCaptiveDependencies = false`.
      """#
  ),
  "once instance holds a singleton": (
    report: #"""
      ValidationReport: 1 problem

      [captive] Scheduler (once) holds Clock (singleton) captive
      ├─ Scheduler (once) at LoomTests/WiringCorpus.swift:#
      ├─ Clock (singleton) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give Clock a lifetime that lives at least as long as once, give Scheduler a lifetime no longer than singleton, or let Scheduler take a Provider of Clock and resolve it on each use.
      """#,
    error: #"""
      ResolutionError: Scheduler (once) would hold Clock (singleton) captive
      ├─ Resolved via: Scheduler → Clock
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: give Clock a lifetime that lives at least as long as once, give Scheduler a lifetime no longer than singleton, or let Scheduler take a Provider of Clock and resolve it on each use; where holding it is intended, set `container.checksCaptiveDependencies = false`.
      """#
  ),
  "synchronous resolve of an async dependency": (
    report: #"""
      ValidationReport: 1 problem

      [asyncFromSync] FeatureFlags is synchronous but depends on RemoteConfig, which is async only
      ├─ FeatureFlags (transient) at LoomTests/WiringCorpus.swift:#
      ├─ RemoteConfig (singleton, async) at LoomTests/WiringCorpus.swift:#
      └─ To fix: make the factory of FeatureFlags async and resolve it with await, or give RemoteConfig a synchronous factory.
      """#,
    error: #"""
      ResolutionError: RemoteConfig is made by an asynchronous factory and was resolved synchronously
      ├─ Resolved via: FeatureFlags → RemoteConfig
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: resolve it with `try await tryResolveAsync(...)`, or build it first with `try await container.bootstrap()` so that synchronous resolves find it cached.
      """#
  ),
  "async resolve through a synchronous factory": (
    report: #"""
      ValidationReport: 1 problem

      [asyncFromSync] FeatureFlags is synchronous but depends on RemoteConfig, which is async only
      ├─ FeatureFlags (transient) at LoomTests/WiringCorpus.swift:#
      ├─ RemoteConfig (transient, async) at LoomTests/WiringCorpus.swift:#
      └─ To fix: make the factory of FeatureFlags async and resolve it with await, or give RemoteConfig a synchronous factory.
      """#,
    error: #"""
      ResolutionError: RemoteConfig is made by an asynchronous factory and was resolved synchronously
      ├─ Resolved via: FeatureFlags → RemoteConfig
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: the factory of FeatureFlags is synchronous, so it resolves RemoteConfig synchronously: make that factory async and resolve RemoteConfig with `try await r.tryResolveAsync(...)`, or build RemoteConfig first with `try await container.bootstrap()`.
      """#
  ),
  "synchronous factory off the main actor needs a main-actor one": (
    report: #"""
      ValidationReport: 1 problem

      [mainActorFromSync] Router is synchronous and not isolated, but depends on ScreenModel, which is made on the main actor
      ├─ Router (transient) at LoomTests/WiringCorpus.swift:#
      ├─ ScreenModel (transient) at LoomTests/WiringCorpus.swift:#
      └─ To fix: resolve ScreenModel through a `Lazy` or `Provider` in Router, used where the main actor runs; or write the factory of Router on the main actor too (mark it `@MainActor`), or make it async and resolve ScreenModel with await. (If the factory of ScreenModel does not need the main actor, register it outside `@MainActor` code: a closure takes the actor of the function it is written in.)

      Not seen: what 1 closure factory resolves, as it declares no dependencies: and has not run: ScreenModel. Pass dependencies: when registering it ([] for none), or resolve it once, for a complete check.
      """#,
    error: #"""
      ResolutionError: ScreenModel is made on the main actor and was resolved synchronously off it
      ├─ Resolved via: Router → ScreenModel
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: the factory of Router is synchronous and not isolated to the main actor, so it resolves ScreenModel wherever Router is built: resolve ScreenModel through a `Lazy` or `Provider` in Router, used where the main actor runs; or write that factory on the main actor too (mark it `@MainActor`), or make it async and resolve ScreenModel with `try await r.tryResolveAsync(...)`.
      """#
  ),
  "async factory resolved synchronously at the top": (
    report: #"""
      ValidationReport: no problems
      """#,
    error: #"""
      ResolutionError: RemoteConfig is made by an asynchronous factory and was resolved synchronously
      ├─ Resolved via: RemoteConfig
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: resolve it with `try await tryResolveAsync(...)`, or build it first with `try await container.bootstrap()` so that synchronous resolves find it cached.
      """#
  ),
  "binding a class to an unrelated class": (
    report: #"""
      ValidationReport: 1 problem

      [bindingMismatch] Transport is bound to Pigeon, which is not a subclass of Transport
      ├─ Transport (transient) at LoomTests/WiringCorpus.swift:#
      └─ To fix: bind Transport to a type that is a subclass of Transport, or register Transport with a factory.
      """#,
    error: #"""
      ResolutionError: Pigeon is not a subclass of Transport
      ├─ Resolved via: Transport
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: bind Transport to a type that is a subclass of it.
      """#
  ),
  "binding a protocol to a type that does not conform": (
    report: #"""
      ValidationReport: no problems
      """#,
    error: #"""
      ResolutionError: Pigeon does not conform to any PaymentGateway
      ├─ Resolved via: Checkout → any PaymentGateway
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: bind any PaymentGateway to a type that conforms to it.
      """#
  ),
  "duplicate registration in a container that forbids it": (
    report: #"""
      ValidationReport: no problems
      """#,
    error: #"""
      ResolutionError: Database is registered twice in a container that forbids overrides
      ├─ Registered first at: LoomTests/WiringCorpus.swift:#
      ├─ Registered again at: LoomTests/WiringCorpus.swift:#
      └─ To fix: remove one of the registrations, make the second inside `container.replacing { }`, or make the container with overridePolicy: .replace.
      """#
  ),
  "factory that throws": (
    report: #"""
      ValidationReport: no problems
      """#,
    error: #"""
      ResolutionError: the factory of Database threw
      ├─ Resolved via: Repository → Database
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      ├─ Underlying error: disk is read-only
      └─ To fix: fix the failure reported by the factory registered at LoomTests/WiringCorpus.swift:#.
      """#
  ),
  "weak lifetime for a value type": (
    report: #"""
      ValidationReport: 1 problem

      [lifetimeMismatch] Settings has the weak lifetime, but is a value type, not a class
      ├─ Settings (weak) at LoomTests/WiringCorpus.swift:#
      └─ To fix: register Settings with another lifetime (a weak reference can only hold an object), or make Settings a class.
      """#,
    error: #"""
      ResolutionError: Settings has the weak lifetime, but its factory returned a value, not an object
      ├─ Resolved via: Settings
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: register Settings at LoomTests/WiringCorpus.swift:# with another lifetime, or return a class instance.
      """#
  ),
  "registered with an argument, resolved without": (
    report: #"""
      ValidationReport: no problems
      """#,
    error: #"""
      ResolutionError: OrderDetail takes (Int), but was resolved with no arguments
      ├─ Resolved via: OrderDetail
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: resolve OrderDetail with arguments: (Int).
      """#
  ),
  "auto-wired parameter registered with an argument": (
    report: #"""
      ValidationReport: 1 problem

      [argumentsRequired] OrderPage depends on OrderDetail, which takes runtime arguments (Int)
      ├─ OrderPage (transient) at LoomTests/WiringCorpus.swift:#
      ├─ OrderDetail (arguments: Int) (transient) at LoomTests/WiringCorpus.swift:#
      └─ To fix: OrderPage cannot pass the arguments of OrderDetail: register OrderPage with a closure factory that resolves OrderDetail with `arguments:`, or with runtime arguments of its own that it passes on.
      """#,
    error: #"""
      ResolutionError: OrderDetail takes (Int), but was resolved with no arguments
      ├─ Resolved via: OrderPage → OrderDetail
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: OrderPage cannot pass the arguments of OrderDetail: register OrderPage with a closure factory that resolves OrderDetail with `arguments:`, or with runtime arguments of its own that it passes on.
      """#
  ),
  "flow dependency resolved outside a flow": (
    report: #"""
      ValidationReport: no problems
      """#,
    error: #"""
      ResolutionError: Cart has the flow lifetime, but no flow scope is current
      ├─ Resolved via: Basket → Cart
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: resolve Cart inside a flow scope, or register it with another lifetime.
      """#
  ),
  "protocol resolved as its implementation's type": (
    report: #"""
      ValidationReport: no problems
      """#,
    error: #"""
      ResolutionError: no registration for StripeGateway
      ├─ Resolved via: StripeGateway
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: register StripeGateway, or declare it as a key-path dependency with a default factory.
      """#
  ),
  "missing dependency and a cycle at once": (
    report: #"""
      ValidationReport: 2 problems

      [missing] no registration for Database
      ├─ Needed by: Repository (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Path: Storefront → Catalog → Repository → Database
      └─ To fix: register Database, or declare it as a key-path dependency with a default factory.

      [cycle] dependency cycle: Chicken → Egg → Chicken
      ├─ Chicken (transient) at LoomTests/WiringCorpus.swift:#
      ├─ Egg (transient) at LoomTests/WiringCorpus.swift:#
      └─ To fix: break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the shared state into a third dependency.
      """#,
    error: #"""
      ResolutionError: no registration for Database
      ├─ Resolved via: Storefront → Catalog → Repository → Database
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
      """#
  ),
  "captive and async at once": (
    report: #"""
      ValidationReport: 2 problems

      [captive] ImageCache (singleton) holds Thumbnail (weak) captive
      ├─ ImageCache (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Thumbnail (weak) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give Thumbnail a lifetime that lives at least as long as singleton, give ImageCache a lifetime no longer than weak, or let ImageCache take a Provider of Thumbnail and resolve it on each use.

      [asyncFromSync] FeatureFlags is synchronous but depends on RemoteConfig, which is async only
      ├─ FeatureFlags (transient) at LoomTests/WiringCorpus.swift:#
      ├─ RemoteConfig (transient, async) at LoomTests/WiringCorpus.swift:#
      └─ To fix: make the factory of FeatureFlags async and resolve it with await, or give RemoteConfig a synchronous factory.
      """#,
    error: #"""
      ResolutionError: ImageCache (singleton) would hold Thumbnail (weak) captive
      ├─ Resolved via: ImageCache → Thumbnail
      ├─ Requested at: LoomTests/WiringCorpus.swift:#
      └─ To fix: give Thumbnail a lifetime that lives at least as long as singleton, give ImageCache a lifetime no longer than weak, or let ImageCache take a Provider of Thumbnail and resolve it on each use; where holding it is intended, set `container.checksCaptiveDependencies = false`.
      """#
  ),
  "singleton holds a weak instance, with the resolve-time check off": (
    report: #"""
      ValidationReport: 1 problem

      [captive] ImageCache (singleton) holds Thumbnail (weak) captive
      ├─ ImageCache (singleton) at LoomTests/WiringCorpus.swift:#
      ├─ Thumbnail (weak) at LoomTests/WiringCorpus.swift:#
      └─ To fix: give Thumbnail a lifetime that lives at least as long as singleton, give ImageCache a lifetime no longer than weak, or let ImageCache take a Provider of Thumbnail and resolve it on each use.
      """#,
    error: nil
  ),
]
