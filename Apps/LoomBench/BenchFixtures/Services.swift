// The classes the benchmark resolves and builds, in a module of their own. The benchmark builds
// them by hand (the baselines) and Loom builds them (the transient cases) with the same
// initializers, and each build stays a real allocation (checked in the machine code: see
// BENCHMARKS.md).

// MARK: - Singletons

/// The cached singleton of the `singleton.*` cases.
///
/// ```swift
/// container.register(Service.self, lifetime: .singleton) { _ in Service() }
/// ```
public final class Service: Sendable {
  /// A payload, so that the object is not empty.
  public let id: Int

  /// Makes a service.
  ///
  /// - Parameter id: A payload.
  public init(id: Int = 0) {
    self.id = id
  }
}

/// A plain value cached as a singleton: reading it touches no reference count, which tells
/// container contention apart from object reference-count contention in the two-thread case.
///
/// ```swift
/// container.register(Settings.self, instance: Settings(a: 1, b: 2))
/// ```
public struct Settings: Sendable {
  /// A payload.
  public let a: Int
  /// A payload.
  public let b: Int

  /// Makes settings.
  ///
  /// - Parameters:
  ///   - a: A payload.
  ///   - b: A payload.
  public init(a: Int, b: Int) {
    self.a = a
    self.b = b
  }
}

// MARK: - A transient chain of three

/// The end of the chain: `Top → Middle → Leaf`.
///
/// ```swift
/// let leaf = Leaf()
/// ```
public final class Leaf: Sendable {
  /// Makes a leaf.
  public init() {}
}

/// The middle of the chain: `Top → Middle → Leaf`.
///
/// ```swift
/// let middle = Middle(leaf: Leaf())
/// ```
public final class Middle: Sendable {
  /// What this object depends on.
  public let leaf: Leaf

  /// Makes the middle of the chain.
  ///
  /// - Parameter leaf: The end of the chain.
  public init(leaf: Leaf) {
    self.leaf = leaf
  }
}

/// The top of the chain: `Top → Middle → Leaf`.
///
/// ```swift
/// let top = Top(middle: Middle(leaf: Leaf()))
/// ```
public final class Top: Sendable {
  /// What this object depends on.
  public let middle: Middle

  /// Makes the top of the chain.
  ///
  /// - Parameter middle: The middle of the chain.
  public init(middle: Middle) {
    self.middle = middle
  }
}

// MARK: - A transient with five singleton dependencies

/// The first singleton dependency of ``FiveDeps``.
///
/// ```swift
/// let dependency = Dep1()
/// ```
public final class Dep1: Sendable {
  /// Makes the dependency.
  public init() {}
}

/// The second singleton dependency of ``FiveDeps``.
///
/// ```swift
/// let dependency = Dep2()
/// ```
public final class Dep2: Sendable {
  /// Makes the dependency.
  public init() {}
}

/// The third singleton dependency of ``FiveDeps``.
///
/// ```swift
/// let dependency = Dep3()
/// ```
public final class Dep3: Sendable {
  /// Makes the dependency.
  public init() {}
}

/// The fourth singleton dependency of ``FiveDeps``.
///
/// ```swift
/// let dependency = Dep4()
/// ```
public final class Dep4: Sendable {
  /// Makes the dependency.
  public init() {}
}

/// The fifth singleton dependency of ``FiveDeps``.
///
/// ```swift
/// let dependency = Dep5()
/// ```
public final class Dep5: Sendable {
  /// Makes the dependency.
  public init() {}
}

/// A transient with five singleton dependencies, auto-wired in `transient.deps5`.
///
/// ```swift
/// let made = FiveDeps(d1: Dep1(), d2: Dep2(), d3: Dep3(), d4: Dep4(), d5: Dep5())
/// ```
public final class FiveDeps: Sendable {
  /// The first dependency.
  public let d1: Dep1
  /// The second dependency.
  public let d2: Dep2
  /// The third dependency.
  public let d3: Dep3
  /// The fourth dependency.
  public let d4: Dep4
  /// The fifth dependency.
  public let d5: Dep5

  /// Makes the object from its five dependencies.
  ///
  /// - Parameters:
  ///   - d1: The first dependency.
  ///   - d2: The second dependency.
  ///   - d3: The third dependency.
  ///   - d4: The fourth dependency.
  ///   - d5: The fifth dependency.
  public init(d1: Dep1, d2: Dep2, d3: Dep3, d4: Dep4, d5: Dep5) {
    self.d1 = d1
    self.d2 = d2
    self.d3 = d3
    self.d4 = d4
    self.d5 = d5
  }
}
