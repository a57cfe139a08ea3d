import Foundation
import Testing

/// The built `loom-demo` executable, run as a subprocess: what a user sees in a terminal,
/// including the exit status and which stream each text goes to.
@Suite struct DemoProcessTests {
  @Test func helpIsPrintedOnStandardOutputWithExitZero() throws {
    let run = try DemoProcess.run(["--help"])

    #expect(run.status == 0)
    #expect(run.output == CommandLineTests.help)
    #expect(run.errors == "")
  }

  @Test func anUnknownFlagIsAUsageErrorOnStandardErrorWithExitTwo() throws {
    let run = try DemoProcess.run(["validate", "--borken"])

    #expect(run.status == 2)
    #expect(run.errors == usageErrorText("unknown option '--borken' for validate"))
    #expect(run.output == "")
  }

  @Test func svgWithoutGraphvizOnPathExitsOne() throws {
    try withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("app.svg").path
      let run = try DemoProcess.run(
        ["graph", "--format", "svg", "--output", file], variables: ["PATH": folder.path])

      #expect(run.status == 1)
      #expect(
        run.errors.hasPrefix(
          "loom-demo: drawing the graph as svg needs Graphviz's `dot` command, which is not on"
            + " PATH.\n"))
      #expect(run.output == "")
    }
  }

  @Test func theDebugVariablePicksTheDebugWiring() throws {
    let run = try DemoProcess.run([], variables: ["LOOM_DEMO_DEBUG": "1"])

    #expect(run.status == 0)
    #expect(
      run.output.hasPrefix(
        "loom-demo: debug wiring (DebugAssembly logs every request under [http])\n"))
    #expect(run.errors == "")
  }

  @Test func validateBrokenExitsOne() throws {
    let run = try DemoProcess.run(["validate", "--broken"])

    #expect(run.status == 1)
    #expect(run.output.hasPrefix("ValidationReport: 3 problems\n"))
    #expect(run.errors == "")
  }
}
