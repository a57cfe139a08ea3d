@_spi(LoomInternals) import Loom

@testable import LoomDemo

/// A console that keeps everything written to it, so a test can read what the demo said and
/// nothing reaches the test log.
final class CapturedConsole: Sendable {
  private let written: Lock<String>
  /// The console to hand to the demo.
  let console: Console

  init() {
    let written = Lock("")
    self.written = written
    console = Console { text in written.withLock { $0 += text } }
  }

  /// Everything written so far.
  var text: String { written.value }

  /// The lines written so far, without their newlines.
  var lines: [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}

/// What one run of `loom-demo` did.
struct DemoRun {
  let status: Int32
  let output: String
  let errors: String
}

/// Runs `loom-demo`'s entry point with `arguments`, capturing its standard output and error.
func runDemo(_ arguments: [String], variables: [String: String] = [:]) -> DemoRun {
  let output = CapturedConsole()
  let errors = CapturedConsole()
  let status = DemoCommandLine.run(
    arguments, variables: variables, output: output.console, errors: errors.console)
  return DemoRun(status: status, output: output.text, errors: errors.text)
}

/// What `loom-demo` writes to standard error for a usage error whose message is `message`.
func usageErrorText(_ message: String) -> String {
  """
  loom-demo: \(message)
  usage: loom-demo [--debug]
         loom-demo [--debug] graph [--format FORMAT] [--output FILE]
                                   [--features | --component]
         loom-demo [--debug] validate [--broken]
         loom-demo help | --help | -h
  Run 'loom-demo --help' for usage.

  """
}
