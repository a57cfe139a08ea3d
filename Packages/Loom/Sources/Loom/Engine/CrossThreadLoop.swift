/// A loop of resolves on several threads or tasks, each building a key that the next one waits
/// for: what a cross-thread cycle error shows, from the point of view of whoever reads it.
///
/// Each participant builds a stretch of the loop (the keys on its chain from the one the previous
/// participant waits for) and waits for the first key of the next participant's stretch.
struct CrossThreadLoop: Sendable {
  struct Participant: Sendable {
    /// The participant's identity in the ``WaitGraph``.
    let identity: UInt
    /// The keys of the loop it is building, in order.
    let builds: [DependencyKey]
    /// The key it waits for, which the next participant builds.
    let waitsFor: DependencyKey
  }

  /// The participants, the one whose wait was refused first.
  let participants: [Participant]

  /// The loop made from a refused wait (see ``WaitGraph/beginWait(_:_:)``); nil when a wait of
  /// the loop is not a resolve's.
  init?(_ waits: [(identity: UInt, wait: WaitGraph.Wait)]) {
    var participants: [Participant] = []
    for (position, (identity, wait)) in waits.enumerated() {
      guard let key = wait.key else { return nil }
      // The key this participant builds for the loop: the one the previous participant waits for.
      let previous = waits[(position + waits.count - 1) % waits.count].wait.key
      let start = previous.flatMap { wait.chain.lastIndex(of: $0) } ?? max(wait.chain.count - 1, 0)
      participants.append(
        Participant(identity: identity, builds: Array(wait.chain[start...]), waitsFor: key))
    }
    self.participants = participants
  }

  /// The keys of the whole loop, from the first stretch of `viewer` (or of the first participant),
  /// back to where it started: `A → B → A`.
  func path(from viewer: UInt) -> [DependencyKey] {
    let ordered = rotated(to: viewer)
    var keys = ordered.flatMap(\.builds)
    keys.append(keys.first ?? ordered[0].waitsFor)
    return keys
  }

  /// One line per participant, from `viewer`'s: who builds what and waits for what.
  func lines(from viewer: UInt) -> [String] {
    rotated(to: viewer).map { participant in
      let who: String
      let kind = WaitIdentity.isAsynchronous(participant.identity) ? "task" : "thread"
      if participant.identity == viewer {
        who = "This \(kind)"
      } else if participants.contains(where: { $0.identity == viewer }) {
        who = "Another \(kind)"
      } else {
        who = "A \(kind)"
      }
      let builds = participant.builds.map(\.description).joined(separator: " → ")
      return "\(who) builds \(builds.isEmpty ? "nothing yet" : builds) and waits for"
        + " \(participant.waitsFor)"
    }
  }

  /// The participants starting with `viewer`, or as recorded when it is not one of them.
  private func rotated(to viewer: UInt) -> [Participant] {
    guard let start = participants.firstIndex(where: { $0.identity == viewer }) else {
      return participants
    }
    return Array(participants[start...] + participants[..<start])
  }
}

extension ResolutionError {
  /// The cycle error of a loop of resolves on several threads, as `viewer` sees it: its own
  /// `chain` to the `key` it asked for, the whole loop, and who builds what.
  static func crossThreadCycle(
    _ loop: CrossThreadLoop, viewer: UInt, key: DependencyKey, chain: [DependencyKey],
    location: CodeLocation
  ) -> ResolutionError {
    let path = loop.path(from: viewer).map(\.description).joined(separator: " → ")
    var error = ResolutionError(
      .cycle, key: key, chain: chain,
      summary: "dependency cycle across threads: \(path)",
      hint: "break the cycle: let one side take Lazy<T> or Provider<T> instead of T, or move the"
        + " shared state into a third dependency.",
      location: location)
    error.details = loop.lines(from: viewer)
    error.crossThreadLoop = loop
    return error
  }

  /// This error as seen by a resolve that waited for the creation of `key` that failed with it:
  /// the waiter's own chain to `key`, then the part of the creation's chain below `key`, and the
  /// waiter's location; a cross-thread cycle is retold from the waiter's side (it may be one of
  /// the loop's threads).
  ///
  /// ```
  /// creation's error:  Screen → Session → Database      (requested at Screen.swift:4)
  /// waiter's chain:    Sync → Session
  /// waiter is told:    Sync → Session → Database        (requested at Sync.swift:9)
  /// ```
  func seen(by viewer: UInt, key: DependencyKey, chain: [DependencyKey], location: CodeLocation)
    -> ResolutionError
  {
    if let loop = crossThreadLoop {
      return .crossThreadCycle(loop, viewer: viewer, key: key, chain: chain, location: location)
    }
    var retold = ResolutionError(
      code, key: self.key, chain: chain + below(key), summary: summary, hint: hint,
      underlying: underlying, location: location)
    retold.places = places
    retold.details = details
    return retold
  }

  /// This error with `chain` put above its own chain: the error of a completion, told from where
  /// its instance was made.
  func below(_ chain: [DependencyKey]) -> ResolutionError {
    guard !chain.isEmpty else { return self }
    var retold = ResolutionError(
      code, key: key, chain: chain + self.chain, summary: summary, hint: hint,
      underlying: underlying, location: location)
    retold.places = places
    retold.details = details
    retold.crossThreadLoop = crossThreadLoop
    return retold
  }

  /// The keys of the chain after the first `key`; the whole chain when `key` is not on it.
  private func below(_ key: DependencyKey) -> ArraySlice<DependencyKey> {
    guard let index = self.chain.firstIndex(of: key) else { return self.chain[...] }
    return self.chain[(index + 1)...]
  }

  /// Whether this error comes from where the resolve was called rather than from what its
  /// factories do: a synchronous resolve of an asynchronous factory or of one running in a task, a
  /// resolve off the main actor of a main-actor factory, a scope that is not current, a chain
  /// deeper than the caller's stack. A creation that fails with it is left for a caller that can
  /// complete it (``SlotWaiter/leavesOpen(_:)``).
  var isCallersOwn: Bool {
    code == .asyncRequired || code == .scopeRequired || code == .tooDeep
  }
}
