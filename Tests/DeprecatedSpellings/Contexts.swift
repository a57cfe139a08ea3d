// Loom 0.1.0's name for a container's contexts, which 0.2 keeps compiling with a deprecation
// warning (Scripts/deprecations-check.sh).
import Loom

extension DependencyContext {  // expect: deprecated
  static let staging = DependencyContext("staging")  // expect: deprecated
}

func contextsOf010(_ container: Container) {
  let contexts: Set<DependencyContext> = [.test, .staging]  // expect: deprecated
  container.contexts.formUnion(contexts)
}
