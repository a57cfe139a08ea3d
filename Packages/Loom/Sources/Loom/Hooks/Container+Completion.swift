// MARK: - Running a completion

extension Container {
  /// Runs the completion of `located`'s registration on `value`, a new instance that its
  /// lifetime keeps already (in this resolve's graph cache, its slot or its custom cache), so that
  /// what the completion resolves finds that same instance.
  ///
  /// The registration is on the chain while the completion runs: an error names it, what the
  /// completion resolves is checked for captives as held by it, and a completion that would make
  /// another instance of its own registration (a transient resolving itself through a child) is a
  /// cycle rather than an endless recursion.
  func complete<Value>(
    _ value: Value, of located: Located, context: ResolutionContext
  ) throws(ResolutionError) {
    let registration = located.registration
    guard let completion = registration.extras?.completion else { return }
    if let actor = completion.isolation, !context.runs(on: actor) {
      throw .isolationRequired(registration.key, on: actor, context: context)
    }
    let builder = registration.lifetimeKind.isBuiltByOwner ? located.owner : self
    try context.enter(registration, builder: builder)
    defer { context.leave() }
    do {
      // NB: a registration's completion is made for the registration's value type.
      try unsafeDowncast(completion, to: Completion<Value>.self).run(
        Resolver(container: builder, context: context), value)
    } catch {
      throw context.failure(error, making: registration)
    }
  }
}
