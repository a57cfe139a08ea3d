/// A registration's factory, in one of the forms Loom can run, as a registration API receives it.
@usableFromInline
enum FactoryClosure<Value: Sendable>: Sendable {
  /// A synchronous factory.
  case sync(@Sendable (Resolver) throws -> Value)
  /// An asynchronous factory.
  case async(@Sendable (Resolver) async throws -> Value)
  /// A synchronous factory isolated to the main actor.
  case mainActor(@MainActor @Sendable (Resolver) throws -> Value)
  /// An `ArgumentFactory<Value, repeat each Argument>`, and how its arguments read.
  case withArguments(any Sendable, String)
}
