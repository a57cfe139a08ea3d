// Code the macros generate names Loom's types with a module selector (`Loom::Container`), so a
// file that imports LoomMacros must see the Loom and LoomAssembly modules too.
@_exported public import Loom
@_exported public import LoomAssembly
