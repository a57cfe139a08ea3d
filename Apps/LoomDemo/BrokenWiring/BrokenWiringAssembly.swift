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
    // Captive: a singleton session cache holds a request context meant to live only while a
    // request holds it (`.weak`), and so keeps it forever. (A `.graph` one would be fine: it
    // belongs to whatever it was built into once its resolve ends.)
    Weak(RequestContext.self, RequestContext.init)
    Singleton(SessionCache.self, SessionCache.init)
  }
}
