import CommandLineSupport
import Testing

/// The apps' one option reader: options, values in both spellings, positionals, and the message
/// of every error it throws.
@Suite struct ArgumentReaderTests {
  /// The formats of a `--format` option, for `choice`.
  enum Shape: String, CaseIterable {
    case circle, square, star
  }

  /// Reads `arguments` the way the apps do: `--name VALUE` options, two flags, a `--shape`
  /// choice, and positionals collected.
  struct Parsed: Equatable {
    var name: String?
    var verbose = false
    var quick = false
    var shape: Shape?
    var positionals: [String] = []

    init(
      name: String? = nil, verbose: Bool = false, quick: Bool = false, shape: Shape? = nil,
      positionals: [String] = []
    ) {
      self.name = name
      self.verbose = verbose
      self.quick = quick
      self.shape = shape
      self.positionals = positionals
    }

    init(reading arguments: [String]) throws(UsageError) {
      var reader = ArgumentReader(arguments)
      while let argument = try reader.next() {
        switch argument {
        case .option("--name"): name = try reader.value(needing: "a name")
        case .option("--verbose"), .option("-v"): verbose = true
        case .option("--quick"): quick = true
        case .option("--shape"): shape = try reader.choice(Shape.self)
        case .positional(let text): positionals.append(text)
        default: throw .unknown(argument)
        }
      }
    }
  }

  // MARK: - What it accepts

  @Test func nextTellsOptionsFromPositionals() throws {
    var reader = ArgumentReader(["graph", "--format=dot", "-h", "-", "file"])
    #expect(try reader.next() == .positional("graph"))
    #expect(try reader.next() == .option("--format"))
    #expect(try reader.value() == "dot")
    #expect(try reader.next() == .option("-h"))
    #expect(try reader.next() == .positional("-"))
    #expect(try reader.next() == .positional("file"))
    #expect(try reader.next() == nil)
    #expect(try reader.next() == nil)
  }

  @Test func valuesComeInlineOrAsTheNextArgument() throws {
    #expect(try Parsed(reading: ["--name", "Ada"]) == Parsed(name: "Ada"))
    #expect(try Parsed(reading: ["--name=Ada Lovelace"]) == Parsed(name: "Ada Lovelace"))
    #expect(try Parsed(reading: ["--name=a=b"]) == Parsed(name: "a=b"))
    #expect(try Parsed(reading: ["--name", "A", "--name", "B"]) == Parsed(name: "B"))
  }

  @Test func flagsChoicesAndPositionalsMixInAnyOrder() throws {
    #expect(
      try Parsed(reading: ["one", "-v", "--shape", "star", "two", "--quick", "--shape=circle"])
        == Parsed(verbose: true, quick: true, shape: .circle, positionals: ["one", "two"]))
    #expect(try Parsed(reading: []) == Parsed())
  }

  @Test func aConvertedValueAndAnOptionalTrailingOne() throws {
    var reader = ArgumentReader(["--profile", "case.a", "250", "--reps=7", "--profile", "b", "x"])
    #expect(try reader.next() == .option("--profile"))
    #expect(try reader.value(needing: "a case name") == "case.a")
    #expect(reader.optionalValue { Int($0) } == 250)
    #expect(try reader.next() == .option("--reps"))
    #expect(try reader.value(needing: "a number") { Int($0) } == 7)
    #expect(try reader.next() == .option("--profile"))
    #expect(try reader.value() == "b")
    #expect(reader.optionalValue { Int($0) } == nil)
    #expect(try reader.next() == .positional("x"))
    #expect(reader.optionalValue { Int($0) } == nil)
  }

  @Test(arguments: [
    (["-h"], true), (["--help"], true), (["graph", "--bogus", "-h"], true), (["--name=-h"], false),
    (["--helpful"], false), ([], false),
  ])
  func helpIsAskedForAnywhere(arguments: [String], asks: Bool) {
    #expect(ArgumentReader.asksForHelp(arguments) == asks)
  }

  // MARK: - Errors, one message shape

  @Test(arguments: [
    (["--name"], "option '--name' needs a name"),
    (["--name", "--quick"], "option '--name' needs a name"),
    (["--name", "-v"], "option '--name' needs a name"),
    (["--name="], "option '--name' needs a name"),
    (["--quick=yes"], "option '--quick' takes no value"),
    (["--quick=", "x"], "option '--quick' takes no value"),
    (["--bogus"], "unknown option '--bogus'"),
    (["--bogus=1"], "unknown option '--bogus'"),
    (["-x"], "unknown option '-x'"),
    (["--shape"], "option '--shape' needs a value: circle, square or star"),
    (["--shape", "oval"], "unknown shape 'oval' for --shape (use circle, square or star)"),
    (["--shape=Star"], "unknown shape 'Star' for --shape (use circle, square or star)"),
  ])
  func everyErrorNamesTheOption(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try Parsed(reading: arguments) }
  }

  @Test func aRefusedValueIsReportedAsAMissingOne() {
    var reader = ArgumentReader(["--reps", "3"])
    #expect(throws: UsageError("option '--reps' needs a number of at least 5")) {
      _ = try reader.next()
      _ = try reader.value(needing: "a number of at least 5") {
        Int($0).flatMap { $0 >= 5 ? $0 : nil }
      }
    }
  }
}
