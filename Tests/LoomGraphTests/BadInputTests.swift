import Foundation
import Testing

@testable import LoomGraph

/// Input that loom-graph cannot or should not read: each is a clear error at its `file:line`,
/// never a crash or a hang, and a wrong argument is reported before any file is read.
@Suite struct BadInputTests {
  /// Runs `loom-graph --validate` over one file `F.swift` holding `source`; paths are printed
  /// relative to the folder.
  static func validate(_ source: String, arguments: [String] = []) throws -> GraphTool.Run {
    try validate(Data(source.utf8), arguments: arguments)
  }

  static func validate(_ contents: Data, arguments: [String] = []) throws -> GraphTool.Run {
    try Fixture.withTemporaryFolder { folder in
      try contents.write(to: folder.appendingPathComponent("F.swift"))
      var run = GraphTool.run(
        ["--module", "App=\(folder.path)", "--validate"] + arguments, environment: [:])
      run.output = run.output.replacing("\(folder.path)/", with: "")
      run.errors = run.errors.replacing("\(folder.path)/", with: "")
      return run
    }
  }

  static let tooDeep =
    "this file nests more than 256 levels deep here (brackets, #if, else, try, await, ->), which"
    + " loom-graph does not read; name the inner parts (a typealias, a variable, a function)"

  // MARK: - Nesting

  @Test func genericArgumentsNestedAThousandDeepAreRefusedAtTheirLine() throws {
    let run = try Self.validate(
      "// A type no one should write.\nlet x: " + String(repeating: "Array<", count: 1_000) + "Int"
        + String(repeating: ">", count: 1_000) + " = []\n")

    #expect(run.status == 1)
    #expect(
      run.output == """
        F.swift:2:1543: error: \(Self.tooDeep)
        loom-graph: 1 module, 1 file: 1 error, no warnings, 0 not seen.

        """)
  }

  @Test func threeThousandNestedSquareBracketsAreRefusedAtTheThirteenth() throws {
    let run = try Self.validate(
      "let y = " + String(repeating: "[", count: 3_000) + String(repeating: "]", count: 3_000))

    #expect(run.status == 1)
    #expect(
      run.output == """
        F.swift:1:21: error: this file nests '[' more than 12 levels deep here, which loom-graph does not read (its parser's time doubles with each level); name the inner parts (a typealias, a variable)
        loom-graph: 1 module, 1 file: 1 error, no warnings, 0 not seen.

        """)
  }

  @Test(arguments: ["try", "->", "else if", "#if"])
  func chainsTheParserReadsByRecursionAreRefused(construct: String) throws {
    let source =
      switch construct {
      case "try": "let e = " + String(repeating: "try ", count: 20_000) + "1\n"
      case "->": "let f: " + String(repeating: "() -> ", count: 50_000) + "Int\n"
      case "else if":
        "func f() {\n  if a {}" + String(repeating: " else if a {}", count: 20_000) + "\n}\n"
      default:
        String(repeating: "#if A\n", count: 5_000) + String(repeating: "#endif\n", count: 5_000)
      }
    let run = try Self.validate(source)

    #expect(run.status == 1)
    #expect(run.output.contains(": error: \(Self.tooDeep)\n"))
  }

  @Test func nestingJustUnderTheLimitsIsRead() throws {
    let source = """
      import LoomMacros
      let x: \(String(repeating: "Array<", count: 250))Int\(String(repeating: ">", count: 250)) = []
      let y = \(String(repeating: "[", count: 12))\(String(repeating: "]", count: 12))
      let s = "\(String(repeating: "\\(\"", count: 100))\(String(repeating: "\")", count: 100))"
      @Component
      struct Leaf {
        @Provide(.input) var name: String
      }
      """
    let run = try Self.validate(source)

    #expect(run.status == 0)
    #expect(run.output == "loom-graph: 1 module, 1 file: no errors, no warnings, 0 not seen.\n")
  }

  @Test func bracketsInCommentsAndStringsAreNotCounted() {
    let brackets = String(repeating: "[", count: 300)
    let source = """
      // \(brackets)
      /* \(brackets) /* nested */ \(brackets) */
      let a = "\(brackets)"
      let b = #"\\(\(brackets)"#
      let c = \"\"\"
        \(brackets)
        \"\"\"
      let d = a < b
      """
    let depth = NestingDepth(of: Array(source.utf8))
    #expect(depth.problem == nil)
    #expect(depth.deepest == 1)  // a `let`
  }

  // MARK: - Files that are not Swift

  @Test func randomBytesAreReportedAsNotValidSwift() throws {
    var generator = SplitMix(seed: 30)
    let bytes = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let run = try Self.validate(Data(bytes))

    #expect(run.status == 1)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains(": error: this file is not valid Swift (") == true)
    #expect(
      lines.first?.hasSuffix("), so loom-graph cannot read all of it; fix it as the compiler says")
        == true)
    #expect(lines.last == "loom-graph: 1 module, 1 file: 1 error, no warnings, 0 not seen.")
  }

  @Test func aSyntaxErrorIsReportedWhereTheParserStoppedAndTheRestIsRead() throws {
    let run = try Self.validate(
      """
      import LoomMacros
      @Component
      struct Leaf {
        @Provide(.input) var name: String
        func broken() { let x = }
      }
      @Component(parents: ["Nowhere"])
      struct Other {}
      """)

    #expect(run.status == 1)
    #expect(
      run.output == """
        F.swift:5:27: error: this file is not valid Swift (expected expression here), so loom-graph cannot read all of it; fix it as the compiler says
        F.swift:7:22: warning: Other names 'Nowhere' as a parent, which is not a @Component loom-graph found
        loom-graph: 1 module, 1 file: 1 error, 1 warning, 0 not seen.

        """)
  }

  // MARK: - Arguments, before the work

  @Test func aMissingOutputFolderIsReportedBeforeAnyFileIsRead() throws {
    // The file would be an error if it were read: only the argument is reported.
    let run = try Self.validate(
      "let y = " + String(repeating: "[", count: 3_000),
      arguments: ["--output", "/nonexistent-loom-graph-folder/graph.txt"])

    #expect(
      run
        == GraphTool.Run(
          status: 1, output: "",
          errors:
            "loom-graph: cannot write the graph to '/nonexistent-loom-graph-folder/graph.txt':"
            + " the folder '/nonexistent-loom-graph-folder' does not exist\n"))
  }

  @Test func anUnknownReportModuleIsReportedBeforeAnyFileIsRead() throws {
    let run = try Self.validate(
      "let y = " + String(repeating: "[", count: 3_000), arguments: ["--report-module", "Other"])

    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(
      run.errors
        == "loom-graph: --report-module names 'Other', which is not a --module\n"
        + "Run 'loom-graph --help' for usage.\n")
  }

  @Test func aModuleFolderThatDoesNotExistIsAUsageError() {
    let run = GraphTool.run(
      ["--module", "App=/nonexistent-loom-graph-folder", "--validate"], environment: [:])

    #expect(run.status == 2)
    #expect(
      run.errors
        == "loom-graph: --module App=/nonexistent-loom-graph-folder: no such file or folder\n"
        + "Run 'loom-graph --help' for usage.\n")
  }
}

/// A small seeded generator (SplitMix64), so that the "random" bytes are the same on every run.
struct SplitMix {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
