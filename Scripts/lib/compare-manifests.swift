// Run by Scripts/check-manifests.sh (not directly): compares the root manifest with the manifest of
// each package whose targets it declares (those under Packages/, and Apps/CommandLineSupport), from
// their `swift package dump-package` JSON, and prints every difference. Exits 1 if there is one.
//
// Arguments: <root.json> then pairs of <package folder, from the root> <package.json>.

import Foundation

/// One decoded JSON object.
typealias Object = [String: Any]

func load(_ path: String) -> Object {
  guard let data = FileManager.default.contents(atPath: path),
    let object = try? JSONSerialization.jsonObject(with: data) as? Object
  else {
    print("error: cannot read the manifest dump \(path)")
    exit(2)
  }
  return object
}

/// A JSON value as canonical text, so that two values compare by content.
func canonical(_ value: Any?) -> String {
  guard let value, !(value is NSNull) else { return "null" }
  guard JSONSerialization.isValidJSONObject([value]),
    let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]),
    let text = String(data: data, encoding: .utf8)
  else { return "\(value)" }
  return String(text.dropFirst().dropLast())  // the brackets of the wrapping array
}

func objects(_ value: Any?) -> [Object] {
  value as? [Object] ?? []
}

func normalisedPath(_ path: String) -> String {
  var parts = path.split(separator: "/").filter { $0 != "." }
  while parts.last == "" { parts.removeLast() }
  return parts.joined(separator: "/")
}

/// The folder SwiftPM uses for a target that names no `path:`.
func defaultPath(of target: Object) -> String {
  let name = target["name"] as? String ?? "?"
  return (target["type"] as? String == "test" ? "Tests/" : "Sources/") + name
}

// MARK: - Inputs

let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty, arguments.count % 2 == 1 else {
  print("usage: compare-manifests.swift ROOT.json [FOLDER PACKAGE.json]...")
  exit(2)
}
let root = load(arguments[0])
let packages = stride(from: 1, to: arguments.count, by: 2).map {
  (arguments[$0], load(arguments[$0 + 1]))
}

let rootTargets = Dictionary(
  objects(root["targets"]).map { ($0["name"] as? String ?? "?", $0) },
  uniquingKeysWith: { a, _ in a })
let rootProducts = Dictionary(
  objects(root["products"]).map { ($0["name"] as? String ?? "?", $0) },
  uniquingKeysWith: { a, _ in a })

/// A dependency of a root target, as `name` (a target of the root) or `product:package/name`.
func rootDependency(_ dependency: Object) -> String {
  if let byName = dependency["byName"] as? [Any] ?? dependency["target"] as? [Any] {
    return "\(byName[0])" + condition(byName.count > 1 ? byName[1] : nil)
  }
  if let product = dependency["product"] as? [Any] {
    return "product:\(product[1])/\(product[0])" + condition(product.count > 3 ? product[3] : nil)
  }
  return canonical(dependency)
}

func condition(_ value: Any?) -> String {
  let text = canonical(value)
  return text == "null" ? "" : " when \(text)"
}

// MARK: - Checks

/// Every difference found, printed at the end.
var problems: [String] = []

// A root that depends on a package by path cannot be used by URL.
for dependency in objects(root["dependencies"]) where dependency["fileSystem"] != nil {
  problems.append(
    "the root manifest depends on a package by path (\(canonical(dependency["fileSystem"])));"
      + " SwiftPM refuses that for a package used by URL: declare its targets in the root instead.")
}

