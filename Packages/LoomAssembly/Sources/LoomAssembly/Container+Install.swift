public import Loom

extension Container {
  /// Installs assemblies in the order written, each one after the assemblies it requires.
  ///
  /// Each assembly's registrations are made inside `Container.withRegistrationOrigin(_:_:)` with
  /// its ``Assembly/name``, so `dump()` shows which assembly registered each key. A later
  /// registration of a key replaces an earlier one, so the last assembly wins, deterministically:
  /// list production wiring first, then debug or test overrides. Requirements
  /// (``Assembly/requirements``) are installed before the assembly that requires them, once per
  /// container: a requirement already installed here or in an ancestor is skipped. An assembly
  /// written in the block is always installed, even if it was installed before.
  ///
  /// It returns the container, so a container can be made and wired in one expression.
  ///
  /// ```swift
  /// let container = Container().install {
  ///   NetworkAssembly(baseURL: url)
  ///   if debug { DebugAssembly() } else { ReleaseAssembly() }
  ///   for plugin in plugins { plugin }
  ///   optionalAssembly
  ///   AnalyticsModule.self
  /// }
  /// ```
  ///
  /// > Important: Traps, naming the loop, if assemblies require each other in a cycle.
  ///
  /// An assembly ported from Swinject that still implements `assemble(container:)` is installed
  /// through it, with a warning in debug builds at this line (see
  /// ``Assembly/assemble(container:)``).
  ///
  /// - Parameters:
  ///   - fileID: Where the assemblies are installed, for warnings.
  ///   - line: The line where they are installed.
  ///   - assemblies: The assemblies to install, built with ``AssemblyBuilder``.
  /// - Returns: This container.
  @discardableResult
  public func install(
    fileID: StaticString = #fileID, line: UInt = #line,
    @AssemblyBuilder _ assemblies: () -> [any Assembly]
  ) -> Container {
    var installation = Installation(into: self, at: CodeLocation(fileID: fileID, line: line))
    installation.install(assemblies())
    return self
  }
}
