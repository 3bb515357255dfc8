import XCTest

@testable import TypefitStrings

final class PseudolocaleTests: XCTestCase {
    func strings() throws -> LocalizedStrings {
        try Fixtures.loadCatalog().addingPseudolocales(Pseudolocale.allCases)
    }

    func testPseudolocalesAreAddedAsLocales() throws {
        let strings = try strings()
        XCTAssertEqual(strings.locales, ["ar", "de", "en", "pseudo-accented", "pseudo-bounded", "pseudo-double", "pseudo-rtl", "ru"])
        XCTAssertEqual(strings.pseudolocales, [.accented, .bounded, .doubleLength, .rightToLeft])
        XCTAssertEqual(strings.problems, [])
    }

    /// A pseudolocale is found by its exact name, and no real locale tag is taken for one.
    func testLocaleNamesAreExactlyTheFourNames() {
        XCTAssertEqual(Pseudolocale.allCases.map { Pseudolocale(localeName: $0.localeName) }, Pseudolocale.allCases)
        XCTAssertEqual(
            Pseudolocale.allCases.map(\.localeName).sorted(), ["pseudo-accented", "pseudo-bounded", "pseudo-double", "pseudo-rtl"])
        let names = [
            "", "p", "pt", "pt-BR", "pl", "ps", "pseudo", "pseudo-", "pseudo-rtl ", "Pseudo-rtl", "pseudo-doubles", "en", "zh-Hans"
        ]
        for name in names {
            XCTAssertNil(Pseudolocale(localeName: name), name)
        }
    }

    func testDoubleLength() throws {
        let strings = try strings()
        XCTAssertEqual(texts(strings.variants(key: "Welcome", locale: "pseudo-double")), ["default → Welcome Welcome"])
        XCTAssertEqual(
            texts(strings.variants(key: "%lld files", locale: "pseudo-double")),
            ["plural:one → 1 file 1 file", "plural:other → 888 files 888 files"])
        XCTAssertEqual(strings.variants(key: "Welcome", locale: "pseudo-double")?.first?.status, .pseudolocalized(.doubleLength))
    }

    func testAccentedLeavesArgumentValuesAlone() throws {
        let strings = try strings()
        XCTAssertEqual(texts(strings.variants(key: "Welcome", locale: "pseudo-accented")), ["default → Ŵéļçöṁé"])
        XCTAssertEqual(
            texts(strings.variants(key: "%@ has %lld apples", locale: "pseudo-accented")),
            [
                "substitution:apples=one → WWWWWWWWWW ĥåš 1 åþþļé",
                "substitution:apples=other → WWWWWWWWWW ĥåš 888 åþþļéš"
            ])
        XCTAssertEqual(
            Pseudolocale.accented.transformLiteral("The quick brown fox jumps over the lazy dog"),
            "Ţĥé ǫûîçķ ƀŕöŵñ ƒöẋ ĵûṁþš öṽéŕ ţĥé ļåžý ðöĝ")
        // One precomposed scalar per letter: the same length as the source.
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        XCTAssertEqual(Pseudolocale.accented.transformLiteral(alphabet).unicodeScalars.count, 52)
    }

    func testBounded() throws {
        let strings = try strings()
        XCTAssertEqual(
            texts(strings.variants(key: "Tap to continue", locale: "pseudo-bounded")),
            [
                "device:iphone → [# Tap to continue #]",
                "device:mac → [# Click to continue #]",
                "device:other → [# Tap to continue #]"
            ])
    }

    func testRightToLeft() throws {
        let strings = try strings()
        XCTAssertEqual(texts(strings.variants(key: "Welcome", locale: "pseudo-rtl")), ["default → Welcome"])
        XCTAssertEqual(strings.writingDirection(locale: "pseudo-rtl"), .rightToLeft)
        XCTAssertEqual(strings.writingDirection(locale: "pseudo-double"), .leftToRight)
    }

    func testShouldTranslateFalseIsStillPseudolocalized() throws {
        // The pseudolocales apply to every string the app looks up, translatable or not.
        let strings = try strings()
        XCTAssertEqual(texts(strings.variants(key: "OK", locale: "pseudo-bounded")), ["default → [# OK #]"])
    }

    func testWritingDirectionOfRealLocales() {
        XCTAssertEqual(WritingDirection.of(locale: "he"), .rightToLeft)
        XCTAssertEqual(WritingDirection.of(locale: "fa-IR"), .rightToLeft)
        XCTAssertEqual(WritingDirection.of(locale: "ur_PK"), .rightToLeft)
        XCTAssertEqual(WritingDirection.of(locale: "pa-Arab"), .rightToLeft)
        XCTAssertEqual(WritingDirection.of(locale: "az-Latn"), .leftToRight)
        XCTAssertEqual(WritingDirection.of(locale: "en-GB"), .leftToRight)
        XCTAssertEqual(WritingDirection.of(locale: ""), .leftToRight)
    }
}
