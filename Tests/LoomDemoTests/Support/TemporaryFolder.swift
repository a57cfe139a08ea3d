import Foundation

/// Runs `body` with a new empty folder, and deletes the folder and its contents afterwards.
func withTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("loom-demo-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder)
}
