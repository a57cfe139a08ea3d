// MARK: - Removing registrations and dropping instances

extension Container {
  /// What ``reset(_:)->()`` drops.
  ///
  /// ```swift
  /// container.reset(.everything)
  /// container.reset(.lifetime(.singleton))
  /// ```
  public enum ResetScope: Sendable, Hashable {
    /// Every instance this container keeps (singletons, weak instances, the instances of its
    /// custom-lifetime caches, such as its session); registrations stay.
    case instances
    /// The instances of one lifetime only, such as ``Lifetime/singleton`` (eager ones included),
    /// ``Lifetime/weak``, ``Lifetime/once`` (dropped from this container's `.once` instances, for
    /// every container that shares them) or a custom lifetime; the rest stay.
    case lifetime(Lifetime)
    /// Every registration made in this container, so that each key falls back to an ancestor's
    /// registration or to its key path's declared default; a key path's default installed here
    /// stays, with its instance. The context alternatives added here
    /// (``Container/when(_:_:for:dependencies:factory:)``) go too (a default they were added to
    /// stays, without them and its instance). Start-up tasks, observers and per-package storage
    /// stay.
    case registrations
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
  /// path's declared default. The context alternatives this container added to the key path
  /// (``when(_:_:for:dependencies:factory:)``) are removed with it.
  ///
  /// ```swift
  /// container.unregister(\.api)  // back to the default declared with `\.api`
  /// ```
  ///
  /// - Parameter keyPath: The key path to a ``Dependency`` declared in an extension of
  ///   ``Container``.
  /// - Returns: Whether this container had a registration for the key path.
  @discardableResult
  public func unregister<Value>(_ keyPath: DependencyKeyPath<Value>) -> Bool {
    uninstall(DependencyKey(keyPath))
  }

  /// Drops this container's cached instances, or everything it holds (Factory's
  /// `reset(options:)`, Swinject's `resetObjectScope` and `removeAll`).
  ///
  /// With ``ResetScope/instances`` (the default), registrations stay and every cached instance of
  /// this container is dropped: the next resolve of a singleton makes a new one. The instance
  /// caches of this container's custom lifetimes are emptied too, so a LoomSession session's
  /// instances are dropped *without* being told (call `endSession()` first to tell them). A child's
  /// own instances are not touched; an ancestor's are not either. `.once` instances are the
  /// process's (or a test's): this container serves its own again only after
  /// ``ResetScope/lifetime(_:)`` with ``Lifetime/once`` or ``Lifetime/resetOnceInstances()``.
  ///
  /// ``ResetScope/lifetime(_:)`` drops only the instances of registrations with that lifetime.
  /// ``ResetScope/registrations`` removes what was registered here and keeps the rest.
  /// With ``ResetScope/everything``, the registrations, start-up tasks, observers and per-package
  /// storage (`extensionStorage(of:makeIfAbsent:)`, such as LoomAssembly's record of installed
  /// assemblies) go too.
  ///
  /// Whatever is dropped is released once no resolve still reads it. Safe while other threads
  /// resolve: a resolve that started before the reset may still return an instance made before it.
  ///
  /// ```swift
  /// container.reset()                       // fresh singletons, same wiring
  /// container.reset(.lifetime(.singleton))  // fresh singletons; weak and session ones stay
  /// container.reset(.registrations)         // back to the declared defaults
  /// container.reset(.everything)            // an empty container
  /// ```
  ///
  /// - Parameter scope: What to drop.
  public func reset(_ scope: ResetScope = .instances) {
    var retired: [any AnyObject & Sendable] = []
    let (caches, extensions, dropped) = registry.withLock {
      state -> ([InstanceCache], [any AnyObject & Sendable], [Registration]) in
      let caches = instanceCaches.caches.map(\.cache)
      switch scope {
      case .instances:
        for key in state.order {
          guard let entry = entry(for: key, in: &state) else { continue }
          replace(entry, with: Entry(entry.registration), in: &state, retiring: &retired)
        }
        return (caches, [], [])
      case .lifetime(let lifetime):
        var dropped: [Registration] = []
        for key in state.order {
          guard let entry = entry(for: key, in: &state), entry.registration.has(lifetime) else {
            continue
          }
          dropped.append(entry.registration)
          replace(entry, with: Entry(entry.registration), in: &state, retiring: &retired)
        }
        return (caches, [], dropped)
      case .registrations:
        for key in state.order {
          guard let entry = entry(for: key, in: &state) else { continue }
          guard isDeclaredDefault(entry.registration) else {
            remove(key, in: &state, retiring: &retired)
            continue
          }
          // A declared default stays, without the context alternatives added here.
          if let plain = withoutAddedContexts(entry.registration, in: state) {
            replace(entry, with: Entry(plain), in: &state, retiring: &retired)
          }
        }
        state.addedContexts = [:]
        return ([], [], [])
      case .everything:
        for key in state.order { remove(key, in: &state, retiring: &retired) }
        let extensions = Array(state.extensions.values)
        state = RegistryState()
        instanceCaches.removeAll(retiring: &retired)
        return (caches, extensions, [])
      }
    }
    release(retired)
    if scope == .everything { observers.removeAll(for: self) }
    // Outside the lock: the last references to instances may go here.
    switch scope {
    case .instances, .everything:
      for cache in caches { cache.drop() }
    case .lifetime(let lifetime):
      if case .once = lifetime.kind { onceInstances.remove(dropped) }
      for cache in caches { cache.remove(dropped) }
    case .registrations:
      break
    }
    withExtendedLifetime(extensions) {}
  }

