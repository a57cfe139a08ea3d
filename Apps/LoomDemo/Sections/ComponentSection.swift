import Loom
import LoomMacros

/// Builds the onboarding feature as a compile-time component whose inputs come from the
/// container, reads its members, overrides one, and prints the component's graph.
enum ComponentSection {
  static func run(in container: Container, console: Console) {
    console.heading(5, "A compile-time component")
    console.line(
      "  OnboardingComponent is a @Component struct: the compiler checks its wiring, and")
    console.line("  its members are built by generated code, not looked up in the container.")
    console.call(
      "let onboarding = OnboardingComponent(config: ..., users: container.resolve(\\.userService))")
    let onboarding = OnboardingComponent(
      config: container.resolve(AppConfig.self), users: container.resolve(\.userService))
    console.call("onboarding.guide.welcome(42)")
    console.line("    → \(onboarding.guide.welcome(42))")
    console.call(
      "onboarding.guide === onboarding.guide, onboarding.checklist === onboarding.checklist")
    console.line(
      "    → \(onboarding.guide === onboarding.guide), "
        + "\(onboarding.checklist === onboarding.checklist) (shared, transient)")
    console.call(
      "onboarding.overriding { $0.tips = OnboardingTips(items: [\"say hello\"]) }.guide.welcome(42)"
    )
    let quiet = onboarding.overriding { $0.tips = OnboardingTips(items: ["say hello"]) }
    console.line("    → \(quiet.guide.welcome(42))")
    console.call("print(OnboardingComponent.graph.export(.text))")
    console.block(OnboardingComponent.graph.export(.text), indent: 4)
  }
}
