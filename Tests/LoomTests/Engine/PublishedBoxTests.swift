import LoomTestSupport
import Synchronization
import Testing

@_spi(LoomInternals) @testable import Loom

/// The one lock-free publication of a built value (a singleton's for the fast path, a once-cell's):
/// nothing before the first publication, then one box kept, read without a retain by whoever keeps
/// its storage alive, and released with that storage. `Scripts/asan.sh` and `Scripts/tsan.sh` run
/// these under AddressSanitizer and ThreadSanitizer.
@Suite struct PublishedBoxTests {
  final class Made: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
  }

  /// What keeps a box alive, as an ``Entry`` or a ``OnceSlot`` does.
  final class Storage: Sendable {
    let box = PublishedBox()
  }

  /// Weak references to boxes, to see which are still alive.
  final class Watched: Sendable {
    struct WeakBox: Sendable { weak var object: (any AnyObject & Sendable)? }

    private let boxes = Lock<[Int: WeakBox]>([:])

    func watch(_ object: any AnyObject & Sendable, as serial: Int) {
      boxes.withLock { $0[serial] = WeakBox(object: object) }
    }

    func alive() -> Set<Int> {
      boxes.withLock { Set($0.filter { $0.value.object != nil }.keys) }
    }
  }

  @Test func nothingIsReadUntilAPublicationAndThenItsValue() {
    let storage = Storage()
    #expect(storage.box.load() == 0)
    let made = Made(serial: 1)
    storage.box.publish(Publication(made))
    let bits = storage.box.load()
    #expect(bits != 0)
    #expect(PublishedBox.value(bits, as: Made.self) === made)
  }

  @Test func aSecondPublicationKeepsTheFirstBoxAndReleasesItsOwn() {
    let storage = Storage()
    let watched = Watched()
    let first = Publication(Made(serial: 1))
    let second = Publication(Made(serial: 2))
    watched.watch(first, as: 1)
    watched.watch(second, as: 2)
    storage.box.publish(first)
    storage.box.publish(second)
    _ = consume first
    _ = consume second
    #expect(PublishedBox.value(storage.box.load(), as: Made.self).serial == 1)
    #expect(watched.alive() == [1])
  }

  @Test func theBoxKeptLivesAsLongAsItsStorage() {
    let watched = Watched()
    var storage: Storage? = Storage()
    storage?.box.publish(Publication(Made(serial: 1)))
    storage?.box.publish(Publication(Made(serial: 2)))
    if let bits = storage?.box.load() {
      let box = Unmanaged<Publication<Made>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      watched.watch(box.takeUnretainedValue(), as: 1)
    }
    #expect(watched.alive() == [1])
    storage = nil
    #expect(watched.alive().isEmpty)
  }

  @Test func eightThreadsRacingToPublishAllReadTheOneBoxKept() async {
    for round in 0..<20 {
      let storage = Storage()
      let watched = Watched()
      let read = Lock<Set<Int>>([])
      let finished = await onThreads(count: 8) { index in
        // A box of its own, then what was published: a value or nothing, never anything else.
        let before = storage.box.load()
        if before != 0 {
          read.withLock { _ = $0.insert(PublishedBox.value(before, as: Made.self).serial) }
        }
        let box = Publication(Made(serial: index))
        watched.watch(box, as: index)
        storage.box.publish(box)
        let after = storage.box.load()
        read.withLock { _ = $0.insert(PublishedBox.value(after, as: Made.self).serial) }
      }
      #expect(finished, "round \(round)")
      let kept = PublishedBox.value(storage.box.load(), as: Made.self).serial
      #expect(read.value == [kept], "round \(round)")
      #expect(watched.alive() == [kept], "round \(round)")
    }
  }
}
