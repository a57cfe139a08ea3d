/// The overrides of a child component, as its parent's `Overrides` holds them: replace the child
/// entirely, or override members inside it.
///
/// Members of the child's own `Overrides` read and write through this value, so overriding inside
/// a child reads like overriding in the parent:
///
/// ```swift
/// let app = AppComponent(config: .test) { overrides in
///   overrides.session.api = StubAPIClient()  // inside the child
/// }
/// let other = AppComponent(config: .test) { overrides in
///   overrides.session.replace(with: SessionComponent(api: StubAPIClient(), token: "t"))
/// }
/// ```
@dynamicMemberLookup
public struct ChildOverrides<Child: Component>: ComponentOverrides {
  /// The component that takes the child's place, if one was given.
  ///
  /// ```swift
  /// overrides.session.replacement = SessionComponent(api: StubAPIClient(), token: "t")
  /// ```
  public var replacement: Child?
  /// The overrides applied inside the child the parent builds.
  ///
  /// ```swift
  /// overrides.session.overrides.api = StubAPIClient()
  /// ```
  public var overrides: Child.Overrides

  /// Makes overrides that leave the child as the parent builds it.
  ///
  /// ```swift
  /// let none = ChildOverrides<SessionComponent>()
  /// ```
  public init() {
    replacement = nil
    overrides = Child.Overrides()
  }

  /// Whether the child is neither replaced nor overridden inside.
  ///
  /// ```swift
  /// ChildOverrides<SessionComponent>().isEmpty  // true
  /// ```
  public var isEmpty: Bool { replacement == nil && overrides.isEmpty }

  /// Reads or writes one override inside the child.
  ///
  /// ```swift
  /// overrides.session.api = StubAPIClient()
  /// ```
  ///
  /// - Parameter member: The override in the child's `Overrides`.
  public subscript<Value>(dynamicMember member: WritableKeyPath<Child.Overrides, Value>) -> Value {
    get { overrides[keyPath: member] }
    set { overrides[keyPath: member] = newValue }
  }

  /// Makes the parent use `child` instead of building its own.
  ///
  /// ```swift
  /// overrides.session.replace(with: SessionComponent(api: StubAPIClient(), token: "t"))
  /// ```
  ///
  /// - Parameter child: The component to use.
  public mutating func replace(with child: Child) {
    replacement = child
  }

  /// These overrides with `newer` applied on top (its replacement, if any, wins).
  ///
  /// ```swift
  /// let combined = base.merging(extra)
  /// ```
  ///
  /// - Parameter newer: The overrides to apply on top.
  /// - Returns: The combination.
  public func merging(_ newer: Self) -> Self {
    var merged = Self()
    merged.replacement = newer.replacement ?? replacement
    merged.overrides = overrides.merging(newer.overrides)
    return merged
  }
}
