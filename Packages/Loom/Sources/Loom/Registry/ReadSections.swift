public import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The read sections of ``RegistryIndex``: readers announce themselves, so that memory a writer
/// unlinked is freed only once no reader can still be reading it.
///
/// A reader enters a section before it reads the index and exits when it no longer holds anything
/// it read there without a reference: a synchronous resolve holds one section from its first
/// lookup to its end, an asynchronous one a section per lookup. A writer unlinks what it replaces
/// and hands it to ``retire(_:)``; nobody ever waits. Retired objects are released by whoever
/// next finds them safe to release: the writer itself when no reader is in a section (so in the
/// ordinary case at once, before the write returns), or the last reader to leave.
///
/// The bookkeeping is epoch-based. Readers count themselves in one of two counter sets, chosen by
/// the parity of the global epoch they read on entry; each set is striped over cache lines, and a
/// reader picks its stripe from its stack address, so threads reading at the same time rarely
/// write the same line (the stripe only spreads the writes; any stripe is correct as long as entry
/// and exit use the same one). The epoch advances from `e` to `e + 1` only when no reader counts
/// itself in the set of parity `e + 1`, that is, when every reader that entered in epoch `e - 1`
/// (or earlier with that parity) has left. An object retired in epoch `E` is released once the
/// epoch reaches `E + 2`.
///
/// ## Why this is correct
///
/// All operations below are sequentially consistent, so they fall in one total order S.
/// A reader loads the epoch (`e`), increments a counter of parity `e`, and loads the epoch again;
/// if it changed, it undoes the increment and starts over. So the advance from `e` to `e + 1`
/// follows the reader's increment in S, and the next advance, to `e + 2`, reads the reader's
/// counter set after that increment: while the reader is inside, the epoch stays at most `e + 1`.
/// A writer unlinks `X` (a store), then reads the epoch `E` under which it retires `X`. If a reader
/// loaded `X`, its load precedes the unlink in S (it did not see the store), so its epoch loads
/// precede the writer's: `e <= E`. `X` is released when the epoch is at least `E + 2 >= e + 2`,
/// which cannot happen before that reader has left. The exit is a releasing decrement, so the
/// reader's reads happen before the counter read that lets the epoch advance.
///
/// A container and all its descendants share one instance (made with the root container), so a
/// long resolve in one family never delays what another releases.
@usableFromInline
final class ReadSections: Sendable {
  /// Counters per parity: readers spread over this many.
  @usableFromInline static let stripes = 8

  /// The epoch; its lowest bit chooses the counter set a new reader counts in.
  @usableFromInline let epoch = Atomic<UInt>(0)
  /// `2 × stripes` counters: parity 0's, then parity 1's.
  @usableFromInline let counters: [StripeCounter]
  /// Whether something waits to be released (read by every reader on exit).
  @usableFromInline let hasRetired = Atomic<Bool>(false)
  /// Objects unlinked from an index, with the epoch in which they were retired.
  private let retired = Lock<[(epoch: UInt, objects: [any AnyObject & Sendable])]>([])

  init() {
    counters = (0..<(2 * Self.stripes)).map { _ in StripeCounter() }
  }

  /// Enters a read section; it ends when the returned ``ReadSection`` does.
  @inlinable @inline(__always)
  func enter() -> ReadSection {
    let stripe = Self.stripe()
    while true {
      let observed = epoch.load(ordering: .sequentiallyConsistent)
      let index = Int(observed & 1) &* Self.stripes &+ stripe
      counters[index].value.wrappingAdd(1, ordering: .sequentiallyConsistent)
      if epoch.load(ordering: .sequentiallyConsistent) == observed {
        return ReadSection(sections: self, counter: index)
      }
      counters[index].value.wrappingSubtract(1, ordering: .releasing)
    }
  }

  /// Exits the read section counted in `counter`; releases what became safe to release, if
  /// anything waits. Only ``ReadSection``'s `deinit` calls it.
  @inlinable @inline(__always)
  func exit(counter: Int) {
    counters[counter].value.wrappingSubtract(1, ordering: .releasing)
    if hasRetired.load(ordering: .relaxed) { reclaim() }
  }

