/// The value of a cached member of a `@Component(mainActor: true)`, kept where only the main actor
/// reads it, so that the member's type need not be `Sendable`.
///
/// A main-actor component keeps each synchronous `.shared`, `.lazy` and `.once` member in a
/// `_SharedCell<_MainActorBox<Value>>`, and its overrides in a `_MainActorBox<Value>?`. The box is
/// isolated to the main actor, which makes it `Sendable` whatever `Value` is: the component, its
/// cells and its overrides cross isolations freely, and the value inside is made, read and
/// replaced on the main actor only (Swift checks each access), as the component's members are.
///
/// ```swift
/// // @Provide(.shared, with: []) var cache: ImageCache  (ImageCache is not Sendable)
/// // in a @Component(mainActor: true), `@Component` generates:
/// _loom.cells.cache.get { _MainActorBox(_loomMake(self)) }.value
/// ```
@_documentation(visibility: private)
@MainActor
public final class _MainActorBox<Value> {
  /// The member's value.
  ///
  /// ```swift
  /// let cache = box.value
  /// ```
  public let value: Value

  /// Keeps `value`.
  ///
  /// ```swift
  /// let box = _MainActorBox(ImageCache())
  /// ```
  ///
  /// - Parameter value: The member's value.
  public init(_ value: Value) {
    self.value = value
  }
}
