/// The app's settings: known before the container exists, so it is registered as a ready instance.
struct AppConfig: Sendable {
  /// Where the user API lives.
  let baseURL: String
  /// The token sent with every request.
  let apiToken: String
  /// `debug`, `staging` or `production`.
  let environment: String

  /// The settings the demo runs with.
  static let demo = AppConfig(
    baseURL: "https://api.example.com", apiToken: "demo-token", environment: "debug")
}
