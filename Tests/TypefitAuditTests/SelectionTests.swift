import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// Never pass by accident: an empty or unresolvable selection is exit 2, never a green audit of
/// nothing, and pseudolocales work together with --locales.
final class SelectionTests: XCTestCase {
    static let root = AuditTests.root

    func run(_ args: [String]) throws -> (code: Int32, out: String, err: String) {
        try TypefitCommand.run(args, in: Self.root)
    }

    func testEmptySelectionsAreErrors() throws {
        let cases: [([String], String)] = [
            (["--locales", ""], "--locales: error: the list of locales is empty"),
            (["--locales", ","], "--locales: error: the list of locales is empty"),
            (["--categories", ","], "--categories: error: the list of categories is empty"),
            (["--devices", ""], "--devices: error: the list of devices is empty"),
            (["--devices", "iPhone 61"], "--devices: error: unknown device 'iPhone 61' (did you mean 'iPhone 16'?)"),
            (["--devices", "iPad"], "--devices: error: no audited screen has the device 'iPad'"),
            (
                ["--devices", "iPhone 17"],
                "--devices: error: 'iPhone 17' is not a preset device: its screen is 402 × 874 pt (Apple's HIG), and its safe area and keyboard heights are not in typefit's data (give it as a custom device"
            ),
            (["--locales", "xx-YY"], "--locales: error: locale 'xx-YY' is not a localization of")
        ]
        for (args, message) in cases {
            let r = try run(["audit", "Specs/bankey-login", "--quiet"] + args)
            XCTAssertEqual(r.code, 2, "\(args): \(r.err)")
            XCTAssertTrue(r.err.hasPrefix(message), "\(args): \(r.err)")
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.out.isEmpty)
        }
        // A device only some screens have is fine: the others are skipped.
        XCTAssertEqual(
            try run(["audit", "Specs/firebase-login/firebase-custom-login.yaml", "--devices", "iPhone 16", "--locales", "en"]).code, 0)
    }

    /// `--devices` that leaves out devices the specs name says which after the summary line, with
    /// `--quiet` too: a gate run on one device never reads as if every device passed. The reference
    /// is the spec file's own `devices:` list.
    func testTheDevicesLeftOutAreNamed() throws {
        let file = "Specs/firebase-login/firebase-custom-login.yaml"
        let yaml = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
        let start = try XCTUnwrap(yaml.firstIndex(of: "devices:"))
        let devices = yaml[(start + 1)...].prefix { $0.hasPrefix("  - ") }.map { String($0.dropFirst(4)) }
        XCTAssertEqual(devices.count, 3)
        let r = try run(["audit", file, "--devices", "iPhone 16", "--locales", "en", "--quiet"])
        XCTAssertEqual(r.code, 0, r.err)
        let left = devices.filter { $0 != "iPhone 16" }.sorted()
        XCTAssertTrue(
            r.err.contains(
                "typefit: 2 of the specs' devices not audited (not asked for by --devices or .typefit.yml's devices): "
                    + left.joined(separator: ", ") + "\n"), r.err)
        // Every device of the spec named: nothing to say.
        let all = try run(["audit", file, "--devices", devices.joined(separator: ","), "--locales", "en", "--quiet"])
        XCTAssertFalse(all.err.contains("devices not audited"), all.err)
        XCTAssertFalse(try run(["audit", file, "--locales", "en", "--quiet"]).err.contains("devices not audited"))
    }

    /// Rules turned off by `severity: ignore` are named after the summary line, with `--quiet` too
    /// (and in every report): a gate with `truncated` ignored never reads as if no text were
    /// truncated, and one with every rule ignored is an error, not a green run that checked nothing.
    /// The references are the severities written here and the specs' own: both screens of
    /// signup-flow.yaml ignore `fallback-used`, and Specs/ holds as many screens as YAML documents.
    func testIgnoredRulesAreNamed() throws {
        let work = try temporaryFolder("ignored")
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Specs/bankey-login"), to: work.appendingPathComponent("bankey-login"))
        let config = work.appendingPathComponent(".typefit.yml")
        try "severity:\n  truncated: ignore\n  clipped: ignore\n".write(to: config, atomically: true, encoding: .utf8)
        let args = ["audit", "bankey-login", "--locales", "en", "--categories", "AX5", "--quiet"]
        let two = try TypefitCommand.run(args, in: work)
        XCTAssertLessThanOrEqual(two.code, 1, two.err)
        // 17: the rules `typefit rules` lists (docs/spec-format.md's table).
        XCTAssertTrue(two.err.contains("typefit: 2 of the 17 rules not checked (severity: ignore): truncated, clipped\n"), two.err)
        // A spec's own severity, on some of the run's screens.
        var screens = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Specs").path)
        where path.hasSuffix(".yaml") {
            let text = try String(contentsOf: Self.root.appendingPathComponent("Specs/\(path)"), encoding: .utf8)
            screens += 1 + text.components(separatedBy: "\n").filter { $0.hasPrefix("---") }.count
        }
        XCTAssertEqual(screens, 10)
        let specs = try run(["audit", "Specs", "--locales", "en", "--categories", "Large", "--quiet"])
        XCTAssertTrue(
            specs.err.contains("typefit: fallback-used not checked on 2 of the \(screens) screens (severity: ignore)\n"), specs.err)
        let signup = try run(["audit", "Specs/signup-flow", "--locales", "en", "--categories", "Large", "--quiet"])
        XCTAssertTrue(signup.err.contains("typefit: 1 of the 17 rules not checked (severity: ignore): fallback-used\n"), signup.err)
        XCTAssertFalse(try run(["audit", "Specs/bankey-login", "--locales", "en", "--quiet"]).err.contains("not checked"))
        // Every rule off: nothing could ever fail.
        try ("severity:\n" + RuleID.allCases.map { "  \($0.rawValue): ignore\n" }.joined()).write(
            to: config, atomically: true, encoding: .utf8)
        let none = try TypefitCommand.run(args, in: work)
        XCTAssertEqual(none.code, 2, none.err)
        XCTAssertTrue(
            none.err.hasPrefix("bankey-login: error: nothing to check: every rule is ignored (severity: ignore) on every screen"), none.err)
        XCTAssertTrue(none.out.isEmpty)
    }

    /// Sizes a spec's own `categories:` leaves out are named after the summary line (and in every
    /// report), as `--categories`' are, and summed by a merge of shards: a screen audited at Large
    /// and AX5 alone never reads as if its "error from AX5" had passed xxxLarge … AX4. The reference
    /// is the `categories:` written here into two of the three screens.
    func testTheSizesASpecLeavesOutAreNamed() throws {
        let work = try temporaryFolder("spec-sizes")
        // bankey-login.yaml has one screen, paper-login.yaml two; the first of each is narrowed.
        for name in ["bankey-login", "paper-login"] {
            try FileManager.default.copyItem(
                at: Self.root.appendingPathComponent("Specs/\(name)"), to: work.appendingPathComponent(name))
            let file = work.appendingPathComponent("\(name)/\(name).yaml")
            let yaml = try String(contentsOf: file, encoding: .utf8)
            let first = try XCTUnwrap(yaml.range(of: "\nscreen:"))
            try yaml.replacingCharacters(in: first, with: "\ncategories: [Large, AX5]\nscreen:").write(
                to: file, atomically: true, encoding: .utf8)
        }
        let line =
            "typefit: 10 of the 12 text sizes not audited on 2 of the 3 screens (not among the spec's categories): "
            + "xSmall, Small, Medium, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4\n"
        let args = ["audit", "bankey-login", "paper-login", "--locales", "en"]
        let whole = try TypefitCommand.run(args + ["--report", "json:whole.json", "--quiet"], in: work)
        XCTAssertLessThanOrEqual(whole.code, 1, whole.err)
        XCTAssertTrue(whole.err.contains(line), whole.err)
        let text = try TypefitCommand.run(args, in: work)
        XCTAssertTrue(text.out.contains("\n" + line.dropFirst("typefit: ".count)), text.out)
        // Each shard holds one narrowed screen; their merge names both, as the whole run does.
        for i in 0..<2 {
            let shard = try TypefitCommand.run(args + ["--shard", "\(i)/2", "--report", "json:shard-\(i).json", "--quiet"], in: work)
            XCTAssertTrue(
                shard.err.contains("10 of the 12 text sizes not audited (not among the spec's categories)") == (i == 0), shard.err)
            let report = try AuditReport.read(path: work.appendingPathComponent("shard-\(i).json").path)
            XCTAssertEqual(report.leftOut?.specCategories.map(\.screens), [1])
        }
        let merged = try TypefitCommand.run(["merge", "shard-0.json", "shard-1.json", "--report", "json:merged.json", "--quiet"], in: work)
        XCTAssertTrue(merged.err.contains(line), merged.err)
        XCTAssertEqual(
            try Data(contentsOf: work.appendingPathComponent("whole.json")),
            try Data(contentsOf: work.appendingPathComponent("merged.json")))
        // --categories replaces the specs' own: only its line.
        let asked = try TypefitCommand.run(args + ["--categories", "AX1", "--quiet"], in: work)
        XCTAssertFalse(asked.err.contains("spec's categories"), asked.err)
        XCTAssertTrue(asked.err.contains("11 of the 12 text sizes not audited (not asked for by --categories"), asked.err)
    }

    /// A run that laid out Large and AX5 alone never says "from Large" or "error from AX5" as if the
    /// sizes between had passed. The reference is the same screen audited at all 12 sizes: its
    /// touch-target warning starts at xSmall and its does-not-fit error at AX2, so the narrowed run's
    /// "from Large" and "from AX5" are true only of the sizes audited, and every report says so.
    func testANarrowedRunsFirstSizesAreOfTheSizesAudited() throws {
        let work = try temporaryFolder("first-sizes")
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Specs/bankey-login"), to: work.appendingPathComponent("bankey-login"))
        let args = ["audit", "bankey-login", "--locales", "en,de"]
        let full = try TypefitCommand.run(args, in: work)
        XCTAssertTrue(
            full.out.contains(
                "touch-target · signIn — bankey-login/bankey-login.yaml:55 — 56 findings in 2 locales on 4 devices, from xSmall"), full.out)
        XCTAssertTrue(
            full.out.contains("screenStack — bankey-login/bankey-login.yaml:25 — 19 findings in 2 locales on 4 devices, from AX2"), full.out
        )
        XCTAssertTrue(full.out.contains("    de, en: ! warning xS–xxxL, ✗ error from AX2, ✗ error fixed-font-size\n"), full.out)
        XCTAssertFalse(full.out.contains("sizes audited"), full.out)

        let file = work.appendingPathComponent("bankey-login/bankey-login.yaml")
        let yaml = try String(contentsOf: file, encoding: .utf8)
        let first = try XCTUnwrap(yaml.range(of: "\nscreen:"))
        try yaml.replacingCharacters(in: first, with: "\ncategories: [Large, AX5]\nscreen:").write(
            to: file, atomically: true, encoding: .utf8)
        let text = try TypefitCommand.run(args, in: work)
        for expected in [
            "touch-target · signIn — bankey-login/bankey-login.yaml:56 — 8 findings in 2 locales on 4 devices, from Large (of the sizes audited: Large, AX5)\n",
            "screenStack — bankey-login/bankey-login.yaml:26 — 8 findings in 2 locales on 4 devices, from AX5 (of the sizes audited: Large, AX5)\n",
            " — problems #1, #2, #3, #4, #5 — sizes audited: L, AX5\n",
            "    de, en: ! warning at L, ✗ error at AX5, ✗ error fixed-font-size\n"
        ] {
            XCTAssertTrue(text.out.contains(expected), "\(expected)\n\(text.out)")
        }
        // A fixed font's finding is about the spec, not a size: no note.
        XCTAssertTrue(
            text.out.contains("username — bankey-login/bankey-login.yaml:48 — 1 finding in every locale on every device, from AX1\n"),
            text.out)
        // Every report that names a first size qualifies it (the JSON report has the categories).
        for format in ["github", "xcode", "junit", "sarif", "markdown", "html"] {
            let r = try TypefitCommand.run(args + ["--format", format], in: work)
            XCTAssertTrue(r.out.contains("(of the sizes audited: Large, AX5)"), "\(format): \(r.out)")
            let whole = try TypefitCommand.run(
                [
                    "audit", "bankey-login", "--locales", "en,de", "--categories",
                    ContentSizeCategory.allCases.map(\.name).joined(separator: ","), "--format", format
                ], in: work)
            XCTAssertFalse(whole.out.contains("of the sizes audited"), "\(format): \(whole.out)")
        }
    }

    /// `typefit audit .` at an app's root: a folder's specs, but not `.typefit.yml`, a CI workflow,
    /// or what Pods, DerivedData, build or node_modules hold; a file named is read whatever its name.
    /// The extension's case does not matter (a Mac's file system does not tell `Login.YAML` apart
    /// from `Login.yaml`'s spelling, and a spec so named was left out unseen).
    func testAFolderWalkLeavesOutHiddenAndVendoredFiles() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-walk-\(getpid())")
        try? FileManager.default.removeItem(at: work)
        defer { try? FileManager.default.removeItem(at: work) }
        for path in [
            "Specs/login.yaml", "Specs/more/signup.yml", ".typefit.yml", ".github/workflows/ci.yml", "Pods/Lib/spec.yaml",
            "DerivedData/x.yaml", "build/y.yaml", "node_modules/z.yml", "Specs/.draft.yaml", "Specs/notes.txt", "Specs/Upper.YAML",
            "Specs/Mixed.Yml"
        ] {
            let url = work.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "screen: x\n".write(to: url, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(
            try Auditor.specFiles([work.path]).map { String($0.dropFirst(work.path.count + 1)) },
            ["Specs/Mixed.Yml", "Specs/Upper.YAML", "Specs/login.yaml", "Specs/more/signup.yml"])
        let named = work.appendingPathComponent(".github/workflows/ci.yml").path
        XCTAssertEqual(try Auditor.specFiles([named]), [named])
    }

    func testAScreenWithNothingToCheckIsAnError() throws {
        let work = try temporaryFolder("nothing")
        try "screen: Blank\ncontent: {vstack: root, children: [{spacer: s}]}\n".write(
            to: work.appendingPathComponent("blank.yaml"), atomically: true, encoding: .utf8)
        let r = try TypefitCommand.run(["audit", "blank.yaml"], in: work)
        XCTAssertEqual(r.code, 2, r.err)
        XCTAssertTrue(r.err.contains("0 element checks"), r.err)
    }

    func testCanonicalSpellingsAndFallbacks() throws {
        var options = AuditOptions()
        options.paths = [Self.root.appendingPathComponent("Specs/bankey-login").path]
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.categories = [.large]
        options.locales = ["pt_BR", "DE", "de-CH", "de"]
        let report = try Auditor(options: options).run()
        XCTAssertEqual(report.locales.filter(\.isAudited).map(\.requested), ["de", "de-CH", "pt-BR"], "DE and de are one locale")
        XCTAssertEqual(report.locales.filter(\.isAudited).map(\.localization), ["de", "de", "pt-BR"])
        XCTAssertEqual(Set(report.findings.compactMap(\.locale)), ["de", "de-CH", "pt-BR"])
    }

    func testPseudolocalesWithLocales() throws {
        var options = AuditOptions()
        options.paths = [Self.root.appendingPathComponent("Specs/bankey-login").path]
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.categories = [.large, .ax3]
        options.locales = ["en"]
        options.pseudolocales = [.doubleLength]
        let both = try Auditor(options: options).run()
        XCTAssertEqual(both.locales.filter(\.isAudited).map(\.requested), ["en", "pseudo-double"])
        // Named in --locales, a pseudolocale is generated too, not English labelled pseudo.
        options.pseudolocales = []
        options.locales = ["en", "pseudo-double"]
        let named = try Auditor(options: options).run()
        XCTAssertEqual(named.locales.filter(\.isAudited).map(\.localization), ["en", "pseudo-double"])
        let en = named.findings.filter { $0.locale == "en" }.compactMap(\.numbers.text)
        let doubled = named.findings.filter { $0.locale == "pseudo-double" }.compactMap(\.numbers.text)
        XCTAssertFalse(doubled.isEmpty)
        for text in doubled { XCTAssertFalse(en.contains(text), "pseudo-double shows doubled text, not English: \(text)") }
        XCTAssertEqual(named.summary.checks, both.summary.checks)
    }

    /// A selection flag given twice adds up, as a comma does: `--locales en --locales de` audits
    /// English and German (it audited German alone, the first list dropped without a word). The
    /// reference is the comma-separated run, report for report.
    func testRepeatedSelectionFlagsAddUp() throws {
        let work = try temporaryFolder("repeated")
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Specs/paper-login"), to: work.appendingPathComponent("paper-login"))
        let pairs: [([String], [String])] = [
            (["--locales", "en", "--locales", "de"], ["--locales", "en,de"]),
            (["--locales", "de", "--categories", "Large", "--categories", "AX1,AX5"], ["--locales", "de", "--categories", "Large,AX1,AX5"]),
            (
                ["--locales", "de", "--devices", "iPhone 16", "--devices", "iPhone SE (3rd generation)"],
                ["--locales", "de", "--devices", "iPhone 16,iPhone SE (3rd generation)"]
            ),
            (
                ["--locales", "en", "--pseudolocales", "pseudo-rtl", "--pseudolocales", "pseudo-double"],
                ["--locales", "en", "--pseudolocales", "pseudo-rtl,pseudo-double"]
            )
        ]
        for (i, (repeated, commas)) in pairs.enumerated() {
            let a = try TypefitCommand.run(["audit", "paper-login", "--report", "json:a\(i).json", "--quiet"] + repeated, in: work)
            let b = try TypefitCommand.run(["audit", "paper-login", "--report", "json:b\(i).json", "--quiet"] + commas, in: work)
            XCTAssertLessThanOrEqual(a.code, 1, a.err)
            XCTAssertEqual(a.code, b.code)
            let ra = try AuditReport.read(path: work.appendingPathComponent("a\(i).json").path)
            let rb = try AuditReport.read(path: work.appendingPathComponent("b\(i).json").path)
            XCTAssertEqual(ra.summary.checks, rb.summary.checks, repeated.joined(separator: " "))
            XCTAssertEqual(ra.locales.filter(\.isAudited).map(\.requested), rb.locales.filter(\.isAudited).map(\.requested))
            XCTAssertEqual(ra.findings.map(\.fingerprint), rb.findings.map(\.fingerprint), repeated.joined(separator: " "))
        }
        let both = try AuditReport.read(path: work.appendingPathComponent("a0.json").path)
        XCTAssertEqual(both.locales.filter(\.isAudited).map(\.requested), ["de", "en"])
    }
}
