/// The forms of factory.
enum FactoryKind: Sendable {
  case sync, async, mainActor, withArguments
}

/// What the engine asks of a factory without knowing its value's type.
protocol AnyFactory: AnyObject, Sendable {
  var kind: FactoryKind { get }
  var argumentTypes: String? { get }

  /// Resolves `located` (whose registration has this factory) from asynchronous code, in
  /// `container` and `context`, type-erased (for ``Container/bootstrap()`` and the test kit).
  func resolveErased(_ located: Located, in container: Container, context: ResolutionContext)
    async throws(ResolutionError) -> any Sendable
}

/// The factory of a registration whose values are `Value`.
///
/// The engine reads it, and the instances its registration made, as typed values, but through
/// generic functions only: no generic struct or enum of `Value` appears in the engine. In code that
/// is not specialised for `Value` (the parameter resolves of an auto-wired initializer, which the
/// compiler never specialises), a generic type would make the runtime look up its metadata on every
/// resolve; a class's stored properties are found through the object itself, and the closures
/// below have the same layout whatever `Value` is.
final class Factory<Value: Sendable>: AnyFactory {
  let kind: FactoryKind
  /// Runs a synchronous factory (a main-actor one once on the main actor).
  let make: @Sendable (Resolver) throws -> Value
  /// Runs an asynchronous factory.
  let makeAsync: @Sendable (Resolver) async throws -> Value
  /// For a factory with runtime arguments, the `ArgumentFactory` and how its arguments read.
  let arguments: (factory: any Sendable, description: String)?

  init(_ closure: FactoryClosure<Value>) {
    switch closure {
    case .sync(let make):
      kind = .sync
      self.make = make
      makeAsync = { resolver in try make(resolver) }
      arguments = nil
    case .async(let make):
      kind = .async
      self.make = { _ in preconditionFailure("an asynchronous factory is only run with await") }
      makeAsync = make
      arguments = nil
    case .mainActor(let make):
      kind = .mainActor
      let run: @Sendable (Resolver) throws -> Value = { resolver in
        // NB: the engine runs this only after `MainActorCheck.isCurrent` proved that the code runs
        // on the main actor; `assumeIsolated` verifies it. `resolver` is used only inside this
        // synchronous call, on this thread.
        nonisolated(unsafe) let resolver = resolver
        return try MainActor.assumeIsolated { try make(resolver) }
      }
      self.make = run
      makeAsync = { resolver in try run(resolver) }
      arguments = nil
    case .withArguments(let factory, let description):
      kind = .withArguments
      self.make = { _ in preconditionFailure("a factory with runtime arguments is run typed") }
      makeAsync = { _ in preconditionFailure("a factory with runtime arguments is run typed") }
      arguments = (factory, description)
    }
  }

  var argumentTypes: String? { arguments?.description }

  func resolveErased(_ located: Located, in container: Container, context: ResolutionContext)
    async throws(ResolutionError) -> any Sendable
  {
    try await container.resolveAsync(located, as: Value.self, context: context)
  }
}

/// A factory that takes runtime arguments, wrapped so it can be stored and cast back.
struct ArgumentFactory<Value, each Argument>: Sendable {
  let make: @Sendable (Resolver, repeat each Argument) throws -> Value
}

extension Registration {
  /// The factory, typed; the caller knows that `Value` is the registration's value type.
  func factory<Value>(as type: Value.Type) -> Factory<Value> {
    unsafeDowncast(factory, to: Factory<Value>.self)
  }
}
