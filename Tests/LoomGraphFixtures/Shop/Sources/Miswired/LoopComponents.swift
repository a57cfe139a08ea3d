import LoomMacros

/// Mounts LoopB, which mounts it back: each would build the other without end.
@Component
struct LoopA {
  @Child var b: LoopB
}

/// Mounts LoopA.
@Component
struct LoopB {
  @Child var a: LoopA
}
