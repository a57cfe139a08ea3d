import Loom

// Key-path dependencies: declared once with their default factory and lifetime, resolved as
// `container.resolve(\.userService)` or `@Injected(\.userService)`. They need no registration (the
// default is added to the root container on first resolve), and a test overrides one with
// `container.register(\.userService) { ... }`.
extension Container {
  /// The app's user use cases; auto-wired, so its parameters are its dependencies.
  var userService: Dependency<UserService> {
    Dependency(.singleton, UserService.init)
  }
}
