/// Where a located registration's value comes from, as its lifetime decides (see
/// ``Container/placement(of:context:)``).
enum Placement {
  /// A value already there, in its ``Publication``: a `.graph` instance of this resolve, or a
  /// cached instance.
  case kept(any AnyObject & Sendable)
  /// Make a new value (transient).
  case fresh
  /// Make a value and keep it for the rest of this resolve (`.graph`), unless `joined`, the
  /// instance an earlier resolve in the same shared graph made (see ``SharedGraph``), can be
  /// served.
  case graph(ObjectIdentifier, joined: (any AnyObject & Sendable)?)
  /// Make the value exactly once in the entry's slot (singleton, or weak when `weakly`).
  case slot(OnceSlot, weakly: Bool)
  /// Make the value exactly once in the cache a custom lifetime picked, in its `generation`.
  case custom(InstanceCache, generation: UInt64)
}