  /// A stripe for the calling thread: a hash of the address of a stack variable. Stacks of
  /// different threads are different pages, so threads mostly get different stripes.
  @inlinable @inline(__always)
  static func stripe() -> Int {
    var marker: UInt8 = 0
    let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    let mixed = UInt64(truncatingIfNeeded: address >> 12) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed >> 61)  // 8 stripes
  }

  /// Hands `objects`, which a writer has just unlinked from an index, over to be released once no
  /// read section can still see them (at once when no reader is in a section). Never waits.
  func retire(_ objects: [any AnyObject & Sendable]) {
    guard !objects.isEmpty else { return }
    retired.withLock { retired in
      retired.append((epoch.load(ordering: .sequentiallyConsistent), objects))
      hasRetired.store(true, ordering: .sequentiallyConsistent)
    }
    reclaim()
  }

  /// Advances the epoch as far as the readers allow (at most twice) and releases the retired
  /// objects that no reader can still see, outside the lock (their `deinit`s may run user code).
  @usableFromInline
  func reclaim() {
    let released: [[any AnyObject & Sendable]] = retired.withLock { retired in
      guard !retired.isEmpty else { return [] }
      for _ in 0..<2 {
        let current = epoch.load(ordering: .sequentiallyConsistent)
        guard isDrained(parity: (current &+ 1) & 1) else { break }
        _ = epoch.compareExchange(
          expected: current, desired: current &+ 1, ordering: .sequentiallyConsistent)
      }
      let current = epoch.load(ordering: .sequentiallyConsistent)
      var released: [[any AnyObject & Sendable]] = []
      retired.removeAll { batch in
        guard batch.epoch &+ 2 <= current else { return false }
        released.append(batch.objects)
        return true
      }
      if retired.isEmpty { hasRetired.store(false, ordering: .sequentiallyConsistent) }
      return released
    }
    withExtendedLifetime(released) {}
  }

  /// Whether no reader counts itself in the set of `parity`.
  private func isDrained(parity: UInt) -> Bool {
    var sum = 0
    for stripe in 0..<Self.stripes {
      sum &+= counters[Int(parity) * Self.stripes + stripe].value.load(
        ordering: .sequentiallyConsistent)
    }
    return sum == 0
  }

  /// The number of readers inside a section now (for tests).
  var openSections: Int {
    counters.reduce(0) { $0 &+ $1.value.load(ordering: .sequentiallyConsistent) }
  }

  /// The number of objects waiting to be released (for tests).
  var retiredCount: Int {
    retired.withLock { $0.reduce(0) { $0 + $1.objects.count } }
  }
}

/// One counter of ``ReadSections``, alone on its cache lines: the padding keeps two counters'
/// objects (each at least 144 bytes) from sharing a 128-byte pair of lines.
@usableFromInline
final class StripeCounter: Sendable {
  @usableFromInline let value = Atomic<Int>(0)
  private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  @usableFromInline init() {}
}

/// An open read section of a container family's ``ReadSections``: while it lives, nothing that a
/// lookup found in an index through it is freed.
///
/// The rule "a lookup's result is only valid inside the section that found it" is kept by the type
/// system: a section is `~Copyable`, so it ends exactly once (its `deinit`, when it is consumed or
/// goes out of scope); the index is only read through functions that borrow one
/// (``Container/lookUpInLineage(_:in:)``, ``Container/readPublishedSingleton(_:as:in:)``), so a
/// lookup outside a section does not compile. A synchronous resolve moves its section into its
/// ``ResolutionContext``, which ends it when the resolve ends.
@usableFromInline
struct ReadSection: ~Copyable {
  // NB: unretained: a section is entered on a container family's `ReadSections`, which every
  // container of the family holds for its whole life, and it never outlives the call on that
  // container that entered it (it is a local of that call, or lives in the context of the
  // resolve that call runs, which ends it before the call returns). (`Unmanaged` rather than
  // `unowned(unsafe)`: the compiler would retain the latter around the call in `deinit`.)
  @usableFromInline let sections: Unmanaged<ReadSections>
  /// The counter it incremented.
  @usableFromInline let counter: Int

  @inlinable
  init(sections: ReadSections, counter: Int) {
    self.sections = Unmanaged.passUnretained(sections)
    self.counter = counter
  }

  @inlinable
  deinit {
    let counter = counter
    sections._withUnsafeGuaranteedRef { $0.exit(counter: counter) }
  }
}
