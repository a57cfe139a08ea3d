/// Builds the list of assemblies that `install(_:)` installs, in the order
/// written.
///
/// Besides assemblies, a builder block accepts optional assemblies (`nil` installs nothing),
/// arrays of assemblies, ``StaticModule`` types (`AnalyticsModule.self`), `if`, `if`-`else`,
/// `switch`, `for`-`in`, `if #available` and `#if`.
///
/// ```swift
/// container.install {
///   NetworkAssembly(baseURL: url)
///   if debug { DebugAssembly() } else { ReleaseAssembly() }
///   for plugin in plugins { plugin }
///   optionalAssembly
///   AnalyticsModule.self
///   #if DEBUG
///     PreviewAssembly()
///   #endif
/// }
/// ```
@resultBuilder
public enum AssemblyBuilder {
  /// Takes one assembly.
  ///
  /// ```swift
  /// container.install { NetworkAssembly(baseURL: url) }
  /// ```
  ///
  /// - Parameter assembly: The assembly to install.
  /// - Returns: A list of that assembly.
  public static func buildExpression(_ assembly: any Assembly) -> [any Assembly] {
    [assembly]
  }

  /// Takes an optional assembly: `nil` installs nothing.
  ///
  /// ```swift
  /// let crashReporting: CrashReportingAssembly? = config.crashReportingKey.map {
  ///   CrashReportingAssembly(key: $0)
  /// }
  /// container.install { crashReporting }
  /// ```
  ///
  /// - Parameter assembly: The assembly to install, if any.
  /// - Returns: A list of that assembly, or an empty list.
  public static func buildExpression(_ assembly: (any Assembly)?) -> [any Assembly] {
    assembly.map { [$0] } ?? []
  }

  /// Takes several assemblies, installed in the order of the array.
  ///
  /// ```swift
  /// container.install { plugins }  // plugins: [any Assembly]
  /// ```
  ///
  /// - Parameter assemblies: The assemblies to install.
  /// - Returns: The same list.
  public static func buildExpression(_ assemblies: [any Assembly]) -> [any Assembly] {
    assemblies
  }

  /// Takes a static module: a type whose static `register(into:)` makes its registrations.
  ///
  /// ```swift
  /// container.install { AnalyticsModule.self }
  /// ```
  ///
  /// - Parameter module: The module's type.
  /// - Returns: A list of one assembly that installs the module.
  public static func buildExpression(_ module: any StaticModule.Type) -> [any Assembly] {
    [StaticModuleAssembly(module: module)]
  }

  /// Joins the statements of a block, in order.
  ///
  /// ```swift
  /// container.install {
  ///   NetworkAssembly(baseURL: url)
  ///   StorageAssembly()
  /// }
  /// ```
  ///
  /// - Parameter components: The assemblies of each statement.
  /// - Returns: All of them, in order.
  public static func buildBlock(_ components: [any Assembly]...) -> [any Assembly] {
    components.flatMap { $0 }
  }

  /// Supports `if` without `else`: nothing is installed when the condition is false.
  ///
  /// ```swift
  /// container.install { if debug { DebugAssembly() } }
  /// ```
  ///
  /// - Parameter component: The assemblies of the branch, if it was taken.
  /// - Returns: Those assemblies, or none.
  public static func buildOptional(_ component: [any Assembly]?) -> [any Assembly] {
    component ?? []
  }

  /// Supports the first branch of `if`-`else` and `switch`.
  ///
  /// ```swift
  /// container.install { if debug { DebugAssembly() } else { ReleaseAssembly() } }
  /// ```
  ///
  /// - Parameter component: The assemblies of the branch.
  /// - Returns: The same assemblies.
  public static func buildEither(first component: [any Assembly]) -> [any Assembly] {
    component
  }

  /// Supports the second branch of `if`-`else` and `switch`.
  ///
  /// ```swift
  /// container.install { if debug { DebugAssembly() } else { ReleaseAssembly() } }
  /// ```
  ///
  /// - Parameter component: The assemblies of the branch.
  /// - Returns: The same assemblies.
  public static func buildEither(second component: [any Assembly]) -> [any Assembly] {
    component
  }

  /// Supports `for`-`in`: the assemblies of every iteration, in order.
  ///
  /// ```swift
  /// container.install { for plugin in plugins { plugin } }
  /// ```
  ///
  /// - Parameter components: The assemblies of each iteration.
  /// - Returns: All of them, in order.
  public static func buildArray(_ components: [[any Assembly]]) -> [any Assembly] {
    components.flatMap { $0 }
  }

  /// Supports `if #available`.
  ///
  /// ```swift
  /// container.install {
  ///   if #available(iOS 18, *) { WidgetAssembly() }
  /// }
  /// ```
  ///
  /// - Parameter component: The assemblies of the branch.
  /// - Returns: The same assemblies.
  public static func buildLimitedAvailability(_ component: [any Assembly]) -> [any Assembly] {
    component
  }
}
