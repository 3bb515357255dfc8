import Foundation
import XCTest

@testable import TypefitLayout

/// A line's text is built from UTF-16 ranges of its paragraph (`TextLayout.Line.text`, converted to
/// UTF-8 offsets in one walk): checked against Foundation's `NSString` substrings of the same UTF-16
/// ranges, on text in one-, two-, three- and four-byte UTF-8 (astral emoji and CJK Extension B).
final class LineTextTests: XCTestCase {
    let samples = [
        "Continue with Apple",
        "Встречайте Ελληνικά and ASCII",
        "日本語のテキスト𠀋𠀋と絵文字👩‍👩‍👧 です",
        "مرحبا بالعالم 👋🏽 שלום",
        "e\u{301}t\u{E9} 🇫🇷 naïve ﬁn",
        "👍"
    ]

    /// Every cluster boundary (grapheme, in UTF-16 offsets) of `s`.
    func boundaries(_ s: String) -> [Int] {
        var out = [0]
        var offset = 0
        for c in s { offset += c.utf16.count; out.append(offset) }
        return out
    }

    func testEveryRangeAndPairOfRangesMatchesNSString() {
        for s in samples {
            let ns = s as NSString
            let b = boundaries(s)
            func sub(_ r: Range<Int>) -> String { ns.substring(with: NSRange(location: r.lowerBound, length: r.count)) }
            for i in b.indices {
                for j in b.indices where j >= i {
                    let head = b[i]..<b[j]
                    let line = TextLayout.Line(source: s, head: head, width: 0, ellipsis: false)
                    XCTAssertEqual(line.text, sub(head), "\(s) \(head)")
                    // Truncating in the middle: head, "…", then a tail after it.
                    for k in b.indices where k >= j {
                        let tail = b[k]..<b[b.count - 1]
                        let middle = TextLayout.Line(source: s, head: head, literal: "…", tail: tail, width: 0, ellipsis: true)
                        XCTAssertEqual(middle.text, sub(head) + "…" + sub(tail), "\(s) \(head) \(tail)")
                    }
                }
            }
            // Truncating at the head: no head range, only the literal and a tail.
            let tail = b[1]..<b[b.count - 1]
            XCTAssertEqual(TextLayout.Line(source: s, head: nil, literal: "…", tail: tail, width: 0, ellipsis: true).text, "…" + sub(tail))
            // Nothing kept but the ellipsis; nothing at all.
            XCTAssertEqual(TextLayout.Line(source: s, head: nil, literal: "…", width: 0, ellipsis: true).text, "…")
            XCTAssertEqual(TextLayout.Line(source: s, head: nil, width: 0, ellipsis: false).text, "")
        }
    }

    /// The text on screen leaves out the line separators a line ends with (LF, CR, NEL, U+2028,
    /// U+2029), and only those: letters whose UTF-8 ends in the same byte as one of them (ą ends in
    /// 0x85 like NEL, Ĩ and ĩ in 0xA8 and 0xA9 like U+2028 and U+2029) stay.
    func testVisibleTextDropsOnlyTrailingLineSeparators() {
        func visible(_ lines: [String]) -> String {
            let made = lines.map { TextLayout.Line(source: $0, head: 0..<($0 as NSString).length, width: 0, ellipsis: false) }
            let text = TextLayout(
                size: 17, lineHeight: 20, naturalWidth: 0, lineCount: made.count, lines: made, truncated: false, width: 0,
                height: 0, fullHeight: 0
            ).visibleText
            // Written piece by piece (as reports write a finding's shown text), it is the same text.
            var written = ""
            TextLayout.writeVisibleText(made, to: &written)
            XCTAssertEqual(written, text, lines.description)
            return text
        }
        // Separators at the end of any piece — head, ellipsis or tail — and across pieces are left out
        // of the written text as of the joined one.
        for source in ["ab\n", "ab\r\n", "a\u{2028}\u{85}", "ą\u{2029}", "ĩ", "x\n\u{2028}"] {
            let n = (source as NSString).length
            for split in 0...n {
                for literal in [nil, "…", "\n", "…\u{2028}"] as [String?] {
                    let line = TextLayout.Line(
                        source: source, head: 0..<split, literal: literal, tail: split..<n, width: 0, ellipsis: false)
                    let layout = TextLayout(
                        size: 17, lineHeight: 20, naturalWidth: 0, lineCount: 1, lines: [line], truncated: false, width: 0, height: 0,
                        fullHeight: 0)
                    var written = ""
                    TextLayout.writeVisibleText([line], to: &written)
                    XCTAssertEqual(written, layout.visibleText, "\(source.unicodeScalars.map(\.value)) \(split) \(literal ?? "nil")")
                }
            }
        }
        for separator in ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\n\u{2029}"] {
            XCTAssertEqual(visible(["Sign in" + separator]), "Sign in", separator.unicodeScalars.map(\.value).description)
            XCTAssertEqual(visible(["Sign in" + separator, "Cancel"]), "Sign in\nCancel")
        }
        for kept in ["Wyjdź z konta ą", "Ĩ", "Tĩ", "Cancel", "", "👍", "ok\u{2028}x"] {
            XCTAssertEqual(visible([kept]), kept)
            XCTAssertEqual(visible([kept, kept]), kept + "\n" + kept)
        }
    }
}
