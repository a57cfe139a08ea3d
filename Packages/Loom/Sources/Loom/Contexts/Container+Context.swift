extension Container {
  /// A situation in which a key-path dependency may have a value of its own: a test, a preview, a
  /// debug build, a launch argument, or a context your app names.
  ///
  /// A declaration says once what each context gets (``Dependency/when(_:dependencies:factory:)``),
  /// and each ``Container`` knows which contexts are active for it (``Container/contexts``):
  ///
  /// | context | active when |
  /// | --- | --- |
  /// | ``test`` | LoomTesting gives the test its container (`@Test(.container)`, `ContainerTestCase`) |
  /// | ``preview`` | the process runs an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`; Apple platforms) |
  /// | ``debug`` | Loom is compiled without optimisation (`DEBUG`), as in a debug build of the app |
  /// | ``simulator`` | the app is built for an Apple simulator (`targetEnvironment(simulator)`) |
  /// | ``device`` | the app is not built for a simulator: an iPhone, a Mac, a Linux machine |
  /// | ``argument(_:)`` | the process was launched with that argument, or a container turned it on |
  /// | ``init(_:)`` | your app turns it on: `container.contexts.insert(.staging)` |
  ///
  /// ```swift
  /// extension Container.Context {
  ///   static let staging = Container.Context("staging")
  /// }
  ///
  /// extension Container {
  ///   var api: Dependency<any APIClient> {
  ///     Dependency(.singleton) { _ in LiveAPIClient() }
  ///       .when(.test) { _ in MockAPIClient() }
  ///       .when(.preview) { _ in PreviewAPIClient() }
  ///       .when(.argument("-mock-api")) { _ in MockAPIClient() }
  ///       .when(.staging) { _ in LiveAPIClient(host: "staging.example.com") }
  ///   }
  /// }
  /// ```
  ///
  /// A container can also add an alternative to a key path from outside its declaration, which ranks
  /// above the container's registration of the key (``Container/when(_:_:for:dependencies:factory:)``).
  ///
  /// When several of a key's contexts are active, the one that ranks first wins: a launch argument,
  /// then ``test``, ``preview``, a named context, ``simulator`` or ``device``, and ``debug`` last;
  /// among arguments or named contexts, the one added to the container first, then the one declared
  /// first.
  public struct Context: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
      case test, preview, debug, simulator, device
      case argument(String)
      case named(String)
    }

    let kind: Kind

    init(kind: Kind) {
      self.kind = kind
    }

    /// A context your app turns on itself, by name.
    ///
    /// ```swift
    /// extension Container.Context {
    ///   static let staging = Container.Context("staging")
    /// }
    /// Container.default.contexts.insert(.staging)
    /// ```
    ///
    /// - Parameter name: The context's name, shown in messages.
    public init(_ name: String) {
      self.kind = .named(name)
    }

    /// Running under test: LoomTesting turns it on in the container it gives each test.
    ///
    /// ```swift
    /// Dependency(.singleton) { _ in LiveAnalytics() }.when(.test) { _ in NoAnalytics() }
    /// ```
    public static let test = Context(kind: .test)

    /// Running an Xcode preview: on in every root container when the process's environment has
    /// `XCODE_RUNNING_FOR_PREVIEWS=1` (Apple platforms only; never on Linux).
    ///
    /// ```swift
    /// Dependency { _ in LiveLocationService() }.when(.preview) { _ in FixedLocationService() }
    /// ```
    public static let preview = Context(kind: .preview)

    /// A debug build: on in every root container when Loom itself is compiled with `DEBUG` (SwiftPM
    /// and Xcode build a package in the configuration of the app that uses it).
    ///
    /// ```swift
    /// Dependency { _ in SilentLogger() }.when(.debug) { _ in ConsoleLogger() }
    /// ```
    public static let debug = Context(kind: .debug)

    /// Running in an Apple simulator: on in every root container of an app built for one
    /// (`targetEnvironment(simulator)`), in release builds too. Never on Linux or macOS.
    ///
    /// ```swift
    /// Dependency { _ in CameraScanner() }.when(.simulator) { _ in SampleImageScanner() }
    /// ```
    public static let simulator = Context(kind: .simulator)

    /// Running outside a simulator: on in every root container of an app not built for an Apple
    /// simulator (an iPhone or a Mac, and any Linux machine), in release builds too. Exactly one of
    /// ``simulator`` and `device` is on in a root container.
    ///
    /// ```swift
    /// Dependency { _ in SampleImageScanner() }.when(.device) { _ in CameraScanner() }
    /// ```
    public static let device = Context(kind: .device)

    /// Launched with `argument`: active when the process's arguments contain it (a UI test's
    /// `launchArguments`, say), or when a container turns it on.
    ///
    /// ```swift
    /// Dependency { _ in LiveAPIClient() }.when(.argument("-mock-api")) { _ in MockAPIClient() }
    /// ```
    ///
    /// - Parameter argument: The launch argument, exactly as passed.
    /// - Returns: The context.
    public static func argument(_ argument: String) -> Context {
      Context(kind: .argument(argument))
    }

    /// How the context reads in messages: `test`, `preview`, `debug`, `simulator`, `device`,
    /// `argument "-mock-api"`, or the name given.
    ///
    /// ```swift
    /// print(Container.Context.argument("-mock-api"))  // argument "-mock-api"
    /// ```
    public var description: String {
      switch kind {
      case .test: "test"
      case .preview: "preview"
      case .debug: "debug"
      case .simulator: "simulator"
      case .device: "device"
      case .argument(let argument): "argument \"\(argument)\""
      case .named(let name): name
      }
    }

    /// The rank of the context among the active ones: lower wins.
    var precedence: Int {
      switch kind {
      case .argument: 0
      case .test: 1
      case .preview: 2
      case .named: 3
      case .simulator, .device: 4
      case .debug: 5
      }
    }
  }
}

/// Deprecated: the contexts of a container are ``Container/Context`` (a name that swift-dependencies
/// does not use for another shape of the same idea).
@_documentation(visibility: private)
@available(*, deprecated, renamed: "Container.Context")
public typealias DependencyContext = Container.Context
