import Foundation
import TypefitCore
import XCTest

/// `EmojiPresentation` against the standard library's Unicode data, scalar by scalar: every Unicode
/// scalar value (U+0000–U+10FFFF less the surrogates) answers the same.
final class EmojiPresentationTests: XCTestCase {
    func testEveryScalarAnswersAsTheStandardLibrary() {
        var presented = 0
        var mismatches: [String] = []
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let expected = scalar.properties.isEmojiPresentation
            if expected { presented += 1 }
            if EmojiPresentation.contains(scalar) != expected, mismatches.count < 20 {
                mismatches.append(String(format: "U+%04X", v))
            }
        }
        XCTAssertEqual(mismatches, [])
        // The property is not empty in the standard library's data (the comparison is not vacuous),
        // and the ranges skipped end at characters that have it.
        XCTAssertGreaterThan(presented, 1000)
        for edge: UInt32 in [0x231A, 0x2B55, 0x1F004] {
            XCTAssertTrue(EmojiPresentation.contains(Unicode.Scalar(edge)!), String(format: "U+%04X", edge))
        }
        XCTAssertFalse(EmojiPresentation.contains("A"))
        XCTAssertFalse(EmojiPresentation.contains("漢"))
    }
}
