// MARK: - Hints computed from what a container has

extension Container {
  /// How to fix a missing `key`, looked up in this container, from what the containers involved
  /// register: a registration below this one, in the container resolved from, that the one
  /// needing `key` cannot see because it is built here; what another package's
  /// ``MissingKeyExplaining`` object says; a near miss (the same type under another name, or
  /// without one); then wording that fits the kind of key.
  ///
  /// - Parameters:
  ///   - key: The missing key.
  ///   - needer: The registration whose factory needs `key`, if any.
  ///   - requester: The container the resolve (or validation) started from, if known.
  /// - Returns: The hint: what to register or resolve instead.
  func missingHint(
    for key: DependencyKey, neededBy needer: Registration? = nil, requester: Container? = nil
  ) -> String {
    if let needer, let requester, requester !== self,
      let holder = requester.registrant(of: key, below: self)
    {
      let lifetime = needer.lifetime
      let place = holder === requester ? "the container resolved from" : "a container below"
      return "\(key) is registered in \(place), but \(needer.key) (\(lifetime)) is registered"
        + " above it and built there, with the registrations it sees: register \(key) where"
        + " \(needer.key) is registered, or register \(needer.key) again next to \(key)."
    }
    if let hint = (requester ?? self).explainerHint(for: key) { return hint }
    if key.isKeyPath { return ResolutionError.genericMissingHint(for: key) }
    let type = typeName(key.valueType)
    let names = namesRegistered(for: key)
    switch (key.name, names.isEmpty) {
    case (let name?, false):
      let others = names.compactMap { $0 }
      if names.contains(where: { $0 == nil }) {
        return "\(type) is registered without a name: resolve it without name:, or register it"
          + " with name: \"\(name)\"."
      }
      return "\(type) is registered with \(Self.listing(others)) but not \"\(name)\": resolve one"
        + " of those, or register \(type) with name: \"\(name)\"."
    case (nil, false):
      let others = names.compactMap { $0 }
      return "\(type) is registered only with \(Self.listing(others)): resolve it with one of those"
        + " names, or register it without a name."
    case (_, true):
      if Self.isUsuallyARuntimeArgument(key.valueType) {
        return
          "\(type) is usually a runtime argument: register the type that needs it with a factory"
          + " that takes it, `register(T.self) { (r, value: \(type)) in ... }`, and resolve that"
          + " with `resolve(T.self, arguments: value)`; or register \(type) itself."
      }
      return ResolutionError.genericMissingHint(for: key)
    }
  }

  /// The container from this one up to, not including, `ancestor` that registers `key`, if any.
  private func registrant(of key: DependencyKey, below ancestor: Container) -> Container? {
    var container: Container? = self
    while let current = container, current !== ancestor {
      if current.localEntry(for: key) != nil { return current }
      container = current.parent
    }
    return nil
  }

  /// The names (nil for none) under which the lineage registers `key`'s type.
  private func namesRegistered(for key: DependencyKey) -> [String?] {
    let type = ObjectIdentifier(key.valueType)
    var names: [String?] = []
    var container: Container? = self
    while let current = container {
      for registered in current.registry.withLock({ $0.order })
      where !registered.isKeyPath && ObjectIdentifier(registered.valueType) == type
        && !names.contains(registered.name)
      {
        names.append(registered.name)
      }
      container = current.parent
    }
    return names
  }

  /// `name: "a"` or `the names "a", "b"`.
  private static func listing(_ names: [String]) -> String {
    names.count == 1
      ? "name: \"\(names[0])\""
      : "the names " + names.map { "\"\($0)\"" }.joined(separator: ", ")
  }

  /// Whether a type is one that an app passes in rather than registers (a string, a number).
  private static func isUsuallyARuntimeArgument(_ type: any Any.Type) -> Bool {
    let scalars: [any Any.Type] = [
      String.self, Substring.self, Int.self, Int64.self, Int32.self, UInt.self, Double.self,
      Float.self, Bool.self, Character.self,
    ]
    return scalars.contains { $0 == type }
  }
}
