/// How deeply a file nests, estimated by a pass over its bytes before it is parsed.
///
/// swift-syntax's parser (and a visitor of its tree) recurses once or more per level of nesting,
/// and its `maximumNestingLevel` does not count every kind: `Array<` nested 1,000 deep, 3,000
/// nested `[`, 20,000 `try` in a row or 50,000 `() ->` ran it out of stack. loom-graph refuses a
/// file that nests deeper than ``limit`` before parsing it, and parses on a thread whose stack
/// holds that depth many times over (``LargeStack``), so that an estimate a few levels short
/// cannot crash it.
///
/// A level is an open `(`, `[`, `{`, string interpolation, `#if`, or `<` of a generic argument
/// list (a `<` right after a name, closed by `>` or dropped at the end of its line), and each of
/// the constructs the parser reads by recursion without a bracket, counted until the end of the
/// statement (a newline, `,` or `;`, unless the next line continues it): a prefix `try`, `await`,
/// `consume`, `copy`, `each` or `repeat`, a `let` or `var` in a pattern, `->`, a ternary `?`, and
/// `else`. Comments and string literals (raw and multi-line ones too) are skipped.
///
/// Square brackets have a lower limit, ``squareLimit``: at each `[` the parser reads ahead to see
/// whether an inline array type (`[3 of Int]`) starts, and that reading ahead reads the brackets
/// inside it again, so the time doubles with each level of `[` that holds a type-like start
/// (`[[[`, `[([`, `[(Int, [`): 20 levels took 7 to 18 seconds, 24 levels 100 seconds.
struct NestingDepth {
  /// The deepest nesting loom-graph reads, as swift-syntax's default `maximumNestingLevel`.
  static let limit = 256
  /// The deepest nesting of `[` loom-graph reads (the parser's time at that depth is a fraction
  /// of a second).
  static let squareLimit = 12

  /// What is too deep, if anything.
  enum Problem: Equatable {
    /// Nested deeper than ``NestingDepth/limit``, first at `offset` (in UTF-8 bytes).
    case tooDeep(offset: Int)
    /// `[` nested deeper than ``NestingDepth/squareLimit``, first at `offset`.
    case squaresTooDeep(offset: Int)
  }

  /// The first place where the file nests too deeply, or nil.
  let problem: Problem?
  /// The deepest level found (up to the first problem).
  let deepest: Int

  /// Measures `bytes`, a Swift file's UTF-8 text, up to the first place that nests too deeply.
  init(of bytes: [UInt8]) {
    var lexer = Lexer(bytes: bytes)
    lexer.run()
    problem = lexer.problem
    deepest = lexer.deepest
  }
}

// MARK: - The pass

extension NestingDepth {
  private enum Opening: Equatable {
    case parenthesis, bracket, brace, angle, condition
    /// `\(` in a string: its `)` resumes the string, closed by `quotes` quotes then `pounds` #.
    case interpolation(quotes: Int, pounds: Int)
  }

  /// An open level, with the constructs counted in its current statement.
  private struct Frame {
    let opening: Opening?
    var chain = 0
  }

  /// The words the parser reads by recursion: each one is a level until its statement ends.
  private static let chainWords: Set<String> = [
    "try", "await", "consume", "copy", "each", "repeat", "let", "var", "else",
  ]

  private struct Lexer {
    let bytes: [UInt8]
    var index = 0
    /// The file's own level first, then one frame per open level.
    var frames = [Frame(opening: nil)]
    /// The open levels plus every frame's chain.
    var depth = 0
    var squares = 0
    var deepest = 0
    var problem: Problem?
    /// Whether the last token read ends a construct that the next line continues.
    var continues = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    static func isNameByte(_ value: UInt8) -> Bool {
      (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A)
        || (value >= 0x30 && value <= 0x39) || value == 0x5F || value >= 0x80
    }

    mutating func run() {
      while index < bytes.count, problem == nil {
        let value = bytes[index]
        switch value {
        case 0x2F where byte(index + 1) == 0x2F:  // `//`
          while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        case 0x2F where byte(index + 1) == 0x2A:  // `/*`, which nests
          skipBlockComment()
        case 0x22:  // `"`
          startString(at: index, pounds: 0)
        case 0x23:  // `#`: a raw string, `#if`, `#endif`, or another `#name`
          readPound()
        case 0x28:
          open(.parenthesis)
        case 0x5B:
          open(.bracket)
        case 0x7B:
          open(.brace)
        case 0x3C
        where index > 0 && Self.isNameByte(bytes[index - 1]) && byte(index + 1) != 0x3C
          && byte(index + 1) != 0x3D:
          open(.angle)
        case 0x3E where frames.last?.opening == .angle && index > 0 && bytes[index - 1] != 0x2D:
          closeTop()
          index += 1
        case 0x29:
          index += 1
          if case .interpolation(let quotes, let pounds)? = close(.parenthesis) {
            skipString(quotes: quotes, pounds: pounds)
          }
        case 0x5D:
          index += 1
          _ = close(.bracket)
        case 0x7D:
          index += 1
          _ = close(.brace)
        case 0x2D where byte(index + 1) == 0x3E:  // `->`
          index += 2
          chain()
        case 0x3F where index > 0 && (bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09):
          index += 1  // a ternary `?` (an optional's `?` follows its operand without a space)
          chain()
        case 0x2C, 0x3B:  // `,` `;`: the statement or element ends
          index += 1
          endStatement()
        case 0x0A:
          index += 1
          newline()
        case 0x20, 0x09, 0x0D:
          index += 1
        default:
          if Self.isNameByte(value) {
            readWord()
          } else {
            index += 1
            continues = false
          }
        }
      }
    }

