import LoomMacrosImplementation
import SwiftIfConfig
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion

/// The component macros under their attribute names, as the compiler sees them.
let componentMacros: [String: MacroSpec] = [
  "Component": MacroSpec(type: ComponentMacro.self, conformances: [TypeSyntax("Component")]),
  "Provide": MacroSpec(type: ProvideMacro.self),
  "Child": MacroSpec(type: ChildMacro.self),
  "Perform": MacroSpec(type: PerformMacro.self),
]

/// Expands `source` with the component macros, in a debug build's configuration (or with none).
func expandComponent(
  _ source: String, configuration: (any BuildConfiguration)? = debugConfiguration
) -> Expansion {
  expand(source, macros: componentMacros, configuration: configuration)
}
