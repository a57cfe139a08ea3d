// MARK: - Removing registrations and dropping instances

extension Container {
  /// What ``reset(_:)`` drops.
  ///
  /// ```swift
  /// container.reset(.everything)
  /// ```
  public enum ResetScope: Sendable, Hashable {
    /// Every instance this container keeps (singletons, weak instances, the instances of its
    /// custom-lifetime caches, such as its session); registrations stay.
    case instances
    /// The instances, and every registration, start-up task, observer and per-package storage of
    /// this container: it is as good as new.
    case everything
  }

  /// Removes the registration of `type` (and `name`) from this container; returns whether there
  /// was one.
  ///
  /// A later resolve of the key falls back to an ancestor's registration, if any. The registration's
  /// instance and what its factory captured are released once no resolve still reads them (at once
  /// when none is in flight). Safe while other threads resolve.
  ///
  /// ```swift
  /// container.unregister((any APIClient).self)
  /// container.unregister(Database.self, name: "users")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of the registration.
  ///   - name: The name it was registered with, if any.
  /// - Returns: Whether this container had a registration for the key.
  @discardableResult
  public func unregister<Value>(_ type: Value.Type, name: String? = nil) -> Bool {
    uninstall(DependencyKey(type, name: name))
  }

  /// Removes this container's registration of a key path; returns whether there was one.
  ///
  /// A later resolve of the key path falls back to an ancestor's registration, or to the key
  /// path's declared default.
  ///
  /// ```swift
  /// container.unregister(\.api)  // back to the default declared with `\.api`
  /// ```
  ///
  /// - Parameter keyPath: The key path to a ``Dependency`` declared in an extension of
  ///   ``Container``.
  /// - Returns: Whether this container had a registration for the key path.
  @discardableResult
  public func unregister<Value: Sendable>(_ keyPath: DependencyKeyPath<Value>) -> Bool {
    uninstall(DependencyKey(keyPath))
  }

  /// Drops this container's cached instances, or everything it holds.
  ///
  /// With ``ResetScope/instances`` (the default), registrations stay and every cached instance of
  /// this container is dropped: the next resolve of a singleton makes a new one. The instance
  /// caches of this container's custom lifetimes are emptied too, so a LoomSession session's
  /// instances are dropped *without* being told (call `endSession()` first to tell them). A child's
  /// own instances are not touched; an ancestor's are not either.
  ///
  /// With ``ResetScope/everything``, the registrations, start-up tasks, observers and per-package
  /// storage (``extensionStorage(_:makeIfAbsent:)``, such as LoomAssembly's record of installed
  /// assemblies) go too.
  ///
  /// Whatever is dropped is released once no resolve still reads it. Safe while other threads
  /// resolve: a resolve that started before the reset may still return an instance made before it.
  ///
  /// ```swift
  /// container.reset()             // fresh singletons, same wiring
  /// container.reset(.everything)  // an empty container
  /// ```
  ///
  /// - Parameter scope: What to drop.
  public func reset(_ scope: ResetScope = .instances) {
    var retired: [any AnyObject & Sendable] = []
    let (caches, extensions) = registry.withLock {
      state -> ([InstanceCache], [any AnyObject & Sendable]) in
      let caches = state.instanceCaches.map(\.cache)
      switch scope {
      case .instances:
        for key in state.order {
          guard let entry = entry(for: key, in: &state) else { continue }
          replace(entry, with: Entry(entry.registration), in: &state, retiring: &retired)
        }
        return (caches, [])
      case .everything:
        for key in state.order { remove(key, in: &state, retiring: &retired) }
        let extensions = Array(state.extensions.values)
        state = RegistryState()
        return (caches, extensions)
      }
    }
    release(retired)
    if scope == .everything { observers.removeAll(for: self) }
    // Outside the lock: the last references to instances may go here.
    for cache in caches { cache.removeAll() }
    withExtendedLifetime(extensions) {}
  }

  /// Removes the registration of `key` from this container; returns whether there was one.
  func uninstall(_ key: DependencyKey) -> Bool {
    var retired: [any AnyObject & Sendable] = []
    let removed = registry.withLock { state in remove(key, in: &state, retiring: &retired) }
    release(retired)
    return removed
  }
}
