import Loom
import LoomTesting
import Testing

@Suite struct RecorderTests {
  @Test func recordsKeysCountsOrderAndSource() throws {
    let container = AppWiring.base.makeIsolatedChild()
    let recorder = ResolutionRecorder(container)

    _ = try container.tryResolve(UserService.self)
    _ = try container.tryResolve(UserService.self)

    let api = DependencyKey((any APIClient).self)
    let service = DependencyKey(UserService.self)
    // The dependency finishes first, then the service; the second resolve hits the cache.
    #expect(recorder.events.map(\.key) == [api, service, service])
    #expect(recorder.events.map(\.isCacheHit) == [false, false, true])
    #expect(recorder.keys == [api, service])
    #expect(recorder.count(of: UserService.self) == 2)
    #expect(recorder.count(of: service) == 2)
    #expect(recorder.factoryCount(of: UserService.self) == 1)
    #expect(recorder.factoryCount(of: api) == 1)
    #expect(recorder.count(of: Session.self) == 0)
  }

  @Test func transientsRunTheirFactoryEveryTime() {
    let container = Container()
    container.register(Marker.self) { _ in Marker(value: 1) }
    container.register(Marker.self, name: "other") { _ in Marker(value: 2) }
    let recorder = ResolutionRecorder(container)

    for _ in 0..<3 { _ = container.resolve(Marker.self) }
    _ = container.resolve(Marker.self, name: "other")

    #expect(recorder.count(of: Marker.self) == 3)
    #expect(recorder.factoryCount(of: Marker.self) == 3)
    #expect(recorder.count(of: Marker.self, name: "other") == 1)
    #expect(recorder.factoryCount(of: DependencyKey(Marker.self, name: "other")) == 1)
  }

  @Test func keyPathResolvesAreRecorded() {
    let container = Container()
    let recorder = ResolutionRecorder(container)

    _ = container.resolve(\.testingGreeting)

    #expect(recorder.count(of: DependencyKey(\Container.testingGreeting)) == 1)
    #expect(recorder.keys.map(\.description) == ["\\.testingGreeting"])
  }

  @Test(.container { $0.register(Marker.self) { _ in Marker(value: 1) } })
  func recordsTheCurrentContainerAndItsChildren() {
    let recorder = ResolutionRecorder()

    _ = inject(Marker.self)
    withOverrides { _ in
    } operation: {
      _ = inject(Marker.self)
    }

    #expect(recorder.count(of: Marker.self) == 2)
  }

  @Test func doesNotRecordItsParentOrSiblings() {
    let parent = Container()
    parent.register(Marker.self) { _ in Marker(value: 1) }
    let child = parent.makeChild()
    let sibling = parent.makeChild()
    let recorder = ResolutionRecorder(child)

    _ = parent.resolve(Marker.self)
    _ = sibling.resolve(Marker.self)

    #expect(recorder.events.isEmpty)
  }

  @Test func resetForgetsAndStopEndsTheRecording() {
    let container = Container()
    container.register(Marker.self) { _ in Marker(value: 1) }
    let recorder = ResolutionRecorder(container)

    _ = container.resolve(Marker.self)
    recorder.reset()
    #expect(recorder.events.isEmpty)

    _ = container.resolve(Marker.self)
    recorder.stop()
    _ = container.resolve(Marker.self)

    #expect(recorder.count(of: Marker.self) == 1)
  }

  @Test func theRecorderIsReleasedWithItsLastReference() {
    let container = Container()
    container.register(Marker.self) { _ in Marker(value: 1) }
    weak var released: ResolutionRecorder?
    do {
      let recorder = ResolutionRecorder(container)
      released = recorder
      _ = container.resolve(Marker.self)
      #expect(recorder.count(of: Marker.self) == 1)
    }
    // The observer does not keep the recorder alive, so its `deinit` can remove the observer.
    #expect(released == nil)
    #expect(container.resolve(Marker.self) == Marker(value: 1))
  }

  @Test func recordsResolvesFromManyTasks() async {
    let container = Container()
    container.register(Session.self, lifetime: .singleton) { _ in Session() }
    let recorder = ResolutionRecorder(container)

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { _ = container.resolve(Session.self) }
      }
    }

    #expect(recorder.count(of: Session.self) == 100)
    #expect(recorder.factoryCount(of: Session.self) == 1)
  }
}
