// The container's lookups: where every resolve finds what to serve, without a lock, in the read
// section it borrows (CONTRIBUTING, "How a resolve works", step 2).

import Synchronization

/// What a lookup of a request found (see ``Container/lookUpInLineage(_:in:)``).
@usableFromInline
enum FastLookup {
  /// A published singleton: the bits of its ``Publication``, to read with
  /// ``Container/readPublishedSingleton(_:as:in:)`` in the same read section.
  case published(UInt)
  /// The entry of the key, not published, and the container that holds it, unretained: valid in
  /// the read section the lookup was made in (the index keeps the entry, the requester's lineage
  /// the container), where ``Container/serve(_:as:found:context:in:)`` serves it.
  case entry(Unmanaged<Entry>, owner: Unmanaged<Container>)
  /// Nothing the fast path can use: the key is not in the lineage, an isolating container lies on
  /// the way, or an observer must be told of every resolve.
  case none
}

extension Container {
  /// Copies the value of a singleton that ``lookUpInLineage(_:in:)`` found in `section`.
  @inlinable @inline(__always)
  func readPublishedSingleton<Value>(
    _ bits: UInt, as type: Value.Type, in section: borrowing ReadSection
  ) -> Value {
    // The key determines the value's type, so the box is a `Publication<Value>`.
    PublishedBox.value(bits, as: type)
  }

  /// Looks a request up in this container and its ancestors, without a lock, in `section`: a
  /// published singleton is returned as its box; anything else hands the slow path its entry.
  /// While an observer is installed it finds nothing, so that every resolve is reported.
  ///
  /// Nothing here is generic: code not specialised for the value's type (the parameter resolves of
  /// an auto-wired initializer) asks the runtime for no metadata.
  @inlinable @inline(__always)
  func lookUpInLineage(_ request: _ResolutionRequest, in section: borrowing ReadSection)
    -> FastLookup
  {
    lookUpInLineage(probe: request.probe, name: request.name, in: section)
  }

  /// ``lookUpInLineage(_:in:)`` for a key given by its probe and name.
  @inlinable @inline(__always)
  func lookUpInLineage(probe: UInt, name: String?, in section: borrowing ReadSection)
    -> FastLookup
  {
    // A container's family shares one hub, so its ancestors need not check again.
    guard observers.isQuiet else { return .none }
    let found = lookUpHere(probe: probe, name: name, in: section)
    guard case .none = found, !isolatesInstances, let parent else { return found }
    return parent.lookUpFromHere(probe: probe, name: name, in: section)
  }

  /// ``lookUpInLineage(_:in:)`` from this container up.
  @inlinable
  func lookUpFromHere(probe: UInt, name: String?, in section: borrowing ReadSection)
    -> FastLookup
  {
    let found = lookUpHere(probe: probe, name: name, in: section)
    guard case .none = found else { return found }
    // An isolated child copies an ancestor's registration before using it: the slow path.
    guard !isolatesInstances, let parent else { return .none }
    return parent.lookUpFromHere(probe: probe, name: name, in: section)
  }

  /// The entry of a key in this container only, or its published singleton.
  @inlinable @inline(__always)
  func lookUpHere(probe: UInt, name: String?, in section: borrowing ReadSection) -> FastLookup {
    index.withEntry(
      probe: probe, name: name, in: section, ifAbsent: { FastLookup.none },
      { entry in
        let bits = entry.publication.load()
        return bits != 0
          ? .published(bits)
          : .entry(Unmanaged.passUnretained(entry), owner: Unmanaged.passUnretained(self))
      })
  }
}

// MARK: - Found, then published or served

extension Container {
  /// A published singleton for `request`, read in a read section of its own (for code that does
  /// not hold one, such as an asynchronous resolve).
  @inlinable @inline(__always)
  func cachedSingleton<Value>(_ request: _ResolutionRequest, as type: Value.Type)
    -> Value?
  {
    let section = sections.enter()
    guard case .published(let bits) = lookUpInLineage(request, in: section) else { return nil }
    return readPublishedSingleton(bits, as: type, in: section)
  }

  /// Resolves `request` in `context`: what a lookup in `section` finds is served. The one
  /// dispatch of a nested resolve (``Resolver``: a factory's resolves and its initializer's
  /// parameters), for a context that holds its section or not.
  @inlinable @inline(__always)
  func resolve<Value>(
    _ request: _ResolutionRequest, as type: Value.Type, context: ResolutionContext,
    in section: borrowing ReadSection
  ) throws(ResolutionError) -> Value {
    let found = lookUpInLineage(request, in: section)
    // NB: a watching resolve (see `ResolutionContext.watchingFrames`) serves even a published
    // singleton through the engine.
    if case .published(let bits) = found, !context.isWatching {
      return readPublishedSingleton(bits, as: type, in: section)
    }
    return try serve(request, as: type, found: found, context: context, in: section)
  }
}

// MARK: - An auto-wired initializer's parameters

extension Container {
  /// What a lookup of the unnamed key of type `probe` finds in this container's lineage for a
  /// parameter of `context`'s resolve, when that synchronous resolve can serve it from there (it
  /// is open, holds its read section, and no frame of it watches what it resolves, see
  /// ``ResolutionContext/watchingFrames``); `.none` otherwise. Not generic: an auto-wired
  /// initializer's parameter resolves, which the compiler cannot specialise, run it as is.
  @usableFromInline
  func lookUpParameter(probe: UInt, for context: ResolutionContext) -> FastLookup {
    guard !context.isWatching, context.isOpen else { return .none }
    switch context.section {
    case .some(let section): return lookUpInLineage(probe: probe, name: nil, in: section)
    case .none: return .none
    }
  }

  /// The value of a singleton that ``lookUpParameter(probe:for:)`` found, read in the section
  /// `context`'s resolve holds.
  @inlinable
  func readParameter<Value>(_ bits: UInt, as type: Value.Type, for context: ResolutionContext)
    -> Value
  {
    switch context.section {
    case .some(let section): return readPublishedSingleton(bits, as: type, in: section)
    // NB: `lookUpParameter` found the bits in the section this resolve still holds.
    case .none: preconditionFailure("a parameter read outside its resolve's read section")
    }
  }
}
