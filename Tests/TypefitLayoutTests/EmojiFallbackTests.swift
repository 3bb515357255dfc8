import Foundation
import TypefitCore
import XCTest

@testable import TypefitLayout

/// Emoji on iOS come from Apple Color Emoji, last in Core Text's cascade and taken for every cluster
/// shown as an emoji picture; typefit stands in Noto Color Emoji (Debian's fonts-noto-color-emoji
/// 2.042, Unicode 15.1). Before, no bundled font had 🎉 or 🫢: they were reported as missing glyphs
/// (an error) in 10 of the 18 mirrored apps' strings. Widths are hb-shape's for the emoji font
/// (Fixtures/hb-shape, samples `emoji-*`); which clusters show as emoji is Unicode's
/// Emoji_Presentation property (emoji-data.txt), read from the standard library.
final class EmojiFallbackTests: XCTestCase {
    func measure(_ text: String, size: Double = 17) throws -> MeasureResult {
        var request = MeasureRequest(text: text)
        request.size = size
        return try TestSupport.engine.measure(request)
    }

    /// hb-shape's advance of a sample, in em.
    func hbShapeEm(_ id: String) throws -> (em: Double, glyphs: Int) {
        let sample = try XCTUnwrap(try HBShapeWidthTests.samples().first { $0.id == id })
        let glyphs = try String(contentsOf: TestSupport.fixtures.appendingPathComponent("hb-shape/expected.tsv"), encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix(id + "\t") }.map { Int($0.split(separator: "\t")[3])! }
        return (sample.advance / sample.upem, try XCTUnwrap(glyphs))
    }

    func testEmojiAreMeasuredInTheEmojiFontNotReportedMissing() throws {
        for size in [11.0, 17.0, 53.0] {
            // 🎉, 🫢 (Emoji 14) and 👍: Noto Sans Symbols 2 has an outline 👍, but it shows as an emoji.
            let party = try measure("\u{1F389}\u{1FAE2}\u{1F44D}", size: size)
            XCTAssertEqual(party.missingGlyphs.count, 0)
            XCTAssertEqual(party.fonts.map(\.file), ["NotoColorEmoji.ttf"])
            XCTAssertEqual(party.naturalWidth, try hbShapeEm("emoji-party").em * size, accuracy: 0.01)
            // A skin tone, a ZWJ family, a flag and a keycap: one glyph each, as hb-shape forms them.
            let sequences = try measure(
                "\u{1F44D}\u{1F3FD}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F1E9}\u{1F1EA}1\u{FE0F}\u{20E3}", size: size)
            XCTAssertEqual(sequences.missingGlyphs.count, 0)
            XCTAssertEqual(sequences.naturalWidth, try hbShapeEm("emoji-sequences").em * size, accuracy: 0.01)
        }
        XCTAssertEqual(try hbShapeEm("emoji-sequences").glyphs, 4)
    }

    func testOnlyClustersShownAsEmojiTakeTheEmojiFont() throws {
        // ☃ has no Emoji_Presentation: a text glyph from the symbols font; ☃️ (with U+FE0F) is an emoji.
        XCTAssertFalse(try measure("\u{2603}").fonts.map(\.file).contains("NotoColorEmoji.ttf"))
        XCTAssertEqual(try measure("\u{2603}\u{FE0F}").fonts.map(\.file), ["NotoColorEmoji.ttf"])
        // Text after an emoji stays in the text font: the emoji font's space is as wide as an emoji.
        let spaced = try measure("\u{1F389} \u{1F389}"), joined = try measure("\u{1F389}\u{1F389}")
        let space = try measure("a a").naturalWidth - measure("aa").naturalWidth
        XCTAssertEqual(spaced.naturalWidth, joined.naturalWidth + space, accuracy: 0.01)
        XCTAssertEqual(
            try measure("Party \u{1F389} time").naturalWidth, try measure("Party  time").naturalWidth + joined.naturalWidth / 2,
            accuracy: 0.05)
    }
}
