import XCTest

@testable import TypefitStrings

/// A requested locale resolved against the localizations the strings have, as
/// `Bundle.preferredLocalizations(from:forPreferences:)` resolves it.
///
/// Reference values: Apple's matcher `ualoc_localizationsToUse` (which CFBundle_Locale.c:781 calls;
/// rules in apple/swift-foundation-icu icuSources/common/ualoc.cpp, data CLDR via Apple's ICU 76.1)
/// run directly from the Swift 6.3.1 toolchain's lib_FoundationICU.so with Python's ctypes, one call
/// per row, each also run with the available list reversed (rows whose result changed with the order
/// are left out: typefit sorts the list, see `testTiesDoNotDependOnFolderOrder`). The rows, their
/// numbers and the source line behind each are in docs/locales.md. `fui84` is the 84 `.lproj`
/// folders of firebase/FirebaseUI-iOS at 793194cf (FirebaseAuthUI/Sources/Strings).
final class LocaleResolverTests: XCTestCase {
    static let fui84 =
        "ar bg bn ca cs da de de-AT de-CH el en en-AU en-CA en-GB en-IE en-IN en-SG en-ZA es es-419 es-AR es-BO es-CL es-CO es-CR es-DO es-EC es-GT es-HN es-MX es-NI es-PA es-PE es-PR es-PY es-SV es-US es-UY es-VE fa fi fil fr fr-CH gsw gu he hi hr hu id it ja kn ko ln lt lv mr ms nb nl nn-NO pl pt pt-BR pt-PT ro ru sk sl sr sr-Latn sv ta th tr uk ur vi zh zh-Hans zh-Hant zh-Hant-TW"
        .split(separator: " ").map(String.init)
    var fui84: [String] { Self.fui84 }

    struct Case {
        var row: Int, requested: String, available: [String], expected: [String]?
        init(_ row: Int, _ requested: String, _ available: [String], _ expected: [String]?) {
            self.row = row; self.requested = requested; self.available = available; self.expected = expected
        }
    }

