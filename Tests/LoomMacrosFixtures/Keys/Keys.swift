// The keys a feature module implements, declared in a module of their own: the tests resolve
// them without importing the module that binds them (MacroFixtureFeature).
public import LoomMacros

/// A service the feature module implements.
public protocol Greeter: Sendable {
  /// A greeting for `name`.
  func greet(_ name: String) -> String
}

/// A service bound twice on purpose: by the feature module and by the tests.
///
/// `Container.default` of the test process therefore resolves it to a `duplicateRegistration`
/// error; a test that resolves every registration of the default container would report it.
public protocol Conflicted: Sendable {}

/// The settings the feature's implementations read.
public struct Salutation: Sendable {
  /// The word a greeting starts with.
  public let word: String

  /// Makes the settings.
  public init(word: String) {
    self.word = word
  }
}

// NB: every dependency of the feature's bindings has a default, because `Container.default`
// installs them in the whole test process: tests of other packages that validate a child of the
// default container must find nothing missing.
extension Container {
  /// The salutation, with a default.
  public var salutation: Dependency<Salutation> {
    Dependency(.singleton, dependencies: []) { _ in Salutation(word: "Hi") }
  }

  /// A key-path dependency with a default, which the feature module rebinds.
  public var farewell: Dependency<any Greeter> {
    Dependency(.singleton, dependencies: []) { _ in DefaultFarewell() }
  }
}

/// The default of `\.farewell`, replaced by the feature's binding.
struct DefaultFarewell: Greeter {
  func greet(_ name: String) -> String { "Bye \(name) (default)" }
}
