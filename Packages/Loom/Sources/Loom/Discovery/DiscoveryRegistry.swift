/// Every binding and start-up hook enrolled by the link-time records of the modules loaded into the
/// program.
///
/// A record is a C function pointer that `@Bind` (or `@Startup`) places in the image's initializer
/// table
/// (`.init_array` on Linux, `__mod_init_func` on Darwin), so the loader calls it once when the
/// image loads, before `main` for the executable and what it links statically. It only enrolls a
/// maker here; the bindings and hooks are made on first use, outside the loader.
final class DiscoveryRegistry: Sendable {
  static let shared = DiscoveryRegistry()

  private struct State {
    var makers: [@Sendable () -> DiscoveredBinding] = []
    var bindings: [DiscoveredBinding] = []
    var hookMakers: [@Sendable () -> StartupHook] = []
    /// The hooks made so far, in enrolment order: each is made once, so its once-token is the
    /// process's.
    var hooks: [StartupHook] = []
    /// The conflicts among `bindings`, found once for every count of bindings (`nil` before).
    var conflicts: (count: Int, error: DiscoveryError?)?
  }

  private let state = Lock(State())

  func enroll(_ make: @escaping @Sendable () -> DiscoveredBinding) {
    state.withLock { $0.makers.append(make) }
  }

  func enroll(hook make: @escaping @Sendable () -> StartupHook) {
    state.withLock { $0.hookMakers.append(make) }
  }

  /// The start-up hooks of every record enrolled so far, in enrolment order (made on first
  /// request).
  var startupHooks: [StartupHook] {
    state.withLock { state in
      while state.hooks.count < state.hookMakers.count {
        state.hooks.append(state.hookMakers[state.hooks.count]())
      }
      return state.hooks
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
