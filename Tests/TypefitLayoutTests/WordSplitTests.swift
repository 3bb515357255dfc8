import Foundation
import TypefitCore
import XCTest

@testable import TypefitLayout

/// Word wrapping's emergency break — a word alone wider than the line is broken inside — reported by
/// the layout (`TextLayout.wordSplit`), on the bundled fonts; legal breaks (spaces, between
/// ideographs, Thai dictionary breaks) and character wrapping are not.
final class WordSplitTests: XCTestCase {
    let engine = TestSupport.engine

    /// Subheadline at AX5 in the system font stand-in (49 pt Inter Display).
    func layout(
        _ text: String, size: Double = 49, width: Double?, lines: Int = 0, mode: LineBreakMode = .byWordWrapping,
        locale: String = "en"
    ) throws -> TextLayout {
        try engine.layout(LayoutRequest(text: text, size: size, width: width, lines: lines, lineBreakMode: mode, locale: locale)).0
    }

    func testSpanishWordWiderThanTheLineIsSplit() throws {
        let l = try layout("Correo electrónico", width: 216)
        let split = try XCTUnwrap(l.wordSplit)
        XCTAssertEqual(l.lines.map(\.text), ["Correo ", "electrónic", "o"])
        XCTAssertEqual(split.word, "electrónico")
        XCTAssertEqual(split.parts, ["electrónic", "o"])
        XCTAssertEqual(split.shown, "electrónic / o")
        XCTAssertEqual(split.line, 1)
        // The word's width is the word measured alone, on one line.
        let alone = try layout("electrónico", width: nil)
        XCTAssertEqual(split.width, alone.naturalWidth, accuracy: 0.001)
        XCTAssertGreaterThan(split.width, 216)
    }

    func testNoSplitWhereTheWordFits() throws {
        // Wider than "electrónico" alone, narrower than the whole text: two lines, broken at the space.
        let word = try layout("electrónico", width: nil).naturalWidth
        let l = try layout("Correo electrónico", width: word + 1)
        XCTAssertEqual(l.lineCount, 2)
        XCTAssertNil(l.wordSplit)
        XCTAssertNil(try layout("Correo electrónico", width: nil).wordSplit)
    }

    func testCharacterWrappingSplitsOnPurposeAndIsNotReported() throws {
        let l = try layout("Correo electrónico", width: 216, mode: .byCharWrapping)
        XCTAssertGreaterThan(l.lineCount, 1)
        XCTAssertNil(l.wordSplit)
    }

    func testTruncatingModesWrapTheirUpperLinesByWordToo() throws {
        // numberOfLines 0 with a truncating mode wraps every line by word, as UILabel does.
        let l = try layout("Correo electrónico", width: 216, mode: .byTruncatingTail)
        XCTAssertEqual(l.wordSplit?.word, "electrónico")
    }

    func testOnlyBreaksBetweenShownLinesCount() throws {
        // One line allowed: the break after "Correo " is not shown (the rest is cut, reported as such).
        let one = try layout("Correo electrónico", width: 216, lines: 1)
        XCTAssertTrue(one.truncated)
        XCTAssertNil(one.wordSplit)
        // Two lines: "electrónic" is the second shown line, and the "o" is cut off — still a split word.
        let two = try layout("Correo electrónico", width: 216, lines: 2)
        XCTAssertEqual(two.lines.count, 2)
        XCTAssertNil(two.wordSplit, "the split falls after the last shown line")
        let three = try layout("Correo electrónico", width: 216, lines: 3)
        XCTAssertEqual(three.wordSplit?.parts, ["electrónic", "o"])
    }

    func testLongWordOverThreeLines() throws {
        let text = "Sähköpostiosoitteesi"
        let l = try layout(text, width: 216)
        XCTAssertGreaterThanOrEqual(l.lineCount, 3)
        let split = try XCTUnwrap(l.wordSplit)
        XCTAssertEqual(split.word, text)
        XCTAssertEqual(split.parts.count, l.lineCount)
        XCTAssertEqual(split.parts.joined(), text)
        XCTAssertEqual(split.parts, l.lines.map(\.text))
        XCTAssertEqual(split.line, 0)
    }

    func testCJKAndThaiBreakAtLegalOpportunities() throws {
        let japanese = try layout("メールアドレスでログインしてください", width: 216, locale: "ja")
        XCTAssertGreaterThan(japanese.lineCount, 2)
        XCTAssertNil(japanese.wordSplit)
        let chinese = try layout("使用电子邮件地址登录您的帐户", width: 216, locale: "zh-Hans")
        XCTAssertGreaterThan(chinese.lineCount, 2)
        XCTAssertNil(chinese.wordSplit)
        let thai = try layout("เข้าสู่ระบบด้วยอีเมลของคุณ", width: 216, locale: "th")
        XCTAssertGreaterThan(thai.lineCount, 1)
        XCTAssertNil(thai.wordSplit)
    }

    func testThaiWordWiderThanTheLineIsSplit() throws {
        // One dictionary word ("อีเมล", e-mail) wider than a narrow line is an emergency break too.
        let l = try layout("อีเมล", size: 49, width: 60, locale: "th")
        XCTAssertGreaterThan(l.lineCount, 1)
        XCTAssertEqual(l.wordSplit?.word, "อีเมล")
    }
}
