/// What ``DependencyGraph/validate()`` found: every problem of the graph at once.
///
/// Code reads ``problems``; people read the ``description``, one block per problem:
///
/// ```
/// ValidationReport: 2 problems
///
/// [missing] no registration for Database
/// ├─ Needed by: UserService (transient) at MyApp/Wiring.swift:14
/// ├─ Path: AppCoordinator → UserService → Database
/// └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
///
/// [captive] ImageCache (singleton) holds Thumbnail (weak) captive
/// ├─ Path: ImageCache → Thumbnail
/// ├─ ImageCache (singleton) at MyApp/Wiring.swift:20
/// ├─ Thumbnail (weak) at MyApp/Wiring.swift:21
/// └─ To fix: ...
/// ```
///
/// Start-up code and tests use the throwing form:
///
/// ```swift
/// try container.validate().throwIfInvalid()
/// ```
public struct ValidationReport: Sendable, CustomStringConvertible {
  /// How ``Container/validate(_:)`` treats what it cannot see.
  ///
  /// ```swift
  /// try container.validate(.strict).throwIfInvalid()
  /// ```
  public enum Strictness: Sendable, Hashable {
    /// A closure factory that declares no dependencies and has not run is listed in
    /// ``ValidationReport/unseen``: its edges are unknown, not wrong.
    case standard
    /// Such a closure factory is a problem (``GraphProblem/Code/undeclaredEdges``): every edge
    /// must be known for the report to say "no problems".
    case strict
  }

  /// Every problem found, sorted by kind (missing, cycle, captive, async-from-sync), then by the
  /// description of its key.
  ///
  /// ```swift
  /// for problem in container.validate().problems { print(problem.summary) }
  /// ```
  public let problems: [GraphProblem]
  /// The registrations whose edges validation could not see: closure factories, decorators and
  /// completions that declare no `dependencies:` and have not run yet, by the description of
  /// their keys. "No problems" holds for what validation saw; declare their dependencies, resolve
  /// them once, or validate with ``Strictness/strict``.
  ///
  /// ```swift
  /// for key in container.validate().unseen { print("edges unknown: \(key)") }
  /// ```
  public var unseen: [DependencyKey] { unseenRegistrations.listed.keys }
  /// For the keys of ``unseen``, what of each registration was not seen (a key not here: its
  /// closure factory).
  var unseenParts: [DependencyKey: UndeclaredParts] { unseenRegistrations.listed.parts }
  /// ``unseen`` and ``unseenParts``, made when first read.
  private let unseenRegistrations: UnseenRegistrations

