/// Everything the scan of a package's modules found, before the graph is built.
struct ScanResult: Sendable {
  var modules: [String] = []
  var fileCount = 0
  var types: [String: TypeFact] = [:]
  /// The protocols declared in the sources: a bare `P` key means `any P`.
  var protocols: Set<String> = []
  var extensionInitializers: [String: [[SourceParameter]]] = [:]
  var components: [ComponentFact] = []
  var provisions: [Provision] = []
  var unseen: [UnseenFact] = []
  /// Declarations under `// loom-graph:ignore`: no problem is reported inside them.
  var ignored: [SourceRange] = []
  /// Files loom-graph could not read, each an error at the place it stopped.
  var unreadable: [Finding] = []
  /// The modules each module re-exports (`@_exported import`): a file that imports the first sees
  /// their types too.
  var reexports: [String: Set<String>] = [:]

  /// Adds what one file of `module` contributed.
  mutating func merge(_ file: FileScan, module: String) {
    fileCount += 1
    if !file.reexports.isEmpty { reexports[module, default: []].formUnion(file.reexports) }
    for type in file.types where types[type.name] == nil { types[type.name] = type }
    protocols.formUnion(file.protocols)
    for (type, initializers) in file.extensionInitializers {
      extensionInitializers[type, default: []] += initializers
    }
    components += file.components
    provisions += file.provisions
    unseen += file.unseen
    ignored += file.ignored
    unreadable += file.unreadable
  }
}

/// What one file contributed.
struct FileScan: Sendable {
  var types: [TypeFact] = []
  var components: [ComponentFact] = []
  var provisions: [Provision] = []
  var unseen: [UnseenFact] = []
  var ignored: [SourceRange] = []
  var unreadable: [Finding] = []
  /// The modules the file imports with `@_exported`.
  var reexports: Set<String> = []
  var protocols: Set<String> = []
  /// Initializers written in extensions, by the extended type's name.
  var extensionInitializers: [String: [[SourceParameter]]] = [:]
}
