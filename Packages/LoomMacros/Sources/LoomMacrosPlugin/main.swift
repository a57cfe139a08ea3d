// The compiler plugin's entry point: serves the macros of `PluginMacros.all` to the compiler.

#if LOOM_TOOLCHAIN_SYNTAX
  // The toolchain's host libraries ship no SwiftCompilerPlugin module: run the listener over our
  // own connection (PluginConnection.swift).
  @_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
  import SwiftSyntaxMacros

  struct LoomPluginProvider: PluginProvider {
    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
      guard let macro = PluginMacros.all.first(where: { String(describing: $0) == typeName })
      else {
        throw PluginError("macro '\(moduleName).\(typeName)' is not provided by this plugin")
      }
      return macro
    }
  }

  try CompilerPluginMessageListener(connection: PluginConnection(), provider: LoomPluginProvider())
    .main()
#else
  import SwiftCompilerPlugin
  import SwiftSyntaxMacros

  struct LoomPlugin: CompilerPlugin {
    var providingMacros: [any Macro.Type] { PluginMacros.all }
  }

  try LoomPlugin.main()
#endif
