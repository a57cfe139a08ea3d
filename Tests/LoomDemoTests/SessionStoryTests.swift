import Loom
import LoomAssembly
import LoomSession
import LoomTesting
import Testing

@testable import LoomDemo

@Suite struct SessionStoryTests {
  @Test func sessionWiringValidatesAndEndingTheSessionTellsTheSessionOnce() throws {
    try SessionAssembly().validate().throwIfInvalid()
    let container = Wiring.makeContainer(.production, console: .discarding)
    expectValidGraph(container)

    container.resolve(SignIn.self).logIn(as: "Ada Lovelace")
    let ada = container.resolve(UserSession.self)
    #expect(container.resolve(UserSession.self) === ada)
    #expect(ada.endCount == 0)

    container.endSession()
    #expect(ada.endCount == 1)
    container.endSession()  // nothing left in the session: Ada's is not told again
    #expect(ada.endCount == 1)

    container.resolve(SignIn.self).logIn(as: "Grace Hopper")
    let grace = container.resolve(UserSession.self)
    #expect(grace !== ada)
    #expect(grace.user.name == "Grace Hopper")
  }
}
