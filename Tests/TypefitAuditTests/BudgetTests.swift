import Foundation
import TypefitCore
import TypefitLayout
import TypefitSpec
import TypefitStrings
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `typefit budgets`: the room of each key equals the audit's own available width, and a
/// translation's verdict is the engine's (docs/budgets.md).
final class BudgetTests: XCTestCase {
    static let root = AuditTests.root
    static let fixture = root.appendingPathComponent("Tests/TypefitAuditTests/Fixtures/firebaseui")
    static let fonts = root.appendingPathComponent("Fonts").path

    func options(_ paths: [String], locales: [String]?, categories: [ContentSizeCategory]? = nil) -> AuditOptions {
        var options = AuditOptions()
        options.paths = paths
        options.locales = locales
        options.categories = categories
        options.bundledFonts = Self.fonts
        options.fontDigests = false
        return options
    }

    /// Budgets and the audit of the same selection: every width-limited finding the audit makes in
    /// a budget's own state (device, category, locale, element, the key's text shown) has the
    /// budget's width as `widthAvailable`, and the budget says that translation does not fit.
    /// Returns how many findings were compared.
    func checkAgainstAudit(_ paths: [String], locales: [String]?, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let opts = options(paths, locales: locales)
        let budgets = try Auditor(options: opts).budgets()
        let audit = try Auditor(options: opts).run()
        XCTAssertFalse(budgets.keys.isEmpty, file: file, line: line)
        var compared = 0
        for k in budgets.keys where !k.grows {
            for b in k.locales {
                let findings = audit.findings.filter {
                    $0.device == k.device && $0.orientation?.rawValue == k.orientation && $0.category?.name == k.category
                        && $0.locale == b.locale
                        && $0.element == k.element && $0.screen == k.screen
                        && ($0.rule == .truncated || $0.rule == .fallbackOverflow) && $0.numbers.widthAvailable != nil
                }
                for f in findings {
                    XCTAssertEqual(
                        f.numbers.widthAvailable, b.width, "\(k.element) \(k.key) \(b.locale) at \(k.category)", file: file, line: line)
                    compared += 1
                    if let t = b.translation, f.numbers.text == t.text {
                        XCTAssertFalse(t.fits, "\(k.key) \(b.locale): the audit truncates \"\(t.text)\"", file: file, line: line)
                        XCTAssertEqual(f.numbers.widthNeeded, t.width, file: file, line: line)
                    }
                }
            }
        }
        return compared
    }

    func testBudgetsEqualTheAuditsAvailableWidthsOnTheFirebaseUIFixture() throws {
        let compared = try checkAgainstAudit([Self.fixture.path], locales: ["en", "de", "ja", "ar", "el", "zh-Hans"])
        XCTAssertGreaterThan(compared, 0, "no truncation to compare: the test would pass by accident")
    }

    func testBudgetsEqualTheAuditsAvailableWidthsOnTheShippedSpecs() throws {
        let compared = try checkAgainstAudit([Self.root.appendingPathComponent("Specs").path], locales: ["en", "de", "fi", "ja"])
        XCTAssertGreaterThan(compared, 0, "no truncation to compare: the test would pass by accident")
    }

