// MARK: - Completions run when the graph is complete

/// The completion of an instance made in a resolve, waiting for that resolve's graph to be
/// complete (Swinject's `initCompleted` timing): kept by ``ResolutionContext/pendingCompletions``.
struct PendingCompletion {
  /// The keys of the chain above the instance when it was made, outermost first: what an error of
  /// the completion is told from.
  let chainAbove: [DependencyKey]
  /// Whether the instance is kept by its lifetime (cached), so that its completion must run even
  /// when the resolve that made it failed afterwards.
  let isKept: Bool
  /// The actor the completion must run on: its body's, or else its registration's (none for a
  /// registration with no actor).
  let actor: (any Actor)?
  /// The registration whose completion it is.
  let origin: CompletionOrigin
  /// The registrations whose completions, one making an instance of the next, made this
  /// instance, outermost first (empty for an instance the resolve itself made).
  let ancestry: [CompletionOrigin]
  /// Runs the completion in a context.
  let run: (ResolutionContext) throws(ResolutionError) -> Void
}

/// A registration whose completion is running, or made the instance of a pending completion.
struct CompletionOrigin {
  let id: ObjectIdentifier
  let key: DependencyKey
}

extension Container {
  /// Queues the completion of `located`'s registration on `value`, a new instance that its
  /// lifetime keeps already, to run when `context`'s graph is complete
  /// (``ResolutionContext/runCompletions()``).
  func deferCompletion<Value>(
    _ value: Value, of located: Located, context: ResolutionContext
  ) {
    let registration = located.registration
    context.pendingCompletions.append(
      PendingCompletion(
        chainAbove: context.keys, isKept: !registration.lifetimeKind.isOwnedByHolder,
        actor: registration.extras?.completion?.isolation ?? registration.isolation,
        origin: CompletionOrigin(id: ObjectIdentifier(registration), key: registration.key),
        ancestry: context.completionAncestry,
        run: { context throws(ResolutionError) in
          try self.complete(value, of: located, context: context)
        }))
  }

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
    if let actor = completion.isolation ?? registration.isolation, !context.runs(on: actor) {
      throw .isolationRequired(registration.key, on: actor, context: context)
    }
    let builder = registration.lifetimeKind.isBuiltByOwner ? located.owner : self
    try context.enterCompletion(registration, builder: builder)
    defer { context.leave() }
    do {
      // NB: a registration's completion is made for the registration's value type.
      try unsafeDowncast(completion, to: Completion<Value>.self).run(
        Resolver(container: builder, context: context), value)
      registration.finishObservingCompletion()
    } catch {
      throw context.failure(error, making: registration)
    }
  }
}
