import Loom
import LoomSession
import Synchronization

/// The checkout flow's cart: one per run of the flow, for the session's user.
///
/// It adopts `FlowScoped`, so `checkout.end()` tells it once, before it returns; it reports that
/// to the app's ``Console``.
final class Cart: FlowScoped {
  let session: UserSession
  private let console: Console
  private let contents = Mutex<[String]>([])

  init(session: UserSession, console: Console) {
    self.session = session
    self.console = console
  }

  /// The items added so far, oldest first.
  var items: [String] { contents.withLock { $0 } }

  /// Adds one item.
  func add(_ item: String) {
    contents.withLock { $0.append(item) }
  }

  func flowDidEnd() {
    let items = items
    ResolutionLog.dropped(
      DependencyKey(Cart.self), .flow,
      "\(items.count) items (\(items.joined(separator: ", "))) for \(session.user.name)",
      to: console)
  }
}
