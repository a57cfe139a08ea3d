@_spi(Testing) public import Loom
import XCTest

// NB: These are named like XCTest's own assertions (`XCTAssertEqual`, `XCTAssertThrowsError`),
// which is what an XCTest user looks for; hence the `AlwaysUseLowerCamelCase` exceptions below.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Fails the test at the caller unless `container`'s dependency graph is valid.
///
/// The graph is `container.validate()`: every missing dependency, cycle, captive lifetime and
/// synchronous dependency on an async registration, at once. The failure's message is
/// `Expected a valid dependency graph.`, then the whole `ValidationReport`, each problem with its
/// path and how to fix it.
///
/// ```swift
/// func testAppIsWired() {
///   let container = Container()
///   AppWiring.register(in: container)
///   XCTAssertValidGraph(container)
/// }
/// ```
///
/// - Parameters:
///   - container: The container to validate; `Container.current` if omitted.
///   - message: A note printed after the report.
///   - file: The file of the assertion; leave the default.
///   - line: The line of the assertion; leave the default.
public func XCTAssertValidGraph(
  _ container: Container = .current, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {
  let report = container.validate()
  guard !report.isValid else { return }
  XCTFail(FailureMessage.invalidGraph(report, note: message()), file: file, line: line)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Fails the test at the caller unless `type` (and `name`) resolves in `container`.
///
/// The resolve runs in a new isolated child of `container` (`makeIsolatedChild()`), so the
/// singletons it builds are dropped afterwards and `container` is left as it was. The failure's
/// message is `Expected <key> to resolve.`, then the whole `ResolutionError`: the chain that led
/// to the failure, where it was requested (this call) and how to fix it.
///
/// ```swift
/// func testCheckoutIsWired() {
///   XCTAssertResolves(CheckoutModel.self, in: container)
/// }
/// ```
///
/// - Parameters:
///   - type: The type to resolve.
///   - name: The name it was registered with, if any.
///   - container: The container to resolve in; `Container.current` if omitted.
///   - message: A note printed after the error.
///   - fileID: The file of the assertion, for the error's `Requested at:`; leave the default.
///   - file: The file of the assertion; leave the default.
///   - line: The line of the assertion; leave the default.
public func XCTAssertResolves<Value>(
  _ type: Value.Type, name: String? = nil, in container: Container = .current,
  _ message: @autoclosure () -> String = "", fileID: StaticString = #fileID,
  file: StaticString = #filePath, line: UInt = #line
) {
  do {
    _ = try container.makeIsolatedChild().tryResolve(type, name: name, fileID: fileID, line: line)
  } catch {
    XCTFail(
      FailureMessage.unresolvable(DependencyKey(type, name: name), error, note: message()),
      file: file, line: line)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Fails the test at the caller unless the dependency declared by `keyPath` resolves in
/// `container`.
///
/// As ``XCTAssertResolves(_:name:in:_:fileID:file:line:)``, for a key-path dependency: the
/// resolve runs in a new isolated child of `container`, and the failure's message is
/// `Expected \.<property> to resolve.`, then the whole `ResolutionError`.
///
/// ```swift
/// func testAPIIsWired() {
///   XCTAssertResolves(\.api, in: container)
/// }
/// ```
///
/// - Parameters:
///   - keyPath: The key path to a `Dependency` declared in an extension of `Container`.
///   - container: The container to resolve in; `Container.current` if omitted.
///   - message: A note printed after the error.
///   - fileID: The file of the assertion, for the error's `Requested at:`; leave the default.
///   - file: The file of the assertion; leave the default.
///   - line: The line of the assertion; leave the default.
public func XCTAssertResolves<Value>(
  _ keyPath: DependencyKeyPath<Value>, in container: Container = .current,
  _ message: @autoclosure () -> String = "", fileID: StaticString = #fileID,
  file: StaticString = #filePath, line: UInt = #line
) {
  do {
    _ = try container.makeIsolatedChild().tryResolve(keyPath, fileID: fileID, line: line)
  } catch {
    XCTFail(
      FailureMessage.unresolvable(
        error.chain.first ?? DependencyKey(keyPath), error, note: message()),
      file: file, line: line)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Fails the test at the caller unless every registration `container` sees resolves.
///
/// Each key of `container.graph` is resolved, asynchronous and main-actor ones included, in a new
/// isolated child of `container` of its own. Registrations that take runtime arguments or need a
/// scope no test has are skipped. The failure lists every key that did not resolve, with its chain.
///
/// ```swift
/// func testEverythingIsWired() async {
///   await XCTAssertEveryRegistrationResolves(container)
/// }
/// ```
///
/// - Parameters:
///   - container: The container to check; `Container.current` if omitted.
///   - message: A note printed after the failures.
///   - file: The file of the assertion; leave the default.
///   - line: The line of the assertion; leave the default.
public func XCTAssertEveryRegistrationResolves(
  _ container: Container = .current, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) async {
  let outcome = await RegistrationSweep.run(over: container) {
    sandbox, key throws(ResolutionError) in
    _ = try await sandbox._resolveErased(key)
  }
  guard let text = outcome.message(note: message()) else { return }
  XCTFail(text, file: file, line: line)
}
