// A feature module: it implements the keys of MacroFixtureKeys and registers the implementations
// itself with @Bind, so nothing outside it lists them.
// NB: BindTests pins the lines of the @Bind attributes below; keep them where they are.
import LoomMacros
import MacroFixtureKeys

@Bind((any Greeter).self, lifetime: .singleton)
final class EnglishGreeter: Greeter {
  let salutation: Salutation

  init(@Named(\.salutation) salutation: Salutation) {
    self.salutation = salutation
  }

  func greet(_ name: String) -> String { "\(salutation.word) \(name)" }
}

@Bind(\.farewell)
struct EnglishFarewell: Greeter {
  func greet(_ name: String) -> String { "Goodbye \(name)" }
}

@Bind((any Greeter).self, name: "formal")
struct FormalGreeter: Greeter {
  let plain: Lazy<any Greeter>

  func greet(_ name: String) -> String { "Good day. \(plain.value.greet(name))" }
}

@Bind((any Conflicted).self)
struct FeatureConflicted: Conflicted {}
