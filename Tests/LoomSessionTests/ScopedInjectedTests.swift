import Dispatch
@_spi(LoomInternals) import Loom
import LoomSession
import Testing

extension Container {
  /// A flow-scoped key-path dependency.
  fileprivate var paymentDraft: Dependency<Tracked> {
    Dependency(.flow) { _ in Tracked(tag: 3) }
  }
}

@Suite struct ScopedInjectedTests {
  @Test func resolvesInItsScopeWhateverScopeIsCurrentWhereItIsRead() throws {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let checkout = container.makeScope("checkout")
    let other = container.makeScope("other")
    let model = PaymentModel(checkout: checkout)

    let outside = model.tracked
    let inOther = other.run { model.tracked }

    #expect(outside === inOther)
    #expect(outside === (try checkout.tryResolve(Tracked.self)))
    #expect(other.instanceCount == 0)
    #expect(model.$tracked.scope === checkout)
  }

  @Test func keepsTheInstanceUntilTheScopeEndsThenResolvesAgainInTheSameScope() throws {
    let container = Container()
    let made = Lock(0)
    container.register(Tracked.self, lifetime: .flow) { _ in
      made.withLock { $0 += 1 }
      return Tracked(tag: made.value)
    }
    let checkout = container.makeScope("checkout")
    let model = PaymentModel(checkout: checkout)

    let first = model.tracked
    #expect(model.tracked === first)
    checkout.end()
    let second = model.tracked

    #expect(first.timesEnded == 1)
    #expect(second !== first)
    #expect(second.tag == 2)
    #expect(second === (try checkout.tryResolve(Tracked.self)))
    #expect(model.tracked === second)
  }

  @Test func aTransientIsKeptByTheProperty() {
    let container = Container()
    container.register(Plain.self, lifetime: .transient) { _ in Plain() }
    let model = PlainModel(scope: container.makeScope("checkout"))

    #expect(model.plain === model.plain)
  }

  @Test func byNameAndByKeyPath() throws {
    let container = Container()
    container.register(Tracked.self, name: "gift", lifetime: .flow) { _ in Tracked(tag: 9) }
    let checkout = container.makeScope("checkout")
    let model = KeyedModel(checkout: checkout)

    #expect(model.gift.tag == 9)
    #expect(model.draft.tag == 3)
    #expect(model.draft === (try checkout.tryResolve(\.paymentDraft)))
    #expect(checkout.instanceCount == 2)
  }

  @Test func projectedGetThrowsWhyItCannotResolve() throws {
    let container = Container()
    let model = PaymentModel(checkout: container.makeScope("checkout"))

    let error = try #require(throws: ResolutionError.self) { try model.$tracked.get() }

    #expect(error.code == .notRegistered)
    #expect(error.key == DependencyKey(Tracked.self))
  }

  @Test(.timeLimit(.minutes(1)))
  func concurrentFirstReadsAgreeOnOneInstance() {
    let container = Container()
    container.register(Tracked.self, lifetime: .flow) { _ in Tracked() }
    let model = PaymentModel(checkout: container.makeScope("checkout"))
    let seen = Lock<Set<ObjectIdentifier>>([])

    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let tracked = model.tracked
      seen.withLock { _ = $0.insert(ObjectIdentifier(tracked)) }
    }

    #expect(seen.value.count == 1)
  }

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func readingAnUnresolvableDependencyTrapsWithTheErrorMessage() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        let model = PaymentModel(checkout: Container().makeScope("checkout"))
        _ = model.tracked
      }
      let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(output.contains("ResolutionError: no registration for Tracked"))
    }
  #endif
}

private struct PaymentModel: Sendable {
  @ScopedInjected var tracked: Tracked

  init(checkout: FlowScope) {
    _tracked = ScopedInjected(in: checkout)
  }
}

private struct PlainModel: Sendable {
  @ScopedInjected var plain: Plain

  init(scope: FlowScope) {
    _plain = ScopedInjected(in: scope)
  }
}

private struct KeyedModel: Sendable {
  @ScopedInjected var gift: Tracked
  @ScopedInjected var draft: Tracked

  init(checkout: FlowScope) {
    _gift = ScopedInjected(name: "gift", in: checkout)
    _draft = ScopedInjected(\.paymentDraft, in: checkout)
  }
}
