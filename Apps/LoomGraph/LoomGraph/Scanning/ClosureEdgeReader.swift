import SwiftSyntax

/// Reads the dependencies a factory closure resolves: `r.resolve(T.self)`, `try
/// r.tryResolve(T.self, name: "n")`, `r.resolve(\.key)`, `r.lazy(T.self)`... A resolve whose
/// type is inferred is read from the initializer it is passed to (`T(database: try
/// r.resolve())`) once every type is known, or else reported as not seen.
final class ClosureEdgeReader: SyntaxVisitor {
  private static let resolves: Set<String> = [
    "resolve", "tryResolve", "resolveAsync", "tryResolveAsync", "resolveIfRegistered",
  ]
  private static let deferring: Set<String> = ["lazy", "provider"]

  private var provision: Provision
  private let position: (any SyntaxProtocol) -> SourcePosition

  private init(provision: Provision, position: @escaping (any SyntaxProtocol) -> SourcePosition) {
    self.provision = provision
    self.position = position
    super.init(viewMode: .sourceAccurate)
  }

  static func read(
    _ closure: ClosureExprSyntax, position: @escaping (any SyntaxProtocol) -> SourcePosition,
    into provision: inout Provision
  ) {
    let reader = ClosureEdgeReader(provision: provision, position: position)
    reader.walk(closure.statements)
    provision = reader.provision
  }

  override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard let called = call.calledName,
      Self.resolves.contains(called) || Self.deferring.contains(called),
      call.calledExpression.is(MemberAccessExprSyntax.self)
    else { return .visitChildren }
    let isDeferred = Self.deferring.contains(called)
    let name = call.arguments.argument("name").map { ParameterReader.name(of: $0.expression) }
    if let first = call.arguments.first, first.label == nil {
      if let property = TypeSpelling.keyPathProperty(first.expression) {
        provision.edges.append(SourceEdge(to: .keyPath(property), isDeferred: isDeferred))
      } else if let type = TypeSpelling.metatype(first.expression) {
        var edge = TypeSpelling.edge(to: type, name: name)
        edge.isDeferred = edge.isDeferred || isDeferred
        provision.edges.append(edge)
      } else {
        unseen(call, "takes its key from an expression evaluated at run time")
      }
      return .visitChildren
    }
    if let (type, label) = argumentSlot(of: call) {
      provision.pending.append(
        .inferred(type: type, label: label, name: name, position: position(call)))
    } else {
      unseen(call, "infers the type it resolves")
    }
    return .visitChildren
  }

  private func unseen(_ call: FunctionCallExprSyntax, _ why: String) {
    provision.unseenEdges.append(
      UnseenFact(
        position: position(call),
        text: "a dependency of \(provision.key): \(call.calledExpression.sourceText)(…)"
          + " \(why)"))
  }

  /// For a resolve passed as an argument of `T(label: …)` or `T.init(label: …)`: `T` and the
  /// label, from which the resolved type can be read once `T`'s initializers are known.
  private func argumentSlot(of call: FunctionCallExprSyntax) -> (String, String?)? {
    var node = Syntax(call)
    while let parent = node.parent,
      parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
    {
      node = parent
    }
    guard let argument = node.parent?.as(LabeledExprSyntax.self),
      let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    else { return nil }
    let callee = outer.calledExpression
    let type: String
    if let access = callee.as(MemberAccessExprSyntax.self),
      access.declName.baseName.tokenKind == .keyword(.`init`), let base = access.base
    {
      type = TypeSpelling.spell(base)
    } else if let reference = callee.as(DeclReferenceExprSyntax.self),
      reference.baseName.text.first?.isUppercase == true
    {
      type = reference.baseName.text
    } else {
      return nil
    }
    return (type, argument.label?.text)
  }
}
