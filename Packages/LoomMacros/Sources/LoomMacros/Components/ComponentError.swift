@_spi(LoomInternals) public import Loom

/// Why a ``Component`` could not produce what was asked: the members and steps that failed in
/// `resolve()`, a construction that needs its own value, or a handle that outlived its component.
///
/// Its ``description`` reads as a small tree:
///
/// ```
/// ComponentError: AppComponent.resolve(): database failed, 1 skipped
/// ├─ database: failed
/// │    DatabaseError.unreachable
/// ├─ users: skipped because database failed
/// └─ To fix: fix the failures above; resolve() again retries what failed and what was skipped.
/// ```
///
/// Match on ``code`` to handle a kind of failure:
///
/// ```swift
/// do {
///   let app = try await AppComponent(config: .live).resolve()
/// } catch where error.code == .resolveFailed {
///   for failure in error.failures { print(failure.name) }
/// }
/// ```
public struct ComponentError: Error, Sendable, CustomStringConvertible {
  /// The kind of failure. New codes may be added: match with `==`, not an exhaustive switch.
  ///
  /// ```swift
  /// if error.code == .resolveFailed { print(error.failures.count) }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Base: String, Hashable, Sendable {
      case resolveFailed, cycle, componentReleased
    }

    private let base: Base

    private init(_ base: Base) {
      self.base = base
    }

    /// Members or start-up steps failed in `resolve()`; ``ComponentError/failures`` lists them,
    /// with those skipped because something they need failed.
    ///
    /// ```swift
    /// error.code == .resolveFailed
    /// ```
    public static let resolveFailed = Code(.resolveFailed)
    /// A member's construction needs the member itself, through a `Lazy` or `Provider`
    /// handle read while it runs (on one thread, or on threads that wait for each other): the
    /// failure the core calls `ResolutionError.Code.cycle` and `OnceError.cycle`.
    ///
    /// ```swift
    /// error.code == .cycle
    /// ```
    public static let cycle = Code(.cycle)
    /// Deprecated: the failure is ``cycle``, the name the core's errors use.
    @_documentation(visibility: private)
    @available(*, deprecated, renamed: "cycle")
    public static var recursiveConstruction: Code { .cycle }
    /// A `Lazy` or `Provider` handle made by a component was read after the component was
    /// released.
    ///
    /// ```swift
    /// error.code == .componentReleased
    /// ```
    public static let componentReleased = Code(.componentReleased)

    /// The code's name, such as `resolveFailed`.
    ///
    /// ```swift
    /// print(ComponentError.Code.resolveFailed)  // resolveFailed
    /// ```
    public var description: String { base.rawValue }
  }

  /// One member, child or step that failed or was skipped: the failure type of every
  /// dependency-ordered run of Loom (`Container.bootstrap()` reports the same).
  ///
  /// ```swift
  /// for failure in error.failures { print(failure.name, failure.skippedBecause) }
  /// ```
  public typealias Failure = BootstrapError.Failure

  /// The kind of failure.
  ///
  /// ```swift
  /// if error.code == .componentReleased { print(error.member ?? "") }
  /// ```
  public let code: Code
  /// The component's type name, such as `AppComponent`.
  ///
  /// ```swift
  /// print(error.component)  // AppComponent
  /// ```
  public let component: String
  /// The member concerned, for ``Code/cycle`` and ``Code/componentReleased``.
  ///
  /// ```swift
  /// print(error.member ?? "-")
  /// ```
  public let member: String?
  /// For ``Code/resolveFailed``: every member and step that failed or was skipped, in
  /// declaration order.
  ///
  /// ```swift
  /// let names = error.failures.map(\.name)
  /// ```
  public let failures: [Failure]
  /// One line saying what went wrong.
  ///
  /// ```swift
  /// print(error.summary)
  /// ```
  public let summary: String
  /// How to fix it.
  ///
  /// ```swift
  /// print(error.hint)
  /// ```
  public let hint: String

  /// Makes an error; the static functions below make the ones Loom reports.
  ///
  /// ```swift
  /// let error = ComponentError(
  ///   code: .resolveFailed, component: "AppComponent", failures: failures,
  ///   summary: "AppComponent.resolve(): database failed",
  ///   hint: "fix the failures above.")
  /// ```
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - component: The component's type name.
  ///   - member: The member concerned, if one is.
  ///   - failures: The failed and skipped members and steps.
  ///   - summary: One line saying what went wrong.
  ///   - hint: How to fix it.
  public init(
    code: Code, component: String, member: String? = nil, failures: [Failure] = [],
    summary: String, hint: String
  ) {
    self.code = code
    self.component = component
    self.member = member
    self.failures = failures
    self.summary = summary
    self.hint = hint
  }

  /// The failures of one `resolve()` of `component`, reported together.
  static func resolveFailed(component: String, failures: [Failure]) -> ComponentError {
    let failed = failures.filter(\.skippedBecause.isEmpty).map(\.name)
    let skipped = failures.count - failed.count
    return ComponentError(
      code: .resolveFailed, component: component, failures: failures,
      summary: "\(component).resolve(): \(failed.joined(separator: ", ")) failed"
        + (skipped == 0 ? "" : ", \(skipped) skipped"),
      hint:
        "fix the failures above; resolve() again retries what failed and what was skipped.")
  }

  /// A construction of a value of type `type` that needs its own value while it runs.
  static func cycle(of type: String) -> ComponentError {
    ComponentError(
      code: .cycle, component: "", member: type,
      summary:
        "building \(type) needs \(type) itself, through a Lazy or Provider read while it is built",
      hint:
        "read the Lazy or Provider after the initializer returns (that is what they are for), or break the dependency."
    )
  }

  /// A handle made by `component` for `member`, read after the component was released: the
  /// cause of the `ResolutionError` that reading the handle throws, which says how to fix it.
  static func componentReleased(component: String, member: String) -> ComponentError {
    ComponentError(
      code: .componentReleased, component: component, member: member,
      summary:
        "a Lazy or Provider of \(component).\(member) was read after the component was released",
      hint: "")
  }

  /// The summary, each failure, and how to fix it, as a tree; the summary alone for the cause
  /// of another error, which says how to fix it (``Code/componentReleased``).
  ///
  /// ```swift
  /// print(error)
  /// ```
  public var description: String {
    _treeMessage(
      "ComponentError: \(summary)",
      failures.map(\.description) + (hint.isEmpty ? [] : ["To fix: \(hint)"]))
  }
}
