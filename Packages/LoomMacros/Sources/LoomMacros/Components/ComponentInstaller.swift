public import Loom

/// Turns a ``Component``'s members into registrations of a `Container`: what a generated
/// `install(into:)` does.
///
/// Each member is registered under its type and name (`DependencyKey(Database.self, name:
/// "database")`, the key it has in the component's graph), with its lifetime and its declared
/// dependencies, and a factory that reads it from the component: the container and the component
/// share one instance of a shared member. A member whose type no other member of the component
/// has is also bound under its type alone, so `container.resolve(Database.self)` and
/// `@Injected var database: Database` find it (a binding for a synchronous member, a registration
/// that reads the member for an asynchronous one). Start-up steps become start-up tasks that
/// `Container.bootstrap()` runs.
///
/// ```swift
/// var installer = _ComponentInstaller(container, component: "AppComponent")
/// installer.member(AppConfig.self, "config", .input, fileID: "App/App.swift", line: 3) {
///   component.config
/// }
/// installer.finish()
/// ```
@_documentation(visibility: private)
public struct _ComponentInstaller {
  private struct Pending {
    let key: DependencyKey
    let dependencies: [String]
    let register: (_ container: Container, _ dependencies: [DependencyKey]) -> Void
    let bindType: (Container) -> Void
  }

  private let container: Container
  private let component: String
  private var pending: [Pending] = []
  private var steps: [(Container, [DependencyKey]) -> Void] = []
  private var stepDependencies: [[String]] = []

  /// Starts installing the members of `component` into `container`.
  ///
  /// ```swift
  /// var installer = _ComponentInstaller(container, component: "AppComponent")
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container that receives the registrations.
  ///   - component: The component's type name, for the start-up tasks' names.
  public init(_ container: Container, component: String) {
    self.container = container
    self.component = component
  }

  /// Adds a synchronous member.
  ///
  /// ```swift
  /// installer.member(LiveAPIClient.self, "api", .shared, dependencies: ["config"],
  ///                  fileID: "App/App.swift", line: 4) { component.api }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The member's type.
  ///   - name: The member's name.
  ///   - lifetime: The member's lifetime.
  ///   - dependencies: The members it is built from.
  ///   - fileID: The file that declares it.
  ///   - line: The line that declares it.
  ///   - read: Reads the member from the component.
  public mutating func member<Value: Sendable>(
    _ type: Value.Type, _ name: String, _ lifetime: ComponentLifetime,
    dependencies: [String] = [], fileID: StaticString, line: UInt,
    _ read: @escaping @Sendable () throws -> Value
  ) {
    add(type, name, dependencies: dependencies, fileID: fileID, line: line) { container, keys in
      container.register(
        type, name: name, lifetime: lifetime.lifetime, dependencies: keys, fileID: fileID,
        line: line
      ) { _ in try read() }
    }
  }

  /// Adds an asynchronous member.
  ///
  /// ```swift
  /// installer.asyncMember(Database.self, "database", .shared, dependencies: ["config"],
  ///                       fileID: "App/App.swift", line: 5) { try await component.database }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The member's type.
  ///   - name: The member's name.
  ///   - lifetime: The member's lifetime.
  ///   - dependencies: The members it is built from.
  ///   - fileID: The file that declares it.
  ///   - line: The line that declares it.
  ///   - read: Reads the member from the component.
  public mutating func asyncMember<Value: Sendable>(
    _ type: Value.Type, _ name: String, _ lifetime: ComponentLifetime,
    dependencies: [String] = [], fileID: StaticString, line: UInt,
    _ read: @escaping @Sendable () async throws -> Value
  ) {
    // NB: a binding resolves its target synchronously, which an asynchronous member is not: its
    // type is registered with an asynchronous factory that reads the member instead.
    addReading(type, name, dependencies: dependencies) { container, name, keys in
      container.register(
        type, name: name, lifetime: lifetime.lifetime, dependencies: keys, fileID: fileID,
        line: line
      ) { _ async throws in try await read() }
    }
  }

