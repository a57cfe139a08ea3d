public import Loom
import Synchronization

/// The container every resolve case of `loom-bench` reads, wired as a small app would be.
///
/// ```swift
/// let container = BenchWiring.makeContainer()
/// let service = container.resolve(Service.self)
/// ```
public enum BenchWiring {
  /// The name of the named singleton of `singleton.name`.
  public static let serviceName = "primary"

  /// Makes a container with every registration the benchmark resolves; nothing resolved yet.
  ///
  /// - `Service` (singleton, closure) and `Service` named ``serviceName`` (singleton, closure);
  /// - `Settings` (a ready value);
  /// - `Leaf`, `Middle`, `Top` (transient, auto-wired);
  /// - `Dep1` ... `Dep5` (singletons, auto-wired) and `FiveDeps` (transient, auto-wired);
  /// - `\.benchService` (declared in an extension, materialised on first resolve).
  ///
  /// - Returns: The container.
  public static func makeContainer() -> Container {
    let container = Container()
    container.register(Service.self, lifetime: .singleton) { _ in Service(id: 1) }
    container.register(Service.self, name: serviceName, lifetime: .singleton) { _ in
      Service(id: 2)
    }
    container.register(Settings.self, instance: Settings(a: 1, b: 2))
    container.register(Leaf.init)
    container.register(Middle.init)
    container.register(Top.init)
    container.register(lifetime: .singleton, Dep1.init)
    container.register(lifetime: .singleton, Dep2.init)
    container.register(lifetime: .singleton, Dep3.init)
    container.register(lifetime: .singleton, Dep4.init)
    container.register(lifetime: .singleton, Dep5.init)
    container.register(FiveDeps.init)
    return container
  }

  /// Makes a container with `Top → Middle → Leaf` registered with closures instead of
  /// auto-wiring, for a diagnostic that compares the two ways of registering the same chain.
  ///
  /// - Returns: The container.
  public static func makeClosureChainContainer() -> Container {
    let container = Container()
    // NB: `lifetime: .transient` is spelled out on purpose: in the first core commit, a bare
    // `register(T.self) { r in }` picked the runtime-arguments overload with an empty argument
    // pack, and a plain resolve then failed with "T takes (), but was resolved with no arguments".
    container.register(Leaf.self, lifetime: .transient) { _ in Leaf() }
    container.register(Middle.self, lifetime: .transient) { r in Middle(leaf: try r.tryResolve()) }
    container.register(Top.self, lifetime: .transient) { r in Top(middle: try r.tryResolve()) }
    return container
  }
}

/// Where the benchmark's loops put what they computed, so the optimizer cannot delete them.
///
/// ```swift
/// benchSink(accumulated)
/// ```
///
/// - Parameter bits: A value derived from every result of a loop.
@inline(never)
public func benchSink(_ bits: UInt) {
  sink.wrappingAdd(bits, ordering: .relaxed)
}

/// The total of everything passed to ``benchSink(_:)``.
///
/// ```swift
/// print(benchSinkTotal())
/// ```
///
/// - Returns: The wrapping sum.
public func benchSinkTotal() -> UInt {
  sink.load(ordering: .relaxed)
}

private let sink = Atomic<UInt>(0)

/// The bits of an object's identity, to fold results into a sink cheaply.
///
/// ```swift
/// accumulated &+= identityBits(container.resolve(Service.self))
/// ```
///
/// - Parameter object: Any object.
/// - Returns: Its address as an integer.
@inlinable @inline(__always)
public func identityBits(_ object: AnyObject) -> UInt {
  UInt(bitPattern: ObjectIdentifier(object))
}
