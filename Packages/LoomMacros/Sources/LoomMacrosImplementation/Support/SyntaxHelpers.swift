import SwiftSyntax
import SwiftSyntaxMacros

extension AttributeListSyntax {
  /// The attributes written as `@name` (or `@LoomMacros.name`), in source order.
  func attributes(named name: String) -> [AttributeSyntax] {
    compactMap { element in
      guard case .attribute(let attribute) = element, attribute.isNamed(name) else { return nil }
      return attribute
    }
  }

  /// Whether an attribute written as `@name` (or `@Module.name`) is present.
  func contains(named name: String) -> Bool {
    !attributes(named: name).isEmpty
  }
}

extension AttributeSyntax {
  /// Whether the attribute is `@name`, possibly module-qualified (`@LoomMacros.name`).
  func isNamed(_ name: String) -> Bool {
    if let identifier = attributeName.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == name
    }
    if let member = attributeName.as(MemberTypeSyntax.self) {
      return member.name.text == name
    }
    return false
  }

  /// The attribute's arguments, or an empty list when it has none.
  var argumentList: LabeledExprListSyntax {
    arguments?.as(LabeledExprListSyntax.self) ?? []
  }

  /// The argument labelled `label`, or the first unlabelled one when `label` is nil.
  func argument(_ label: String?) -> LabeledExprSyntax? {
    argumentList.first { $0.label?.text == label }
  }
}

extension DeclModifierListSyntax {
  /// The modifier whose keyword is `keyword`, if written.
  func modifier(_ keyword: Keyword) -> DeclModifierSyntax? {
    first { $0.name.tokenKind == .keyword(keyword) }
  }
}

extension DeclGroupSyntax {
  /// The generic parameters of a type declaration, if it has any.
  var genericParameters: GenericParameterClauseSyntax? {
    self.as(ClassDeclSyntax.self)?.genericParameterClause
      ?? self.as(StructDeclSyntax.self)?.genericParameterClause
      ?? self.as(EnumDeclSyntax.self)?.genericParameterClause
      ?? self.as(ActorDeclSyntax.self)?.genericParameterClause
  }
}

extension TypeSyntax {
  /// The wrapped type of `T?`, `Optional<T>` or `T!`, else nil.
  var optionalWrapped: TypeSyntax? {
    if let optional = self.as(OptionalTypeSyntax.self) {
      return optional.wrappedType.unparenthesized
    }
    if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return unwrapped.wrappedType.unparenthesized
    }
    if let identifier = self.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
      let argument = identifier.genericArgumentClause?.arguments.first,
      identifier.genericArgumentClause?.arguments.count == 1
    {
      // NB: `argument` is a TypeSyntax in swift-syntax 600 and a choice of type or expression
      // since 601; `.as(TypeSyntax.self)` reads both.
      return argument.argument.as(TypeSyntax.self)?.unparenthesized
    }
    return nil
  }

  /// `(T)` read as `T`; any other type unchanged.
  var unparenthesized: TypeSyntax {
    if let tuple = self.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.firstName == nil
    {
      return only.type.unparenthesized
    }
    return self
  }

  /// `T?`, parenthesised when `T` needs it: `(any P)?`.
  var optionalText: String {
    let type = trimmed
    let needsParentheses =
      type.is(SomeOrAnyTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
      || type.is(CompositionTypeSyntax.self) || type.is(AttributedTypeSyntax.self)
    return needsParentheses ? "(\(type.trimmedDescription))?" : "\(type.trimmedDescription)?"
  }

  /// The type without surrounding trivia, as source text.
  var text: String { trimmedDescription }

  /// The type's metatype expression: `Database.self`, or `(any APIClient).self` for a type that
  /// needs parentheses there.
  var metatype: String {
    let type = unparenthesized
    if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) {
      return "\(type.text).self"
    }
    return "(\(type.text)).self"
  }
}

extension MacroExpansionContext {
  /// Whether `first` and `second` are the same node of the source: the attribute being expanded
  /// and one read from the declaration are detached copies, so only their locations match.
  func isSameNode(_ first: some SyntaxProtocol, _ second: some SyntaxProtocol) -> Bool {
    guard let one = location(of: first), let other = location(of: second) else {
      return first.trimmedDescription == second.trimmedDescription
    }
    return one.line.description == other.line.description
      && one.column.description == other.column.description
  }

  /// `fileID: "Module/File.swift", line: 12` for `node`, as the arguments of a Loom call that
  /// records where something was declared. Falls back to `#fileID` and `#line`.
  func locationArguments(of node: some SyntaxProtocol) -> String {
    if let location = location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID) {
      return "fileID: \(location.file), line: \(location.line)"
    }
    return "fileID: #fileID, line: #line"
  }

  /// `#sourceLocation(file: "/path/File.swift", line: 12)` for `node`: the directive that makes
  /// Swift report an error in the generated declarations after it at `node`'s line, in the user's
  /// file, rather than in the expansion. Nil when the location is unknown.
  func sourceLocationDirective(of node: some SyntaxProtocol) -> String? {
    guard let location = location(of: node, at: .afterLeadingTrivia, filePathMode: .filePath)
    else { return nil }
    return "#sourceLocation(file: \(location.file), line: \(location.line))"
  }
}
