import XCTest

@testable import TypefitStrings

/// Crowdin In-Context's identifiers, as Open Food Facts' `lol.lproj/Localizable.strings` (at
/// openfoodfacts/openfoodfacts-ios 35cf4ea5) holds them.
final class InContextPseudolanguageTests: XCTestCase {
    func testIdentifiers() {
        for value in ["crwdns154292:0crwdne154292:0", "crwdns154320:0%dcrwdne154320:0", "crwdns191307:0%1$@crwdne191307:0"] {
            XCTAssertTrue(InContextPseudolanguage.isIdentifier(value), value)
        }
        for value in ["Scan barcode", "crwdns154292:0", "crwdns154292:0crwdne", "crwdns1:0crwdne1:x", "x crwdns1:0crwdne1:0", ""] {
            XCTAssertFalse(InContextPseudolanguage.isIdentifier(value), value)
        }
        // An identifier's mark followed by a combining accent is not the mark ("…nś…").
        XCTAssertFalse(InContextPseudolanguage.isIdentifier("crwdns\u{301}1:0crwdne1:0"))
    }

    /// `isIdentifier` turns a string down by its first bytes before `hasPrefix("crwdns")`: exact only
    /// if no scalar but each of the six letters is, as a string, equal to it (Swift compares strings
    /// under canonical equivalence: U+212A KELVIN SIGN equals "K", for one). Checked on every scalar,
    /// with the standard library's comparison as the reference.
    func testNoOtherScalarEqualsALetterOfTheMark() {
        let letters = Set("crwdns".unicodeScalars)
        // A set of strings finds members by the standard library's equality (its hashing is
        // consistent with canonical equivalence).
        let strings = Set(letters.map { String(Character($0)) })
        var equal: [String] = []
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v), !letters.contains(scalar) else { continue }
            if strings.contains(String(Character(scalar))) { equal.append(String(format: "U+%04X", v)) }
        }
        XCTAssertEqual(equal, [])
        // The same search does find such a scalar where one exists.
        XCTAssertTrue(Set(["K"]).contains(String(Character(Unicode.Scalar(0x212A)!))))
    }
}
