extension Container {
  /// Runs `body`, recording `origin` as the module that made every registration inside it.
  ///
  /// ``dump()`` and the dependency graph show the origin of each registration and of the one it
  /// replaced, so an app composed of modules can tell which module registered (and which one
  /// overrode) a key. LoomAssembly calls it for each assembly it installs. Nested calls replace the
  /// origin for their duration. It is a task-local value: it follows `async` code and child tasks.
  ///
  /// ```swift
  /// Container.withRegistrationOrigin("NetworkAssembly") {
  ///   container.register(lifetime: .singleton, HTTPClient.init)
  /// }
  /// print(container.dump())  // HTTPClient  singleton  App/Network.swift:12 [NetworkAssembly]
  /// ```
  ///
  /// - Parameters:
  ///   - origin: The module's name.
  ///   - body: The registrations to attribute to it.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @discardableResult
  public static func withRegistrationOrigin<Result>(
    _ origin: String, _ body: () throws -> Result
  ) rethrows -> Result {
    try RegistrationOrigin.$current.withValue(origin, operation: body)
  }
}

/// The module making registrations now, if any.
enum RegistrationOrigin {
  @TaskLocal static var current: String?
}