    var cases: [Case] {
        [
            Case(1, "de-DE", fui84, ["de"]),
            Case(2, "DE", fui84, ["de"]),
            Case(3, "de_DE", fui84, ["de"]),
            Case(4, "de-at", fui84, ["de-AT", "de"]),
            Case(5, "de-AT", fui84, ["de-AT", "de"]),
            Case(6, "de-CH", fui84, ["de-CH", "de"]),
            Case(7, "de-LI", fui84, ["de"]),
            Case(8, "de", ["en", "de-DE"], ["de-DE"]),
            Case(9, "de-DE", ["en", "de", "de-DE"], ["de-DE", "de"]),
            Case(10, "pt_BR", fui84, ["pt-BR", "pt"]),
            Case(11, "pt-br", fui84, ["pt-BR", "pt"]),
            Case(12, "PT_br", fui84, ["pt-BR", "pt"]),
            Case(13, "es-MX", fui84, ["es-MX", "es-419", "es"]),
            Case(14, "es-MX", ["en", "es"], ["es"]),
            Case(15, "es-MX", ["en", "es", "es-419"], ["es-419", "es"]),
            Case(16, "es-ES", ["en", "es", "es-419"], ["es"]),
            Case(17, "es-AR", ["en", "es-419", "es"], ["es-419", "es"]),
            Case(18, "es-AR", fui84, ["es-AR", "es-419", "es"]),
            Case(19, "es-419", fui84, ["es-419", "es"]),
            Case(20, "es-ES", fui84, ["es"]),
            Case(21, "es-US", ["en", "es", "es-419"], ["es-419", "es"]),
            Case(22, "es", ["en", "es-419"], ["es-419"]),
            Case(23, "es-419", ["en", "es"], ["es"]),
            Case(26, "zh-HK", ["en", "zh-Hans", "zh-Hant", "zh-HK"], ["zh-HK", "zh-Hant"]),
            Case(27, "zh-HK", ["en", "zh-Hans", "zh-Hant"], ["zh-Hant"]),
            Case(28, "zh-HK", fui84, ["zh-Hant"]),
            Case(29, "zh-MO", ["en", "zh-Hans", "zh-Hant", "zh-HK"], ["zh-HK", "zh-Hant"]),
            Case(30, "zh-TW", ["en", "zh-Hans", "zh-Hant"], ["zh-Hant"]),
            Case(31, "zh-TW", fui84, ["zh-Hant-TW", "zh-Hant"]),
            Case(32, "zh-SG", ["en", "zh-Hans", "zh-Hant"], ["zh-Hans"]),
            Case(33, "zh-SG", fui84, ["zh-Hans", "zh"]),
            Case(34, "zh-CN", fui84, ["zh-Hans", "zh"]),
            Case(35, "zh-CN", ["en", "zh-Hans", "zh-Hant"], ["zh-Hans"]),
            Case(36, "zh", fui84, ["zh"]),
            Case(37, "zh", ["en", "zh-Hans", "zh-Hant"], ["zh-Hans"]),
            Case(38, "zh-Hans-CN", ["en", "zh-Hans", "zh-Hant"], ["zh-Hans"]),
            Case(39, "zh-Hant", ["en", "zh-Hans"], nil),
            Case(40, "zh-Hans", ["en", "zh-Hant"], nil),
            Case(41, "zh_CN", ["en", "zh_CN", "zh_TW"], ["zh_CN"]),
            Case(42, "zh-Hans", ["en", "zh_CN", "zh_TW"], ["zh_CN"]),
            Case(43, "zh-Hant", ["en", "zh_CN", "zh_TW"], ["zh_TW"]),
            Case(44, "zh-HK", ["en", "zh_CN", "zh_TW"], ["zh_TW"]),
            Case(45, "zh-Hant-HK", ["en", "zh-Hant-TW", "zh-Hant"], ["zh-Hant"]),
            Case(46, "yue", fui84, ["zh-Hant"]),
            Case(47, "yue-Hant", ["en", "zh-Hans", "zh-Hant"], ["zh-Hant"]),
            Case(48, "pt", ["en", "pt-BR"], ["pt-BR"]),
            Case(49, "pt", ["en", "pt-PT", "pt-BR"], ["pt-BR"]),
            Case(50, "pt", ["en", "pt-PT"], ["pt-PT"]),
            Case(51, "pt-PT", ["en", "pt"], ["pt"]),
            Case(52, "pt-PT", ["en", "pt-BR"], ["pt-BR"]),
            Case(53, "pt-BR", ["en", "pt-PT"], ["pt-PT"]),
            Case(54, "pt-AO", ["en", "pt-PT", "pt-BR"], ["pt-PT"]),
            Case(55, "pt-PT", fui84, ["pt-PT", "pt"]),
            Case(56, "pt-BR", fui84, ["pt-BR", "pt"]),
            Case(57, "pt", fui84, ["pt"]),
            Case(58, "nb", ["en", "no"], ["no"]),
            Case(59, "no", ["en", "nb"], ["nb"]),
            Case(60, "no", fui84, ["nb"]),
            Case(61, "nb-NO", fui84, ["nb"]),
            Case(62, "nn", fui84, ["nn-NO"]),
            Case(63, "nn", ["en", "nb"], ["nb"]),
            Case(64, "nb", ["en", "nn-NO"], ["nn-NO"]),
            Case(65, "no-NO", ["en", "nb"], ["nb"]),
            Case(66, "iw", ["en", "he"], ["he"]),
            Case(67, "he", ["en", "iw"], ["iw"]),
            Case(68, "iw-IL", fui84, ["he"]),
            Case(69, "in", ["en", "id"], ["id"]),
            Case(70, "id", ["en", "in"], ["in"]),
            Case(71, "in-ID", fui84, ["id"]),
            Case(72, "id-ID", fui84, ["id"]),
            Case(73, "en-GB", ["en", "en-GB"], ["en-GB", "en"]),
            Case(74, "en-AU", ["en", "en-GB"], ["en-GB", "en"]),
            Case(75, "en-NZ", ["en", "en-GB", "en-AU"], ["en-AU", "en-GB", "en"]),
            Case(76, "en-IN", ["en", "en-GB"], ["en-GB", "en"]),
            Case(77, "en-IN", fui84, ["en-IN", "en-GB", "en"]),
            Case(78, "en-US", fui84, ["en"]),
            Case(79, "en-CA", ["en", "en-GB"], ["en"]),
            Case(80, "en-NZ", fui84, ["en-AU", "en-GB", "en"]),
            Case(81, "en-150", fui84, ["en-GB", "en"]),
            Case(82, "en", ["en-GB", "en-US"], ["en-US"]),
            Case(83, "en", ["de", "en-GB"], ["en-GB"]),
            Case(84, "sr-Latn", fui84, ["sr-Latn"]),
            Case(85, "sr-Latn-RS", ["en", "sr"], nil),
            Case(86, "sr", fui84, ["sr"]),
            Case(87, "sr-RS", ["en", "sr-Latn", "sr"], ["sr"]),
            Case(88, "sr-Cyrl", fui84, ["sr"]),
            Case(89, "fil", fui84, ["fil"]),
            Case(90, "tl", fui84, ["fil"]),
            Case(91, "fil-PH", ["en", "tl"], ["tl"]),
            Case(92, "ms-MY", fui84, ["ms"]),
            Case(93, "ms", fui84, ["ms"]),
            Case(94, "fr-CA", ["en", "fr"], ["fr"]),
            Case(95, "fr-CA", fui84, ["fr"]),
            Case(96, "fr-BE", fui84, ["fr"]),
            Case(97, "fr-CH", fui84, ["fr-CH", "fr"]),
            Case(98, "gsw-CH", fui84, ["gsw"]),
            Case(99, "it", ["it-CH", "it-IT"], ["it-IT"]),
            Case(100, "mo", ["en", "ro"], ["ro"]),
            Case(101, "English", ["English", "German", "French"], ["English"]),
            Case(102, "de", ["English", "German", "French"], ["German"]),
            Case(103, "en-GB", ["English", "German"], ["English"]),
            Case(104, "German", ["en", "de"], ["de"]),
            Case(105, "Spanish", ["en", "es-419"], ["es-419"]),
            Case(106, "ja-JP", fui84, ["ja"]),
            Case(107, "el-GR", fui84, ["el"]),
            Case(108, "ar-SA", fui84, ["ar"]),
            Case(109, "ko-KR", fui84, ["ko"]),
            Case(110, "hi-IN", fui84, ["hi"]),
            Case(111, "hi-Latn", ["en", "hi", "en-IN"], ["en-IN", "en"]),
            Case(112, "de-DE-u-co-phonebk", fui84, ["de"]),
            Case(113, "und", fui84, nil),
            Case(114, "", fui84, nil),
            Case(115, "xx", fui84, nil),
            Case(116, "tlh", ["en", "de"], nil),
            Case(117, "sw-KE", fui84, nil),
            Case(118, "de", ["zxx"], ["zxx"]),
            Case(119, "de", ["en", "zxx"], ["zxx"]),
            Case(120, "deu", ["en", "de"], ["de"]),
            Case(121, "ger", ["en", "de"], ["de"]),
            Case(122, "eng", ["en", "de"], ["en"])
        ]
    }

