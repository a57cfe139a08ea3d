import Loom

// Many distinct keys for table-growth tests: every `Leaf<Path>` is its own type, so its own key.
// `Path` is a chain of `Left`/`Right` steps built by recursion, so 2^depth types exist at run time
// without being written out.

enum Left<Rest> {}
enum Right<Rest> {}

/// A value whose type is one of 2^depth distinct keys, carrying the number of its path.
struct Leaf<Path>: Sendable {
  let id: Int
}

/// Something done to each leaf type.
protocol LeafVisitor {
  func visit<Path>(_ type: Leaf<Path>.Type, id: Int)
}

/// Calls `visitor` with 2^`depth` distinct leaf types, numbered 0..<2^depth by their path.
func forEachLeaf<Path>(
  under path: Path.Type, depth: Int, id: Int = 0, _ visitor: some LeafVisitor
) {
  guard depth > 0 else {
    visitor.visit(Leaf<Path>.self, id: id)
    return
  }
  forEachLeaf(under: Left<Path>.self, depth: depth - 1, id: id * 2, visitor)
  forEachLeaf(under: Right<Path>.self, depth: depth - 1, id: id * 2 + 1, visitor)
}

/// Registers each leaf type to make a leaf with its number.
struct RegisterLeaves: LeafVisitor {
  let container: Container

  func visit<Path>(_ type: Leaf<Path>.Type, id: Int) {
    container.register(type, lifetime: .transient) { _ in Leaf(id: id) }
  }
}

/// Counts the leaf types that resolve to the right number (a missing one counts as wrong).
struct CheckLeaves: LeafVisitor {
  let container: Container
  let correct: Counter
  let wrong: Counter

  func visit<Path>(_ type: Leaf<Path>.Type, id: Int) {
    if (try? container.tryResolve(type).id) == id {
      correct.increment()
    } else {
      wrong.increment()
    }
  }
}

/// Counts the leaf types that resolve to a wrong number; not yet registered ones are skipped.
struct ProbeLeaves: LeafVisitor {
  let container: Container
  let wrong: Counter

  func visit<Path>(_ type: Leaf<Path>.Type, id: Int) {
    do {
      if let leaf = try container.resolveIfRegistered(type), leaf.id != id { wrong.increment() }
    } catch {
      wrong.increment()
    }
  }
}
