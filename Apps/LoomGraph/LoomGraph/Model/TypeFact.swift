/// What the scan knows of a type declared in the sources: its initializers (for auto-wired
/// registrations and for resolves whose type is inferred) and what kind of type it is.
struct TypeFact: Sendable {
  enum Kind: Sendable { case structure, classType, actor, enumeration, protocolType }

  let name: String
  let module: String
  let kind: Kind
  let position: SourcePosition
  /// The initializers written in the type's body.
  var initializers: [[SourceParameter]] = []
  /// The memberwise initializer's parameters, for a struct that writes none.
  var memberwise: [SourceParameter]?
  /// The initializer `@Injectable` and `@Bind` call (`@InjectableInit`, the only one, or the
  /// implicit one); `nil` when the type is neither or the choice is ambiguous.
  var injectable: [SourceParameter]?
  /// Whether the type is an assembly (`Assembly`, `@Module`): its registrations carry its name.
  var isAssembly = false

  /// The initializers a reference like `T.init` can mean.
  var callableInitializers: [[SourceParameter]] {
    initializers.isEmpty ? (memberwise.map { [$0] } ?? [[]]) : initializers
  }
}