for (folder, package) in packages {
  let manifest = "\(folder)/Package.swift"
  for field in ["platforms", "swiftLanguageVersions"]
  where canonical(package[field]) != canonical(root[field]) {
    problems.append(
      "\(manifest): \(field) differ from the root manifest's:"
        + "\n    \(canonical(package[field]))\n    root: \(canonical(root[field]))")
  }

  // The identities of the sibling packages this one depends on by path.
  var siblings: Set<String> = []
  for dependency in objects(package["dependencies"]) {
    if let entries = dependency["fileSystem"] as? [Object],
      let identity = entries.first?["identity"]
    {
      siblings.insert("\(identity)".lowercased())
    }
  }

  /// A dependency of the package's target, as the root would spell it: a sibling package's
  /// product becomes the root targets of that product.
  func packageDependencies(_ dependency: Object) -> [String] {
    if let product = dependency["product"] as? [Any],
      siblings.contains("\(product[1])".lowercased())
    {
      let when = condition(product.count > 3 ? product[3] : nil)
      guard let rootProduct = rootProducts["\(product[0])"] else {
        problems.append(
          "\(manifest): depends on product \(product[0]), which the root manifest does not export")
        return []
      }
      return (rootProduct["targets"] as? [String] ?? []).map { $0 + when }
    }
    return [rootDependency(dependency)]
  }

  for product in objects(package["products"]) {
    let name = product["name"] as? String ?? "?"
    // An underscored product (such as an implementation library for other packages' tests) is
    // not API: the root may leave it out, but if it exports it, it must match.
    guard let mirror = rootProducts[name] else {
      if name.hasPrefix("_") { continue }
      problems.append("\(manifest): product \(name) is missing from the root manifest's products.")
      continue
    }
    for field in ["type", "targets"] where canonical(product[field]) != canonical(mirror[field]) {
      problems.append(
        "\(manifest): product \(name) has \(field) \(canonical(product[field])), the root's"
          + " has \(canonical(mirror[field])).")
    }
  }

  let declared = Set(objects(package["targets"]).compactMap { $0["name"] as? String })
  for target in objects(package["targets"]) where target["type"] as? String != "test" {
    let name = target["name"] as? String ?? "?"
    guard let mirror = rootTargets[name] else {
      problems.append("\(manifest): target \(name) is missing from the root manifest.")
      continue
    }
    let path = normalisedPath(
      "\(folder)/" + (target["path"] as? String ?? defaultPath(of: target)))
    let mirrorPath = normalisedPath(mirror["path"] as? String ?? defaultPath(of: mirror))
    if path != mirrorPath {
      problems.append("\(manifest): target \(name) is at \(path), the root's at \(mirrorPath).")
    }
    for field in ["type", "settings", "exclude", "resources", "sources", "packageAccess"]
    where canonical(target[field]) != canonical(mirror[field]) {
      problems.append(
        "\(manifest): target \(name) has \(field)\n    \(canonical(target[field]))"
          + "\n    root: \(canonical(mirror[field]))")
    }
    let wanted = objects(target["dependencies"]).flatMap(packageDependencies).sorted()
    let actual = objects(mirror["dependencies"]).map(rootDependency).sorted()
    if wanted != actual {
      problems.append("\(manifest): target \(name) depends on \(wanted), the root's on \(actual).")
    }
  }

  // A root target in this package's folder that the package itself does not declare is stale.
  for (name, target) in rootTargets
  where normalisedPath(target["path"] as? String ?? "").hasPrefix("\(folder)/")
    && !declared.contains(name)
  {
    problems.append(
      "the root manifest's target \(name) lives in \(folder), whose manifest does not"
        + " declare it.")
  }
}

// Every library the root exports comes from one of the packages.
let packageProducts = Set(
  packages.flatMap { objects($0.1["products"]).compactMap { $0["name"] as? String } })
for (name, product) in rootProducts where (product["type"] as? Object)?["library"] != nil {
  if !packageProducts.contains(name) {
    problems.append(
      "the root manifest exports library \(name), which no package under Packages/ declares.")
  }
}

if problems.isEmpty {
  print("The root manifest matches \(packages.map(\.0).joined(separator: ", ")).")
} else {
  print("error: the root Package.swift and the packages' manifests disagree:")
  for problem in problems { print("  - \(problem)") }
  print("Change both manifests together (CONTRIBUTING.md, \"Two manifests\").")
  exit(1)
}