    func testAppleMatcherTable() throws {
        XCTAssertEqual(fui84.count, 84)
        XCTAssertGreaterThan(cases.count, 100)
        for c in cases {
            XCTAssertEqual(
                try LocaleResolver.resolve(c.requested, in: c.available), c.expected,
                "row \(c.row): \(c.requested) in \(c.available.count <= 6 ? c.available.joined(separator: ", ") : "FirebaseUI's 84")")
        }
    }

    func testTiesDoNotDependOnFolderOrder() throws {
        // Apple breaks ties by the order it lists the folders (unspecified on disk); typefit sorts them.
        for (requested, available) in [("es-419", ["en", "es-MX", "es"]), ("de", ["de-CH", "de-AT"]), ("en-GB", ["en-AU", "en"])] {
            let forward = try LocaleResolver.resolve(requested, in: available)
            XCTAssertEqual(forward, try LocaleResolver.resolve(requested, in: available.reversed()), requested)
            // Sorted, and with a folder listed twice (two tables of the same localization).
            XCTAssertEqual(forward, try LocaleResolver.resolve(requested, in: available.sorted()), requested)
            XCTAssertEqual(forward, try LocaleResolver.resolve(requested, in: available + available.reversed()), requested)
            XCTAssertNotNil(forward)
        }
    }

    func testPseudolocalesMatchOnlyThemselves() throws {
        XCTAssertEqual(try LocaleResolver.resolve("pseudo-double", in: ["en", "pseudo-double"]), ["pseudo-double"])
        XCTAssertNil(try LocaleResolver.resolve("pseudo-double", in: ["en", "pseudo-accented"]))
        XCTAssertEqual(try LocaleResolver.resolve("en", in: ["pseudo-double", "en-GB"]), ["en-GB"])
    }

    func testCanonicalSpelling() {
        XCTAssertEqual(LocaleResolver.canonical("pt_BR"), "pt-BR")
        XCTAssertEqual(LocaleResolver.canonical("DE"), "de")
        XCTAssertEqual(LocaleResolver.canonical("zh_hant_hk"), "zh-Hant-HK")
        XCTAssertEqual(LocaleResolver.canonical("es_419"), "es-419")
        XCTAssertEqual(LocaleResolver.canonical("ja@lb=loose"), "ja")
        XCTAssertEqual(LocaleResolver.canonical("Pseudo-Double"), "pseudo-double")
    }
}

/// Table names are checked on every path that reads a table, not only in specs.
final class TableNameTests: XCTestCase {
    func testTableNamesNeverWalkOutOfTheirFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-tablename-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("outside"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A table that exists only outside the .lproj folders.
        try Data("\"k\" = \"v\";".utf8).write(to: dir.appendingPathComponent("outside/x.strings"))
        try Data("\"k\" = \"v\";".utf8).write(to: dir.appendingPathComponent("en.lproj/Localizable.strings"))
        for name in ["../outside/x", "../../outside/x", "/etc/passwd", ".x", "", "a\u{1B}[2J", "Localizable.strings"] {
            XCTAssertThrowsError(try LocalizedStrings.loadLprojFolder(path: dir.path, table: name), name) { error in
                XCTAssertTrue("\(error)".contains("invalid table name"), "\(error)")
                XCTAssertFalse("\(error)".contains("\u{1B}"), "control characters are escaped: \(error)")
            }
        }
        XCTAssertEqual(try LocalizedStrings.loadLprojFolder(path: dir.path, table: "Localizable").keys, ["k"])
    }
}
