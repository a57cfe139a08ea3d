/// The `baseline.closure` fixture: a plain Swift closure, made in this module, that returns a
/// stored instance.
///
/// The closure is a stored property set at run time, so the benchmark cannot inline it or see
/// what it returns: every call is an indirect call that returns a +1 reference, as a resolve does.
///
/// ```swift
/// let fixture = ClosureFixture()
/// let service = fixture.make()
/// ```
public final class ClosureFixture: Sendable {
  /// Returns the stored ``Service``.
  public let make: @Sendable () -> Service

  /// Makes the fixture and the instance its closure returns.
  public init() {
    let service = Service(id: 1)
    self.make = { service }
  }
}
