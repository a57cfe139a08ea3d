// MARK: - Running a factory on its actor

// A factory closure is `@isolated(any)`: Swift tells Loom which actor it belongs to (the main
// actor when it is written `@MainActor` or in a `@MainActor` function, another global actor's,
// or none), so one `register` takes all of them. Swift only calls such a closure with `await`,
// even a synchronous one; the engine calls synchronous factories synchronously, so it strips the
// isolation here, once, at registration, and checks where it runs before each call.

/// A synchronous factory without its isolation, to be called only where that isolation holds.
///
/// NB: an `@isolated(any)` function value has the representation of the same function without it:
/// the isolation lives in the closure's context, which the call itself never reads (Swift lowers
/// the conversion that drops it, allowed with a warning today, to a plain `convert_function`;
/// `IsolationTests` calls closures stripped here). Calling the stripped function is what Swift
/// does once it has hopped to the isolation; the engine calls it only after checking that it
/// runs there: `MainActorCheck.isCurrent` for the main actor, ``ResolutionContext/runsOn`` for
/// another actor, nothing for a closure with no isolation. `sending` results keep their
/// convention, so only the isolation is dropped. Each cast goes through a struct holding the
/// function (``FactoryCast``).
@usableFromInline
func strippingIsolation<Value: Sendable>(
  _ make: @escaping @isolated(any) @Sendable (Resolver) throws -> Value
) -> @Sendable (Resolver) throws -> sending Value {
  // NB: and typed as returning `sending`: a `Sendable` value may be sent anywhere, and a `sending`
  // result has the convention of a plain one.
  unsafeBitCast(FactoryCast.Isolated(make: make), to: FactoryCast.Sending<Value>.self).make
}

/// A synchronous factory of a `Sendable` value, typed as returning `sending` (which a `Sendable`
/// value always may; the conventions are the same).
@usableFromInline
func sendingResult<Value: Sendable>(_ make: @escaping @Sendable (Resolver) throws -> Value)
  -> @Sendable (Resolver) throws -> sending Value
{
  unsafeBitCast(FactoryCast.Plain(make: make), to: FactoryCast.Sending<Value>.self).make
}

/// ``strippingIsolation(_:)`` for a factory whose result is `sending`.
@usableFromInline
func strippingIsolation<Value>(
  sending make: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value
) -> @Sendable (Resolver) throws -> sending Value {
  unsafeBitCast(FactoryCast.IsolatedSending(make: make), to: FactoryCast.Sending<Value>.self)
    .make
}

/// The function types the casts above go between, each in a struct, so that a function is cast
/// at the abstraction it is stored with: `unsafeBitCast` of a function value itself would pass it
/// through its generic parameter and wrap it in reabstraction thunks that every call then runs.
@usableFromInline
enum FactoryCast {
  @usableFromInline
  struct Isolated<Value> {
    @usableFromInline let make: @isolated(any) @Sendable (Resolver) throws -> Value
    @inlinable init(make: @escaping @isolated(any) @Sendable (Resolver) throws -> Value) {
      self.make = make
    }
  }

  @usableFromInline
  struct IsolatedSending<Value> {
    @usableFromInline let make: @isolated(any) @Sendable (Resolver) throws -> sending Value
    @inlinable
    init(make: @escaping @isolated(any) @Sendable (Resolver) throws -> sending Value) {
      self.make = make
    }
  }

  @usableFromInline
  struct Plain<Value> {
    @usableFromInline let make: @Sendable (Resolver) throws -> Value
    @inlinable init(make: @escaping @Sendable (Resolver) throws -> Value) { self.make = make }
  }

  @usableFromInline
  struct Sending<Value> {
    @usableFromInline let make: @Sendable (Resolver) throws -> sending Value
  }

  struct IsolatedDecorator<Value> {
    let decorate: @isolated(any) @Sendable (Resolver, sending Value) throws -> sending Value
  }

  struct Decorator<Value> {
    let decorate: @Sendable (Resolver, sending Value) throws -> sending Value
  }

  struct IsolatedCompletion<Value> {
    let run: @isolated(any) @Sendable (Resolver, Value) throws -> Void
  }

