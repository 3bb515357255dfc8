import XCTest

@testable import TypefitStrings

final class FormatTests: XCTestCase {
    func spec(
        _ text: String, position: Int? = nil, flags: String = "", width: String = "", precision: String? = nil,
        length: String = "", conversion: Character
    ) -> FormatToken {
        .specifier(
            FormatSpecifier(
                text: text, position: position, flags: flags, width: width, precision: precision,
                length: length, conversion: conversion))
    }

    func testParsesEverySpecifierKind() {
        XCTAssertEqual(
            FormatString.parse("%1$@ has %2$lld%% of %#@files@, %.1f km, %u, %ld"),
            [
                spec("%1$@", position: 1, conversion: "@"),
                .literal(" has "),
                spec("%2$lld", position: 2, length: "ll", conversion: "d"),
                .percent,
                .literal(" of "),
                .substitution(name: "files", position: nil),
                .literal(", "),
                spec("%.1f", precision: "1", conversion: "f"),
                .literal(" km, "),
                spec("%u", conversion: "u"),
                .literal(", "),
                spec("%ld", length: "l", conversion: "d")
            ])
        XCTAssertEqual(FormatString.parse("%2$#@apples@"), [.substitution(name: "apples", position: 2)])
        XCTAssertEqual(FormatString.parse("%arg apples", allowsSubstitutionArgument: true), [.substitutionArgument, .literal(" apples")])
        XCTAssertEqual(
            FormatString.parse("%-05.2lf"), [spec("%-05.2lf", flags: "-0", width: "5", precision: "2", length: "l", conversion: "f")])
    }

    func testInvalidPercentSignsStayLiteral() {
        XCTAssertEqual(FormatString.parse("100%"), [.literal("100%")])
        XCTAssertEqual(FormatString.parse("5%y"), [.literal("5%y")])
        XCTAssertEqual(FormatString.specifiers(in: "%0$@ %y %"), [])
    }

    func testLiteralRunsKeepEveryScalar() {
        XCTAssertEqual(FormatString.parse(""), [])
        XCTAssertEqual(FormatString.parse("Grüße 👋🏽 e\u{301}"), [.literal("Grüße 👋🏽 e\u{301}")])
        XCTAssertEqual(
            FormatString.parse("日本%d語 👋🏽%%é"),
            [.literal("日本"), spec("%d", conversion: "d"), .literal("語 👋🏽"), .percent, .literal("é")])
        // Canonically equivalent but not the same scalars: the literal keeps the decomposed ones.
        guard case .literal(let decomposed)? = FormatString.parse("%@ cafe\u{301}").last else { return XCTFail("no literal") }
        XCTAssertEqual(Array(decomposed.unicodeScalars.map(\.value)), [0x20, 0x63, 0x61, 0x66, 0x65, 0x301])
    }

    func testPrintfGotchasParseAsFoundationDoes() {
        // "% o" is the space flag and the octal conversion: Foundation reads an argument here too.
        XCTAssertEqual(
            FormatString.parse("50% off"),
            [.literal("50"), spec("% o", flags: " ", conversion: "o"), .literal("ff")])
        // Without a closing "@", "%#@" is an object with the "#" flag.
        XCTAssertEqual(FormatString.parse("%#@open"), [spec("%#@", flags: "#", conversion: "@"), .literal("open")])
    }

    func testArgumentKinds() {
        let kinds = FormatString.specifiers(in: "%@ %d %i %lld %ld %qd %zd %u %lu %x %f %.2e %g %c %s %p %D").map(\.kind)
        XCTAssertEqual(
            kinds,
            [
                .object, .integer32, .integer32, .integer64, .integer64, .integer64, .integer64,
                .integer32, .integer64, .integer32, .double, .double, .double, .character,
                .cString, .pointer, .integer64
            ])
    }

    func catalog(source: String, translation: String, key: String? = nil) -> String {
        """
        {"sourceLanguage": "en", "strings": {"\(key ?? source)": {"localizations": {
          "en": {"stringUnit": {"state": "translated", "value": "\(source)"}},
          "de": {"stringUnit": {"state": "translated", "value": "\(translation)"}}
        }}}}
        """
    }

    func render(_ format: String, samples: SampleValues = .default) throws -> String? {
        let strings = try LocalizedStrings.parseCatalog(
            catalog(source: format, translation: format, key: "k"), file: "t",
            samples: samples)
        return strings.variants(key: "k", locale: "en")?.first?.text
    }

    func testSampleValuesFillSpecifiers() throws {
        XCTAssertEqual(try render("%d|%5d|%05d|%-4d|%+d|%x|%X|%o|%u"), "888|  888|00888|888 |+888|378|378|1570|888")
        XCTAssertEqual(try render("%f|%.0f|%.2f|%e|%g"), "888.880000|889|888.88|8.888800e+02|888.88")
        XCTAssertEqual(try render("%@|%s|%c|%C|%p|%%|%10@"), "WWWWWWWWWW|WWWWWWWWWW|W|W|0x600000c04000|%|WWWWWWWWWW")
        XCTAssertEqual(try render("%999999999d"), String(repeating: " ", count: 61) + "888")
        XCTAssertEqual(try render("Plain text, no arguments"), "Plain text, no arguments")
        XCTAssertEqual(
            try render("%2$@ before %1$@", samples: SampleValues(overrides: ["k": [1: "one", 2: "two"]])),
            "two before one")
    }

