import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// Hostile input through the `typefit` binary — exit code 2 and exactly one line on standard error,
/// naming the file (and line and column where there is one) — and the audit's file safety: it writes
/// only the requested outputs, never overwrites a file typefit did not write without `--force`,
/// resolves a spec's paths against the spec's folder and lists every file it read.
final class HostileInputTests: XCTestCase {
    static let root = AuditTests.root

    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-hostile-\(getpid())-\(abs(name.hashValue))")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // A private copy of a shipped screen: its spec, its catalog.
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Specs/paper-login"), to: work.appendingPathComponent("paper"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    @discardableResult
    func typefit(_ args: [String], in cwd: URL? = nil, stdin: String? = nil) throws -> (code: Int32, out: String, err: String) {
        try TypefitCommand.run(
            args, in: cwd ?? work, environment: ["TYPEFIT_FONTS": Self.root.appendingPathComponent("Fonts").path],
            stdin: stdin)
    }

    /// Exit code 2 and exactly `line` (one line) on standard error.
    func assertInvalid(
        _ args: [String], _ line: String, in cwd: URL? = nil, stdin: String? = nil,
        file: StaticString = #filePath, fileLine: UInt = #line
    ) throws {
        let r = try typefit(args, in: cwd, stdin: stdin)
        XCTAssertEqual(r.code, 2, "\(args): \(r.err)", file: file, line: fileLine)
        XCTAssertEqual(r.err, line + "\n", "\(args)", file: file, line: fileLine)
    }

