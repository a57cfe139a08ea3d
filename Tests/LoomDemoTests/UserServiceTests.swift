import Loom
import LoomAssembly
import LoomTesting
import Testing

@testable import LoomDemo

@Suite struct UserServiceTests {
  @Test(
    .container {
      $0.install { Wiring.assemblies(.production, console: .discarding) }
      $0.register((any HTTPTransport).self, lifetime: .singleton) { _ in
        StubTransport((200, "id=7;name=Grace Hopper;email=grace@example.com"))
      }
    })
  func userServiceFetchesThroughTheTransport() throws {
    let user = try inject(\.userService).openProfile(id: 7)

    #expect(user.name == "Grace Hopper")
    #expect(user.email == "grace@example.com")
    let stub = try #require(inject((any HTTPTransport).self) as? StubTransport)
    #expect(
      stub.requests == [
        StubTransport.Request(
          url: "https://api.example.com/users/7", headers: ["Authorization": "Bearer demo-token"])
      ])
  }

  @Test(.container { $0.install { Wiring.assemblies(.production, console: .discarding) } })
  func overriddenTransportAppliesOnlyInsideTheOperation() {
    let down = withOverrides {
      $0.register((any HTTPTransport).self, lifetime: .singleton) { _ in StubTransport((503, "")) }
    } operation: {
      ProfilePresenter(userID: 42).render()
    }
    let restored = ProfilePresenter(userID: 42).render()

    #expect(down == "profile 42 unavailable: HTTP 503 for https://api.example.com/users/42")
    #expect(restored == "Ada Lovelace <ada@example.com> (user 42)")
  }

  @Test(.container { $0.install { Wiring.assemblies(.production, console: .discarding) } })
  func firstResolveBuildsTheGraphAndTheSecondReusesIt() {
    let recorder = ResolutionRecorder()
    let service = DependencyKey(\Container.userService)

    let first = inject(\.userService)
    #expect(
      recorder.keys == [
        DependencyKey(AppConfig.self), DependencyKey((any HTTPTransport).self),
        DependencyKey(HTTPClient.self), DependencyKey(RemoteUserRepository.self), service,
      ])
    // The configuration was registered as a ready instance: reused, never built.
    #expect(recorder.factoryCount(of: AppConfig.self) == 0)
    #expect(recorder.factoryCount(of: HTTPClient.self) == 1)
    #expect(recorder.count(of: Analytics.self) == 0)  // a Lazy, built on first use

    recorder.reset()
    let second = inject(\.userService)
    #expect(first === second)
    #expect(recorder.events.map(\.key) == [service])
    #expect(recorder.events.map(\.isCacheHit) == [true])
  }

  @Test func productionTransportRetriesAFailedRequestOnce() {
    let stub = StubTransport((503, ""), (200, "ok"))
    let transport = RetryingTransport(base: stub, attempts: 2)

    let response = transport.get(url: "https://api.example.com/users/1", headers: [:])

    #expect(response.status == 200)
    #expect(response.body == "ok")
    #expect(stub.requests.count == 2)
  }
}
