import TypefitCore
import XCTest

@testable import TypefitStrings

final class LprojTests: XCTestCase {
    static let englishStrings = #"""
        /* Title of the welcome screen */
        "welcome.title" = "Welcome";
        // The main button
        "button.continue" = "Continue";
        "quote" = "She said \"hi\"\nthen left \\ caf\U00E9 \UD83D\UDE00";
        unquoted.key = "Bare words work";
        "only.en" = "Only in English";
        """#

    static let germanStrings = #"""
        /* Titel */
        "welcome.title" = "Willkommen";
        "button.continue" = "Weiter";
        "quote" = "Sie sagte \"hallo\" \U00FC";
        "button.continue" = "Fortfahren";
        """#

    static func stringsdict(formatKey: String, one: String, other: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>files.count</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>\(formatKey)</string>
                <key>files</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>d</string>
                    <key>one</key>
                    <string>\(one)</string>
                    <key>other</key>
                    <string>\(other)</string>
                </dict>
            </dict>
            <key>tap.hint</key>
            <dict>
                <key>NSStringDeviceSpecificRuleType</key>
                <dict>
                    <key>iphone</key>
                    <string>Tap here</string>
                    <key>mac</key>
                    <string>Click here</string>
                </dict>
            </dict>
        </dict>
        </plist>
        """
    }

    func makeFolder() throws -> URL {
        let root = try Fixtures.temporaryFolder(self)
        let fm = FileManager.default
        for locale in ["en", "de", "Base"] {
            try fm.createDirectory(at: root.appendingPathComponent("\(locale).lproj"), withIntermediateDirectories: true)
        }
        try fm.createDirectory(at: root.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)  // no table
        try Data(Self.englishStrings.utf8).write(to: root.appendingPathComponent("en.lproj/Localizable.strings"))
        try Data(Self.stringsdict(formatKey: "%#@files@ in %@", one: "%d file", other: "%d files").utf8)
            .write(to: root.appendingPathComponent("en.lproj/Localizable.stringsdict"))
        try Fixtures.utf16LEWithBOM(Self.germanStrings).write(to: root.appendingPathComponent("de.lproj/Localizable.strings"))
        try Data(Self.stringsdict(formatKey: "%#@files@ in %@", one: "%d Datei", other: "%d Dateien").utf8)
            .write(to: root.appendingPathComponent("de.lproj/Localizable.stringsdict"))
        try Data(#""base.only" = "From Base";"#.utf8).write(to: root.appendingPathComponent("Base.lproj/Localizable.strings"))
        return root
    }

    func testStringsFilesInUTF8AndUTF16() throws {
        let strings = try LocalizedStrings.load(path: try makeFolder().path)
        XCTAssertEqual(strings.sourceLanguage, "en")
        XCTAssertEqual(strings.locales, ["de", "en"])
        XCTAssertEqual(
            strings.keys,
            [
                "base.only", "button.continue", "files.count", "only.en", "quote", "tap.hint",
                "unquoted.key", "welcome.title"
            ])
        XCTAssertEqual(texts(strings.variants(key: "quote", locale: "en")), ["default → She said \"hi\"\nthen left \\ café 😀"])
        XCTAssertEqual(texts(strings.variants(key: "quote", locale: "de")), ["default → Sie sagte \"hallo\" ü"])
        XCTAssertEqual(texts(strings.variants(key: "unquoted.key", locale: "en")), ["default → Bare words work"])
        XCTAssertEqual(strings.variants(key: "welcome.title", locale: "de")?.first?.status, .translated)
        XCTAssertEqual(
            strings.variants(key: "only.en", locale: "de"),
            [StringVariant(steps: [], text: "Only in English", format: "Only in English", status: .fallback(.missing))])
        XCTAssertEqual(texts(strings.variants(key: "base.only", locale: "en")), ["default → From Base"])
    }

    /// A `.stringsdict` plural is chosen by the number a spec gives its variable's argument (the
    /// `%#@files@` of "%#@files@ in %@" is argument 1, the `%@` argument 2); 1 is `one` in German
    /// and 5 `other` (CLDR).
    func testAGivenNumberChoosesAStringsdictPluralForm() throws {
        let strings = try LocalizedStrings.load(path: try makeFolder().path)
        XCTAssertEqual(
            texts(strings.variants(key: "files.count", in: ["de"], given: [1: .number(1, written: "1"), 2: .text("Fotos")])),
            ["substitution:files=one → 1 Datei in Fotos"])
        XCTAssertEqual(
            texts(strings.variants(key: "files.count", in: ["de"], given: [1: .number(5, written: "5"), 2: .text("Fotos")])),
            ["substitution:files=other → 5 Dateien in Fotos"])
    }

    /// A key only translations have is shown raw in the development language: the audit refuses a
    /// spec that uses it. `Base.lproj` counts as the development language; a folder set with neither
    /// is refused (nothing says what the development language shows); a String Catalog's keys are
    /// their own source text.
    func testKeysOnlyTranslationsHave() throws {
        let root = try makeFolder()
        try Data(#""de.only" = "Nur Deutsch";"#.utf8).write(to: root.appendingPathComponent("de.lproj/Localizable.strings"))
        let strings = try LocalizedStrings.load(path: root.path)
        XCTAssertEqual(strings.localizationsWithoutSource(key: "de.only"), ["de"])
        XCTAssertEqual(strings.localizationsWithoutSource(key: "base.only"), [])
        XCTAssertEqual(strings.localizationsWithoutSource(key: "welcome.title"), [])
        XCTAssertEqual(strings.localizationsWithoutSource(key: "no.such.key"), [])
        // Base.lproj stands for any development language.
        XCTAssertEqual(try LocalizedStrings.load(path: root.path, sourceLanguage: "ja").localizationsWithoutSource(key: "de.only"), ["de"])
        // Without the development language's folder or Base.lproj, nothing says what it shows.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Base.lproj"))
        let error = inputError { _ = try LocalizedStrings.load(path: root.path, sourceLanguage: "ja") }
        XCTAssertEqual(
            error?.message,
            "neither ja.lproj nor Base.lproj has a string of Localizable.strings or Localizable.stringsdict, "
                + "so typefit cannot tell what the development language (ja) shows (localizations: de, en)")
        XCTAssertEqual(try LocalizedStrings.load(path: root.path, sourceLanguage: "de").localizationsWithoutSource(key: "de.only"), [])
        let catalog = try Fixtures.loadCatalog()
        XCTAssertEqual(catalog.localizationsWithoutSource(key: "Download %.1f MB"), [], "a catalog key is its own source text")
    }

    /// `missingShows: .key`: where the localization's table lacks a key, Foundation returns the key,
    /// which the app formats as it would the string; the default shows the source text.
    func testMissingShowsKeyGivesTheKeyItself() throws {
        let root = try Fixtures.temporaryFolder(self)
        for (locale, text) in [("en", "\"title\" = \"Welcome\";\n\"greeting %@\" = \"Hello, %@!\";"), ("de", #""title" = "Willkommen";"#)] {
            let folder = root.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        let keyed = try LocalizedStrings.loadLprojFolder(path: root.path, missingShows: .key)
        let source = try LocalizedStrings.loadLprojFolder(path: root.path)
        // The sample %@ is filled with, read from the English text "Hello, …!".
        let english = try XCTUnwrap(source.variants(key: "greeting %@", locale: "en")?.first?.text)
        XCTAssertTrue(english.hasPrefix("Hello, ") && english.hasSuffix("!"), english)
        let sample = english.dropFirst("Hello, ".count).dropLast()
        XCTAssertEqual(keyed.variants(key: "greeting %@", locale: "de")?.map(\.text), ["greeting \(sample)"])
        XCTAssertEqual(keyed.variants(key: "greeting %@", locale: "de")?.map(\.status), [.keyShown])
        XCTAssertEqual(source.variants(key: "greeting %@", locale: "de")?.map(\.text), [english])
        XCTAssertEqual(source.variants(key: "greeting %@", locale: "de")?.map(\.status), [.fallback(.missing)])
        // Translated and source texts are the same either way; both count the key as untranslated.
        XCTAssertEqual(keyed.variants(key: "title", locale: "de")?.map(\.text), ["Willkommen"])
        XCTAssertEqual(keyed.variants(key: "greeting %@", locale: "en")?.map(\.text), [english])
        XCTAssertEqual(keyed.untranslatedKeys(locale: "de"), ["greeting %@"])
        XCTAssertEqual(source.untranslatedKeys(locale: "de"), ["greeting %@"])
    }

    /// A bundle's localizations are its `.lproj` folders: `fr.lproj` without this table is one (a
    /// French user gets it, and reads the development language's table), `Base.lproj` is not.
    func testAFolderWithoutTheTableIsStillALocalization() throws {
        let root = try makeFolder()
        for missingShows in [MissingTranslationDisplay.source, .key] {
            let strings = try LocalizedStrings.loadLprojFolder(path: root.path, missingShows: missingShows)
            XCTAssertEqual(strings.locales, ["de", "en"], "the localizations holding the table")
            XCTAssertEqual(strings.bundleLocalizations, ["de", "en", "fr"])
            XCTAssertEqual(StringTables([.init(name: "Localizable", strings: strings)]).localizations, ["de", "en", "fr"])
            // What fr shows is en.lproj's text (written above), untranslated, in both modes: fr.lproj
            // has no table to look the key up in.
            let fr = strings.variants(key: "welcome.title", in: ["fr"])
            XCTAssertEqual(fr?.map(\.text), ["Welcome"], "\(missingShows)")
            XCTAssertEqual(fr?.map(\.status), [.fallback(.missing)], "\(missingShows)")
        }
        let strings = try LocalizedStrings.load(path: root.path)
        XCTAssertEqual(strings.lprojFileExtension(key: "files.count"), "stringsdict")
        XCTAssertEqual(strings.lprojFileExtension(key: "welcome.title"), "strings")
        // The development language's file each key was read from, Base.lproj's where it fills in.
        XCTAssertEqual(strings.sourceFile(key: "files.count"), "en.lproj/Localizable.stringsdict")
        XCTAssertEqual(strings.sourceFile(key: "welcome.title"), "en.lproj/Localizable.strings")
        XCTAssertEqual(strings.sourceFile(key: "base.only"), "Base.lproj/Localizable.strings")
        // Pseudolocales are localizations too.
        XCTAssertEqual(strings.addingPseudolocales([.doubleLength]).bundleLocalizations, ["de", "en", "fr", "pseudo-double"])
    }

    func testDuplicateKeyKeepsLastAndIsReported() throws {
        let strings = try LocalizedStrings.load(path: try makeFolder().path)
        XCTAssertEqual(texts(strings.variants(key: "button.continue", locale: "de")), ["default → Fortfahren"])
        XCTAssertEqual(
            strings.problems,
            [
                StringProblem(
                    key: "button.continue", locale: "de", kind: .duplicateKey,
                    message: "key appears twice in de.lproj/Localizable.strings (lines 3 and 5); the last value is used")
            ])
    }

    func testStringsdictPluralsAndDevices() throws {
        let strings = try LocalizedStrings.load(path: try makeFolder().path)
        let en = strings.variants(key: "files.count", locale: "en")
        XCTAssertEqual(
            texts(en),
            [
                "substitution:files=one → 1 file in WWWWWWWWWW",
                "substitution:files=other → 888 files in WWWWWWWWWW"
            ])
        XCTAssertEqual(en?.first?.format, "%1$d file in %@")
        XCTAssertEqual(
            texts(strings.variants(key: "files.count", locale: "de")),
            [
                "substitution:files=one → 1 Datei in WWWWWWWWWW",
                "substitution:files=other → 888 Dateien in WWWWWWWWWW"
            ])
        XCTAssertEqual(texts(strings.variants(key: "tap.hint", locale: "en")), ["device:iphone → Tap here", "device:mac → Click here"])
    }

    func testExplicitSourceLanguageAndTable() throws {
        let root = try makeFolder()
        let strings = try LocalizedStrings.loadLprojFolder(path: root.path, sourceLanguage: "de")
        XCTAssertEqual(strings.variants(key: "welcome.title", locale: "de")?.first?.status, .source)
        XCTAssertEqual(strings.variants(key: "welcome.title", locale: "en")?.first?.status, .translated)
        let error = inputError { _ = try LocalizedStrings.loadLprojFolder(path: root.path, table: "Main") }
        XCTAssertEqual(error?.message, "no Main.strings or Main.stringsdict in any .lproj folder")
        // The hint names the tables the folders do hold, and the one a typo meant.
        XCTAssertEqual(error?.hint, "its .lproj folders hold the table Localizable; name one: strings: {path: …, table: Localizable}")
        let typo = inputError { _ = try LocalizedStrings.loadLprojFolder(path: root.path, table: "Localisable") }
        XCTAssertEqual(typo?.hint, "its .lproj folders hold the table Localizable; did you mean 'Localizable'?")
        let contents = LprojContents(folder: root.path)
        XCTAssertEqual(contents.tables, ["Localizable"])
        XCTAssertEqual(contents.localizations(holding: "Localizable"), ["Base", "de", "en"])
        XCTAssertNil(contents.problem(table: "Localizable", developmentLanguage: "ja"), "Base.lproj stands for it")
        XCTAssertEqual(contents.problem(table: "Main", developmentLanguage: "en"), .noSuchTable(tables: ["Localizable"]))
        try FileManager.default.removeItem(at: root.appendingPathComponent("Base.lproj"))
        XCTAssertEqual(
            LprojContents(folder: root.path).problem(table: "Localizable", developmentLanguage: "ja"),
            .noDevelopmentLanguage(localizationsWithTable: ["de", "en"]))
        XCTAssertEqual(
            LprojContents(folder: root.appendingPathComponent("fr.lproj").path).problem(table: "Localizable", developmentLanguage: "en"),
            .noTables)
    }

    func testStringsdictErrors() throws {
        let root = try Fixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        let path = root.appendingPathComponent("en.lproj/Localizable.stringsdict")
        try Data("<plist><dict><key>a</key>".utf8).write(to: path)
        XCTAssertEqual(inputError { _ = try LocalizedStrings.load(path: root.path) }?.message, "not a valid property list")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict><key>NSStringLocalizedFormatKey</key><integer>3</integer></dict></dict></plist>
            """.utf8
        ).write(to: path)
        let error = inputError { _ = try LocalizedStrings.load(path: root.path) }
        XCTAssertEqual(error?.message, "files.NSStringLocalizedFormatKey: expected a string")
        XCTAssertEqual(error?.file, path.path)
    }
}
