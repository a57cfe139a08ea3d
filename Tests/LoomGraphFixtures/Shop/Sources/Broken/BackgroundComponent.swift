import LoomMacros

/// A root of its own: nothing may mount it.
@Component(root: true)
struct BackgroundComponent {
  @Provide(.shared, factory: { () in Ticker() }) var ticker: Ticker
}

/// Ticks.
final class Ticker: Sendable {}

/// Reports, meant for the settings screen, whose name its parents misspell.
@Component(parents: ["SettingsComponnt"])
struct ReportsComponent {
  @Provide(.shared, factory: { () in Ticker() }) var ticker: Ticker
}
