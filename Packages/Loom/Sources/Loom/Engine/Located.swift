/// A request resolved to the entry that serves it and the container that holds the entry.
@usableFromInline
struct Located: Sendable {
  @usableFromInline let entry: Entry
  @usableFromInline let owner: Container

  @usableFromInline
  init(entry: Entry, owner: Container) {
    self.entry = entry
    self.owner = owner
  }

  var registration: Registration { entry.registration }
}
