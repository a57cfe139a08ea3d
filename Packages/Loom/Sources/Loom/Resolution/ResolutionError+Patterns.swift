// MARK: - Matching an error by its code

extension ResolutionError {
  /// The pattern of a ``Code/notRegistered`` error: `catch ResolutionError.notRegistered`.
  ///
  /// Each code has a pattern of the same name, so a `catch` clause (or a `switch` case) names the
  /// failure it handles. The pattern does not bind the error; to read the key, catch the error
  /// and switch over it (see <doc:ErrorsAndCycles#Handle-an-Error>).
  ///
  /// ```swift
  /// do {
  ///   try container.tryResolve(SyncEngine.self).start()
  /// } catch ResolutionError.notRegistered {
  ///   print("Sync is off")
  /// }
  /// ```
  public static var notRegistered: Code { .notRegistered }

  /// The pattern of a ``Code/cycle`` error: `catch ResolutionError.cycle`.
  ///
  /// ```swift
  /// do { _ = try container.tryResolve(AuthService.self) } catch ResolutionError.cycle { ... }
  /// ```
  public static var cycle: Code { .cycle }

  /// The pattern of a ``Code/typeMismatch`` error: `catch ResolutionError.typeMismatch`.
  ///
  /// ```swift
  /// do { _ = try container.tryResolve((any Transport).self) } catch ResolutionError.typeMismatch { ... }
  /// ```
  public static var typeMismatch: Code { .typeMismatch }

  /// The pattern of a ``Code/factoryFailed`` error: `catch ResolutionError.factoryFailed`.
  ///
  /// ```swift
  /// do { _ = try container.tryResolve(Database.self) } catch ResolutionError.factoryFailed { ... }
  /// ```
  public static var factoryFailed: Code { .factoryFailed }

  /// The pattern of an ``Code/asyncRequired`` error: `catch ResolutionError.asyncRequired`.
  ///
  /// ```swift
  /// do { _ = try container.tryResolve(RemoteConfig.self) } catch ResolutionError.asyncRequired { ... }
  /// ```
  public static var asyncRequired: Code { .asyncRequired }

  /// The pattern of a ``Code/scopeRequired`` error: `catch ResolutionError.scopeRequired`.
  ///
  /// ```swift
  /// do { _ = try container.tryResolve(Cart.self) } catch ResolutionError.scopeRequired { ... }
  /// ```
  public static var scopeRequired: Code { .scopeRequired }

  /// The pattern of an ``Code/argumentMismatch`` error: `catch ResolutionError.argumentMismatch`.
  ///
  /// ```swift
  /// do { _ = try container.tryResolve(OrderDetail.self) } catch ResolutionError.argumentMismatch { ... }
  /// ```
  public static var argumentMismatch: Code { .argumentMismatch }

  /// The pattern of a ``Code/duplicateRegistration`` error:
  /// `catch ResolutionError.duplicateRegistration`.
  ///
  /// ```swift
  /// do {
  ///   try container.tryRegistering { $0.register(Database.self) { _ in Database() } }
  /// } catch ResolutionError.duplicateRegistration { ... }
  /// ```
  public static var duplicateRegistration: Code { .duplicateRegistration }

  /// The pattern of a ``Code/captiveDependency`` error:
  /// `catch ResolutionError.captiveDependency`.
  ///
  /// ```swift
  /// do { _ = try container.tryResolve(Profile.self) } catch ResolutionError.captiveDependency { ... }
  /// ```
  public static var captiveDependency: Code { .captiveDependency }

  /// The pattern of a ``Code/tooDeep`` error: `catch ResolutionError.tooDeep`.
  ///
  /// ```swift
  /// do { _ = try container.tryResolve(Report.self) } catch ResolutionError.tooDeep { ... }
  /// ```
  public static var tooDeep: Code { .tooDeep }
}

extension ResolutionError.Code {
  /// Whether `error` is a ``ResolutionError`` with this code: what makes a code a pattern, in a
  /// `catch` clause over any error.
  ///
  /// ```swift
  /// do {
  ///   try await container.bootstrap()
  /// } catch {
  ///   let cycles = error.failures.filter { ResolutionError.cycle ~= $0.error }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - code: The code to match.
  ///   - error: The error caught.
  /// - Returns: Whether `error` is a ``ResolutionError`` whose ``ResolutionError/code`` is `code`.
  public static func ~= (code: Self, error: any Error) -> Bool {
    (error as? ResolutionError)?.code == code
  }

  /// Whether `error` has this code: what makes a code a pattern where the error is known to be a
  /// ``ResolutionError`` (a `catch` after ``Resolving/tryResolve(_:name:fileID:line:)``, or a
  /// `switch` over the error).
  ///
  /// ```swift
  /// do {
  ///   let sync = try container.tryResolve(SyncEngine.self)
  /// } catch .notRegistered {
  ///   print("Sync is off")
  /// } catch {
  ///   print(error)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - code: The code to match.
  ///   - error: The error.
  /// - Returns: Whether the error's ``ResolutionError/code`` is `code`.
  public static func ~= (code: Self, error: ResolutionError) -> Bool {
    error.code == code
  }
}
