/// The app's settings: known before the container exists, so it is registered as a ready instance.
struct AppConfig: Sendable {
  /// Where the user API lives.
  let baseURL: String
  /// The token sent with every request.
  let apiToken: String
  /// Which wiring the app runs with.
  let environment: AppEnvironment

  /// The settings the demo runs with in `environment`.
  static func demo(_ environment: AppEnvironment) -> AppConfig {
    AppConfig(baseURL: "https://api.example.com", apiToken: "demo-token", environment: environment)
  }
}
