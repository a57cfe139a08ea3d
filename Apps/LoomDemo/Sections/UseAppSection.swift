import Loom

/// Does a little work: presenters made with a runtime argument load and render two profiles.
enum UseAppSection {
  static func run(in container: Container) {
    Console.heading(2, "Using the app")
    for userID in [42, 7] {
      Console.call("container.resolve(ProfilePresenter.self, arguments: \(userID)).render()")
      let presenter = container.resolve(ProfilePresenter.self, arguments: userID)
      let profile = presenter.render()
      print("    → \(profile)")
    }
  }
}