  /// Whether `registration` is its key path's declared default (installed by a resolve or
  /// ``declare(_:)``), rather than something registered.
  private func isDeclaredDefault(_ registration: Registration) -> Bool {
    guard case .keyPath(let identity) = registration.key.identity,
      let keyPath = identity.keyPath as? any DependencyDeclaration
    else { return false }
    return keyPath.declaration(in: self).location == registration.location
  }

  /// Removes the registration of `key` from this container; returns whether there was one.
  func uninstall(_ key: DependencyKey) -> Bool {
    var retired: [any AnyObject & Sendable] = []
    let removed = registry.withLock { state -> Registration? in
      let registration = entry(for: key, in: &state)?.registration
      // The context alternatives added here go with the registration they rank above.
      state.addedContexts[key] = nil
      return remove(key, in: &state, retiring: &retired) ? registration : nil
    }
    release(retired)
    // A `.once` instance goes with its registration, as `reset(_:)` of the key drops it: the
    // declared default a key path falls back to may be the same declaration.
    if let removed, case .once = removed.lifetimeKind { onceInstances.remove([removed]) }
    return removed != nil
  }

  /// Drops the cached instance of one type, keeping its registration: the next resolve makes a
  /// new one (Factory's `container.service.reset(.scope)`, Swinject's reset of one service).
  ///
  /// It drops what this container keeps for the key: a singleton, weak or expiring instance, the
  /// instance of a custom-lifetime cache (a session's, dropped *without* being told), and a
  /// `.once` instance (for every container that shares it). An ancestor's instance is not
  /// touched. Safe while other threads resolve: a resolve that started before may still return
  /// the old instance.
  ///
  /// ```swift
  /// container.reset(ImageCache.self)                // a new cache on next resolve
  /// container.reset(Database.self, name: "users")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of the registration.
  ///   - name: The name it was registered with, if any.
  /// - Returns: Whether this container has a registration for the key.
  @discardableResult
  public func reset<Value>(_ type: Value.Type, name: String? = nil) -> Bool {
    resetInstance(of: DependencyKey(type, name: name))
  }

  /// Drops the cached instance of a key path's dependency, keeping its registration (Factory's
  /// `container.service.reset(.scope)`); see ``reset(_:name:)``.
  ///
  /// ```swift
  /// container.reset(\.imageCache)  // a new cache on next resolve; the wiring stays
  /// ```
  ///
  /// - Parameter keyPath: The key path to a ``Dependency`` declared in an extension of
  ///   ``Container``.
  /// - Returns: Whether this container has a registration for the key path (its declared
  ///   default counts once a resolve installed it).
  @discardableResult
  public func reset<Value: Sendable>(_ keyPath: DependencyKeyPath<Value>) -> Bool {
    resetInstance(of: DependencyKey(keyPath))
  }

  /// Drops the instances of `key`'s registration in this container; returns whether there is one.
  private func resetInstance(of key: DependencyKey) -> Bool {
    var retired: [any AnyObject & Sendable] = []
    let (caches, dropped) = registry.withLock {
      state -> ([InstanceCache], Registration?) in
      guard let entry = entry(for: key, in: &state) else { return ([], nil) }
      replace(entry, with: Entry(entry.registration), in: &state, retiring: &retired)
      return (instanceCaches.caches.map(\.cache), entry.registration)
    }
    release(retired)
    guard let dropped else { return false }
    // Outside the lock: the last references to instances may go here.
    if case .once = dropped.lifetimeKind { onceInstances.remove([dropped]) }
    for cache in caches { cache.remove([dropped]) }
    return true
  }
}
