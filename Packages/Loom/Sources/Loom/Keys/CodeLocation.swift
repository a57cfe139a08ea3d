/// A place in source code: where a dependency was registered or requested.
///
/// Loom records the `#fileID` and `#line` of every registration and resolve call, so that
/// ``Container/dump()`` and ``ResolutionError`` can point at the line to change.
///
/// ```swift
/// let location = CodeLocation(fileID: #fileID, line: #line)
/// print(location)  // "MyApp/AppDelegate.swift:12"
/// ```
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file, as `#fileID` spells it (`Module/File.swift`).
  ///
  /// ```swift
  /// print(CodeLocation().fileID)  // MyApp/File.swift
  /// ```
  public let fileID: StaticString
  /// The line within ``fileID``.
  ///
  /// ```swift
  /// print(CodeLocation().line)
  /// ```
  public let line: UInt

  /// Makes a location; the defaults capture the caller's position.
  ///
  /// ```swift
  /// let here = CodeLocation()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file, as `#fileID` spells it.
  ///   - line: The line in that file.
  public init(fileID: StaticString = #fileID, line: UInt = #line) {
    self.fileID = fileID
    self.line = line
  }

  /// `Module/File.swift:42`.
  ///
  /// ```swift
  /// print(CodeLocation())  // MyApp/File.swift:12
  /// ```
  public var description: String { "\(fileID):\(line)" }

  /// Equal when file and line are equal.
  ///
  /// ```swift
  /// CodeLocation(fileID: "A/B.swift", line: 1) == CodeLocation(fileID: "A/B.swift", line: 1)
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.line == rhs.line && lhs.fileID.description == rhs.fileID.description
  }

  /// Hashes file and line.
  ///
  /// ```swift
  /// let places: Set<CodeLocation> = [CodeLocation()]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fileID.description)
    hasher.combine(line)
  }
}
