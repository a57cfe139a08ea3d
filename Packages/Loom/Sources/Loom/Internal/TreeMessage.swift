/// The one shape of every message Loom prints: a title line, then one branch per line, the last
/// one drawn as the end of the tree.
///
/// ```
/// ResolutionError: no registration for Database
/// ├─ Resolved via: AppCoordinator → UserService → Database
/// └─ To fix: register Database, or declare it as a key-path dependency with a default factory.
/// ```
///
/// A branch of several lines continues under its first one, after `│` (or a space under the last
/// branch). Every error type of the monorepo renders through it, so they all read alike.
///
/// ```swift
/// let text = _treeMessage("ComponentError: the build failed", ["database failed", "To fix: …"])
/// ```
///
/// - Parameters:
///   - title: The first line.
///   - branches: The lines under it, in order; the last is usually `To fix: …`.
/// - Returns: The message.
@_spi(LoomInternals)
public func _treeMessage(_ title: String, _ branches: [String]) -> String {
  var text = title
  for (index, branch) in branches.enumerated() {
    let isLast = index == branches.count - 1
    var lines = branch.split(separator: "\n", omittingEmptySubsequences: false)[...]
    text += (isLast ? "\n└─ " : "\n├─ ") + lines.removeFirst()
    for line in lines { text += (isLast ? "\n " : "\n│") + line }
  }
  return text
}