  /// Deprecated: only Loom makes reports; get one from ``DependencyGraph/validate()``.
  ///
  /// ```swift
  /// let report = container.validate()
  /// ```
  ///
  /// - Parameters:
  ///   - problems: The problems found.
  ///   - unseen: The registrations whose edges the check could not see.
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message: "Only Loom makes reports: get one from `container.validate()` or `graph.validate()`"
  )
  public init(problems: [GraphProblem], unseen: [DependencyKey] = []) {
    self.init(problems, unseen: unseen)
  }

  /// Makes a report, for Loom's packages that check rules of their own and report them with the
  /// graph's (LoomAssembly); the problems are listed by kind, as ``DependencyGraph/validate()``
  /// lists them (problems of one kind keep the order given).
  ///
  /// ```swift
  /// let report = ValidationReport(container.validate().problems + featureProblems)
  /// ```
  ///
  /// - Parameters:
  ///   - problems: The problems found.
  ///   - unseen: The registrations whose edges the check could not see, in the order to list
  ///     them.
  @_spi(LoomInternals)
  public init(_ problems: [GraphProblem], unseen: [DependencyKey] = []) {
    self.init(problems: problems, unseen: UnseenRegistrations(listed: unseen))
  }

  /// A report whose unseen registrations say what of them was not seen.
  init(problems: [GraphProblem], unseen: UnseenRegistrations) {
    self.problems = problems.enumerated().sorted { left, right in
      let (a, b) = (left.element.code.order, right.element.code.order)
      return a != b ? a < b : left.offset < right.offset
    }.map(\.element)
    self.unseenRegistrations = unseen
  }

  /// Whether the graph has no problem.
  ///
  /// ```swift
  /// if !container.validate().isValid { print(container.validate()) }
  /// ```
  public var isValid: Bool { problems.isEmpty }

  /// Throws a ``GraphValidationError`` carrying this report when it has problems.
  ///
  /// ```swift
  /// try container.validate().throwIfInvalid()
  /// ```
  ///
  /// - Throws: A ``GraphValidationError`` whose ``GraphValidationError/report`` is this report,
  ///   when ``isValid`` is false.
  public func throwIfInvalid() throws(GraphValidationError) {
    if !isValid { throw GraphValidationError(self) }
  }

  /// `ValidationReport: 2 problems`, then one block per problem, separated by blank lines.
  ///
  /// ```swift
  /// print(container.validate())
  /// ```
  public var description: String { render(title: "ValidationReport") }

  /// The report under `title`: `<title>: no problems`, or the count and the blocks.
  func render(title: String) -> String {
    var text: String
    if problems.isEmpty {
      text = "\(title): no problems"
    } else {
      let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
      text = (["\(title): \(count)"] + problems.map(\.description)).joined(separator: "\n\n")
    }
    // A factory not seen hides its decorators' and completion's resolves too: resolving it once
    // shows them all.
    let listed = unseenRegistrations.listed
    let (unseen, parts) = (listed.keys, listed.parts)
    let factories = unseen.filter { parts[$0]?.contains(.factory) ?? true }
    let hooks = unseen.filter { !(parts[$0]?.contains(.factory) ?? true) }
    if !factories.isEmpty { text += "\n\n" + Self.notSeen(factories) }
    if !hooks.isEmpty { text += "\n\n" + Self.notSeenHooks(hooks, parts: parts) }
    return text
  }

  /// The paragraph on closure factories that were not seen.
  private static func notSeen(_ unseen: [DependencyKey]) -> String {
    let shown = unseen.prefix(10).map(\.description).joined(separator: ", ")
    let more = unseen.count > 10 ? " and \(unseen.count - 10) more" : ""
    let one = unseen.count == 1
    let count = one ? "1 closure factory resolves" : "\(unseen.count) closure factories resolve"
    let (it, declares, has) = one ? ("it", "declares", "has") : ("they", "declare", "have")
    let them = one ? "it" : "them"
    return "Not seen: what \(count), as \(it) \(declares) no dependencies: and \(has) not"
      + " run: \(shown)\(more). Pass dependencies: when registering \(them) ([] for none), or"
      + " resolve \(them) once, for a complete check."
  }

  /// The paragraph on decorators and completions that were not seen, of registrations whose
  /// factories were.
  private static func notSeenHooks(
    _ keys: [DependencyKey], parts unseenParts: [DependencyKey: UndeclaredParts]
  ) -> String {
    var count = 0
    let named = keys.map { key in
      let parts = unseenParts[key] ?? []
      let hooks =
        (parts.contains(.decorator) ? ["decorated"] : [])
        + (parts.contains(.completion) ? ["onCreated"] : [])
      count += hooks.count
      return "\(key) (\(hooks.joined(separator: ", ")))"
    }
    let shown = named.prefix(10).joined(separator: ", ")
    let more = named.count > 10 ? " and \(named.count - 10) more" : ""
    let one = count == 1
    let what =
      one ? "1 decorator or completion resolves" : "\(count) decorators or completions resolve"
    let (it, declares, has) = one ? ("it", "declares", "has") : ("they", "declare", "have")
    let registrations = keys.count == 1 ? "its registration" : "their registrations"
    return "Not seen: what \(what), as \(it) \(declares) no dependencies: and \(has) not run:"
      + " \(shown)\(more). Pass dependencies: to \(one ? "it" : "them") ([] for none), or"
      + " resolve \(registrations) once, for a complete check."
  }
}

/// The registrations a report lists as unseen, with what of each was not seen.
///
/// Validation finds them in its own order; listing them sorts them by the description of their
/// keys, which names every key's type. A report that nobody reads (`validate().isValid` at
/// launch) names none, so the sort is made when the list is first read, then kept.
final class UnseenRegistrations: Sendable {
  private let found: [(key: DependencyKey, parts: UndeclaredParts)]
  private let isListed: Bool
  private let made = Lock<Listed?>(nil)

  /// The keys in the order a report lists them, and what of each was not seen.
  struct Listed: Sendable {
    let keys: [DependencyKey]
    let parts: [DependencyKey: UndeclaredParts]
  }

  /// No registration.
  static let none = UnseenRegistrations(listed: [])

  /// Registrations as validation found them: listed by description.
  init(found: [(key: DependencyKey, parts: UndeclaredParts)]) {
    self.found = found
    isListed = false
  }

  /// Keys already in the order to list them, whose closure factories were not seen.
  init(listed keys: [DependencyKey]) {
    found = keys.map { ($0, .factory) }
    isListed = true
  }

  /// The keys in the order a report lists them, and what of each was not seen.
  var listed: Listed {
    made.withLock { made in
      if let made { return made }
      let ordered = isListed ? found : found.sorted(byDescriptionOf: \.key)
      let listed = Listed(
        keys: ordered.map(\.key),
        parts: Dictionary(ordered.map { ($0.key, $0.parts) }, uniquingKeysWith: { $0.union($1) })
      )
      made = listed
      return listed
    }
  }
}
