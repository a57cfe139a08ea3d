public import Loom

/// How long a member of a ``Component`` lives: the first argument of `@Provide`.
///
/// | lifetime | the value | in the graph |
/// | --- | --- | --- |
/// | ``input`` | passed to the component's initializer | `singleton` |
/// | ``shared`` | built on first read, once per component instance, or by `resolve()` | `singleton` |
/// | ``lazy`` | as ``shared``, but only on first read: not by `resolve()`, not in `Resolved` | `singleton` |
/// | ``transient`` | built on every read | `transient` |
/// | ``once`` | built on first read, once per process, for every instance | `once` |
///
/// ```swift
/// @Component
/// struct AppComponent {
///   @Provide(.input) var config: AppConfig
///   @Provide(.shared, with: [\Self.config]) var api: LiveAPIClient
///   @Provide(.lazy, with: [\Self.api]) var report: CrashReporter
///   @Provide(.transient, with: [\Self.api]) var request: RequestBuilder
///   @Provide(.once, with: []) var clock: SystemClock
/// }
/// ```
public enum ComponentLifetime: Sendable, Hashable, CustomStringConvertible {
  /// A value the component is made with: a required parameter of its initializer.
  ///
  /// ```swift
  /// @Provide(.input) var config: AppConfig
  /// ```
  case input
  /// Built on first read and kept by the component instance (and by its copies): every read of
  /// the member returns the same value, and concurrent first reads build it once.
  ///
  /// ```swift
  /// @Provide(.shared, with: [\Self.config]) var api: LiveAPIClient
  /// ```
  case shared
  /// Built on first read and kept by the component instance, like ``shared``, but never ahead
  /// of that read: `resolve()` does not build it (unless a member it builds takes it) and its
  /// `Resolved` does not hold it. For what is expensive and rarely needed.
  ///
  /// ```swift
  /// @Provide(.lazy, with: [\Self.api]) var report: CrashReporter
  /// // resolve() leaves it alone; component.report builds it on first read
  /// ```
  case lazy
  /// Built again on every read.
  ///
  /// ```swift
  /// @Provide(.transient, with: [\Self.api]) var request: RequestBuilder
  /// ```
  case transient
  /// Built on first read and kept for the life of the process: every instance of the component
  /// reads the same value. It may only be built from other `.once` members, since a value of one
  /// instance would otherwise leak into all of them.
  ///
  /// ```swift
  /// @Provide(.once, with: []) var clock: SystemClock
  /// ```
  case once

  /// The lifetime that stands for this one in a `DependencyGraph` and in a
  /// `Container` the component is installed into.
  ///
  /// Inputs, shared and lazy members are singletons of their component; `.once` is the core's
  /// `Lifetime.once`, as a container's `.once` registration is, so `validate()` reports a `.once`
  /// value that holds a shorter-lived one as captive, and a `.once` registration may depend on a
  /// component's `.once` member.
  ///
  /// ```swift
  /// ComponentLifetime.shared.lifetime == .singleton  // true
  /// ComponentLifetime.once.lifetime == .once         // true
  /// ```
  public var lifetime: Lifetime {
    switch self {
    case .input, .shared, .lazy: .singleton
    case .transient: .transient
    case .once: .once
    }
  }

  /// `input`, `shared`, `lazy`, `transient` or `once`.
  ///
  /// ```swift
  /// print(ComponentLifetime.shared)  // shared
  /// ```
  public var description: String {
    switch self {
    case .input: "input"
    case .shared: "shared"
    case .lazy: "lazy"
    case .transient: "transient"
    case .once: "once"
    }
  }
}
