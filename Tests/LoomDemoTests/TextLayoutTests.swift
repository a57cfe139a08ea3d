import Testing

@testable import LoomDemo

@Suite struct TextLayoutTests {
  @Test func aLineThatFitsIsLeftAlone() {
    #expect(TextLayout.fit("  ├─ short  line", width: 20) == ["  ├─ short  line"])
  }

  @Test func aTreeLineContinuesUnderItsTextWithTheRail() {
    #expect(
      TextLayout.fit("  ├─ To fix: one two three four", width: 20) == [
        "  ├─ To fix: one two", "  │  three four",
      ])
    #expect(
      TextLayout.fit("└─ alpha beta gamma delta", width: 14) == ["└─ alpha beta", "   gamma delta"])
  }

  @Test func aTableRowMovesItsLastColumnsUnderTheSecondSplitAtSemicolons() {
    let row = "  Key     singleton  File.swift:1  depends on A, B; replaces Old.swift:2"

    #expect(
      TextLayout.fit(row, width: 40) == [
        "  Key     singleton  File.swift:1",
        "          depends on A, B",
        "          replaces Old.swift:2",
      ])
  }

  @Test func plainTextWrapsUnderItsIndentation() {
    #expect(
      TextLayout.fit("  one two three four five", width: 14) == [
        "  one two", "    three four", "    five",
      ])
  }

  @Test func aWordLongerThanTheWidthStaysWhole() {
    #expect(
      TextLayout.fit("a https://example.com/long", width: 10) == [
        "a", "  https://example.com/long",
      ])
  }
}
