/// Makes a function a start-up hook: it runs once per process when a container that installed the
/// discovered hooks is bootstrapped, in the order stated, declared next to the code it configures.
///
/// A link-time record makes the hook part of `Container.discoveredStartupTasks` when the program
/// starts, with no central list, as `@Bind` does for bindings. `Container.default` installs the
/// hooks when it is made, and any other container with `installDiscoveredBindings()` (or
/// `install(_:)` for some of them); `bootstrap()` runs them, each once per process, and reports a
/// failure with the eager singletons' and start-up tasks' in its `BootstrapError`.
///
/// ```swift
/// // In the analytics module:
/// @Startup(order: 10)
/// func configureAnalytics(_ r: Resolver) throws {
///   Analytics.configure(apiKey: try r.tryResolve(Config.self).analyticsKey)
/// }
///
/// enum CrashReporting {
///   @Startup("Start crash reporting", order: 1)
///   static func start() async { await CrashReporter.start() }
/// }
///
/// // Where the app starts:
/// try await Container.default.bootstrap()  // runs both, crash reporting first
/// ```
///
/// The function is declared at file scope, or is a static method of a type that is not generic.
/// It takes no parameter, or one `Resolver` for what it needs, and returns nothing; it may be
/// `async`, `throws` or `@MainActor`. Hooks run one after another: by `order` (lowest first),
/// then by file and line; each starts once the one before it succeeded, so when one fails,
/// `bootstrap()` reports it and each later hook as skipped, and the next `bootstrap()` tries
/// again. Nothing runs a hook before `bootstrap()`: call it where the app starts.
///
/// Linux and (untested) Darwin only; the compiler warns elsewhere. The record is a C function
/// pointer in the image's initializer table, so only images that load are seen.
///
/// - Parameters:
///   - name: What the hook does, for `BootstrapError` and other start-up tasks' `after:`; the
///     function's name, qualified by its module and types (`Analytics.configureAnalytics`), when
///     omitted.
///   - order: Where the hook runs among the others: lowest first.
@attached(peer, names: prefixed(_loomStartup_))
public macro Startup(_ name: String? = nil, order: Int = 0) =
  #externalMacro(module: "LoomMacrosPlugin", type: "StartupMacro")
