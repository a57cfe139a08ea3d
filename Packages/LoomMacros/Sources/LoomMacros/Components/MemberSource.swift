/// Checks, for the code `@Provide` generates, that an initializer or function reference has no
/// effect its member does not declare; called only by generated code.
///
/// The generated getter of `@Provide(.shared, Database.open(config:)) var database: Database`
/// passes `Database.open(config:)` through the function of the effects the member declares
/// (`effects(none:)` here). The one overload that accepts it is available when the reference
/// has no other effects; otherwise the compiler picks an unavailable one, whose message, shown
/// in the expansion of the member's `@Provide`, says which `effects:` to declare.
///
/// ```swift
/// let open = _MemberSource.effects(asyncThrowing: Database.open(config:))
/// ```
@_documentation(visibility: private)
public enum _MemberSource {
  // MARK: - effects: none

  /// A reference with no effects, for a member that declares none.
  ///
  /// ```swift
  /// let make = _MemberSource.effects(none: Cache.init(api:))
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: `reference`.
  @inlinable
  public static func effects<each Argument, Result>(
    none reference: @escaping @Sendable (repeat each Argument) -> Result
  ) -> @Sendable (repeat each Argument) -> Result { reference }

  /// Refuses an asynchronous reference for a member that declares no effects.
  ///
  /// ```swift
  /// _MemberSource.effects(none: Database.open(config:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function is asynchronous: declare it on the member with `effects: .async`"
  )
  public static func effects<each Argument, Result>(
    none reference: @escaping @Sendable (repeat each Argument) async -> Result
  ) -> @Sendable (repeat each Argument) -> Result { fatalError() }

  /// Refuses a throwing reference for a member that declares no effects.
  ///
  /// ```swift
  /// _MemberSource.effects(none: Config.load(path:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function throws: declare it on the member with `effects: .throwing`"
  )
  public static func effects<each Argument, Result>(
    none reference: @escaping @Sendable (repeat each Argument) throws -> Result
  ) -> @Sendable (repeat each Argument) -> Result { fatalError() }

  /// Refuses an asynchronous, throwing reference for a member that declares no effects.
  ///
  /// ```swift
  /// _MemberSource.effects(none: Database.connect(config:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function is asynchronous and throws: declare it on the member with `effects: [.async, .throwing]`"
  )
  public static func effects<each Argument, Result>(
    none reference: @escaping @Sendable (repeat each Argument) async throws -> Result
  ) -> @Sendable (repeat each Argument) -> Result { fatalError() }

  // MARK: - effects: async

  /// A reference that may suspend, for a member that declares `.async`.
  ///
  /// ```swift
  /// let make = _MemberSource.effects(async: Index.build(store:))
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: `reference`.
  @inlinable
  public static func effects<each Argument, Result>(
    async reference: @escaping @Sendable (repeat each Argument) async -> Result
  ) -> @Sendable (repeat each Argument) async -> Result { reference }

  /// Refuses a throwing reference for a member that declares `.async` only.
  ///
  /// ```swift
  /// _MemberSource.effects(async: Database.connect(config:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function throws: declare it on the member with `effects: [.async, .throwing]`"
  )
  public static func effects<each Argument, Result>(
    async reference: @escaping @Sendable (repeat each Argument) async throws -> Result
  ) -> @Sendable (repeat each Argument) async -> Result { fatalError() }

  // MARK: - effects: throwing

  /// A reference that may throw, for a member that declares `.throwing`.
  ///
  /// ```swift
  /// let make = _MemberSource.effects(throwing: Config.load(path:))
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: `reference`.
  @inlinable
  public static func effects<each Argument, Result>(
    throwing reference: @escaping @Sendable (repeat each Argument) throws -> Result
  ) -> @Sendable (repeat each Argument) throws -> Result { reference }

  /// Refuses an asynchronous reference for a member that declares `.throwing` only.
  ///
  /// ```swift
  /// _MemberSource.effects(throwing: Database.connect(config:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function is asynchronous: declare it on the member with `effects: [.async, .throwing]`"
  )
  public static func effects<each Argument, Result>(
    throwing reference: @escaping @Sendable (repeat each Argument) async throws -> Result
  ) -> @Sendable (repeat each Argument) throws -> Result { fatalError() }

  // MARK: - effects: async, throwing

  /// Any reference, for a member that declares `[.async, .throwing]`.
  ///
  /// ```swift
  /// let make = _MemberSource.effects(asyncThrowing: Database.connect(config:))
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: `reference`.
  @inlinable
  public static func effects<each Argument, Result>(
    asyncThrowing reference: @escaping @Sendable (repeat each Argument) async throws -> Result
  ) -> @Sendable (repeat each Argument) async throws -> Result { reference }

  // MARK: - On the main actor

  /// A reference with no effects, for a member of a main-actor component that declares none.
  ///
  /// ```swift
  /// let make = _MemberSource.mainActorEffects(none: RootModel.init(api:))
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: `reference`.
  @inlinable
  public static func mainActorEffects<each Argument, Result>(
    none reference: @escaping @MainActor @Sendable (repeat each Argument) -> Result
  ) -> @MainActor @Sendable (repeat each Argument) -> Result { reference }

  /// Refuses an asynchronous reference for a main-actor member that declares no effects.
  ///
  /// ```swift
  /// _MemberSource.mainActorEffects(none: Database.open(config:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function is asynchronous: declare it on the member with `effects: .async`"
  )
  public static func mainActorEffects<each Argument, Result>(
    none reference: @escaping @MainActor @Sendable (repeat each Argument) async -> Result
  ) -> @MainActor @Sendable (repeat each Argument) -> Result { fatalError() }

  /// Refuses a throwing reference for a main-actor member that declares no effects.
  ///
  /// ```swift
  /// _MemberSource.mainActorEffects(none: Config.load(path:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function throws: declare it on the member with `effects: .throwing`"
  )
  public static func mainActorEffects<each Argument, Result>(
    none reference: @escaping @MainActor @Sendable (repeat each Argument) throws -> Result
  ) -> @MainActor @Sendable (repeat each Argument) -> Result { fatalError() }

  /// Refuses an asynchronous, throwing reference for a main-actor member that declares no
  /// effects.
  ///
  /// ```swift
  /// _MemberSource.mainActorEffects(none: Database.connect(config:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function is asynchronous and throws: declare it on the member with `effects: [.async, .throwing]`"
  )
  public static func mainActorEffects<each Argument, Result>(
    none reference: @escaping @MainActor @Sendable (repeat each Argument) async throws -> Result
  ) -> @MainActor @Sendable (repeat each Argument) -> Result { fatalError() }

  /// A reference that may suspend, for a main-actor member that declares `.async`.
  ///
  /// ```swift
  /// let make = _MemberSource.mainActorEffects(async: RootModel.load(api:))
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: `reference`.
  @inlinable
  public static func mainActorEffects<each Argument, Result>(
    async reference: @escaping @MainActor @Sendable (repeat each Argument) async -> Result
  ) -> @MainActor @Sendable (repeat each Argument) async -> Result { reference }

  /// Refuses a throwing reference for a main-actor member that declares `.async` only.
  ///
  /// ```swift
  /// _MemberSource.mainActorEffects(async: Database.connect(config:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function throws: declare it on the member with `effects: [.async, .throwing]`"
  )
  public static func mainActorEffects<each Argument, Result>(
    async reference: @escaping @MainActor @Sendable (repeat each Argument) async throws -> Result
  ) -> @MainActor @Sendable (repeat each Argument) async -> Result { fatalError() }

  /// A reference that may throw, for a main-actor member that declares `.throwing`.
  ///
  /// ```swift
  /// let make = _MemberSource.mainActorEffects(throwing: RootModel.restore(api:))
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: `reference`.
  @inlinable
  public static func mainActorEffects<each Argument, Result>(
    throwing reference: @escaping @MainActor @Sendable (repeat each Argument) throws -> Result
  ) -> @MainActor @Sendable (repeat each Argument) throws -> Result { reference }

  /// Refuses an asynchronous reference for a main-actor member that declares `.throwing` only.
  ///
  /// ```swift
  /// _MemberSource.mainActorEffects(throwing: Database.connect(config:))  // error
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: Nothing: the call does not compile.
  @available(
    *, unavailable,
    message:
      "this initializer or function is asynchronous: declare it on the member with `effects: [.async, .throwing]`"
  )
  public static func mainActorEffects<each Argument, Result>(
    throwing reference: @escaping @MainActor @Sendable (repeat each Argument) async throws -> Result
  ) -> @MainActor @Sendable (repeat each Argument) throws -> Result { fatalError() }

  /// Any reference, for a main-actor member that declares `[.async, .throwing]`.
  ///
  /// ```swift
  /// let make = _MemberSource.mainActorEffects(asyncThrowing: RootModel.load(api:))
  /// ```
  ///
  /// - Parameter reference: The initializer or function reference.
  /// - Returns: `reference`.
  @inlinable
  public static func mainActorEffects<each Argument, Result>(
    asyncThrowing reference:
      @escaping @MainActor @Sendable (repeat each Argument) async throws
      -> Result
  ) -> @MainActor @Sendable (repeat each Argument) async throws -> Result { reference }
}
