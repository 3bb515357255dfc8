import TypefitCore
import XCTest

@testable import TypefitStrings

final class StringCatalogTests: XCTestCase {
    func testLocalesKeysAndStaleEntries() throws {
        let strings = try Fixtures.loadCatalog()
        XCTAssertEqual(strings.sourceLanguage, "en")
        XCTAssertEqual(strings.locales, ["ar", "de", "en", "ru"])
        XCTAssertEqual(
            strings.keys,
            [
                "%@ has %lld apples", "%lld files", "%lld items in %lld folders", "Download %.1f MB",
                "Name: %1$@, age: %2$lld", "OK", "Progress: %lld%%", "Settings", "Tap %lld times",
                "Tap to continue", "Welcome"
            ])
        XCTAssertEqual(strings.staleKeys, ["Legacy label"])
        XCTAssertEqual(strings.staleCount, 1)
        XCTAssertNil(strings.variants(key: "Legacy label", locale: "de"))
        XCTAssertNil(strings.variants(key: "No such key", locale: "en"))
        XCTAssertEqual(strings.problems, [])
    }

    func testRussianPlurals() throws {
        let strings = try Fixtures.loadCatalog()
        let ru = strings.variants(key: "%lld files", locale: "ru")
        XCTAssertEqual(
            texts(ru),
            [
                "plural:one → 1 файл",
                "plural:few → 3 файла",
                "plural:many → 11 файлов",
                "plural:other → 888 файла"
            ])
        XCTAssertEqual(ru?.map(\.status), Array(repeating: .translated, count: 4))
        XCTAssertEqual(ru?.map(\.pluralCategory), [.one, .few, .many, .other])
        XCTAssertEqual(ru?[1].format, "%lld файла")
    }

    func testArabicPluralsAndDirection() throws {
        let strings = try Fixtures.loadCatalog()
        XCTAssertEqual(
            texts(strings.variants(key: "%lld files", locale: "ar")),
            [
                "plural:zero → لا ملفات",
                "plural:one → ملف واحد",
                "plural:two → ملفان",
                "plural:few → 3 ملفات",
                "plural:many → 11 ملفًا",
                // CLDR: Arabic `many` is n % 100 = 11..99, so 888 would show the `many` form; 100 is
                // the first whole number in `other` (100–102, 200–202, …).
                "plural:other → 100 ملف"
            ])
        XCTAssertEqual(strings.writingDirection(locale: "ar"), .rightToLeft)
        XCTAssertEqual(strings.writingDirection(locale: "de"), .leftToRight)
    }

    func testSourceLanguageVariants() throws {
        let strings = try Fixtures.loadCatalog()
        let en = strings.variants(key: "%lld files", locale: "en")
        XCTAssertEqual(texts(en), ["plural:one → 1 file", "plural:other → 888 files"])
        XCTAssertEqual(en?.map(\.status), [.source, .source])
    }

    func testMissingLocaleFallsBackToSource() throws {
        let strings = try Fixtures.loadCatalog()
        let de = strings.variants(key: "%lld files", locale: "de")
        XCTAssertEqual(texts(de), ["plural:one → 1 file", "plural:other → 888 files"])
        XCTAssertEqual(de?.map(\.status), [.fallback(.missing), .fallback(.missing)])
        // A locale the catalog does not know at all behaves the same.
        XCTAssertEqual(strings.variants(key: "Welcome", locale: "fr")?.map(\.status), [.fallback(.missing)])
        XCTAssertEqual(texts(strings.variants(key: "Welcome", locale: "fr")), ["default → Welcome"])
    }

