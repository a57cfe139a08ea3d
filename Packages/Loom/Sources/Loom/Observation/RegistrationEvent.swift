/// What an observer learns about one registration (Swinject's `Behavior`).
///
/// ```swift
/// container.onRegister { event in
///   print(event)  // "Database (singleton) registered at App/Wiring.swift:12 by NetworkAssembly"
/// }
/// ```
public struct RegistrationEvent: Sendable, CustomStringConvertible {
  /// The key registered.
  ///
  /// ```swift
  /// container.onRegister { event in print(event.key) }
  /// ```
  public let key: DependencyKey
  /// The lifetime it was registered with (the container's default when it named none).
  ///
  /// ```swift
  /// container.onRegister { event in print(event.lifetime) }
  /// ```
  public let lifetime: Lifetime
  /// Where it was registered.
  ///
  /// ```swift
  /// container.onRegister { event in print(event.location) }  // App/Wiring.swift:12
  /// ```
  public let location: CodeLocation
  /// The assembly (or other origin) that registered it, if any: the name given to
  /// ``Container/withRegistrationOrigin(_:_:)``, which LoomAssembly's `install` uses.
  ///
  /// ```swift
  /// container.onRegister { event in print(event.origin ?? "the app") }
  /// ```
  public let origin: String?
  /// The key it forwards to, for a binding made with
  /// ``Container/bind(_:name:to:implementationName:fileID:line:)`` (Swinject's type forwarding);
  /// `nil` for a registration with a factory of its own.
  ///
  /// ```swift
  /// container.onRegister { event in
  ///   if let target = event.boundTo { print("\(event.key) → \(target)") }
  /// }
  /// ```
  public let boundTo: DependencyKey?
  /// The container registered into.
  ///
  /// ```swift
  /// container.onRegister { event in print(event.container === container) }
  /// ```
  public let container: Container

  /// `Database (singleton) registered at App/Wiring.swift:12`, with ` by <origin>` and
  /// ` bound to <key>` when they apply.
  ///
  /// ```swift
  /// container.onRegister { print($0) }
  /// ```
  public var description: String {
    var text = "\(key) (\(lifetime)) registered at \(location)"
    if let origin { text += " by \(origin)" }
    if let boundTo { text += " bound to \(boundTo)" }
    return text
  }
}

extension Container {
  /// Calls `handler` after every registration made in this container or its children (Swinject's
  /// `Behavior`): a type, a name, a key path's override, a binding.
  ///
  /// Observers run on the registering thread, outside every lock, once the registration is in
  /// place. A key path's declared default, installed by its first resolve, is not a registration
  /// and is not reported. While no registration observer is added, registering skips this work.
  ///
  /// ```swift
  /// let token = container.onRegister { event in
  ///   registered.append(event.key)
  /// }
  /// token.cancel()
  /// ```
  ///
  /// - Parameter handler: Receives one ``RegistrationEvent`` per registration.
  /// - Returns: A token whose ``ObservationToken/cancel()`` removes the observer.
  @discardableResult
  public func onRegister(_ handler: @escaping @Sendable (RegistrationEvent) -> Void)
    -> ObservationToken
  {
    observers.addRegistrationObserver(for: self, handler)
  }

  /// Tells the registration observers of this container's lineage about `registration`.
  func reportRegistration(_ registration: Registration) {
    guard observers.hasRegistrationObservers else { return }
    observers.notify(
      RegistrationEvent(
        key: registration.key, lifetime: registration.lifetime, location: registration.location,
        origin: registration.origin, boundTo: registration.bindingTarget, container: self),
      registrar: self)
  }
}
