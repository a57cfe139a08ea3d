import SwiftSyntax

/// Reads the registrations a file makes at run time whose key is written in the call:
/// `register(T.self, …)`, `register(\.key, …)`, `register(lifetime:, T.init)`,
/// `register(P.self, implementedBy: T.init)` (or `T.self`), `registerMainActor`, `bind(P.self, to: T.self)`, and LoomAssembly's `Singleton`, `Transient`,
/// `Weak` and `Register`. A call whose key is computed is reported as not seen.
struct RegistrationReader {
  /// What one call is.
  enum Outcome {
    case provision(Provision)
    case unseen(UnseenFact)
    /// Not a Loom registration (another library's `register`).
    case none
  }

  let module: String
  let enclosingType: String?
  /// The generic parameters in scope: `T.self` is then not a type loom-graph can name.
  let generics: Set<String>
  let position: (any SyntaxProtocol) -> SourcePosition

  private static let registrationLabels: Set<String> = [
    "name", "lifetime", "dependencies", "fileID", "line", "factory", "instance", "implementedBy",
  ]
  private static let bindingLabels: Set<String> = [
    "name", "to", "implementationName", "fileID", "line",
  ]
  /// LoomAssembly's registration components and the lifetime each one stands for.
  private static let components = [
    "Singleton": "singleton", "Transient": "transient", "Weak": "weak", "Register": "transient",
  ]

  func read(_ call: FunctionCallExprSyntax) -> Outcome {
    guard let called = call.calledName else { return .none }
    let labels = Set(call.arguments.compactMap { $0.label?.text })
    switch called {
    case "register", "registerMainActor":
      guard labels.isSubset(of: Self.registrationLabels) else { return .none }
      return readRegistration(call, called: called, lifetime: "transient")
    case "bind":
      guard labels.contains("to"), labels.isSubset(of: Self.bindingLabels) else { return .none }
      return readBinding(call)
    default:
      guard let lifetime = Self.components[called], labels.isSubset(of: Self.registrationLabels)
      else { return .none }
      return readRegistration(call, called: called, lifetime: lifetime)
    }
  }

  // MARK: - Keys

  private func readRegistration(
    _ call: FunctionCallExprSyntax, called: String, lifetime: String
  ) -> Outcome {
    let anchor = position(anchorNode(of: call))
    let unlabeled = Array(call.arguments).filter {
      $0.label == nil && !$0.expression.is(ClosureExprSyntax.self)
    }
    guard let keyArgument = unlabeled.first else {
      return .unseen(
        UnseenFact(
          position: anchor,
          text: "\(called)(…) infers the type it registers; write \(called)(T.self, …) so that"
            + " loom-graph can read its key"))
    }
    var name: String?
    if let argument = call.arguments.argument("name"),
      !argument.expression.is(NilLiteralExprSyntax.self)
    {
      name = ParameterReader.name(of: argument.expression)
    }
    let key: SourceKey
    let expression = keyArgument.expression
    if let type = TypeSpelling.metatype(expression) {
      if let generic = genericParameter(in: type) {
        return .unseen(
          UnseenFact(
            position: anchor,
            text: "\(called)(\(expression.sourceText), …) registers the generic parameter"
              + " '\(generic)', whose type is known only at run time"))
      }
      key = .type(type, name: name)
    } else if let property = TypeSpelling.keyPathProperty(expression) {
      key = .keyPath(property)
    } else if let (type, _) = initializerReference(expression) {
      key = .type(type, name: name)  // its edges: read with the other arguments below
    } else {
      return .unseen(
        UnseenFact(
          position: anchor,
          text: "\(called)(\(expression.sourceText), …) takes its key from an expression"
            + " evaluated at run time"))
    }
    var provision = Provision(
      key: key, kind: .registration, lifetime: lifetime, enclosingType: enclosingType,
      module: module, position: anchor)
    if let argument = call.arguments.argument("lifetime") {
      provision.lifetime = TypeSpelling.lifetime(argument.expression)
    } else if call.arguments.argument("instance") != nil {
      provision.lifetime = "singleton"  // a ready instance is kept, as a singleton's is
    }
    readFactory(of: call, into: &provision)
    if provision.edges.isEmpty, provision.pending.isEmpty, provision.unseenEdges.isEmpty,
      call.closures.isEmpty, call.arguments.argument("instance") == nil,
      call.arguments.argument("dependencies") == nil, case .type(let type, _) = key
    {
      // `register(T.self)` with no factory: an @Injectable type's own initializer.
      provision.pending.append(.injectable(type: type))
    }
    return .provision(provision)
  }

