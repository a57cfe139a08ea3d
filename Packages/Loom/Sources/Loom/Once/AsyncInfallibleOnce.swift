/// A value computed at most once at a time by an asynchronous operation that cannot fail, on
/// first use, and then kept: an asynchronous once-cell read without `try`.
///
/// It behaves like ``AsyncOnce`` (concurrent callers share one evaluation, which runs in a task
/// of its own, so cancelling one caller does not cancel it), but its operation cannot throw, so
/// reading it cannot either.
///
/// ```swift
/// let fonts = AsyncInfallibleOnce { await FontLibrary.loadBundledFonts() }
/// let library = await fonts()  // loaded once; concurrent callers share the load
/// let same = await fonts.value
/// ```
///
/// > Important: Reading the cell traps with the message of ``OnceError/recursiveEvaluation`` if
/// > its operation awaits the cell's own value, which would otherwise wait forever. Use
/// > ``AsyncOnce`` to receive that error instead.
///
/// ``Once`` lists every once-cell and how they differ.
public final class AsyncInfallibleOnce<Value: Sendable>: Sendable {
  private let make: @Sendable () async -> Value
  private let cell = _OnceCell<Value>()

  /// Makes a cell that evaluates `make` on first use.
  ///
  /// ```swift
  /// let catalog = AsyncInfallibleOnce { await Catalog.loadFromBundle() }
  /// ```
  ///
  /// - Parameter make: Computes the value; may suspend, cannot throw.
  public init(_ make: @escaping @Sendable () async -> Value) {
    self.make = make
  }

  /// Whether the value has been computed.
  ///
  /// ```swift
  /// if !catalog.isComputed { showPlaceholder() }
  /// ```
  public var isComputed: Bool { cell.builtValue != nil }

  /// Returns the value, computing it on first use.
  ///
  /// > Important: Traps with the message of ``OnceError/recursiveEvaluation`` if the cell's
  /// > operation awaits the cell itself.
  ///
  /// ```swift
  /// let items = await catalog.get()
  /// ```
  ///
  /// - Returns: The value.
  public func get() async -> Value {
    do {
      return try await cell.get(recursion: OnceError.recursiveEvaluation) {
        [make] () async throws(OnceError) in await make()
      }
    } catch {
      trapInInfallibleCell(error)
    }
  }

  /// The value, computed on first use: the property form of ``get()``.
  ///
  /// > Important: Traps with the message of ``OnceError/recursiveEvaluation`` if the cell's
  /// > operation awaits the cell itself.
  ///
  /// ```swift
  /// let items = await catalog.value
  /// ```
  public var value: Value {
    get async { await get() }
  }

  /// Returns the value, computing it on first use: `await catalog()` is `await catalog.get()`.
  ///
  /// > Important: Traps with the message of ``OnceError/recursiveEvaluation`` if the cell's
  /// > operation awaits the cell itself.
  ///
  /// ```swift
  /// let items = await catalog()
  /// ```
  ///
  /// - Returns: The value.
  public func callAsFunction() async -> Value {
    await get()
  }
}
