/// Why discovered bindings could not be installed: two or more of them bind the same key.
///
/// Loom never lets one binding silently win over another: installing bindings that share a key
/// throws this error, naming every implementation and where it is declared, and installs none.
///
/// ```
/// DiscoveryError: \.api is bound by 2 implementations
/// ├─ \.api: LiveAPIClient (Networking/LiveAPIClient.swift:12), StubAPIClient (Fakes/StubAPIClient.swift:3)
/// └─ To fix: keep one binding per key: remove one of the @Bind attributes, or bind one of them to another key (another name: or key path).
/// ```
///
/// ```swift
/// do {
///   try container.installDiscoveredBindings()
/// } catch {
///   print(error.conflicts.map(\.key))  // [\.api]
/// }
/// ```
public struct DiscoveryError: Error, Sendable, CustomStringConvertible {
  /// One key and the bindings that all bind it.
  ///
  /// ```swift
  /// for conflict in error.conflicts { print(conflict.key, conflict.bindings.count) }
  /// ```
  public struct Conflict: Sendable, CustomStringConvertible {
    /// The key bound more than once.
    ///
    /// ```swift
    /// print(conflict.key)  // \.api
    /// ```
    public let key: DependencyKey
    /// The bindings of ``key``, ordered by where they are declared.
    ///
    /// ```swift
    /// print(conflict.bindings.map(\.implementation))  // [LiveAPIClient, StubAPIClient]
    /// ```
    public let bindings: [DiscoveredBinding]

    /// `\.api: LiveAPIClient (Networking/LiveAPIClient.swift:12), StubAPIClient (…)`.
    ///
    /// ```swift
    /// print(conflict)
    /// ```
    public var description: String {
      "\(key): \(bindings.map(\.origin).joined(separator: ", "))"
    }
  }

  /// Every key bound more than once, in the order of their first binding's location.
  ///
  /// ```swift
  /// print(error.conflicts.count)
  /// ```
  public let conflicts: [Conflict]

  /// One line saying what went wrong.
  ///
  /// ```swift
  /// print(error.summary)  // \.api is bound by 2 implementations
  /// ```
  public var summary: String {
    if conflicts.count == 1, let conflict = conflicts.first {
      return "\(conflict.key) is bound by \(conflict.bindings.count) implementations"
    }
    return "\(conflicts.count) keys are each bound by several implementations"
  }

  /// How to fix it.
  ///
  /// ```swift
  /// print(error.hint)
  /// ```
  public var hint: String {
    "keep one binding per key: remove one of the @Bind attributes, or bind one of them to another"
      + " key (another name: or key path)."
  }

  /// The full, multi-line message: the summary, each conflict, and the hint.
  ///
  /// ```swift
  /// print(error)
  /// ```
  public var description: String {
    _treeMessage(
      "DiscoveryError: \(summary)", conflicts.map(\.description) + ["To fix: \(hint)"])
  }

  /// The conflicts among `bindings`, or nil when every key is bound once.
  static func conflicts(in bindings: [DiscoveredBinding]) -> DiscoveryError? {
    // The common case, no conflict, allocates one set; only a conflict groups the bindings.
    var keys = Set<DependencyKey>(minimumCapacity: bindings.count)
    guard bindings.contains(where: { !keys.insert($0.key).inserted }) else { return nil }
    var byKey: [DependencyKey: [DiscoveredBinding]] = [:]
    for binding in bindings { byKey[binding.key, default: []].append(binding) }
    let conflicts = byKey.values.filter { $0.count > 1 }
      .map { bindings in Conflict(key: bindings[0].key, bindings: bindings.sorted(by: declared)) }
      .sorted { declared($0.bindings[0], $1.bindings[0]) }
    return DiscoveryError(conflicts: conflicts)
  }

  /// Orders bindings by file, then line.
  private static func declared(_ lhs: DiscoveredBinding, _ rhs: DiscoveredBinding) -> Bool {
    let (left, right) = (lhs.location.fileID.description, rhs.location.fileID.description)
    return left == right ? lhs.location.line < rhs.location.line : left < right
  }
}

extension DiscoveryError {
  /// Deprecated: a ``DiscoveryError`` has one kind of failure, a conflict (``conflicts``).
  ///
  /// ```swift
  /// if error.code == .conflictingBindings { print(error.conflicts) }
  /// ```
  @_documentation(visibility: private)
  @available(*, deprecated, message: "a DiscoveryError is always a conflict: read its conflicts")
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String

    private init(_ name: String) {
      self.name = name
    }

    /// Two or more bindings bind the same key.
    ///
    /// ```swift
    /// error.code == .conflictingBindings
    /// ```
    public static let conflictingBindings = Code("conflictingBindings")

    /// The code's name, such as `conflictingBindings`.
    ///
    /// ```swift
    /// print(DiscoveryError.Code.conflictingBindings)  // conflictingBindings
    /// ```
    public var description: String { name }
  }

  /// Deprecated: always ``Code/conflictingBindings``.
  @_documentation(visibility: private)
  @available(*, deprecated, message: "a DiscoveryError is always a conflict: read its conflicts")
  public var code: Code { .conflictingBindings }
}
