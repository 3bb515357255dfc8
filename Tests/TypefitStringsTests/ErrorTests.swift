import TypefitCore
import XCTest

@testable import TypefitStrings

final class ErrorTests: XCTestCase {
    func catalogError(_ text: String) -> InputError? {
        inputError { _ = try LocalizedStrings.parseCatalog(text, file: "App.xcstrings") }
    }

    // MARK: - JSON syntax

    func testMissingCommaReportsLineAndColumn() {
        let error = catalogError(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "a" : { }
                "b" : { }
              }
            }
            """)
        XCTAssertEqual(
            error,
            InputError(
                file: "App.xcstrings", line: 5, column: 5,
                message: "invalid JSON: unexpected '\"', expected ',' or '}' after object member"))
        XCTAssertEqual(
            error?.description,
            "App.xcstrings:5:5: error: invalid JSON: unexpected '\"', expected ',' or '}' after object member")
    }

    func testColumnsCountCharactersNotBytes() {
        let error = catalogError(#"{"sourceLanguage": "é€😀", x}"#)
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.column, 27)
        XCTAssertEqual(error?.message, "invalid JSON: unexpected 'x', expected a member name in double quotes")
    }

    func testOtherSyntaxErrors() {
        let trailingComma = catalogError("{\r\n  \"sourceLanguage\": \"en\",\r\n}")
        XCTAssertEqual(trailingComma.map { [$0.line, $0.column] }, [3, 1])
        let unterminated = catalogError("{\n  \"sourceLanguage\": \"en\n}")
        XCTAssertEqual(unterminated.map { [$0.line, $0.column] }, [2, 24])
        XCTAssertEqual(unterminated?.message, "invalid JSON: control character U+000A in string (write it as an escape)")
        let eof = catalogError("{\"sourceLanguage\": \"en\"")
        XCTAssertEqual(eof?.message, "invalid JSON: unexpected end of file, expected ',' or '}'")
        XCTAssertEqual(eof.map { [$0.line, $0.column] }, [1, 24])
        let badEscape = catalogError(#"{"sourceLanguage": "e\qn"}"#)
        XCTAssertEqual(badEscape?.message, #"invalid JSON: invalid escape '\q' in string"#)
        XCTAssertEqual(badEscape?.column, 22)
        XCTAssertEqual(catalogError("").map { [$0.line ?? 0, $0.column ?? 0] }, [1, 1])
        XCTAssertEqual(catalogError("{} {}")?.message, "invalid JSON: unexpected '{' after the JSON value")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        let error = catalogError(deep)
        XCTAssertEqual(error?.message, "invalid JSON: nesting deeper than 128 levels")
        XCTAssertEqual(error?.column, 129)
    }

    func testEveryTruncationOfAValidCatalogFailsCleanly() {
        let bytes = Array(Fixtures.catalog.utf8)
        var failures = 0
        for length in stride(from: 0, to: bytes.count, by: 13) {
            // Cut only at character boundaries so the error is about JSON, not UTF-8.
            guard length == bytes.count || bytes[length] & 0xC0 != 0x80 else { continue }
            do {
                _ = try LocalizedStrings.parseCatalog(bytes: Array(bytes[0..<length]), file: "cut.xcstrings")
                XCTFail("a truncated catalog loaded")
            } catch let error as InputError {
                XCTAssertNotNil(error.line)
                failures += 1
            } catch {
                XCTFail("unexpected \(error)")
            }
        }
        XCTAssertGreaterThan(failures, 100)
    }

    func testHostileSubstitutionsAreBounded() throws {
        func substitution(_ name: String, _ text: String) -> String {
            let categories = PluralCategory.allCases.map { #""\#($0.rawValue)": {"stringUnit": {"value": "\#(text)"}}"# }
            return #""\#(name)": {"argNum": 1, "variations": {"plural": {\#(categories.joined(separator: ", "))}}}"#
        }
        let names = ["a", "b", "c", "d", "e"]
        let subs = names.map { substitution($0, "%arg \($0) %#@self@") } + [substitution("self", "%#@self@ %#@self@")]
        let text = """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
              "stringUnit": {"value": "\(names.map { "%#@\($0)@" }.joined())"},
              "substitutions": {\(subs.joined(separator: ", "))}
            }}}}}
            """
        let strings = try LocalizedStrings.parseCatalog(text, file: "t")
        XCTAssertEqual(strings.variants(key: "k", locale: "en")?.count, 256)
        XCTAssertEqual(strings.problems.map(\.kind), [.tooManyVariants, .recursiveSubstitution])
        XCTAssertEqual(
            strings.problems.last?.message,
            "the substitution 'self' refers to itself (through '%#@self@' in one of its variants); shown as typed there")
    }

    // MARK: - Catalog structure

    func testStructureErrorsNameTheKeyPath() {
        let missingValue = catalogError(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Hello, world" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated" } }
                  }
                }
              }
            }
            """)
        XCTAssertEqual(
            missingValue,
            InputError(
                file: "App.xcstrings", line: 6, column: 33,
                message: #"strings."Hello, world".localizations.de.stringUnit: missing "value""#))

        let stringsArray = catalogError("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": []\n}")
        XCTAssertEqual(
            stringsArray,
            InputError(
                file: "App.xcstrings", line: 3, column: 14,
                message: "strings: expected an object, found an array"))

        let noSource = catalogError(#"{"strings": {}}"#)
        XCTAssertEqual(noSource?.message, #"missing "sourceLanguage""#)

        let badArgNum = catalogError(
            """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
              "stringUnit": {"value": "%#@n@"},
              "substitutions": {"n": {"argNum": "two", "variations": {"plural": {"other": {"stringUnit": {"value": "%arg"}}}}}}
            }}}}}
            """)
        XCTAssertEqual(badArgNum?.message, "strings.k.localizations.en.substitutions.n.argNum: expected an argument number (1, 2, …)")
        XCTAssertEqual(badArgNum.map { [$0.line, $0.column] }, [3, 37])

        let valueNumber = catalogError(
            #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"value": 3}}}}}}"#)
        XCTAssertEqual(valueNumber?.message, "strings.k.localizations.en.stringUnit.value: expected a string, found a number")

        let tooDeep = catalogError(
            """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en":
              {"variations": {"device": {"mac": {"variations": {"device": {"mac": {"variations": {"device": {"mac":
              {"variations": {"device": {"mac": {"variations": {"device": {"mac": {"stringUnit": {"value": "x"}}}}}}}}}}}}}}}}}
            }}}}
            """)
        XCTAssertEqual(
            tooDeep?.message,
            "strings.k.localizations.en.variations.device.mac.variations.device.mac.variations.device.mac.variations.device.mac.variations: variations nested more than 4 levels deep"
        )
    }

    func testUnknownVariationsAreProblemsNotErrors() throws {
        let strings = try LocalizedStrings.parseCatalog(
            """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {
              "en": {"stringUnit": {"value": "Key"}},
              "de": {"variations": {"plural": {"one": {"stringUnit": {"value": "Eins"}}, "several": {"stringUnit": {"value": "?"}}},
                                    "width": {"20": {"stringUnit": {"value": "x"}}}}},
              "fr": {"stringUnit": {"state": "reviewed", "value": "Clé"}}
            }}}}
            """, file: "App.xcstrings")
        XCTAssertEqual(
            strings.problems.map(\.description),
            [
                #"de: "k": plural variation at strings.k.localizations.de.variations.plural has no 'other' category"#,
                #"de: "k": unknown plural category 'several' at strings.k.localizations.de.variations.plural.several (skipped)"#,
                #"de: "k": unsupported variation 'width' at strings.k.localizations.de.variations.width (skipped)"#,
                #"fr: "k": unknown state 'reviewed' at strings.k.localizations.fr.stringUnit.state (treated as translated)"#
            ])
        XCTAssertEqual(texts(strings.variants(key: "k", locale: "de")), ["plural:one → Eins"])
        XCTAssertEqual(texts(strings.variants(key: "k", locale: "fr")), ["default → Clé"])
    }

    // MARK: - .strings syntax

    func stringsError(_ text: String) -> InputError? {
        inputError { _ = try StringsFileParser.parse(text: text, file: "de.lproj/Localizable.strings") }
    }

    func testStringsMissingSemicolon() {
        let error = stringsError(
            """
            /* Greeting */
            "a" = "b";
            "c" = "d"
            "e" = "f";
            """)
        XCTAssertEqual(
            error,
            InputError(
                file: "de.lproj/Localizable.strings", line: 4, column: 1,
                message: "unexpected '\"' after value, expected ';'"))
    }

    func testStringsOtherSyntaxErrors() {
        XCTAssertEqual(stringsError("\"a\" : \"b\";").map { [$0.line, $0.column] }, [1, 5])
        XCTAssertEqual(stringsError("\"a\" : \"b\";")?.message, "unexpected ':' after key, expected '='")
        let unterminated = stringsError("\"a\" = \"b\";\n  \"ü = \"x;")
        XCTAssertEqual(unterminated?.message, "unexpected 'x' after key, expected '='")
        XCTAssertEqual(unterminated.map { [$0.line, $0.column] }, [2, 9])
        let open = stringsError("\"a\" = \"b;\n")
        XCTAssertEqual(open?.message, "unterminated string")
        XCTAssertEqual(open.map { [$0.line, $0.column] }, [1, 7])
        // A comment left open before a value's ';' is an error, as in Foundation (where a key may
        // start it ends the file: testFoundationStopsReadingWhereAKeyCannotStart).
        let comment = stringsError("\"a\" = \"b\"\n\n   /* never closed")
        XCTAssertEqual(comment?.message, "unterminated comment")
        XCTAssertEqual(comment.map { [$0.line, $0.column] }, [3, 4])
        XCTAssertEqual(stringsError("\"a\" = ;")?.message, "unexpected ';' after '=', expected a quoted value")
        XCTAssertEqual(stringsError(#""a" = "\UD83D";"#)?.message, #"unpaired surrogate \UD83D"#)
    }

    func testStringsSyntaxErrorInUTF16File() {
        let data = Fixtures.utf16LEWithBOM("\"a\" = \"ä\";\n\"b\" = \"ö\"\n")
        let error = inputError { _ = try StringsFileParser.parse(bytes: [UInt8](data), file: "x.strings") }
        XCTAssertEqual(error?.message, "unexpected end of file after value, expected ';'")
        XCTAssertEqual(error.map { [$0.line, $0.column] }, [3, 1])
    }

    // MARK: - Encodings

    func testInvalidUTF8() {
        let bytes = Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)
        let error = inputError { _ = try StringsFileParser.parse(bytes: bytes, file: "x.strings") }
        XCTAssertEqual(
            error,
            InputError(
                file: "x.strings", line: 2, column: 8, message: "not valid UTF-8 (byte 0xC3)",
                hint: "save the file as UTF-8 or UTF-16 with a byte-order mark"))
        let catalog = inputError { _ = try LocalizedStrings.parseCatalog(bytes: [0x7B, 0xFF, 0x7D], file: "x.xcstrings") }
        XCTAssertEqual(catalog?.message, "not valid UTF-8 (byte 0xFF)")
        XCTAssertEqual(catalog?.column, 2)
    }

    func testInvalidUTF16() {
        let loneSurrogate: [UInt8] = [0xFF, 0xFE, 0x22, 0x00, 0x3D, 0xD8, 0x22, 0x00]
        let error = inputError { _ = try StringsFileParser.parse(bytes: loneSurrogate, file: "x.strings") }
        XCTAssertEqual(error?.message, "not valid UTF-16 (unpaired surrogate 0xD83D)")
        XCTAssertEqual(error.map { [$0.line, $0.column] }, [1, 2])
        let odd: [UInt8] = [0xFF, 0xFE, 0x22, 0x00, 0x22]
        XCTAssertEqual(
            inputError { _ = try StringsFileParser.parse(bytes: odd, file: "x.strings") }?.message,
            "not valid UTF-16 (odd number of bytes)")
    }

    func testUTF16WithoutBOMAndUTF8WithBOM() throws {
        var le: [UInt8] = []
        for u in "\"k\" = \"v\";".utf16 { le += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        XCTAssertEqual(try StringsFileParser.parse(bytes: le, file: "x").map(\.value), ["v"])
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("\"k\" = \"w\";".utf8)
        XCTAssertEqual(try StringsFileParser.parse(bytes: bom, file: "x").map(\.value), ["w"])
    }

    func testMissingFiles() {
        XCTAssertEqual(inputError { _ = try LocalizedStrings.load(path: "/nonexistent/App.xcstrings") }?.message, "no such file")
        XCTAssertEqual(inputError { _ = try LocalizedStrings.load(path: "/nonexistent/folder") }?.message, "no such file or folder")
    }
}
