// Loom 0.1.0's per-container storage for other packages, which 0.2 keeps compiling with a
// deprecation warning (Scripts/deprecations-check.sh): only Loom's packages use it now.
import Loom

final class PluginNotes: MissingKeyExplainer {  // expect: deprecated
  func explanation(forMissing key: DependencyKey, in container: Container) -> String? { nil }
}

func storageOf010(_ container: Container) -> PluginNotes {
  container.extensionStorage(PluginNotes.self) { PluginNotes() }  // expect: deprecated
}
