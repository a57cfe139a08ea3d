import Foundation

/// Draws a DOT graph as a picture with Graphviz's `dot` command, which `--format svg|png` of
/// `loom-demo graph` and `loom-graph` needs installed; Loom itself only exports the DOT source
/// (`DependencyGraph.export(.dot)`), so both tools draw through this one runner.
package struct Graphviz: Sendable {
  /// Why a picture could not be drawn; the description is the message the tool prints.
  package enum Failure: Error, Equatable, CustomStringConvertible {
    /// `dot` is not in any directory of `PATH`. `program` names the tool in the message, and
    /// `dotCommand` is the command that prints the same graph's DOT source instead.
    case notInstalled(format: GraphOutputFormat, program: String, dotCommand: String)
    /// `dot` could not be started, or exited with a non-zero status.
    case failed(program: String, status: Int32, message: String)

    package var description: String {
      switch self {
      case .notInstalled(let format, let program, let dotCommand):
        """
        \(program): drawing the graph as \(format.rawValue) needs Graphviz's `dot` command, \
        which is not on PATH.
        Install Graphviz, then run the command again:
          Debian or Ubuntu: sudo apt-get install graphviz
          macOS (Homebrew): brew install graphviz
        Or print the graph's DOT source with `\(dotCommand)` and draw it elsewhere.
        """
      case .failed(let program, let status, let message):
        "\(program): Graphviz's `dot` failed (exit status \(status)): \(message)"
      }
    }
  }

  /// The path of the `dot` executable.
  package let executable: String

  /// Finds `dot` in the directories of a `PATH` value (`nil` or empty: nowhere).
  package static func find(inPath path: String?) -> Graphviz? {
    for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/dot"
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
        !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate)
      {
        return Graphviz(executable: candidate)
      }
    }
    return nil
  }

  /// Draws the DOT `source` as `format` into the file at `output`, replacing it; `program` names
  /// the tool in a failure's message.
  package func render(
    _ source: String, as format: GraphOutputFormat, to output: String, program: String
  ) throws(Failure) {
    // NB: the source goes to `dot` in a file, not through a pipe: a `dot` that exits before it
    // has read its input (a bad option, a crash) would make writing to the pipe raise SIGPIPE
    // and end this process.
    let input = FileManager.default.temporaryDirectory
      .appendingPathComponent("loom-\(UUID().uuidString).dot")
    do {
      try Data(source.utf8).write(to: input)
    } catch {
      throw .failed(
        program: program, status: -1,
        message: "cannot write the DOT source to \(input.path): \(error.localizedDescription)")
    }
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-T\(format.rawValue)", "-o", output, input.path]
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw .failed(program: program, status: -1, message: "cannot start \(executable): \(error)")
    }
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: message, as: UTF8.self)
      throw .failed(
        program: program, status: process.terminationStatus,
        message: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }
}
