@_spi(LoomInternals) public import Loom

/// Records every resolve made through a container, so a test can assert on how the wiring behaves:
/// which keys were resolved, how often, in what order, and whether a factory ran or a cache
/// served them.
///
/// A recorder observes its container and every child of it (such as the containers of
/// ``withOverrides(_:operation:)``) with `onResolve`, from the moment it is made until it is
/// stopped or released. Each resolve is one `ResolutionEvent`, recorded when the instance exists:
/// a dependency is recorded before the instance that needed it.
///
/// ```swift
/// @Test(.container) func checkoutReusesTheCart() throws {
///   let recorder = ResolutionRecorder()
///   _ = try Container.current.tryResolve(CheckoutModel.self)
///   _ = try Container.current.tryResolve(CheckoutModel.self)
///
///   #expect(recorder.count(of: Cart.self) == 2)
///   #expect(recorder.factoryCount(of: Cart.self) == 1)  // a singleton: made once
///   #expect(recorder.keys.first == DependencyKey(Cart.self))
/// }
/// ```
///
/// Record in the test's own container (the default, `Container.current`, under the
/// ``ContainerTrait``), not in `Container.default`: a container's observers also see the resolves
/// of all its children, so a recorder on `Container.default` would see other tests' resolves.
public final class ResolutionRecorder: Sendable {
  /// The events so far, shared with the observer.
  private let log: Lock<[ResolutionEvent]>
  /// Removes the observer.
  private let token: ObservationToken

  /// Starts recording the resolves made through `container` and its children.
  ///
  /// ```swift
  /// let recorder = ResolutionRecorder()           // Container.current
  /// let appRecorder = ResolutionRecorder(container)
  /// ```
  ///
  /// - Parameter container: The container to observe; `Container.current` if omitted.
  public init(_ container: Container = .current) {
    let log = Lock<[ResolutionEvent]>([])
    self.log = log
    self.token = container.onResolve { event in log.withLock { $0.append(event) } }
  }

  deinit {
    token.cancel()
  }

  /// Every resolve recorded so far, in the order they finished.
  ///
  /// ```swift
  /// for event in recorder.events { print(event) }  // Database (singleton) by factory in 0.1 ms
  /// ```
  public var events: [ResolutionEvent] {
    log.withLock { $0 }
  }

  /// The keys resolved so far, each once, in the order they were first resolved.
  ///
  /// ```swift
  /// #expect(recorder.keys == [DependencyKey(Database.self), DependencyKey(UserService.self)])
  /// ```
  public var keys: [DependencyKey] {
    var seen: Set<DependencyKey> = []
    return events.map(\.key).filter { seen.insert($0).inserted }
  }

  /// How many times `key` was resolved, from a cache or by its factory.
  ///
  /// ```swift
  /// #expect(recorder.count(of: DependencyKey(\Container.api)) == 1)
  /// ```
  ///
  /// - Parameter key: The key to count.
  /// - Returns: The number of recorded resolves of `key`.
  public func count(of key: DependencyKey) -> Int {
    log.withLock { events in events.count(where: { $0.key == key }) }
  }

  /// How many times `type` (and `name`) was resolved, from a cache or by its factory.
  ///
  /// ```swift
  /// #expect(recorder.count(of: Database.self) == 3)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to count.
  ///   - name: The name it was registered with, if any.
  /// - Returns: The number of recorded resolves of the key.
  public func count<Value>(of type: Value.Type, name: String? = nil) -> Int {
    count(of: DependencyKey(type, name: name))
  }

  /// How many times the factory of `key` ran: the instances made, not served from a cache.
  ///
  /// ```swift
  /// #expect(recorder.factoryCount(of: DependencyKey(\Container.api)) == 1)
  /// ```
  ///
  /// - Parameter key: The key to count.
  /// - Returns: The number of recorded resolves of `key` that ran its factory.
  public func factoryCount(of key: DependencyKey) -> Int {
    log.withLock { events in events.count(where: { $0.key == key && !$0.isCacheHit }) }
  }

  /// How many times the factory of `type` (and `name`) ran: the instances made, not served from a
  /// cache.
  ///
  /// ```swift
  /// #expect(recorder.factoryCount(of: Database.self) == 1)  // a singleton, made once
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to count.
  ///   - name: The name it was registered with, if any.
  /// - Returns: The number of recorded resolves of the key that ran its factory.
  public func factoryCount<Value>(of type: Value.Type, name: String? = nil) -> Int {
    factoryCount(of: DependencyKey(type, name: name))
  }

  /// Forgets the events recorded so far; recording goes on.
  ///
  /// ```swift
  /// _ = container.resolve(AppModel.self)  // warm up
  /// recorder.reset()
  /// ```
  public func reset() {
    log.withLock { $0.removeAll() }
  }

  /// Stops recording; the events recorded so far stay. Releasing the recorder stops it too.
  ///
  /// ```swift
  /// recorder.stop()
  /// ```
  public func stop() {
    token.cancel()
  }
}
