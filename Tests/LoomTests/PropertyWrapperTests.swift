import Loom
import Testing

@Suite struct PropertyWrapperTests {
  // MARK: @Injected

  @Test func injectedResolvesLazilyOnFirstAccessAndKeepsTheInstance() {
    let container = Container()
    let made = Counter()
    // A transient: only the wrapper can keep it.
    container.register(Clock.self, lifetime: .transient) { _ in
      made.increment()
      return Clock()
    }

    let holder = container.withCurrent { ClockHolder() }
    #expect(made.value == 0)

    let first = holder.clock
    #expect(made.value == 1)
    #expect(holder.clock === first)
    #expect(made.value == 1)
  }

  @Test func injectedByKeyPath() {
    let container = Container()
    container.register(\.api) { _ in StubAPIClient(label: "injected") }

    let holder = container.withCurrent { APIHolder() }

    #expect(holder.api.label == "injected")
    #expect(holder.api as AnyObject === holder.api as AnyObject)
  }

  @Test func injectedByKeyPathUsesTheDefaultWhenNotOverridden() {
    let container = Container()

    let holder = container.withCurrent { APIHolder() }

    #expect(holder.api.label == "live")
  }

  @Test func injectedWithANameResolvesTheNamedRegistration() {
    let container = Container()
    container.register(Database.self, name: "replica", instance: Database(label: "replica"))

    let holder = container.withCurrent { ReplicaHolder() }

    #expect(holder.database.label == "replica")
  }

  @Test func projectedGetThrowsWhenTheDependencyCannotBeResolved() throws {
    let container = Container()
    let holder = container.withCurrent { ClockHolder() }

    let error = try #require(throws: ResolutionError.self) { try holder.$clock.get() }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Clock.self))
  }

  @Test func projectedGetReturnsTheSameInstanceAsTheProperty() throws {
    let container = Container()
    container.register(Clock.self, lifetime: .transient) { _ in Clock() }
    let holder = container.withCurrent { ClockHolder() }

    #expect(try holder.$clock.get() === holder.clock)
  }

  @Test func projectedResetResolvesAgain() {
    let container = Container()
    let made = Counter()
    container.register(Clock.self, lifetime: .transient) { _ in
      made.increment()
      return Clock()
    }
    let holder = container.withCurrent { ClockHolder() }
    let first = holder.clock

    holder.$clock.reset()

    #expect(made.value == 1)  // reset itself does not resolve
    let second = holder.clock
    #expect(second !== first)
    #expect(made.value == 2)
  }

  @Test func explicitContainerWinsOverTheCurrentOne() {
    let explicit = Container()
    explicit.register(Clock.self, instance: Clock())
    let current = Container()

    let holder = current.withCurrent { ExplicitClockHolder(container: explicit) }

    #expect(holder.$clock.container === explicit)
    #expect(holder.clock === explicit.resolve(Clock.self))
  }

  // MARK: @OptionalInjected

  @Test func optionalInjectedIsNilWhenUnregistered() {
    let container = Container()

    let holder = container.withCurrent { OptionalClockHolder() }

    #expect(holder.clock == nil)
  }

  @Test func optionalInjectedResolvesWhenRegisteredAndKeepsTheInstance() {
    let container = Container()
    let made = Counter()
    container.register(Clock.self, lifetime: .transient) { _ in
      made.increment()
      return Clock()
    }

    let holder = container.withCurrent { OptionalClockHolder() }
    #expect(made.value == 0)

    let first = holder.clock
    #expect(first != nil)
    #expect(holder.clock === first)
    #expect(made.value == 1)
  }

  // MARK: @WeakInjected

  @Test func weakInjectedIsNilOnceTheInstanceIsReleased() throws {
    let container = Container()
    container.register(Widget.self, lifetime: .weak) { _ in Widget() }
    let holder = container.withCurrent { WeakWidgetHolder() }
    weak var released: Widget?

    do {
      let strong = try container.tryResolve(Widget.self)
      #expect(holder.widget === strong)
      released = strong
    }

    #expect(released == nil)
    #expect(holder.widget == nil)
  }

  @Test func weakInjectedDoesNotKeepItsInstanceAlive() throws {
    let container = Container()
    // A transient: nobody but the caller of `get()` holds it.
    container.register(Widget.self, lifetime: .transient) { _ in Widget() }
    let holder = container.withCurrent { WeakWidgetHolder() }

    do {
      let first = try holder.$widget.get()
      #expect(first != nil)
    }

    #expect(holder.widget == nil)
  }

  @Test func weakInjectedGetThrowsWhenUnregistered() throws {
    let container = Container()
    let holder = container.withCurrent { WeakWidgetHolder() }

    let error = try #require(throws: ResolutionError.self) { try holder.$widget.get() }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Widget.self))
  }

  @Test func weakInjectedReadsNilWhenUnregisteredAndResolvesOnceRegistered() {
    let container = Container()
    let holder = container.withCurrent { WeakWidgetHolder() }

    #expect(holder.widget == nil)
    #expect(holder.widget == nil)

    let widget = Widget()
    container.register(Widget.self, instance: widget)

    #expect(holder.widget === widget)
  }

  @Test func weakInjectedByKeyPathHoldsTheInstanceWeakly() throws {
    let container = Container()
    let held = Token()
    container.register(\.requestToken) { _ in held }
    let holder = container.withCurrent { WeakTokenHolder() }

    #expect(holder.token === held)
    #expect(try holder.$token.get() === held)
  }

  @Test func weakInjectedByAKeyPathWithoutADefaultReadsNilUntilItIsBound() throws {
    let container = Container()
    let holder = container.withCurrent { UnboundWidgetHolder() }

    #expect(holder.widget == nil)
    let error = try #require(throws: ResolutionError.self) { try holder.$widget.get() }
    #expect(error.code == .notRegistered)

    let widget = Widget()
    container.register(\.unboundWidget, instance: widget)

    #expect(holder.widget === widget)
  }

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func weakInjectedTrapsWithTheMessageWhenARegisteredDependencyFails() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        let container = Container()
        container.register(Widget.self) { _ in throw DiskFull() }
        let holder = container.withCurrent { WeakWidgetHolder() }
        _ = holder.widget
      }
      let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(output.contains("ResolutionError: the factory of Widget threw"))
      #expect(output.contains("├─ Underlying error: disk is full"))
    }
  #endif
}

private final class ClockHolder {
  @Injected var clock: Clock
}

private final class ExplicitClockHolder {
  @Injected var clock: Clock

  init(container: Container) {
    _clock = Injected(container: container)
  }
}

private final class APIHolder {
  @Injected(\.api) var api
}

private final class ReplicaHolder {
  @Injected(name: "replica") var database: Database
}

private final class OptionalClockHolder {
  @OptionalInjected var clock: Clock?
}

private final class WeakWidgetHolder {
  @WeakInjected var widget: Widget?
}

extension Container {
  /// A key-path dependency declared without a default: something must register it.
  fileprivate var unboundWidget: Dependency<Widget> { Dependency(.singleton) }
}

private final class UnboundWidgetHolder {
  @WeakInjected(\.unboundWidget) var widget
}

private final class WeakTokenHolder {
  @WeakInjected(\.requestToken) var token
}
