/// The `.graph` instances of one top-level resolve, as a ``Lazy`` made in that resolve sees them
/// later: Swinject's graph identifier, kept by the handles that need it.
///
/// A resolve makes one only when a ``Lazy`` is made while it runs
/// (``ResolutionContext/graphForHandle()``); a resolve that makes none never allocates one. From
/// then on, each `.graph` instance the resolve makes joins it, and so does each one a later
/// resolve of such a handle makes (that resolve runs in this graph, see
/// ``Container/resolving(in:location:_:)``).
///
/// It keeps its instances **weakly**: while the resolve that made an instance runs, that resolve
/// holds it (``ResolutionContext/graphInstances``); afterwards it lives as long as something else
/// holds it. So a `.graph` instance that keeps a ``Lazy`` of its own graph makes no retain cycle,
/// and a graph's instances are freed when nothing holds them (a handle's later resolve then makes
/// a new one, which joins the graph in turn). Only instances of a class that may be shared join
/// (a registration of a `Sendable` type, or one shared on the user's word): a handle is `Sendable`
/// and may be used on another thread, where an instance that is not `Sendable` would race; a
/// value type cannot be kept weakly.
///
/// It holds the registrations of its instances strongly, so that their identities, its keys, are
/// never those of other registrations.
final class SharedGraph: Sendable {
  /// One instance of the graph.
  struct Member: Sendable {
    let registration: Registration
    weak var object: (any AnyObject & Sendable)?
  }

  private let members = Lock<[ObjectIdentifier: Member]>([:])

  /// Whether instances of `registration` may join a graph shared with handles.
  static func admits(_ registration: Registration) -> Bool {
    switch registration.sharing {
    case .sendable, .unchecked: true
    case .unshared, .mainActor: false
    }
  }

  /// The instance of `registration` in this graph, while something holds it.
  func object(of registration: Registration) -> (any AnyObject & Sendable)? {
    members.withLock { $0[ObjectIdentifier(registration)]?.object }
  }

  /// Adds `value`, an instance `registration` made, unless the graph has a live instance of it
  /// already (another thread's resolve in this graph made one first): that one, to use instead.
  /// A value that cannot join (see ``admits(_:)``, or not an object) is not added.
  func join<Value>(_ value: Value, of registration: Registration) -> (any AnyObject & Sendable)? {
    guard Self.admits(registration), let object = objectIdentity(of: value) else { return nil }
    return members.withLock { members -> (any AnyObject & Sendable)? in
      let id = ObjectIdentifier(registration)
      if let existing = members[id]?.object, existing !== object { return existing }
      members[id] = Member(registration: registration, object: object)
      return nil
    }
  }

  /// Adds the instances a resolve made before it shared its graph.
  func join(_ instances: [ObjectIdentifier: GraphInstance]) {
    let admitted = instances.values.compactMap { instance -> Member? in
      let registration = instance.registration
      guard Self.admits(registration),
        let value = (instance.box as? any ErasedPublication)?.erasedValue,
        let object = objectIdentity(of: value)
      else { return nil }
      return Member(registration: registration, object: object)
    }
    guard !admitted.isEmpty else { return }
    members.withLock { members in
      for member in admitted { members[ObjectIdentifier(member.registration)] = member }
    }
  }
}