    /// Every key of every element, in both tables, is budgeted; the email button's primary text at
    /// the category below its `when: {category: AX1}` fallback, the fallback at AX5.
    func testEveryKeyOfBothTablesAtTheCategoryWhereItMatters() throws {
        let report = try Auditor(options: options([Self.fixture.path], locales: ["de", "ja"])).budgets()
        let rows = report.keys.map { "\($0.element) \($0.key) \($0.table) \($0.role) \($0.category) \($0.device)" }
        XCTAssertEqual(
            rows,
            [
                "google SignInWithGoogle FirebaseGoogleAuthUI text AX5 iPhone SE (1st generation)",
                "email SignInWithEmail FirebaseAuthUI text xxxLarge iPhone SE (1st generation)",
                "email Email FirebaseAuthUI fallback 1 AX5 iPhone SE (1st generation)",
                "emailField EnterYourEmail FirebaseAuthUI placeholder AX5 iPhone SE (1st generation)"
            ])
        let email = try XCTUnwrap(report.keys.first { $0.key == "Email" })
        // ja.lproj does not translate "Email" (the fixture's comment): a budget, no measured translation.
        let ja = try XCTUnwrap(email.locales.first { $0.locale == "ja" })
        XCTAssertNil(ja.translation)
        XCTAssertNotNil(ja.estimatedCharacters)
        for k in report.keys {
            // Worst first.
            let shares = k.locales.map { $0.translation?.share ?? -1 }
            XCTAssertEqual(shares, shares.sorted(by: >), k.key)
        }
    }

    /// A translation exactly as wide as its budget fits; one point over does not — the budget's
    /// verdict and the engine's agree at the boundary.
    /// A spec in `dir` of one body label, `width` wide, showing `key` of the FirebaseUI fixture's
    /// `table`, at `category` on the first iPhone SE.
    func oneLabelSpec(in dir: URL, table: String, key: String, category: String, width: Double) throws {
        try """
        screen: One label
        strings:
          - {path: \(Self.fixture.appendingPathComponent("Resources").path), table: \(table)}
        devices: [iPhone SE (1st generation)]
        categories: [\(category)]
        content:
          vstack: root
          children:
            - {label: label, key: \(key), style: body, width: \(width)}
        """.write(to: dir.appendingPathComponent("one-label.yaml"), atomically: true, encoding: .utf8)
    }

    func testExactlyAtTheBudgetFitsAndOnePointOverDoesNot() throws {
        let text = try XCTUnwrap(Self.strings("de", "FirebaseAuthUI")["SignInWithEmail"])
        let engine = TextEngine(fontDirectories: [], bundledFonts: Self.fonts)
        // body at Large: 17 pt, the system font.
        let natural = try engine.layout(LayoutRequest(text: text, fonts: .system, size: 17, width: nil, lines: 1, locale: "de")).0
            .naturalWidth
        XCTAssertGreaterThan(natural, 50)
        for (width, fits) in [(natural, true), (natural - 1, false)] {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-budget-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            try oneLabelSpec(in: dir, table: "FirebaseAuthUI", key: "SignInWithEmail", category: "large", width: width)
            let report = try Auditor(options: options([dir.path], locales: ["de"])).budgets()
            let b = try XCTUnwrap(report.keys.first?.locales.first)
            let t = try XCTUnwrap(b.translation)
            XCTAssertEqual(t.text, text)
            XCTAssertEqual(b.width, (width * 100).rounded() / 100)
            XCTAssertEqual(t.fits, fits, "width \(width), text \(natural)")
            // And the audit agrees: truncated exactly when over budget.
            let audit = try Auditor(options: options([dir.path], locales: ["de"])).run()
            XCTAssertEqual(audit.findings.contains { $0.rule == .truncated }, !fits)
        }
    }

    /// Text that grows (numberOfLines 0) on a screen that does not scroll: its budget is the lines
    /// the safe area can still give. A translation that needs more is exactly one that pushes the
    /// content out of the safe area, which the audit reports as does-not-fit in the same state.
    func testGrowingTextBudgetIsTheLinesTheScreenCanStillGive() throws {
        var over = 0, within = 0
        // At Large (where the screen fits) and at AX5 (where it does not).
        for categories: [ContentSizeCategory] in [[.large], [.ax5]] {
            let opts = options(
                [Self.root.appendingPathComponent("Specs/bankey-login").path], locales: ["de", "ja", "fi"], categories: categories)
            let report = try Auditor(options: opts).budgets()
            let audit = try Auditor(options: opts).run()
            for k in report.keys where k.grows {
                for b in k.locales {
                    let lines = try XCTUnwrap(b.lines, "bankey-login does not scroll: the lines are bounded")
                    let t = try XCTUnwrap(b.translation)
                    XCTAssertEqual(t.fits, t.linesNeeded <= lines)
                    let doesNotFit = audit.findings.contains {
                        $0.rule == .doesNotFit && $0.device == k.device && $0.category?.name == k.category && $0.locale == b.locale
                            && $0.screen == k.screen
                    }
                    if !t.fits { over += 1; XCTAssertTrue(doesNotFit, "\(k.key) \(b.locale) needs \(t.linesNeeded) of \(lines) lines") }
                    if t.fits && !doesNotFit { within += 1 }
                }
            }
        }
        XCTAssertGreaterThan(over, 0)
        XCTAssertGreaterThan(within, 0)
    }

