import Foundation
import TypefitCore
import XCTest

/// `ExactText`, the caches' text key: equal exactly when the UTF-8 code units are, however the string
/// was made, never by canonical equivalence as `String` is.
final class ExactTextTests: XCTestCase {
    func testEqualByCodeUnitsNotByCanonicalEquivalence() {
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        XCTAssertEqual(composed, decomposed, "String equality is canonical equivalence")
        XCTAssertNotEqual(ExactText(composed), ExactText(decomposed))
        // The same code units made other ways: from an NSString, a substring, a mutation.
        var built = "Caf"
        built.append("\u{E9}")
        for same in [String(NSString(string: composed)), String("«Caf\u{E9}»".dropFirst().dropLast()), built] {
            XCTAssertEqual(ExactText(same), ExactText(composed))
            XCTAssertEqual(ExactText(same).hashValue, ExactText(composed).hashValue)
        }
        XCTAssertEqual(ExactText(""), ExactText(String()))
        XCTAssertNotEqual(ExactText(""), ExactText(" "))
        XCTAssertNotEqual(ExactText("Cafe"), ExactText("Caf\u{E9}"), "same length in characters, not in bytes")
        XCTAssertNotEqual(ExactText("abc"), ExactText("abd"), "same length in bytes")
        let set: Set = [ExactText(composed), ExactText(decomposed), ExactText(built)]
        XCTAssertEqual(set.count, 2)
    }
}
