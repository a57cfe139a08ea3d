/// What reading a member of a ``Component`` may do: suspend, throw, both, or neither.
///
/// A factory closure states its effects in its signature (`{ (config: AppConfig) async throws
/// in ... }`); a type or an initializer reference states them with `effects:`, since the macro
/// cannot see the initializer's declaration. A member's effects must cover those of every member
/// it is built from: a synchronous member cannot be built from an asynchronous one.
///
/// ```swift
/// @Provide(.shared, Database.open(config:), effects: [.async, .throwing])
/// var database: Database
/// ```
public struct ComponentEffects: OptionSet, Sendable, Hashable {
  /// The bits of the set.
  ///
  /// ```swift
  /// ComponentEffects.async.rawValue  // 1
  /// ```
  public let rawValue: Int

  /// Makes a set from its bits.
  ///
  /// ```swift
  /// let effects = ComponentEffects(rawValue: 3)  // [.async, .throwing]
  /// ```
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Reading the member may suspend: it is read with `await`.
  ///
  /// ```swift
  /// @Provide(.shared, RemoteConfig.fetch(config:), effects: .async) var remote: RemoteConfig
  /// ```
  public static let async = ComponentEffects(rawValue: 1)
  /// Reading the member may throw: it is read with `try`.
  ///
  /// ```swift
  /// @Provide(.shared, Keychain.init(config:), effects: .throwing) var keychain: Keychain
  /// ```
  public static let throwing = ComponentEffects(rawValue: 2)
}
