/// The strongly connected components of a directed graph given as compressed sparse rows, by
/// Tarjan's algorithm.
///
/// The depth-first search keeps its own stack of frames instead of recursing, so a chain of
/// 100,000 dependencies needs no more than a few arrays of that length (a recursive version would
/// overflow the thread's stack). Linear in vertices plus edges.
struct StronglyConnectedComponents {
  /// The component of each vertex. Components are numbered in the order Tarjan's algorithm
  /// completes them, which is a reverse topological order: a component comes after every
  /// component it has an edge to.
  let component: [Int]
  /// Every vertex, grouped by component, components in the order of their numbers.
  let order: [Int]
  /// Where each component's vertices start in ``order`` (one more entry than components).
  let componentStart: [Int]

  var count: Int { componentStart.count - 1 }

  /// The vertices of component `number`.
  func members(of number: Int) -> ArraySlice<Int> {
    order[componentStart[number]..<componentStart[number + 1]]
  }

  /// The shortest loop from `start` back to itself inside its component, by a breadth-first
  /// search along `edges`: `[start, …, last]`, where `last` has an edge to `start` (`[start]` for
  /// a vertex with an edge to itself, or with no loop).
  ///
  /// `parents` is scratch the caller keeps across searches: one entry per vertex, each `-2`; the
  /// search leaves it so.
  func shortestLoop<Edges: Sequence<Int>>(
    through start: Int, edges: (Int) -> Edges, parents: inout [Int]
  ) -> [Int] {
    let number = component[start]
    var queue = [start]
    parents[start] = -1
    var head = 0
    var closing = start
    search: while head < queue.count {
      let vertex = queue[head]
      head += 1
      for target in edges(vertex) where component[target] == number {
        if target == start {
          closing = vertex
          break search
        }
        if parents[target] == -2 {
          parents[target] = vertex
          queue.append(target)
        }
      }
    }
    var loop: [Int] = []
    var step = closing
    while step >= 0 {
      loop.append(step)
      step = parents[step]
    }
    for vertex in queue { parents[vertex] = -2 }
    return loop.reversed()
  }

  /// Finds the components.
  ///
  /// - Parameters:
  ///   - vertexCount: The number of vertices, `0..<vertexCount`.
  ///   - edgeStart: Where each vertex's edges start in `targets` (`vertexCount + 1` entries).
  ///   - targets: The target vertex of each edge.
  init(vertexCount: Int, edgeStart: [Int], targets: [Int]) {
    var discovery = [Int](repeating: -1, count: vertexCount)
    var lowLink = [Int](repeating: 0, count: vertexCount)
    var onStack = [Bool](repeating: false, count: vertexCount)
    var stack: [Int] = []
    // A frame of the simulated recursion: the vertex and its next edge to explore.
    var frames: [(vertex: Int, nextEdge: Int)] = []
    var component = [Int](repeating: -1, count: vertexCount)
    var order: [Int] = []
    var componentStart = [0]
    var counter = 0
    order.reserveCapacity(vertexCount)
    // Enters `vertex`: the simulated recursion's call.
    func visit(_ vertex: Int) {
      discovery[vertex] = counter
      lowLink[vertex] = counter
      counter += 1
      stack.append(vertex)
      onStack[vertex] = true
      frames.append((vertex, edgeStart[vertex]))
    }

    for root in 0..<vertexCount where discovery[root] < 0 {
      visit(root)
      while let (vertex, nextEdge) = frames.last {
        if nextEdge < edgeStart[vertex + 1] {
          frames[frames.count - 1].nextEdge = nextEdge + 1
          let target = targets[nextEdge]
          if discovery[target] < 0 {
            visit(target)
          } else if onStack[target] {
            lowLink[vertex] = min(lowLink[vertex], discovery[target])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last?.vertex {
          lowLink[parent] = min(lowLink[parent], lowLink[vertex])
        }
        guard lowLink[vertex] == discovery[vertex] else { continue }
        let number = componentStart.count - 1
        while let member = stack.popLast() {
          onStack[member] = false
          component[member] = number
          order.append(member)
          if member == vertex { break }
        }
        componentStart.append(order.count)
      }
    }
    self.component = component
    self.order = order
    self.componentStart = componentStart
  }
}
