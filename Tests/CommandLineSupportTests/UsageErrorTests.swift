import CommandLineSupport
import Testing

/// The apps' one usage error: its messages for unknown arguments and what an app prints.
@Suite struct UsageErrorTests {
  @Test func unknownNamesTheArgumentAndTheCommand() {
    #expect(UsageError.unknown(.option("--bogus")).message == "unknown option '--bogus'")
    #expect(
      UsageError.unknown(.option("--bogus"), for: "graph").message
        == "unknown option '--bogus' for graph")
    #expect(UsageError.unknown(.positional("extra")).message == "unexpected argument 'extra'")
    #expect(
      UsageError.unknown(.positional("extra"), for: "validate").message
        == "unexpected argument 'extra' for validate")
  }

  @Test func theReportNamesTheProgramThenSaysWhereHelpIs() {
    let error = UsageError("unknown option '--verbose'")
    #expect(
      error.report(program: "loom-graph") == """
        loom-graph: unknown option '--verbose'
        Run 'loom-graph --help' for usage.
        """)
    #expect(
      error.report(program: "tool", usage: "usage: tool [--quick]\n       tool --help") == """
        tool: unknown option '--verbose'
        usage: tool [--quick]
               tool --help
        Run 'tool --help' for usage.
        """)
    #expect("\(error)" == "unknown option '--verbose'")
  }

  @Test func theExitStatusIsTwo() {
    #expect(UsageError.exitStatus == 2)
  }
}
