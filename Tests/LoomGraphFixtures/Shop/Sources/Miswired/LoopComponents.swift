import LoomMacros

/// Mounts LoopB, which mounts it back: each would build the other without end. Their inputs are
/// wired round the loop too, which is the same cycle and reported once.
@Component
struct LoopA {
  @Provide(.input) var token: String
  @Child(with: [\Self.token]) var b: LoopB
}

/// Mounts LoopA.
@Component
struct LoopB {
  @Provide(.input) var token: String
  @Child(with: [\Self.token]) var a: LoopA
}
