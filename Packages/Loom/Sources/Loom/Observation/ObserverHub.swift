public import Synchronization

/// The observers of a family of containers (a root and its descendants share one hub).
///
/// The hot path reads only ``activeCount``: while it is zero, resolves skip observation entirely.
@usableFromInline
final class ObserverHub: Sendable {
  typealias Handler = @Sendable (ResolutionEvent) -> Void
  typealias RegistrationHandler = @Sendable (RegistrationEvent) -> Void

  /// An observer of `Event`s, and the container it was added on.
  private struct Entry<Event> {
    let container: ObjectIdentifier
    let handler: @Sendable (Event) -> Void
  }

  private struct State {
    var nextID: UInt64 = 0
    var entries: [UInt64: Entry<ResolutionEvent>] = [:]
    var registrationEntries: [UInt64: Entry<RegistrationEvent>] = [:]
  }

  @usableFromInline let activeCount = Atomic<Int>(0)
  /// The number of registration observers: registering reads only this while it is zero.
  private let registrationCount = Atomic<Int>(0)

  /// Whether a registration observer is added: registrations then report themselves.
  var hasRegistrationObservers: Bool { registrationCount.load(ordering: .relaxed) > 0 }

  /// Whether an observer is registered: resolves then report what they do.
  var isActive: Bool { activeCount.load(ordering: .relaxed) > 0 }

  /// Whether no observer is registered, so that the fast path may serve a resolve unreported.
  @inlinable var isQuiet: Bool { activeCount.load(ordering: .relaxed) == 0 }
  private let state = Lock(State())

  func add(for container: Container, _ handler: @escaping Handler) -> ObservationToken {
    adding { state, id in
      state.entries[id] = Entry(container: ObjectIdentifier(container), handler: handler)
    }
  }

  func addRegistrationObserver(
    for container: Container, _ handler: @escaping RegistrationHandler
  ) -> ObservationToken {
    adding { state, id in
      state.registrationEntries[id] = Entry(
        container: ObjectIdentifier(container), handler: handler)
    }
  }

  /// Stores an observer under a new identifier, with `insert`, and returns its token.
  private func adding(_ insert: (inout State, UInt64) -> Void) -> ObservationToken {
    let id = state.withLock { state in
      state.nextID += 1
      insert(&state, state.nextID)
      store(counts: state)
      return state.nextID
    }
    return ObservationToken(id: id, hub: self)
  }

  /// Removes every observer added on `container`.
  func removeAll(for container: Container) {
    let id = ObjectIdentifier(container)
    state.withLock { state in
      state.entries = state.entries.filter { $0.value.container != id }
      state.registrationEntries = state.registrationEntries.filter { $0.value.container != id }
      store(counts: state)
    }
  }

  func remove(_ id: UInt64) {
    state.withLock { state in
      state.entries[id] = nil
      state.registrationEntries[id] = nil
      store(counts: state)
    }
  }

  private func store(counts state: State) {
    activeCount.store(state.entries.count, ordering: .releasing)
    registrationCount.store(state.registrationEntries.count, ordering: .releasing)
  }

  /// Calls, outside the lock, every observer registered on `requester` or one of its ancestors,
  /// in the order they were added.
  func notify(_ event: ResolutionEvent, requester: Container) {
    notify(event, from: requester, observers: \.entries)
  }

  /// Calls, outside the lock, every registration observer added on `registrar` or one of its
  /// ancestors, in the order they were added.
  func notify(_ event: RegistrationEvent, registrar: Container) {
    notify(event, from: registrar, observers: \.registrationEntries)
  }

  /// Calls, outside the lock, the `observers` added on `container` or one of its ancestors, in
  /// the order they were added.
  private func notify<Event>(
    _ event: Event, from container: Container,
    observers: KeyPath<State, [UInt64: Entry<Event>]>
  ) {
    let lineage = Self.lineage(of: container)
    let handlers = state.withLock { state in
      state[keyPath: observers].sorted { $0.key < $1.key }.compactMap {
        lineage.contains($0.value.container) ? $0.value.handler : nil
      }
    }
    for handler in handlers { handler(event) }
  }

  private static func lineage(of container: Container) -> Set<ObjectIdentifier> {
    var lineage: Set<ObjectIdentifier> = []
    var next: Container? = container
    while let current = next {
      lineage.insert(ObjectIdentifier(current))
      next = current.parent
    }
    return lineage
  }
}

extension Container {
  /// Calls `handler` after every resolve made through this container or its children, including
  /// the dependencies each resolve builds.
  ///
  /// Observers run on the resolving thread, outside every lock, after the instance exists. While a
  /// family of containers has no observer, resolves skip this work entirely.
  ///
  /// ```swift
  /// let token = container.onResolve { event in
  ///   print(event)  // "Database (singleton) by factory in 0.2 ms"
  /// }
  /// token.cancel()
  /// ```
  ///
  /// - Parameter handler: Receives one ``ResolutionEvent`` per resolved key.
  /// - Returns: A token whose ``ObservationToken/cancel()`` removes the observer.
  @discardableResult
  public func onResolve(_ handler: @escaping @Sendable (ResolutionEvent) -> Void)
    -> ObservationToken
  {
    observers.add(for: self, handler)
  }
}