    func testUntranslatedStatesFallBackAndSayWhich() throws {
        let strings = try Fixtures.loadCatalog()
        XCTAssertEqual(
            strings.variants(key: "Welcome", locale: "de"),
            [StringVariant(steps: [], text: "Willkommen", format: "Willkommen", status: .translated)])
        XCTAssertEqual(
            strings.variants(key: "Welcome", locale: "ru"),
            [StringVariant(steps: [], text: "Welcome", format: "Welcome", status: .fallback(.new))])
        XCTAssertEqual(
            strings.variants(key: "Welcome", locale: "ar"),
            [StringVariant(steps: [], text: "Welcome", format: "Welcome", status: .fallback(.needsReview))])
        XCTAssertEqual(
            strings.variants(key: "Welcome", locale: "ar")?.first?.status.description,
            "fell back to source (state needs_review)")
        XCTAssertEqual(
            strings.untranslatedKeys(locale: "ru"),
            [
                "%@ has %lld apples", "%lld items in %lld folders", "Download %.1f MB", "Name: %1$@, age: %2$lld",
                "Progress: %lld%%", "Settings", "Tap %lld times", "Tap to continue", "Welcome"
            ])
    }

    func testDeviceVariations() throws {
        let strings = try Fixtures.loadCatalog()
        XCTAssertEqual(
            texts(strings.variants(key: "Tap to continue", locale: "en")),
            [
                "device:iphone → Tap to continue",
                "device:mac → Click to continue",
                "device:other → Tap to continue"
            ])
        let de = strings.variants(key: "Tap to continue", locale: "de")
        XCTAssertEqual(texts(de), ["device:mac → Klicken, um fortzufahren", "device:other → Tippen, um fortzufahren"])
        XCTAssertEqual(de?.map(\.device), ["mac", "other"])
    }

    func testDeviceVariationsWithNestedPlurals() throws {
        let strings = try Fixtures.loadCatalog()
        XCTAssertEqual(
            texts(strings.variants(key: "Tap %lld times", locale: "en")),
            [
                "device:iphone/plural:one → Tap once",
                "device:iphone/plural:other → Tap 888 times",
                "device:mac/plural:one → Click once",
                "device:mac/plural:other → Click 888 times"
            ])
        let de = strings.variants(key: "Tap %lld times", locale: "de")
        XCTAssertEqual(
            texts(de),
            [
                "device:ipad → 888-mal tippen",
                "device:iphone/plural:one → Einmal tippen",
                "device:iphone/plural:other → 888-mal tippen"
            ])
        XCTAssertEqual(de?[1].device, "iphone")
        XCTAssertEqual(de?[1].pluralCategory, .one)
    }

    func testSubstitutions() throws {
        let strings = try Fixtures.loadCatalog()
        let en = strings.variants(key: "%@ has %lld apples", locale: "en")
        XCTAssertEqual(
            texts(en),
            [
                "substitution:apples=one → WWWWWWWWWW has 1 apple",
                "substitution:apples=other → WWWWWWWWWW has 888 apples"
            ])
        XCTAssertEqual(en?.first?.format, "%1$@ has %2$lld apple")
        let ru = strings.variants(key: "%@ has %lld apples", locale: "ru")
        XCTAssertEqual(
            texts(ru),
            [
                "substitution:apples=one → У WWWWWWWWWW 1 яблоко",
                "substitution:apples=few → У WWWWWWWWWW 3 яблока",
                "substitution:apples=many → У WWWWWWWWWW 11 яблок",
                // "other" is still `new`: the source's "other" text is shown.
                "substitution:apples=other → У WWWWWWWWWW 888 apples"
            ])
        XCTAssertEqual(ru?.map(\.status), [.translated, .translated, .translated, .fallback(.new)])
    }

    func testPluralWithSubstitution() throws {
        let strings = try Fixtures.loadCatalog()
        XCTAssertEqual(
            texts(strings.variants(key: "%lld items in %lld folders", locale: "en")),
            [
                "plural:one/substitution:folders=one → 1 item in 1 folder",
                "plural:one/substitution:folders=other → 1 item in 888 folders",
                "plural:other/substitution:folders=one → 888 items in 1 folder",
                "plural:other/substitution:folders=other → 888 items in 888 folders"
            ])
    }

