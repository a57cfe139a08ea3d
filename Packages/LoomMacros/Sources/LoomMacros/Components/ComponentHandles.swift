@_spi(LoomInternals) public import Loom

/// Makes the `Lazy` and `Provider` handles that a component's members take, so a
/// type written for a `Container` works unchanged in a component.
///
/// A handle resolves in a container; a component has none, so the first handle it makes creates
/// a small private one in which every member a handle points at is registered, under its name,
/// with a factory that reads the member from the component. Reading a `Lazy` then reads the
/// member once; calling a `Provider` reads it on every call (a transient member is built again).
///
/// The registrations hold the component weakly (a cached member that holds a handle would
/// otherwise keep its component alive forever): a handle read after the component is released
/// fails with ``ComponentError/Code/componentReleased``.
///
/// ```swift
/// let handles = _ComponentHandles()
/// let analytics: Lazy<Analytics> = handles.lazy(Analytics.self, member: "analytics") { container in
///   container.register(Analytics.self, name: "analytics") { _ in Analytics() }
/// }
/// ```
@_documentation(visibility: private)
public final class _ComponentHandles: Sendable {
  private let container = Lock<Container?>(nil)

  /// Makes the handle maker of one component instance; its container is made on first use.
  ///
  /// ```swift
  /// let handles = _ComponentHandles()
  /// ```
  public init() {}

  /// A handle that reads `member` on first use and keeps the value.
  ///
  /// ```swift
  /// let analytics = handles.lazy(Analytics.self, member: "analytics", register: registerHandles)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The member's type.
  ///   - member: The member's name.
  ///   - register: Registers every member handles point at, when the container is made.
  /// - Returns: The handle.
  public func lazy<Value>(
    _ type: Value.Type, member: String, register: (Container) -> Void
  ) -> Lazy<Value> {
    handleContainer(register).lazy(type, name: member)
  }

  /// A handle that reads `member` on every call.
  ///
  /// ```swift
  /// let makeRequest = handles.provider(Request.self, member: "request", register: registerHandles)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The member's type.
  ///   - member: The member's name.
  ///   - register: Registers every member handles point at, when the container is made.
  /// - Returns: The handle.
  public func provider<Value>(
    _ type: Value.Type, member: String, register: (Container) -> Void
  ) -> Provider<Value> {
    handleContainer(register).provider(type, name: member)
  }

  /// The container handles resolve in, made and filled by `register` on first use.
  private func handleContainer(_ register: (Container) -> Void) -> Container {
    container.withLock { container in
      if let container { return container }
      let made = Container()
      register(made)
      container = made
      return made
    }
  }

  /// The error a handle of `component`'s member `member` throws when it is read after the
  /// component was released; called only by generated code.
  ///
  /// ```swift
  /// throw _ComponentHandles.released(
  ///   Tracker.self, component: "AppComponent", member: "tracker",
  ///   fileID: "App/AppComponent.swift", line: 12)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The member's type.
  ///   - component: The component's type name.
  ///   - member: The member's name.
  ///   - fileID: The file that declares the member.
  ///   - line: The line that declares the member.
  /// - Returns: A `factoryFailed` error whose cause is a ``ComponentError`` of code
  ///   ``ComponentError/Code/componentReleased``.
  public static func released<Value>(
    _ type: Value.Type, component: String, member: String, fileID: StaticString, line: UInt
  ) -> ResolutionError {
    let key = DependencyKey(type, name: member)
    return ResolutionError(
      .factoryFailed, key: key, chain: [key],
      summary: "\(key) is a member of \(component), which was released",
      hint:
        "keep \(component) alive as long as the instances it made read their Lazy and Provider handles.",
      underlying: ComponentError.componentReleased(component: component, member: member),
      location: CodeLocation(fileID: fileID, line: line))
  }
}

extension _ComponentHandles {
  /// Registers, in a handle container, a member of a main-actor component for its `Lazy` and
  /// `Provider` handles: on the main actor, under the member's name.
  ///
  /// ```swift
  /// _ComponentHandles.mainActorMember(container, Router.self, "router", .shared) {
  ///   component.router
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - container: The handle container.
  ///   - type: The member's type.
  ///   - name: The member's name.
  ///   - lifetime: The member's lifetime.
  ///   - read: Reads the member from the component, on the main actor.
  public static func mainActorMember<Value: Sendable>(
    _ container: Container, _ type: Value.Type, _ name: String, _ lifetime: ComponentLifetime,
    _ read: @escaping @MainActor @Sendable () throws -> Value
  ) {
    container.registerMainActor(type, name: name) { _ in try read() }
  }

  /// Registers, in a handle container, a member of a main-actor component whose type is not
  /// `Sendable`, confined to the main actor: a cached member is served there only, and a
  /// transient member's new value is handed over. Swift picks this overload for such a type.
  ///
  /// ```swift
  /// _ComponentHandles.mainActorMember(container, ImageCache.self, "cache", .shared) {
  ///   component.cache
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - container: The handle container.
  ///   - type: The member's type.
  ///   - name: The member's name.
  ///   - lifetime: The member's lifetime.
  ///   - read: Reads the member from the component, on the main actor.
  public static func mainActorMember<Value>(
    _ container: Container, _ type: Value.Type, _ name: String,
    _ lifetime: _MainActorMemberLifetime, _ read: @escaping @MainActor @Sendable () throws -> Value
  ) {
    // NB: a cached member's one value is kept by the handle container as a singleton (the
    // same value the component's cell keeps, which never changes once built); a transient
    // member's value is new for each read.
    container.registerMainActorMember(
      type, name: name, lifetime: lifetime.lifetime == .transient ? .transient : .singleton,
      dependencies: nil, fileID: #fileID, line: #line, read)
  }
}
