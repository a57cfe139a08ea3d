import Loom

/// Does a little work: presenters made with a runtime argument load and render two profiles. The
/// sample API knows user 42 only, so the second profile fails to load, on purpose.
enum UseAppSection {
  static func run(in container: Container, console: Console) {
    console.heading(2, "Using the app")
    for userID in [42, 7] {
      console.call("container.resolve(ProfilePresenter.self, arguments: \(userID)).render()")
      let presenter = container.resolve(ProfilePresenter.self, arguments: userID)
      console.line("    → \(presenter.render())")
    }
    console.line("      (intended: the offline sample API knows only user 42, so profile 7")
    console.line("       shows how the app reports a failed request)")
  }
}
