import LoomMacrosImplementation
import SwiftSyntax

/// Turns what the macros' own readers (``DeclarationReader``) read from a declaration into
/// loom-graph's facts: components, the parameters an `@Injectable` or `@Bind` type resolves,
/// `@Bind` keys and `@Provides` registrations. loom-graph reads no macro attribute itself, so
/// the grammar of the macros is read in one place.
///
/// The readers see a declaration detached from its file, as the compiler gives it to a macro;
/// `offset` is where it starts in the file, so that a node's place can be printed.
struct DeclarationFacts {
  let module: String
  /// Where a node of the detached declaration is in the file.
  let position: (any SyntaxProtocol) -> SourcePosition

  // MARK: - Components

  /// The component `read` describes, named `name` (with the types it is nested in), declared at
  /// `anchor`.
  func component(_ read: ReadComponent, name: String, anchor: SourcePosition) -> ComponentFact {
    var component = ComponentFact(name: name, module: module, position: anchor)
    component.parents = read.parents.map { ($0.name, position($0.node)) }
    component.root = read.root.map(position)
    for member in read.members {
      let type = TypeSpelling.spell(member.type)
      if member.kind == "child" {
        var child = ComponentFact.Child(
          name: member.name, type: type, position: position(member.attribute))
        child.dependencies = member.references.map(\.member)
        child.isAsync = member.isAsync
        if !member.isFactory {
          child.inputs = member.references.map {
            ($0.label ?? $0.member, $0.member, position(Self.wiring(of: $0.node)))
          }
        }
        component.children.append(child)
      } else if let lifetime = ComponentFact.Member.Lifetime(rawValue: member.kind) {
        var fact = ComponentFact.Member(
          name: member.name, type: type, lifetime: lifetime, position: position(member.attribute))
        fact.dependencies = member.references.filter { !$0.isDeferred }.map(\.member)
        fact.deferred = member.references.filter(\.isDeferred).map(\.member)
        fact.isAsync = member.isAsync
        component.members.append(fact)
      }
    }
    return component
  }

  /// Where a child's wiring is written: the `"input": \Self.member` of `bindings:`, or the key
  /// path of `with:` (the reader gives the member's name in it).
  private static func wiring(of node: Syntax) -> Syntax {
    var keyPath: Syntax?
    var current = node
    while let parent = current.parent, !parent.is(AttributeSyntax.self) {
      if parent.is(DictionaryElementSyntax.self) { return parent }
      if keyPath == nil, parent.is(KeyPathExprSyntax.self) { keyPath = parent }
      current = parent
    }
    return keyPath ?? node
  }

  // MARK: - Parameters

  /// A parameter the container resolves, as loom-graph keys it.
  static func parameter(_ read: ReadParameter) -> SourceParameter {
    let type = TypeSpelling.spell(read.type)
    let edge: SourceEdge
    switch read.key {
    case .keyPath(let keyPath):
      edge = SourceEdge(
        to: .keyPath(keyPath.split(separator: ".").last.map(String.init) ?? keyPath))
    case .type, .named:
      var name: String?
      if case .named(let text) = read.key { name = ParameterReader.name(ofText: text) }
      if let target = read.deferredTarget {
        edge = SourceEdge(to: .type(TypeSpelling.spell(target), name: name), isDeferred: true)
      } else {
        edge = SourceEdge(to: .type(type, name: name))
      }
    }
    return SourceParameter(label: read.label, type: type, edge: edge)
  }

  // MARK: - Bindings and modules

  /// The provision of one `@Bind` of `type`.
  func binding(_ read: ReadBinding, type: String) -> Provision {
    var key = SourceKey.type(type, name: nil)
    switch read.key {
    case .keyPath(let keyPath):
      if let property = TypeSpelling.keyPathProperty(ExprSyntax(keyPath)) {
        key = .keyPath(property)
      }
    case .type(let bound):
      let name = read.name.flatMap {
        $0.is(NilLiteralExprSyntax.self) ? nil : ParameterReader.name(of: $0)
      }
      key = .type(TypeSpelling.spell(bound), name: name)
    case .implementation, .expression:
      break
    }
    var provision = Provision(
      key: key, kind: .bind, lifetime: read.lifetime.map(TypeSpelling.lifetime) ?? "transient",
      enclosingType: nil, module: module, position: position(read.attribute))
    if key == .type(type, name: nil) {
      provision.pending = [.injectable(type: type)]
    } else {
      provision.edges = [SourceEdge(to: .type(type, name: nil))]
      provision.isBinding = true
    }
    return provision
  }

  /// The provision of a `@Provides` method of module `enclosingType`: its return type is the key,
  /// its parameters the dependencies.
  func provided(_ read: ReadProvidedMethod, enclosingType: String?) -> Provision {
    let name = read.name.flatMap {
      $0.is(NilLiteralExprSyntax.self) ? nil : ParameterReader.name(of: $0)
    }
    var provision = Provision(
      key: .type(TypeSpelling.spell(read.keyType), name: name), kind: .provides,
      lifetime: read.lifetime.map(TypeSpelling.lifetime) ?? "transient",
      enclosingType: enclosingType, module: module, position: position(read.attribute))
    provision.edges = read.parameters.map { Self.parameter($0).edge }
    provision.isAsync = read.isAsync
    return provision
  }
}
