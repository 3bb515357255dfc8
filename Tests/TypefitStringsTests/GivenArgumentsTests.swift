import Foundation
import XCTest

@testable import TypefitStrings

/// A spec's `arguments` fill the format specifiers of the string an element shows
/// (`LocalizedStrings.variants(key:in:given:)`, `ArgumentSample`): expected texts are worked out by
/// hand from the fixture catalog and `printf`'s formatting.
final class GivenArgumentsTests: XCTestCase {
    func testObjectAndIntegerArgumentsFillTheirSpecifiersByNumberInEveryTranslation() throws {
        let strings = try Fixtures.loadCatalog()
        let given: [Int: ArgumentSample] = [1: .text("Anna"), 2: n(42)]
        XCTAssertEqual(shown(strings, "Name: %1$@, age: %2$lld", "en", given), ["default → Name: Anna, age: 42"])
        // The German translation reads them in the other order.
        XCTAssertEqual(
            shown(strings, "Name: %1$@, age: %2$lld", "de", given), ["default → Alter: 42, Name: Anna"])
        // Without arguments: the samples, as before.
        XCTAssertEqual(
            shown(strings, "Name: %1$@, age: %2$lld", "de", [:]),
            ["default → Alter: 888, Name: WWWWWWWWWW"])
    }

    func testAStringArgumentShowsAsWrittenAndANumberAsItsSpecifierFormatsIt() throws {
        let strings = try Fixtures.loadCatalog()
        // `%@` shows what the spec wrote, digits and all; `%lld` reads the number.
        XCTAssertEqual(
            shown(strings, "Name: %1$@, age: %2$lld", "en", [1: .number(7, written: "007"), 2: .number(7, written: "007")]),
            ["default → Name: 007, age: 7"])
        // `%.1f` rounds as printf does.
        XCTAssertEqual(
            shown(strings, "Download %.1f MB", "en", [1: .number(2.5, written: "2.5")]),
            ["default → Download 2.5 MB"])
        XCTAssertEqual(
            shown(strings, "Download %.1f MB", "en", [1: n(12)]),
            ["default → Download 12.0 MB"])
    }

    // Expected forms follow CLDR's rules for each language (ru: 21 is `one`, 3 `few`, 5 `many`; ar: 0
    // is `zero`, 100 `other`; en: 1 is `one`) and Foundation's `zero` rule (PluralRulesTests).
    func testANumberThatChoosesAPluralFormShowsTheOneFormTheAppShowsForIt() throws {
        let strings = try Fixtures.loadCatalog()
        // A plural variation: the form the number selects in that language, with the number.
        XCTAssertEqual(shown(strings, "%lld files", "ru", [1: n(5)]), ["plural:many → 5 файлов"])
        XCTAssertEqual(shown(strings, "%lld files", "ru", [1: n(21)]), ["plural:one → 21 файл"])
        XCTAssertEqual(shown(strings, "%lld files", "ru", [1: n(3)]), ["plural:few → 3 файла"])
        XCTAssertEqual(shown(strings, "%lld files", "ar", [1: n(0)]), ["plural:zero → لا ملفات"])
        XCTAssertEqual(shown(strings, "%lld files", "ar", [1: n(100)]), ["plural:other → 100 ملف"])
        // A locale without the key shows the source text, in the source language's forms.
        XCTAssertEqual(shown(strings, "%lld files", "de", [1: n(1)]), ["plural:one → 1 file"])
        // A substitution's own argument; the name outside it is filled.
        XCTAssertEqual(
            shown(strings, "%@ has %lld apples", "en", [1: .text("Anna"), 2: n(5)]),
            ["substitution:apples=other → Anna has 5 apples"])
        XCTAssertEqual(
            shown(strings, "%@ has %lld apples", "en", [1: .text("Anna"), 2: n(1)]),
            ["substitution:apples=one → Anna has 1 apple"])
        XCTAssertEqual(
            shown(strings, "%@ has %lld apples", "ru", [1: .text("Anna"), 2: n(2)]),
            ["substitution:apples=few → У Anna 2 яблока"])
        // Without the number, every form is still checked, each with a number of its category.
        XCTAssertEqual(
            shown(strings, "%@ has %lld apples", "en", [1: .text("Anna")]),
            ["substitution:apples=one → Anna has 1 apple", "substitution:apples=other → Anna has 888 apples"])
    }

