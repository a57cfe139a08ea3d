@_spi(LoomInternals) import Loom

/// The process-wide storage of one `.once` member of a ``Component``: every instance of the
/// component reads the same cell, so the member is built once per process.
///
/// Generated code declares one `_OnceMember` per `.once` member, as a static property of the
/// component: the storage is keyed by the declaration, not by the instance. A component instance
/// picks the current ``cell`` when it is made and keeps it.
///
/// ``reset()`` is for tests: it replaces the cell, so components made afterwards build the member
/// again; components that exist keep the cell they picked. Generated components offer
/// `resetOnceMembers()`, which resets all of theirs.
///
/// ```swift
/// static let clockStorage = _OnceMember<_SharedCell<SystemClock>>()
/// let clock = clockStorage.cell.get { SystemClock() }
/// clockStorage.reset()  // the next component builds a new clock
/// ```
@_documentation(visibility: private)
public final class _OnceMember<Cell: _ComponentCell>: Sendable {
  private let current = Lock(Cell())

  /// Makes the storage with an empty cell.
  ///
  /// ```swift
  /// let storage = _OnceMember<_AsyncSharedCell<RemoteConfig>>()
  /// ```
  public init() {}

  /// The cell that components made now share.
  ///
  /// ```swift
  /// let cell = storage.cell
  /// ```
  public var cell: Cell { current.value }

  /// Replaces the cell with an empty one: components made afterwards build the member again.
  ///
  /// Meant for tests that need a fresh process-lifetime value; components that exist keep the
  /// cell, and the value, they had.
  ///
  /// ```swift
  /// AppComponent.resetOnceMembers()  // calls reset() on each of its _OnceMember storages
  /// ```
  public func reset() {
    let fresh = Cell()
    current.withLock { $0 = fresh }
  }
}
