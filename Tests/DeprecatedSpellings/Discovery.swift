// Loom 0.1.0's one-code DiscoveryError.Code, which 0.2 keeps compiling with a deprecation warning
// (Scripts/deprecations-check.sh).
import Loom

func isConflict(_ error: DiscoveryError) -> Bool {
  error.code == .conflictingBindings  // expect: deprecated
}
