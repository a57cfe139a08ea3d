/// The error thrown by ``ValidationReport/throwIfInvalid()``: the dependency graph has problems.
///
/// It carries the whole ``report``; its ``description`` lists every problem:
///
/// ```swift
/// do {
///   try container.validate().throwIfInvalid()
/// } catch {
///   print(error)  // GraphValidationError: 2 problems, then one block per problem
///   let missing = error.report.problems.filter { $0.code == .missing }
/// }
/// ```
public struct GraphValidationError: Error, Sendable, CustomStringConvertible {
  /// The report that has problems.
  ///
  /// ```swift
  /// do {
  ///   try container.validate().throwIfInvalid()
  /// } catch {
  ///   print(error.report.problems.count)
  /// }
  /// ```
  public let report: ValidationReport

  /// Deprecated: only Loom makes this error; ``ValidationReport/throwIfInvalid()`` throws it.
  ///
  /// ```swift
  /// try container.validate().throwIfInvalid()
  /// ```
  ///
  /// - Parameter report: The report with the problems.
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message: "Only Loom makes this error: call `report.throwIfInvalid()` to throw it"
  )
  public init(report: ValidationReport) {
    self.init(report)
  }

  /// Wraps a report, for ``ValidationReport/throwIfInvalid()``.
  init(_ report: ValidationReport) {
    self.report = report
  }

  /// `GraphValidationError: 2 problems`, then one block per problem.
  ///
  /// ```swift
  /// print(error)
  /// ```
  public var description: String { report.render(title: "GraphValidationError") }
}
