/// Names the type of one cached member of a ``Component``, which must be `Sendable`: the type
/// its cell and its override are generic over. Only generated code uses it.
///
/// A cached member (`.shared`, `.lazy`, `.once`) is kept by the component and read from any
/// isolation, so its type must be `Sendable`. The member's own `@Provide` declares a type that
/// conforms to this protocol (`_LoomShared_api`), and `@Component` names the member's cell and
/// override through it. The macro cannot tell whether a type is `Sendable`; Swift can, and reports
/// a type that is not once, where `@Provide` declares it, at the member's line: "type
/// 'AppComponent._LoomShared_cache._LoomValue' (aka 'ImageCache') does not conform to the 'Sendable'
/// protocol". Generated code that names the conforming type, not the member's, adds no error of
/// its own.
///
/// The ways out, as for a container's registration (see "Sendable and Isolation" in Loom's
/// documentation), which the declaration's doc comment repeats beside the error:
///
/// 1. make the member `.transient`: it is made for each read and handed over, never kept;
/// 2. make the type `Sendable`, or isolate it to a global actor (`@MainActor final class`).
///
/// A `@Component(mainActor: true)` does not lift the rule yet: its cached members are `Sendable`
/// too.
///
/// ```swift
/// enum _LoomShared_api: LoomMacros._SharedMember {
///   typealias _LoomValue = LiveAPIClient
/// }
/// let cell = _SharedCell<_LoomShared_api>()
/// ```
@_documentation(visibility: private)
public protocol _SharedMember {
  /// The member's type.
  ///
  /// NB: not `Value`, which a member's type may be called: the declaration in a `_SharedMember`
  /// would refer to itself. The reserved prefix keeps it from naming the user's type.
  associatedtype _LoomValue: Sendable
}

/// The ``_SharedMember`` of a type known to be `Sendable`: what generated code names when the
/// member's `@Provide` declares none (a component with errors), and what tests use.
///
/// ```swift
/// let cell = _SharedCell<_SendableMember<Int>>(value: 42)
/// ```
@_documentation(visibility: private)
public enum _SendableMember<Value: Sendable>: _SharedMember {
  /// The member's type.
  public typealias _LoomValue = Value
}

/// The override of one cached member in a component's generated `Overrides`: the value, if any.
///
/// Generic over the member's ``_SharedMember``, not its type, so that a member whose type is not
/// `Sendable` is reported once, where its `@Provide` declares the `_SharedMember`, and not again
/// by the `Sendable` `Overrides` that holds this.
///
/// ```swift
/// var override = _SharedOverride<_SendableMember<Int>>()
/// override.value = 42
/// ```
@_documentation(visibility: private)
public struct _SharedOverride<Member: _SharedMember>: Sendable {
  /// The overriding value, or `nil` when the member is not overridden.
  public var value: Member._LoomValue?

  /// Makes an override that overrides nothing.
  ///
  /// ```swift
  /// let none = _SharedOverride<_SendableMember<Int>>()
  /// ```
  @inlinable
  public init() {
    value = nil
  }
}