    func testStringsWithoutArgumentsAreShownAsTyped() throws {
        let strings = try LocalizedStrings.parseCatalog(
            """
            {"sourceLanguage": "en", "strings": {
              "50% off": {"localizations": {"fr": {"stringUnit": {"value": "50 % de réduction"}}}},
              "100%% sure": {"localizations": {"de": {"stringUnit": {"value": "100%% sicher"}}}}
            }}
            """, file: "t")
        XCTAssertEqual(texts(strings.variants(key: "50% off", locale: "en")), ["default → 50% off"])
        XCTAssertEqual(texts(strings.variants(key: "50% off", locale: "fr")), ["default → 50 % de réduction"])
        XCTAssertEqual(texts(strings.variants(key: "100%% sure", locale: "de")), ["default → 100%% sicher"])
        XCTAssertEqual(strings.problems, [])
        let pseudo = strings.addingPseudolocales([.accented])
        XCTAssertEqual(texts(pseudo.variants(key: "50% off", locale: "pseudo-accented")), ["default → 50% öƒƒ"])
    }

    func testDefaultSampleNumbersPerCategory() {
        let samples = SampleValues.default
        XCTAssertEqual(PluralCategory.allCases.map { samples.number(for: $0) }, [0, 1, 2, 3, 11, 888])
        XCTAssertEqual(samples.text, "WWWWWWWWWW")
        XCTAssertEqual(samples.integer, 888)
    }

    // MARK: - Mismatch detection

    func problems(source: String, translation: String) throws -> [String] {
        try LocalizedStrings.parseCatalog(catalog(source: source, translation: translation), file: "t").problems.map(\.message)
    }

    func testMatchingTranslationsHaveNoProblems() throws {
        XCTAssertEqual(try problems(source: "%1$@ sent %2$lld", translation: "%2$lld von %1$@"), [])
        XCTAssertEqual(try problems(source: "%@ sent %lld", translation: "%1$@ hat %2$lld gesendet"), [])
        XCTAssertEqual(try problems(source: "100%% done", translation: "100 %% fertig"), [])
    }

    func testTypeMismatch() throws {
        XCTAssertEqual(
            try problems(source: "Hello %@", translation: "Hallo %d"),
            ["argument 1 is %d (a 32-bit integer) but %@ (an object) in the source"])
        XCTAssertEqual(
            try problems(source: "%lld items", translation: "%d Elemente"),
            ["argument 1 is %d (a 32-bit integer) but %lld (a 64-bit integer) in the source"])
        XCTAssertEqual(
            try problems(source: "%1$@ and %2$lld", translation: "%2$@ und %1$lld"),
            [
                "argument 1 is %1$lld (a 64-bit integer) but %1$@ (an object) in the source",
                "argument 2 is %2$@ (an object) but %2$lld (a 64-bit integer) in the source"
            ])
    }

    func testCountMismatch() throws {
        XCTAssertEqual(try problems(source: "%@ and %@", translation: "%@"), ["argument 2 (%@) of the source is missing"])
        XCTAssertEqual(
            try problems(source: "Save", translation: "Speichern %@"),
            ["%@ reads argument 1, but the source text has no arguments"])
        XCTAssertEqual(
            try problems(source: "%@", translation: "%@ %3$@"),
            ["%3$@ reads argument 3, but the source text has 1 argument"])
    }

    func testPluralVariantsMayOmitTheNumberButNotChangeIt() throws {
        let strings = try LocalizedStrings.parseCatalog(
            """
            {"sourceLanguage": "en", "strings": {"%lld files": {"localizations": {
              "en": {"variations": {"plural": {
                "one": {"stringUnit": {"value": "%lld file"}}, "other": {"stringUnit": {"value": "%lld files"}}}}},
              "de": {"variations": {"plural": {
                "one": {"stringUnit": {"value": "Eine Datei"}}, "other": {"stringUnit": {"value": "%@ Dateien"}}}}},
              "fr": {"variations": {"plural": {
                "one": {"stringUnit": {"value": "%lld fichier"}}, "other": {"stringUnit": {"value": "%lld fichiers %@"}}}}}
            }}}}
            """, file: "t")
        XCTAssertEqual(
            strings.problems,
            [
                StringProblem(
                    key: "%lld files", locale: "de", kind: .formatMismatch,
                    message: "plural:other: argument 1 is %@ (an object) but %lld (a 64-bit integer) in the source"),
                StringProblem(
                    key: "%lld files", locale: "fr", kind: .formatMismatch,
                    message: "plural:other: %@ reads argument 2, but the source text has 1 argument")
            ])
        // Still loaded and resolved: the audit measures the text and reports the problem.
        XCTAssertEqual(
            texts(strings.variants(key: "%lld files", locale: "de")),
            ["plural:one → Eine Datei", "plural:other → WWWWWWWWWW Dateien"])
    }

    func testSubstitutionMismatchAndUndefinedSubstitution() throws {
        let strings = try LocalizedStrings.parseCatalog(
            """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {
              "en": {"stringUnit": {"value": "%#@n@"}, "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld",
                     "variations": {"plural": {"other": {"stringUnit": {"value": "%arg things"}}}}}}},
              "de": {"stringUnit": {"value": "%#@n@"}, "substitutions": {"n": {"argNum": 1, "formatSpecifier": "@",
                     "variations": {"plural": {"other": {"stringUnit": {"value": "%arg Dinge"}}}}}}},
              "ru": {"stringUnit": {"value": "%#@count@"}}
            }}}}
            """, file: "t")
        XCTAssertEqual(
            strings.problems.map(\.description),
            [
                #"de: "k": substitution:n=other: argument 1 is %1$@ (an object) but %1$lld (a 64-bit integer) in the source"#,
                #"ru: "k": '%#@count@' refers to an undefined substitution 'count'"#,
                #"ru: "k": argument 1 (%1$lld) of the source is missing"#
            ])
        XCTAssertEqual(texts(strings.variants(key: "k", locale: "ru")), ["default → %#@count@"])
        XCTAssertEqual(texts(strings.variants(key: "k", locale: "en")), ["substitution:n=other → 888 things"])
    }
}
