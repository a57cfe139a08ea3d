import Loom

// Key-path dependencies: declared once with their default factory and lifetime, resolved as
// `container.resolve(\.userService)` or `@Injected(\.userService)`. A declaration alone is enough
// to resolve one (the default is added to the root container on first resolve); `UserAssembly`
// still registers `\.userService`, so that all of the app's wiring lives in assemblies and `dump()`
// attributes it to one. A test overrides it with `container.register(\.userService) { ... }`.
extension Container {
  /// The app's user use cases; auto-wired, so its parameters are its dependencies.
  var userService: Dependency<UserService> {
    Dependency(.singleton, UserService.init)
  }
}
