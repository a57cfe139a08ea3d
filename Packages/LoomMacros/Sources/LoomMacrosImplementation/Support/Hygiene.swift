import SwiftParser
import SwiftSyntax

/// How generated code names what it did not declare itself, so that no declaration of the user's
/// module (a nested, enclosing, imported or file-scope type called `Loom`, `LoomMacros`,
/// `Sendable` or `MainActor`; a member called `LoomMacros`) can capture the name.
///
/// Generated code names every type, function and attribute of Loom, LoomMacros, LoomAssembly, the
/// standard library and `_Concurrency` with a module selector (SE-0491): `Loom::Container`,
/// `Swift::Sendable`, `@_Concurrency::MainActor`. A module selector looks the name up in that
/// module only, whatever the scopes around it declare, and Swift 6.3 accepts it without a flag.
/// An older compiler gets the spelling Loom 0.1 wrote (`Loom.Container`, `Sendable`).
enum Qualified {
  /// Whether generated code uses module selectors: the compiler that builds this plugin, which
  /// builds the code it expands too, and the swift-syntax it parses with, both read them.
  static let usesModuleSelectors: Bool = {
    #if compiler(>=6.3)
      return !Parser.parse(source: "let x: Swift::Int").hasError
    #else
      return false
    #endif
  }()

  /// `Loom::name`.
  static func loom(_ name: String) -> String { module("Loom", name, fallback: true) }

  /// `LoomMacros::name`.
  static func loomMacros(_ name: String) -> String { module("LoomMacros", name, fallback: true) }

  /// `LoomAssembly::name`.
  static func loomAssembly(_ name: String) -> String {
    module("LoomAssembly", name, fallback: true)
  }

  /// `Swift::name`: a standard library type or function.
  static func swift(_ name: String) -> String { module("Swift", name, fallback: false) }

  /// `Swift::Sendable`.
  static var sendable: String { swift("Sendable") }

  /// `@_Concurrency::MainActor`, as an attribute.
  static var mainActor: String { "@" + module("_Concurrency", "MainActor", fallback: false) }

  /// `module::name`; without module selectors `module.name` (`fallback`) or `name`.
  private static func module(_ module: String, _ name: String, fallback: Bool) -> String {
    if usesModuleSelectors { return "\(module)::\(name)" }
    return fallback ? "\(module).\(name)" : name
  }
}

/// `name` as an identifier in generated code: as it is when Swift reads it as one everywhere
/// (a declaration, after a `.`), else in backticks (`` `default` ``, `` `my member` ``).
///
/// ```swift
/// identifier("api")      // api
/// identifier("default")  // `default`
/// ```
func identifier(_ name: String) -> String {
  if name.isValidSwiftIdentifier(for: .variableName)
    && name.isValidSwiftIdentifier(for: .memberAccess) && !["Type", "Protocol"].contains(name)
  {
    return name
  }
  return "`\(name)`"
}

/// `name` as an argument label of a call or a parameter: as it is, unless Swift needs backticks
/// there (`inout`, `var`, `let`, or a name that is not an identifier).
///
/// ```swift
/// label("default")  // default
/// label("let")      // `let`
/// ```
func label(_ name: String) -> String {
  if name.isValidSwiftIdentifier(for: .memberAccess) && !["inout", "var", "let"].contains(name) {
    return name
  }
  return "`\(name)`"
}

/// A parameter of a generated declaration whose label and name are `name`: as a label (Swift
/// reads `default: T` as a parameter called `default`, which the body writes `` `default` ``).
func parameter(_ name: String) -> String {
  label(name)
}

/// `name` as a string literal: quoted, with `\` and `"` escaped.
func stringLiteral(_ name: String) -> String {
  let escaped = name.flatMap { character -> [Character] in
    character == "\\" || character == "\"" ? ["\\", character] : [character]
  }
  return "\"\(String(escaped))\""
}

extension TokenSyntax {
  /// The name an identifier token declares or refers to, without backticks: `default` for
  /// `` `default` ``.
  var bareName: String {
    identifier?.name ?? text
  }
}
