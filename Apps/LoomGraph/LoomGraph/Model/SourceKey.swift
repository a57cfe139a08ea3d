@_spi(LoomInternals) import Loom

/// A dependency key as source code spells it: a type (optionally named) or a key path to a
/// `Dependency` declared in an extension of `Container`.
enum SourceKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  case type(String, name: String?)
  case keyPath(String)

  /// The core's key for it, so the graph, its checks and its exports are the core's.
  var dependencyKey: DependencyKey {
    switch self {
    case .type(let type, let name): DependencyKey(spelledType: type, name: name)
    case .keyPath(let property): DependencyKey(spelledKeyPath: property)
    }
  }

  /// As the core prints the key: `Database`, `APIClient (name: "primary")` or `\.api`.
  var description: String { dependencyKey.description }

  static func < (left: Self, right: Self) -> Bool { left.description < right.description }
}

/// A dependency of one node on a key: `isDeferred` when taken through `Lazy` or `Provider`.
struct SourceEdge: Hashable, Sendable {
  let to: SourceKey
  var isDeferred = false
}
