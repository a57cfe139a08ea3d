/// A user of the service.
struct User: Sendable, Identifiable {
  let id: Int
  let name: String
  let email: String

  /// Parses the transport's `key=value;key=value` record.
  init?(record: String) {
    var fields: [Substring: Substring] = [:]
    for pair in record.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    guard let id = fields["id"].flatMap({ Int($0) }), let name = fields["name"],
      let email = fields["email"]
    else { return nil }
    self.id = id
    self.name = String(name)
    self.email = String(email)
  }
}
