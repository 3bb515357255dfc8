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
    }
}
