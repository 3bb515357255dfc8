import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// `typefit budgets --catalog IN --write-catalog OUT`: the budgets in the String Catalog's comments,
/// every other byte as Xcode wrote it (docs/budgets.md).
final class BudgetCatalogTests: XCTestCase {
    static let root = AuditTests.root
    static let fonts = root.appendingPathComponent("Fonts").path
    static let specs = root.appendingPathComponent("Specs")

    func report(_ paths: [String], locales: [String]) throws -> BudgetReport {
        var options = AuditOptions()
        options.paths = paths
        options.locales = locales
        options.bundledFonts = Self.fonts
        options.fontDigests = false
        return try Auditor(options: options).budgets()
    }

    /// On every shipped catalog: the diff is one changed line per budgeted key, its comment line,
    /// which gains exactly "\n" + the budget line; the line's numbers are the budgets'.
    func testShippedCatalogsGainOnlyBudgetLines() throws {
        for folder in ["bankey-login", "firebase-login", "paper-login", "signup-flow", "sliding-text-fields"] {
            let catalog = Self.specs.appendingPathComponent(folder).appendingPathComponent("Localizable.xcstrings")
            let budgets = try report([Self.specs.appendingPathComponent(folder).path], locales: ["de", "ja"])
            let input = try Data(contentsOf: catalog)
            let result = try BudgetCatalog.annotate([UInt8](input), file: catalog.path, budgets: budgets)
            let keys = Set(budgets.keys.filter { $0.table == "Localizable" }.map(\.key))
            XCTAssertEqual(result.annotated, keys.count, folder)
            XCTAssertEqual(result.changed, keys.count, folder)
            let old = String(decoding: input, as: UTF8.self).components(separatedBy: "\n")
            let new = String(decoding: result.bytes, as: UTF8.self).components(separatedBy: "\n")
            XCTAssertEqual(old.count, new.count, "\(folder): keys that had a comment keep their lines")
            let changed = zip(old, new).filter { $0 != $1 }
            XCTAssertEqual(changed.count, keys.count, folder)
            for (before, after) in changed {
                XCTAssertTrue(before.hasPrefix("      \"comment\" : \"") && before.hasSuffix("\","), before)
                XCTAssertTrue(after.hasPrefix(String(before.dropLast(2)) + "\\ntypefit budget"), after)
            }
            // Read back with Foundation: each comment is the old one plus the key's budget line.
            let oldJSON =
                try XCTUnwrap(try JSONSerialization.jsonObject(with: input) as? [String: Any])["strings"] as? [String: [String: Any]]
            let newJSON =
                try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.bytes)) as? [String: Any])["strings"]
                as? [String: [String: Any]]
            for key in keys {
                let budget = try XCTUnwrap(
                    budgets.keys.filter { $0.key == key }.min { BudgetCatalog.tightest($0) < BudgetCatalog.tightest($1) })
                let comment = try XCTUnwrap(newJSON?[key]?["comment"] as? String)
                let lines = comment.components(separatedBy: "\n")
                XCTAssertEqual(lines.dropLast().joined(separator: "\n"), oldJSON?[key]?["comment"] as? String ?? "", key)
                let line = try XCTUnwrap(lines.last)
                XCTAssertTrue(line.contains("at \(budget.category) on \(budget.device)"), line)
                for b in budget.locales {
                    XCTAssertTrue(line.contains("\(BudgetFormat.pt(b.width)) pt"), "\(line) \(b.locale)")
                    if let chars = b.estimatedCharacters {
                        XCTAssertTrue(
                            line.contains("\(chars) characters in \(b.locale)") || line.contains("\(chars) in \(b.locale)")
                                || line.contains("\(b.locale) \(BudgetFormat.room(b, grows: budget.grows)) ≈ \(chars) characters"),
                            "\(line) \(b.locale)")
                    }
                }
            }
            // Once more on the result: nothing changes.
            let again = try BudgetCatalog.annotate(result.bytes, file: catalog.path, budgets: budgets)
            XCTAssertEqual(again.bytes, result.bytes, folder)
            XCTAssertEqual(again.changed, 0, folder)
        }
    }

    /// A budget line states the room and the estimate the budgets give; locales in alphabetical order.
    func testBudgetLine() throws {
        let budgets = try report([Self.specs.appendingPathComponent("bankey-login").path], locales: ["ja", "de", "fi"])
        let placeholder = try XCTUnwrap(budgets.keys.first { $0.key == "bankey.username.placeholder" })
        let byLocale = Dictionary(uniqueKeysWithValues: placeholder.locales.map { ($0.locale, $0) })
        let de = try XCTUnwrap(byLocale["de"]), fi = try XCTUnwrap(byLocale["fi"]), ja = try XCTUnwrap(byLocale["ja"])
        XCTAssertEqual(de.width, fi.width)
        XCTAssertEqual(
            BudgetCatalog.line(placeholder),
            "typefit budget: \(BudgetFormat.pt(de.width)) pt × 1 line at AX5 on iPhone SE (1st generation) ≈ \(de.estimatedCharacters!) characters in de, "
                + "\(fi.estimatedCharacters!) in fi, \(ja.estimatedCharacters!) in ja (estimates)")
        // The estimate: width ÷ the locale's average advance, rounded down.
        XCTAssertEqual(de.estimatedCharacters, Int((de.width / de.averageAdvance).rounded(.down)))
        // The subtitle grows: its lines differ by locale, so each locale has its room.
        let subtitle = try XCTUnwrap(budgets.keys.first { $0.key == "bankey.subtitle" })
        XCTAssertTrue(subtitle.grows)
        let line = BudgetCatalog.line(subtitle)
        XCTAssertTrue(line.hasPrefix("typefit budget at AX5 on iPhone SE (1st generation): de "), line)
        for b in subtitle.locales { XCTAssertTrue(line.contains("\(b.locale) \(BudgetFormat.room(b, grows: true))"), line) }
    }

    func testWriteCatalogCommandLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-budget-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("again"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["TYPEFIT_FONTS": Self.fonts]
        let spec = Self.specs.appendingPathComponent("bankey-login").path
        let catalog = Self.specs.appendingPathComponent("bankey-login/Localizable.xcstrings").path
        let out = dir.appendingPathComponent("Localizable.xcstrings").path
        let before = try Data(contentsOf: URL(fileURLWithPath: catalog))
        var r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--locales", "de,ja", "--catalog", catalog, "--write-catalog", out], in: dir, environment: env)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("wrote budgets on 6 keys (6 changed)"), r.err)
        XCTAssertTrue(r.out.hasPrefix("typefit budgets: 6 keys"), "the budgets are printed as usual")
        let written = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(
            [UInt8](written),
            try BudgetCatalog.annotate([UInt8](before), file: catalog, budgets: report([spec], locales: ["de", "ja"])).bytes)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: catalog)), before, "the input is never written")
        // Again on the written catalog: the same bytes.
        let again = dir.appendingPathComponent("again/Localizable.xcstrings").path
        r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--locales", "de,ja", "--catalog", out, "--write-catalog", again], in: dir, environment: env)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("(0 changed)"), r.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: again)), written)
        // Never onto the input, --force or not; only together; an existing file only with --force.
        r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--catalog", catalog, "--write-catalog", catalog], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("--write-catalog would overwrite") && r.err.contains("an input"), r.err)
        r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--catalog", catalog, "--write-catalog", catalog, "--force"], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        r = try TypefitCommand.run(["budgets", spec, "--no-config", "--catalog", catalog], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("--catalog and --write-catalog go together"), r.err)
        r = try TypefitCommand.run(["budgets", spec, "--no-config", "--catalog", out, "--write-catalog", again], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("refusing to overwrite"), r.err)
        // A catalog none of whose keys is on the screens: an error, nothing written.
        let other = dir.appendingPathComponent("Other.xcstrings").path
        try before.write(to: URL(fileURLWithPath: other))
        let nothing = dir.appendingPathComponent("nothing.xcstrings").path
        r = try TypefitCommand.run(
            ["budgets", spec, "--no-config", "--catalog", other, "--write-catalog", nothing], in: dir, environment: env)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("no key of the catalog is on the selected screens"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: nothing))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: catalog)), before)
    }

    /// A catalog saved by someone else (Xcode) after typefit read it is not overwritten by a stale copy.
    func testACatalogChangedOnDiskIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Localizable.xcstrings")
        try Data("{\"sourceLanguage\" : \"en\"}\n".utf8).write(to: file)
        let snapshot = try FileSnapshot(path: file.path, what: "the String Catalog")
        XCTAssertNoThrow(try snapshot.checkUnchanged())
        try Data("{\"sourceLanguage\" : \"de\"}\n".utf8).write(to: file)
        XCTAssertThrowsError(try snapshot.checkUnchanged()) { error in
            XCTAssertTrue("\(error)".contains("changed on disk since typefit read it; nothing written"), "\(error)")
        }
        try FileManager.default.removeItem(at: file)
        XCTAssertThrowsError(try snapshot.checkUnchanged()) { error in
            XCTAssertTrue("\(error)".contains("was removed"), "\(error)")
        }
        XCTAssertThrowsError(try FileSnapshot(path: file.path, what: "the String Catalog"))
    }

    /// docs/budgets.md's catalog diff is what the documented command writes: its `-` lines are lines
    /// of the catalog, its `+` lines lines of the output, its context lines lines of both.
    func testDocumentedDiffIsReal() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/budgets.md"), encoding: .utf8)
        let section = try XCTUnwrap(doc.components(separatedBy: "## Into the translators' tools: String Catalogs").last)
        let diff = try XCTUnwrap(section.components(separatedBy: "```diff\n").dropFirst().first?.components(separatedBy: "```").first)
        let catalog = Self.specs.appendingPathComponent("bankey-login/Localizable.xcstrings")
        let input = try Data(contentsOf: catalog)
        let budgets = try report([Self.specs.appendingPathComponent("bankey-login").path], locales: ["de", "fi", "ja"])
        let output = try BudgetCatalog.annotate([UInt8](input), file: catalog.path, budgets: budgets)
        let old = Set(String(decoding: input, as: UTF8.self).components(separatedBy: "\n"))
        let new = Set(String(decoding: output.bytes, as: UTF8.self).components(separatedBy: "\n"))
        var added = 0
        for line in diff.components(separatedBy: "\n") where !line.isEmpty {
            let text = String(line.dropFirst())
            switch line.first {
            case "-": XCTAssertTrue(old.contains(text) && !new.contains(text), line)
            case "+": XCTAssertTrue(new.contains(text) && !old.contains(text), line); added += 1
            default: XCTAssertTrue(old.contains(text) && new.contains(text), line)
            }
        }
        XCTAssertEqual(added, 3)
        // The README's line too.
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let readmeLines = readme.components(separatedBy: "\n").filter {
            $0.hasPrefix("+      \"comment\"") && $0.contains("typefit budget")
        }
        XCTAssertEqual(readmeLines.count, 1)
        for line in readmeLines { XCTAssertTrue(new.contains(String(line.dropFirst())), line) }
        XCTAssertEqual(output.annotated, 6, "the docs say: wrote budgets on 6 keys (6 changed)")
        XCTAssertEqual(output.changed, 6)
    }

}
