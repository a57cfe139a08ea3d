import SwiftSyntax

/// The members and steps of a component as a graph: vertex `i` is `names[i]`, members first, in
/// declaration order, then steps; edges go from a member or step to what it takes.
struct DependencyOrder {
  private(set) var names: [String] = []
  private(set) var tokens: [TokenSyntax] = []
  /// Direct edges (deferred ones excluded), in the order the references are written.
  private(set) var direct: [[Int]] = []
  /// Every edge, deferred ones included.
  private(set) var all: [[Int]] = []
  private var edgeNodes: [[Int: Syntax]] = []
  private(set) var index: [String: Int] = [:]
  let memberCount: Int

  init(_ component: ComponentDeclaration) {
    memberCount = component.members.count
    for member in component.members where index[member.name] == nil {
      index[member.name] = names.count
      names.append(member.name)
      tokens.append(member.nameToken)
    }
    for step in component.steps where index[step.name] == nil {
      index[step.name] = names.count
      names.append(step.name)
      tokens.append(step.nameToken)
    }
    direct = Array(repeating: [], count: names.count)
    all = Array(repeating: [], count: names.count)
    edgeNodes = Array(repeating: [:], count: names.count)
    for member in component.members {
      guard let from = index[member.name] else { continue }
      for reference in member.dependencies {
        guard let to = index[reference.member] else { continue }
        add(from, to, node: reference.node, deferred: reference.deferral != nil)
      }
    }
    for step in component.steps {
      guard let from = index[step.name] else { continue }
      for reference in step.parameters {
        guard let to = index[reference.member] else { continue }
        add(from, to, node: reference.node, deferred: false)
      }
      for (name, node) in step.after {
        guard let to = index[name] else { continue }
        add(from, to, node: Syntax(node), deferred: false)
      }
    }
  }

  private mutating func add(_ from: Int, _ to: Int, node: Syntax, deferred: Bool) {
    if !all[from].contains(to) { all[from].append(to) }
    guard !deferred else { return }
    if !direct[from].contains(to) { direct[from].append(to) }
    if edgeNodes[from][to] == nil { edgeNodes[from][to] = node }
  }

  /// Where `from` takes `to`.
  func edgeNode(from: Int, to: Int) -> Syntax? { edgeNodes[from][to] }

  /// The strongly connected components of `edges`, dependencies before their dependents
  /// (Tarjan's algorithm, without recursion: a component can have thousands of members).
  func stronglyConnectedComponents(_ edges: [[Int]]) -> [[Int]] {
    let count = names.count
    var order = 0
    var numbers = [Int](repeating: -1, count: count)
    var lowest = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var result: [[Int]] = []
    // Each frame: a vertex and the position of the next edge to follow.
    var frames: [(vertex: Int, next: Int)] = []
    for root in 0..<count where numbers[root] < 0 {
      frames.append((root, 0))
      numbers[root] = order
      lowest[root] = order
      order += 1
      stack.append(root)
      onStack[root] = true
      while let (vertex, next) = frames.last {
        if next < edges[vertex].count {
          frames[frames.count - 1].next += 1
          let target = edges[vertex][next]
          if numbers[target] < 0 {
            numbers[target] = order
            lowest[target] = order
            order += 1
            stack.append(target)
            onStack[target] = true
            frames.append((target, 0))
          } else if onStack[target] {
            lowest[vertex] = min(lowest[vertex], numbers[target])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last?.vertex {
          lowest[parent] = min(lowest[parent], lowest[vertex])
        }
        guard lowest[vertex] == numbers[vertex] else { continue }
        var component: [Int] = []
        while let top = stack.popLast() {
          onStack[top] = false
          component.append(top)
          if top == vertex { break }
        }
        result.append(component.sorted())
      }
    }
    return result
  }

  /// Each cycle of direct edges, as its vertices from the one declared first, following the
  /// shortest way back to it.
  func cycles() -> [[Int]] {
    var found: [(start: Int, path: [Int])] = []
    for component in stronglyConnectedComponents(direct) {
      let start = component[0]
      guard component.count > 1 || direct[start].contains(start) else { continue }
      let members = Set(component)
      // Breadth-first from `start` to the first edge back to it, edges in written order.
      var parent: [Int: Int] = [:]
      var queue = [start]
      var head = 0
      var last: Int?
      search: while head < queue.count {
        let vertex = queue[head]
        head += 1
        for next in direct[vertex] where members.contains(next) {
          if next == start {
            last = vertex
            break search
          }
          if parent[next] == nil, next != start {
            parent[next] = vertex
            queue.append(next)
          }
        }
      }
      var path: [Int] = []
      var vertex = last
      while let current = vertex, current != start {
        path.append(current)
        vertex = parent[current]
      }
      found.append((start, [start] + path.reversed()))
    }
    return found.sorted { $0.start < $1.start }.map(\.path)
  }

  /// The cached members and children reachable from `vertex` through direct edges, walking
  /// through the members `resolve()` does not build (transient and lazy ones): what `resolve()`
  /// must build before it.
  func cachedPrerequisites(of vertex: Int, isCached: (Int) -> Bool, isStep: (Int) -> Bool)
    -> [Int]
  {
    var found: [Int] = []
    var seen: Set<Int> = [vertex]
    var stack = direct[vertex].reversed() as [Int]
    while let next = stack.popLast() {
      guard seen.insert(next).inserted else { continue }
      if isCached(next) || isStep(next) {
        found.append(next)
      } else {
        stack.append(contentsOf: direct[next].reversed())
      }
    }
    return found
  }
}
