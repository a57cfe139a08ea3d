import Loom
import LoomSession

/// A user session from sign-in to sign-out: session instances are made once and reused, a
/// checkout flow keeps its cart until it ends, and logging out drops the session, so the next
/// user gets new instances. The observer prints what was created and reused; the teardown hooks
/// (`SessionScoped`, `FlowScoped`) print what was dropped.
enum SessionSection {
  static func run(in container: Container) {
    Console.heading(3, "A user session and a checkout flow")
    print("  SessionAssembly registers CurrentUser and UserSession (.session) and Cart (.flow).")

    Console.call("container.resolve(SignIn.self).logIn(as: \"Ada Lovelace\")")
    container.resolve(SignIn.self).logIn(as: "Ada Lovelace")
    Console.call("container.resolve(UserSession.self)")
    let ada = container.resolve(UserSession.self)
    print("    → signed in as \(ada.user.name)")

    print("  Using services: the session's instances are reused until it ends.")
    Console.call("container.resolve(UserSession.self)")
    let again = container.resolve(UserSession.self)
    Console.call("container.resolve(CurrentUser.self)")
    let user = container.resolve(CurrentUser.self)
    Console.row("same session:", "\(again === ada)")
    Console.row("same user:", "\(user === ada.user)")

    runCheckout(in: container, for: ada)

    print("  Logging out drops every session instance and tells those that adopt SessionScoped.")
    Console.call("container.endSession()")
    container.endSession()
    print("    (CurrentUser is dropped too; it has no teardown hook.)")

    Console.call("container.resolve(SignIn.self).logIn(as: \"Grace Hopper\")")
    container.resolve(SignIn.self).logIn(as: "Grace Hopper")
    Console.call("container.resolve(UserSession.self)")
    let grace = container.resolve(UserSession.self)
    print("    → signed in as \(grace.user.name)")
    let told = ada.endCount == 1 ? "once" : "\(ada.endCount) times"
    Console.row("new session:", "\(grace !== ada) (Ada's was told \(told))")
  }

  /// Runs the checkout flow: one cart for the whole run, dropped when the flow ends.
  private static func runCheckout(in container: Container, for session: UserSession) {
    print("  A checkout flow: its scope holds one Cart until it ends.")
    Console.call("let checkout = container.makeScope(\"checkout\")")
    let checkout = container.makeScope("checkout")
    Console.call("checkout.run { container.resolve(Cart.self) } (twice)")
    let (cart, same) = checkout.run {
      let cart = container.resolve(Cart.self)
      cart.add("notebook")
      let same = container.resolve(Cart.self)
      same.add("pen")
      return (cart, same)
    }
    Console.row("same cart:", "\(cart === same), for \(cart.session.user.name)")
    Console.row("cart's session:", "the signed-in one: \(cart.session === session)")
    Console.call("checkout.end()")
    checkout.end()
    Console.row("scope holds:", "\(checkout.instanceCount) instances")
    Console.call("try container.tryResolve(Cart.self)")
    do {
      _ = try container.tryResolve(Cart.self)
      print("    → resolved: a Cart should need a current flow scope")
    } catch {
      print("    → \(error.code): a Cart lives in a flow scope, and none is current")
    }
  }
}