    func write(_ text: String, _ name: String) throws {
        try text.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// A folder `name` of `.lproj` folders, each holding `Localizable.strings` with the given text.
    func writeLproj(_ name: String, _ tables: [(locale: String, strings: String)]) throws {
        for (locale, strings) in tables {
            let folder = work.appendingPathComponent("\(name)/\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(strings.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
    }

    // MARK: - Exit code 2 with one precise line

    /// A key only translations have (a stale key, or one missing from the development language's
    /// `.strings`) is refused: the app shows the key itself there, so auditing it checks nothing real.
    func testAKeyOnlyTranslationsHaveThroughTheCommandLine() throws {
        try writeLproj("L", [("en", #""a" = "Apple";"#), ("de", "\"a\" = \"Apfel\";\n\"b\" = \"Birne\";")])
        try write("screen: X\nstrings: L\ncontent:\n  label: b\n  key: b\n  style: body\n", "stale.yaml")
        try assertInvalid(
            ["audit", "stale.yaml"],
            "stale.yaml:4:10: error: key 'b' is not in en.lproj/Localizable (L), only in de: the app shows the key itself in en (add it to en.lproj/Localizable.strings, or check the key; if the app's code gives its text, as NSLocalizedString(…, value: \"…\"), name that code: strings: {path: …, code: FOLDER})"
        )
        try write("screen: X\nstrings: L\ncontent:\n  label: a\n  key: a\n  style: body\n", "fine.yaml")
        XCTAssertEqual(try typefit(["audit", "fine.yaml", "--quiet"]).code, 0)
    }

    /// `.lproj` folders without the development language's (en, unless the spec names another) or
    /// Base.lproj are refused at the `strings` line: en was audited as the raw keys, and passed.
    func testLprojFoldersWithoutTheDevelopmentLanguageThroughTheCommandLine() throws {
        try writeLproj("S", [("de", #""hello" = "Hallo Welt";"#), ("fr", #""hello" = "Bonjour le monde";"#)])
        try write("screen: X\nstrings: S\ncontent:\n  label: a\n  key: hello\n  style: body\n", "no-en.yaml")
        try assertInvalid(
            ["audit", "no-en.yaml"],
            "no-en.yaml:2:10: error: strings S (table Localizable): neither en.lproj nor Base.lproj has a string of Localizable.strings or Localizable.stringsdict, so typefit cannot tell what the development language (en) shows (localizations: de, fr) (add en.lproj/Localizable.strings, or name the app's development language, its Xcode project's developmentRegion (CFBundleDevelopmentRegion): strings: {path: …, developmentLanguage: LANGUAGE}, or, if the app's code gives the text as NSLocalizedString's value:, its Swift folder: strings: {path: …, code: FOLDER})"
        )
        // Named, it is audited as the source; the locales are the folders' own.
        try write(
            "screen: X\nstrings: {path: S, developmentLanguage: de}\ncontent:\n  label: a\n  key: hello\n  style: body\n", "de.yaml")
        let r = try typefit(["audit", "de.yaml", "--categories", "Large"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("locales (requested → localization shown): de, fr\n"), r.out)
        try write(
            "screen: X\nstrings: {path: S, developmentLanguage: \"../x\"}\ncontent:\n  label: a\n  key: hello\n  style: body\n",
            "bad.yaml")
        let bad = try typefit(["audit", "bad.yaml"])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.err.hasPrefix("bad.yaml:2:41: error: invalid developmentLanguage '../x': "), bad.err)
        try write(
            "screen: X\nstrings: {path: paper/Localizable.xcstrings, developmentLanguage: de}\ncontent:\n  label: a\n  text: A\n",
            "catalog.yaml")
        try assertInvalid(
            ["audit", "catalog.yaml"],
            "catalog.yaml:2:67: error: a String Catalog names its development language itself (its \"sourceLanguage\") (remove 'developmentLanguage'; it is for folders of .lproj folders)"
        )
    }

    /// `missingShows: key` (a bare `NSLocalizedString` over `.lproj` tables, which Foundation answers
    /// with the key when the localization's table lacks it): the key is measured in a localization
    /// whose table lacks it, and the untranslated finding says the key shows. A localization without
    /// the table file reads the development language's, whose text shows. Refused on a catalog and
    /// with an unknown value.
    func testMissingShowsKeyMeasuresTheKeyWhereALocalizationLacksIt() throws {
        try writeLproj(
            "K",
            [
                ("en", "\"login.title\" = \"Welcome back\";\n\"login.hint\" = \"Sign in\";"),
                ("de", #""login.hint" = "Anmelden";"#)
            ])
        // A second table, Other, which fr.lproj holds and Localizable does not: a French device
        // finds no fr.lproj/Localizable.strings and reads the development language's.
        for locale in ["en", "fr"] {
            let folder = work.appendingPathComponent("K/\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#""x" = "y";"#.utf8).write(to: folder.appendingPathComponent("Other.strings"))
        }
        func spec(_ strings: String) -> String {
            "screen: X\nstrings: [\(strings), {path: K, table: Other}]\nlocales: [en, de, fr]\ncategories: [large]\ndevices: [iPhone 16]\n"
                + "content:\n  label: a\n  key: login.title\n  style: body\n  width: 60\n"
        }
        func findings(_ file: String) throws -> [(rule: String, locale: String, message: String)] {
            let r = try typefit(["audit", file, "--report", "json:\(file).json"])
            XCTAssertEqual(r.code, 1, r.err)
            let json = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("\(file).json"))) as? [String: Any])
            return try XCTUnwrap(json["findings"] as? [[String: Any]]).map {
                ($0["rule"] as? String ?? "", $0["locale"] as? String ?? "", $0["message"] as? String ?? "")
            }
        }
        try write(spec("{path: K, missingShows: key}"), "key.yaml")
        let key = try findings("key.yaml")
        XCTAssertEqual(
            key.filter { $0.rule == "untranslated" }.map { "\($0.locale): \($0.message)" },
            [
                "de: not translated into de: login.title shows the key itself",
                #"fr: not translated into fr: login.title shows the source text "Welcome back""#
            ])
        let truncated = Dictionary(uniqueKeysWithValues: key.filter { $0.rule == "truncated" }.map { ($0.locale, $0.message) })
        XCTAssertTrue(truncated["de"]?.hasPrefix("\"login.title\" shows as ") == true, "\(truncated)")
        XCTAssertTrue(truncated["fr"]?.hasPrefix("\"Welcome back\" shows as ") == true, "\(truncated)")
        XCTAssertTrue(truncated["en"]?.hasPrefix("\"Welcome back\" shows as ") == true, "\(truncated)")
        // The default: the source text, as SwiftGen's accessors and apps with their own fallback show it.
        try write(spec("K"), "source.yaml")
        let source = try findings("source.yaml")
        XCTAssertEqual(
            source.filter { $0.rule == "untranslated" }.map { "\($0.locale): \($0.message)" },
            [
                #"de: not translated into de: login.title shows the source text "Welcome back""#,
                #"fr: not translated into fr: login.title shows the source text "Welcome back""#
            ])
        XCTAssertTrue(
            source.contains { $0.rule == "truncated" && $0.locale == "de" && $0.message.hasPrefix("\"Welcome back\" shows as ") })

        try write(spec("{path: K, missingShows: keys}"), "typo.yaml")
        try assertInvalid(
            ["audit", "typo.yaml"], "typo.yaml:2:35: error: unknown strings.missingShows value 'keys' (did you mean 'key'?)")
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Specs/paper-login/Localizable.xcstrings"),
            to: work.appendingPathComponent("Paper.xcstrings"))
        try write("screen: X\nstrings: {path: Paper.xcstrings, missingShows: key}\ncontent:\n  label: a\n  text: A\n", "catalog-key.yaml")
        try assertInvalid(
            ["audit", "catalog-key.yaml"],
            "catalog-key.yaml:2:48: error: missingShows is for folders of .lproj folders: a String Catalog's keys are measured as their source text (remove 'missingShows')"
        )
        // `code:` (the development language's text in NSLocalizedString's value:) is for .lproj
        // folders too, must not be empty, and contradicts missingShows: key, whose keys show raw.
        try write("screen: X\nstrings: {path: Paper.xcstrings, code: K}\ncontent:\n  label: a\n  text: A\n", "catalog-code.yaml")
        try assertInvalid(
            ["audit", "catalog-code.yaml"],
            "catalog-code.yaml:2:40: error: code is for folders of .lproj folders: a String Catalog holds its source text itself (remove 'code')"
        )
        try write(spec("{path: K, code: []}"), "empty-code.yaml")
        try assertInvalid(
            ["audit", "empty-code.yaml"],
            "empty-code.yaml:2:27: error: code must not be empty (omit it when the tables hold the development language's text)")
        try write(spec("{path: K, missingShows: key, code: K}"), "code-key.yaml")
        try assertInvalid(
            ["audit", "code-key.yaml"],
            "code-key.yaml:2:46: error: code and missingShows: key contradict each other: a call that gives a value: shows it where a table lacks the key (remove 'missingShows', or 'code' if the app's calls give no value:)"
        )
    }

    /// The text report's rows name a problem about a whole locale in each locale it concerns, as
    /// that locale's findings are: accepted by the baseline in de, new in fr (the problem is not
    /// accepted as a whole, which made both rows say "! warning"), and no locale counted clean. The
    /// spec's `categories: [large]` makes the clean row say which size it was audited at.
    func testLocaleWideProblemsAreNamedPerLocaleInTheTextRows() throws {
        try writeLproj(
            "K", [("en", "\"login.title\" = \"Welcome back\";\n\"x\" = \"y\";"), ("de", #""x" = "y";"#), ("fr", #""x" = "y";"#)])
        try write(
            "screen: X\nstrings: {path: K, missingShows: key}\ncategories: [large]\ndevices: [iPhone 16]\ncontent:\n  label: a\n  key: login.title\n  style: body\n",
            "wide.yaml")
        XCTAssertEqual(try typefit(["audit", "wide.yaml", "--locales", "en,de", "--write-baseline", "b.json", "--quiet"]).code, 0)
        let r = try typefit(["audit", "wide.yaml", "--baseline", "b.json"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(
            r.out.contains(
                "  X — problems #1 — sizes audited: L\n    de: ~ accepted untranslated\n    fr: ! warning untranslated\n    ✓ en: no errors or warnings at the sizes audited (Large)\n"
            ),
            r.out)
    }

    /// `arguments` the string does not read, or cannot show, stop the run at the entry
    /// (signup.progress is "Step %1$lld of %2$lld"; signup.about.title reads none).
    func testArgumentsTheStringCannotTakeThroughTheCommandLine() throws {
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Specs/signup-flow/Localizable.xcstrings"),
            to: work.appendingPathComponent("Signup.xcstrings"))
        func spec(_ element: String) -> String {
            "screen: X\nstrings: Signup.xcstrings\ncontent:\n  vstack: root\n  children:\n    - label: progress\n      style: body\n"
                + element
        }
        /// `element` written as NAME.yaml, refused by the audit with exactly `error` (after "NAME.yaml:").
        func refused(_ name: String, _ element: String, _ error: String) throws {
            try write(spec(element), "\(name).yaml")
            try assertInvalid(["audit", "\(name).yaml"], "\(name).yaml:" + error)
        }
        try refused(
            "extra", "      key: signup.progress\n      arguments: [3, 5, 7]\n",
            "9:25: error: argument 3 ('7') is not read: the source text of key 'signup.progress' reads 2 arguments (remove it, or check the key)"
        )
        try refused(
            "word", "      key: signup.progress\n      arguments: [3, five]\n",
            "9:22: error: argument 2 ('five') is read by %2$lld in key 'signup.progress', which needs a whole number")
        try refused(
            "fraction", "      key: signup.progress\n      arguments: [3.5, 5]\n",
            "9:19: error: argument 1 ('3.5') is read by %1$lld in key 'signup.progress', which needs a whole number")
        try refused(
            "none", "      key: signup.about.title\n      arguments: [3]\n",
            "9:19: error: argument 1 ('3') is not read: the source text of key 'signup.about.title' reads no arguments (remove it, or check the key)"
        )
        try refused(
            "literal", "      text: Step %lld\n      arguments: [3]\n",
            "9:19: error: element 'progress' has 'arguments' but no key (arguments fill the format specifiers of a key's string; 'text:' is shown as written)"
        )
        // With fallbacks, the most any of the element's keys reads.
        try refused(
            "fallback",
            "      key: signup.progress\n      arguments: [3, 5, 7]\n"
                + "      fallbacks:\n        - key: signup.about.title\n          when: doesNotFit\n",
            "9:25: error: argument 3 ('7') is not read: the source texts of its keys read at most 2 arguments (key 'signup.progress') (remove it, or check the key)"
        )
        // `~` keeps typefit's sample for its argument, but is still an entry the string must read.
        try refused(
            "null", "      key: signup.progress\n      arguments: [3, 5, ~]\n",
            "9:25: error: argument 3 ('~') is not read: the source text of key 'signup.progress' reads 2 arguments (remove it, or check the key)"
        )
        try write(spec("      key: signup.progress\n      arguments: [~, 5]\n"), "sample.yaml")
        let sample = try typefit(["budgets", "sample.yaml", "--locales", "de"])
        XCTAssertEqual(sample.code, 0, sample.err)
        XCTAssertTrue(sample.out.contains("\"Schritt 888 von 5\""), sample.out)
        // A quoted "~" is a string, which %lld cannot show.
        try refused(
            "quoted-null", "      key: signup.progress\n      arguments: [\"~\", 5]\n",
            "9:19: error: argument 1 ('~') is read by %1$lld in key 'signup.progress', which needs a whole number")
        // The same check in `typefit budgets`; quoted digits are a number, as written.
        try assertInvalid(
            ["budgets", "word.yaml"],
            "word.yaml:9:22: error: argument 2 ('five') is read by %2$lld in key 'signup.progress', which needs a whole number")
        try write(spec("      key: signup.progress\n      arguments: [\"3\", \"5\"]\n"), "quoted.yaml")
        let r = try typefit(["budgets", "quoted.yaml", "--locales", "de"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("\"Schritt 3 von 5\""), r.out)
    }

    func testBrokenSpecsThroughTheCommandLine() throws {
        try write("screen: X\ncontent:\n  label: a\n  key: nope.key\nstrings: paper/Localizable.xcstrings\n", "missing-key.yaml")
        try assertInvalid(
            ["audit", "missing-key.yaml"],
            "missing-key.yaml:3:10: error: key 'nope.key' is not in table 'Localizable' (paper/Localizable.xcstrings)")
        try write("screen: X\ncontent:\n  label: a\n  text: [unclosed\n", "syntax.yaml")
        try assertInvalid(
            ["audit", "syntax.yaml"],
            "syntax.yaml:5:1: error: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence")
        try write("screen: X\nstrings: nowhere/Localizable.xcstrings\ncontent:\n  label: a\n  key: k\n", "no-strings.yaml")
        try assertInvalid(
            ["audit", "no-strings.yaml"], "no-strings.yaml:2:10: error: strings file not found: \(work.path)/nowhere/Localizable.xcstrings")
        try write("screen: X\ncontent:\n  label: a\n  key: k\n", "no-catalog.yaml")
        try assertInvalid(
            ["audit", "no-catalog.yaml"], "no-catalog.yaml:3:10: error: element 'a' uses key 'k' but the screen has no 'strings'")
        try write("screen: X\nlocales: [de, eo]\nstrings: paper/Localizable.xcstrings\ncontent:\n  label: a\n  text: hi\n", "locale.yaml")
        // The error points at the entry (it pointed at line 1 in 0.1.0).
        try assertInvalid(
            ["audit", "locale.yaml"],
            "locale.yaml:2:15: error: locale 'eo', Esperanto, is not a localization of paper/Localizable.xcstrings, nor falls back to one (localizations: ar, bg, bn, ca, cs, da, de, el, en, es, es-419, fa, fi, fr, fr-CA, he, hi, hr, hu, id, it, ja, ko, ms, nb, nl, pl, pt-BR, pt-PT, ro, ru, sk, sv, ta, th, tr, uk, ur, vi, zh-HK and 2 more)"
        )
        // Esperanto is a language: no "did you mean" another one (it offered 'el', Greek). A code no
        // language has is matched against the localizations' codes and names, if one alone is near.
        try write("screen: X\nlocales: [germn]\nstrings: paper/Localizable.xcstrings\ncontent:\n  label: a\n  text: hi\n", "typo.yaml")
        let typo = try typefit(["audit", "typo.yaml"])
        XCTAssertEqual(typo.code, 2)
        XCTAssertTrue(
            typo.err.hasPrefix(
                "typo.yaml:2:11: error: locale 'germn' is not a localization of paper/Localizable.xcstrings, nor falls back to one (did you mean 'de', German? localizations: "
            ), typo.err)
        XCTAssertEqual(Auditor.localizationMeant(by: "Deutsch", in: ["de", "en", "nl"]), "did you mean 'de', German?")
        XCTAssertNil(Auditor.localizationMeant(by: "dr", in: ["ar", "de", "fr"]), "equally near: no guess")
        XCTAssertNil(Auditor.localizationMeant(by: "Francais", in: ["fr", "fr-CA"]), "equally near: no guess")
        XCTAssertEqual(Auditor.localizationMeant(by: "Francais", in: ["de", "fr"]), "did you mean 'fr', French?")
        try Data("screen: Caf\u{E9}\n".utf8.dropLast(3) + [0xE9, 0x0A]).write(to: work.appendingPathComponent("latin1.yaml"))
        try assertInvalid(["audit", "latin1.yaml"], "latin1.yaml:1:12: error: spec file is not valid UTF-8 (byte 0xE9) (save it as UTF-8)")
        try Data(count: 5 << 20).write(to: work.appendingPathComponent("huge.yaml"))
        try assertInvalid(["audit", "huge.yaml"], "huge.yaml: error: spec file is larger than 4 MB")
        try write("screen: T\ncontent: " + String(repeating: "[", count: 100_000), "deep.yaml")
        try assertInvalid(["audit", "deep.yaml"], "deep.yaml:2:265: error: YAML collections are nested more than 256 levels deep")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try assertInvalid(["audit", "empty"], "empty: error: no spec files (*.yaml) found")
        try assertInvalid(["audit", "nope.yaml"], "nope.yaml: error: no such file or folder")
    }

    func testBrokenCatalogsThroughTheCommandLine() throws {
        let catalog = work.appendingPathComponent("paper/Localizable.xcstrings")
        var text = try String(contentsOf: catalog, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"sourceLanguage\" : \"en\",", with: "\"sourceLanguage\" : \"en\"")
        try text.write(to: catalog, atomically: true, encoding: .utf8)
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains("\"sourceLanguage\"") }! + 2
        try assertInvalid(
            ["audit", "paper"],
            "paper/Localizable.xcstrings:\(line):3: error: invalid JSON: unexpected '\"', expected ',' or '}' after object member")
        try Data([0xFF, 0xFE, 0x7B]).write(to: catalog)
        try assertInvalid(["audit", "paper"], "paper/Localizable.xcstrings:1:1: error: not valid UTF-16 (odd number of bytes)")
    }

    /// String tables are loaded in parallel, but errors come in file order: with two broken
    /// catalogs the first spec's is named, on any number of threads.
    func testCatalogErrorsComeInFileOrderWhateverTheThreads() throws {
        for name in ["a", "b"] {
            try write("screen: \(name)\nstrings: \(name).xcstrings\ncontent:\n  label: l\n  key: k\n", "\(name).yaml")
            try write("{\"sourceLanguage\": \"en\", \"strings\": {\"k\": 1}", "\(name).xcstrings")
        }
        for threads in ["1", "2", "4"] {
            let r = try typefit(["audit", "a.yaml", "b.yaml", "--threads", threads])
            XCTAssertEqual(r.code, 2, r.err)
            XCTAssertTrue(r.err.hasPrefix("a.xcstrings:"), "\(threads) threads: \(r.err)")
            XCTAssertEqual(r.err.split(separator: "\n").count, 1)
        }
    }

    /// Specs are parsed and prepared (tables, keys, locales) in parallel, but errors come in file
    /// order whatever the kind: a key missing from the first spec's table is named before a YAML
    /// error in the second, and a YAML error in the first before a missing key in the second.
    func testSpecErrorsComeInFileOrderWhateverTheThreads() throws {
        let catalog = "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {}}}"
        try write(catalog, "Localizable.xcstrings")
        let badKey = "screen: a\nstrings: Localizable.xcstrings\ncontent:\n  label: l\n  key: nope\n"
        let badYAML = "screen: b\ncontent: [\n"
        let cases: [(first: String, second: String, prefix: String)] = [
            (badKey, badYAML, "a.yaml:4:10: error: key 'nope'"), (badYAML, badKey, "a.yaml:")
        ]
        for c in cases {
            try write(c.first, "a.yaml")
            try write(c.second, "b.yaml")
            var errors: Set<String> = []
            for threads in ["1", "2", "4"] {
                let r = try typefit(["audit", "a.yaml", "b.yaml", "--threads", threads])
                XCTAssertEqual(r.code, 2, r.err)
                XCTAssertTrue(r.err.hasPrefix(c.prefix), "\(threads) threads: \(r.err)")
                XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
                errors.insert(r.err)
            }
            XCTAssertEqual(errors.count, 1, "the same error on every number of threads: \(errors)")
        }
    }

    /// A negative number after an option is that option's value, judged by its own check: it is not
    /// read as an option, so the message is never "Missing value" for a value the user typed.
    func testANegativeValueIsTheOptionsOwn() throws {
        try assertInvalid(["audit", "paper", "--threads", "-1"], "typefit: error: --threads must be between 1 and 256")
        try assertInvalid(
            ["audit", "paper", "--shard", "-1/2"],
            "--shard: error: shard -1/2 does not exist (the count is 1 to 10000 and the index 0 to count − 1, e.g. --shard 0/2)")
        try assertInvalid(["measure", "--size", "-3", "x"], "typefit: error: size must be greater than 0 and at most 1000 pt (got -3.0)")
        try assertInvalid(["measure", "--size", "17", "--width", "-5", "x"], "typefit: error: width must be between 0 and 100000 pt")
        try assertInvalid(
            ["measure", "--size", "17", "--lines", "-1", "x"], "typefit: error: lines must be 0 (unlimited) or a positive number")
        try assertInvalid(
            ["measure", "--size", "17", "--tracking", "-0.5", "x"], "typefit: error: unknown tracking '-0.5' (use system or none)")
        // An option where its value should be is still an error, naming what was given.
        let r = try typefit(["audit", "paper", "--threads", "--quiet"])
        XCTAssertEqual(r.code, 2, r.err)
        XCTAssertTrue(r.err.contains("'--quiet'"), r.err)
    }

    func testBadArguments() throws {
        // Each selection flag's error names the flag, as --locales' and --devices' do.
        try assertInvalid(
            ["audit", "paper", "--categories", "AX9"],
            "--categories: error: unknown category 'AX9' (did you mean 'AX5'? It is the largest accessibility size)")
        try assertInvalid(
            ["audit", "paper", "--categories", "huge"],
            "--categories: error: unknown category 'huge' (categories: xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5)"
        )
        try assertInvalid(
            ["audit", "paper", "--locales", "de,x y"],
            "--locales: error: invalid locale 'x y': a locale name uses only letters, digits, '-' and '_' (like zh-Hans or pt_BR)")
        try assertInvalid(
            ["audit", "paper", "--devices", "iPhone 61"], "--devices: error: unknown device 'iPhone 61' (did you mean 'iPhone 16'?)")
        try assertInvalid(["audit", "paper", "--threads", "0"], "typefit: error: --threads must be between 1 and 256")
        try assertInvalid(
            ["audit", "paper", "--pseudolocales", "pseudo-long"],
            "--pseudolocales: error: unknown pseudolocale 'pseudo-long' (pseudolocales: pseudo-double, pseudo-accented, pseudo-bounded, pseudo-rtl)"
        )
        try assertInvalid(
            ["audit", "paper", "--pseudolocales", "pseudo-dubble"],
            "--pseudolocales: error: unknown pseudolocale 'pseudo-dubble' (did you mean 'pseudo-double'?)")
        try write("{\"a\": 1}", "junk.json")
        try assertInvalid(
            ["audit", "paper", "--baseline", "junk.json"],
            "junk.json:1:1: error: not a typefit baseline: no \"tool\": \"typefit\"")
        try assertInvalid(
            ["audit", "paper", "--output", "/nonexistent/dir/x.json"],
            "/nonexistent/dir/x.json: error: the folder /nonexistent/dir does not exist")
        try assertInvalid(["audit", "paper", "--output", "paper"], "paper: error: is a folder, not a file")
        try assertInvalid(["audit", "--bogus"], "typefit: error: Unknown option '--bogus'")
        try assertInvalid(["bogus"], "typefit: error: Unexpected argument 'bogus'")
        try assertInvalid(["measure", "--size", "nan", "x"], "typefit: error: size must be greater than 0 and at most 1000 pt (got nan)")
        try assertInvalid(
            ["measure", "--size", "1e308", "x"], "typefit: error: size must be greater than 0 and at most 1000 pt (got 1e+308)")
        try assertInvalid(["measure", "--size", "17", "--width", "inf", "x"], "typefit: error: width must be between 0 and 100000 pt")
        try assertInvalid(
            ["measure", "--size", "17", "--lines=-1", "x"], "typefit: error: lines must be 0 (unlimited) or a positive number")
        try assertInvalid(
            ["measure", "--size", "17", "--locale", String(repeating: "a", count: 70), "x"],
            "typefit: error: invalid locale '\(String(repeating: "a", count: 70))': a locale name is at most 64 characters long")
        try assertInvalid(["measure", "--font", "nope.ttf", "--size", "17", "x"], "nope.ttf: error: font file not found")
        try assertInvalid(
            ["measure", "--font", "paper/paper-login.yaml", "--size", "17", "x"],
            "paper/paper-login.yaml: error: not a font file FreeType can read (FreeType error 2)")
        try assertInvalid(
            ["measure", "--style", "body", "--category", "AX9", "x"],
            "typefit: error: unknown content size category 'AX9' (did you mean 'AX5'? It is the largest accessibility size)")
        try assertInvalid(
            ["measure", "--jsonl", "missing.jsonl"], "missing.jsonl: error: cannot read the JSONL file: No such file or directory")
        let bad = try typefit(["measure", "--jsonl", "-"], stdin: "{\"text\": \"a\", \"size\": 17\n{\"text\": \"b\", \"size\": -1}\n")
        XCTAssertEqual(bad.code, 2)
        XCTAssertEqual(
            bad.err.split(separator: "\n").map(String.init),
            [
                "<stdin>:1: error: invalid JSON request: The given data was not valid JSON.",
                "<stdin>:2: error: size must be greater than 0 and at most 1000 pt (got -1.0)"
            ])
    }

    // MARK: - Safety

    /// Every file under `url` with its size and modification date.
    func snapshot(_ url: URL) -> [String: String] {
        var out: [String: String] = [:]
        let fm = FileManager.default
        for case let path as String in fm.enumerator(atPath: url.path) ?? FileManager.DirectoryEnumerator() {
            let attributes = (try? fm.attributesOfItem(atPath: url.appendingPathComponent(path).path)) ?? [:]
            // Folders change their modification date whenever a file is written into them.
            let isFolder = (attributes[.type] as? FileAttributeType) == .typeDirectory
            out[path] = isFolder ? "folder" : "\(attributes[.size] ?? "?") \(attributes[.modificationDate] ?? "?")"
        }
        return out
    }

    func testWritesOnlyTheRequestedFiles() throws {
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let before = snapshot(work)
        let r = try typefit([
            "audit", "paper", "--locales", "en,de", "--categories", "Large,AX5",
            "--report", "json:out/report.json", "--report", "sarif:out/report.sarif", "--report", "text"
        ])
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertEqual(try typefit(["audit", "paper", "--locales", "en", "--write-baseline", "out/baseline.json"]).code, 0)
        var after = snapshot(work)
        for name in ["out/report.json", "out/report.sarif", "out/baseline.json"] { XCTAssertNotNil(after.removeValue(forKey: name), name) }
        XCTAssertEqual(after, before, "nothing else written, moved or touched (no temporary files left behind)")
    }

    func testNeverOverwritesAForeignFileWithoutForce() throws {
        // A file that merely mentions typefit (a README, a spec comment) is not a typefit report.
        let readme = "# Notes\n\nWe gate CI with typefit: `typefit audit Specs`.\n"
        try write(readme, "README.md")
        let spec = work.appendingPathComponent("paper/paper-login.yaml")
        let specText = try String(contentsOf: spec, encoding: .utf8) + "# checked by typefit\n"
        try specText.write(to: spec, atomically: true, encoding: .utf8)
        for (args, path) in [
            (["--output", "README.md"], "README.md"), (["--report", "markdown:README.md"], "README.md"),
            (["--output", "paper/paper-login.yaml"], "paper/paper-login.yaml"),
            (["--write-baseline", "README.md"], "README.md")
        ] {
            try assertInvalid(
                ["audit", "paper", "--locales", "en"] + args,
                "\(path): error: exists and is not a typefit report; refusing to overwrite it (use --force)")
        }
        XCTAssertEqual(try String(contentsOf: work.appendingPathComponent("README.md"), encoding: .utf8), readme)
        XCTAssertEqual(try String(contentsOf: spec, encoding: .utf8), specText)
        // With --force it is overwritten.
        XCTAssertEqual(try typefit(["audit", "paper", "--locales", "en", "--output", "README.md", "--force"]).code, 1)
        XCTAssertTrue(try String(contentsOf: work.appendingPathComponent("README.md"), encoding: .utf8).hasPrefix("typefit "))
    }

    func testEveryReportFormatCanBeRewrittenWithoutForce() throws {
        let formats = try typefit(["reporters"]).out.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertGreaterThanOrEqual(formats.count, 2)
        for format in formats {
            let path = "report.\(format)"
            XCTAssertEqual(
                try typefit(["audit", "paper", "--locales", "en", "--categories", "AX5", "--report", "\(format):\(path)"]).code, 1, format)
            let again = try typefit(["audit", "paper", "--locales", "en", "--categories", "AX5", "--report", "\(format):\(path)"])
            XCTAssertEqual(again.code, 1, "typefit refuses to overwrite its own \(format) report: \(again.err)")
        }
        XCTAssertEqual(try typefit(["audit", "paper", "--locales", "en", "--write-baseline", "b.json"]).code, 0)
        XCTAssertEqual(try typefit(["audit", "paper", "--locales", "en", "--write-baseline", "b.json"]).code, 0, "its own baseline")
    }

    func testSpecPathsResolveAgainstTheSpecFolderAndFilesReadAreListed() throws {
        // Run from elsewhere (/): strings: Localizable.xcstrings still means the file next to the spec.
        let specPath = work.appendingPathComponent("paper/paper-login.yaml").path
        let r = try typefit(
            ["audit", specPath, "--locales", "en", "--categories", "AX5", "--format", "json"], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(r.code, 1, r.err)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let read = try XCTUnwrap(json["filesRead"] as? [String])
        XCTAssertEqual(Array(read.prefix(2)), [specPath, work.appendingPathComponent("paper/Localizable.xcstrings").path])
        let fonts = read.dropFirst(2)
        XCTAssertFalse(fonts.isEmpty)
        XCTAssertTrue(fonts.allSatisfy { $0.hasPrefix(Self.root.appendingPathComponent("Fonts").path + "/") }, "\(fonts)")
        let used = try XCTUnwrap(json["fonts"] as? [[String: Any]]).compactMap { $0["file"] as? String }
        XCTAssertEqual(Set(fonts.map { ($0 as NSString).lastPathComponent }), Set(used), "every font used is listed as read")
    }

    func testFilesReadThroughTheLibrary() throws {
        var options = AuditOptions()
        options.paths = [work.appendingPathComponent("paper").path]
        options.locales = ["en"]
        options.categories = [.ax5]
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        let report = try Auditor(options: options).run()
        XCTAssertEqual(
            report.filesRead.filter { !$0.hasSuffix(".otf") && !$0.hasSuffix(".ttf") && !$0.hasSuffix(".ttc") },
            [work.appendingPathComponent("paper/paper-login.yaml").path, work.appendingPathComponent("paper/Localizable.xcstrings").path])
    }
}