    /// The estimate is the width × lines ÷ the locale's own average advance, and the locales differ.
    func testCharacterEstimatesComeFromEachLocalesOwnStrings() throws {
        let report = try Auditor(options: options([Self.fixture.path], locales: ["de", "ja"])).budgets()
        let google = try XCTUnwrap(report.keys.first { $0.key == "SignInWithGoogle" })
        let de = try XCTUnwrap(google.locales.first { $0.locale == "de" }), ja = try XCTUnwrap(google.locales.first { $0.locale == "ja" })
        XCTAssertEqual(de.width, ja.width)
        XCTAssertGreaterThan(ja.averageAdvance, de.averageAdvance, "Japanese characters are wider than Latin ones")
        XCTAssertLessThan(try XCTUnwrap(ja.estimatedCharacters), try XCTUnwrap(de.estimatedCharacters))
        XCTAssertEqual(try XCTUnwrap(de.estimatedCharacters), Int((de.width / de.averageAdvance).rounded(.down)), accuracy: 1)
    }

    /// Room for one character says "1 character", in the budgets' text, catalog comment and XLIFF note,
    /// and in the truncated finding's message (they said "1 characters").
    func testRoomForOneCharacterIsSingular() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-budget-one-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func budget(width: Double) throws -> (KeyBudget, LocaleBudget, AuditReport) {
            try oneLabelSpec(in: dir, table: "FirebaseGoogleAuthUI", key: "SignInWithGoogle", category: "AX5", width: width)
            let report = try Auditor(options: options([dir.path], locales: ["ja"])).budgets()
            let k = try XCTUnwrap(report.keys.first)
            return (k, try XCTUnwrap(k.locales.first), try Auditor(options: options([dir.path], locales: ["ja"])).run())
        }
        // One and a half of Japanese's average advance at AX5: room for one character.
        let advance = try budget(width: 100).1.averageAdvance
        let (k, b, audit) = try budget(width: (advance * 150).rounded() / 100)
        XCTAssertEqual(Int((b.width / b.averageAdvance).rounded(.down)), 1)
        XCTAssertEqual(b.estimatedCharacters, 1)
        let text = try BudgetFormat.text.render(BudgetReport(keys: [k]))
        XCTAssertTrue(text.contains(" ≈ 1 character;"), text)
        XCTAssertEqual(BudgetCatalog.line(k).components(separatedBy: "≈ 1 character in ja").count, 2, BudgetCatalog.line(k))
        XCTAssertTrue(BudgetXLIFF.note(b, k).contains(", ≈ 1 character (estimate)"), BudgetXLIFF.note(b, k))
        let truncated = try XCTUnwrap(audit.findings.first { $0.rule == .truncated })
        XCTAssertTrue(truncated.message.hasSuffix("; at most ≈ 1 character"), truncated.message)
        for s in [text, BudgetCatalog.line(k), BudgetXLIFF.note(b, k), truncated.message] { XCTAssertFalse(s.contains(" 1 characters"), s) }
    }

    func testCSVIsRFC4180() throws {
        XCTAssertEqual(BudgetCSVFormat.field("plain"), "plain")
        XCTAssertEqual(BudgetCSVFormat.field("a, \"b\""), "\"a, \"\"b\"\"\"")
        XCTAssertEqual(BudgetCSVFormat.field("two\nlines"), "\"two\nlines\"")
        let report = try Auditor(options: options([Self.fixture.path], locales: ["de", "ja", "ar"])).budgets()
        let csv = try BudgetFormat.csv.render(report)
        let rows = Self.parseCSV(csv)
        XCTAssertEqual(rows.first, BudgetCSVFormat.header.split(separator: ",").map(String.init))
        XCTAssertEqual(rows.count - 1, report.keys.reduce(0) { $0 + $1.locales.count })
        for row in rows { XCTAssertEqual(row.count, rows[0].count) }
        XCTAssertTrue(csv.hasSuffix("\r\n"))
        // The translation column holds the translation itself, whatever its script.
        let google = try XCTUnwrap(Self.strings("ar", "FirebaseGoogleAuthUI")["SignInWithGoogle"])
        XCTAssertTrue(rows.contains { $0[9] == "ar" && $0[17] == google })
    }

    func testJSONAndMarkdownAndText() throws {
        let report = try Auditor(options: options([Self.fixture.path], locales: ["de", "ja"])).budgets()
        let json = try BudgetFormat.json.render(report)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["$schema"] as? String, "typefit-report-budgets-1")
        let keys = try XCTUnwrap(object["keys"] as? [[String: Any]])
        XCTAssertEqual(keys.count, report.keys.count)
        XCTAssertEqual(try BudgetFormat.json.render(report), json, "deterministic")
        let md = try BudgetFormat.markdown.render(report)
        XCTAssertTrue(md.hasPrefix("<!-- typefit-report -->\n# Length budgets"))
        XCTAssertTrue(md.contains("### `SignInWithGoogle`"))
        let text = try BudgetFormat.text.render(report)
        XCTAssertTrue(text.hasPrefix("typefit budgets: 4 keys on 1 screen"))
        XCTAssertTrue(text.contains("not translated"))
    }

    func testCommandLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-budget-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["TYPEFIT_FONTS": Self.fonts]
        let spec = Self.fixture.appendingPathComponent("firebaseui-picker.yaml").path
        var r = try TypefitCommand.run(["budgets", spec, "--no-config", "--format", "cvs"], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("unknown format 'cvs'") && r.err.contains("csv"), r.err)
        let csv = dir.appendingPathComponent("budgets.csv").path
        r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--locales", "de", "--format", "csv", "--output", csv], in: dir, environment: env)
        XCTAssertEqual(r.code, 0, r.err)
        let first = try String(contentsOfFile: csv, encoding: .utf8)
        XCTAssertTrue(first.hasPrefix(BudgetCSVFormat.header + "\r\n"))
        // Its own CSV is overwritten without --force; a file it did not write is not.
        r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--locales", "de", "--format", "csv", "--output", csv], in: dir, environment: env)
        XCTAssertEqual(r.code, 0, r.err)
        let other = dir.appendingPathComponent("notes.csv").path
        try "name,value\r\n".write(toFile: other, atomically: true, encoding: .utf8)
        r = try TypefitCommand.run(["budgets", spec, "--no-config", "--format", "csv", "--output", other], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(try String(contentsOfFile: other, encoding: .utf8), "name,value\r\n")
        // Never onto an input: the spec, or a strings file of the tables it reads.
        let strings = Self.fixture.appendingPathComponent("Resources/de.lproj/FirebaseAuthUI.strings").path
        let before = try Data(contentsOf: URL(fileURLWithPath: strings))
        r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--format", "csv", "--output", strings, "--force"], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("an input"), r.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: strings)), before)
        r = try TypefitCommand.run(["budgets", spec, "--no-config", "--categories", "AX9"], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("AX5") || r.err.contains("did you mean"), r.err)
    }

    /// The `$ typefit budgets …` examples of docs/budgets.md and the README run from the repository
    /// root and print the lines they show (`…` skips lines).
    func testTheDocExamplesRun() throws {
        var count = 0
        for file in ["docs/budgets.md", "README.md"] {
            let doc = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for (command, expected) in DocExamples.examples(in: doc, prefix: "typefit budgets ") {
                count += 1
                let r = try TypefitCommand.run(DocExamples.arguments(command), in: Self.root)
                XCTAssertEqual(r.code, 0, "\(command): \(r.err)")
                let actual = (r.out + r.err).replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
                if let line = DocExamples.missingLine(expected, in: actual) {
                    XCTFail("\(file): \(command): the doc shows a line that is not in the output:\n\(line)")
                }
            }
        }
        XCTAssertEqual(count, 5)
    }

    static let xliff = fixture.appendingPathComponent("xliff/de.xliff")

    /// The XLIFF keeps every byte of its input but the budgets: each trans-unit of a budgeted key
    /// gains `maxwidth` (the budget, rounded down) with `size-unit="pixel"` and one typefit note.
    func testXLIFFGainsOnlyTheBudgets() throws {
        let input = try String(contentsOf: Self.xliff, encoding: .utf8)
        let report = try Auditor(options: options([Self.fixture.path], locales: ["de"])).budgets()
        let result = BudgetXLIFF.annotate(input, budgets: report)
        XCTAssertEqual(result.annotated, 4, "every key of the screen; Next is on no screen")
        XCTAssertEqual(result.unbudgetedLanguages, [])
        // Well-formed XML, and the budgets where they belong.
        let doc = try XMLDocument(data: Data(result.text.utf8))
        let units = try doc.nodes(forXPath: "//*[local-name()='trans-unit']").compactMap { $0 as? XMLElement }
        XCTAssertEqual(units.count, 5)
        // By the attribute list: FoundationXML's attribute(forName:) finds nothing on Linux.
        func attribute(_ e: XMLElement, _ name: String) -> String? { e.attributes?.first { $0.name == name }?.stringValue }
        for unit in units {
            let id = try XCTUnwrap(attribute(unit, "id"))
            let table = id == "SignInWithGoogle" ? "FirebaseGoogleAuthUI" : "FirebaseAuthUI"
            let budget = report.keys.filter { $0.key == id && $0.table == table }.flatMap(\.locales).filter { $0.locale == "de" }.map(
                \.width
            ).min()
            XCTAssertEqual(attribute(unit, "maxwidth"), budget.map { String(Int($0.rounded(.down))) }, id)
            XCTAssertEqual(attribute(unit, "size-unit"), budget == nil ? nil : "pixel", id)
            let notes = (unit.children ?? []).compactMap { $0 as? XMLElement }.filter {
                $0.localName == "note" && attribute($0, "from") == "typefit"
            }
            XCTAssertEqual(notes.count, budget == nil ? 0 : 1, id)
        }
        // Take the budgets out again: the input, byte for byte.
        var stripped = result.text.replacingOccurrences(
            of: " maxwidth=\"[0-9]+\" size-unit=\"pixel\"", with: "", options: .regularExpression)
        stripped = stripped.replacingOccurrences(of: "\n *<note from=\"typefit\">[^<]*</note>", with: "", options: .regularExpression)
        XCTAssertEqual(stripped, input)
        // Annotating again replaces the earlier budgets instead of adding more.
        XCTAssertEqual(BudgetXLIFF.annotate(result.text, budgets: report).text, result.text)
    }

    func testWriteXLIFFCommandLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-budget-xliff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["TYPEFIT_FONTS": Self.fonts]
        let spec = Self.fixture.appendingPathComponent("firebaseui-picker.yaml").path
        let out = dir.appendingPathComponent("de.xliff").path
        let before = try Data(contentsOf: Self.xliff)
        var r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--locales", "de", "--xliff", Self.xliff.path, "--write-xliff", out], in: dir, environment: env
        )
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("wrote budgets on 4 trans-units"), r.err)
        let written = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertEqual(
            written,
            BudgetXLIFF.annotate(
                String(decoding: before, as: UTF8.self),
                budgets: try Auditor(options: options([spec], locales: ["de"])).budgets()
            ).text)
        // Only together; never onto the input; a target language that is not selected fails.
        r = try TypefitCommand.run(["budgets", spec, "--no-config", "--xliff", Self.xliff.path], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--locales", "de", "--xliff", Self.xliff.path, "--write-xliff", Self.xliff.path, "--force"],
            in: dir,
            environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("an input"), r.err)
        r = try TypefitCommand.run(
            [
                "budgets", spec, "--no-config", "--locales", "ja", "--xliff", Self.xliff.path, "--write-xliff",
                dir.appendingPathComponent("x.xliff").path
            ],
            in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("target-language 'de' has no budget"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.xliff").path))
        XCTAssertEqual(try Data(contentsOf: Self.xliff), before)
    }

    /// The XLIFF written validates against the OASIS XLIFF 1.2 transitional schema (the one Xcode's
    /// own export satisfies: checked here too) with Python's `xmlschema`; the validator rejects a
    /// trans-unit without its required id.
    func testWrittenXLIFFValidatesAgainstTheXLIFF12Schema() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-xliff-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try String(contentsOf: Self.xliff, encoding: .utf8)
        let report = try Auditor(options: options([Self.fixture.path], locales: ["de"])).budgets()
        let written = BudgetXLIFF.annotate(input, budgets: report).text
        XCTAssertTrue(written.contains("maxwidth="))
        let out = dir.appendingPathComponent("de.xliff"), broken = dir.appendingPathComponent("broken.xliff")
        try Data(written.utf8).write(to: out)
        try Data(written.replacingOccurrences(of: "<trans-unit id=\"Email\"", with: "<trans-unit").utf8).write(to: broken)
        let script = Self.root.appendingPathComponent("scripts/validate-reports.py").path
        var result = try ReporterTests.python([script, "--xliff", Self.xliff.path, "--xliff", out.path])
        if result.code == 3 || result.code == 127 {
            throw XCTSkip(
                "XLIFF schema validation skipped: python3 with xmlschema is needed (pip install xmlschema==4.3.2): \(result.output)")
        }
        XCTAssertEqual(result.code, 0, result.output)
        XCTAssertTrue(result.output.contains("validate-reports: 2 valid, 0 invalid"), result.output)
        result = try ReporterTests.python([script, "--xliff", broken.path])
        XCTAssertEqual(result.code, 1, result.output)
        XCTAssertTrue(result.output.contains("INVALID XLIFF 1.2"), result.output)
    }

    // MARK: - Helpers

    /// The strings of a `.lproj` table, read independently of typefit (Foundation's property-list parser).
    static func strings(_ locale: String, _ table: String) throws -> [String: String] {
        let url = fixture.appendingPathComponent("Resources/\(locale).lproj/\(table).strings")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try XCTUnwrap(plist as? [String: String])
    }

    /// A small RFC 4180 reader (quoted fields, doubled quotes, CRLF records).
    static func parseCSV(_ s: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var quoted = false
        var chars = Array(s.unicodeScalars)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.unicodeScalars.append("\""); chars = chars.dropFirst() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field); field = ""
            } else if c == "\r" && chars.first == "\n" {
                chars = chars.dropFirst(); row.append(field); rows.append(row); row = []; field = ""
            } else {
                field.unicodeScalars.append(c)
            }
        }
        return rows
    }
}

