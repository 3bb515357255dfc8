import XCTest

@testable import TypefitStrings

/// `PluralRules` asks the ICU that Foundation uses. Expected categories are CLDR's published rules
/// (unicode.org CLDR "Language Plural Rules" chart; the same answers as Babel 2.19's CLDR data, which
/// we checked them against), and Foundation's `zero` rule is from the Foundation Release Notes for
/// OS X 10.9: "If 'zero' is present, the value is used for mapping the argument value zero regardless
/// of what CLDR rule specifies for the numeric value".
final class PluralRulesTests: XCTestCase {
    func testCategoriesFollowCLDR() {
        let expected: [(String, [(Double, PluralCategory)])] = [
            ("en", [(0, .other), (1, .one), (2, .other), (888, .other)]),
            // Russian: 888 is `many` (i % 10 = 5..9 or i % 100 = 11..14, … ); `other` is for fractions.
            ("ru", [(1, .one), (3, .few), (5, .many), (11, .many), (21, .one), (22, .few), (888, .many), (1.5, .other)]),
            ("ar", [(0, .zero), (1, .one), (2, .two), (3, .few), (11, .many), (100, .other)]),
            // French `many` is a million and its multiples; 0 is `one`.
            ("fr", [(0, .one), (1, .one), (2, .other), (11, .other), (1_000_000, .many)]),
            ("lv", [(0, .zero), (10, .zero), (20, .zero), (21, .one), (2, .other)]),
            ("pl", [(1, .one), (3, .few), (5, .many), (22, .few), (888, .many)]),
            ("cs", [(1, .one), (3, .few), (5, .other), (1.5, .many)]),
            ("ja", [(0, .other), (1, .other), (888, .other)]),
            ("cy", [(0, .zero), (1, .one), (2, .two), (3, .few), (6, .many), (7, .other)]),
            // Localization names with a region or script.
            ("pt-BR", [(0, .one), (1, .one), (2, .other)]),
            ("pt-PT", [(0, .other), (1, .one), (1_000_000, .many)]),
            ("es-419", [(1, .one), (11, .other), (1_000_000, .many)]),
            ("zh-Hans", [(1, .other)])
        ]
        for (language, cases) in expected {
            for (number, category) in cases {
                XCTAssertEqual(PluralRules.category(of: number, in: language), category, "\(number) in \(language)")
            }
        }
    }

    func testFoundationShowsZeroForZeroWhenTheStringHasItAndOtherForAMissingForm() {
        // English has no `zero` category, but a string with a `zero` form shows it for 0.
        XCTAssertEqual(PluralRules.form(for: 0, in: "en", among: [.zero, .one, .other]), .zero)
        XCTAssertEqual(PluralRules.form(for: 0, in: "en", among: [.one, .other]), .other)
        // Latvian 20 is CLDR's `zero`.
        XCTAssertEqual(PluralRules.form(for: 20, in: "lv", among: [.zero, .one, .other]), .zero)
        // A form the string lacks: `other`.
        XCTAssertEqual(PluralRules.form(for: 3, in: "ru", among: [.one, .other]), .other)
        XCTAssertEqual(PluralRules.form(for: 3, in: "ru", among: [.one, .few, .many, .other]), .few)
        XCTAssertEqual(PluralRules.form(for: 1, in: "ja", among: [.one, .other]), .other)
    }
}
