import XCTest

@testable import TypefitText

final class TextAnalysisTests: XCTestCase {
    func testGraphemeClustersKeepCombiningMarksAndEmojiSequences() throws {
        // e + combining acute, a family emoji (ZWJ sequence), a flag: 3 user-perceived characters.
        let a = try TextAnalysis(text: "e\u{301}👨‍👩‍👧🇯🇵", locale: "en")
        XCTAssertEqual(a.clusters.count, 3)
        XCTAssertEqual(a.substring(a.clusters[1].start, a.clusters[1].end), "👨‍👩‍👧")
    }

    func testMandatoryBreakAndSoftBreaks() throws {
        let a = try TextAnalysis(text: "ab cd\nef", locale: "en")
        // "ab " may break after the space, the LF is a mandatory break.
        XCTAssertEqual(a.clusters[2].breakAfter, .allowed)
        XCTAssertEqual(a.clusters[5].breakAfter, .mandatory)
        XCTAssertTrue(a.clusters[5].isLineSeparator)
        XCTAssertTrue(a.clusters[2].isHangingSpace)
    }

    func testNoBreakSpaceDoesNotHangOrBreak() throws {
        let a = try TextAnalysis(text: "10\u{00A0}km", locale: "en")
        XCTAssertFalse(a.clusters[2].isHangingSpace)
        XCTAssertEqual(a.clusters[1].breakAfter, .none)
        XCTAssertEqual(a.clusters[2].breakAfter, .none)
    }

    func testThaiDictionaryBreaks() throws {
        // ICU's Thai dictionary finds word boundaries where Thai writes no spaces.
        let a = try TextAnalysis(text: "ภาษาไทยไม่มีช่องว่าง", locale: "th")
        let breaks = a.clusters.filter { $0.breakAfter == .allowed }.count
        XCTAssertGreaterThanOrEqual(breaks, 3, "Thai should break between words")
        XCTAssertTrue(a.clusters.allSatisfy { $0.script == ScriptTag("Thai") })
    }

    func testJapaneseBreaksBetweenIdeographsButNotBeforeFullStop() throws {
        let a = try TextAnalysis(text: "日本語です。", locale: "ja")
        XCTAssertEqual(a.clusters[0].breakAfter, .allowed)
        XCTAssertEqual(a.clusters[4].breakAfter, .none, "no break before 。 (kinsoku)")
    }

    func testBidiRunsAndNeutralScriptResolution() throws {
        let a = try TextAnalysis(text: "Hi שלום!", locale: "he")
        XCTAssertFalse(a.isRightToLeft, "first strong character is Latin")
        XCTAssertEqual(a.clusters[0].level & 1, 0)
        XCTAssertEqual(a.clusters[3].level & 1, 1, "Hebrew is right-to-left")
        // The space takes the previous script, '!' the previous (Hebrew) one.
        XCTAssertEqual(a.clusters[2].script, ScriptTag("Latn"))
        XCTAssertEqual(a.clusters.last?.script, ScriptTag("Hebr"))
        let rtl = try TextAnalysis(text: "مرحبا Hello", locale: "ar")
        XCTAssertTrue(rtl.isRightToLeft)
    }
}
