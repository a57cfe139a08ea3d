/// The forms of factory.
enum FactoryKind: Sendable {
  /// Synchronous; `mainActor` and `isolated` ones run only on their actor.
  case sync, async, mainActor, isolated, withArguments
}

/// What the engine asks of a factory without knowing its value's type.
protocol AnyFactory: AnyObject, Sendable {
  var kind: FactoryKind { get }
  var argumentTypes: String? { get }
  /// The actor a synchronous factory runs on, if any.
  var isolation: (any Actor)? { get }

  /// Resolves `located` (whose registration has this factory) from asynchronous code, in
  /// `container` and `context`, type-erased (for ``Container/bootstrap()`` and the test kit).
  func resolveErased(_ located: Located, in container: Container, context: ResolutionContext)
    async throws(ResolutionError) -> Erased

  /// Resolves `located`, whose registration ``Registration/isBuiltInPlace``, on this thread, as
  /// ``resolveErased(_:in:context:)`` would, without suspending.
  func resolveErasedInPlace(
    _ located: Located, in container: Container, context: ResolutionContext
  ) throws(ResolutionError) -> Erased
}

/// A value resolved without its type known, for ``Container/bootstrap()`` and the test kit.
///
/// NB: `@unchecked Sendable` because a value of a registration that confines its values (see
/// ``ConfinedLifetime``) is not `Sendable`: bootstrap only keeps what it made and drops the
/// value, and the test kit compares identities, so neither shares what it receives.
struct Erased: @unchecked Sendable {
  let value: Any
}

/// The factory of a registration whose values are `Value`.
///
/// The engine reads it, and the instances its registration made, as typed values, but through
/// generic functions only: no generic struct or enum of `Value` appears in the engine. In code that
/// is not specialised for `Value` (the parameter resolves of an auto-wired initializer, which the
/// compiler never specialises), a generic type would make the runtime look up its metadata on every
/// resolve; a class's stored properties are found through the object itself, and the closures
/// below have the same layout whatever `Value` is.
///
/// `Value` need not be `Sendable`: the registration APIs decide which values may be shared, and the
/// factory only holds closures.
final class Factory<Value>: AnyFactory {
  let kind: FactoryKind
  /// Runs a synchronous factory (a main-actor one once on the main actor).
  let make: @Sendable (Resolver) throws -> sending Value
  /// Runs an asynchronous factory.
  let makeAsync: @Sendable (Resolver) async throws -> sending Value
  /// For a factory with runtime arguments, the `ArgumentFactory` and how its arguments read.
  let arguments: (factory: any Sendable, description: String)?
  let isolation: (any Actor)?

  init(_ closure: FactoryClosure<Value>) {
    // NB: the isolation is set in each case rather than read from `closure.isolation`: a call on
    // the generic enum would look its metadata up again, on every registration.
    switch closure {
    case .sync(let make):
      isolation = nil
      kind = .sync
      self.make = make
      makeAsync = Self.runWithoutAwait
      arguments = nil
    case .async(let make):
      isolation = nil
      kind = .async
      self.make = { _ in preconditionFailure("an asynchronous factory is only run with await") }
      makeAsync = make
      arguments = nil
    case .mainActor(let make):
      isolation = MainActor.shared
      kind = .mainActor
      let run: @Sendable (Resolver) throws -> sending Value = { resolver in
        // NB: the engine runs this only after `MainActorCheck.isCurrent` proved that the code runs
        // on the main actor; `assumeIsolated` verifies it. `resolver` is used only inside this
        // synchronous call, on this thread, and the value made there is this call's result.
        nonisolated(unsafe) let resolver = resolver
        let value = try MainActor.assumeIsolated { HandOver(carried: try make(resolver)) }
        return handedOver(value.carried)
      }
      self.make = run
      makeAsync = Self.runWithoutAwait
      arguments = nil
    case .isolated(let actor, let make):
      // NB: run only where the engine knows the actor runs (see `Engine/Isolation.swift`).
      isolation = actor
      kind = .isolated
      self.make = make
      makeAsync = { _ in preconditionFailure("an isolated factory is run on its actor") }
      arguments = nil
    case .withArguments(let factory, let description):
      isolation = nil
      kind = .withArguments
      self.make = { _ in preconditionFailure("a factory with runtime arguments is run typed") }
      makeAsync = { _ in preconditionFailure("a factory with runtime arguments is run typed") }
      arguments = (factory, description)
    }
  }

  var argumentTypes: String? { arguments?.description }

  /// The `makeAsync` of a synchronous factory, which the engine runs with `make` (see
  /// ``Container/makeAsync(_:as:builder:context:)``): a closure that captures nothing, so that a
  /// registration allocates no context for it.
  private static var runWithoutAwait: @Sendable (Resolver) async throws -> sending Value {
    { _ in preconditionFailure("a synchronous factory is run without await") }
  }

  func resolveErased(_ located: Located, in container: Container, context: ResolutionContext)
    async throws(ResolutionError) -> Erased
  {
    Erased(value: try await container.resolveAsync(located, as: Value.self, context: context))
  }

  func resolveErasedInPlace(
    _ located: Located, in container: Container, context: ResolutionContext
  ) throws(ResolutionError) -> Erased {
    Erased(value: try container.resolveInPlace(located, as: Value.self, context: context))
  }
}

/// A factory that takes runtime arguments, wrapped so it can be stored and cast back.
struct ArgumentFactory<Value, each Argument>: Sendable {
  let make: @Sendable (Resolver, repeat each Argument) throws -> Value
}

/// What a binding with runtime arguments stores in place of an ``ArgumentFactory``: it resolves
/// its implementation with the arguments it is given.
///
/// NB: a protocol with a generic method rather than a closure: a closure cannot take a parameter
/// pack, and a method reference that does crashes the compiler (Swift 6.3).
protocol ArgumentForwarder: Sendable {
  func forward<Value, each Argument>(
    _ resolver: Resolver, as type: Value.Type, arguments: repeat each Argument
  ) throws -> Value
}

/// The ``ArgumentForwarder`` of a binding to `Implementation`.
struct ArgumentBinding<Implementation>: ArgumentForwarder {
  /// The implementation's registration name.
  let name: String?
  /// The binding's key and the implementation's, for the error of an implementation that is not
  /// of the bound type.
  let key: DependencyKey
  let target: DependencyKey

  func forward<Value, each Argument>(
    _ resolver: Resolver, as type: Value.Type, arguments: repeat each Argument
  ) throws -> Value {
    let instance = try resolver._resolve(
      Implementation.self, _ResolutionRequest(Implementation.self, name: name),
      arguments: repeat each arguments)
    guard let value = instance as? Value else {
      throw resolver.bindingMismatch(key, target: target, expected: Value.self)
    }
    return value
  }
}

extension Registration {
  /// The factory, typed; the caller knows that `Value` is the registration's value type.
  func factory<Value>(as type: Value.Type) -> Factory<Value> {
    unsafeDowncast(factory, to: Factory<Value>.self)
  }
}
