/// Every binding and start-up task enrolled by the link-time records of the modules loaded into the
/// program.
///
/// A record is a C function pointer that `@Bind` (or `@Startup`) places in the image's initializer
/// table
/// (`.init_array` on Linux, `__mod_init_func` on Darwin), so the loader calls it once when the
/// image loads, before `main` for the executable and what it links statically. It only enrolls a
/// maker here; the bindings and tasks are made on first use, outside the loader.
final class DiscoveryRegistry: Sendable {
  static let shared = DiscoveryRegistry()

  private struct State {
    var makers: [@Sendable () -> DiscoveredBinding] = []
    var bindings: [DiscoveredBinding] = []
    var taskMakers: [@Sendable () -> StartupTask] = []
    /// The `@Startup` tasks made so far, in enrolment order: each is made once, so its record of
    /// a successful run is the process's.
    var tasks: [StartupTask] = []
    /// The conflicts among `bindings`, found once for every count of bindings (`nil` before).
    var conflicts: (count: Int, error: DiscoveryError?)?
  }

  private let state = Lock(State())

  func enroll(_ make: @escaping @Sendable () -> DiscoveredBinding) {
    state.withLock { $0.makers.append(make) }
  }

  func enroll(startupTask make: @escaping @Sendable () -> StartupTask) {
    state.withLock { $0.taskMakers.append(make) }
  }

  /// The start-up tasks of every record enrolled so far, in enrolment order (made on first
  /// request).
  var startupTasks: [StartupTask] {
    state.withLock { state in
      while state.tasks.count < state.taskMakers.count {
        state.tasks.append(state.taskMakers[state.tasks.count]())
      }
      return state.tasks
    }
  }

  /// The bindings of every record enrolled so far, in enrolment order (made on first request).
  var bindings: [DiscoveredBinding] {
    state.withLock { state in
      Self.makeEnrolled(&state)
      return state.bindings
    }
  }

  /// The bindings, and the conflicts among them (checked once, not on every install).
  var checkedBindings: (bindings: [DiscoveredBinding], conflicts: DiscoveryError?) {
    state.withLock { state in
      Self.makeEnrolled(&state)
      if let checked = state.conflicts, checked.count == state.bindings.count {
        return (state.bindings, checked.error)
      }
      let error = DiscoveryError.conflicts(in: state.bindings)
      state.conflicts = (state.bindings.count, error)
      return (state.bindings, error)
    }
  }

  private static func makeEnrolled(_ state: inout State) {
    // NB: a maker only builds a value (keys, closures); it never reads the registry back.
    while state.bindings.count < state.makers.count {
      state.bindings.append(state.makers[state.bindings.count]())
    }
  }
}

extension DiscoveredBinding {
  /// Enrolls a binding made by `make`; called by the link-time record `@Bind` generates.
  ///
  /// ```swift
  /// DiscoveredBinding._enroll {
  ///   DiscoveredBinding(Clock.self, implementation: SystemClock.self) { _ in SystemClock() }
  /// }
  /// ```
  ///
  /// - Parameter make: Makes the binding when the program first asks for the bindings.
  @_documentation(visibility: private)
  public static func _enroll(_ make: @escaping @Sendable () -> DiscoveredBinding) {
    DiscoveryRegistry.shared.enroll(make)
  }
}
