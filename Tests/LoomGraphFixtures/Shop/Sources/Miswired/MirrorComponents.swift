import LoomMacros

/// Mounts MirrorB, which mounts it back: a component cycle, reported at `b` below, but silenced
/// by the ignore comment on MirrorB, one of the places it involves.
@Component
struct MirrorA {
  @Child var b: MirrorB
}

// loom-graph:ignore (the other side of a cycle that is known)
@Component
struct MirrorB {
  @Child var a: MirrorA
}
