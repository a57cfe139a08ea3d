extension Container {
  /// A readable list of every registration: its key, lifetime, where it was registered, whether
  /// its factory is asynchronous or runs on the main actor, what it declares it depends on, and
  /// which registration it replaced. The parent's follow.
  ///
  /// A registration whose factory is asynchronous is marked `async`, and one whose factory runs on
  /// the main actor (written `@MainActor`, in a `@MainActor` function, or registered with
  /// ``registerMainActor(_:name:lifetime:dependencies:fileID:line:factory:)``) is marked
  /// `main actor` (another actor's, `on` that actor): those are the ones to resolve with `await`
  /// (``TopLevelResolving/resolveAsync(_:name:fileID:line:)``) or on their actor. A lifetime says
  /// `on the main actor` for an instance shared there only, and `unchecked` for one shared on the
  /// user's word (``ConfinedLifetime/unchecked(_:)``); the title counts those, the registrations a
  /// migration to Swift 6 still has to make safe.
  ///
  /// ```swift
  /// print(container.dump())
  /// // Container: 4 registrations, 1 unchecked
  /// //   Config        unchecked singleton  App/Wiring.swift:10
  /// //   HTTPClient    singleton            App/Wiring.swift:11  depends on Config
  /// //   Database      singleton            App/Wiring.swift:12  async
  /// //   \.api         transient            App/Wiring.swift:20  replaces App/API.swift:8
  /// ```
  ///
  /// - Returns: One line per registration, grouped by container from this one up to the root.
  public func dump() -> String {
    var sections: [String] = []
    var container: Container? = self
    var level = 0
    while let current = container {
      let title = level == 0 ? "Container" : "Parent container (\(level) up)"
      sections.append(current.dumpOwnRegistrations(title: title))
      container = current.parent
      level += 1
    }
    return sections.joined(separator: "\n")
  }

  private func dumpOwnRegistrations(title: String) -> String {
    let registrations = entries.map(\.registration)
    let count = registrations.count
    let unchecked = registrations.count(where: \.isUnchecked)
    var lines = [
      "\(title): \(count) registration\(count == 1 ? "" : "s")"
        + (unchecked > 0 ? ", \(unchecked) unchecked" : "")
    ]
    let rows = registrations.map { registration -> [String] in
      var notes: [String] = []
      if registration.isAsync { notes.append("async") }
      if registration.requiresMainActor { notes.append("main actor") }
      if registration.kind == .isolated, let actor = registration.isolation {
        notes.append("on \(isolationName(actor))")
      }
      if let target = registration.bindingTarget {
        notes.append("binds to \(target)")
      } else if !registration.declaredDependencies.isEmpty {
        let names = registration.declaredDependencies.map(\.edgeDescription)
        notes.append("depends on \(names.joined(separator: ", "))")
      }
      if registration.resolvesThroughCapturedContainer {
        notes.append("resolves through a captured container (a reference cycle: use its resolver)")
      }
      if let replaced = registration.replaced {
        let origin = replaced.origin.map { " (\($0))" } ?? ""
        notes.append("replaces \(replaced.location)\(origin)")
      }
      let origin = registration.origin.map { " [\($0)]" } ?? ""
      let lifetime = ConfinedLifetime(registration.lifetime, sharing: registration.sharing)
      return [
        registration.key.description, lifetime.description,
        registration.location.description + origin, notes.joined(separator: "; "),
      ]
    }
    let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      var line = "  "
      for column in 0..<3 {
        line += row[column].padding(toLength: widths[column] + 2)
      }
      line += row[3]
      while line.hasSuffix(" ") { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