    func testEachPluralIsChosenByItsOwnArgumentAndOtherVariationsStay() throws {
        let strings = try Fixtures.loadCatalog()
        // The string's own plural by argument 1, the substitution's by argument 2.
        XCTAssertEqual(
            shown(strings, "%lld items in %lld folders", "en", [1: n(1), 2: n(3)]),
            ["plural:one/substitution:folders=other → 1 item in 3 folders"])
        // Device variations are not chosen by a number: every device keeps the number's form.
        XCTAssertEqual(
            shown(strings, "Tap %lld times", "en", [1: n(1)]),
            ["device:iphone/plural:one → Tap once", "device:mac/plural:one → Click once"])
        XCTAssertEqual(
            shown(strings, "Tap %lld times", "de", [1: n(1)]),
            ["device:ipad → 1-mal tippen", "device:iphone/plural:one → Einmal tippen"])
    }

    /// A catalog holding one key whose every localization is a plural variation: each locale's forms,
    /// in order.
    private func pluralCatalog(_ key: String, _ forms: [(locale: String, forms: [(PluralCategory, String)])]) throws -> LocalizedStrings {
        var localizations: [String: Any] = [:]
        for (locale, list) in forms {
            var plural: [String: Any] = [:]
            for (category, value) in list { plural[category.rawValue] = ["stringUnit": ["state": "translated", "value": value]] }
            localizations[locale] = ["variations": ["plural": plural]]
        }
        let catalog: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": [key: ["localizations": localizations]]]
        let data = try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys])
        return try Fixtures.loadCatalog(String(decoding: data, as: UTF8.self))
    }

    /// The texts of `key` in `locale` with a spec's `given` arguments.
    private func shown(_ strings: LocalizedStrings, _ key: String, _ locale: String, _ given: [Int: ArgumentSample]) -> [String] {
        texts(strings.variants(key: key, in: [locale], given: given))
    }

    /// A whole number as a spec writes it (`3` → 3, written "3").
    private func n(_ value: Int) -> ArgumentSample {
        .number(Double(value), written: String(value))
    }

    func testZeroShowsTheZeroFormWhereTheStringHasOne() throws {
        let strings = try pluralCatalog(
            "%lld messages",
            [
                ("en", [(.zero, "No messages"), (.one, "%lld message"), (.other, "%lld messages")]),
                ("de", [(.one, "%lld Nachricht"), (.other, "%lld Nachrichten")])
            ])
        XCTAssertEqual(shown(strings, "%lld messages", "en", [1: n(0)]), ["plural:zero → No messages"])
        // German has no `zero` form here: 0 is `other`.
        XCTAssertEqual(shown(strings, "%lld messages", "de", [1: n(0)]), ["plural:other → 0 Nachrichten"])
    }

    func testFormsThatShowNoNumberAreChosenByTheSourcesArgument() throws {
        let strings = try pluralCatalog(
            "%lld files",
            [("en", [(.one, "%lld file"), (.other, "%lld files")]), ("de", [(.one, "Eine Datei"), (.other, "Mehrere Dateien")])])
        XCTAssertEqual(shown(strings, "%lld files", "de", [1: n(1)]), ["plural:one → Eine Datei"])
        XCTAssertEqual(shown(strings, "%lld files", "de", [1: n(5)]), ["plural:other → Mehrere Dateien"])
    }

    func testAPluralWithoutTheChosenFormKeepsItsForms() throws {
        // No `other` (the reader reports it): 5 would show `other` in German, which the string lacks;
        // the forms it has are still checked rather than none.
        let strings = try pluralCatalog(
            "%lld files", [("en", [(.one, "%lld file"), (.other, "%lld files")]), ("de", [(.one, "%lld Datei")])])
        XCTAssertEqual(shown(strings, "%lld files", "de", [1: n(5)]), ["plural:one → 5 Datei"])
        XCTAssertEqual(shown(strings, "%lld files", "de", [1: n(1)]), ["plural:one → 1 Datei"])
    }

    func testAChosenCombinationPastTheRenderingLimitStillLeavesTextsToCheck() throws {
        // Four substitutions of six forms each: 1,296 combinations, of which the resolver renders
        // 1,024. With every number 5 (English `other`, the last form of each), the chosen combination
        // is the 1,296th: rather than no text at all, the rendered ones are checked with the numbers.
        var substitutions: [String: Any] = [:]
        for name in ["a", "b", "c", "d"] {
            var plural: [String: Any] = [:]
            for category in PluralCategory.allCases {
                plural[category.rawValue] = ["stringUnit": ["state": "translated", "value": "%arg \(name)-\(category.rawValue)"]]
            }
            substitutions[name] = [
                "argNum": ["a": 1, "b": 2, "c": 3, "d": 4][name]!, "formatSpecifier": "lld", "variations": ["plural": plural]
            ]
        }
        let en: [String: Any] = [
            "stringUnit": ["state": "translated", "value": "%#@a@ %#@b@ %#@c@ %#@d@"], "substitutions": substitutions
        ]
        let catalog: [String: Any] = [
            "sourceLanguage": "en", "version": "1.0", "strings": ["%lld %lld %lld %lld": ["localizations": ["en": en]]]
        ]
        let strings = try Fixtures.loadCatalog(
            String(decoding: try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys]), as: UTF8.self))
        let five = n(5)
        let variants = try XCTUnwrap(strings.variants(key: "%lld %lld %lld %lld", in: ["en"], given: [1: five, 2: five, 3: five, 4: five]))
        XCTAssertFalse(variants.isEmpty)
        XCTAssertEqual(variants.first?.text, "5 a-zero 5 b-zero 5 c-zero 5 d-zero")
        // With numbers whose combination is rendered, only that one.
        let one = n(1)
        XCTAssertEqual(
            shown(strings, "%lld %lld %lld %lld", "en", [1: one, 2: one, 3: one, 4: one]),
            ["substitution:a=one/substitution:b=one/substitution:c=one/substitution:d=one → 1 a-one 1 b-one 1 c-one 1 d-one"])
    }

    func testEachFormIsSampledWithANumberOfItsCategoryInItsLanguage() throws {
        // French `many` is a million and its multiples (CLDR), so 11 would show a form iOS never
        // shows for 11; Russian `many` takes 11 as before.
        let strings = try pluralCatalog(
            "%lld attempts",
            [
                ("en", [(.one, "%lld attempt"), (.other, "%lld attempts")]),
                ("fr", [(.one, "%lld tentative"), (.many, "%lld de tentatives"), (.other, "%lld tentatives")]),
                ("ru", [(.one, "%lld попытка"), (.few, "%lld попытки"), (.many, "%lld попыток"), (.other, "%lld попытки")])
            ])
        XCTAssertEqual(
            texts(strings.variants(key: "%lld attempts", locale: "fr")),
            ["plural:one → 1 tentative", "plural:many → 1000000 de tentatives", "plural:other → 888 tentatives"])
        // Russian `other` is for fractions, which %lld cannot show: it keeps 888.
        XCTAssertEqual(
            texts(strings.variants(key: "%lld attempts", locale: "ru")),
            ["plural:one → 1 попытка", "plural:few → 3 попытки", "plural:many → 11 попыток", "plural:other → 888 попытки"])
    }

    func testALocaleWithoutTheKeyShowsTheFilledSourceText() throws {
        let strings = try Fixtures.loadCatalog()
        let variants = strings.variants(key: "Name: %1$@, age: %2$lld", in: ["ru"], given: [1: .text("Anna"), 2: n(3)])
        XCTAssertEqual(texts(variants), ["default → Name: Anna, age: 3"])
        XCTAssertEqual(variants?.first?.status, strings.variants(key: "Name: %1$@, age: %2$lld", locale: "ru")?.first?.status)
        XCTAssertNil(strings.variants(key: "no such key", in: ["en"], given: [1: .text("Anna")]))
    }

    func testSourceArgumentsListWhatTheSourceTextReads() throws {
        let strings = try Fixtures.loadCatalog()
        XCTAssertEqual(
            strings.sourceArguments(key: "Name: %1$@, age: %2$lld"),
            [
                StringArgument(index: 1, specifiers: ["%1$@"], kinds: [.object]),
                StringArgument(index: 2, specifiers: ["%2$lld"], kinds: [.integer64])
            ])
        // A substitution's argument is read by its specifier, written with its number.
        XCTAssertEqual(strings.sourceArguments(key: "%@ has %lld apples").map(\.index), [1, 2])
        XCTAssertEqual(strings.sourceArguments(key: "%@ has %lld apples").last?.kinds, [.integer64])
        XCTAssertEqual(strings.sourceArguments(key: "Download %.1f MB").first?.kinds, [.double])
        XCTAssertEqual(strings.sourceArguments(key: "Welcome"), [])
        XCTAssertEqual(strings.sourceArguments(key: "no such key"), [])
    }

    func testWhatEachSpecifierAccepts() {
        XCTAssertTrue(n(3).fits(.integer64))
        XCTAssertFalse(ArgumentSample.number(3.5, written: "3.5").fits(.integer32))
        XCTAssertFalse(ArgumentSample.text("three").fits(.integer64))
        XCTAssertFalse(ArgumentSample.text("three").fits(.double))
        XCTAssertTrue(ArgumentSample.number(3.5, written: "3.5").fits(.double))
        XCTAssertTrue(n(3).fits(.object))
        XCTAssertTrue(ArgumentSample.text("three").fits(.cString))
    }
}
