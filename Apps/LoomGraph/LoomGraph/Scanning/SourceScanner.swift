import LoomMacrosImplementation
import SwiftParser
import SwiftSyntax

/// Reads one Swift file, without compiling it, into what the app's graph needs: components,
/// `@Injectable` and `@Bind` types, `@Module` methods, key-path declarations, the registrations
/// whose key the call spells, and what it cannot read.
final class SourceScanner: SyntaxVisitor {
  /// The innermost declaration being read.
  private struct Scope {
    var typeName: String?
    var generics: Set<String> = []
    var extendsContainer = false
    var isModule = false
  }

  private static let loomModules: Set<String> = [
    "Loom", "LoomAssembly", "LoomMacros", "LoomSession", "LoomTesting",
  ]

  private let module: String
  private let file: String
  private let converter: SourceLocationConverter
  private var scan = FileScan()
  private var scopes: [Scope] = [Scope()]
  /// Whether the file imports a Loom module: only then are calls it cannot read reported.
  private var importsLoom = false
  /// The modules the file imports (an import anywhere in the file counts for all of it).
  private var imports: Set<String> = []

  private init(module: String, file: String, tree: SourceFileSyntax) {
    self.module = module
    self.file = file
    self.converter = SourceLocationConverter(fileName: file, tree: tree)
    super.init(viewMode: .sourceAccurate)
  }

  /// Reads `source`, the contents of `file` in `module`. A file nested too deeply to read, or
  /// that is not valid Swift, is reported as unreadable (what of it parses is read all the same).
  static func scan(source: String, file: String, module: String) -> FileScan {
    if let problem = NestingDepth(of: Array(source.utf8)).problem {
      var scan = FileScan()
      let (offset, message) =
        switch problem {
        case .tooDeep(let offset): (offset, GraphMessage.tooDeep(limit: NestingDepth.limit))
        case .squaresTooDeep(let offset):
          (offset, GraphMessage.squaresTooDeep(limit: NestingDepth.squareLimit))
        }
      scan.unreadable.append(
        Finding(message, at: position(ofOffset: offset, in: source, file: file)))
      return scan
    }
    let tree = Parser.parse(source: source)
    let scanner = SourceScanner(module: module, file: file, tree: tree)
    scanner.walk(tree)
    for index in scanner.scan.components.indices {
      scanner.scan.components[index].imports = scanner.imports
    }
    if let error = FirstSyntaxError.find(in: tree) {
      scanner.scan.unreadable.append(
        Finding(.notSwift(error.what), at: scanner.position(at: error.position)))
    }
    return scanner.scan
  }

  /// The position of a UTF-8 offset in `source`, for a file that is not parsed.
  private static func position(ofOffset offset: Int, in source: String, file: String)
    -> SourcePosition
  {
    var line = 1
    var lineStart = 0
    for (index, byte) in source.utf8.prefix(offset).enumerated() where byte == 0x0A {
      line += 1
      lineStart = index + 1
    }
    return SourcePosition(file: file, line: line, column: offset - lineStart + 1)
  }

  private func position(_ node: any SyntaxProtocol) -> SourcePosition {
    position(at: node.positionAfterSkippingLeadingTrivia)
  }

  private func position(at offset: AbsolutePosition) -> SourcePosition {
    let location = converter.location(for: offset)
    return SourcePosition(file: file, line: location.line, column: location.column)
  }

  /// A declaration detached from the file, as the compiler gives it to a macro (which the
  /// macros' readers want: they copy nodes, and a copy of a node attached to the whole file
  /// copies the file), and how to place its nodes in the file.
  private func detach<Declaration: SyntaxProtocol>(_ declaration: Declaration)
    -> (Declaration, DeclarationFacts)
  {
    let offset = declaration.position.utf8Offset
    let facts = DeclarationFacts(module: module) { [self] node in
      position(
        at: AbsolutePosition(
          utf8Offset: offset + node.positionAfterSkippingLeadingTrivia.utf8Offset))
    }
    return (declaration.detached, facts)
  }

  private var scope: Scope { scopes[scopes.count - 1] }

  private func qualified(_ name: String) -> String {
    scope.typeName.map { "\($0).\(name)" } ?? name
  }

