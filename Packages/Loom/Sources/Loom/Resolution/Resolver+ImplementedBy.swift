extension Resolver {
  /// `instance` as the registered type `Value`, or the ``ResolutionError/Code/typeMismatch`` error
  /// of a registration whose implementation is not a `Value`: plumbing for LoomMacros'
  /// `register(_:implementedBy:)`, whose conversion Swift cannot check for a generic key type.
  ///
  /// ```swift
  /// container.register((any APIClient).self) { r in
  ///   try r._implementation(LiveAPIClient(), as: (any APIClient).self)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - instance: What the implementation's factory made.
  ///   - type: The type the registration resolves.
  /// - Returns: `instance`, as a `Value`.
  /// - Throws: A ``ResolutionError/Code/typeMismatch`` error naming both types, when `instance` is
  ///   not a `Value`.
  @_documentation(visibility: private)
  public func _implementation<Implementation, Value>(
    _ instance: Implementation, as type: Value.Type
  ) throws(ResolutionError) -> Value {
    if let value = instance as? Value { return value }
    let key = context.innermostBuild?.registration.key ?? DependencyKey(Value.self)
    var error = bindingMismatch(key, target: DependencyKey(Implementation.self), expected: type)
    error.hint =
      "implement \(key) with a type that conforms to \(typeName(type)) (or, for a class, a subclass"
      + " of it), or register it with a factory."
    throw error
  }
}
