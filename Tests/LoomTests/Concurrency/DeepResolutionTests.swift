import Foundation
import Testing

@_spi(LoomInternals) @testable import Loom

/// A chain of synchronous factories deeper than the thread's stack, and a cycle too long to fit on
/// it, stop with ``ResolutionError/Code/tooDeep`` before the stack overflows: on a small secondary
/// thread, on a large one, and for chains that are cycles.
@Suite struct DeepResolutionTests {
  struct Node: Sendable { let index: Int }

  /// Registers `Node` named "0" ... "count - 1", each resolving the next; the last one resolves
  /// "0" again when `closing`, which makes the chain a cycle.
  func chain(of count: Int, closing: Bool = false) -> Container {
    let container = Container()
    for index in 0..<count {
      container.register(Node.self, name: "\(index)") { r in
        if index + 1 < count {
          _ = try r.tryResolve(Node.self, name: "\(index + 1)")
        } else if closing {
          _ = try r.tryResolve(Node.self, name: "0")
        }
        return Node(index: index)
      }
    }
    return container
  }

  /// Runs `body` on a new thread with a stack of `kilobytes`, and waits for it.
  func onThread<Value: Sendable>(
    stack kilobytes: Int, _ body: @escaping @Sendable () -> Value
  ) -> Value? {
    let result = Lock<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      result.withLock { $0 = body() }
      done.signal()
    }
    thread.stackSize = kilobytes * 1024
    thread.start()
    _ = done.wait(timeout: .now() + 30)
    return result.value
  }

  @Test(arguments: [512, 8192])
  func aChainDeeperThanTheStackStopsWithTooDeep(stack kilobytes: Int) throws {
    let container = chain(of: 20_000)
    let error = try #require(
      onThread(stack: kilobytes) { () -> ResolutionError? in
        do throws(ResolutionError) {
          _ = try container.tryResolve(Node.self, name: "0")
          return nil
        } catch {
          return error
        }
      } ?? nil)
    #expect(error.code == .tooDeep)
    #expect(error.chain.first == DependencyKey(Node.self, name: "0"))
    #expect(error.chain.count > 10)
    #expect(error.key == error.chain.last)
    let depth = error.chain.count
    #expect(
      error.description.hasPrefix(
        """
        ResolutionError: resolving \(error.key) needs a chain of \(depth) synchronous factories, \
        more than this thread's stack can hold
        ├─ Resolved via: Node (name: "0") → Node (name: "1") → Node (name: "2") → Node (name: "3") \
        → … \(depth - 8) more … → Node (name: "\(depth - 4)")
        """))
  }

  @Test func aCycleTooLongForTheStackIsAnErrorNotACrash() throws {
    let container = chain(of: 5_000, closing: true)
    let code = try #require(
      onThread(stack: 512) { () -> ResolutionError.Code? in
        do throws(ResolutionError) {
          _ = try container.tryResolve(Node.self, name: "0")
          return nil
        } catch {
          return error.code
        }
      } ?? nil)
    #expect(code == .tooDeep)
  }

  @Test func aChainThatFitsResolves() throws {
    let container = chain(of: 10)
    let index =
      onThread(stack: 512) { try? container.tryResolve(Node.self, name: "0").index } ?? nil
    #expect(index == 0)
  }

  /// An asynchronous chain does not grow the thread's stack: 3,000 asynchronous factories resolve.
  @Test func aDeepAsynchronousChainResolves() async throws {
    let container = Container()
    let count = 3_000
    for index in 0..<count {
      container.register(Node.self, name: "\(index)") { r async throws in
        if index + 1 < count { _ = try await r.tryResolveAsync(Node.self, name: "\(index + 1)") }
        return Node(index: index)
      }
    }
    let node = try await container.tryResolveAsync(Node.self, name: "0")
    #expect(node.index == 0)
  }
}
