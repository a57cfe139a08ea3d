// Loom 0.1.0's name for a component member that needs itself, which 0.2 keeps compiling with a
// deprecation warning (Scripts/deprecations-check.sh).
import LoomMacros

func isRecursion(_ error: ComponentError) -> Bool {
  error.code == .recursiveConstruction  // expect: deprecated
}