  struct Completion<Value> {
    let run: @Sendable (Resolver, Value) throws -> Void
  }
}

/// ``strippingIsolation(_:)`` for a decorator.
func strippingIsolation<Value>(
  decorator: @escaping @isolated(any) @Sendable (Resolver, sending Value) throws -> sending Value
) -> @Sendable (Resolver, sending Value) throws -> sending Value {
  unsafeBitCast(
    FactoryCast.IsolatedDecorator(decorate: decorator), to: FactoryCast.Decorator<Value>.self
  ).decorate
}

/// ``strippingIsolation(_:)`` for a completion.
func strippingIsolation<Value>(
  completion: @escaping @isolated(any) @Sendable (Resolver, Value) throws -> Void
) -> @Sendable (Resolver, Value) throws -> Void {
  unsafeBitCast(
    FactoryCast.IsolatedCompletion(run: completion), to: FactoryCast.Completion<Value>.self
  ).run
}

/// Whether `actor` is the main actor.
func isMainActor(_ actor: any Actor) -> Bool {
  (actor as AnyObject) === MainActor.shared
}

/// Whether two isolations are the same actor (or both none).
func isSameIsolation(_ first: (any Actor)?, _ second: (any Actor)?) -> Bool {
  switch (first, second) {
  case (nil, nil): true
  case (let first?, let second?): (first as AnyObject) === (second as AnyObject)
  default: false
  }
}

/// The name of an actor in messages: `the main actor`, or its type's name.
func isolationName(_ actor: (any Actor)?) -> String {
  guard let actor else { return "no actor" }
  return isMainActor(actor) ? "the main actor" : typeName(type(of: actor))
}

extension ResolutionContext {
  /// Whether code of `actor` may run now, synchronously, in this resolve: the main actor when
  /// ``MainActorCheck`` says so, another actor when the asynchronous engine hopped there for it.
  func runs(on actor: any Actor) -> Bool {
    isMainActor(actor) ? MainActorCheck.isCurrent : isSameIsolation(runsOn, actor)
  }
}

/// `value`, handed to the caller of a resolve as `sending`.
///
/// NB: what a resolve returns is disconnected from everything but what the registration APIs
/// allow to share: a new instance made for this resolve (a transient, or a value made by a factory
/// whose result is `sending`), a `Sendable` value, a `.graph` instance (shared only with what
/// this resolve builds, all of which reaches the same caller), an instance shared on the main
/// actor only (served on the main actor only), or one the user shares on their word
/// (``ConfinedLifetime/unchecked(_:)``). The engine passes values through generic code that Swift
/// cannot follow, so each public resolve hands its result over here, once.
@inlinable @inline(__always)
func handedOver<Value>(_ value: Value) -> sending Value {
  // NB: unchecked, and safe as the note above says: the value is one the registration APIs let
  // this caller have, handed over once.
  nonisolated(unsafe) let value = value
  return value
}

/// Values a resolve carries onto an actor and back while its task waits (see `run(on:_:)`).
///
/// NB: `@unchecked Sendable` because the engine's context and a new instance are not `Sendable`:
/// they are used on the actor only while the task that made them waits, so one thread uses them
/// at a time, and a new instance is this resolve's alone until the resolve returns it.
struct HandOver<Carried>: @unchecked Sendable {
  let carried: Carried
}

/// Runs `body` on `actor`, from asynchronous code: how the engine runs a synchronous factory
/// isolated to an actor (and what that factory resolves) from an `await`.
///
/// NB: `body` runs synchronously on the actor while this task waits for it, so what it captures
/// is only used there, and what it returns comes back to the waiting task before anything else
/// can reach it: the engine hands over a value made for the resolve that waits (see
/// ``Container/resolveAsync(_:as:context:)``).
func run<Value>(
  on actor: isolated any Actor,
  _ body: sending () throws(ResolutionError) -> Value
) throws(ResolutionError) -> sending Value {
  // NB: unchecked, and safe as the note above says: the value is made on the actor while the
  // task that receives it waits, and nothing else can reach it before it returns.
  nonisolated(unsafe) let value = try body()
  return value
}
