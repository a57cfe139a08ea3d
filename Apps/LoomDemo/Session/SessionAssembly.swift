import Loom
import LoomAssembly
import LoomSession

/// The signed-in user's objects: the session (``CurrentUser``, ``UserSession``) and the checkout
/// flow's ``Cart``; the sign-in screen (``SignIn``) registers itself with `@Bind`.
///
/// The lifetimes only ever point at longer ones (flow → session → singleton), so
/// `container.validate()` finds no captive: no singleton holds a session or flow instance.
struct SessionAssembly: Assembly {
  // The teardown hooks write to the app's console, which ConsoleAssembly registers; SignIn is a
  // discovered binding, which Wiring installs.
  var expectedKeys: [DependencyKey] {
    [DependencyKey(Console.self), DependencyKey(SignIn.self)]
  }

  var registrations: Registrations {
    // One per session: `container.endSession()` drops them, the next resolve makes new ones.
    Register(CurrentUser.self, lifetime: .session, dependencies: [DependencyKey(SignIn.self)]) {
      r in CurrentUser(name: try r.tryResolve(SignIn.self).userName)
    }
    Register(UserSession.self, lifetime: .session, UserSession.init)
    // One per flow scope: resolved inside `checkout.run { }`, dropped by `checkout.end()`.
    Register(Cart.self, lifetime: .flow, Cart.init)
  }
}
