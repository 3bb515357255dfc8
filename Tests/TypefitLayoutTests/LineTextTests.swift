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
        }
    }
}
