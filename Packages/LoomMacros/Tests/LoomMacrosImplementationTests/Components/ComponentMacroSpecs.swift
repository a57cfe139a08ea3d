import LoomMacrosImplementation
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

/// Expands `source` with the component macros.
func expandComponent(_ source: String) -> Expansion {
  expand(source, macros: componentMacros)
}
