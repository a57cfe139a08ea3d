/// One resolve request: the key and where it was asked for. Plumbing for ``Resolving``.
///
/// It is deliberately not generic: code that is not specialised for the value's type (the
/// parameter resolves of an auto-wired initializer) would otherwise look up its metadata on every
/// resolve.
///
/// ```swift
/// let request = _ResolutionRequest(Database.self, name: nil)
/// ```
@_documentation(visibility: private)
public struct _ResolutionRequest: Sendable {
  /// What a request carries besides its probe: nothing for a plain type (most requests, whose
  /// copy and destruction then touch no reference count), a name, or a key path.
  @usableFromInline
  enum Qualifier: Sendable {
    case none
    case name(String)
    /// The key path (a `KeyPath<Container, Dependency<Value>>`).
    case keyPath(any AnyKeyPath & Sendable)
  }

  @usableFromInline let probe: UInt
  @usableFromInline let qualifier: Qualifier
  @usableFromInline let location: CodeLocation

  /// The name of a named type request.
  @inlinable var name: String? {
    if case .name(let name) = qualifier { return name }
    return nil
  }

  /// The key path of a key-path request.
  var keyPath: (any AnyKeyPath & Sendable)? {
    if case .keyPath(let keyPath) = qualifier { return keyPath }
    return nil
  }

  /// A request for a type key.
  ///
  /// ```swift
  /// let request = _ResolutionRequest(Database.self, name: nil)
  /// ```
  @inlinable
  public init<Value>(
    _ type: Value.Type, name: String?, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.probe = UInt(bitPattern: ObjectIdentifier(type))
    if let name { self.qualifier = .name(name) } else { self.qualifier = .none }
    self.location = CodeLocation(fileID: fileID, line: line)
  }

  // NB: `consuming`, here and in the key-path resolves of ``Resolving``: the key-path literal at
  // the call site arrives retained, and taking it moves that reference into the request instead
  // of retaining the key-path object again. Threads resolving one key path share that object, so
  // each extra retain is a write to one contended cache line (`keypath.2threads` in
  // BENCHMARKS.md).
  /// A request for a key-path key.
  ///
  /// ```swift
  /// let request = _ResolutionRequest(\Container.api)
  /// ```
  @inlinable
  public init<Value>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.probe = UInt(bitPattern: ObjectIdentifier(keyPath))
    self.qualifier = .keyPath(keyPath)
    self.location = CodeLocation(fileID: fileID, line: line)
  }

  /// The key this request asks for, resolving to `valueType`.
  func key(as valueType: any Any.Type) -> DependencyKey {
    if let keyPath { return DependencyKey(erasedKeyPath: keyPath, valueType: valueType) }
    return DependencyKey(type: valueType, name: name)
  }
}
