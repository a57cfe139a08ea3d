import Testing

@testable import Loom

/// The chain's buffer (``FrameStack``): frames come back in order, survive growth, and are found
/// by registration and kind.
@Suite struct FrameStackTests {
  /// Twenty registrations to make frames of (a frame does not retain its registration, so the
  /// container keeps them alive for the test).
  private static func registrations(_ container: Container) throws -> [Registration] {
    container.register(Database.self) { _ in Database() }
    container.register(Clock.self) { _ in Clock() }
    container.register(Metrics.self) { _ in Metrics() }
    for index in 0..<17 {
      container.register(Config.self, name: "c\(index)") { _ in Config(label: "\(index)") }
    }
    var found: [Registration] = []
    for key in [
      DependencyKey(Database.self), DependencyKey(Clock.self), DependencyKey(Metrics.self),
    ]
      + (0..<17).map({ DependencyKey(Config.self, name: "c\($0)") })
    {
      found.append(try #require(container.localEntry(for: key)).registration)
    }
    return found
  }

  @Test func framesComeBackInOrderAcrossGrowth() throws {
    let container = Container()
    let registrations = try Self.registrations(container)
    let stack = FrameStack(capacity: 2)
    for (index, registration) in registrations.enumerated() {
      stack.append(
        .init(
          registration: registration, otherBuilder: index.isMultiple(of: 2) ? nil : container,
          isQuestion: index.isMultiple(of: 3), isObserving: false, isCompletion: false,
          isWatching: false))
    }
    #expect(stack.count == 20)
    #expect(
      stack.map { ObjectIdentifier($0.registration) } == registrations.map(ObjectIdentifier.init))
    #expect(stack[1].otherBuilder === container && stack[0].otherBuilder == nil)
    var popped: [ObjectIdentifier] = []
    while !stack.isEmpty { popped.append(ObjectIdentifier(stack.removeLast().registration)) }
    #expect(popped == registrations.reversed().map(ObjectIdentifier.init))
    withExtendedLifetime(container) {}
  }

  @Test func aFrameIsFoundByItsRegistrationAndKind() throws {
    let container = Container()
    let registrations = try Self.registrations(container)
    let stack = FrameStack()
    stack.append(
      .init(
        registration: registrations[0], otherBuilder: nil, isQuestion: false, isObserving: false,
        isCompletion: false, isWatching: false))
    stack.append(
      .init(
        registration: registrations[1], otherBuilder: nil, isQuestion: true, isObserving: false,
        isCompletion: false, isWatching: false))

    #expect(stack.contains(ObjectIdentifier(registrations[0]), isQuestion: false))
    #expect(!stack.contains(ObjectIdentifier(registrations[0]), isQuestion: true))
    #expect(stack.contains(ObjectIdentifier(registrations[1]), isQuestion: true))
    #expect(!stack.contains(ObjectIdentifier(registrations[2]), isQuestion: false))
    stack.removeLast()
    #expect(!stack.contains(ObjectIdentifier(registrations[1]), isQuestion: true))
    // A stack made from an array (an asynchronous creation's copied chain) holds the same frames.
    let copy = FrameStack(Array(stack))
    #expect(copy.count == 1 && copy[0].registration === registrations[0])
    withExtendedLifetime(container) {}
  }
}
