@_spi(LoomInternals) public import Loom

/// A property bound to one flow scope: it resolves its dependency in that scope on first access,
/// and keeps it until the scope ends.
///
/// The property resolves in the scope's container (`FlowScope.container`) with the scope
/// current, as `scope.resolve(...)` does, so its `.flow` dependency is the scope's instance
/// wherever the property is read, whatever scope is current there (or none). It keeps what it
/// resolved while the scope lives; after the scope ends, the next access resolves again, in the
/// same scope, which starts afresh. It is safe to read from several threads.
///
/// ```swift
/// enum Flows {
///   static let checkout = Container.default.makeScope("checkout")
/// }
///
/// final class PaymentModel {
///   @ScopedInjected(in: Flows.checkout) var cart: Cart
///   @ScopedInjected(\.paymentDraft, in: Flows.checkout) var draft
/// }
///
/// final class ShippingModel {
///   @ScopedInjected var cart: Cart
///   init(checkout: FlowScope) { _cart = ScopedInjected(in: checkout) }  // a scope given at run time
/// }
/// ```
///
/// > Important: Reading ``wrappedValue`` traps with the message of the `ResolutionError` if the
/// > dependency cannot be resolved; `try $cart.get()` throws it instead.
///
/// Its value need not be `Sendable`: the property is `Sendable` only where its value is, so a
/// value that is not stays with the object that holds the property.
@propertyWrapper
public struct ScopedInjected<Value> {
  private let storage: ScopedInjectionStorage<Value>

  /// Injects the dependency registered for `type` (and `name`), resolved in `scope`.
  ///
  /// ```swift
  /// @ScopedInjected(in: Flows.checkout) var cart: Cart
  /// @ScopedInjected(name: "gift", in: Flows.checkout) var giftCart: Cart
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the property when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - scope: The flow scope to resolve in; its container is the one resolves go to.
  ///   - fileID: Where the property is declared, for error messages.
  ///   - line: The line of the declaration.
  public init(
    _ type: Value.Type = Value.self, name: String? = nil, in scope: FlowScope,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    storage = ScopedInjectionStorage(scope: scope) { scope throws(ResolutionError) in
      try scope.tryResolve(type, name: name, fileID: fileID, line: line)
    }
  }

  /// Injects a key-path dependency, resolved in `scope`.
  ///
  /// ```swift
  /// @ScopedInjected(\.paymentDraft, in: Flows.checkout) var draft
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
  ///   - scope: The flow scope to resolve in; its container is the one resolves go to.
  ///   - fileID: Where the property is declared, for error messages.
  ///   - line: The line of the declaration.
  public init(
    _ keyPath: DependencyKeyPath<Value>, in scope: FlowScope,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    storage = ScopedInjectionStorage(scope: scope) { scope throws(ResolutionError) in
      try scope.tryResolve(keyPath, fileID: fileID, line: line)
    }
  }

  /// The dependency, resolved in the scope on first access and kept until the scope ends.
  ///
  /// > Important: Traps with the message of the `ResolutionError` if the dependency cannot be
  /// > resolved.
  ///
  /// ```swift
  /// cart.add(item)
  /// ```
  public var wrappedValue: Value {
    do {
      return try storage.get()
    } catch {
      fatalError("\n\(error.description)")
    }
  }

  /// The wrapper itself, for `$property.get()` and `$property.scope`.
  ///
  /// ```swift
  /// let cart = try $cart.get()
  /// ```
  public var projectedValue: ScopedInjected<Value> { self }

  /// The scope this property resolves in.
  ///
  /// ```swift
  /// print($cart.scope.name)  // checkout
  /// ```
  public var scope: FlowScope { storage.scope }

  /// Returns the dependency, resolving it in the scope on first call (and after the scope
  /// ended), or throws why it cannot.
  ///
  /// ```swift
  /// let cart = try $cart.get()
  /// ```
  ///
  /// - Returns: The instance.
  /// - Throws: A `ResolutionError` if the dependency cannot be resolved.
  public func get() throws(ResolutionError) -> Value {
    try storage.get()
  }
}

/// What a ``ScopedInjected`` and its copies share: the scope, how to resolve, and what it holds.
final class ScopedInjectionStorage<Value>: Sendable {
  typealias Resolve = @Sendable (FlowScope) throws(ResolutionError) -> Value

  // NB: `@unchecked Sendable` because `Value` need not be `Sendable`: the storage of such a value
  // belongs to a wrapper that is not `Sendable` (`ScopedInjected` is `Sendable` only where its
  // value is), so it is used from one isolation, and the lock only orders that use.
  private struct Held: @unchecked Sendable {
    let value: Value
    /// The generation of the scope's cache when the value was resolved.
    let generation: UInt64
  }

  let scope: FlowScope
  private let resolve: Resolve
  private let held = Lock<Held?>(nil)

  init(scope: FlowScope, resolve: @escaping Resolve) {
    self.scope = scope
    self.resolve = resolve
  }

  /// The held value while the scope has not ended since it was resolved; else resolves, keeps and
  /// returns it.
  func get() throws(ResolutionError) -> Value {
    // NB: the generation is read before resolving, so a scope that ends during the resolve makes
    // the next access resolve again instead of keeping an ended flow's instance.
    let generation = scope.cache.generation
    if let held = held.value, held.generation == generation { return held.value }
    let value = try resolve(scope)
    return held.withLock { held in
      if let current = held, current.generation == generation { return current.value }
      held = Held(value: value, generation: generation)
      return value
    }
  }
}

extension ScopedInjected: Sendable where Value: Sendable {}
