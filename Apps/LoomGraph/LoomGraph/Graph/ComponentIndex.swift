/// The components of a scan, told apart by module and name, and the component each child's type
/// names, looked up as Swift looks it up from the file that declares the child.
///
/// A child's type is found, in order: among the types nested in the parent and in the types
/// around it (in the parent's module); declared at the top of the parent's own module (which
/// shadows every import); written with its module (`Profile.FeatureComponent`); or declared in
/// exactly one of the modules the parent's file imports (with what they re-export with
/// `@_exported import`). Two imported modules that both declare it make the name ambiguous, as
/// the compiler says too: the child is then not checked, and listed as not seen.
struct ComponentIndex {
  /// The components kept (the first of two with one module and name, as `#if` branches can
  /// declare), in scan order.
  let components: [ComponentFact]
  /// What could not be told apart: a second declaration, an ambiguous child.
  private(set) var unseen: [UnseenFact] = []
  private let byID: [String: ComponentFact]
  /// For each component's id, the id of the component each of its children is, if any.
  private var mounts: [String: [String?]] = [:]
  /// The children whose type two imported modules declare, as `id#index`.
  private var ambiguous: Set<String> = []
  /// Whether the last child `resolve` looked up was ambiguous.
  private var ambiguousChild = false
  private let displayNames: [String: String]

  init(scan: ScanResult) {
    var byID: [String: ComponentFact] = [:]
    var kept: [ComponentFact] = []
    var unseen: [UnseenFact] = []
    for component in scan.components {
      guard byID[component.id] == nil else {
        unseen.append(
          UnseenFact(
            position: component.position,
            text: "a second component \(component.name) in module \(component.module) is not"
              + " drawn nor checked; loom-graph reads the first one"))
        continue
      }
      byID[component.id] = component
      kept.append(component)
    }
    components = kept
    self.byID = byID
    var count: [String: Int] = [:]
    for component in kept { count[component.name, default: 0] += 1 }
    displayNames = Dictionary(
      uniqueKeysWithValues: kept.map { ($0.id, count[$0.name] == 1 ? $0.name : $0.id) })
    self.unseen = unseen

    let modules = Dictionary(
      scan.modules.map { (Self.moduleName($0), $0) }, uniquingKeysWith: { first, _ in first })
    for component in kept {
      let visible = Self.visibleModules(of: component, modules: modules, reexports: scan.reexports)
      mounts[component.id] = component.children.enumerated().map { index, child in
        let id = resolve(child, of: component, visible: visible, modules: modules)
        if id == nil, ambiguousChild { ambiguous.insert("\(component.id)#\(index)") }
        return id
      }
    }
  }

  // MARK: - Questions

  /// The name a component is shown and keyed under: its name, or `Module.Name` when a component
  /// of another module has the same name.
  func displayName(of component: ComponentFact) -> String {
    displayNames[component.id] ?? component.id
  }

  /// The component child `index` of `parent` mounts, if its type is a component of the scan.
  func component(mountedBy parent: ComponentFact, child index: Int) -> ComponentFact? {
    guard let id = mounts[parent.id]?[index] ?? nil else { return nil }
    return byID[id]
  }

  /// Whether child `index` of `parent` names a component two imported modules declare.
  func isAmbiguous(_ parent: ComponentFact, child index: Int) -> Bool {
    ambiguous.contains("\(parent.id)#\(index)")
  }

  /// The component `name` names on the command line: its display name or `Module.Name`.
  func component(named name: String) -> ComponentFact? {
    byID[name] ?? components.first { displayName(of: $0) == name }
  }

  /// Whether `name`, written in `parents:`, names `component`: its name or `Module.Name`.
  static func names(_ name: String, _ component: ComponentFact) -> Bool {
    name == component.name || name == component.id
  }

  // MARK: - Looking a child up

  private mutating func resolve(
    _ child: ComponentFact.Child, of parent: ComponentFact, visible: [String],
    modules: [String: String]
  ) -> String? {
    let type = child.type
    // Nested in the parent, or in the types around it, then at the top of its module.
    var scope = parent.name.split(separator: ".").map(String.init)
    while true {
      let id = ([parent.module] + scope + [type]).joined(separator: ".")
      if byID[id] != nil { return id }
      if scope.isEmpty { break }
      scope.removeLast()
    }
    // Written with its module.
    if let dot = type.firstIndex(of: "."),
      let module = modules[String(type[..<dot])],
      visible.contains(module) || module == parent.module
    {
      let id = module + type[dot...]
      if byID[id] != nil { return id }
    }
    // In one of the modules the file imports.
    let found = visible.filter { $0 != parent.module && byID["\($0).\(type)"] != nil }
    ambiguousChild = found.count > 1
    if found.count > 1 {
      unseen.append(
        UnseenFact(
          position: child.position,
          text: "child '\(child.name)' of \(displayName(of: parent)): \(type) is declared in"
            + " \(found.sorted().joined(separator: " and ")), which \(parent.name)'s file imports;"
            + " loom-graph does not check which one it is (name it with its module)"))
      return nil
    }
    return found.first.map { "\($0).\(type)" }
  }

  /// The modules whose top-level types `component`'s file sees: what it imports, and what those
  /// re-export, as the scan's module names.
  private static func visibleModules(
    of component: ComponentFact, modules: [String: String], reexports: [String: Set<String>]
  ) -> [String] {
    var visible: [String] = []
    var pending = component.imports.compactMap { modules[$0] }
    while let module = pending.popLast() {
      guard !visible.contains(module) else { continue }
      visible.append(module)
      pending += (reexports[module] ?? []).compactMap { modules[$0] }
    }
    return visible
  }

  /// The name Swift gives a target's module: `my-feature` is `my_feature`.
  static func moduleName(_ target: String) -> String {
    var name = String(
      target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if name.first?.isNumber == true { name = "_" + name }
    return name
  }
}
