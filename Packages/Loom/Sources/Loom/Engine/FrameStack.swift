/// The chain of one resolve (its ``ResolutionContext/Frame``s, outermost first) in a buffer the
/// context owns and keeps from one resolve to the next.
///
/// An array would do the same, at a cost paid on every step of every resolve: its buffer is
/// retained to be iterated, and checked for uniqueness and capacity on every append. A frame is
/// plain data (two unretained references and two flags), so the stack stores frames in raw
/// memory it allocated, and pushing, scanning and popping touch no reference count.
///
/// Why it is safe: only the context's owner (one thread or task at a time, see
/// ``ResolutionContext``) uses it, so no access races; every access is inside `0..<count` (the
/// subscript checks it); the buffer grows by moving its frames into a larger allocation, and is
/// freed with the stack. Frames need no deinitialisation (they hold no strong reference), but
/// the stack deinitialises them anyway, so it stays correct if a frame ever gains one.
final class FrameStack: RandomAccessCollection {
  typealias Frame = ResolutionContext.Frame

  /// The number of frames on the stack.
  private(set) var count = 0
  private var capacity: Int
  private var base: UnsafeMutablePointer<Frame>

  /// An empty stack with room for `capacity` frames before it grows.
  init(capacity: Int = 8) {
    self.capacity = Swift.max(capacity, 1)
    base = UnsafeMutablePointer.allocate(capacity: self.capacity)
  }

  /// A stack holding `frames`.
  convenience init(_ frames: [Frame]) {
    self.init(capacity: frames.count)
    for frame in frames { append(frame) }
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(index: Int) -> Frame {
    precondition(index >= 0 && index < count, "a frame outside the chain")
    return base[index]
  }

  /// Pushes `frame`.
  @inline(__always)
  func append(_ frame: Frame) {
    if count == capacity { grow() }
    (base + count).initialize(to: frame)
    count += 1
  }

  /// Pops the innermost frame; the stack must not be empty.
  @inline(__always)
  @discardableResult
  func removeLast() -> Frame {
    precondition(count > 0, "leaving a frame that was not entered")
    count -= 1
    return (base + count).move()
  }

  /// Whether a frame of `registration` of the given kind is on the stack (identities compared,
  /// no reference count touched).
  @inline(__always)
  func contains(_ registration: ObjectIdentifier, isQuestion: Bool) -> Bool {
    var index = 0
    while index < count {
      let frame = base[index]
      if ObjectIdentifier(frame.registration) == registration, frame.isQuestion == isQuestion {
        return true
      }
      index += 1
    }
    return false
  }

  /// Doubles the capacity, moving the frames.
  private func grow() {
    let larger = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }
}