    func testPositionalArgumentsPercentAndPrecision() throws {
        let strings = try Fixtures.loadCatalog()
        XCTAssertEqual(
            texts(strings.variants(key: "Name: %1$@, age: %2$lld", locale: "en")),
            ["default → Name: WWWWWWWWWW, age: 888"])
        XCTAssertEqual(
            texts(strings.variants(key: "Name: %1$@, age: %2$lld", locale: "de")),
            ["default → Alter: 888, Name: WWWWWWWWWW"])
        // No source localization: the key is the source text.
        XCTAssertEqual(texts(strings.variants(key: "Progress: %lld%%", locale: "en")), ["default → Progress: 888%"])
        XCTAssertEqual(strings.variants(key: "Progress: %lld%%", locale: "de")?.first?.text, "Fortschritt: 888 %")
        XCTAssertEqual(strings.variants(key: "Progress: %lld%%", locale: "de")?.first?.format, "Fortschritt: %lld %%")
        XCTAssertEqual(strings.variants(key: "Download %.1f MB", locale: "en")?.first?.text, "Download 888.9 MB")
        XCTAssertEqual(strings.variants(key: "Download %.1f MB", locale: "de")?.first?.text, "888.9 MB herunterladen")
        XCTAssertEqual(
            strings.variants(key: "Settings", locale: "en"),
            [StringVariant(steps: [], text: "Settings", format: "Settings", status: .source)])
    }

    func testShouldTranslateFalseUsesSourceEverywhere() throws {
        let strings = try Fixtures.loadCatalog()
        for locale in ["ar", "de", "ru", "ja"] {
            XCTAssertEqual(
                strings.variants(key: "OK", locale: locale),
                [StringVariant(steps: [], text: "OK", format: "OK", status: .notTranslatable)], locale)
        }
        XCTAssertEqual(strings.variants(key: "OK", locale: "en")?.first?.status, .source)
        XCTAssertFalse(strings.untranslatedKeys(locale: "de").contains("OK"))
    }

    func testSampleValuesAreConfigurable() throws {
        var samples = SampleValues.default
        samples.text = "Anna"
        samples.pluralNumbers[.many] = 5
        samples.overrides = ["Name: %1$@, age: %2$lld": [2: "42"]]
        let strings = try Fixtures.loadCatalog(samples: samples)
        XCTAssertEqual(strings.variants(key: "%lld files", locale: "ru")?[2].text, "5 файлов")
        XCTAssertEqual(strings.variants(key: "Name: %1$@, age: %2$lld", locale: "de")?.first?.text, "Alter: 42, Name: Anna")
    }

    func testLoadFromFile() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let url = folder.appendingPathComponent("Localizable.xcstrings")
        try Data(Fixtures.catalog.utf8).write(to: url)
        let strings = try LocalizedStrings.load(path: url.path)
        XCTAssertEqual(strings.file, url.path)
        XCTAssertEqual(texts(strings.variants(key: "Welcome", locale: "de")), ["default → Willkommen"])
    }

    func testDeterministicAcrossLoads() throws {
        let a = try Fixtures.loadCatalog()
        let b = try Fixtures.loadCatalog()
        for key in a.keys {
            for locale in a.locales {
                XCTAssertEqual(a.variants(key: key, locale: locale), b.variants(key: key, locale: locale))
            }
        }
    }

    func testJSONObjectsKeepFileOrderAndARepeatedNamesLastValueAtAnySize() throws {
        // As JSONSerialization: a repeated member keeps its first place and its last value, whether the
        // object is small (found by comparing names) or has more members than that (found by an index).
        for count in [2, 8, 9, 20] {
            let names = (0..<count).map { "k\($0)" }
            let members = names.enumerated().map { "\"\($1)\": \($0)" } + ["\"k1\": 100", "\"k\(count - 1)\": 200"]
            let node = try JSONParser.parse("{" + members.joined(separator: ", ") + "}", file: "t.json")
            guard case .object(let object) = node.value else { return XCTFail("not an object") }
            XCTAssertEqual(object.names, names, "\(count) members")
            for (i, name) in names.enumerated() {
                guard case .number(let n)? = object[name]?.value else { return XCTFail("\(name) of \(count)") }
                XCTAssertEqual(n, i == count - 1 ? "200" : name == "k1" ? "100" : "\(i)", "\(name) of \(count)")
            }
            XCTAssertNil(object["k\(count)"])
        }
    }
}
