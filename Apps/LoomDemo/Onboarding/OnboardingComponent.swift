import LoomMacros

/// The onboarding feature, wired as a compile-time component rather than registered in the
/// container: the compiler checks its wiring (a misspelt member, a cycle or a synchronous member
/// built from an asynchronous one would not compile), and `OnboardingComponent.graph` is the
/// same kind of graph as a container's.
///
/// Its inputs come from the app's container; its own members live in the component.
@Component
struct OnboardingComponent {
  /// The app's settings.
  @Provide(.input) var config: AppConfig
  /// The app's user use cases.
  @Provide(.input) var users: UserService
  /// The tips for the app's wiring, made once per component.
  @Provide(.shared, with: [\Self.config]) var tips: OnboardingTips
  /// Greets a new user with the tips, made once per component.
  @Provide(.shared, OnboardingGuide.init(tips:users:)) var guide: OnboardingGuide
  /// A fresh checklist on every read.
  @Provide(.transient, with: [\Self.tips]) var checklist: OnboardingChecklist
}

/// The tips a new user sees first.
final class OnboardingTips: Sendable {
  /// The tips, in the order they are shown.
  let items: [String]

  init(config: AppConfig) {
    var items = ["open your profile", "go offline"]
    if config.environment == .debug { items.append("read the [http] log") }
    self.items = items
  }

  init(items: [String]) {
    self.items = items
  }
}

/// Greets a user by name, with the number of tips to start with.
final class OnboardingGuide: Sendable {
  private let tips: OnboardingTips
  private let users: UserService

  init(tips: OnboardingTips, users: UserService) {
    self.tips = tips
    self.users = users
  }

  /// The greeting for user `id`, or why there is none.
  func welcome(_ id: User.ID) -> String {
    do {
      let user = try users.openProfile(id: id)
      let count = tips.items.count
      return "Welcome, \(user.name)! \(count) tip\(count == 1 ? "" : "s"): "
        + tips.items.joined(separator: ", ")
    } catch {
      return "no welcome for user \(id): \(error)"
    }
  }
}

/// The steps a new user has not done yet; a new one on every read of the component's member.
final class OnboardingChecklist: Sendable {
  /// What is left to do.
  let remaining: [String]

  init(tips: OnboardingTips) {
    remaining = tips.items
  }
}
