import Synchronization

/// A handle that resolves its dependency on first use and then keeps it.
///
/// Ask for `Lazy<T>` instead of `T` to defer a resolve: in a factory (`r.lazy()`), or as the
/// parameter type of an auto-wired initializer. An edge through `Lazy` is not a cycle, so it is how
/// two services may refer to each other:
///
/// ```swift
/// final class Parent: Sendable {
///   let child: Lazy<Child>
///   init(child: Lazy<Child>) { self.child = child }
/// }
/// final class Child: Sendable {
///   let parent: Parent
///   init(parent: Parent) { self.parent = parent }
/// }
/// container.register(lifetime: .singleton, Parent.init)
/// container.register(lifetime: .singleton, Child.init)
/// container.resolve(Parent.self).child.value.parent  // the same Parent
/// ```
///
/// A `Lazy` made while a resolve runs resolves in that resolve's graph: it is served the
/// ``Lifetime/graph`` instances of that resolve that something still holds, and those it makes join
/// the graph (Swinject's `Lazy` and its object graph). Made outside any resolve, it starts a new
/// graph when it resolves. It keeps the graph's instances only weakly, so an instance may hold a
/// `Lazy` of its own graph without a retain cycle.
///
/// Copies of a handle share its value. If two threads use a fresh handle at once, both may resolve
/// and one result is kept (for cached lifetimes both get the same instance anyway).
///
/// A handle of a value that is not `Sendable` (a transient, say) is not `Sendable` either: the
/// value it keeps stays where the handle is, inside whatever holds it.
public struct Lazy<Value> {
  private let target: HandleTarget<Value>
  private let storage = LazyStorage<Value>()

  init(
    container: Container, name: String?, keyPath: DependencyKeyPath<Value>?,
    graph: SharedGraph?
  ) {
    self.target = HandleTarget(container: container, name: name, keyPath: keyPath, graph: graph)
  }

  /// The dependency, resolved on first access and kept.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
  /// > resolved. Use ``get(fileID:line:)`` to handle the error instead.
  ///
  /// ```swift
  /// let api = lazyAPI.value
  /// ```
  public var value: Value {
    do {
      return try get()
    } catch {
      trap(error)
    }
  }

  /// Returns the dependency, resolving it on first call and keeping it.
  ///
  /// A failed resolve is not kept: the next call tries again.
  ///
  /// ```swift
  /// let api = try lazyAPI.get()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the value is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  /// - Throws: A ``ResolutionError`` if the dependency cannot be resolved.
  public func get(fileID: StaticString = #fileID, line: UInt = #line) throws(ResolutionError)
    -> Value
  {
    if let kept = storage.value.withLock({ $0 }) { return kept.carried }
    let resolved = HandOver(carried: try target.resolve(fileID: fileID, line: line))
    return storage.value.withLock { value in
      if let value { return value.carried }
      value = resolved
      return resolved.carried
    }
  }

  /// Whether the value has been resolved already.
  ///
  /// ```swift
  /// if !lazyAPI.isResolved { print("not yet") }
  /// ```
  public var isResolved: Bool {
    storage.value.withLock { $0 != nil }
  }
}

/// The value a ``Lazy`` and its copies share.
final class LazyStorage<Value>: Sendable {
  // NB: in a `HandOver` box because `Value` need not be `Sendable`: a `Lazy` of such a value is
  // not `Sendable` itself, so its storage (shared by its copies only) stays in one isolation.
  let value = Lock<HandOver<Value>?>(nil)
}

extension Lazy: Sendable where Value: Sendable {}

extension Lazy: DeferredHandle {
  static var targetKey: DependencyKey { DependencyKey(Value.self) }

  static var deferral: String { "lazy" }

  static func make(container: Container, name: String?, context: ResolutionContext)
    -> Lazy<Value>
  {
    Lazy(container: container, name: name, keyPath: nil, graph: context.graphForHandle())
  }
}
