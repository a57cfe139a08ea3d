@_spi(LoomInternals) import Loom
public import Synchronization

/// The storage of one synchronous cached member of a ``Component``: built once, on first read,
/// however many threads read it at the same time.
///
/// Generated code keeps one cell per `.shared` member (and one per `.once` member, held by a
/// `_OnceMember`). The first read runs the member's factory; reads racing with it wait for that
/// one construction and receive its value. A read of a built cell is a lock-free load.
///
/// A failure is not kept: the readers that waited for a failed construction receive its error,
/// and the next read constructs again. A construction that needs its own cell (through a `Lazy`
/// or `Provider` read while it runs, on the same thread or on threads that wait for each other)
/// fails with ``ComponentError/Code/cycle`` instead of waiting forever; a
/// non-throwing member traps with that error's message, since it has no way to report it.
///
/// ```swift
/// let cell = _SharedCell<Database>()
/// let database = cell.get { Database(path: "app.sqlite") }  // built once
/// let again = cell.get { Database(path: "unused") }         // the same instance
/// ```
///
/// The construction itself (exactly once, the waits, the recursion checks) is the core's
/// `_OnceCell`, the one exactly-once mechanism of the monorepo: a loop of waits between component
/// members and container singletons is found by the same wait graph. The cell only adds a copy of
/// the built value that a read takes with one load.
@_documentation(visibility: private)
// NB: `@unchecked Sendable` is safe here: the only unguarded state is `value`, a `var` read
// without a lock. It is written once, by the one caller that wins `isPublishing`'s exchange,
// before the releasing store of `isBuilt`; it is read only after an acquiring load of `isBuilt`
// returned true, and never written again, so every read happens after the write. `Atomic`
// operations are inlined, so ThreadSanitizer sees that edge. Every other stored property is a
// `let` of a `Sendable` type.
public final class _SharedCell<Value: Sendable>: @unchecked Sendable, _ComponentCell {
  /// Whether ``value`` holds the built value; set once, never cleared.
  @usableFromInline let isBuilt: Atomic<Bool>
  // NB: no dynamic exclusivity check: the one write happens before every read (see above).
  @exclusivity(unchecked) @usableFromInline var value: Value?
  /// Whether a caller is writing ``value``: the one that sets it writes it.
  private let isPublishing: Atomic<Bool>
  /// The construction: exactly once at a time, waits, recursion.
  let construction: _OnceCell<Value>

  /// Makes an empty cell; the first ``get(_:)`` builds its value.
  ///
  /// ```swift
  /// let cell = _SharedCell<Database>()
  /// ```
  public init() {
    isBuilt = Atomic(false)
    isPublishing = Atomic(false)
    value = nil
    construction = _OnceCell()
  }

  /// Makes a cell that already holds `value` (an override): ``get(_:)`` never builds.
  ///
  /// ```swift
  /// let cell = _SharedCell<any APIClient>(value: MockAPIClient())
  /// ```
  ///
  /// - Parameter value: The value every read returns.
  public init(value: Value) {
    self.value = value
    isBuilt = Atomic(true)
    isPublishing = Atomic(true)
    construction = _OnceCell(value: value)
  }

  /// The built value, or `nil` while no construction has succeeded.
  ///
  /// ```swift
  /// if cell.builtValue == nil { print("not built yet") }
  /// ```
  @inlinable
  public var builtValue: Value? {
    isBuilt.load(ordering: .acquiring) ? value : nil
  }

  /// Returns the value, building it with `make` if no construction has succeeded yet.
  ///
  /// Concurrent callers share one construction: the first runs `make`, outside any lock; the
  /// others wait for its outcome.
  ///
  /// > Important: When `make` cannot throw (`Failure` is `Never`), a construction that needs its
  /// > own cell traps with the message of ``ComponentError/Code/cycle``.
  ///
  /// ```swift
  /// let api = try cell.get { try LiveAPIClient(config: config) }
  /// ```
  ///
  /// - Parameter make: Builds the value; runs at most once at a time.
  /// - Returns: The value.
  /// - Throws: What `make` threw, in the construction this call ran or waited for; or a
  ///   ``ComponentError`` when the construction needs its own cell.
  @inlinable
  public func get<Failure: Error>(_ make: () throws(Failure) -> Value) throws(Failure) -> Value {
    if isBuilt.load(ordering: .acquiring), let value { return value }
    return try construct(make)
  }

  /// The slow path of ``get(_:)``: build, or wait for the construction that runs, then keep a
  /// copy for the fast path.
  @usableFromInline
  func construct<Failure: Error>(_ make: () throws(Failure) -> Value) throws(Failure) -> Value {
    let made: Value
    do {
      made = try construction.get(
        recursion: ComponentError.cycle(of: "\(Value.self)") as any Error
      ) { () throws(any Error) -> Value in try make() }
    } catch {
      throw Self.shared(error, as: Failure.self)
    }
    publish(made)
    return made
  }

  /// Keeps `made`, the value the construction returned, for the fast path: the first caller to
  /// get here writes it, the others find it written.
  func publish(_ made: Value) {
    guard isPublishing.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    else { return }
    value = made
    isBuilt.store(true, ordering: .releasing)
  }

  /// `error` as the caller's error type; a trap with its description when the caller cannot
  /// throw it (a reader that cannot throw, waiting for a construction that threw).
  static func shared<Failure: Error>(_ error: any Error, as type: Failure.Type) -> Failure {
    guard let typed = error as? Failure else { fatalError("\n\(String(describing: error))") }
    return typed
  }
}
