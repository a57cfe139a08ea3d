/// Builds ``Registrations`` from DSL components, in the order written.
///
/// A block accepts any ``RegistrationComponent`` (``Singleton``, ``Transient``, ``Weak``,
/// ``Register``, nested ``Registrations``), optional components, `if`, `if`-`else`, `switch`,
/// `for`-`in`, `if #available` and `#if`.
///
/// ```swift
/// var registrations: Registrations {
///   Singleton(Config.self) { _ in config }
///   if useMocks {
///     Singleton((any APIClient).self) { _ in MockAPIClient() }
///   } else {
///     Singleton((any APIClient).self, LiveAPIClient.init)
///   }
///   for region in regions {
///     Singleton(Endpoint.self, name: region.id) { _ in Endpoint(region) }
///   }
/// }
/// ```
@resultBuilder
public enum RegistrationBuilder {
  /// Takes one component.
  ///
  /// ```swift
  /// Registrations { Singleton(Clock.self) { _ in SystemClock() } }
  /// ```
  ///
  /// - Parameter component: The component.
  /// - Returns: A list of that component.
  public static func buildExpression(
    _ component: any RegistrationComponent
  ) -> [any RegistrationComponent] {
    [component]
  }

  /// Takes an optional component: `nil` registers nothing.
  ///
  /// ```swift
  /// let analytics: Singleton? = enabled ? Singleton(Analytics.self, Analytics.init) : nil
  /// Registrations { analytics }
  /// ```
  ///
  /// - Parameter component: The component, if any.
  /// - Returns: A list of that component, or an empty list.
  public static func buildExpression(
    _ component: (any RegistrationComponent)?
  ) -> [any RegistrationComponent] {
    component.map { [$0] } ?? []
  }

  /// Joins the statements of a block, in order.
  ///
  /// ```swift
  /// Registrations {
  ///   Singleton(Clock.self) { _ in SystemClock() }
  ///   Transient(Request.self) { r in Request(clock: try r.tryResolve()) }
  /// }
  /// ```
  ///
  /// - Parameter components: The components of each statement.
  /// - Returns: All of them, in order.
  public static func buildBlock(
    _ components: [any RegistrationComponent]...
  ) -> [any RegistrationComponent] {
    components.flatMap { $0 }
  }

  /// Supports `if` without `else`: nothing is registered when the condition is false.
  ///
  /// ```swift
  /// Registrations { if verbose { Singleton(Logger.self) { _ in VerboseLogger() } } }
  /// ```
  ///
  /// - Parameter component: The components of the branch, if it was taken.
  /// - Returns: Those components, or none.
  public static func buildOptional(
    _ component: [any RegistrationComponent]?
  ) -> [any RegistrationComponent] {
    component ?? []
  }

  /// Supports the first branch of `if`-`else` and `switch`.
  ///
  /// ```swift
  /// Registrations {
  ///   if live {
  ///     Singleton(Clock.self) { _ in SystemClock() }
  ///   } else {
  ///     Singleton(Clock.self) { _ in TestClock() }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter component: The components of the branch.
  /// - Returns: The same components.
  public static func buildEither(
    first component: [any RegistrationComponent]
  ) -> [any RegistrationComponent] {
    component
  }

  /// Supports the second branch of `if`-`else` and `switch`.
  ///
  /// ```swift
  /// Registrations {
  ///   if live {
  ///     Singleton(Clock.self) { _ in SystemClock() }
  ///   } else {
  ///     Singleton(Clock.self) { _ in TestClock() }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter component: The components of the branch.
  /// - Returns: The same components.
  public static func buildEither(
    second component: [any RegistrationComponent]
  ) -> [any RegistrationComponent] {
    component
  }

  /// Supports `for`-`in`: the components of every iteration, in order.
  ///
  /// ```swift
  /// Registrations {
  ///   for region in regions {
  ///     Singleton(Endpoint.self, name: region.id) { _ in Endpoint(region) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter components: The components of each iteration.
  /// - Returns: All of them, in order.
  public static func buildArray(
    _ components: [[any RegistrationComponent]]
  ) -> [any RegistrationComponent] {
    components.flatMap { $0 }
  }

  /// Supports `if #available`.
  ///
  /// ```swift
  /// Registrations {
  ///   if #available(iOS 18, *) { Singleton(Haptics.self, Haptics.init) }
  /// }
  /// ```
  ///
  /// - Parameter component: The components of the branch.
  /// - Returns: The same components.
  public static func buildLimitedAvailability(
    _ component: [any RegistrationComponent]
  ) -> [any RegistrationComponent] {
    component
  }

  /// Wraps the block's components into ``Registrations``.
  ///
  /// ```swift
  /// let registrations = Registrations { Singleton(Clock.self) { _ in SystemClock() } }
  /// ```
  ///
  /// - Parameter components: The components of the block.
  /// - Returns: The registrations, in order.
  public static func buildFinalResult(
    _ components: [any RegistrationComponent]
  ) -> Registrations {
    Registrations(components: components)
  }
}
