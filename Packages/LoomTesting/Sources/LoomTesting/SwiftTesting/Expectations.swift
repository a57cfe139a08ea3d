@_spi(Testing) public import Loom
public import Testing

// NB: These take `fileID`, `filePath`, `line` and `column` rather than a `SourceLocation`
// (`#_sourceLocation`). The issue is recorded at the same place either way, but a resolve also
// needs the caller's position as a `StaticString` for the `Requested at:` line of its
// `ResolutionError`, and a `SourceLocation` holds only `String`s; without it that line
// would point into LoomTesting instead of the test.

/// Records an issue at the caller unless `container`'s dependency graph is valid.
///
/// The graph is `container.validate()`: every missing dependency, cycle, captive lifetime and
/// synchronous dependency on an async registration, at once. The issue's comment is
/// `Expected a valid dependency graph.`, then the whole `ValidationReport`, each problem with its
/// path and how to fix it. Closure factories contribute edges once they have run; register with
/// auto-wired initializers, or resolve the app's roots first, for a complete check.
///
/// ```swift
/// @Test func appIsWired() {
///   let container = Container()
///   AppWiring.register(in: container)
///   expectValidGraph(container)
/// }
/// ```
///
/// - Parameters:
///   - container: The container to validate; `Container.current` if omitted.
///   - comment: A note printed after the report.
///   - fileID: Where the expectation is made; leave the default.
///   - filePath: The path of that file; leave the default.
///   - line: The line of the expectation; leave the default.
///   - column: The column of the expectation; leave the default.
public func expectValidGraph(
  _ container: Container = .current, _ comment: Comment? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  let report = container.validate()
  guard !report.isValid else { return }
  recordIssue(
    FailureMessage.invalidGraph(report, note: comment?.rawValue), fileID: fileID,
    filePath: filePath, line: line, column: column)
}

/// Records an issue at the caller unless `type` (and `name`) resolves in `container`.
///
/// The resolve runs in a new isolated child of `container` (`makeIsolatedChild()`), so the
/// singletons it builds are dropped afterwards and `container` is left as it was. The issue's
/// comment is `Expected <key> to resolve.`, then the whole `ResolutionError`: the chain that led
/// to the failure, where it was requested (this call) and how to fix it.
///
/// ```swift
/// @Test(.container) func checkoutIsWired() {
///   expectResolves(CheckoutModel.self)
///   expectResolves((any PaymentProcessor).self, name: "primary")
/// }
/// ```
///
/// - Parameters:
///   - type: The type to resolve.
///   - name: The name it was registered with, if any.
///   - container: The container to resolve in; `Container.current` if omitted.
///   - comment: A note printed after the error.
///   - fileID: Where the expectation is made; leave the default.
///   - filePath: The path of that file; leave the default.
///   - line: The line of the expectation; leave the default.
///   - column: The column of the expectation; leave the default.
public func expectResolves<Value>(
  _ type: Value.Type, name: String? = nil, in container: Container = .current,
  _ comment: Comment? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  do {
    _ = try container.makeIsolatedChild().tryResolve(type, name: name, fileID: fileID, line: line)
  } catch {
    recordIssue(
      FailureMessage.unresolvable(DependencyKey(type, name: name), error, note: comment?.rawValue),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Records an issue at the caller unless the dependency declared by `keyPath` resolves in
/// `container`.
///
/// As ``expectResolves(_:name:in:_:fileID:filePath:line:column:)``, for a key-path dependency:
/// the resolve runs in a new isolated child of `container`, and the issue's comment is
/// `Expected \.<property> to resolve.`, then the whole `ResolutionError`.
///
/// ```swift
/// @Test(.container) func apiIsWired() {
///   expectResolves(\.api)
/// }
/// ```
///
/// - Parameters:
///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
///   - container: The container to resolve in; `Container.current` if omitted.
///   - comment: A note printed after the error.
///   - fileID: Where the expectation is made; leave the default.
///   - filePath: The path of that file; leave the default.
///   - line: The line of the expectation; leave the default.
///   - column: The column of the expectation; leave the default.
public func expectResolves<Value>(
  _ keyPath: DependencyKeyPath<Value>, in container: Container = .current,
  _ comment: Comment? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  do {
    _ = try container.makeIsolatedChild().tryResolve(keyPath, fileID: fileID, line: line)
  } catch {
    recordIssue(
      FailureMessage.unresolvable(
        error.chain.first ?? DependencyKey(keyPath), error, note: comment?.rawValue),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Records an issue whose comment is `text`, at the given place.
func recordIssue(
  _ text: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  Issue.record(
    Comment(rawValue: text),
    sourceLocation: SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
}

/// Records one issue at the caller unless every registration `container` sees resolves.
///
/// Each key of `container.graph` is resolved, asynchronous and main-actor ones included, in a new
/// isolated child of `container` of its own, so nothing one resolve builds reaches the next or
/// `container`: the check Knit generates code for, in one call. Registrations that take runtime
/// arguments or need a scope no test has are skipped. The issue lists every failure with its chain.
///
/// ```swift
/// @Test(.container) func everythingIsWired() async {
///   AppWiring.register(in: Container.current)
///   await expectEveryRegistrationResolves()
/// }
/// ```
///
/// - Parameters:
///   - container: The container to check; `Container.current` if omitted.
///   - comment: A note printed after the failures.
///   - fileID: The file of the expectation; leave the default.
///   - filePath: The path of the file; leave the default.
///   - line: The line of the expectation; leave the default.
///   - column: The column of the expectation; leave the default.
public func expectEveryRegistrationResolves(
  _ container: Container = .current, _ comment: Comment? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) async {
  let outcome = await RegistrationSweep.run(over: container) {
    sandbox, key throws(ResolutionError) in
    _ = try await sandbox._resolveErased(key)
  }
  guard let message = outcome.message(note: comment?.rawValue) else { return }
  recordIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