/// `AuditOptions.budgets` off (the command line's `--quiet` with no report file) leaves every
/// finding as it is but for its budget: the same findings, in the same order, with the same
/// fingerprints, severities and other numbers, and none with a budget.
final class BudgetOptionTests: XCTestCase {
    func testFindingsWithoutBudgetsAreTheSameFindings() throws {
        let spec = AuditTests.root.appendingPathComponent("Specs/firebase-login").path
        func audit(budgets: Bool) throws -> [Finding] {
            var options = AuditOptions()
            options.paths = [spec]
            options.locales = ["de", "ja", "ar"]
            options.bundledFonts = BudgetTests.fonts
            options.threads = 1
            options.budgets = budgets
            return Array(try Auditor(options: options).run().findings)
        }
        let with = try audit(budgets: true), without = try audit(budgets: false)
        XCTAssertEqual(with.count, without.count)
        XCTAssertGreaterThan(with.filter { $0.numbers.budget != nil }.count, 100)
        XCTAssertTrue(without.allSatisfy { $0.numbers.budget == nil })
        for (a, b) in zip(with, without) {
            XCTAssertEqual(a.fingerprint, b.fingerprint)
            XCTAssertEqual(a.rule, b.rule)
            XCTAssertEqual(a.severity, b.severity)
            var numbers = a.numbers
            numbers.budget = nil
            XCTAssertEqual(numbers, b.numbers, a.fingerprint)
        }
        // The message keeps everything but the budget's sentence.
        let truncated = try XCTUnwrap(with.firstIndex { $0.numbers.budget != nil })
        XCTAssertTrue(with[truncated].message.contains(" budget"), with[truncated].message)
        XCTAssertFalse(without[truncated].message.contains(" budget"), without[truncated].message)
    }
}