  /// Adds a synchronous transient member whose type is not `Sendable`: each resolve reads a new
  /// value from the component and hands it over.
  ///
  /// Swift picks this overload for such a type by itself, as it picks the core's `register` that
  /// takes a `ConfinedLifetime`: `.transient` is the one lifetime of a member that both accept,
  /// and a cached one has only the overload for `Sendable` types.
  ///
  /// ```swift
  /// installer.member(ReportDraft.self, "draft", .transient, fileID: "App/App.swift", line: 7) {
  ///   component.draft
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The member's type.
  ///   - name: The member's name.
  ///   - lifetime: `.transient`.
  ///   - dependencies: The members it is built from.
  ///   - fileID: The file that declares it.
  ///   - line: The line that declares it.
  ///   - read: Reads a new value of the member from the component.
  public mutating func member<Value>(
    _ type: Value.Type, _ name: String, _ lifetime: ConfinedLifetime,
    dependencies: [String] = [], fileID: StaticString, line: UInt,
    _ read: @escaping @Sendable () throws -> sending Value
  ) {
    add(type, name, dependencies: dependencies, fileID: fileID, line: line) { container, keys in
      container.register(
        type, name: name, lifetime: lifetime, dependencies: keys, fileID: fileID, line: line
      ) { _ in try read() }
    }
  }

  /// Adds an asynchronous transient member whose type is not `Sendable`: each resolve reads a
  /// new value from the component and hands it over.
  ///
  /// ```swift
  /// installer.asyncMember(ReportDraft.self, "draft", .transient, fileID: "App/App.swift",
  ///                       line: 7) { try await component.draft }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The member's type.
  ///   - name: The member's name.
  ///   - lifetime: `.transient`.
  ///   - dependencies: The members it is built from.
  ///   - fileID: The file that declares it.
  ///   - line: The line that declares it.
  ///   - read: Reads a new value of the member from the component.
  public mutating func asyncMember<Value>(
    _ type: Value.Type, _ name: String, _ lifetime: ConfinedLifetime,
    dependencies: [String] = [], fileID: StaticString, line: UInt,
    _ read: @escaping @Sendable () async throws -> sending Value
  ) {
    addReading(type, name, dependencies: dependencies) { container, name, keys in
      container.register(
        type, name: name, lifetime: lifetime, dependencies: keys, fileID: fileID, line: line
      ) { _ async throws in try await read() }
    }
  }

  /// Adds a synchronous member of a main-actor component (`@Component(mainActor: true)`).
  ///
  /// ```swift
  /// installer.mainActorMember(RootViewModel.self, "root", .shared,
  ///                           fileID: "App/App.swift", line: 6) { component.root }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The member's type.
  ///   - name: The member's name.
  ///   - lifetime: The member's lifetime.
  ///   - dependencies: The members it is built from.
  ///   - fileID: The file that declares it.
  ///   - line: The line that declares it.
  ///   - read: Reads the member from the component, on the main actor.
  public mutating func mainActorMember<Value: Sendable>(
    _ type: Value.Type, _ name: String, _ lifetime: ComponentLifetime,
    dependencies: [String] = [], fileID: StaticString, line: UInt,
    _ read: @escaping @MainActor @Sendable () throws -> Value
  ) {
    // NB: a binding's factory is synchronous and not isolated, so it could not read a main-actor
    // member off the main actor: its type is registered on the main actor instead.
    addReading(type, name, dependencies: dependencies) { container, name, keys in
      container.registerMainActor(
        type, name: name, lifetime: lifetime.lifetime, dependencies: keys, fileID: fileID,
        line: line
      ) { _ in try read() }
    }
  }

  /// Adds a synchronous member of a main-actor component whose type is not `Sendable`: it is
  /// registered confined to the main actor (``Loom/ConfinedLifetime/mainActor(_:)``), so the
  /// container, like the component, makes it and serves it there only.
  ///
  /// Swift picks this overload for such a type by itself: each of a member's lifetimes is a
  /// lifetime of both overloads, and the other is for `Sendable` types only.
  ///
  /// ```swift
  /// installer.mainActorMember(ImageCache.self, "cache", .shared, fileID: "App/App.swift",
  ///                           line: 6) { component.cache }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The member's type.
  ///   - name: The member's name.
  ///   - lifetime: The member's lifetime.
  ///   - dependencies: The members it is built from.
  ///   - fileID: The file that declares it.
  ///   - line: The line that declares it.
  ///   - read: Reads the member from the component, on the main actor.
  public mutating func mainActorMember<Value>(
    _ type: Value.Type, _ name: String, _ lifetime: _MainActorMemberLifetime,
    dependencies: [String] = [], fileID: StaticString, line: UInt,
    _ read: @escaping @MainActor @Sendable () throws -> Value
  ) {
    addReading(type, name, dependencies: dependencies) { container, name, keys in
      container.registerMainActorMember(
        type, name: name, lifetime: lifetime.lifetime.lifetime, dependencies: keys,
        fileID: fileID, line: line, read)
    }
  }

