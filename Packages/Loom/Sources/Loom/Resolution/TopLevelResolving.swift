/// Where a resolve starts: a ``Container`` or a scope, whose non-throwing `resolve` is the
/// convenience for app code.
///
/// Every ``Resolving`` method is available here too; this protocol adds the forms that stop the
/// program with the error's message instead of throwing it. Use them where a failure is a
/// programming error you want to see at once (an app's composition root, a view model's
/// initializer); use the `try` forms (``Resolving/tryResolve(_:name:fileID:line:)``) where you
/// handle it. The ``Resolver`` a factory receives is not `TopLevelResolving`: inside a factory,
/// every resolve throws (`try r.tryResolve(Database.self)`), so a failure reaches whoever started
/// the resolve. So `tryResolve` throws and `resolve` traps, whatever the receiver (a resolver's
/// 0.1.0 `resolve`, which threw, is deprecated).
///
/// ```swift
/// let service = container.resolve(UserService.self)     // traps with the error's message
/// let api = try container.tryResolve(\.api)             // throws ResolutionError
/// let cart = checkout.resolve(Cart.self)                // a flow scope is TopLevelResolving too
/// ```
public protocol TopLevelResolving: Resolving {}

// MARK: - Resolving by type

extension TopLevelResolving {
  /// Returns the dependency registered for `type` (and `name`), building it if its lifetime says so.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
  /// > resolved. Use ``Resolving/tryResolve(_:name:fileID:line:)`` to handle the error instead.
  ///
  /// ```swift
  /// let database = container.resolve(Database.self)
  /// let primary: APIClient = container.resolve(name: "primary")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the context when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  @inlinable
  public func resolve<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> sending Value {
    do {
      return try _resolve(type, _ResolutionRequest(type, name: name, fileID: fileID, line: line))
    } catch {
      trap(error)
    }
  }

  // MARK: Resolving by key path

  /// Returns the dependency declared by a key path, using its default factory unless overridden.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
  /// > resolved. Use ``Resolving/tryResolve(_:fileID:line:)`` to handle the error instead.
  ///
  /// ```swift
  /// extension Container {
  ///   var api: Dependency<APIClient> { Dependency(.singleton) { _ in LiveAPIClient() } }
  /// }
  /// let api = container.resolve(\.api)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  @inlinable
  public func resolve<Value>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> sending Value {
    do {
      return try _resolve(Value.self, _ResolutionRequest(keyPath, fileID: fileID, line: line))
    } catch {
      trap(error)
    }
  }

  // MARK: Resolving asynchronously

  /// Returns the dependency registered for `type` (and `name`), awaiting an asynchronous factory
  /// or running a `@MainActor` one on the main actor.
  ///
  /// Synchronous registrations resolve as with ``resolve(_:name:fileID:line:)``. A cached
  /// asynchronous instance is made exactly once, however many tasks await it at the same time;
  /// it is made in a task of its own, so cancelling one caller does not cancel the creation others
  /// wait for, and resolution does not stop early when its caller is cancelled. A failed creation
  /// is not kept: the next resolve runs the factory again.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
  /// > resolved. Use ``Resolving/tryResolveAsync(_:name:fileID:line:)`` to handle the error instead.
  ///
  /// ```swift
  /// container.register(Database.self, lifetime: .singleton) { r async throws in
  ///   try await Database.open(try r.tryResolve(Config.self).databaseURL)
  /// }
  /// let database = await container.resolveAsync(Database.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from the context when omitted.
  ///   - name: The name it was registered with, if any.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  @inlinable
  public func resolveAsync<Value>(
    _ type: Value.Type = Value.self, name: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) async -> sending Value {
    do {
      return try await _resolveAsync(
        type, _ResolutionRequest(type, name: name, fileID: fileID, line: line))
    } catch {
      trap(error)
    }
  }

  /// Returns the dependency declared by a key path, awaiting an asynchronous factory.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
  /// > resolved.
  ///
  /// ```swift
  /// let session = await container.resolveAsync(\.session)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The key path to a ``Dependency`` declared in an extension of ``Container``.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  @inlinable
  public func resolveAsync<Value>(
    _ keyPath: consuming DependencyKeyPath<Value>, fileID: StaticString = #fileID,
    line: UInt = #line
  ) async -> sending Value {
    do {
      return try await _resolveAsync(
        Value.self, _ResolutionRequest(keyPath, fileID: fileID, line: line))
    } catch {
      trap(error)
    }
  }

  // MARK: Runtime arguments

  /// Returns a new instance from a registration that takes runtime arguments.
  ///
  /// > Important: Traps with the message of the ``ResolutionError`` if the dependency cannot be
  /// > resolved, including when the arguments' types differ from the registration's.
  ///
  /// ```swift
  /// container.register(UserViewModel.self) { (r, userID: String) in
  ///   UserViewModel(id: userID, api: try r.tryResolve())
  /// }
  /// let model = container.resolve(UserViewModel.self, arguments: "42")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve.
  ///   - name: The name it was registered with, if any.
  ///   - first: The first value passed to the factory after the resolver.
  ///   - rest: The other values passed to the factory, in order.
  ///   - fileID: Where the resolve is requested, for error messages.
  ///   - line: The line of that request.
  /// - Returns: The instance.
  @inlinable
  public func resolve<Value, FirstArgument, each Argument>(
    _ type: Value.Type = Value.self, name: String? = nil, arguments first: FirstArgument,
    _ rest: repeat each Argument,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> sending Value {
    do {
      return try _resolve(
        type, _ResolutionRequest(type, name: name, fileID: fileID, line: line),
        arguments: first, repeat each rest)
    } catch {
      trap(error)
    }
  }
}
