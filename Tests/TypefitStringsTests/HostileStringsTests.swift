import Foundation
import TypefitCore
import XCTest

@testable import TypefitStrings

/// Hostile String Catalogs, `.strings` and `.stringsdict` files beyond ErrorTests: locale names ICU
/// cannot open, UTF-16 catalogs, huge files, deep property lists and format strings built to explode.
/// Each is an `InputError` with file, line and column where the format has them — or, for translation
/// mistakes that do not stop loading, a `StringProblem`.
final class HostileStringsTests: XCTestCase {
    func catalogError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        inputError({ _ = try LocalizedStrings.parseCatalog(text, file: "App.xcstrings") }, file: file, line: line)?.description
    }

    func testLocaleNamesICUCannotOpenAreErrors() {
        // Found by fuzzing (measure): ICU cannot open a break iterator for a 300-character locale, and
        // the error escaped as something other than an InputError.
        let long = String(repeating: "a-", count: 150)
        XCTAssertEqual(
            catalogError(#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"\#(long)": {"stringUnit": {"value": "x"}}}}}}"#),
            "App.xcstrings:1:366: error: strings.k.localizations.\(long): invalid locale name: a locale name is at most 64 characters long")
        XCTAssertEqual(
            catalogError(
                "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\n  \"de DE\": {\"stringUnit\": {\"value\": \"x\"}}}}}}"
            ),
            "App.xcstrings:2:12: error: strings.k.localizations.\"de DE\": invalid locale name: a locale name uses only letters, digits, '-' and '_' (like zh-Hans or pt_BR)"
        )
    }

    func testLprojFolderWithAnInvalidLocaleName() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-hostile-lproj-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["en.lproj", "x y.lproj"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data(#""a" = "b";"#.utf8).write(to: root.appendingPathComponent(folder + "/Localizable.strings"))
        }
        let error = inputError { _ = try LocalizedStrings.load(path: root.path) }
        XCTAssertEqual(
            error?.description,
            "\(root.path)/x y.lproj: error: invalid locale name: a locale name uses only letters, digits, '-' and '_' (like zh-Hans or pt_BR)"
        )
    }

    func testUTF16Catalogs() throws {
        let text = #"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"de": {"stringUnit": {"value": "Hallo ü"}}}}}}"#
        var le: [UInt8] = [0xFF, 0xFE]
        for u in text.utf16 { le += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let strings = try LocalizedStrings.parseCatalog(bytes: le, file: "u.xcstrings")
        XCTAssertEqual(strings.variants(key: "Hi", locale: "de")?.map(\.text), ["Hallo ü"])
        // A lone high surrogate on line 2.
        var bad: [UInt8] = [0xFE, 0xFF]
        for u in Array("{\n \"".utf16) + [0xD800] + Array("\": 1}".utf16) { bad += [UInt8(u >> 8), UInt8(u & 0xFF)] }
        XCTAssertEqual(
            inputError { _ = try LocalizedStrings.parseCatalog(bytes: bad, file: "u.xcstrings") }?.description,
            "u.xcstrings:2:3: error: not valid UTF-16 (unpaired surrogate 0xD800)")
        // An odd byte count.
        XCTAssertEqual(
            inputError { _ = try LocalizedStrings.parseCatalog(bytes: [0xFF, 0xFE, 0x7B, 0x00, 0x7D], file: "u.xcstrings") }?.description,
            "u.xcstrings:1:2: error: not valid UTF-16 (odd number of bytes)")
    }

    func testInvalidJSONAndStructure() {
        XCTAssertEqual(
            catalogError("{\"sourceLanguage\": \"en\",\n \"strings\": {\"k\": nul}}"),
            "App.xcstrings:2:22: error: invalid JSON: unexpected '}' in 'null'")
        XCTAssertEqual(catalogError("[\"sourceLanguage\"]"), "App.xcstrings:1:1: error: expected an object, found an array")
        XCTAssertEqual(
            catalogError(#"{"sourceLanguage": 7}"#), "App.xcstrings:1:20: error: sourceLanguage: expected a string, found a number")
        XCTAssertEqual(
            catalogError(
                #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"value": "x", "state": 1}}}}}}"#),
            "App.xcstrings:1:107: error: strings.k.localizations.de.stringUnit.state: expected a string, found a number")
        XCTAssertEqual(
            catalogError(#"{"sourceLanguage": "en", "strings": {"k": {"shouldTranslate": "no"}}}"#),
            "App.xcstrings:1:63: error: strings.k.shouldTranslate: expected true or false, found a string")
        XCTAssertEqual(
            catalogError(#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"variations": {"plural": {}}}}}}}"#),
            "App.xcstrings:1:83: error: strings.k.localizations.en.variations: no plural or device variations")
        XCTAssertEqual(
            catalogError(#"{"sourceLanguage": "\ud800"}"#), "App.xcstrings:1:21: error: invalid JSON: unpaired surrogate in \\u escape")
        XCTAssertEqual(
            catalogError("{\"a\": 1e999999999999, \"sourceLanguage\": 2}"),
            "App.xcstrings:1:41: error: sourceLanguage: expected a string, found a number")
    }

    func testHugeCatalogFileIsRefusedBeforeReading() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-huge-\(getpid()).xcstrings").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A sparse file: 65 MB on paper, nothing on disk.
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(LocalizedStrings.maximumFileSize + 1))
        try handle.close()
        XCTAssertEqual(
            inputError { _ = try LocalizedStrings.load(path: path) }?.description, "\(path): error: the file is larger than 64 MB")
    }

    func testManyKeysAndLocalesLoadQuickly() throws {
        let locales = ["en", "de", "fr", "ja", "ar"]
        var entries: [String] = []
        for k in 0..<4000 {
            let locs = locales.map { #""\#($0)": {"stringUnit": {"state": "translated", "value": "Key \#(k) %lld in \#($0)"}}"# }
            entries.append(#""key\#(k) %lld": {"localizations": {\#(locs.joined(separator: ","))}}"#)
        }
        let start = Date()
        let strings = try LocalizedStrings.parseCatalog(
            #"{"sourceLanguage": "en", "strings": {\#(entries.joined(separator: ","))}}"#, file: "big.xcstrings")
        XCTAssertEqual(strings.keys.count, 4000)
        XCTAssertEqual(strings.variants(key: "key17 %lld", locale: "ja")?.map(\.text), ["Key 17 888 in ja"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
    }

    func testKeysEachWithTheirOwnLocaleDoNotCostKeysTimesLocales() throws {
        // Quadratic (found by this hostile input, too large for the fuzzer to stumble on): every key was resolved
        // in every locale up front; 3,000 keys that each add a locale (210 KB) took a minute and more than 2 GB.
        let entries = (0..<3000).map { #""k\#($0)": {"localizations": {"x\#($0)": {"stringUnit": {"value": "v\#($0)"}}}}"# }
        let start = Date()
        let strings = try LocalizedStrings.parseCatalog(
            #"{"sourceLanguage": "en", "strings": {\#(entries.joined(separator: ","))}}"#, file: "many.xcstrings")
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        XCTAssertEqual(strings.locales.count, 3001)
        XCTAssertEqual(strings.variants(key: "k7", locale: "x7")?.map(\.description), [#"default "v7" (translated)"#])
        XCTAssertEqual(strings.variants(key: "k7", locale: "x8")?.map(\.description), [#"default "k7" (fell back to source (missing))"#])
    }

    func testVariantsOfMissingLocalesAreThoseTheResolverWouldGive() throws {
        // The table stores only the source and each key's own locales; what it derives for the others
        // must be exactly what resolving them would give.
        for text in [
            Fixtures.catalog,
            try String(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("FuzzSeeds/catalog/variations.xcstrings"), encoding: .utf8)
        ] {
            let raw = try StringCatalogReader.read(bytes: Array(text.utf8), file: "c.xcstrings")
            let strings = LocalizedStrings(raw: raw, samples: .default)
            var resolver = VariantResolver(table: raw, samples: .default)
            for key in strings.keys {
                for locale in strings.locales + ["xx"] {
                    XCTAssertEqual(
                        strings.variants(key: key, locale: locale), resolver.variants(key: key, entry: raw.entries[key]!, locale: locale),
                        "\(key) in \(locale)")
                }
            }
        }
    }

    func testMismatchedFormatSpecifiersAreProblems() throws {
        let strings = try LocalizedStrings.parseCatalog(
            """
            {"sourceLanguage": "en", "strings": {"%@ has %lld items": {"localizations": {
              "en": {"stringUnit": {"value": "%@ has %lld items"}},
              "de": {"stringUnit": {"value": "%lld Dinge hat %@"}},
              "fr": {"stringUnit": {"value": "%2$lld articles pour %1$@"}},
              "ja": {"stringUnit": {"value": "%1$@ %1$lld %3$@"}}
            }}}}
            """, file: "App.xcstrings")
        XCTAssertEqual(
            strings.problems.map(\.description),
            [
                #"de: "%@ has %lld items": argument 1 is %lld (a 64-bit integer) but %@ (an object) in the source"#,
                #"de: "%@ has %lld items": argument 2 is %@ (an object) but %lld (a 64-bit integer) in the source"#,
                #"ja: "%@ has %lld items": %3$@ reads argument 3, but the source text has 2 arguments"#,
                #"ja: "%@ has %lld items": argument 1 is %1$lld (a 64-bit integer) but %@ (an object) in the source"#,
                #"ja: "%@ has %lld items": argument 1 is read as both %1$@ and %1$lld"#,
                #"ja: "%@ has %lld items": argument 2 (%lld) of the source is missing"#
            ])
        XCTAssertEqual(strings.variants(key: "%@ has %lld items", locale: "fr")?.map(\.text), ["888 articles pour WWWWWWWWWW"])
    }

    func testAbsurdSpecifiersAreBounded() throws {
        let strings = try LocalizedStrings.parseCatalog(
            #"""
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"value": "%999999999d|%.999999999f|%*d|%-+ #0'99lld|%999999999$@|%#@@|%n|%"}}}}}}
            """#, file: "App.xcstrings")
        let text = try XCTUnwrap(strings.variants(key: "k", locale: "en")?.first?.text)
        // Widths and precisions are clamped to 64; `%#@` is an object with the # flag; `%n` and a trailing % stay literal.
        XCTAssertEqual(text.split(separator: "|").map(\.count), [64, 68, 3, 64, 10, 11, 2, 1])
    }

    func testStringsdictHostileStructure() {
        func read(_ plist: String) -> String? {
            inputError { _ = try StringsDictReader.read(bytes: Array(plist.utf8), file: "de.lproj/Localizable.stringsdict", locale: "de") }?
                .description
        }
        let head = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
        XCTAssertEqual(
            read(head + "<dict><key>a</key></plist>"),
            "de.lproj/Localizable.stringsdict:1: error: not a valid property list (a .stringsdict file is an XML property list; check it with plutil -lint)"
        )
        XCTAssertEqual(
            read(head + "<array/></plist>"),
            "de.lproj/Localizable.stringsdict: error: expected a dictionary at the top of the property list")
        XCTAssertEqual(
            read(head + "<dict><key>k</key><string>x</string></dict></plist>"),
            "de.lproj/Localizable.stringsdict: error: k: expected a dictionary")
        var nested = "<string>x</string>"
        for _ in 0..<6 { nested = "<dict><key>NSStringDeviceSpecificRuleType</key><dict><key>mac</key>\(nested)</dict></dict>" }
        XCTAssertEqual(
            read(head + "<dict><key>k</key>\(nested)</dict></plist>"),
            "de.lproj/Localizable.stringsdict: error: k.NSStringDeviceSpecificRuleType.mac.NSStringDeviceSpecificRuleType.mac.NSStringDeviceSpecificRuleType.mac.NSStringDeviceSpecificRuleType.mac.NSStringDeviceSpecificRuleType.mac: rules nested more than 4 levels deep"
        )
        // Foundation reads a bare word as an old-style (OpenStep) property list holding one string.
        XCTAssertEqual(
            read("bplist00garbage"), "de.lproj/Localizable.stringsdict: error: expected a dictionary at the top of the property list")
        XCTAssertEqual(
            read(""),
            "de.lproj/Localizable.stringsdict: error: not a valid property list (a .stringsdict file is an XML property list; check it with plutil -lint)"
        )
    }

    func testStringsFileHostileText() throws {
        func parse(_ text: String) throws -> [String] { try StringsFileParser.parse(text: text, file: "x.strings").map(\.value) }
        XCTAssertEqual(try parse(#""a" = "\0\U0041";"#).first?.unicodeScalars.map(\.value), [0, 0x41])
        // `\U` without hex digits is U+0000 to Foundation (CFOldStylePList.c's getSlashedChar reads
        // up to four digits and returns 0 for none; testStringsFilesParseAsFoundationParsesThem): its
        // place is noted.
        let rocketChat = try StringsFileParser.parse(text: "\n\"auth.login.create_account\" = \"\\Utwórz konto\";", file: "x.strings")
        XCTAssertEqual(rocketChat.map(\.value), ["\u{0}twórz konto"])
        XCTAssertEqual(rocketChat.first?.emptyEscape, StringsFileParser.Position(line: 2, column: 32))
        XCTAssertEqual(try StringsFileParser.parse(text: "\"a\" = \"\\U0041\";", file: "x.strings").first?.emptyEscape, nil)
        XCTAssertEqual(
            inputError { _ = try parse("\"a\" = \"\\UDC00\";") }?.description, #"x.strings:1:8: error: unpaired surrogate \UDC00"#)
        // Comments do not nest: the "*/" left over is where Foundation stops reading (after a whole
        // entry: testFoundationStopsReadingWhereAKeyCannotStart).
        let nested = try StringsFileParser.parseFile(text: "\n\n\"a\" = \"b\"; /* /* nested */ */", file: "x.strings")
        XCTAssertEqual(nested.entries.map(\.value), ["b"])
        XCTAssertEqual(nested.stop?.position, StringsFileParser.Position(line: 3, column: 28))
        XCTAssertEqual(
            inputError { _ = try parse("\n\n/* /* nested */ */ \"a\" = \"b\";") }?.description,
            "x.strings:3:17: error: unexpected '*', expected a quoted key")
        // The text limit (100,000 UTF-16 units) holds for keys and values, at their position.
        let long = String(repeating: "é", count: 1_000_000)
        XCTAssertEqual(
            inputError { _ = try parse("\"k\" = \"\(long)\";") }?.description,
            "x.strings:1:7: error: the text is longer than 100000 UTF-16 units (1000000)")
        XCTAssertEqual(
            inputError { _ = try parse("\n \"\(long)\";") }?.description,
            "x.strings:2:2: error: the text is longer than 100000 UTF-16 units (1000000)")
        let longest = String(repeating: "é", count: 100_000)
        XCTAssertEqual(try parse("\"k\" = \"\(longest)\";").first?.count, 100_000)
    }

    /// The `.strings` parser reads what Foundation's property-list parser reads (the independent
    /// reference), on generated files mixing every escape, non-ASCII and astral text, unquoted words,
    /// `"key";` entries and comments. Foundation reads a lowercase `\u00fc` as `u00fc`, and an octal
    /// escape as one NeXTSTEP byte (`\351` is "Ø", `\501` wraps to `\101`, "A"): typefit read `ü`, "é" and U+0141.
    func testStringsFilesParseAsFoundationParsesThem() throws {
        let pieces = [
            "plain text", "é", "日本語", "😀", "مرحبا", #"\n"#, #"\""#, #"\\"#, #"\t"#, #"\U00E9"#, #"\u00fc"#, #"\UD83D\UDE00"#,
            #"\012"#, #"\101"#, #"\351"#, #"\501"#, #"\376"#, #"\'"#, #"\q"#, "%@", "%1$d", "'", "a/b", " ", #"\Utw"#
        ]
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            // SplitMix64: the same files on every run.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        for file in 0..<40 {
            var text = "/* file \(file) */\n"
            for entry in 0..<25 {
                let value = (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined()
                switch next(5) {
                case 0: text += "word_\(entry).key-\(file) = \"\(value)\";\n"
                case 1: text += "\"self \(entry)\";\n"
                case 2: text += "// a comment\n\"k\(entry) \(pieces[next(4)])\" /* inline */ = \"\(value)\" ;\n"
                default: text += "\"key \(entry)\" = \"\(value)\";\n"
                }
            }
            let ours = Dictionary(
                try StringsFileParser.parse(text: text, file: "x.strings").map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            let plist = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
            let foundation = try XCTUnwrap(plist as? [String: String], "file \(file)")
            let differing = Set(ours.keys).union(foundation.keys).sorted().filter { ours[$0] != foundation[$0] }
            XCTAssertEqual(
                differing, [],
                "file \(file): \(differing.prefix(3).map { "\($0): ours \(String(reflecting: ours[$0])), Foundation's \(String(reflecting: foundation[$0]))" })"
            )
        }
        // A byte NeXTSTEP has no character for is U+0000 in both.
        let undefined = #""a" = "x\377";"#
        let plist = try PropertyListSerialization.propertyList(from: Data(undefined.utf8), format: nil)
        XCTAssertEqual((plist as? [String: String])?["a"], "x\u{0}")
        XCTAssertEqual(try StringsFileParser.parse(text: undefined, file: "x.strings").first?.value, "x\u{0}")
    }

    /// Foundation stops reading a strings file where, after a whole entry, something cannot start a
    /// key, and returns the entries before it as a success (CFOldStylePList.c, parsePlistDictContent).
    /// xDrip's twelve files end in `";;"` (harmless: nothing after it); Jami's Dutch file has `";;"` on
    /// line 70, and the app loses the strings after it. typefit refused all of these files. It now
    /// reads what Foundation reads, the independent reference here, and keeps the lost entries.
    func testFoundationStopsReadingWhereAKeyCannotStart() throws {
        for (text, read, stop, unread) in [
            ("\"a\" = \"x\";;\n\"b\" = \"y\";", ["a"], StringsFileParser.Position(line: 1, column: 11), ["b"]),
            ("\"a\" = \"x\";;", ["a"], StringsFileParser.Position(line: 1, column: 11), []),
            ("\"a\" = \"x\"; } \"b\" = \"y\"; ; \"c\" = \"z\";", ["a"], StringsFileParser.Position(line: 1, column: 12), ["b", "c"]),
            // Foundation quotes with either mark: a single-quoted entry is read, not a stop.
            ("\"a\" = \"x\";\n'b' = 'y \"z\" \\'q';", ["a", "b"], nil, nil),
            // A U+FEFF inside the file is no space to Foundation: it stops there.
            ("\"a\" = \"x\";\u{FEFF}\"b\" = \"y\";", ["a"], StringsFileParser.Position(line: 1, column: 11), ["b"]),
            // A "//" comment ends at U+2028 as at a newline.
            ("\"a\" = \"x\"; // c\u{2028}\"b\" = \"y\";", ["a", "b"], nil, nil),
            // A "/*" left open where a key may start runs to the end: the file ends there, nothing lost.
            ("\"a\" = \"x\";\n/* open \"b\" = \"y\";", ["a"], nil, nil),
            ("/* only", [], nil, nil)
        ] {
            let ours = try StringsFileParser.parseFile(text: text, file: "x.strings")
            XCTAssertEqual(ours.entries.map(\.key), read, text)
            XCTAssertEqual(ours.stop?.position, stop, text)
            XCTAssertEqual(ours.stop?.unread.map(\.key), unread, text)
            let foundation = try XCTUnwrap(
                try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: String])
            XCTAssertEqual(foundation.keys.sorted(), read, text)
            XCTAssertEqual(ours.entries.map(\.value), read.map { foundation[$0] ?? "" }, text)
        }
        // Where Foundation fails, typefit does: a file that starts with what cannot start a key, and a
        // missing ';' between entries.
        for (text, message) in [
            (";\"a\" = \"x\";", "x.strings:1:1: error: unexpected ';', expected a quoted key"),
            ("\"a\" = \"x\"; \"b\" = \"y\" \"c\" = \"z\";", "x.strings:1:22: error: unexpected '\"' after value, expected ';'")
        ] {
            XCTAssertThrowsError(try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil), text)
            XCTAssertEqual(inputError { _ = try StringsFileParser.parse(text: text, file: "x.strings") }?.description, message)
        }
    }

    // MARK: - Issue 13: names, limits, format strings

    func testSourceLanguageIsALocaleName() {
        // A catalog's sourceLanguage reaches ICU, messages and reports like any locale: the same rule.
        XCTAssertEqual(
            catalogError(#"{"sourceLanguage": "../../etc", "strings": {}}"#),
            "App.xcstrings:1:20: error: sourceLanguage: invalid locale name: a locale name uses only letters, digits, '-' and '_' (like zh-Hans or pt_BR)"
        )
        XCTAssertEqual(
            catalogError("{\n  \"sourceLanguage\": \"en\\u001b[2J\\u0007\"}"),
            "App.xcstrings:2:21: error: sourceLanguage: invalid locale name: a locale name uses only letters, digits, '-' and '_' (like zh-Hans or pt_BR)"
        )
        XCTAssertEqual(
            catalogError(#"{"sourceLanguage": "\#(String(repeating: "x", count: 65))"}"#),
            "App.xcstrings:1:20: error: sourceLanguage: invalid locale name: a locale name is at most 64 characters long")
        XCTAssertNoThrow(try LocalizedStrings.parseCatalog(#"{"sourceLanguage": "zh-Hant", "strings": {}}"#, file: "App.xcstrings"))
    }

    func testCatalogTextLongerThanTheLimit() {
        let long = String(repeating: "x", count: 100_001)
        XCTAssertEqual(
            catalogError(
                "{\"sourceLanguage\": \"en\", \"strings\": {\n\"k\": {\"localizations\": {\"de\": {\"stringUnit\": {\"value\": \"\(long)\"}}}}}}"
            ),
            "App.xcstrings:2:56: error: strings.k.localizations.de.stringUnit.value: the text is longer than 100000 UTF-16 units (100001)")
        // A key with no source localization is its own source text.
        // (at the key's entry: column 38 + 100,001 + 2 quotes + ": ")
        let keyError = catalogError("{\"sourceLanguage\": \"en\", \"strings\": {\"\(long)\": {}}}") ?? ""
        XCTAssertTrue(keyError.hasPrefix("App.xcstrings:1:100043: error: strings.xxx"), String(keyError.prefix(80)))
        XCTAssertTrue(keyError.hasSuffix("x: the key: the text is longer than 100000 UTF-16 units (100001)"), String(keyError.suffix(80)))
        // UTF-16 units, not characters: 50,001 emoji are 100,002 units.
        let emoji = String(repeating: "😀", count: 50_001)
        XCTAssertEqual(
            catalogError(
                "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\"en\": {\"stringUnit\": {\"value\": \"\(emoji)\"}}}}}}"
            ),
            "App.xcstrings:1:93: error: strings.k.localizations.en.stringUnit.value: the text is longer than 100000 UTF-16 units (100002)")
    }

    func testStringsdictTextLongerThanTheLimit() {
        let long = String(repeating: "x", count: 100_001)
        let head = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>k</key><dict>"#
        let error = inputError {
            _ = try StringsDictReader.read(
                bytes: Array(
                    (head
                        + "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>\(long)</string></dict></dict></dict></plist>")
                        .utf8),
                file: "de.lproj/Localizable.stringsdict", locale: "de")
        }
        XCTAssertEqual(
            error?.description, "de.lproj/Localizable.stringsdict: error: k.n.other: the text is longer than 100000 UTF-16 units (100001)")
    }

    /// Texts that are short but whose combinations multiply: the budget of combinations per key and
    /// locale ends the work, and the cut is a `too-many-variants` problem.
    func testSubstitutionCombinationsAreBoundedPerKeyAndLocale() throws {
        func substitution(_ n: Int) -> String {
            let categories = PluralCategory.allCases.map { #""\#($0.rawValue)": {"stringUnit": {"value": "%arg"}}"# }
            return #""s\#(n)": {"argNum": \#(n + 1), "variations": {"plural": {\#(categories.joined(separator: ", "))}}}"#
        }
        // 10 substitutions × 6 categories: 6¹⁰ (60 million) combinations, each a short text.
        let devices = (0..<40).map { #""d\#($0)": {"stringUnit": {"value": "\#((0..<10).map { "%#@s\($0)@" }.joined(separator: " "))"}}"# }
        let text = """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
              "variations": {"device": {\(devices.joined(separator: ", "))}},
              "substitutions": {\((0..<10).map(substitution).joined(separator: ", "))}
            }}}}}
            """
        let start = Date()
        let strings = try LocalizedStrings.parseCatalog(text, file: "App.xcstrings")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        // Each device text renders its first combinations, until 256 variants are kept.
        XCTAssertEqual(strings.variants(key: "k", locale: "en")?.count, 256)
        XCTAssertEqual(strings.problems.map(\.message), ["more than 256 combinations of variations; only the first 256 are checked"])
        // Combinations that render the same variant: s0 uses the nine others only in `other`, and the
        // odometer turns the last names fastest, so 6⁹ combinations repeat s0 = zero. The budget of
        // 1,024 renderings per key and locale ends it, with one variant kept.
        var s0 = PluralCategory.allCases.map { #""\#($0.rawValue)": {"stringUnit": {"value": "%arg"}}"# }
        s0[s0.count - 1] = #""other": {"stringUnit": {"value": "%arg \#((1..<10).map { "%#@s\($0)@" }.joined(separator: " "))"}}"#
        let repeated = """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
              "stringUnit": {"value": "%#@s0@"},
              "substitutions": {"s0": {"argNum": 1, "variations": {"plural": {\(s0.joined(separator: ", "))}}}, \((1..<10).map(substitution).joined(separator: ", "))}
            }}}}}
            """
        let single = try LocalizedStrings.parseCatalog(repeated, file: "App.xcstrings")
        XCTAssertEqual(single.variants(key: "k", locale: "en")?.map(\.label), ["substitution:s0=zero"])
        XCTAssertEqual(
            single.problems.map(\.message),
            ["more than 1024 combinations of variations and substitutions to render; only the first is checked"])
    }

    func testUnexpandedSubstitutionsAreStringProblems() throws {
        // A translation that uses `%#@name@` while the source reads no arguments is shown as typed:
        // a problem, whether the name is defined or not.
        let text = """
            {"sourceLanguage": "en", "strings": {"Files": {"localizations": {
              "de": {"stringUnit": {"value": "%#@gone@ Dateien"}},
              "fr": {"stringUnit": {"value": "%#@n@ fichiers"},
                     "substitutions": {"n": {"argNum": 1, "variations": {"plural": {"other": {"stringUnit": {"value": "%arg"}}}}}}}
            }}}}
            """
        let strings = try LocalizedStrings.parseCatalog(text, file: "App.xcstrings")
        XCTAssertEqual(
            strings.problems.map(\.description),
            [
                "de: \"Files\": '%#@gone@' refers to an undefined substitution 'gone'",
                "fr: \"Files\": '%#@n@' is a substitution, but the source text reads no arguments, so it is shown as typed"
            ])
        XCTAssertEqual(strings.variants(key: "Files", locale: "de")?.map(\.text), ["%#@gone@ Dateien"])
    }

    func testStringsdictSelfReferencingVariableIsAProblem() throws {
        let dir = try Fixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        let plist = #"""
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>loop</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
              <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>one %#@a@</string><key>other</key><string>%d %#@b@</string></dict>
              <key>b</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>other</key><string>and %#@a@</string></dict></dict>
            <key>missing</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@nothere@ left</string></dict>
            </dict></plist>
            """#
        try Data(plist.utf8).write(to: dir.appendingPathComponent("en.lproj/Localizable.stringsdict"))
        let strings = try LocalizedStrings.load(path: dir.path)
        XCTAssertEqual(
            strings.problems.map(\.description),
            [
                "en: \"loop\": the substitution 'a' refers to itself (through '%#@a@' in one of its variants); shown as typed there",
                "en: \"missing\": '%#@nothere@' refers to an undefined substitution 'nothere'"
            ])
        XCTAssertEqual(strings.problems.map(\.kind), [.recursiveSubstitution, .undefinedSubstitution])
        // Not expanded again: the inner reference stays as typed, once.
        // `one` shows its own text; `other` (888, SampleValues) goes through b, whose `%#@a@` is not expanded again.
        XCTAssertEqual(strings.variants(key: "loop", locale: "en")?.map(\.text), ["one %#@a@", "888 and %#@a@"])
    }
}
