import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Startup`: makes a function a start-up hook, discovered at link time like a `@Bind` binding.
///
/// It adds a link-time record next to the function: a C function pointer in the image's
/// initializer table that enrolls a `Loom::StartupTask` calling the function when the image loads.
/// `Container.default` installs the hooks when it is made, `installDiscoveredBindings()` into any
/// container, and `bootstrap()` runs them in their order, once per process.
///
/// ```swift
/// @Startup(order: 10)
/// func configureAnalytics(_ r: Resolver) throws { ... }
/// // adds
/// #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
/// @section(".init_array")
/// #elseif canImport(Darwin)
/// @section("__DATA,__mod_init_func,mod_init_funcs")
/// #endif
/// @used private nonisolated let _loomStartup_configureAnalytics: @convention(c) () -> Void = {
///   Loom::StartupTask._enroll {
///     Loom::StartupTask(
///       _startup: "App.configureAnalytics", order: 10, fileID: "App/Setup.swift", line: 1,
///       configureAnalytics(_:))
///   }
/// }
/// ```
public enum StartupMacro: CheckedPeerMacro {
  /// The record, or nothing when the function cannot be a start-up hook.
  static func peers(
    of node: AttributeSyntax, for declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext, problems: inout Problems
  ) -> [DeclSyntax] {
    let hook = StartupFunction.read(declaration, attribute: node, in: context, problems: &problems)
    guard let hook else { return [] }
    return hook.record(
      attribute: node, location: context.locationArguments(of: node),
      module: context.moduleName(of: node))
  }
}

/// A function that `@Startup` can make a start-up hook, read and checked.
struct StartupFunction {
  /// The function's name, such as `configureAnalytics`.
  let name: String
  /// How the record refers to the function: `configureAnalytics` or `configureAnalytics(_:)`.
  let reference: String
  /// The enclosing types, outermost first (empty for a global function).
  let typePath: [String]

  /// Reads `declaration` as a start-up hook, or records why it cannot be one.
  static func read(
    _ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax,
    in context: some MacroExpansionContext, problems: inout Problems
  ) -> StartupFunction? {
    guard let function = declaration.as(FunctionDeclSyntax.self) else {
      problems.error(.startupNotAFunction, at: attribute)
      return nil
    }
    guard let typePath = placement(of: function, attribute: attribute, in: context, &problems),
      checkSignature(of: function, &problems)
    else { return nil }
    let parameters = function.signature.parameterClause.parameters
    let labels = parameters.map { "\($0.firstName.text):" }.joined()
    let name = function.name.bareName
    let written = function.name.text
    return StartupFunction(
      name: name, reference: parameters.isEmpty ? written : "\(written)(\(labels))",
      typePath: typePath)
  }

  /// The names of the types around the function, outermost first; nil (and a problem) when the
  /// record cannot be declared next to it: in a function, a protocol or a generic type, or beside
  /// an instance method.
  private static func placement(
    of function: FunctionDeclSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext, _ problems: inout Problems
  ) -> [String]? {
    var path: [String] = []
    for enclosing in context.lexicalContext {
      guard let group = enclosing.asProtocol((any DeclGroupSyntax).self) else {
        problems.error(.startupLocal(function.name.text), at: attribute)
        return nil
      }
      if group.is(ProtocolDeclSyntax.self) {
        problems.error(.startupInProtocol, at: attribute)
        return nil
      }
      if let generics = group.genericParameters {
        problems.error(.startupInsideGeneric(function.name.text), at: generics)
        return nil
      }
      path.insert(group.typeName, at: 0)
    }
    if !path.isEmpty, function.modifiers.modifier(.static) == nil,
      function.modifiers.modifier(.class) == nil
    {
      problems.error(
        .startupInstanceMethod(function.name.text), at: function.funcKeyword,
        fixIt: .adding(
          .static, to: function, before: \.funcKeyword, title: FixItTitle.makeItStatic))
      return nil
    }
    return path
  }

  /// Whether the function's signature fits a hook: not generic, no parameter or one `Resolver`,
  /// and no result; records the problem otherwise.
  private static func checkSignature(
    of function: FunctionDeclSyntax, _ problems: inout Problems
  ) -> Bool {
    if let generics = function.genericParameterClause {
      problems.error(.startupGeneric, at: generics)
      return false
    }
    let parameters = function.signature.parameterClause.parameters
    if parameters.count > 1
      || parameters.contains(where: { !isResolver($0.type) || $0.defaultValue != nil })
    {
      problems.error(
        .startupParameters(function.name.text), at: function.signature.parameterClause)
      return false
    }
    if let result = function.signature.returnClause, !isVoid(result.type) {
      problems.error(
        .startupResult(result.type.trimmedDescription), at: result,
        fixIt: .replace(
          message: FixItText(FixItTitle.removeResultType), oldNode: function.signature,
          newNode: function.signature.with(\.returnClause, nil)))
      return false
    }
    return true
  }

  private static func isResolver(_ type: TypeSyntax) -> Bool {
    [
      "Resolver", "Loom.Resolver", "Loom::Resolver", "any Resolver", "any Loom.Resolver",
      "any Loom::Resolver",
    ].contains(type.trimmedDescription)
  }

  private static func isVoid(_ type: TypeSyntax) -> Bool {
    ["Void", "()", "Swift.Void", "Swift::Void"].contains(type.trimmedDescription)
  }

  /// The record: a static property beside a static method, a file-scope constant beside a
  /// global function.
  func record(attribute: AttributeSyntax, location: String, module: String?) -> [DeclSyntax] {
    let qualified = ((module.map { [$0] } ?? []) + typePath + [name]).joined(separator: ".")
    var arguments = [
      "_startup: "
        + (attribute.argument(nil)?.expression.trimmedDescription ?? stringLiteral(qualified))
    ]
    if let order = attribute.argument("order") {
      arguments.append("order: \(order.expression.trimmedDescription)")
    }
    arguments.append(location)
    arguments.append(reference)
    let isStatic = typePath.isEmpty ? "" : "static "
    let record: DeclSyntax = """
      #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
      @section(".init_array")
      #elseif canImport(Darwin)
      @section("__DATA,__mod_init_func,mod_init_funcs")
      #endif
      @used private nonisolated \(raw: isStatic)let \(raw: identifier("_loomStartup_" + name)): @convention(c) () -> \(raw: Qualified.swift("Void")) = {
        \(raw: Qualified.loom("StartupTask"))._enroll {
          \(raw: Qualified.loom("StartupTask"))(
            \(raw: arguments.joined(separator: ", ")))
        }
      }
      """
    let warning: DeclSyntax = """
      #if !(os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD) || canImport(Darwin))
      #warning("@Startup hooks are not discovered on this platform; add \(raw: name) as a start-up task yourself")
      #endif
      """
    return [record, warning]
  }
}

extension DeclGroupSyntax {
  /// The type's name as written: `Setup`, or the extended type of an extension.
  fileprivate var typeName: String {
    if let type = self.as(ExtensionDeclSyntax.self) { return type.extendedType.trimmedDescription }
    return self.asProtocol((any NamedDeclSyntax).self)?.name.text ?? ""
  }
}

extension MacroExpansionContext {
  /// The module `node` is in, read from its `#fileID` (`Module/File.swift`), if known.
  func moduleName(of node: some SyntaxProtocol) -> String? {
    guard let location = location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID),
      let literal = location.file.as(StringLiteralExprSyntax.self),
      let file = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text,
      let slash = file.firstIndex(of: "/")
    else { return nil }
    return String(file[..<slash])
  }
}
