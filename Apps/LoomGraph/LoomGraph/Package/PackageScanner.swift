import Foundation
import LoomMacrosImplementation

/// Reads every Swift file of a layout's modules, in a stable order.
enum PackageScanner {
  static func scan(_ layout: PackageLayout) -> ScanResult {
    var result = ScanResult()
    for module in layout.modules {
      result.modules.append(module.name)
      for directory in module.directories {
        for file in swiftFiles(under: directory) {
          guard let data = FileManager.default.contents(atPath: file) else {
            result.fileCount += 1
            result.unreadable.append(
              Finding(.cannotOpen, at: SourcePosition(file: file, line: 1, column: 1)))
            continue
          }
          let source = String(decoding: data, as: UTF8.self)
          result.merge(
            SourceScanner.scan(source: source, file: file, module: module.name), module: module.name
          )
        }
      }
    }
    return result
  }

  /// The `.swift` files under `directory`, sorted, skipping build folders and hidden ones (or
  /// `directory` itself when it is a Swift file).
  static func swiftFiles(under directory: String) -> [String] {
    if directory.hasSuffix(".swift") { return [directory] }
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") {
        enumerator.skipDescendants()
        continue
      }
      if relative.hasSuffix(".swift") { files.append("\(directory)/\(relative)") }
    }
    return files.sorted()
  }

  /// Whether `file` lies under one of `module`'s folders.
  static func contains(_ module: PackageLayout.Module, file: String) -> Bool {
    module.directories.contains { path in
      path == file || file.hasPrefix(path.hasSuffix("/") ? path : path + "/")
    }
  }
}