  private func readBinding(_ call: FunctionCallExprSyntax) -> Outcome {
    let anchor = position(anchorNode(of: call))
    guard let first = call.arguments.first, first.label == nil,
      let type = TypeSpelling.metatype(first.expression),
      let target = call.arguments.argument("to").flatMap({
        TypeSpelling.metatype($0.expression)
      })
    else {
      return .unseen(
        UnseenFact(
          position: anchor,
          text: "bind(…) names a type loom-graph cannot read without running the app"))
    }
    if let generic = genericParameter(in: type) ?? genericParameter(in: target) {
      return .unseen(
        UnseenFact(
          position: anchor,
          text: "bind(\(type).self, to: \(target).self) uses the generic parameter '\(generic)',"
            + " whose type is known only at run time"))
    }
    let name = call.arguments.argument("name").map { ParameterReader.name(of: $0.expression) }
    let targetName = call.arguments.argument("implementationName").map {
      ParameterReader.name(of: $0.expression)
    }
    var provision = Provision(
      key: .type(type, name: name), kind: .binding, lifetime: "transient",
      enclosingType: enclosingType, module: module, position: anchor)
    provision.edges = [SourceEdge(to: .type(target, name: targetName))]
    provision.isBinding = true
    return .provision(provision)
  }

  /// The generic parameter in scope that `type` is or starts with, if any.
  private func genericParameter(in type: String) -> String? {
    let head = type.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    return generics.contains(String(head)) ? String(head) : nil
  }

  /// What a call's position points at: `register` in `container.register(…)`.
  private func anchorNode(of call: FunctionCallExprSyntax) -> Syntax {
    if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
      return Syntax(access.declName)
    }
    return Syntax(call.calledExpression)
  }

  // MARK: - Factories

  /// Reads what a registration's factory depends on: `dependencies:`, an auto-wired
  /// initializer (`T.init`), or the resolves of a factory closure.
  func readFactory(of call: FunctionCallExprSyntax, into provision: inout Provision) {
    for argument in call.arguments where argument.label == nil {
      if let (type, labels) = initializerReference(argument.expression) {
        provision.pending.append(.initializer(type: type, labels: labels))
      }
    }
    // `register(P.self, implementedBy: Impl.init)`, or `implementedBy: Impl.self` for an
    // @Injectable implementation.
    if let implementation = call.arguments.argument("implementedBy")?.expression {
      if let (type, labels) = initializerReference(implementation) {
        provision.pending.append(.initializer(type: type, labels: labels))
      } else if let type = TypeSpelling.metatype(implementation) {
        provision.pending.append(.injectable(type: type))
      }
    }
    if let dependencies = call.arguments.argument("dependencies") {
      readDeclaredDependencies(dependencies.expression, into: &provision)
      provision.isAsync = call.closures.contains(where: \.isAsync)
      return
    }
    for closure in call.closures {
      ClosureEdgeReader.read(closure, position: position, into: &provision)
      provision.isAsync = provision.isAsync || closure.isAsync
    }
  }

  /// `dependencies: [DependencyKey(A.self), DependencyKey(B.self, name: "b"), DependencyKey(\.c)]`.
  private func readDeclaredDependencies(_ expression: ExprSyntax, into provision: inout Provision) {
    guard let array = expression.as(ArrayExprSyntax.self) else {
      provision.unseenEdges.append(
        UnseenFact(
          position: position(expression),
          text: "the dependencies of \(provision.key) are computed at run time"))
      return
    }
    for element in array.elements {
      guard let call = element.expression.as(FunctionCallExprSyntax.self),
        ["DependencyKey", "init"].contains(call.calledName ?? ""),
        let first = call.arguments.first, first.label == nil
      else {
        provision.unseenEdges.append(
          UnseenFact(
            position: position(element),
            text: "a dependency of \(provision.key) is computed at run time"))
        continue
      }
      if let property = TypeSpelling.keyPathProperty(first.expression) {
        provision.edges.append(SourceEdge(to: .keyPath(property)))
      } else if let type = TypeSpelling.metatype(first.expression) {
        let name = call.arguments.argument("name").map { ParameterReader.name(of: $0.expression) }
        provision.edges.append(TypeSpelling.edge(to: type, name: name))
      }
    }
  }

  /// `T.init` or `T.init(a:b:)`: the type and the labels (nil when none are written).
  func initializerReference(_ expression: ExprSyntax) -> (String, [String]?)? {
    guard let access = expression.as(MemberAccessExprSyntax.self),
      access.declName.baseName.tokenKind == .keyword(.`init`), let base = access.base
    else { return nil }
    let labels = access.declName.argumentNames?.arguments.map {
      $0.name.tokenKind == .wildcard ? "_" : $0.name.text
    }
    return (TypeSpelling.spell(base), labels)
  }
}
