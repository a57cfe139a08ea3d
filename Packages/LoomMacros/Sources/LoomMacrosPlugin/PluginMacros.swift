import LoomMacrosImplementation
import SwiftSyntaxMacros

/// The macros this plugin serves, by implementation type.
///
/// This is the one list to extend when a macro is added: declare it in `Sources/LoomMacros` with
/// `#externalMacro(module: "LoomMacrosPlugin", type: "<TypeName>")`, implement `<TypeName>` in
/// `Sources/LoomMacrosImplementation`, and add the type here.
enum PluginMacros {
  // NB: a computed static, not a top-level `let`: a global in main.swift is main-actor isolated
  // and could not be read from the plugin provider's nonisolated `resolveMacro`.
  static var all: [any Macro.Type] {
    [
      BindMacro.self,
      InjectMacro.self,
      InjectableInitMacro.self,
      InjectableMacro.self,
      ModuleMacro.self,
      ProvidesMacro.self,
      StartupMacro.self,
      WeakInjectMacro.self,
      ComponentMacro.self, ProvideMacro.self, ChildMacro.self, PerformMacro.self,
    ]
  }
}
