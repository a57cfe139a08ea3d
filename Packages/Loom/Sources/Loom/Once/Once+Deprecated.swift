// The 0.1.0 spellings of the once-cells, kept so that code written for 0.1.0 compiles: each is
// deprecated in favour of ``Once`` and hidden from the documentation (README, "Definition of Public
// API"). Each reads through a `Once`, the one once-cell.

extension Once {
  /// Deprecated: read the value with ``get()``.
  @_documentation(visibility: private)
  @available(*, deprecated, renamed: "get()")
  public var value: Value {
    get throws { try get() }
  }

  /// Deprecated: read the value with ``get()``.
  @_documentation(visibility: private)
  @available(*, deprecated, renamed: "get()")
  public func callAsFunction() throws -> Value {
    try get()
  }
}

extension OnceError {
  /// Deprecated: the failure is ``cycle``, the name the container's errors use too.
  @_documentation(visibility: private)
  @available(*, deprecated, renamed: "cycle")
  public static var recursiveEvaluation: OnceError { .cycle }

  /// Whether `error` is this ``OnceError``: what lets `catch OnceError.recursiveEvaluation`, a
  /// 0.1.0 case that is now a static property, match any error as the case did.
  /// Disfavoured, so that `case .cycle` over another error type never picks it.
  @_documentation(visibility: private) @_disfavoredOverload
  public static func ~= (pattern: OnceError, error: any Error) -> Bool {
    (error as? OnceError) == pattern
  }
}

/// Deprecated: a ``Once`` whose reads throw ``OnceError/cycle`` where this one stops the program.
@_documentation(visibility: private)
@available(
  *, deprecated,
  message:
    "Use Once: `try cell.get()` (it throws OnceError.cycle where this cell stops the program)"
)
public final class InfallibleOnce<Value: Sendable>: Sendable {
  private let cell: Once<Value>

  /// Deprecated: as the same member of ``Once``.
  public init(_ make: @escaping @Sendable () -> Value) { cell = Once(make) }
  /// Deprecated: as the same member of ``Once``.
  public var isComputed: Bool { cell.isComputed }
  /// Deprecated: as the same member of ``Once``.
  public func get() -> Value { infallible { try cell.get() } }
  /// Deprecated: as the same member of ``Once``.
  public var value: Value { self.get() }
  /// Deprecated: as the same member of ``Once``.
  public func callAsFunction() -> Value { get() }
}

/// Deprecated: ``Once`` with an asynchronous operation.
@_documentation(visibility: private)
@available(*, deprecated, renamed: "Once")
public final class AsyncOnce<Value: Sendable>: Sendable {
  private let cell: Once<Value>

  /// Deprecated: as the same member of ``Once``.
  public init(_ make: @escaping @Sendable () async throws -> Value) { cell = Once(make) }
  /// Deprecated: as the same member of ``Once``.
  public var isComputed: Bool { cell.isComputed }
  /// Deprecated: as the same member of ``Once``.
  public func get() async throws -> Value { try await cell.getAsync() }
  /// Deprecated: as the same member of ``Once``.
  public var value: Value { get async throws { try await get() } }
  /// Deprecated: as the same member of ``Once``.
  public func callAsFunction() async throws -> Value { try await get() }
}

/// Deprecated: ``Once`` with `keepingFailure: true` and an asynchronous operation.
@_documentation(visibility: private)
@available(*, deprecated, message: "Use Once(keepingFailure: true) { ... }")
public final class AsyncOnceKeepingFailure<Value: Sendable>: Sendable {
  private let cell: Once<Value>

  /// Deprecated: as the same member of ``Once``.
  public init(_ make: @escaping @Sendable () async throws -> Value) {
    cell = Once(keepingFailure: true, make)
  }
  /// Deprecated: as the same member of ``Once``.
  public var isComputed: Bool { cell.isComputed }
  /// Deprecated: as the same member of ``Once``.
  public func get() async throws -> Value { try await cell.getAsync() }
  /// Deprecated: as the same member of ``Once``.
  public var value: Value { get async throws { try await get() } }
  /// Deprecated: as the same member of ``Once``.
  public func callAsFunction() async throws -> Value { try await get() }
}

/// Deprecated: a ``Once`` with an asynchronous operation, whose reads throw ``OnceError/cycle``
/// where this one stops the program.
@_documentation(visibility: private)
@available(
  *, deprecated,
  message:
    "Use Once: `try await cell.getAsync()` (it throws OnceError.cycle where this cell stops the program)"
)
public final class AsyncInfallibleOnce<Value: Sendable>: Sendable {
  private let cell: Once<Value>

  /// Deprecated: as the same member of ``Once``.
  public init(_ make: @escaping @Sendable () async -> Value) { cell = Once(make) }
  /// Deprecated: as the same member of ``Once``.
  public var isComputed: Bool { cell.isComputed }
  /// Deprecated: as the same member of ``Once``.
  public func get() async -> Value { await infallibleAsync { try await cell.getAsync() } }
  /// Deprecated: as the same member of ``Once``.
  public var value: Value { get async { await get() } }
  /// Deprecated: as the same member of ``Once``.
  public func callAsFunction() async -> Value { await get() }
}

/// Reads a cell whose operation cannot throw: only ``OnceError/cycle`` can reach here, and the
/// 0.1.0 cells that cannot throw stop the program with its message.
private func infallible<Value>(_ read: () throws -> Value) -> Value {
  do { return try read() } catch { fatalError("\n\(error)") }
}

private func infallibleAsync<Value>(_ read: () async throws -> Value) async -> Value {
  do { return try await read() } catch { fatalError("\n\(error)") }
}