/// The strings a budget's average advance averages over (`Auditor.budgetTexts`): each distinct
/// string once, in element order, told apart by its exact bytes, on both sides of the number of
/// strings where the list stops comparing them one by one and keeps a set.
final class BudgetTextsTests: XCTestCase {
    func testEachDistinctStringOnceInElementOrderByItsBytes() throws {
        let work = try temporaryFolder("budget-texts")
        // "Café" spelled twice (U+00E9, and e + U+0301: equal as Swift strings, but shaped
        // differently) and a repeat among the first strings, compared one by one; then more distinct
        // strings than that comparison takes, and repeats and another such pair after them.
        var values = ["Caf\u{E9}", "Cafe\u{301}", "Wort 0", "Wort 0"] + (1..<36).map { "Wort \($0)" }
        values += ["Wort 3", "Caf\u{E9}", "Cafe\u{301}", "Th\u{E9}", "The\u{301}", "Th\u{E9}"]
        var strings: [String: Any] = [:]
        for (i, v) in values.enumerated() {
            strings["k\(i)"] = [
                "localizations": [
                    "de": ["stringUnit": ["state": "translated", "value": v]],
                    "en": ["stringUnit": ["state": "translated", "value": "Word \(i)"]]
                ]
            ]
        }
        let catalog = try JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "strings": strings, "version": "1.0"])
        let path = work.appendingPathComponent("Localizable.xcstrings").path
        try catalog.write(to: URL(fileURLWithPath: path))
        let tables = StringTables([.init(name: "Localizable", strings: try LocalizedStrings.loadCatalog(path: path))])
        let children = values.indices.map { "    - {label: l\($0), key: k\($0), style: body}" }.joined(separator: "\n")
        let yaml = "screen: S\ncontent:\n  vstack: root\n  children:\n" + children + "\n"
        let spec = try XCTUnwrap(SpecLoader.load(yaml: yaml, file: work.appendingPathComponent("s.yaml").path).first)

        let listed = Auditor.budgetTexts(spec, strings: tables, localizations: ["de"])
        // Expected, from the values themselves: the first of each byte sequence, in key order.
        var expected: [String] = []
        for v in values where !expected.contains(where: { Array($0.utf8) == Array(v.utf8) }) { expected.append(v) }
        XCTAssertEqual(expected.count, 40)
        XCTAssertEqual(listed.texts.map { Array($0.utf8) }, expected.map { Array($0.utf8) })
        XCTAssertEqual(listed.characters, expected.reduce(0) { $0 + $1.count })
    }
}
