import Loom
import LoomSession

/// A user session from sign-in to sign-out: session instances are made once and reused, a
/// checkout flow keeps its cart until it ends, and logging out drops the session, so the next
/// user gets new instances. The observer prints what was created and reused; the teardown hooks
/// (`SessionScoped`, `FlowScoped`) print what was dropped.
enum SessionSection {
  static func run(in container: Container, console: Console) {
    console.heading(3, "A user session and a checkout flow")
    console.line(
      "  SessionAssembly registers CurrentUser and UserSession (.session) and Cart (.flow).")

    console.call("container.resolve(SignIn.self).logIn(as: \"Ada Lovelace\")")
    container.resolve(SignIn.self).logIn(as: "Ada Lovelace")
    console.call("container.resolve(UserSession.self)")
    let ada = container.resolve(UserSession.self)
    console.line("    → signed in as \(ada.user.name)")

    console.line("  Using services: the session's instances are reused until it ends.")
    console.call("container.resolve(UserSession.self)")
    let again = container.resolve(UserSession.self)
    console.call("container.resolve(CurrentUser.self)")
    let user = container.resolve(CurrentUser.self)
    console.row("same session:", "\(again === ada)")
    console.row("same user:", "\(user === ada.user)")

    runCheckout(in: container, for: ada, console: console)

    console.line(
      "  Logging out drops every session instance and tells those that adopt SessionScoped.")
    console.call("container.endSession()")
    container.endSession()
    console.line("    (CurrentUser is dropped too; it has no teardown hook.)")

    console.call("container.resolve(SignIn.self).logIn(as: \"Grace Hopper\")")
    container.resolve(SignIn.self).logIn(as: "Grace Hopper")
    console.call("container.resolve(UserSession.self)")
    let grace = container.resolve(UserSession.self)
    console.line("    → signed in as \(grace.user.name)")
    let told = ada.endCount == 1 ? "once" : "\(ada.endCount) times"
    console.row("new session:", "\(grace !== ada) (Ada's was told \(told))")
  }

  /// Runs the checkout flow: one cart for the whole run, dropped when the flow ends.
  private static func runCheckout(
    in container: Container, for session: UserSession, console: Console
  ) {
    console.line("  A checkout flow: its scope holds one Cart until it ends.")
    console.call("let checkout = container.makeScope(\"checkout\")")
    let checkout = container.makeScope("checkout")
    console.call("checkout.run { container.resolve(Cart.self) } (twice)")
    let (cart, same) = checkout.run {
      let cart = container.resolve(Cart.self)
      cart.add("notebook")
      let same = container.resolve(Cart.self)
      same.add("pen")
      return (cart, same)
    }
    console.row("same cart:", "\(cart === same), for \(cart.session.user.name)")
    console.row("cart's session:", "the signed-in one: \(cart.session === session)")
    console.call("checkout.end()")
    checkout.end()
    console.row("scope holds:", "\(checkout.instanceCount) instances")
    console.call("try container.tryResolve(Cart.self)")
    do {
      _ = try container.tryResolve(Cart.self)
      console.line("    → resolved: a Cart should need a current flow scope")
    } catch {
      console.line("    → \(error.code): a Cart lives in a flow scope, and none is current")
    }
  }
}