  /// Adds a start-up step, as a start-up task named `Component.step` that runs after the tasks
  /// of the steps it comes after.
  ///
  /// ```swift
  /// installer.step(
  ///   "warmCaches", dependencies: ["users"], after: ["migrate"], fileID: "App/App.swift", line: 9
  /// ) {
  ///   try await component.warmCaches(users: component.users)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The step's name.
  ///   - dependencies: The members it takes.
  ///   - after: The steps it runs after.
  ///   - fileID: The file that declares it.
  ///   - line: The line that declares it.
  ///   - run: Runs the step.
  public mutating func step(
    _ name: String, dependencies: [String] = [], after: [String] = [], fileID: StaticString,
    line: UInt, _ run: @escaping @Sendable () async throws -> Void
  ) {
    let task = "\(component).\(name)"
    let earlier = after.map { "\(component).\($0)" }
    stepDependencies.append(dependencies)
    steps.append { container, keys in
      container.addStartupTask(
        task, dependencies: keys, after: earlier, fileID: fileID, line: line
      ) { _ in
        try await run()
      }
    }
  }

  /// Registers everything added, then binds each member whose type is unique among them under
  /// its type alone.
  ///
  /// ```swift
  /// installer.finish()
  /// ```
  public func finish() {
    var keys: [String: DependencyKey] = [:]
    var typeCounts: [ObjectIdentifier: Int] = [:]
    for item in pending {
      keys[item.key.name ?? ""] = item.key
      typeCounts[ObjectIdentifier(item.key.valueType), default: 0] += 1
    }
    for item in pending {
      item.register(container, item.dependencies.compactMap { keys[$0] })
    }
    for item in pending where typeCounts[ObjectIdentifier(item.key.valueType)] == 1 {
      item.bindType(container)
    }
    for (step, dependencies) in zip(steps, stepDependencies) {
      step(container, dependencies.compactMap { keys[$0] })
    }
  }

  private mutating func add<Value>(
    _ type: Value.Type, _ name: String, dependencies: [String], fileID: StaticString,
    line: UInt, register: @escaping (Container, [DependencyKey]) -> Void
  ) {
    pending.append(
      Pending(
        key: DependencyKey(type, name: name), dependencies: dependencies, register: register,
        bindType: { container in
          container.bind(type, to: type, implementationName: name, fileID: fileID, line: line)
        }))
  }

  /// Adds a member that a binding cannot serve, so its type is registered by `register` too:
  /// once under the member's name with its dependencies, and once under the type alone (name
  /// nil) with the member as its one dependency.
  private mutating func addReading<Value>(
    _ type: Value.Type, _ name: String, dependencies: [String],
    register: @escaping (Container, _ name: String?, _ dependencies: [DependencyKey]) -> Void
  ) {
    let key = DependencyKey(type, name: name)
    pending.append(
      Pending(
        key: key, dependencies: dependencies,
        register: { container, keys in register(container, name, keys) },
        bindType: { container in register(container, nil, [key]) }))
  }
}

/// The lifetime of a main-actor component's member whose type is not `Sendable`, as
/// `@Component` writes it (`.shared`): the lifetime the installer's `mainActorMember` for such
/// types takes.
///
/// A type of its own, with the same names as ``ComponentLifetime``, so that Swift tells the two
/// overloads apart by the member's type, not by what the macro writes.
///
/// ```swift
/// installer.mainActorMember(ImageCache.self, "cache", .shared, fileID: "App/App.swift",
///                           line: 6) { component.cache }
/// ```
@_documentation(visibility: private)
public struct _MainActorMemberLifetime: Sendable {
  /// The member's lifetime.
  let lifetime: ComponentLifetime

  /// A `.shared` member.
  public static let shared = Self(lifetime: .shared)
  /// A `.lazy` member.
  public static let lazy = Self(lifetime: .lazy)
  /// A `.transient` member.
  public static let transient = Self(lifetime: .transient)
  /// A `.once` member.
  public static let once = Self(lifetime: .once)
}
