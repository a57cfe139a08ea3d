import Loom
import LoomAssembly

/// Three classic wiring mistakes in one assembly: a missing dependency, a cycle and a captive
/// lifetime.
///
/// `loom-demo validate --broken` installs it into the app container and reports all three; the
/// story's last section installs it into a child and shows the errors a resolve throws.
struct BrokenWiringAssembly: Assembly {
  var registrations: Registrations {
    // Missing: the Settings feature's model and engine, without the OfflineStore that
    // SettingsAssembly provides.
    Transient(SettingsModel.self, SettingsModel.init)
    Singleton(SyncEngine.self, SyncEngine.init)
    // Cycle: AuthService and TokenStore need each other, both eagerly.
    Singleton(AuthService.self, AuthService.init)
    Singleton(TokenStore.self, TokenStore.init)
    // Captive: a singleton session cache holds a per-resolve (`.graph`) request context.
    Register(RequestContext.self, lifetime: .graph, RequestContext.init)
    Singleton(SessionCache.self, SessionCache.init)
  }
}
