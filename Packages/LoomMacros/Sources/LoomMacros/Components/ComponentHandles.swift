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
