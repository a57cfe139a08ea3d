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
        case .tooDeep(let offset):
          (
            offset,
            "this file nests more than \(NestingDepth.limit) levels deep here (brackets, #if,"
              + " else, try, await, ->), which loom-graph does not read; name the inner parts"
              + " (a typealias, a variable, a function)"
          )
        case .squaresTooDeep(let offset):
          (
            offset,
            "this file nests '[' more than \(NestingDepth.squareLimit) levels deep here, which"
              + " loom-graph does not read (its parser's time doubles with each level); name the"
              + " inner parts (a typealias, a variable)"
          )
        }
      scan.unreadable.append(
        Finding(
          severity: .error, position: position(ofOffset: offset, in: source, file: file),
          message: message))
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
        Finding(
          severity: .error, position: scanner.position(at: error.position),
          message: "this file is not valid Swift (\(error.what) here), so loom-graph cannot read"
            + " all of it; fix it as the compiler says"))
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

  private var scope: Scope { scopes[scopes.count - 1] }

  private func qualified(_ name: String) -> String {
    scope.typeName.map { "\($0).\(name)" } ?? name
  }

  // MARK: - Imports and opt-outs

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let first = node.path.first?.name.text else { return .skipChildren }
    if Self.loomModules.contains(first) { importsLoom = true }
    imports.insert(first)
    if node.attributes.contains(named: "_exported") { scan.reexports.insert(first) }
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
    if let attribute = node.attributes.attributes(named: "Component").first {
      let reader = ComponentReader(module: module, position: position)
      scan.components.append(reader.read(node, name: name, attribute: attribute))
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
    if scope.isModule, let provides = node.attributes.attributes(named: "Provides").first {
      readProvides(node, attribute: provides)
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
    let (attributes, members, anchor) = (node.attributes, node.memberBlock, node.name)
    let (inheritance, generics) = (node.inheritanceClause, node.genericParameterClause)
    var inner = Scope(typeName: name, generics: scope.generics)
    for parameter in generics?.parameters ?? [] { inner.generics.insert(parameter.name.text) }
    let inherited = inheritance?.inheritedTypes.map { TypeSpelling.spell($0.type) } ?? []
    inner.isModule = attributes.contains(named: "Module")
    scopes.append(inner)

    var type = TypeFact(name: name, module: module, kind: kind, position: position(anchor))
    type.isAssembly =
      inner.isModule || inherited.contains { $0 == "Assembly" || $0 == "LoomAssembly.Assembly" }
    let initializers = members.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
    type.initializers = initializers.map {
      ParameterReader.read($0.signature.parameterClause.parameters)
    }
    if kind == .structure, initializers.isEmpty {
      type.memberwise = ParameterReader.memberwise(of: members.members)
    }
    let binds = attributes.attributes(named: "Bind")
    if attributes.contains(named: "Injectable") || !binds.isEmpty {
      let marked = initializers.filter { $0.attributes.contains(named: "InjectableInit") }
      if let chosen = marked.count == 1
        ? marked[0] : (initializers.count == 1 ? initializers[0] : nil)
      {
        type.injectable = ParameterReader.read(chosen.signature.parameterClause.parameters)
      } else if initializers.isEmpty {
        type.injectable = type.memberwise ?? []
      }
      scan.provisions.append(
        Provision(
          key: .type(name, name: nil), kind: .injectable, lifetime: "transient",
          enclosingType: nil, module: module, position: position(anchor),
          pending: [.injectable(type: name)]))
    }
    for bind in binds { readBind(bind, type: name) }
    scan.types.append(type)
    return name
  }

  // MARK: - Macros on types

  /// `@Bind(lifetime:)`, `@Bind(P.self, name:, lifetime:)` or `@Bind(\.key, lifetime:)` on `type`.
  private func readBind(_ attribute: AttributeSyntax, type: String) {
    let arguments = attribute.argumentList
    let lifetime = arguments.argument("lifetime").map { TypeSpelling.lifetime($0.expression) }
    var key = SourceKey.type(type, name: nil)
    if let first = arguments.first, first.label == nil {
      if let property = TypeSpelling.keyPathProperty(first.expression) {
        key = .keyPath(property)
      } else if let bound = TypeSpelling.metatype(first.expression) {
        let name = arguments.argument("name").flatMap {
          $0.expression.is(NilLiteralExprSyntax.self)
            ? nil : ParameterReader.name(of: $0.expression)
        }
        key = .type(bound, name: name)
      }
    }
    var provision = Provision(
      key: key, kind: .bind, lifetime: lifetime ?? "transient", enclosingType: nil,
      module: module, position: position(attribute))
    if key == .type(type, name: nil) {
      provision.pending = [.injectable(type: type)]
    } else {
      provision.edges = [SourceEdge(to: .type(type, name: nil))]
      provision.isBinding = true
    }
    scan.provisions.append(provision)
  }

  /// A `@Provides` method of a `@Module` type: its return type is the key, its parameters the
  /// dependencies.
  private func readProvides(_ function: FunctionDeclSyntax, attribute: AttributeSyntax) {
    guard let returned = function.signature.returnClause?.type else { return }
    let name = attribute.argument("name").flatMap {
      $0.expression.is(NilLiteralExprSyntax.self) ? nil : ParameterReader.name(of: $0.expression)
    }
    var provision = Provision(
      key: .type(TypeSpelling.spell(returned), name: name), kind: .provides,
      lifetime: attribute.argument("lifetime").map { TypeSpelling.lifetime($0.expression) }
        ?? "transient",
      enclosingType: scope.typeName, module: module, position: position(attribute))
    provision.edges = ParameterReader.read(function.signature.parameterClause.parameters).map(
      \.edge)
    provision.isAsync = function.signature.effectSpecifiers?.asyncSpecifier != nil
    scan.provisions.append(provision)
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
