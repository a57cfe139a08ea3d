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
  @usableFromInline let probe: UInt
  @usableFromInline let name: String?
  /// For a key-path request, the key path (a `KeyPath<Container, Dependency<Value>>`).
  @usableFromInline let keyPath: (any AnyKeyPath & Sendable)?
  @usableFromInline let location: CodeLocation

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
    self.name = name
    self.keyPath = nil
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
  public init<Value: Sendable>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.probe = UInt(bitPattern: ObjectIdentifier(keyPath))
    self.name = nil
    self.keyPath = keyPath
    self.location = CodeLocation(fileID: fileID, line: line)
  }

  /// The key this request asks for, resolving to `valueType`.
  func key(as valueType: any Any.Type) -> DependencyKey {
    if let keyPath { return DependencyKey(erasedKeyPath: keyPath, valueType: valueType) }
    return DependencyKey(type: valueType, name: name)
  }
}
