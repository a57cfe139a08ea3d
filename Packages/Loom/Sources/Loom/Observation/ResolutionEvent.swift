/// What an observer learns about one resolve.
///
/// ```swift
/// container.onResolve { event in
///   switch event.source {
///   case .cache: print("reused \(event.key)")
///   case .factory(let duration): print("made \(event.key) in \(duration)")
///   }
/// }
/// ```
public struct ResolutionEvent: Sendable, CustomStringConvertible {
  /// Where the resolved instance came from.
  ///
  /// ```swift
  /// if case .factory(let duration) = event.source { print(duration) }
  /// ```
  public enum Source: Sendable, Hashable {
    /// An instance cached by the lifetime was returned; no factory ran.
    case cache
    /// The factory ran and took this long (including the dependencies it resolved).
    case factory(duration: Duration)
  }

  /// The key that was resolved.
  ///
  /// ```swift
  /// container.onResolve { event in print(event.key) }
  /// ```
  public let key: DependencyKey
  /// The lifetime of its registration.
  ///
  /// ```swift
  /// container.onResolve { event in print(event.lifetime) }
  /// ```
  public let lifetime: Lifetime
  /// Whether a cache served it or a factory ran.
  ///
  /// ```swift
  /// container.onResolve { event in if event.source == .cache { print("reused") } }
  /// ```
  public let source: Source
  /// How deep in its top-level resolve it was: 0 for the key asked for, 1 for its dependencies...
  ///
  /// ```swift
  /// container.onResolve { event in print(String(repeating: "  ", count: event.depth), event.key) }
  /// ```
  public let depth: Int
  /// The container that held the registration.
  ///
  /// ```swift
  /// container.onResolve { event in print(event.owner === container) }
  /// ```
  public let owner: Container

  /// Whether a cache served the instance (no factory ran).
  ///
  /// ```swift
  /// container.onResolve { event in if !event.isCacheHit { print("made \(event.key)") } }
  /// ```
  public var isCacheHit: Bool { source == .cache }

  /// `Database (singleton) from cache`, `UserService (transient) by factory in 0.1 ms`.
  ///
  /// ```swift
  /// container.onResolve { print($0) }
  /// ```
  public var description: String {
    switch source {
    case .cache: "\(key) (\(lifetime)) from cache"
    case .factory(let duration): "\(key) (\(lifetime)) by factory in \(duration)"
    }
  }
}

/// A handle to an observer added with ``Container/onResolve(_:)`` or ``Container/onRegister(_:)``;
/// ``cancel()`` removes it.
///
/// The observer stays until it is cancelled, even when the token is dropped.
///
/// ```swift
/// let token = container.onResolve { print($0) }
/// defer { token.cancel() }
/// ```
public struct ObservationToken: Sendable, Hashable {
  let id: UInt64
  let hub: ObserverHub

  /// Removes the observer; later resolves no longer call it. Calling it again does nothing.
  ///
  /// ```swift
  /// token.cancel()
  /// ```
  public func cancel() {
    hub.remove(id)
  }

  /// Equal when both stand for the same observer.
  ///
  /// ```swift
  /// token == token  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.hub === rhs.hub }

  /// Hashes the observer's identity.
  ///
  /// ```swift
  /// var tokens: Set<ObservationToken> = [token]
  /// ```
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
