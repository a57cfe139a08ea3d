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
  /// Every problem found, sorted by kind (missing, cycle, captive, async-from-sync), then by the
  /// description of its key.
  ///
  /// ```swift
  /// for problem in container.validate().problems { print(problem.summary) }
  /// ```
  public let problems: [GraphProblem]

  init(problems: [GraphProblem]) {
    self.problems = problems
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
    if !isValid { throw GraphValidationError(report: self) }
  }

  /// `ValidationReport: 2 problems`, then one block per problem, separated by blank lines.
  ///
  /// ```swift
  /// print(container.validate())
  /// ```
  public var description: String { render(title: "ValidationReport") }

  /// The report under `title`: `<title>: no problems`, or the count and the blocks.
  func render(title: String) -> String {
    guard !problems.isEmpty else { return "\(title): no problems" }
    let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
    return (["\(title): \(count)"] + problems.map(\.description)).joined(separator: "\n\n")
  }
}
