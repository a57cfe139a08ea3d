// What the macro cases of loom-bench resolve and read: the same shapes as BenchFixtures, made
// with the macros, so that a case and its hand-written counterpart differ only in the macro.
public import BenchFixtures
public import LoomMacros

/// Five singleton dependencies, like ``FiveDeps``, registrable with `@Injectable` or by its
/// initializer (auto-wired), so both registrations resolve the same type.
///
/// ```swift
/// container.register(InjectableFive.self)                 // @Injectable
/// container.register(InjectableFive.self, InjectableFive.init)  // auto-wired
/// ```
@Injectable
public final class InjectableFive: Sendable {
  /// The dependencies.
  public let d1: Dep1, d2: Dep2, d3: Dep3, d4: Dep4, d5: Dep5

  /// Makes the object from its dependencies.
  ///
  /// - Parameters:
  ///   - d1: The first dependency.
  ///   - d2: The second dependency.
  ///   - d3: The third dependency.
  ///   - d4: The fourth dependency.
  ///   - d5: The fifth dependency.
  public init(d1: Dep1, d2: Dep2, d3: Dep3, d4: Dep4, d5: Dep5) {
    (self.d1, self.d2, self.d3, self.d4, self.d5) = (d1, d2, d3, d4, d5)
  }
}

/// A singleton registrable with `@Injectable` or auto-wired, for the cached-resolve pair.
///
/// ```swift
/// container.register(InjectableSingleton.self, lifetime: .singleton)
/// ```
@Injectable
public final class InjectableSingleton: Sendable {
  /// What it depends on.
  public let dependency: Dep1

  /// Makes the singleton.
  ///
  /// - Parameter dependency: Its dependency.
  public init(dependency: Dep1) {
    self.dependency = dependency
  }
}

/// An owner that injects ``Service`` with `@Inject`: a `let` storage read through a getter.
///
/// ```swift
/// let holder = container.withCurrent { InjectHolder() }
/// _ = holder.service
/// ```
public struct InjectHolder: Sendable {
  /// The injected service.
  @Inject public var service: Service

  /// Makes the holder in the current container.
  public init() {}
}

/// An owner that injects ``Service`` with the `@Injected` property wrapper, for comparison.
///
/// ```swift
/// let holder = container.withCurrent { InjectedHolder() }
/// _ = holder.service
/// ```
public struct InjectedHolder: Sendable {
  /// The injected service.
  @Injected public var service: Service

  /// Makes the holder in the current container.
  public init() {}
}
