import SwiftSyntax

/// An initializer or method the container calls: its resolved parameters and its effects.
struct Callable {
  let parameters: [ResolvedParameter]
  let isAsync: Bool
  let isThrowing: Bool
  /// Whether it runs on the main actor (a `@MainActor` type or declaration, not `nonisolated`).
  let isMainActor: Bool

  /// What kind of factory calls it: `.async` for an async callable, `.mainActor` for a
  /// synchronous main-actor one, else `.sync`.
  var factoryKind: FactoryKind {
    if isAsync { return .async }
    return isMainActor ? .mainActor : .sync
  }

  enum FactoryKind {
    case sync, async, mainActor
  }

  /// `[Loom::DependencyKey(A.self), ...]`: the keys the factory resolves, in parameter order, one
  /// per line (at `indent`) when there are several.
  ///
  /// A deferred parameter's key is its handle type (`Loom::Lazy<T>`), which the graph draws as a
  /// deferred edge; a deferred key-path parameter declares no edge (the graph cannot name one).
  func dependencies(indent: String) -> String {
    let key = Qualified.loom("DependencyKey")
    let keys = parameters.compactMap { parameter -> String? in
      switch (parameter.key, parameter.deferral) {
      case (.type, nil): "\(key)(\(parameter.type.metatype))"
      case (.named(let name), nil): "\(key)(\(parameter.type.metatype), name: \(name))"
      case (.keyPath(let keyPath), nil): "\(key)(\(keyPath))"
      case (.type, let deferral?): "\(key)(\(handle(deferral)).self)"
      case (.named(let name), let deferral?): "\(key)(\(handle(deferral)).self, name: \(name))"
      case (.keyPath, _?): nil
      }
    }
    guard keys.count > 1 else { return "[\(keys.joined())]" }
    return "[\n" + keys.map { "\(indent)  \($0),\n" }.joined() + "\(indent)]"
  }

  /// `try callee(label: r.tryResolve(A.self), ...)`, with `try` and `await` as needed: the call a
  /// factory body makes, with `r` the resolver; one argument per line (at `indent`) when there
  /// are several.
  func call(_ callee: String, indent: String) -> String {
    let arguments = parameters.map { parameter -> String in
      let value = argument(for: parameter)
      guard let label = parameter.label else { return value }
      return "\(label): \(value)"
    }
    // NB: `try` only when something throws (a plain resolve or the callable), else the compiler
    // warns; a deferred parameter's handle is made without throwing.
    let throwing = isThrowing || parameters.contains { $0.deferral == nil }
    let effects = [throwing ? "try " : "", isAsync ? "await " : ""].joined()
    guard arguments.count > 1 else { return "\(effects)\(callee)(\(arguments.joined()))" }
    let lines = arguments.map { "\(indent)  \($0)" }.joined(separator: ",\n")
    return "\(effects)\(callee)(\n\(lines)\n\(indent))"
  }

  /// `Loom::Lazy<T>` or `Loom::Provider<T>`.
  private func handle(_ deferral: (kind: ResolvedParameter.Deferral, target: TypeSyntax)) -> String
  {
    let name = deferral.kind == .lazy ? "Lazy" : "Provider"
    return Qualified.loom("\(name)<\(deferral.target.text)>")
  }

  private func argument(for parameter: ResolvedParameter) -> String {
    if let deferral = parameter.deferral {
      let method = deferral.kind.rawValue
      switch parameter.key {
      case .type: return "r.\(method)(\(deferral.target.metatype))"
      case .named(let name): return "r.\(method)(\(deferral.target.metatype), name: \(name))"
      case .keyPath(let keyPath): return "r.\(method)(\(keyPath))"
      }
    }
    let method = isAsync ? "tryResolveAsync" : "tryResolve"
    switch parameter.key {
    case .type: return "r.\(method)(\(parameter.type.metatype))"
    case .named(let name): return "r.\(method)(\(parameter.type.metatype), name: \(name))"
    case .keyPath(let keyPath): return "r.\(method)(\(keyPath))"
    }
  }
}
