// Loom 0.1.0's start-up spellings, which 0.2 keeps compiling with a deprecation warning: each now
// makes or reads a StartupTask. Scripts/deprecations-check.sh type-checks this file: every line
// that ends with the marker `expect: deprecated` must get a deprecation warning, and nothing else
// may get a diagnostic.
import Loom

func startupOf010(_ container: Container) {
  let token = StartupOnce()  // expect: deprecated
  container.addStartupTask("Configure crash reporting", once: token) { _ in }  // expect: deprecated
  _ = token.hasRun

  let hook = StartupHook("Warm the cache", order: 2) { _ in }  // expect: deprecated
  let plain = StartupHook("Start the reporter") {}  // expect: deprecated
  container.install([hook, plain])  // expect: deprecated
  _ = (hook.name, hook.order, hook.location, hook.once.hasRun, hook.description)

  for discovered in Container.discoveredStartupHooks { print(discovered) }  // expect: deprecated
}
