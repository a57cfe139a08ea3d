/// A parameter of an initializer or a `@Provides` method, as the container resolves it.
struct SourceParameter: Hashable, Sendable {
  /// The argument label (`nil` for `_`).
  let label: String?
  /// The type as written.
  let type: String
  /// What `@Injectable` resolves for it: the type, or the key `@Named` gives.
  let edge: SourceEdge
  /// Whether it has a default value: `@Injectable` leaves it out, an auto-wired `T.init` does
  /// not (a function reference has no default values).
  var hasDefault = false
}
