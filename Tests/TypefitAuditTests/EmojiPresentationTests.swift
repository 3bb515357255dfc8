import Foundation
import TypefitCore
import XCTest

/// `EmojiPresentation` against the standard library's Unicode data, scalar by scalar: every Unicode
/// scalar value (U+0000–U+10FFFF less the surrogates) answers the same.
final class EmojiPresentationTests: XCTestCase {
    func testEveryScalarAnswersAsTheStandardLibrary() {
        assertEveryScalar(EmojiPresentation.contains, answersAs: \.isEmojiPresentation, holdingForMoreThan: 1000)
        // The ranges answered without a lookup end at characters that are emoji.
        for edge: UInt32 in [0x231A, 0x2B55, 0x1F004] {
            XCTAssertTrue(EmojiPresentation.contains(Unicode.Scalar(edge)!), String(format: "U+%04X", edge))
        }
        XCTAssertFalse(EmojiPresentation.contains("A"))
        XCTAssertFalse(EmojiPresentation.contains("漢"))
    }
}
