// Used by Scripts/docs.sh (run with `swift Scripts/lib/own-symbols.swift GRAPH FOLDER`): removes
// from a module's symbol graph the symbols declared outside FOLDER (but for the members of the
// symbols it keeps), and the relationships of the symbols it removes. A module that re-exports another (`@_exported import Loom`) gets the other
// module's symbols in its own graph; DocC would then document the whole of Loom again inside
// LoomMacros, and check its links against a partial copy of it.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: own-symbols.swift GRAPH FOLDER\n".utf8))
  exit(2)
}
let url = URL(fileURLWithPath: arguments[1])
let folder = URL(fileURLWithPath: arguments[2]).standardizedFileURL.absoluteString
guard
  var graph = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
  let symbols = graph["symbols"] as? [[String: Any]],
  let relationships = graph["relationships"] as? [[String: Any]]
else {
  let message = "own-symbols.swift: \(url.path) is not a symbol graph\n"
  FileHandle.standardError.write(Data(message.utf8))
  exit(1)
}

/// Whether `symbol` is declared in a file under `folder`.
func isOwn(_ symbol: [String: Any]) -> Bool {
  guard let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String
  else { return false }
  return uri.hasPrefix(folder)
}

/// A symbol's precise identifier.
func identifier(_ symbol: [String: Any]) -> String {
  (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
}

var kept = Set(symbols.filter(isOwn).map(identifier))
// The members of a kept type that are declared elsewhere (a protocol's default implementations,
// members the compiler synthesizes) are part of its documentation: keep them too.
for relationship in relationships where relationship["kind"] as? String == "memberOf" {
  if let target = relationship["target"] as? String, kept.contains(target),
    let source = relationship["source"] as? String
  {
    kept.insert(source)
  }
}
let own = symbols.filter { kept.contains(identifier($0)) }
graph["symbols"] = own
graph["relationships"] = relationships.filter { kept.contains($0["source"] as? String ?? "") }
try JSONSerialization.data(withJSONObject: graph).write(to: url)
print("\(url.lastPathComponent): kept \(own.count) of \(symbols.count) symbols")
