/// A cell that holds one cached member of a ``Component``: the core's `_OnceCell`, which the
/// generated code names `_SharedCell` or `_AsyncSharedCell` as the member is read.
///
/// `_OnceMember` makes its cells through this protocol, and generated initializers pick each
/// member's cell with ``select(override:isChanged:inherited:)``, so one code path serves
/// synchronous and asynchronous members.
///
/// ```swift
/// let cell = _SharedCell<Int>.select(override: 42, isChanged: true, inherited: nil)
/// cell.builtValue  // 42
/// ```
@_documentation(visibility: private)
public protocol _ComponentCell<Value>: AnyObject, Sendable {
  /// The member's type.
  associatedtype Value: Sendable

  /// Makes an empty cell.
  ///
  /// ```swift
  /// let cell = _SharedCell<Int>()
  /// ```
  init()

  /// Makes a cell that holds `value` already.
  ///
  /// ```swift
  /// let cell = _SharedCell(value: 42)
  /// ```
  ///
  /// - Parameter value: The value every read returns.
  init(value: Value)

  /// The built value, or `nil` while no construction has succeeded.
  ///
  /// ```swift
  /// if cell.builtValue == nil { print("not built yet") }
  /// ```
  var builtValue: Value? { get }
}

extension _ComponentCell {
  /// The cell a new component instance uses for one member.
  ///
  /// A component made with ``Component/overriding(_:)`` keeps the cells of the original
  /// (`inherited`) for the members that the new overrides do not affect, so they are not built
  /// twice; `.once` members inherit the process-wide cell of their `_OnceMember`. The members
  /// that the new overrides do affect (`isChanged`) get a cell of their own, which holds the
  /// override when there is one.
  ///
  /// ```swift
  /// self.api = _SharedCell.select(
  ///   override: overrides.api, isChanged: changed.api != nil, inherited: base?.api)
  /// ```
  ///
  /// - Parameters:
  ///   - override: The member's override, if any (after merging).
  ///   - isChanged: Whether the new overrides affect the member, directly or through what it is
  ///     built from.
  ///   - inherited: The cell to keep when they do not.
  /// - Returns: The cell.
  public static func select(override: Value?, isChanged: Bool, inherited: Self?) -> Self {
    if !isChanged, let inherited { return inherited }
    if let override { return Self(value: override) }
    return Self()
  }

  /// The built value, read from a `Resolved` aggregate that `resolve()` just filled.
  ///
  /// > Important: Traps if the member was not built; generated `resolve()` methods only call it
  /// > after ``_ComponentScheduler/run(_:_:)`` succeeded, which means every cached member is.
  ///
  /// ```swift
  /// let api = storage.api.expectBuilt("AppComponent.api")
  /// ```
  ///
  /// - Parameter member: The member's qualified name, for the trap's message.
  /// - Returns: The value.
  public func expectBuilt(_ member: String) -> Value {
    guard let value = builtValue else {
      fatalError("\(member) was read from a Resolved aggregate before resolve() built it")
    }
    return value
  }
}
