import Foundation
import TypefitCore
import TypefitReport
import XCTest

@testable import TypefitAudit

/// A FirebaseUI-like app: two string tables per `.lproj` folder (FirebaseAuthUI, FirebaseGoogleAuthUI)
/// audited without merging files, each element's key read from its own table, in several scripts.
final class StringTablesAuditTests: XCTestCase {
    static let root = AuditTests.root
    static let fixture = root.appendingPathComponent("Tests/TypefitAuditTests/Fixtures/firebaseui")

    func audit(_ paths: [String]? = nil, locales: [String]?, categories: [ContentSizeCategory]? = nil) throws -> AuditReport {
        var options = AuditOptions()
        options.paths = paths ?? [Self.fixture.path]
        options.locales = locales
        options.categories = categories
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        return try Auditor(options: options).run()
    }

    /// A new empty folder for one test, removed when the test ends.
    /// Writes `data` at `path` inside `folder`, making the folders on the way.
    func write(_ data: Data, at path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// A new folder holding a copy of the fixture's `Resources`, with a `localization.lproj` whose
    /// FirebaseGoogleAuthUI.strings is `strings`.
    func fixtureResources(_ name: String, adding localization: String, _ strings: String) throws -> URL {
        let work = try temporaryFolder(name)
        let resources = work.appendingPathComponent("Resources")
        try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent("Resources"), to: resources)
        let folder = resources.appendingPathComponent("\(localization).lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try strings.write(to: folder.appendingPathComponent("FirebaseGoogleAuthUI.strings"), atomically: true, encoding: .utf8)
        return work
    }

    /// A spec of one label showing FirebaseGoogleAuthUI's SignInWithGoogle at Large, `width` wide,
    /// over the `Resources` folder in `work`.
    func googleSpec(in work: URL, width: Double) throws -> URL {
        let spec = work.appendingPathComponent("google.yaml")
        try """
        screen: Google
        strings: {path: Resources, table: FirebaseGoogleAuthUI}
        categories: [Large]
        content:
          vstack: root
          children:
            - {label: google, key: SignInWithGoogle, style: body, width: \(width)}
        """.write(to: spec, atomically: true, encoding: .utf8)
        return spec
    }

    /// The strings of a `.lproj` table, read independently of typefit (Foundation's property-list parser).
    func strings(_ locale: String, _ table: String) throws -> [String: String] {
        let url = Self.fixture.appendingPathComponent("Resources/\(locale).lproj/\(table).strings")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try XCTUnwrap(plist as? [String: String])
    }

    func testEachElementShowsTheStringOfItsOwnTable() throws {
        let report = try audit(locales: ["de", "ja", "ar", "el", "zh-Hans"], categories: [.large, .ax1, .ax5])
        XCTAssertGreaterThan(report.summary.checks, 0)
        for locale in ["de", "ja", "ar", "el", "zh-Hans"] {
            // The google button's text comes from FirebaseGoogleAuthUI.strings, the email button's from
            // FirebaseAuthUI.strings: a finding's text is the translation of its own table.
            let google = try strings(locale, "FirebaseGoogleAuthUI")["SignInWithGoogle"]
            let shown = Set(report.findings.filter { $0.element == "google" && $0.locale == locale }.compactMap(\.numbers.text))
            if !shown.isEmpty { XCTAssertEqual(shown, [try XCTUnwrap(google)], locale) }
            let email = try strings(locale, "FirebaseAuthUI")["SignInWithEmail"]
            let emailShown = Set(
                report.findings.filter { $0.element == "email" && $0.locale == locale && $0.category == .large }
                    .compactMap(\.numbers.text))
            if !emailShown.isEmpty { XCTAssertEqual(emailShown, [try XCTUnwrap(email)], locale) }
        }
        // The Greek title is longest: it is truncated at Large on the 320 pt device.
        XCTAssertTrue(report.findings.contains { $0.rule == .truncated && $0.element == "google" && $0.locale == "el" })
        XCTAssertEqual(report.filesRead.filter { $0.hasSuffix("Resources") }.count, 1, "one folder, listed once")
    }

    func testAFallbackKeyMissingInALocaleIsUntranslated() throws {
        // ja.lproj/FirebaseAuthUI.strings has no "Email": from AX1 the email button shows English.
        XCTAssertNil(try strings("ja", "FirebaseAuthUI")["Email"])
        let report = try audit(locales: ["ja", "de"])
        let ja = report.findings.filter { $0.rule == .untranslated && $0.locale == "ja" }
        XCTAssertEqual(ja.map(\.element), ["email"])
        // The key, then the English text shown in its place, from en.lproj.
        let english = try XCTUnwrap(try strings("en", "FirebaseAuthUI")["Email"])
        XCTAssertEqual(ja[0].message, "not translated into ja: Email shows the source text \"\(english)\"")
        XCTAssertFalse(report.findings.contains { $0.rule == .untranslated && $0.locale == "de" })
    }

    func testRequestedLocalesResolveAsTheBundleWould() throws {
        let report = try audit(locales: ["de-AT", "es-MX", "pt", "iw", "zh-HK", "zh-SG"], categories: [.large])
        let resolved = Dictionary(uniqueKeysWithValues: report.locales.filter(\.isAudited).map { ($0.requested, $0.localization) })
        XCTAssertEqual(resolved, ["de-AT": "de", "es-MX": "es-419", "pt": "pt-BR", "iw": "he", "zh-HK": "zh-Hant", "zh-SG": "zh-Hans"])
        // Findings are labelled with the requested locale and show the localization's text.
        let he = try strings("he", "FirebaseGoogleAuthUI")["SignInWithGoogle"]
        let iw = report.findings.filter { $0.locale == "iw" && $0.element == "google" }.compactMap(\.numbers.text)
        for text in iw { XCTAssertEqual(text, he) }
        XCTAssertFalse(report.findings.contains { $0.locale == "he" })
    }

    /// A run narrowed by `--locales` (or `.typefit.yml`) or by a spec's `locales` names every
    /// localization of the strings it did not audit: a gate narrowed to English never reads as having
    /// checked German. The reference is the fixture's folder listing, not typefit's reader.
    func testANarrowedRunNamesTheLocalizationsItLeftOut() throws {
        let resources = Self.fixture.appendingPathComponent("Resources")
        let folders = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { $0.hasSuffix(".lproj") }
            .map { String($0.dropLast(".lproj".count)) }.sorted()
        XCTAssertEqual(folders.count, 12)
        let others = folders.filter { $0 != "en" && $0 != "de" }
        let narrowed = try audit(locales: ["en", "de"], categories: [.large])
        XCTAssertEqual(narrowed.locales.filter(\.isAudited).map(\.requested), ["de", "en"])
        let left = narrowed.locales.filter { !$0.isAudited }
        XCTAssertEqual(left.map(\.requested), others)
        XCTAssertEqual(left.map(\.localization), others)
        XCTAssertTrue(left.allSatisfy { $0.leftOut == .notInRunLocales })
        XCTAssertFalse(narrowed.findings.contains { others.contains($0.locale ?? "") })
        let text = TextReporter().generateReport(narrowed)
        let reason = "not asked for by --locales or .typefit.yml's locales"
        XCTAssertTrue(
            text.contains("locales (requested → localization shown): de, en; not audited (\(reason)): \(others.joined(separator: ", "))\n"),
            text)
        XCTAssertFalse(text.contains("every locale"), text)
        // The sizes --categories left out are named after them (the reference: the twelve sizes of
        // Apple's table but Large, written out).
        let largeOnly =
            "11 of the 12 text sizes not audited (not asked for by --categories or .typefit.yml's categories): "
            + "xSmall, Small, Medium, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5"
        XCTAssertEqual(
            NarrowingNotes.lines(narrowed), ["10 localizations not audited (\(reason)): \(others.joined(separator: ", "))", largeOnly]
        )
        // The JSON report keeps them, and reads back (merge, shards).
        let work = try temporaryFolder("narrowed")
        let savedFile = work.appendingPathComponent("report.json")
        try JSONReporter().generateReport(narrowed).write(to: savedFile, atomically: true, encoding: .utf8)
        let saved = try AuditReport.read(path: savedFile.path)
        XCTAssertEqual(saved.locales, narrowed.locales)
        XCTAssertEqual(saved.leftOut, narrowed.leftOut)
        XCTAssertEqual(NarrowingNotes.lines(saved), NarrowingNotes.lines(narrowed))
        // A run over every localization leaves nothing out for this reason.
        let full = try audit(locales: nil, categories: [.large])
        XCTAssertEqual(full.locales.filter(\.isAudited).map(\.requested), folders)
        XCTAssertEqual(NarrowingNotes.lines(full), [largeOnly])
        // Every size asked for, in any order, leaves none out.
        let everySize = try audit(locales: nil, categories: ContentSizeCategory.allCases.reversed())
        XCTAssertNil(everySize.leftOut)
        XCTAssertEqual(NarrowingNotes.lines(everySize), [])
        // A spec's own `locales` leave the rest out for that spec; another spec auditing them in the
        // same run means no report calls them left out (the JSON report still lists them).
        try FileManager.default.copyItem(at: resources, to: work.appendingPathComponent("Resources"))
        let picker = try String(contentsOf: Self.fixture.appendingPathComponent("firebaseui-picker.yaml"), encoding: .utf8)
        let japanese = work.appendingPathComponent("japanese.yaml")
        try picker.replacingOccurrences(of: "devices:\n", with: "locales: [ja]\ndevices:\n")
            .write(to: japanese, atomically: true, encoding: .utf8)
        let spec = try audit([japanese.path], locales: nil, categories: [.large])
        XCTAssertEqual(spec.locales.filter(\.isAudited).map(\.requested), ["ja"])
        XCTAssertEqual(spec.locales.filter { $0.leftOut == .notInSpecLocales }.map(\.requested), folders.filter { $0 != "ja" })
        let specNotes = NarrowingNotes.lines(spec)
        XCTAssertEqual(specNotes.count, 2)
        XCTAssertEqual(specNotes.last, largeOnly)
        XCTAssertTrue(specNotes[0].hasPrefix("11 localizations not audited (not among the spec's locales): ar, de, "), specNotes[0])
        let everything = work.appendingPathComponent("everything.yaml")
        try picker.write(to: everything, atomically: true, encoding: .utf8)
        let both = try audit([japanese.path, everything.path], locales: nil, categories: [.large])
        XCTAssertEqual(NarrowingNotes.lines(both), [largeOnly])
        XCTAssertEqual(both.locales.filter { $0.leftOut == .notInSpecLocales }.count, 11)
        XCTAssertFalse(TextReporter().generateReport(both).contains("not among the spec's locales"))
        // The command line says it after the summary, with --quiet too, and the sizes --categories
        // left out; the exit status is the run's (warnings only: 0).
        let r = try TypefitCommand.run(
            ["audit", Self.fixture.path, "--locales", "en,de", "--categories", "Large", "--quiet"], in: Self.root)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(
            r.err.hasSuffix(
                "typefit: 10 localizations not audited (\(reason)): \(others.joined(separator: ", "))\n"
                    + "typefit: 11 of the 12 text sizes not audited (not asked for by --categories or .typefit.yml's categories): "
                    + "xSmall, Small, Medium, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5\n"), r.err)
        let everySizeRun = try TypefitCommand.run(["audit", Self.fixture.path, "--locales", "en", "--quiet"], in: Self.root)
        XCTAssertFalse(everySizeRun.err.contains("text sizes not audited"), everySizeRun.err)
    }

    /// A localization whose folder lacks a table is still the app's (iOS picks it from the bundle's
    /// folders), and reads that table along its search list: es-419 reads es.lproj's, and de, once its
    /// file is gone, the development language's, untranslated. Before, neither was audited, and
    /// `--locales de` said German was no localization of the app.
    func testALocalizationWithoutTheTableReadsTheNextAlongItsSearchList() throws {
        let work = try temporaryFolder("table-search")
        let resources = work.appendingPathComponent("Resources")
        try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent("Resources"), to: resources)
        try FileManager.default.removeItem(at: resources.appendingPathComponent("de.lproj/FirebaseGoogleAuthUI.strings"))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: resources.appendingPathComponent("es-419.lproj/FirebaseGoogleAuthUI.strings").path))
        let spec = try googleSpec(in: work, width: 40)
        let report = try audit([spec.path], locales: nil)
        // Every localization: de shows the development language's table; es-419 reads es's, which is
        // audited as itself, so es-419 would only repeat it: it is left out, and the reports say so.
        XCTAssertEqual(
            report.locales.filter { $0.auditedAs == nil }.map(\.requested),
            ["ar", "de", "el", "en", "es", "he", "ja", "nb", "pt-BR", "zh-Hans", "zh-Hant"])
        let leftOut = report.locales.filter { $0.auditedAs != nil }
        XCTAssertEqual(leftOut.map { [$0.requested, $0.localization, $0.auditedAs] }, [["es-419", "es", "es"]])
        XCTAssertFalse(report.findings.contains { $0.locale == "es-419" })
        XCTAssertFalse(report.elements.contains { $0.locale == "es-419" })
        func shown(_ report: AuditReport, _ locale: String) -> Set<String> {
            Set(report.findings.filter { $0.rule == .truncated && $0.locale == locale }.compactMap(\.numbers.text))
        }
        let spanish = try XCTUnwrap(try strings("es", "FirebaseGoogleAuthUI")["SignInWithGoogle"])
        XCTAssertEqual(shown(report, "es"), [spanish])
        // Every report names it, and none counts it as audited.
        let text = TextReporter().generateReport(report)
        XCTAssertTrue(text.contains(", es, es-419 → es (audited as es), he, "), text)
        let json = JSONReporter().generateReport(report)
        XCTAssertEqual(json, JSONReporter().generateReportWithJSONEncoder(report))
        XCTAssertTrue(
            json.contains(#"{"auditedAs":"es","localization":"es","requested":"es-419","strings":["#)
                || json.contains(#""auditedAs" : "es""#), json)
        let html = HTMLReporter().generateReport(report)
        XCTAssertTrue(html.contains("<summary>11 locales, source language first (en)</summary>"), html)
        XCTAssertTrue(html.contains("<span lang='es-419'>es-419</span> → es (audited as es)"), html)
        XCTAssertFalse(html.contains("<option>es-419</option>"), html)
        let saved = work.appendingPathComponent("report.json")
        try json.write(to: saved, atomically: true, encoding: .utf8)
        XCTAssertEqual(try AuditReport.read(path: saved.path).locales, report.locales)
        // Asked for, es-419 says that es stands for it, and shows its text.
        let latinAmerican = try audit([spec.path], locales: ["es-419"])
        XCTAssertEqual(latinAmerican.locales.filter(\.isAudited).map { [$0.requested, $0.localization] }, [["es-419", "es"]])
        XCTAssertEqual(shown(latinAmerican, "es-419"), [spanish])
        XCTAssertFalse(latinAmerican.findings.contains { $0.rule == .untranslated })
        // With a screen whose other table es-419 has, the one locale is listed with both resolutions,
        // and counted once.
        let picker = Self.fixture.appendingPathComponent("firebaseui-picker.yaml").path
        let both = try audit([spec.path, picker], locales: ["es-419"])
        XCTAssertEqual(both.locales.filter(\.isAudited).map { [$0.requested, $0.localization] }, [["es-419", "es"], ["es-419", "es-419"]])
        let bothHTML = HTMLReporter().generateReport(both)
        XCTAssertTrue(
            bothHTML.contains(
                "<summary>1 locale; 11 more localizations of the strings not asked for, not audited</summary>locales (requested → localization shown): <span lang='es-419'>es-419</span> → es, <span lang='es-419'>es-419</span>; not audited (not asked for by --locales or .typefit.yml's locales): <span lang='ar'>ar</span>, "
            ), bothHTML)
        XCTAssertEqual(bothHTML.components(separatedBy: "<option>es-419</option>").count, 2)
        let english = try XCTUnwrap(try strings("en", "FirebaseGoogleAuthUI")["SignInWithGoogle"])
        XCTAssertEqual(shown(report, "de"), [english])
        XCTAssertEqual(report.findings.filter { $0.rule == .untranslated }.map(\.locale), ["de"])
        let untranslated = try XCTUnwrap(report.findings.first { $0.rule == .untranslated })
        XCTAssertEqual(untranslated.message, "not translated into de: SignInWithGoogle shows the source text \"\(english)\"")
        let fix = try XCTUnwrap(untranslated.fix)
        XCTAssertTrue(fix.hasPrefix("add "), fix)
        XCTAssertTrue(fix.hasSuffix("/de.lproj/FirebaseGoogleAuthUI.strings (de.lproj has no FirebaseGoogleAuthUI table)"), fix)
        // Asked for by name, German is audited as well, and French, which has no folder, is still an error.
        XCTAssertEqual(try audit([spec.path], locales: ["de"]).findings.filter { $0.rule == .untranslated }.count, 1)
        XCTAssertThrowsError(try audit([spec.path], locales: ["fr"]))
    }

    /// A spec written by hand with FirebaseUI's English as literal text ("Sign in with email") where
    /// the app shows the localized string: every locale was measured in English, and the gate passed
    /// without seeing German. `literal-text` names the key and the localizations that show another
    /// text; a literal no audited translation changes, or an English-only audit, is not flagged.
    func testALiteralTextThatIsALocalizedStringsTextIsFlagged() throws {
        let work = try temporaryFolder("literal-text")
        try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent("Resources"), to: work.appendingPathComponent("Resources"))
        let spec = work.appendingPathComponent("picker.yaml")
        func write(_ locales: String, severity: String = "") throws {
            try """
            screen: Picker
            strings:
              - {path: Resources, table: FirebaseAuthUI}
              - {path: Resources, table: FirebaseGoogleAuthUI}
            \(locales)
            \(severity)
            categories: [Large]
            content:
              vstack: providers
              children:
                - {button: google, text: Sign in with Google, style: body}
                - {button: email, text: Sign in with email, style: body}
                - {textField: emailField, placeholder: Enter your email, style: body}
                - {label: brand, text: Firebase, style: body}
            """.write(to: spec, atomically: true, encoding: .utf8)
        }
        try write("")
        let report = try audit([spec.path], locales: nil)
        let found = report.findings.filter { $0.rule == .literalText }
        XCTAssertEqual(found.map(\.element), ["google", "email", "emailField"])
        XCTAssertTrue(found.allSatisfy { $0.severity == .error && $0.locale == nil })
        // The localizations that show another text, counted from the files by Foundation's reader.
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fixture.appendingPathComponent("Resources").path)
        let localizations = folders.filter { $0.hasSuffix(".lproj") && $0 != "en.lproj" }.map { String($0.dropLast(6)) }.sorted()
        for (finding, key, table, english) in [
            (found[0], "SignInWithGoogle", "FirebaseGoogleAuthUI", "Sign in with Google"),
            (found[1], "SignInWithEmail", "FirebaseAuthUI", "Sign in with email"),
            (found[2], "EnterYourEmail", "FirebaseAuthUI", "Enter your email")
        ] {
            let withTable = localizations.filter {
                FileManager.default.fileExists(atPath: Self.fixture.appendingPathComponent("Resources/\($0).lproj/\(table).strings").path)
            }
            let differing = try withTable.filter { l in try strings(l, table)[key].map { $0 != english } ?? false }
            let first = try strings(differing[0], table)[key] ?? ""
            let field = key == "EnterYourEmail" ? "placeholder" : "text"
            XCTAssertTrue(
                finding.message.hasPrefix(
                    "the literal \(field) \"\(english)\" is the text of key \"\(key)\" in \(table): \(differing.count) of the \(withTable.count) localizations audited show a translation there (\(differing[0]) \"\(first)\", "
                ), finding.message)
            XCTAssertTrue(finding.message.hasSuffix("), which typefit did not measure"), finding.message)
            XCTAssertEqual(
                finding.fix,
                "name the key (\(field == "text" ? "key" : "placeholderKey"): \(key)) so each locale is measured with what it shows; "
                    + "if the app shows this text in every language, waive the rule for this element with the reason")
        }
        // A JSON report of them reads back (typefit merge, shards): the cause is in the fingerprint.
        let json = work.appendingPathComponent("report.json")
        try Data(JSONReporter().generateReport(report).utf8).write(to: json)
        let read = try AuditReport.read(path: json.path)
        XCTAssertEqual(
            read.findings.filter { $0.rule == .literalText }.map(\.fingerprint), found.map(\.fingerprint))
        // A literal that spells an `.lproj` key, not its text, is called the key.
        let raw = work.appendingPathComponent("raw.yaml")
        try """
        screen: Raw
        strings: {path: Resources, table: FirebaseAuthUI}
        locales: [en, de]
        categories: [Large]
        content:
          vstack: root
          children:
            - {label: raw, text: SignInWithEmail, style: body}
        """.write(to: raw, atomically: true, encoding: .utf8)
        let spelt = try audit([raw.path], locales: nil).findings.filter { $0.rule == .literalText }
        XCTAssertEqual(
            spelt.map(\.message),
            [
                "the literal text \"SignInWithEmail\" is the key \"SignInWithEmail\" of FirebaseAuthUI: 1 of the 1 localization audited shows a translation there (de \"\(try strings("de", "FirebaseAuthUI")["SignInWithEmail"] ?? "")\"), which typefit did not measure"
            ])
        // A text several keys have (Corona-Warn-App's "Settings"): each is named, the first offered.
        for (l, text) in [("en", "Settings"), ("de", "Einstellungen")] {
            let folder = work.appendingPathComponent("Multi/\(l).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "\"home.settings\" = \"\(text)\";\n\"error.settings\" = \"\(text)\";\n".write(
                to: folder.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        }
        try """
        screen: Multi
        strings: Multi
        categories: [Large]
        content:
          vstack: root
          children:
            - {label: settings, text: Settings, style: body}
        """.write(to: raw, atomically: true, encoding: .utf8)
        let multi = try XCTUnwrap(try audit([raw.path], locales: nil).findings.first { $0.rule == .literalText })
        XCTAssertEqual(
            multi.message,
            "the literal text \"Settings\" is the text of 2 keys in Localizable (\"error.settings\", \"home.settings\"): 1 of the 1 localization audited shows a translation there (de \"Einstellungen\"), which typefit did not measure"
        )
        XCTAssertTrue(
            multi.fix?.hasPrefix("name the key the app shows there (key: error.settings, or another of them) so") ?? false, "\(multi)")
        // English alone: nothing else was left unmeasured.
        XCTAssertFalse(try audit([spec.path], locales: ["en"]).findings.contains { $0.rule == .literalText })
        // Off for the screen, as any rule.
        try write("", severity: "severity: {literal-text: ignore}")
        XCTAssertFalse(try audit([spec.path], locales: nil).findings.contains { $0.rule == .literalText })
        // The gate fails on it, and on nothing else here.
        try write("locales: [en, de]")
        let gate = try TypefitCommand.run(["audit", "picker.yaml", "--no-config", "--quiet"], in: work)
        XCTAssertEqual(gate.code, 1, gate.err)
        try write("locales: [en, de]", severity: "severity: {literal-text: ignore}")
        let without = try TypefitCommand.run(["audit", "picker.yaml", "--no-config", "--quiet"], in: work)
        XCTAssertEqual(without.code, 0, without.err)
    }

    /// Mastodon's app keeps `hy.lproj` beside `hy-AM.lproj` in its app's strings, and `hy-AM.lproj`
    /// alone in its widget's: both show `hy-AM`'s own strings, searching `hy` after them in one folder
    /// set only. The JSON report keeps both resolutions; the line every report prints names the locale
    /// once, as it reads the same (it printed `hy-AM, hy-AM`).
    func testALocaleResolvedAlikeIsNamedOnce() throws {
        let work = try temporaryFolder("alike")
        for (set, localizations) in [("App", ["en", "hy", "hy-AM"]), ("Widget", ["en", "hy-AM"])] {
            for l in localizations {
                let folder = work.appendingPathComponent("\(set)/\(l).lproj")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let text = l == "en" ? "Post" : "Հրապարակել"
                try "\"post\" = \"\(text)\";\n".write(
                    to: folder.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
            }
            try """
            screen: \(set)
            strings: \(set)
            categories: [Large]
            content:
              vstack: root
              children:
                - {label: post, key: post, style: body}
            """.write(to: work.appendingPathComponent("\(set).yaml"), atomically: true, encoding: .utf8)
        }
        let report = try audit([work.path], locales: nil)
        let armenian = report.locales.filter { $0.requested == "hy-AM" }
        XCTAssertEqual(armenian.map(\.localization), ["hy-AM", "hy-AM"])
        XCTAssertEqual(Set(armenian.map { $0.fallbacks ?? [] }), [["hy"], []])
        let text = TextReporter().generateReport(report)
        XCTAssertTrue(text.contains("locales (requested → localization shown): en, hy, hy-AM\n"), text)
        let html = HTMLReporter().generateReport(report)
        XCTAssertTrue(
            html.contains(
                "locales (requested → localization shown): <span lang='en'>en</span>, <span lang='hy'>hy</span>, <span lang='hy-AM'>hy-AM</span></details>"
            ), html)
    }

    /// Mastodon's welcome button is `"Join %@"` with the server's name (`arguments: [mastodon.social]`
    /// in its spec). The layout measured "Join mastodon.social"; the `untranslated` finding quoted
    /// "Join WWWWWWWWWW", the sample for an argument the spec does not give.
    func testAnUntranslatedTextIsQuotedWithTheSpecsArguments() throws {
        let work = try temporaryFolder("untranslated-arguments")
        for (l, text) in [("en", "Join %@"), ("de", "%@ beitreten")] {
            let folder = work.appendingPathComponent("Strings/\(l).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let other = l == "de" ? "" : "\"join\" = \"\(text)\";\n"
            try "\"title\" = \"\(text)\";\n\(other)".write(
                to: folder.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        }
        let spec = work.appendingPathComponent("welcome.yaml")
        try """
        screen: Welcome
        strings: Strings
        categories: [Large]
        content:
          vstack: root
          children:
            - {label: join, key: join, arguments: [mastodon.social], style: headline, width: 10}
        """.write(to: spec, atomically: true, encoding: .utf8)
        let report = try audit([spec.path], locales: ["de"])
        let untranslated = try XCTUnwrap(report.findings.first { $0.rule == .untranslated })
        XCTAssertEqual(untranslated.message, "not translated into de: join shows the source text \"Join mastodon.social\"")
        XCTAssertEqual(untranslated.numbers.text, "Join mastodon.social")
        // 10 pt wide, the label truncates the text the layout measured: the same.
        let truncated = report.findings.filter { $0.rule == .truncated }.compactMap(\.numbers.text)
        XCTAssertEqual(Set(truncated), ["Join mastodon.social"])
    }

    /// translatewiki's `qqq.lproj` (Kiwix, Wikipedia) documents each string for translators ("Alert
    /// description, when …"); its code is private use (ISO 639 qaa–qtz), no user's language: a run
    /// over every localization leaves it out and every report says so; asked for by name, it is audited.
    func testAPrivateUseLocalizationIsLeftOutAndNamed() throws {
        let work = try fixtureResources(
            "private-use", adding: "qqq",
            #""SignInWithGoogle" = "Label of the button that starts signing in with a Google account, on the first screen";"#)
        let spec = try googleSpec(in: work, width: 120)
        let report = try audit([spec.path], locales: nil)
        XCTAssertEqual(report.locales.filter { $0.leftOut != nil }.map { [$0.requested, $0.localization] }, [["qqq", "qqq"]])
        XCTAssertEqual(report.locales.first { $0.requested == "qqq" }?.leftOut, .privateUse)
        XCTAssertFalse(report.findings.contains { $0.locale == "qqq" })
        XCTAssertFalse(report.elements.contains { $0.locale == "qqq" })
        XCTAssertTrue(report.findings.contains { $0.locale == "de" }, "the others are audited")
        let text = TextReporter().generateReport(report)
        XCTAssertTrue(text.contains("; not audited (a private-use language code, never a user's language): qqq"), text)
        let json = JSONReporter().generateReport(report)
        XCTAssertEqual(json, JSONReporter().generateReportWithJSONEncoder(report))
        XCTAssertTrue(json.contains(#""leftOut":"private-use""#) || json.contains(#""leftOut" : "private-use""#), json)
        let saved = work.appendingPathComponent("report.json")
        try json.write(to: saved, atomically: true, encoding: .utf8)
        XCTAssertEqual(try AuditReport.read(path: saved.path).locales, report.locales)
        XCTAssertFalse(HTMLReporter().generateReport(report).contains("<option>qqq</option>"))
        // Asked for by name, it is measured like any localization: its long text is truncated.
        let asked = try audit([spec.path], locales: ["qqq"])
        XCTAssertEqual(asked.locales.filter(\.isAudited).map(\.requested), ["qqq"])
        XCTAssertTrue(asked.findings.contains { $0.locale == "qqq" && $0.rule == .truncated })
        // Only qaa–qtz: Quechua (qu, que) is a language.
        XCTAssertEqual(
            ["qaa", "qqq", "qtz", "qqq-x-doc", "qu", "que", "qua", "q"].map(Auditor.isPrivateUse),
            [true, true, true, true, false, false, false, false])
    }

    /// Writes `SCREEN.yaml` (lowercased), one label showing `key` of the `.lproj` folders in `strings`
    /// in 10 pt, and audits every localization: `localization` is the one left out, for `reason`
    /// (named so in the JSON report, which reads as the encoder writes it), and the others (German
    /// among them) are audited. Returns the spec's path, the report, its text and its JSON.
    func auditLeavingOut(
        _ localization: String, as reason: AuditReport.LocaleResolution.LeftOut, screen: String, strings: String, key: String,
        in work: URL, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (spec: String, report: AuditReport, text: String, json: String) {
        let name = screen.lowercased() + ".yaml"
        try write(
            Data(Self.screenSpec(screen, strings: strings, "{label: \(key), key: \(key), style: body, width: 10}").utf8), at: name, in: work
        )
        let spec = work.appendingPathComponent(name).path
        let report = try audit([spec], locales: nil)
        XCTAssertEqual(
            report.locales.filter { $0.leftOut != nil }.map { [$0.requested, $0.localization] }, [[localization, localization]],
            file: file, line: line)
        XCTAssertEqual(report.locales.first { $0.requested == localization }?.leftOut, reason, file: file, line: line)
        XCTAssertFalse(report.findings.contains { $0.locale == localization }, file: file, line: line)
        XCTAssertTrue(
            report.findings.contains { $0.locale == "de" && $0.rule == .truncated }, "the others are audited", file: file, line: line)
        let json = JSONReporter().generateReport(report)
        XCTAssertEqual(json, JSONReporter().generateReportWithJSONEncoder(report), file: file, line: line)
        XCTAssertTrue(
            json.contains(#""leftOut":"\#(reason.rawValue)""#) || json.contains(#""leftOut" : "\#(reason.rawValue)""#), json, file: file,
            line: line)
        return (spec, report, TextReporter().generateReport(report), json)
    }

    /// Kiwix keeps `igl.lproj` and `dag.lproj` beside its translations (translatewiki exports them)
    /// and leaves them out of its build in its XcodeGen `project.yml` (`excludes: ["**/igl.lproj",
    /// …]` under the `Support` source): no user gets them, and a default run audited them. Now it
    /// leaves them out and says why; asked for by name, they are audited.
    func testALocalizationTheBuildExcludesIsLeftOutAndNamed() throws {
        let work = try temporaryFolder("excluded-from-build")
        func write(_ path: String, _ text: String) throws { try self.write(Data(text.utf8), at: path, in: work) }
        try write(".git/HEAD", "ref: refs/heads/main\n")
        try write(
            "project.yml",
            """
            name: Kiwix
            targets:
              Kiwix:
                type: application
                sources:
                  - path: Support
                    excludes:
                      - "**/igl.lproj"
            """)
        for (l, text) in [("en", "Library"), ("de", "Bibliothek"), ("igl", "Ọjịtẹ")] {
            try write("Support/\(l).lproj/Localizable.strings", "\"library\" = \"\(text)\";\n")
        }
        let (spec, report, text, json) = try auditLeavingOut(
            "igl", as: .excludedFromBuild, screen: "Library", strings: "Support", key: "library", in: work)
        XCTAssertTrue(text.contains("; not audited (the XcodeGen project.yml excludes it from the app's build): igl\n"), text)
        let saved = work.appendingPathComponent("report.json")
        try json.write(to: saved, atomically: true, encoding: .utf8)
        XCTAssertEqual(try AuditReport.read(path: saved.path).locales, report.locales)
        // Asked for by name, it is measured like any localization.
        let asked = try audit([spec], locales: ["igl"])
        XCTAssertEqual(asked.locales.filter(\.isAudited).map(\.requested), ["igl"])
        XCTAssertTrue(asked.findings.contains { $0.locale == "igl" && $0.rule == .truncated })
        // A project that builds the folder whole: igl is audited by default.
        try write("project.yml", "name: Kiwix\ntargets:\n  Kiwix:\n    type: application\n    sources: [Support]\n")
        XCTAssertTrue(try audit([spec], locales: nil).findings.contains { $0.locale == "igl" })
        // A project that builds none of them: the development language is still audited (its text
        // shows wherever a translation lacks a key); the others are left out.
        try write(
            "project.yml",
            "name: Kiwix\ntargets:\n  Kiwix:\n    type: application\n    sources:\n      - path: Support\n        excludes: [\"**/*.lproj\"]\n"
        )
        let none = try audit([spec], locales: nil)
        XCTAssertEqual(none.locales.filter(\.isAudited).map(\.requested), ["en"])
        XCTAssertEqual(none.locales.filter { $0.leftOut == .excludedFromBuild }.map(\.requested), ["de", "igl"])
        XCTAssertTrue(try audit([spec], locales: ["de"]).findings.contains { $0.locale == "de" && $0.rule == .truncated })
    }

    /// A project file in Xcode's format, reduced to what typefit reads: the main group holds the group
    /// `folder`, whose variant group `Localizable.strings` lists `languages` (`de.lproj/…`), built by
    /// a build phase when `buildsStrings`; `extraObjects` are added, and `extraChildren` to `folder`.
    static func pbxproj(
        folder: String, languages: [String], buildsStrings: Bool = true, extraObjects: [String] = [], extraChildren: [String] = []
    ) -> String {
        let refs = languages.map {
            "R\($0) = {isa = PBXFileReference; name = \"\($0)\"; path = \"\($0).lproj/Localizable.strings\"; sourceTree = \"<group>\"; };"
        }
        let build = buildsStrings ? ["B1 = {isa = PBXBuildFile; fileRef = V1 /* Localizable.strings */; };"] : []
        let objects =
            build + refs + extraObjects + [
                "G0 = {isa = PBXGroup; children = (G1); sourceTree = \"<group>\"; };",
                "G1 = {isa = PBXGroup; children = (\((["V1"] + extraChildren).joined(separator: ", "))); path = \"\(folder)\"; sourceTree = \"<group>\"; };",
                "V1 = {isa = PBXVariantGroup; children = (\(languages.map { "R" + $0 }.joined(separator: ", "))); name = Localizable.strings; sourceTree = \"<group>\"; };",
                "P1 = {isa = PBXProject; developmentRegion = en; mainGroup = G0; projectDirPath = \"\"; targets = (); };"
            ]
        return "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = {\n  "
            + objects.joined(separator: "\n  ") + "\n}; rootObject = P1; }\n"
    }

    /// A spec of one screen at Large reading `strings`, its root stack holding `elements` (YAML flow
    /// mappings, one per line).
    static func screenSpec(_ screen: String, strings: String, _ elements: String...) -> String {
        """
        screen: \(screen)
        strings: \(strings)
        categories: [Large]
        content:
          vstack: root
          children:

        """ + elements.map { "    - \($0)" }.joined(separator: "\n")
    }

    /// Nextcloud Talk's project lists `Localizable.strings` in 29 languages; 43 folders on disk hold
    /// it. A default run audited the 14 the app never ships, and their findings could fail the gate.
    /// Here the project lists en and de: ast is left out and named, asked for by name it is audited,
    /// and the development language is audited even where the project does not list it (Brave's
    /// widget keeps `en.lproj` outside its project: English shows wherever a key is missing).
    func testALanguageTheXcodeProjectDoesNotBuildIsLeftOutAndNamed() throws {
        let work = try temporaryFolder("not-in-xcode-project")
        func write(_ path: String, _ text: String) throws { try self.write(Data(text.utf8), at: path, in: work) }
        func project(_ languages: [String]) -> String { Self.pbxproj(folder: "Talk", languages: languages) }
        try write(".git/HEAD", "ref: refs/heads/main\n")
        try write("Talk.xcodeproj/project.pbxproj", project(["en", "de"]))
        for (l, text) in [("en", "Conversations"), ("de", "Unterhaltungen"), ("ast", "Conversaciones")] {
            try write("Talk/\(l).lproj/Localizable.strings", "\"chats\" = \"\(text)\";\n")
        }
        let (spec, _, text, _) = try auditLeavingOut(
            "ast", as: .notInXcodeProject, screen: "Chats", strings: "Talk", key: "chats", in: work)
        XCTAssertTrue(
            text.contains(
                "locales (requested → localization shown): de, en; not audited (the Xcode project builds the table in other languages, not in this one): ast\n"
            ), text)
        // Asked for by name, it is measured like any localization.
        XCTAssertTrue(try audit([spec], locales: ["ast"]).findings.contains { $0.locale == "ast" && $0.rule == .truncated })
        // A project that lists German alone: English, the development language, is still audited.
        try write("Talk.xcodeproj/project.pbxproj", project(["de"]))
        let german = try audit([spec], locales: nil)
        XCTAssertEqual(german.locales.filter(\.isAudited).map(\.requested), ["de", "en"])
        XCTAssertEqual(german.locales.filter { $0.leftOut == .notInXcodeProject }.map(\.requested), ["ast"])
        // A project that lists no language of the table tells nothing: every one is audited.
        try write("Talk.xcodeproj/project.pbxproj", project([]))
        XCTAssertEqual(try audit([spec], locales: nil).locales.filter(\.isAudited).map(\.requested), ["ast", "de", "en"])
    }

    /// Seafile's `zh.lproj/Localizable.strings` holds bytes that are not UTF-8 (a UTF-16 fragment at
    /// line 1105), and its project does not build `zh.lproj`: every audit of the app stopped on a file
    /// the app never ships. A default run now leaves it out and names it; asked for by name, the
    /// file's error is raised, with its line and column.
    func testAnUnreadableFileOfALanguageTheBuildLeavesOutDoesNotStopTheAudit() throws {
        let work = try temporaryFolder("unreadable-unshipped")
        func write(_ path: String, _ data: Data) throws { try self.write(data, at: path, in: work) }
        try write(".git/HEAD", Data("ref: refs/heads/main\n".utf8))
        try write(
            "Seafile.xcodeproj/project.pbxproj", Data(Self.pbxproj(folder: "Supporting Files", languages: ["en", "de"]).utf8))
        try write("Supporting Files/en.lproj/Localizable.strings", Data("\"upload\" = \"Upload\";\n".utf8))
        try write("Supporting Files/de.lproj/Localizable.strings", Data("\"upload\" = \"Hochladen\";\n".utf8))
        // Line 2, column 13: a byte that starts no UTF-8 sequence.
        try write(
            "Supporting Files/zh.lproj/Localizable.strings",
            Data("\"a\" = \"b\";\n\"upload\" = \"".utf8) + Data([0x86, 0x4E]) + Data("\";\n".utf8))
        try write(
            "upload.yaml",
            Data(
                """
                screen: Upload
                strings: Supporting Files
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - {label: upload, key: upload, style: body}
                """.utf8))
        let spec = work.appendingPathComponent("upload.yaml").path
        let report = try audit([spec], locales: nil)
        XCTAssertEqual(report.locales.filter(\.isAudited).map(\.requested), ["de", "en"])
        XCTAssertEqual(report.locales.first { $0.requested == "zh" }?.leftOut, .notInXcodeProject)
        XCTAssertThrowsError(try audit([spec], locales: ["zh"])) { error in
            let e = error as? InputError
            XCTAssertEqual(e?.file.hasSuffix("Supporting Files/zh.lproj/Localizable.strings"), true, "\(error)")
            XCTAssertEqual([e?.line, e?.column], [2, 13], "\(error)")
            XCTAssertTrue(e?.message.contains("not valid UTF-8") ?? false, "\(error)")
        }
        // `init` starts from the folder too, and the CLI's default audit of what it wrote runs.
        let started = try TypefitCommand.run(["init", "--strings", "Supporting Files"], in: work)
        XCTAssertEqual(started.code, 0, started.err)
        let audited = try TypefitCommand.run(["audit", "Specs", "--categories", "large"], in: work)
        XCTAssertTrue(audited.code == 0 || audited.code == 1, audited.err)
        XCTAssertTrue(
            audited.out.contains("; not audited (the Xcode project builds the table in other languages, not in this one): zh\n"),
            audited.out)
        // A language the project builds is read as before: its broken file stops the audit.
        try FileManager.default.moveItem(
            at: work.appendingPathComponent("Supporting Files/zh.lproj/Localizable.strings"),
            to: work.appendingPathComponent("Supporting Files/de.lproj/Localizable.strings.tmp"))
        try FileManager.default.removeItem(at: work.appendingPathComponent("Supporting Files/de.lproj/Localizable.strings"))
        try FileManager.default.moveItem(
            at: work.appendingPathComponent("Supporting Files/de.lproj/Localizable.strings.tmp"),
            to: work.appendingPathComponent("Supporting Files/de.lproj/Localizable.strings"))
        XCTAssertThrowsError(try audit([spec], locales: nil)) { error in
            XCTAssertTrue((error as? InputError)?.file.hasSuffix("de.lproj/Localizable.strings") ?? false, "\(error)")
        }
    }

    /// Jami keeps `zh_CN.GB2312.lproj` and `zh_TW.Big5.lproj` (POSIX names with a code set) beside
    /// the 47 localizations its project builds: their names are no locale names, and every audit and
    /// `init` of the app stopped on them. A folder the build leaves out is not read, whatever its
    /// name; without a project to say so, the name is still an error.
    func testAnUnbuiltFolderWhoseNameIsNoLocaleIsLeftOut() throws {
        let work = try temporaryFolder("unbuilt-posix-name")
        func write(_ path: String, _ text: String) throws { try self.write(Data(text.utf8), at: path, in: work) }
        try write(".git/HEAD", "ref: refs/heads/main\n")
        try write("Ring.xcodeproj/project.pbxproj", Self.pbxproj(folder: "Ring", languages: ["en", "de"]))
        for (l, text) in [("en", "End call"), ("de", "Anruf beenden"), ("zh_CN.GB2312", "结束通话")] {
            try write("Ring/\(l).lproj/Localizable.strings", "\"call.end\" = \"\(text)\";\n")
        }
        try write("call.yaml", Self.screenSpec("Call", strings: "Ring", "{button: end, key: call.end, style: body}"))
        let spec = work.appendingPathComponent("call.yaml").path
        XCTAssertEqual(try audit([spec], locales: nil).locales.filter(\.isAudited).map(\.requested), ["de", "en"])
        try FileManager.default.removeItem(at: work.appendingPathComponent("Ring.xcodeproj"))
        XCTAssertThrowsError(try audit([spec], locales: nil)) { error in
            XCTAssertTrue("\(error)".contains("zh_CN.GB2312.lproj: error: invalid locale name"), "\(error)")
        }
    }

    /// Each key an element may show is checked in the job's locale, whether the layout shows it (the
    /// field's text, or its placeholder when it has no text: resolved once per job with the layout,
    /// `StateAuditor.keyCandidates`) or not (a field's placeholder beside its text, resolved alone):
    /// an untranslated placeholder beside a translated text is named, and only it.
    func testUntranslatedPlaceholdersBesideAndInsteadOfATextAreNamed() throws {
        let work = try temporaryFolder("untranslated-placeholders")
        func write(_ path: String, _ text: String) throws { try self.write(Data(text.utf8), at: path, in: work) }
        func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }
        try write(
            "Resources/Localizable.xcstrings",
            #"{"sourceLanguage": "en", "version": "1.0", "strings": {"#
                + #""email": {"localizations": {"en": \#(unit("Email")), "de": \#(unit("E-Mail"))}}, "#
                + #""enterEmail": {"localizations": {"en": \#(unit("Enter your email"))}}, "#
                + #""search": {"localizations": {"en": \#(unit("Search"))}}}}"#)
        try write(
            "Specs/form.yaml",
            Self.screenSpec(
                "Form", strings: "../Resources/Localizable.xcstrings",
                "{textField: withText, key: email, placeholderKey: enterEmail, style: body}",
                "{textField: placeholderOnly, placeholderKey: search, style: body}"))
        let report = try audit([work.appendingPathComponent("Specs/form.yaml").path], locales: ["de"])
        let untranslated = report.findings.filter { $0.rule == .untranslated }
        XCTAssertEqual(untranslated.map(\.element), ["withText", "placeholderOnly"])
        XCTAssertEqual(
            untranslated.map(\.message),
            [
                "not translated into de: enterEmail shows the source text \"Enter your email\"",
                "not translated into de: search shows the source text \"Search\""
            ])
    }

    /// Mullvad moved `InfoPlist` to a String Catalog, and ownCloud `Localizable`: the old `.lproj`
    /// files stayed on disk beside the catalog (19 and 12 of them), and the project builds the
    /// catalog, not them. A spec naming the folder checked strings the app no longer ships; now it
    /// is an error at the spec's `strings` line that names the catalog, `init` refuses the folder
    /// and offers the catalog, and the catalog itself audits.
    func testLprojFilesAProjectReplacedWithAStringCatalogAreNotAudited() throws {
        let work = try temporaryFolder("replaced-by-catalog")
        func write(_ path: String, _ text: String) throws { try self.write(Data(text.utf8), at: path, in: work) }
        // As Mullvad's project has it: the variant group is still in a group, in no build phase.
        func project(buildsVariantGroup: Bool, buildsCatalog: Bool) -> String {
            Self.pbxproj(
                folder: "Resources", languages: ["en", "de"], buildsStrings: buildsVariantGroup,
                extraObjects: [
                    "C1 = {isa = PBXFileReference; lastKnownFileType = text.json.xcstrings; path = Localizable.xcstrings; sourceTree = \"<group>\"; };"
                ] + (buildsCatalog ? ["B2 = {isa = PBXBuildFile; fileRef = C1 /* Localizable.xcstrings */; };"] : []),
                extraChildren: ["C1"])
        }
        try write(".git/HEAD", "ref: refs/heads/main\n")
        try write("App.xcodeproj/project.pbxproj", project(buildsVariantGroup: false, buildsCatalog: true))
        try write("Resources/en.lproj/Localizable.strings", "\"files\" = \"Files (old)\";\n")
        try write("Resources/de.lproj/Localizable.strings", "\"files\" = \"Dateien (alt)\";\n")
        try write(
            "Resources/Localizable.xcstrings",
            #"{"sourceLanguage": "en", "version": "1.0", "strings": {"files": {"localizations": {"#
                + #""en": {"stringUnit": {"state": "translated", "value": "Files"}}, "#
                + #""de": {"stringUnit": {"state": "translated", "value": "Dateien"}}}}}}"#)
        let screen = { (strings: String) in Self.screenSpec("Files", strings: strings, "{label: files, key: files, style: body}") }
        try write("Specs/files.yaml", screen("../Resources"))
        let spec = work.appendingPathComponent("Specs/files.yaml").path
        XCTAssertThrowsError(try audit([spec], locales: nil)) { error in
            let e = error as? InputError
            XCTAssertEqual(e?.file, spec, "\(error)")
            XCTAssertEqual([e?.line, e?.column], [2, 10], "\(error)")
            XCTAssertTrue(
                e?.message.contains(
                    "the Xcode project builds the String Catalog \(work.appendingPathComponent("Resources/Localizable.xcstrings").standardizedFileURL.path) for table Localizable, and none of the .lproj folders' Localizable.strings or Localizable.stringsdict files: they are left over"
                ) ?? false, "\(error)")
            XCTAssertEqual(e?.hint, "name the catalog: strings: ../Resources/Localizable.xcstrings", "\(error)")
        }
        // The CLI: exit 2 at the spec's line; init refuses the folder and offers the catalog.
        let refused = try TypefitCommand.run(["audit", "Specs/files.yaml"], in: work)
        XCTAssertEqual(refused.code, 2, refused.err)
        XCTAssertTrue(refused.err.hasPrefix("Specs/files.yaml:2:10: error: strings "), refused.err)
        let initFolder = try TypefitCommand.run(["init", "--strings", "Resources"], in: work)
        XCTAssertEqual(initFolder.code, 2, initFolder.err)
        XCTAssertTrue(
            initFolder.err.contains("start from the catalog: typefit init --catalog Resources/Localizable.xcstrings"), initFolder.err)
        let plain = try TypefitCommand.run(["init"], in: work)
        XCTAssertEqual(plain.code, 0, plain.err)
        XCTAssertTrue(
            plain.err.contains(
                "next: `typefit init --catalog Resources/Localizable.xcstrings` writes a first spec for the String Catalog Resources/Localizable.xcstrings, then run"
            ), plain.err)
        // The catalog is what the app shows.
        try write("Specs/files.yaml", screen("../Resources/Localizable.xcstrings"))
        XCTAssertEqual(try audit([spec], locales: nil).locales.filter(\.isAudited).map(\.requested), ["de", "en"])
        // A project that builds the .lproj files (too), or does not build the catalog, ships them: they are read.
        try write("Specs/files.yaml", screen("../Resources"))
        for (variants, catalog) in [(true, true), (true, false), (false, false)] {
            try write("App.xcodeproj/project.pbxproj", project(buildsVariantGroup: variants, buildsCatalog: catalog))
            XCTAssertEqual(
                try audit([spec], locales: nil).locales.filter(\.isAudited).map(\.requested), ["de", "en"], "\(variants) \(catalog)")
        }
        // Trio builds `InfoPlist.xcstrings` and keeps an unbuilt `en.lproj/infoPlist.strings`: the
        // catalog replaced it all the same (Xcode writes the catalog's strings as `InfoPlist.strings`).
        try write("App.xcodeproj/project.pbxproj", project(buildsVariantGroup: false, buildsCatalog: true))
        try FileManager.default.removeItem(at: work.appendingPathComponent("Resources/de.lproj"))
        try FileManager.default.moveItem(
            at: work.appendingPathComponent("Resources/en.lproj/Localizable.strings"),
            to: work.appendingPathComponent("Resources/en.lproj/localizable.strings"))
        try write("Specs/files.yaml", screen("{path: ../Resources, table: localizable}"))
        XCTAssertThrowsError(try audit([spec], locales: nil)) { error in
            XCTAssertEqual((error as? InputError)?.hint, "name the catalog: strings: ../Resources/Localizable.xcstrings", "\(error)")
        }
        let lowercase = try TypefitCommand.run(["init", "--strings", "Resources", "--table", "localizable"], in: work)
        XCTAssertEqual(lowercase.code, 2, lowercase.err)
        XCTAssertTrue(
            lowercase.err.contains("start from the catalog: typefit init --catalog Resources/Localizable.xcstrings"), lowercase.err)
    }

    /// Open Food Facts repeats `generic.cancel` in its English `Localizable.strings`, and every
    /// translation copied the repeat: the fix for English said "fix the translation", where the
    /// source string is what to fix. The fix names the file (xDrip's named the folder holding 18
    /// languages' files).
    func testAStringProblemInTheDevelopmentLanguageIsNotCalledATranslation() throws {
        let work = try temporaryFolder("source-duplicate")
        func write(_ path: String, _ text: String) throws { try self.write(Data(text.utf8), at: path, in: work) }
        try write("Strings/en.lproj/Localizable.strings", "\"generic.cancel\" = \"Cancel\";\n\"generic.cancel\" = \"Cancel\";\n")
        try write("Strings/de.lproj/Localizable.strings", "\"generic.cancel\" = \"Abbrechen\";\n\"generic.cancel\" = \"Abbrechen\";\n")
        try write("cancel.yaml", Self.screenSpec("Cancel", strings: "Strings", "{button: cancel, key: generic.cancel, style: body}"))
        let findings = try audit([work.appendingPathComponent("cancel.yaml").path], locales: nil).findings.filter {
            $0.rule == .stringProblem
        }
        XCTAssertEqual(findings.map { $0.locale ?? "" }.sorted(), ["de", "en"])
        for f in findings {
            XCTAssertEqual(
                f.message,
                "generic.cancel: key appears twice in \(f.locale ?? "").lproj/Localizable.strings (lines 1 and 2); the last value is used")
            let what = f.locale == "en" ? "the development language's string" : "the translation"
            // The file to fix, not the folder of every language's (xDrip's named a folder of 18).
            let file = work.appendingPathComponent("Strings/\(f.locale ?? "").lproj/Localizable.strings").path
            XCTAssertEqual(f.fix, "fix \(what) in \(Auditor.displayPath(file))", f.locale ?? "")
        }
    }

    /// Rocket.Chat's Polish `"auth.login.create_account" = "\Utwórz konto";` (pl.lproj, line 131):
    /// typefit refused the file, so no audit and no `init` of the app ran at all. Foundation reads
    /// `\U` without digits as U+0000 and keeps the string; now so does typefit (U+0000 measures as
    /// nothing), and the slip is a `string-problem` of that string in that locale.
    func testAUnicodeEscapeWithoutDigitsIsAProblemOfItsStringNotOfTheRun() throws {
        let work = try temporaryFolder("empty-escape")
        func write(_ path: String, _ text: String) throws { try self.write(Data(text.utf8), at: path, in: work) }
        try write("Resources/en.lproj/Localizable.strings", "\"auth.login.create_account\" = \"Create account\";\n")
        try write("Resources/pl.lproj/Localizable.strings", "\n\"auth.login.create_account\" = \"\\Utwórz konto\";\n")
        try write(
            "login.yaml", Self.screenSpec("Login", strings: "Resources", "{button: create, key: auth.login.create_account, style: body}"))
        let report = try audit([work.appendingPathComponent("login.yaml").path], locales: nil)
        let problems = report.findings.filter { $0.rule == .stringProblem }
        XCTAssertEqual(problems.map { $0.locale ?? "" }, ["pl"])
        XCTAssertEqual(
            problems.first?.message,
            "auth.login.create_account: \\U without hex digits in pl.lproj/Localizable.strings (line 2, column 32) is U+0000 to Foundation, which typefit measures as nothing: the string reads \"twórz konto\" (a letter lost after a backslash?)"
        )
        XCTAssertEqual(
            problems.first?.fix,
            "fix the translation in \(Auditor.displayPath(work.appendingPathComponent("Resources/pl.lproj/Localizable.strings").path))")
        XCTAssertEqual(Set(report.locales.filter(\.isAudited).map(\.requested)), ["en", "pl"])
        // U+0000 is measured as nothing, not as a missing glyph.
        XCTAssertFalse(report.findings.contains { $0.rule == .missingGlyphs }, "\(report.findings)")
    }

    /// Jami's Dutch `Localizable.strings` has `";;"` on line 70: Foundation stops reading there, and
    /// the app shows the development language for every string after it. typefit refused the file,
    /// stopping every audit and `init` of the app. Now the strings after the stop are each a
    /// `string-problem` in that locale, and measured as the app shows them (untranslated). xDrip's
    /// files ending in `";;"` lose nothing and raise nothing.
    func testStringsAfterWhereFoundationStopsReadingAreProblemsOfTheirOwn() throws {
        let work = try temporaryFolder("foundation-stops")
        func write(_ path: String, _ text: String) throws { try self.write(Data(text.utf8), at: path, in: work) }
        try write(
            "Ring/en.lproj/Localizable.strings",
            "\"conversation.synchronizationMessage\" = \"Waiting for %@ to connect\";\n\"call.end\" = \"End call\";\n")
        try write(
            "Ring/nl-NL.lproj/Localizable.strings",
            "\"conversation.synchronizationMessage\" = \"Wachten op %@\";;\n\"call.end\" = \"Gesprek beëindigen\";\n")
        try write("Ring/de.lproj/Localizable.strings", "\"call.end\" = \"Anruf beenden\";;\n")
        try write("call.yaml", Self.screenSpec("Call", strings: "Ring", "{button: end, key: call.end, style: body}"))
        let report = try audit([work.appendingPathComponent("call.yaml").path], locales: nil)
        let problems = report.findings.filter { $0.rule == .stringProblem }
        XCTAssertEqual(problems.map { $0.locale ?? "" }, ["nl-NL"])
        XCTAssertEqual(
            problems.first?.message,
            "call.end: not read: Foundation stops reading nl-NL.lproj/Localizable.strings at line 1, column 57, at ';' where a key should start, and this string (line 2) comes after it; the app shows what it shows for a missing translation"
        )
        // As the app shows it: the source text, untranslated in nl-NL; German, whose file ends in ";;", is read whole.
        XCTAssertEqual(report.findings.filter { $0.rule == .untranslated }.map { $0.locale ?? "" }, ["nl-NL"])
    }

    /// Open Food Facts' Santali (Ol Chiki) and Berber (Tifinagh) buttons: no bundled font has those
    /// scripts, and the finding said only "U+1C75 U+1C5F …". It now names the script (Unicode's
    /// name, PropertyValueAliases.txt), what a reader looks a font up by. Odia, which iOS's cascade
    /// draws (Noto Sans Oriya), is measured and not reported.
    func testMissingGlyphsNameTheirScript() throws {
        let work = try temporaryFolder("missing-scripts")
        func write(_ path: String, _ text: String) throws { try self.write(Data(text.utf8), at: path, in: work) }
        for (locale, text) in [
            ("en", "Close"), ("sat", "ᱵᱟᱹᱰᱨᱟᱹ"), ("ber", "ⵙⵙⵔ"), ("or", "ବନ୍ଦ କରନ୍ତୁ"), ("kab", "ᱵᱟᱫᱽ ⵙⵙⵔ"), ("tzm", "ᱵᱟᱫᱽ \u{1FBFA}")
        ] {
            try write("Strings/\(locale).lproj/Localizable.strings", "\"generic.close\" = \"\(text)\";\n")
        }
        try write(
            "close.yaml",
            """
            screen: Close
            strings: Strings
            categories: [Large]
            content:
              vstack: root
              children:
                - {button: close, key: generic.close, style: body}
                - {label: narrow, key: generic.close, style: body, width: 12}
                - {label: wrapped, key: generic.close, style: body, numberOfLines: 0, width: 60}
            """)
        let report = try audit([work.appendingPathComponent("close.yaml").path], locales: ["en", "sat", "ber", "or", "kab", "tzm"])
        let missing = Dictionary(
            uniqueKeysWithValues: report.findings.filter { $0.rule == .missingGlyphs && $0.element == "close" }.map {
                ($0.locale ?? "", $0.message)
            })
        XCTAssertEqual(missing.keys.sorted(), ["ber", "kab", "sat", "tzm"])
        XCTAssertTrue(missing["sat"]?.hasPrefix("5 character(s) of the Ol Chiki script have no glyph in any font") ?? false, "\(missing)")
        XCTAssertTrue(missing["ber"]?.hasPrefix("2 character(s) of the Tifinagh script have no glyph in any font") ?? false, "\(missing)")
        XCTAssertTrue(
            missing["kab"]?.hasPrefix("6 character(s) of the Ol Chiki and Tifinagh scripts have no glyph") ?? false, "\(missing)")
        // A character of no one script (U+1FBFA, unassigned in Unicode 15) is not said to be Ol Chiki.
        XCTAssertTrue(
            missing["tzm"]?.hasPrefix("5 character(s) of the Ol Chiki script and others have no glyph") ?? false, "\(missing)")
        // A width measured with boxes for those characters says so: a device that draws them needs
        // another width. Text every font covers does not.
        let truncated = report.findings.filter { $0.rule == .truncated && $0.element == "narrow" }
        XCTAssertEqual(Set(truncated.map { $0.locale ?? "" }), ["ber", "en", "or", "sat", "kab", "tzm"])
        for f in truncated {
            XCTAssertEqual(
                f.message.hasSuffix("; " + MissingGlyphsRule.measuredNote), ["ber", "sat", "kab", "tzm"].contains(f.locale ?? ""), f.message
            )
        }
        let split = report.findings.filter { $0.rule == .wordSplit && $0.element == "wrapped" }
        XCTAssertTrue(split.contains { $0.locale == "sat" }, "\(split.map(\.message))")
        for f in split {
            XCTAssertEqual(
                f.message.hasSuffix("; " + MissingGlyphsRule.measuredNote), ["ber", "sat", "kab", "tzm"].contains(f.locale ?? ""), f.message
            )
        }
        // The same words when the findings are read back from records (a run over its memory limit).
        var options = AuditOptions()
        options.paths = [work.appendingPathComponent("close.yaml").path]
        options.locales = ["en", "sat", "ber", "or", "kab", "tzm"]
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        options.findingMemoryLimit = 0
        let spilled = try Auditor(options: options).run()
        XCTAssertTrue(spilled.findingList.store.isSpilled)
        XCTAssertEqual(spilled.findings.map(\.message), report.findings.map(\.message))
    }

    /// An old project's folders are named by language (`English.lproj`, `French.lproj`,
    /// `Japanese.lproj`: Xcode's layout until about 2011). A bundle reads each as its language
    /// (CFLocaleIdentifier.c's `oldAppleLocaleToCanonical`) and takes `English.lproj` for the
    /// development region `en`. typefit audited them as languages named "french" and "japanese":
    /// French's plural `one` form, which CLDR gives 1 (and which the app shows), was never checked.
    func testOldLanguageNamedFoldersAreAuditedAsTheirLanguages() throws {
        let work = try temporaryFolder("old-names")
        let strings = work.appendingPathComponent("Strings")
        func write(_ folder: String, _ file: String, _ text: String) throws {
            let dir = strings.appendingPathComponent("\(folder).lproj")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try text.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        func plural(one: String, other: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
              <key>n</key><dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>\(one)</string>
                <key>other</key><string>\(other)</string>
              </dict></dict></dict></plist>
            """
        }
        try write("English", "Localizable.strings", #""hello" = "Hello";"#)
        try write("English", "Localizable.stringsdict", plural(one: "%d file", other: "%d files"))
        try write("French", "Localizable.strings", #""hello" = "Bonjour";"#)
        try write("French", "Localizable.stringsdict", plural(one: "%d fichier", other: "%d fichiers"))
        try write("Japanese", "Localizable.strings", #""hello" = "こんにちは";"#)
        let spec = work.appendingPathComponent("files.yaml")
        // 10 pt wide: every text is truncated, so each finding quotes the text shown.
        func writeSpec(strings: String, arguments: String) throws {
            try """
            screen: Files
            strings: \(strings)
            categories: [Large]
            content:
              vstack: root
              children:
                - {label: files, key: files, \(arguments)style: body, width: 10}
            """.write(to: spec, atomically: true, encoding: .utf8)
        }
        try writeSpec(strings: "Strings", arguments: "arguments: [1], ")
        let report = try audit([spec.path], locales: nil)
        // No developmentLanguage: `en` is English.lproj, as in a bundle; each folder is its code.
        XCTAssertEqual(
            report.locales.map { [$0.requested, $0.localization] }, [["en", "English"], ["fr", "French"], ["ja", "Japanese"]])
        XCTAssertEqual(report.sourceLanguages, ["en"])
        func shown(_ report: AuditReport, _ locale: String) -> Set<String> {
            Set(report.findings.filter { $0.rule == .truncated && $0.locale == locale }.compactMap(\.numbers.text))
        }
        XCTAssertEqual(shown(report, "fr"), ["1 fichier"])
        XCTAssertEqual(shown(report, "en"), ["1 file"])
        // Japanese has no stringsdict: the English text shows, and the fix names the folder as it is.
        XCTAssertEqual(shown(report, "ja"), ["1 file"])
        let untranslated = try XCTUnwrap(report.findings.first { $0.rule == .untranslated })
        XCTAssertEqual(untranslated.locale, "ja")
        XCTAssertTrue(try XCTUnwrap(untranslated.fix).contains("/Japanese.lproj/Localizable.stringsdict"), untranslated.fix ?? "")
        // Asked for by code or by the old name, French is the same language.
        for asked in ["fr", "French"] {
            let french = try audit([spec.path], locales: [asked])
            XCTAssertEqual(french.locales.filter(\.isAudited).map { [$0.requested, $0.localization] }, [["fr", "French"]])
            XCTAssertEqual(shown(french, "fr"), ["1 fichier"])
        }
        // Named as the project names it (`developmentRegion = English`), the development language
        // is the same folder.
        try writeSpec(strings: "{path: Strings, developmentLanguage: English}", arguments: "")
        let named = try audit([spec.path], locales: nil)
        XCTAssertEqual(named.locales.map(\.requested), ["en", "fr", "ja"])
        // Without a given number, French is checked as a folder named `fr` is: the same findings.
        try FileManager.default.moveItem(at: strings.appendingPathComponent("French.lproj"), to: strings.appendingPathComponent("fr.lproj"))
        let code = try audit([spec.path], locales: nil)
        XCTAssertEqual(code.locales.map { [$0.requested, $0.localization] }, [["en", "English"], ["fr", "fr"], ["ja", "Japanese"]])
        XCTAssertEqual(named.findings.map(\.message), code.findings.map(\.message))
        XCTAssertTrue(named.findings.contains { $0.locale == "fr" })
    }

    /// Open Food Facts' app ships `lol.lproj`, Crowdin In-Context's pseudo-language: every string is
    /// an identifier the on-screen editor replaces ("Integrated pseudo-language contains special
    /// identifiers instead of the original texts", Crowdin's documentation). A default run audited it
    /// as a language and its identifiers led the word-split problems; it is left out now, and named.
    func testCrowdinsInContextPseudolanguageIsLeftOutAndNamed() throws {
        // Open Food Facts' lol.lproj/Localizable.strings, its three shapes: plain, %d, %1$@.
        let work = try fixtureResources(
            "in-context", adding: "lol",
            #"""
            "SignInWithGoogle" = "crwdns154292:0crwdne154292:0";
            "Other" = "crwdns154320:0%dcrwdne154320:0";
            "Third" = "crwdns191307:0%1$@crwdne191307:0";
            """#)
        let lol = work.appendingPathComponent("Resources/lol.lproj")
        let spec = try googleSpec(in: work, width: 120)
        let report = try audit([spec.path], locales: nil)
        XCTAssertEqual(report.locales.first { $0.requested == "lol" }?.leftOut, .inContextPseudolanguage)
        XCTAssertFalse(report.findings.contains { $0.locale == "lol" })
        XCTAssertFalse(report.elements.contains { $0.locale == "lol" })
        XCTAssertTrue(report.findings.contains { $0.locale == "de" }, "the others are audited")
        let text = TextReporter().generateReport(report)
        XCTAssertTrue(
            text.contains("; not audited (Crowdin In-Context's pseudo-language, whose strings are crwdns… identifiers, not text): lol"),
            text)
        let json = JSONReporter().generateReport(report)
        XCTAssertEqual(json, JSONReporter().generateReportWithJSONEncoder(report))
        XCTAssertTrue(
            json.contains(#""leftOut":"in-context-pseudolanguage""#) || json.contains(#""leftOut" : "in-context-pseudolanguage""#), json)
        let saved = work.appendingPathComponent("report.json")
        try json.write(to: saved, atomically: true, encoding: .utf8)
        XCTAssertEqual(try AuditReport.read(path: saved.path).locales, report.locales)
        // Asked for by name, it is measured.
        let asked = try audit([spec.path], locales: ["lol"])
        XCTAssertEqual(asked.locales.filter(\.isAudited).map(\.requested), ["lol"])
        XCTAssertTrue(asked.findings.contains { $0.locale == "lol" && $0.rule == .truncated })
        // A real translation that quotes one identifier among its strings is a language.
        try #"""
        "SignInWithGoogle" = "Mit Google anmelden";
        "Other" = "crwdns154320:0%dcrwdne154320:0";
        """#.write(to: lol.appendingPathComponent("FirebaseGoogleAuthUI.strings"), atomically: true, encoding: .utf8)
        XCTAssertNil(try audit([spec.path], locales: nil).locales.first { $0.requested == "lol" }?.leftOut)
    }

    /// A key the catalog marks stale (no source file uses it any more) is said to be stale, not
    /// "not in table": it is in the file, and the user would look for it there.
    func testAStaleCatalogKeyIsCalledStale() throws {
        let work = try temporaryFolder("stale")
        try #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Welcome back": {"extractionState": "stale", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Willkommen zurück"}}}},
          "Other": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Andere"}}}}}}
        """#.write(to: work.appendingPathComponent("L.xcstrings"), atomically: true, encoding: .utf8)
        func refusal(_ key: String) throws -> InputError? {
            let spec = work.appendingPathComponent("s.yaml")
            try
                "screen: S\nstrings: L.xcstrings\ncontent:\n  vstack: root\n  children:\n    - {label: title, key: \"\(key)\", style: body}\n"
                .write(to: spec, atomically: true, encoding: .utf8)
            var caught: InputError?
            XCTAssertThrowsError(try audit([spec.path], locales: ["de"])) { caught = $0 as? InputError }
            return caught
        }
        let stale = try XCTUnwrap(try refusal("Welcome back"))
        XCTAssertEqual([stale.line, stale.column], [6, 15])
        XCTAssertTrue(stale.message.hasPrefix("key 'Welcome back' is stale in table 'L' ("), stale.message)
        XCTAssertTrue(
            stale.message.hasSuffix(
                "L.xcstrings): Xcode marks a key `extractionState: stale` when no source file uses it any more, and typefit leaves stale keys out"
            ), stale.message)
        let missing = try XCTUnwrap(try refusal("Welcome"))
        XCTAssertTrue(missing.message.hasPrefix("key 'Welcome' is not in table 'L' ("), missing.message)
    }

    /// A key kept in a `.stringsdict` (plurals): the HTML report links the development language's
    /// file that holds it, and the untranslated fix names the `.stringsdict` to translate it in.
    func testAStringsdictKeyIsFoundInItsOwnFile() throws {
        let work = try temporaryFolder("stringsdict-file")
        for locale in ["en", "de"] {
            try FileManager.default.createDirectory(
                at: work.appendingPathComponent("Strings/\(locale).lproj"), withIntermediateDirectories: true)
        }
        try #""title" = "Messages";"#.write(
            to: work.appendingPathComponent("Strings/en.lproj/Plurals.strings"), atomically: true, encoding: .utf8)
        try #""title" = "Nachrichten";"#.write(
            to: work.appendingPathComponent("Strings/de.lproj/Plurals.strings"), atomically: true, encoding: .utf8)
        let plural = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>count</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>%d new message</string><key>other</key><string>%d new messages</string></dict>
            </dict></dict></plist>
            """
        let sourceFile = work.appendingPathComponent("Strings/en.lproj/Plurals.stringsdict")
        try plural.write(to: sourceFile, atomically: true, encoding: .utf8)
        let spec = work.appendingPathComponent("inbox.yaml")
        try """
        screen: Inbox
        strings: {path: Strings, table: Plurals}
        categories: [Large]
        locales: [de]
        content:
          vstack: root
          children:
            - {label: title, key: title, style: body}
            - {label: count, key: count, style: body}
        """.write(to: spec, atomically: true, encoding: .utf8)
        var options = AuditOptions()
        options.paths = [spec.path]
        options.keepPreviews = true
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        let report = try Auditor(options: options).run()
        let pictures = try XCTUnwrap(report.pictures)
        let specPath = try XCTUnwrap(report.findings.first?.spec)
        let count = pictures.stringKeys(spec: specPath, element: "count")
        XCTAssertEqual(count.map(\.key), ["count"])
        XCTAssertEqual(
            try count.map { try XCTUnwrap(URL(fileURLWithPath: $0.file).resolvingSymlinksInPath()) },
            [sourceFile.resolvingSymlinksInPath()], "the file that holds it, not en.lproj/Plurals.strings")
        XCTAssertEqual(
            pictures.stringKeys(spec: specPath, element: "title").map { URL(fileURLWithPath: $0.file).lastPathComponent },
            ["Plurals.strings"])
        let untranslated = try XCTUnwrap(report.findings.first { $0.rule == .untranslated })
        XCTAssertEqual(untranslated.element, "count")
        XCTAssertTrue(untranslated.fix?.hasSuffix("/de.lproj/Plurals.stringsdict") ?? false, "\(String(describing: untranslated.fix))")
        XCTAssertTrue(
            untranslated.fix?.hasPrefix("translate it in ") ?? false, "de.lproj has the table: \(String(describing: untranslated.fix))")
    }

    func testALocaleTheStringsLackIsAnError() {
        XCTAssertThrowsError(try audit(locales: ["de", "fr"])) { error in
            let e = error as? InputError
            XCTAssertEqual(e?.file, "--locales")
            XCTAssertTrue(e?.message.contains("locale 'fr', French, is not a localization of") ?? false, "\(error)")
            // French was asked for: another language is no "did you mean" (it offered 'ar', Arabic).
            XCTAssertFalse(e?.hint?.contains("did you mean") ?? true, "\(error)")
            XCTAssertTrue(
                e?.hint?.contains("localizations: ar, de, el, en, es, es-419, he, ja, nb, pt-BR, zh-Hans, zh-Hant") ?? false, "\(error)")
            XCTAssertEqual(e?.message.components(separatedBy: "Resources").count, 2, "the folder named once: \(error)")
        }
    }

    func testErrorsAboutAStringsFolderNameTheSpecLine() throws {
        let work = try temporaryFolder("strings-folder")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        let spec = work.appendingPathComponent("a.yaml")
        try "screen: A\n# a comment\nstrings: {path: Empty, table: FirebaseAuthUI}\ncontent: {label: a, key: k}\n".write(
            to: spec, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try audit([spec.path], locales: nil)) { error in
            let e = error as? InputError
            XCTAssertEqual(e?.file, spec.path)
            XCTAssertEqual(e?.line, 3)
            XCTAssertTrue(e?.message.contains("no .lproj folders") ?? false, "\(error)")
        }
    }

    func testAKeyInAnotherTableSaysWhichTable() throws {
        let work = try temporaryFolder("key-table")
        let spec = work.appendingPathComponent("a.yaml")
        try """
        screen: A
        strings:
          - {path: \(Self.fixture.appendingPathComponent("Resources").path), table: FirebaseAuthUI}
          - {path: \(Self.fixture.appendingPathComponent("Resources").path), table: FirebaseGoogleAuthUI}
        content: {label: a, key: SignInWithGoogle}
        """.write(to: spec, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try audit([spec.path], locales: ["en"])) { error in
            let e = error as? InputError
            XCTAssertEqual(e?.line, 5)
            XCTAssertTrue(e?.message.contains("key 'SignInWithGoogle' is not in table 'FirebaseAuthUI'") ?? false, "\(error)")
            XCTAssertEqual(e?.hint, "it is in table 'FirebaseGoogleAuthUI': add 'table: FirebaseGoogleAuthUI'")
        }
    }

    /// The `$ typefit …` examples of docs/locales.md run from the repository root and print the lines
    /// the doc shows (standard output and error together; `…` skips lines).
    func testTheLocalesDocExamplesRun() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/locales.md"), encoding: .utf8)
        let examples = DocExamples.examples(in: doc)
        XCTAssertEqual(examples.count, 5)
        for (command, expected) in examples {
            let r = try TypefitCommand.run(DocExamples.arguments(command), in: Self.root)
            if let line = DocExamples.missingLine(expected, in: (r.out + r.err).components(separatedBy: "\n")) {
                XCTFail("\(command): the doc shows a line that is not in the output:\n\(line)\n--- output:\n\(r.out + r.err)")
            }
        }
    }
}