    // MARK: Levels

    mutating func open(_ opening: Opening) {
      index += 1
      push(opening)
    }

    mutating func push(_ opening: Opening) {
      frames.append(Frame(opening: opening))
      depth += 1
      if opening == .bracket { squares += 1 }
      continues = false
      check(at: index - 1)
    }

    mutating func chain() {
      frames[frames.count - 1].chain += 1
      depth += 1
      continues = true
      check(at: index - 1)
    }

    mutating func check(at offset: Int) {
      deepest = max(deepest, depth)
      if depth > NestingDepth.limit {
        problem = .tooDeep(offset: offset)
      } else if squares > NestingDepth.squareLimit {
        problem = .squaresTooDeep(offset: offset)
      }
    }

    mutating func closeTop() {
      let frame = frames.removeLast()
      depth -= 1 + frame.chain
      if frame.opening == .bracket { squares -= 1 }
      continues = false
    }

    /// Closes up to and including the innermost `kind`, dropping unclosed `<` above it; returns
    /// what it closed (an interpolation for `)`), or nil for a stray closing bracket.
    mutating func close(_ kind: Opening) -> Opening? {
      while frames.count > 1, let top = frames.last?.opening {
        closeTop()
        if top == kind { return top }
        if case .interpolation = top, kind == .parenthesis { return top }
        if top != .angle { return nil }
      }
      return nil
    }

    mutating func endStatement() {
      depth -= frames[frames.count - 1].chain
      frames[frames.count - 1].chain = 0
      continues = false
    }

    /// A newline ends the statement unless the last token or the next one continues it.
    mutating func newline() {
      while frames.last?.opening == .angle { closeTop() }
      guard !continues else { return }
      var next = index
      while next < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[next]) { next += 1 }
      let continuing =
        (byte(next) == 0x2D && byte(next + 1) == 0x3E) || byte(next) == 0x3F
        || byte(next) == 0x2E || (Self.word(in: bytes, at: next) == "else")
      if !continuing { endStatement() }
    }

    // MARK: Words

    static func word(in bytes: [UInt8], at start: Int) -> String? {
      var end = start
      while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
      guard end > start else { return nil }
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    mutating func readWord() {
      let start = index
      while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
      // Only the short words can be one of the chain's; the others are skipped unread.
      if index - start <= 7, NestingDepth.chainWords.contains(Self.word(in: bytes, at: start) ?? "")
      {
        chain()
      } else {
        continues = false
      }
    }

    mutating func readPound() {
      var start = index
      var pounds = 0
      while byte(start) == 0x23 {
        pounds += 1
        start += 1
      }
      if byte(start) == 0x22 {
        startString(at: start, pounds: pounds)
        return
      }
      let word = pounds == 1 ? Self.word(in: bytes, at: start) : nil
      index = start
      switch word {
      case "if":
        index += 2
        push(.condition)
      case "endif":
        index += 5
        _ = close(.condition)
      default:
        continues = false
      }
    }

    // MARK: Comments and strings

    mutating func skipBlockComment() {
      var level = 1
      index += 2
      while index < bytes.count, level > 0 {
        if bytes[index] == 0x2F, byte(index + 1) == 0x2A {
          level += 1
          index += 2
        } else if bytes[index] == 0x2A, byte(index + 1) == 0x2F {
          level -= 1
          index += 2
        } else {
          index += 1
        }
      }
    }

    mutating func startString(at quote: Int, pounds: Int) {
      let quotes = byte(quote + 1) == 0x22 && byte(quote + 2) == 0x22 ? 3 : 1
      index = quote + quotes
      continues = false
      skipString(quotes: quotes, pounds: pounds)
    }

    /// Skips a string literal's body from `index`; stops at its end, or after `\(` with the
    /// interpolation opened.
    mutating func skipString(quotes: Int, pounds: Int) {
      while index < bytes.count {
        let value = bytes[index]
        if value == 0x5C {  // a backslash, `pounds` #, then an escape or `(`
          var next = index + 1
          var seen = 0
          while seen < pounds, byte(next) == 0x23 {
            seen += 1
            next += 1
          }
          if seen == pounds, byte(next) == 0x28 {
            index = next + 1
            push(.interpolation(quotes: quotes, pounds: pounds))
            return
          }
          index = seen == pounds ? next + 1 : next
          continue
        }
        if value == 0x22 {
          var end = index
          var quoteCount = 0
          while quoteCount < quotes, byte(end) == 0x22 {
            quoteCount += 1
            end += 1
          }
          var poundCount = 0
          while quoteCount == quotes, poundCount < pounds, byte(end) == 0x23 {
            poundCount += 1
            end += 1
          }
          if quoteCount == quotes, poundCount == pounds {
            index = end
            return
          }
          index += 1
          continue
        }
        if value == 0x0A, quotes == 1 { return }  // an unterminated string ends at its line
        index += 1
      }
    }
  }
}