  // MARK: - Imports and opt-outs

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let first = node.path.first?.name.text else { return .skipChildren }
    if Self.loomModules.contains(first) { importsLoom = true }
    imports.insert(first)
    let exported = node.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.sourceText == "_exported"
    }
    if exported { scan.reexports.insert(first) }
    return .skipChildren
  }

  override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
    noteIgnore(node)
    return .visitChildren
  }

  override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
    noteIgnore(node)
    return .visitChildren
  }

  /// A declaration or statement under `// loom-graph:ignore` reports no problem.
  private func noteIgnore(_ node: some SyntaxProtocol) {
    let marked = node.leadingTrivia.contains { piece in
      switch piece {
      case .lineComment(let text), .docLineComment(let text):
        text.contains("loom-graph:ignore")
      default: false
      }
    }
    guard marked else { return }
    let start = position(node).line
    let end = converter.location(for: node.endPositionBeforeTrailingTrivia).line
    scan.ignored.append(SourceRange(file: file, lines: start...end))
  }

  // MARK: - Types

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = enterType(node, kind: .structure)
    let (detached, facts) = detach(node)
    if let component = DeclarationReader.component(detached) {
      scan.components.append(
        facts.component(component, name: name, anchor: position(node.name)))
    }
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node, kind: .classType)
    return .visitChildren
  }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node, kind: .actor)
    return .visitChildren
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node, kind: .enumeration)
    return .visitChildren
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    scan.protocols.insert(qualified(node.name.text))
    return .skipChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let extended = TypeSpelling.spell(node.extendedType)
    var inner = Scope(typeName: extended)
    inner.extendsContainer = extended == "Container" || extended == "Loom.Container"
    scopes.append(inner)
    // Initializers written in an extension can be auto-wired too.
    let initializers = node.memberBlock.members.compactMap {
      $0.decl.as(InitializerDeclSyntax.self)
    }
    if !initializers.isEmpty {
      scan.extensionInitializers[extended, default: []] += initializers.map {
        ParameterReader.read($0.signature.parameterClause.parameters)
      }
    }
    return .visitChildren
  }

  override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
  override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
  override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }
  override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
  override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    var inner = scope
    for parameter in node.genericParameterClause?.parameters ?? [] {
      inner.generics.insert(parameter.name.text)
    }
    scopes.append(inner)
    if scope.isModule {
      let (detached, facts) = detach(node)
      if let method = DeclarationReader.providedMethod(detached, moduleIsMainActor: false) {
        scan.provisions.append(facts.provided(method, enclosingType: scope.typeName))
      }
    }
    return .visitChildren
  }

  override func visitPost(_ node: FunctionDeclSyntax) { scopes.removeLast() }

  /// Reads a type declaration, enters its scope and returns its name (qualified by the types
  /// around it).
  @discardableResult
  private func enterType(
    _ node: some DeclGroupSyntax & NamedDeclSyntax & WithGenericParametersSyntax,
    kind: TypeFact.Kind
  ) -> String {
    let name = qualified(node.name.text)
    let (members, anchor) = (node.memberBlock, node.name)
    let (inheritance, generics) = (node.inheritanceClause, node.genericParameterClause)
    var inner = Scope(typeName: name, generics: scope.generics)
    for parameter in generics?.parameters ?? [] { inner.generics.insert(parameter.name.text) }
    let inherited = inheritance?.inheritedTypes.map { TypeSpelling.spell($0.type) } ?? []
    inner.isModule = DeclarationReader.isModule(node)
    scopes.append(inner)

    var type = TypeFact(name: name, module: module, kind: kind, position: position(anchor))
    type.isAssembly =
      inner.isModule || inherited.contains { $0 == "Assembly" || $0 == "LoomAssembly.Assembly" }
    let initializers = members.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
    type.initializers = initializers.map {
      ParameterReader.read($0.signature.parameterClause.parameters)
    }
    let (detached, facts) = detach(node)
    if kind == .structure, initializers.isEmpty {
      type.memberwise = DeclarationReader.memberwiseParameters(of: detached).map(
        DeclarationFacts.parameter)
    }
    // `@Injectable` and `@Bind`: what the macros' reader says the container calls.
    if let injectable = DeclarationReader.injectable(detached) {
      if injectable.name != nil {
        type.injectable = injectable.parameters.map(DeclarationFacts.parameter)
      }
      var provision = Provision(
        key: .type(name, name: nil), kind: .injectable, lifetime: "transient",
        enclosingType: nil, module: module, position: position(anchor),
        pending: [.injectable(type: name)])
      provision.isAsync = injectable.isAsync
      scan.provisions.append(provision)
    }
    for binding in DeclarationReader.bindings(detached) {
      scan.provisions.append(facts.binding(binding, type: name))
    }
    scan.types.append(type)
    return name
  }

  // MARK: - Key-path declarations

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard scope.extendsContainer, let binding = node.bindings.first,
      let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
      let type = binding.typeAnnotation?.type,
      type.as(IdentifierTypeSyntax.self)?.name.text == "Dependency"
        || type.as(MemberTypeSyntax.self)?.name.text == "Dependency"
    else { return .visitChildren }
    var provision = Provision(
      key: .keyPath(pattern.identifier.text), kind: .declaration, lifetime: "transient",
      enclosingType: nil, module: module, position: position(pattern))
    if let accessors = binding.accessorBlock {
      let finder = DependencyCallFinder()
      finder.walk(accessors)
      if let call = finder.call {
        // `Dependency(.singleton, …)`: a lifetime is a member written without a type.
        if let first = call.arguments.first, first.label == nil,
          let access = first.expression.as(MemberAccessExprSyntax.self), access.base == nil
        {
          provision.lifetime = access.declName.baseName.text
        }
        let reader = RegistrationReader(
          module: module, enclosingType: nil, generics: scope.generics, position: position)
        reader.readFactory(of: call, into: &provision)
      }
    }
    scan.provisions.append(provision)
    return .skipChildren
  }

  // MARK: - Registrations

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let reader = RegistrationReader(
      module: module, enclosingType: scope.typeName, generics: scope.generics,
      position: position)
    switch reader.read(node) {
    case .provision(let provision): scan.provisions.append(provision)
    case .unseen(let unseen) where importsLoom: scan.unseen.append(unseen)
    case .unseen, .none: break
    }
    return .visitChildren
  }
}

/// Finds the `Dependency(…)` call in a key-path declaration's getter.
private final class DependencyCallFinder: SyntaxVisitor {
  var call: FunctionCallExprSyntax?

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard call == nil else { return .skipChildren }
    if ["Dependency", "init"].contains(node.calledName ?? "") {
      call = node
      return .skipChildren
    }
    return .visitChildren
  }
}
