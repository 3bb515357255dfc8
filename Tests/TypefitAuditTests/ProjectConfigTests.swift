import Foundation
import TypefitCore
import TypefitStrings
import XCTest

@testable import TypefitAudit
@testable import TypefitSpec

/// `.typefit.yml` through the `typefit` binary, in a temporary app folder with no flags and no
/// environment variables: the file drives the audit (specs, excludes, locales, categories, devices,
/// severities, reports), flags override it, waivers accept exactly their element with their reason
/// shown, expired waivers fail, bad files are refused with their position, and `typefit init` writes a
/// starter that loads.
final class ProjectConfigTests: XCTestCase {
    var app: URL!

    override func setUpWithError() throws {
        app = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-config-\(getpid())-\(abs(name.hashValue))")
        try? FileManager.default.removeItem(at: app)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("UI/Specs/drafts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("build"), withIntermediateDirectories: true)
        // A 200 pt one-line body title that truncates from Large, a 120 pt footnote subtitle that
        // truncates from xLarge (BaselineTests' screen), in English and German on two devices.
        try write(
            """
            screen: Config test
            devices: [iPhone SE (1st generation), iPhone 16]
            locales: [en, de]
            content:
              vstack: root
              children:
                - label: title
                  text: Continue with your account
                  style: body
                  width: 200
                - label: subtitle
                  text: Sign in to continue
                  style: footnote
                  width: 120
            """, "UI/Specs/screen.yaml")
        // Not a spec: auditing it is an input error, so the audit passing shows it was excluded.
        try write("screen: [\n", "UI/Specs/drafts/broken.yaml")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: app)
    }

    func write(_ text: String, _ path: String) throws {
        try text.write(to: app.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    /// Writes `text` at `path` inside the app's folder `folder`, making the folders on the way (the
    /// `init` tests lay out a repository's `.lproj` folders and project files).
    func place(_ path: String, _ text: String, in folder: String) throws {
        let url = app.appendingPathComponent(folder).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs the binary with no TYPEFIT_FONTS: it finds the bundled fonts beside itself.
    @discardableResult
    func typefit(_ args: [String], in folder: String = "") throws -> (code: Int32, out: String, err: String) {
        try TypefitCommand.run(args, in: folder.isEmpty ? app : app.appendingPathComponent(folder), environment: ["TYPEFIT_FONTS": ""])
    }

    func findings(_ path: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: app.appendingPathComponent(path))
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(report["findings"] as? [[String: Any]])
    }

    static let baseConfig = """
        minimumVersion: 0.1.0
        specs: [UI/Specs]
        exclude: [UI/Specs/drafts]
        locales: [de]
        categories: [large, AX5]
        devices: [iPhone 16]
        severity: {truncated: warning}
        reports: [text, "json:build/typefit.json"]

        """

    // MARK: - The file drives the audit

    /// Run from a subfolder with no arguments: the file above it is found; only its specs (not the
    /// excluded draft), locale, categories and device are audited; truncated is a warning, so the run
    /// passes; the JSON report goes where the file says, relative to the file.
    func testAConfigFileDrivesTheAuditWithNoFlags() throws {
        try write(Self.baseConfig, ".typefit.yml")
        let r = try typefit(["audit"], in: "UI")
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("Config test"), "the text report on standard output")
        let all = try findings("build/typefit.json")
        XCTAssertFalse(all.isEmpty)
        XCTAssertEqual(Set(all.map { $0["locale"] as? String }), ["de"])
        XCTAssertEqual(Set(all.map { $0["device"] as? String }), ["iPhone 16"])
        XCTAssertEqual(Set(all.map { $0["category"] as? String }), ["Large", "AX5"])
        XCTAssertEqual(Set(all.map { $0["severity"] as? String }), ["warning"], "the file's severity for truncated")
        XCTAssertTrue(
            all.allSatisfy {
                ($0["spec"] as? String)?.hasSuffix("UI/Specs/screen.yaml") == true || $0["spec"] as? String == "Specs/screen.yaml"
            })

        // The same audit with flags and no configuration gives the same findings (errors, by default).
        let flags = try typefit([
            "audit", "--no-config", "UI/Specs/screen.yaml", "--locales", "de", "--categories", "large,AX5",
            "--devices", "iPhone 16", "--report", "json:build/flags.json"
        ])
        XCTAssertEqual(flags.code, 1, flags.err)
        let byFlags = try findings("build/flags.json")
        XCTAssertEqual(byFlags.count, all.count)
        XCTAssertEqual(Set(byFlags.map { $0["severity"] as? String }), ["error"])

        // Flags override the file: another category, strict, and a report on standard output only.
        let over = try typefit(["audit", "--categories", "AX1", "--strict", "--format", "json"])
        XCTAssertEqual(over.code, 1, "truncated is a warning and --strict fails on warnings: " + over.err)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(over.out.utf8)) as? [String: Any])
        let cats = Set((report["findings"] as? [[String: Any]] ?? []).map { $0["category"] as? String })
        XCTAssertEqual(cats, ["AX1"])

        // Without the exclude, the broken draft is audited: an input error at its line.
        try write(Self.baseConfig.replacingOccurrences(of: "exclude: [UI/Specs/drafts]\n", with: ""), ".typefit.yml")
        let broken = try typefit(["audit"], in: "UI")
        XCTAssertEqual(broken.code, 2)
        XCTAssertTrue(broken.err.contains("broken.yaml:"), broken.err)
    }

    /// Without `specs`, the `Specs` folder beside the file is audited, from whatever folder typefit
    /// runs in (here UI/, whose own UI/Specs holds the broken draft).
    func testWithoutSpecsTheFolderBesideTheFileIsAudited() throws {
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: app.appendingPathComponent("UI/Specs/screen.yaml"), to: app.appendingPathComponent("Specs/screen.yaml"))
        try write("locales: [de]\ncategories: [AX5]\n", ".typefit.yml")
        let r = try typefit(["audit", "--format", "json"], in: "UI")
        XCTAssertEqual(r.code, 1, r.err)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let specs = Set((report["findings"] as? [[String: Any]] ?? []).compactMap { $0["spec"] as? String })
        XCTAssertEqual(
            specs,
            ["../Specs/screen.yaml"].map {
                URL(fileURLWithPath: $0, relativeTo: app.appendingPathComponent("UI/")).standardizedFileURL.path
            }.reduce(
                into: Set<String>()
            ) { $0.insert($1) })
    }

    /// Runs `args` in `folder` and checks it is refused (exit 2) with exactly the one-line error `expected`.
    @discardableResult
    func assertRefusedWith(
        _ args: [String], in folder: String = "", _ expected: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (code: Int32, out: String, err: String) {
        let r = try typefit(args, in: folder)
        XCTAssertEqual(r.code, 2, r.err, file: file, line: line)
        XCTAssertEqual(r.err.trimmingCharacters(in: .newlines), expected, file: file, line: line)
        return r
    }

    /// The default spec folder, when it is missing, is an error that says where the default comes
    /// from: with no configuration, ./Specs; with one that has no `specs`, the Specs folder beside it.
    /// A folder the file's `specs` names is checked at its line and column.
    func testAMissingDefaultSpecsFolderSaysWhereTheDefaultComesFrom() throws {
        try assertRefusedWith(
            ["audit"], in: "build",
            "Specs: error: no such file or folder (given no path and no .typefit.yml, typefit reads ./Specs: name spec files or folders, or run 'typefit init')"
        )
        try write("locales: [de]\n", ".typefit.yml")
        let configured = try assertRefusedWith(
            ["audit"],
            "Specs: error: no such file or folder (.typefit.yml has no 'specs', so typefit reads the Specs folder beside it: add 'specs:' or name spec files or folders)"
        )
        // `typefit budgets` reads the same specs.
        XCTAssertEqual(try typefit(["budgets"]).err, configured.err)
        // A folder `specs` names that does not exist is an error at its entry in the file.
        try write("locales: [de]\nspecs:\n  - UI/Specs\n  - UI/Specz\n", ".typefit.yml")
        try assertRefusedWith(
            ["audit"],
            ".typefit.yml:4:5: error: specs: UI/Specz: no such file or folder (paths in .typefit.yml are relative to it; "
                + "'typefit init --catalog FILE' writes a first spec)")
        // A path named on the command line is the audit's to check, as before.
        XCTAssertEqual(try typefit(["audit", "UI/Specs/screen.yaml", "--quiet"]).code, 1)
    }

    /// The file's `baseline`, as the starter's comment has it: missing, the gate says how to write
    /// it; `--write-baseline` to that path writes it, and later refreshes it in place (a run that
    /// writes a baseline reads none). A `--baseline` given as a flag is still an input never written.
    func testTheConfiguredBaselineIsWrittenThenRefreshedInPlace() throws {
        try write(
            "specs: [UI/Specs]\nexclude: [UI/Specs/drafts]\nlocales: [de]\ncategories: [large, AX5]\nbaseline: UI/Specs/baseline.json\n",
            ".typefit.yml")
        try assertRefusedWith(
            ["audit", "--quiet"],
            ".typefit.yml:5:11: error: baseline: UI/Specs/baseline.json: no such file (write it first: typefit audit --write-baseline UI/Specs/baseline.json)"
        )
        let written = try typefit(["audit", "--write-baseline", "UI/Specs/baseline.json"])
        XCTAssertEqual(written.code, 0, written.err)
        XCTAssertTrue(written.err.contains("to UI/Specs/baseline.json"), written.err)
        let gate = try typefit(["audit", "--quiet"])
        XCTAssertEqual(gate.code, 0, gate.err)
        XCTAssertTrue((gate.out + gate.err).contains(" baselined"), gate.out + gate.err)
        XCTAssertEqual(try typefit(["audit", "--write-baseline", "UI/Specs/baseline.json"]).code, 0, "refreshed in place")
        let explicit = try typefit(["audit", "--baseline", "UI/Specs/baseline.json", "--write-baseline", "UI/Specs/baseline.json"])
        XCTAssertEqual(explicit.code, 2)
        XCTAssertTrue(explicit.err.contains("an input of this audit"), explicit.err)
    }

    /// A font folder the file names is checked as `--font-dir`'s are (it exists and holds a font
    /// file), and a bad one is reported at its entry.
    func testAConfiguredFontFolderIsCheckedAtItsEntry() throws {
        try FileManager.default.createDirectory(at: app.appendingPathComponent("UI/Fonts"), withIntermediateDirectories: true)
        try write("specs: [UI/Specs]\nexclude: [UI/Specs/drafts]\nfontDirectories:\n  - UI/Fonts\n  - UI/Fontz\n", ".typefit.yml")
        try assertRefusedWith(
            ["audit", "--quiet"], ".typefit.yml:4:5: error: fontDirectories: UI/Fonts: holds no font file (.otf, .ttf, .ttc, .otc)")
        try FileManager.default.copyItem(
            at: AuditTests.root.appendingPathComponent("Fonts/Inter-Regular.otf"),
            to: app.appendingPathComponent("UI/Fonts/Inter-Regular.otf"))
        try assertRefusedWith(["audit", "--quiet"], ".typefit.yml:5:5: error: fontDirectories: UI/Fontz: font folder not found")
    }

    /// An `exclude` entry that names nothing is an error at its entry, with the sibling it most likely
    /// meant: a typo would otherwise audit the very folder it was written to leave out.
    func testAnExcludeEntryThatNamesNothingIsAnErrorAtItsEntry() throws {
        try write("specs: [UI/Specs]\nexclude:\n  - UI/Specs/drafs\n", ".typefit.yml")
        try assertRefusedWith(
            ["audit", "--quiet"],
            ".typefit.yml:3:5: error: exclude: UI/Specs/drafs: no such file or folder (did you mean 'UI/Specs/drafts'?)")
        try write("specs: [UI/Specs]\nexclude: [Elsewhere/drafts]\n", ".typefit.yml")
        try assertRefusedWith(
            ["audit", "--quiet"],
            ".typefit.yml:2:11: error: exclude: Elsewhere/drafts: no such file or folder (paths in .typefit.yml are relative to it)")
        try write("specs: [UI/Specs]\nexclude: [UI/Specs/drafts]\n", ".typefit.yml")
        XCTAssertNotEqual(try typefit(["audit", "--quiet"]).code, 2)
    }

    // MARK: - Waivers

    /// A waiver of truncated for `title` in German accepts exactly those findings: each is accepted and
    /// says why, the English title and the subtitle still fail, and the counts add up to the run
    /// without the configuration.
    func testAWaiverSilencesExactlyItsElementWithItsReason() throws {
        let config = """
            specs: [UI/Specs]
            exclude: [UI/Specs/drafts]
            waivers:
              - rule: truncated
                element: title
                locale: de
                categories: large...AX5
                reason: Marketing accepted the ellipsis (JIRA-42)
                expires: 2099-12-31

            """
        try write(config, ".typefit.yml")
        let r = try typefit(["audit", "--report", "json:build/waived.json"])
        XCTAssertEqual(r.code, 1, "the subtitle and the English title still fail: " + r.err)
        let all = try findings("build/waived.json")
        let waived = all.filter { $0["accepted"] as? Bool == true }
        XCTAssertFalse(waived.isEmpty)
        for f in all {
            let isTarget = f["element"] as? String == "title" && f["locale"] as? String == "de" && f["rule"] as? String == "truncated"
            XCTAssertEqual(f["accepted"] as? Bool == true, isTarget, "\(f)")
            if isTarget {
                XCTAssertTrue(
                    (f["message"] as? String ?? "").contains(
                        "waived (.typefit.yml:4: Marketing accepted the ellipsis (JIRA-42), until 2099-12-31)"), "\(f)")
            }
        }
        XCTAssertTrue(all.contains { $0["element"] as? String == "title" && $0["locale"] as? String == "en" }, "English titles still fail")
        XCTAssertTrue(
            r.err.contains(
                ".typefit.yml:4:5: waived \(waived.count) truncated findings of element 'title' until 2099-12-31: Marketing accepted the ellipsis (JIRA-42)"
            ),
            r.err)
        XCTAssertTrue(r.err.contains(", \(waived.count) waived"), r.err)
        XCTAssertFalse(r.err.contains("baselined"), r.err)
        // Every report says the waiver, not a baseline, accepted them (there is none): the JSON
        // report's findings and summary, and each report's words.
        XCTAssertTrue(all.allSatisfy { ($0["waived"] as? Bool == true) == ($0["accepted"] as? Bool == true) })
        let summary = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: app.appendingPathComponent("build/waived.json"))) as? [String: Any])?[
                "summary"] as? [String: Any])
        XCTAssertEqual(summary["waived"] as? Int, waived.count)
        XCTAssertEqual(summary["baselined"] as? Int, 0)
        let formats = ["text", "markdown", "github", "xcode", "junit", "sarif", "html"]
        let reports = try typefit(["audit"] + formats.flatMap { ["--report", "\($0):build/waived.\($0)"] })
        XCTAssertEqual(reports.code, 1, reports.err)
        for format in formats {
            let text = try String(contentsOf: app.appendingPathComponent("build/waived.\(format)"), encoding: .utf8)
            XCTAssertTrue(text.contains("waived in .typefit.yml"), "\(format): \(text)")
            XCTAssertFalse(text.contains("by the baseline") || text.contains("typefit baseline"), "\(format): \(text)")
        }
        let text = try String(contentsOf: app.appendingPathComponent("build/waived.text"), encoding: .utf8)
        XCTAssertTrue(text.contains("info (\(waived.count) waived in .typefit.yml)"), text)

        // Without the configuration: the same findings, none accepted, and exactly that many more errors.
        let plain = try typefit(["audit", "--no-config", "UI/Specs/screen.yaml", "--report", "json:build/plain.json"])
        let before = try findings("build/plain.json")
        XCTAssertEqual(before.count, all.count)
        XCTAssertFalse(before.contains { $0["accepted"] as? Bool == true })
        func errors(_ err: String) -> Int? {
            err.range(of: #"(\d+) errors"#, options: .regularExpression).flatMap { Int(err[$0].split(separator: " ")[0]) }
        }
        XCTAssertEqual(try XCTUnwrap(errors(plain.err)) - waived.count, try XCTUnwrap(errors(r.err)), plain.err + r.err)
    }

    /// A baseline and a waiver together: each finding says which accepted it. The baseline, written
    /// from an English-only run, accepts the English findings; the waiver the German title's. The
    /// title's problem, accepted both ways, says both; the counts are the plain run's findings.
    func testABaselineAndAWaiverEachSayWhatTheyAccepted() throws {
        let plain = try typefit(["audit", "--no-config", "UI/Specs/screen.yaml", "--report", "json:build/plain.json", "--quiet"])
        XCTAssertEqual(plain.code, 1, plain.err)
        let before = try findings("build/plain.json")
        let english = before.filter { $0["locale"] as? String == "en" && $0["severity"] as? String != "info" }.count
        let germanTitle = before.filter {
            $0["locale"] as? String == "de" && $0["element"] as? String == "title" && $0["rule"] as? String == "truncated"
        }.count
        XCTAssertGreaterThan(english, 0)
        XCTAssertGreaterThan(germanTitle, 0)
        let written = try typefit(["audit", "--no-config", "UI/Specs/screen.yaml", "--locales", "en", "--write-baseline", "build/en.json"])
        XCTAssertEqual(written.code, 0, written.err)
        try write(
            "specs: [UI/Specs]\nexclude: [UI/Specs/drafts]\nwaivers:\n  - rule: truncated\n    element: title\n    locale: de\n    reason: Reviewed\n",
            ".typefit.yml")
        let r = try typefit(["audit", "--baseline", "build/en.json", "--report", "json:build/both.json", "--report", "text:build/both.txt"])
        XCTAssertEqual(r.code, 1, "the German subtitle still fails: " + r.err)
        XCTAssertTrue(r.err.contains(", \(english) baselined, \(germanTitle) waived"), r.err)
        let text = try String(contentsOf: app.appendingPathComponent("build/both.txt"), encoding: .utf8)
        XCTAssertTrue(text.contains(" (\(english) accepted by the baseline, \(germanTitle) waived in .typefit.yml)"), text)
        XCTAssertTrue(text.contains(", 1 of them accepted by the baseline or waived in .typefit.yml — fix first:"), text)
        let after = try findings("build/both.json")
        XCTAssertEqual(after.filter { $0["waived"] as? Bool == true }.count, germanTitle)
        XCTAssertEqual(after.filter { $0["accepted"] as? Bool == true }.count, english + germanTitle)
    }

    /// An expired waiver accepts nothing and fails the run, even when every finding is otherwise
    /// waived; the same waivers unexpired pass.
    func testAnExpiredWaiverFails() throws {
        func config(expires: String) -> String {
            """
            specs: [UI/Specs/screen.yaml]
            waivers:
              - rule: truncated
                element: title
                reason: Marketing accepted the ellipsis
                expires: \(expires)
              - rule: truncated
                element: subtitle
                reason: Legal text, reviewed

            """
        }
        try write(config(expires: "2099-12-31"), ".typefit.yml")
        let valid = try typefit(["audit", "--quiet"])
        XCTAssertEqual(valid.code, 0, "every finding waived: " + valid.out + valid.err)

        try write(config(expires: "2020-01-31"), ".typefit.yml")
        let expired = try typefit(["audit", "--report", "json:build/expired.json"])
        XCTAssertEqual(expired.code, 1, expired.err)
        XCTAssertTrue(
            expired.err.contains(
                ".typefit.yml:3:5: error: the waiver of truncated for element 'title' expired on 2020-01-31 (fix the finding, or renew the waiver with a new reason and date: Marketing accepted the ellipsis)"
            ), expired.err)
        XCTAssertTrue(expired.err.contains("1 expired waiver"), expired.err)
        let all = try findings("build/expired.json")
        XCTAssertTrue(all.contains { $0["element"] as? String == "title" && $0["accepted"] as? Bool != true }, "the title is not waived")
        XCTAssertFalse(all.contains { $0["element"] as? String == "subtitle" && $0["accepted"] as? Bool != true }, "the subtitle still is")
    }

    /// A waiver of a spec file that is not there is an error at its entry (a waiver that matched
    /// nothing only warned, and the findings it meant to accept were then reported as if never
    /// waived); a waiver whose element no finding or text of the run has gets the closest id that
    /// one has; one whose element is known keeps the general advice.
    func testAWaiverOfNothingSaysWhatItMeant() throws {
        try write(
            "specs: [UI/Specs/screen.yaml]\nwaivers:\n  - rule: truncated\n    element: title\n    spec: UI/Specs/screne.yaml\n    reason: Reviewed\n",
            ".typefit.yml")
        let missing = try typefit(["audit", "--quiet"])
        XCTAssertEqual(missing.code, 2, missing.err)
        XCTAssertEqual(
            missing.err,
            ".typefit.yml:3:5: error: a waiver's spec: UI/Specs/screne.yaml: no such file (did you mean 'UI/Specs/screen.yaml'?)\n")
        try write(
            """
            specs: [UI/Specs/screen.yaml]
            locales: [en]
            waivers:
              - rule: truncated
                element: titel
                spec: UI/Specs/screen.yaml
                reason: Reviewed
              - rule: clipped
                element: subtitle
                reason: Reviewed

            """, ".typefit.yml")
        let r = try typefit(["audit", "--quiet"])
        XCTAssertEqual(r.code, 1, "the title's truncation is not waived: " + r.err)
        XCTAssertTrue(
            r.err.contains(
                ".typefit.yml:4:5: warning: the waiver of truncated for element 'titel' matches no finding (did you mean 'title'?)\n"),
            r.err)
        XCTAssertTrue(
            r.err.contains(
                ".typefit.yml:8:5: warning: the waiver of clipped for element 'subtitle' matches no finding (check its rule, element and filters, or remove it)\n"
            ), r.err)
    }

    // MARK: - Bad files

    func assertRefused(_ config: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try write(config, ".typefit.yml")
        let r = try typefit(["audit"])
        XCTAssertEqual(r.code, 2, r.err, file: file, line: line)
        XCTAssertTrue(r.err.contains(message), "expected \(message) in: \(r.err)", file: file, line: line)
    }

    func testBadConfigurationsAreRefusedWithTheirPositionAndAHint() throws {
        try assertRefused(
            "specs: [UI/Specs]\nlocalse: [de]\n",
            ".typefit.yml:2:1: error: unknown key 'localse' in the configuration (did you mean 'locales'?)")
        // Named from the working folder, as the errors about its values are (not by its absolute path).
        XCTAssertTrue(
            try typefit(["audit"]).err.hasPrefix(".typefit.yml:2:1: error: unknown key 'localse'"),
            "the file is named relative to the working folder")
        // SwiftLint's words (a `.swiftlint.yml` is often beside it) say typefit's: `included` is not
        // a typo of `exclude`, its opposite.
        try assertRefused(
            "included: [UI/Specs]\n",
            ".typefit.yml:1:1: error: unknown key 'included' in the configuration (did you mean 'specs'? (typefit's word for included))")
        try assertRefused(
            "disabled_rules: [touch-target]\n",
            ".typefit.yml:1:1: error: unknown key 'disabled_rules' in the configuration (a rule is turned off by its severity: severity: {RULE: ignore} (`typefit rules` lists them))"
        )
        try assertRefused("reports: [sarf:out.sarif]\n", ".typefit.yml:1:11: error: unknown report format 'sarf' (did you mean 'sarif'?)")
        try assertRefused(
            "severity: {truncatd: error}\n", ".typefit.yml:1:12: error: unknown key 'truncatd' in severity (did you mean 'truncated'?)")
        // XCTest's audit type, as `performAccessibilityAudit(for: [.textClipped])` names it.
        try assertRefused(
            "severity: {textClipped: ignore}\n",
            ".typefit.yml:1:12: error: unknown key 'textClipped' in severity ('textClipped' is an XCTest audit type; typefit's rules for it: truncated, clipped)"
        )
        try assertRefused("categories: [AX6]\n", ".typefit.yml:1:14: error: unknown content size category 'AX6'")
        try assertRefused(
            "pseudolocales: [pseudo-dubble]\n",
            ".typefit.yml:1:17: error: unknown pseudolocale 'pseudo-dubble' (did you mean 'pseudo-double'?)")
        try assertRefused("waivers:\n  - rule: truncated\n    element: title\n", ".typefit.yml:2:5: error: a waiver needs a 'reason'")
        try assertRefused(
            "waivers:\n  - rule: trunkated\n    element: t\n    reason: r\n",
            ".typefit.yml:2:11: error: unknown rule 'trunkated' (did you mean 'truncated'?)")
        // A waiver's rule written as XCTest's audit type names it.
        try assertRefused(
            "waivers:\n  - rule: textClipped\n    element: t\n    reason: r\n",
            ".typefit.yml:2:11: error: unknown rule 'textClipped' ('textClipped' is an XCTest audit type; typefit's rules for it: truncated, clipped (a waiver names one rule: one waiver per rule))"
        )
        try assertRefused(
            "waivers:\n  - rule: truncated\n    element: t\n    reason: r\n    expires: 2027-02-30\n",
            ".typefit.yml:5:14: error: expires must be a date like 2027-01-31 (got '2027-02-30')")
        try assertRefused(
            "waivers:\n  - rule: truncated\n    element: t\n    reason: r\n    categories: AX5...large\n",
            ".typefit.yml:5:17: error: the range AX5...large is empty")
        try assertRefused(
            "waivers:\n  - rule: truncated\n    element: t\n    reson: r\n",
            ".typefit.yml:4:5: error: unknown key 'reson' in a waiver (did you mean 'reason'?)"
        )
        try assertRefused("minimumVersion: 99.0\n", ".typefit.yml: error: this project needs typefit 99.0 or later; this is typefit")
        try assertRefused(
            "specs: [UI/Specs]\nexclude: [UI/Specs/drafts, UI/Specs]\n",
            ".typefit.yml:2:28: error: every spec under UI/Specs is excluded (check 'exclude' in .typefit.yml)")
        try assertRefused("locales: [de\n", ".typefit.yml:2:1: error: invalid YAML")
        // A selection the file makes that the audit refuses is reported at the file, not at a flag,
        // at the line and column of the value refused.
        try assertRefused(
            "specs: [UI/Specs/screen.yaml]\ndevices: [iPhone 16, iPhone 61]\n",
            ".typefit.yml:2:22: error: devices: unknown device 'iPhone 61' (did you mean 'iPhone 16'?)")
        try assertRefused(
            "specs: [UI/Specs/screen.yaml]\ndevices:\n  - iPhone 16\n  - iPhone 99\n",
            ".typefit.yml:4:5: error: devices: 'iPhone 99' is not a preset device, nor a model whose screen typefit knows")
        let bankey = AuditTests.root.appendingPathComponent("Specs/bankey-login").path
        try assertRefused(
            "specs: [\(bankey)]\nlocales:\n  - de\n  - sw\n",
            ".typefit.yml:4:5: error: locales: locale 'sw', Swahili, is not a localization of")
        // A FIFO and a huge file are refused without being read (a FIFO would block).
        XCTAssertEqual(mkfifo(app.appendingPathComponent("fifo.yml").path, 0o600), 0)
        let fifo = try typefit(["audit", "--config", "fifo.yml"])
        XCTAssertEqual(fifo.code, 2)
        XCTAssertTrue(fifo.err.contains("fifo.yml: error: the configuration is not a regular file"), fifo.err)
        try write("# " + String(repeating: "x", count: 1 << 20) + "\n", "huge.yml")
        let huge = try typefit(["audit", "--config", "huge.yml"])
        XCTAssertEqual(huge.code, 2)
        XCTAssertTrue(huge.err.contains("huge.yml: error: configuration file is larger than 1 MB"), huge.err)
        // --config names a missing file: an error, not the default run.
        let r = try typefit(["audit", "--config", "missing.yml"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("missing.yml: error: configuration file not found"), r.err)
    }

    // MARK: - Schema and init

    /// The schema lists exactly the keys the loader accepts, and the starter `typefit init` writes is
    /// valid under it and loads.
    func testTheSchemaMatchesTheLoaderAndInitWritesAStarterThatLoads() throws {
        let schema = try typefit(["schema", "--config"])
        XCTAssertEqual(schema.code, 0)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(schema.out.utf8)) as? [String: Any])
        let properties = try XCTUnwrap(json["properties"] as? [String: Any])
        XCTAssertEqual(Set(properties.keys), Set(ProjectConfig.keys))
        let waiver = try XCTUnwrap(((properties["waivers"] as? [String: Any])?["items"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertEqual(Set(waiver.keys), Set(ProjectConfig.waiverKeys))

        let folder = app.appendingPathComponent("fresh")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog = AuditTests.root.appendingPathComponent("Specs/bankey-login/Localizable.xcstrings").path
        let first = try typefit(["init", "--catalog", catalog], in: "fresh")
        XCTAssertEqual(first.code, 0, first.err)
        XCTAssertTrue(first.err.contains("wrote .typefit.yml") && first.err.contains("wrote Specs/Localizable.yaml"), first.err)
        let again = try typefit(["init"], in: "fresh")
        XCTAssertEqual(again.code, 2)
        XCTAssertTrue(again.err.contains(".typefit.yml: error: already exists (use --force to overwrite it)"), again.err)

        // The skeleton lists one label per catalog key and the audit runs on it (1: it finds problems,
        // never 2: the files load).
        let keys = try LocalizedStrings.loadCatalog(path: catalog).keys
        let spec = try String(contentsOf: folder.appendingPathComponent("Specs/Localizable.yaml"), encoding: .utf8)
        XCTAssertEqual(spec.components(separatedBy: "    - label: ").count - 1, min(keys.count, ProjectStarter.maximumKeys))
        let audit = try typefit(["audit", "--categories", "large", "--locales", "en"], in: "fresh")
        XCTAssertTrue(audit.code == 0 || audit.code == 1, audit.err)
        XCTAssertTrue(audit.out.contains("Localizable"), audit.out)

        // The starter is valid under the schema by an independent validator (Python jsonschema).
        let schemaFile = app.appendingPathComponent("config.schema.json")
        try schema.out.write(to: schemaFile, atomically: true, encoding: .utf8)
        let checkFolder = app.appendingPathComponent("check")
        try FileManager.default.createDirectory(at: checkFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent(".typefit.yml"), to: checkFolder.appendingPathComponent("config.yaml"))
        let result = try ReporterTests.python([
            AuditTests.root.appendingPathComponent("scripts/validate-specs.py").path, schemaFile.path, checkFolder.path
        ])
        if result.code == 127 || result.output.contains("ModuleNotFoundError") {
            throw XCTSkip("python3 with jsonschema and PyYAML is needed (make test installs them): \(result.output)")
        }
        XCTAssertEqual(result.code, 0, result.output)
        XCTAssertTrue(result.output.contains("1 spec files, 0 problems"), result.output)
    }

    /// A plain `typefit init` says what to do next: a first spec for a String Catalog it finds (nearest
    /// first; none from hidden, build or package-manager folders), or one written by hand. `init
    /// --catalog` in a project that has a `.typefit.yml` keeps it, byte for byte, and adds the spec.
    func testInitNamesTheAppsCatalogsAndAddsASpecBesideAnExistingConfig() throws {
        let repo = app.appendingPathComponent("repo")
        let catalog = AuditTests.root.appendingPathComponent("Specs/bankey-login/Localizable.xcstrings")
        for path in [
            "App/Resources/Localizable.xcstrings", "Share Extension/Share.xcstrings", "Pods/Lib/Lib.xcstrings",
            ".build/checkouts/Copy.xcstrings", "DerivedData/App/Copy.xcstrings",
            // The Info.plist's keys (the app's name, permission prompts), as ownCloud's app keeps them, and
            // as Threema's extensions do in `ThreemaShareExtension-InfoPlist.xcstrings`: not offered.
            "App/Resources/InfoPlist.xcstrings", "Share Extension/ShareExtension-InfoPlist.xcstrings"
        ] {
            let url = repo.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: catalog, to: url)
        }
        // The share extension's catalog is smaller than the app's: the app's is offered, though deeper.
        try #"{"sourceLanguage": "en", "version": "1.0", "strings": {"Share": {}}}"#.write(
            to: repo.appendingPathComponent("Share Extension/Share.xcstrings"), atomically: true, encoding: .utf8)
        let first = try typefit(["init"], in: "repo")
        XCTAssertEqual(first.code, 0, first.err)
        XCTAssertEqual(
            first.err,
            """
            typefit: wrote .typefit.yml
            typefit: next: `typefit init --catalog App/Resources/Localizable.xcstrings` writes a first spec for the String Catalog \
            App/Resources/Localizable.xcstrings (2 String Catalogs here: App/Resources/Localizable.xcstrings, Share Extension/Share.xcstrings), \
            then run `typefit audit`

            """)
        let config = try Data(contentsOf: repo.appendingPathComponent(".typefit.yml"))
        let added = try typefit(["init", "--catalog", "App/Resources/Localizable.xcstrings"], in: "repo")
        XCTAssertEqual(added.code, 0, added.err)
        XCTAssertEqual(added.err, "typefit: wrote Specs/Localizable.yaml\ntypefit: kept .typefit.yml (it exists; --force rewrites it)\n")
        XCTAssertEqual(try Data(contentsOf: repo.appendingPathComponent(".typefit.yml")), config)
        let audit = try typefit(["audit", "--categories", "large", "--locales", "en"], in: "repo")
        XCTAssertTrue(audit.code == 0 || audit.code == 1, audit.err)
        // The spec is not overwritten either.
        let again = try typefit(["init", "--catalog", "App/Resources/Localizable.xcstrings"], in: "repo")
        XCTAssertEqual(again.code, 2)
        XCTAssertEqual(again.err, "Specs/Localizable.yaml: error: already exists (use --force to overwrite it)\n")

        let empty = app.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let bare = try typefit(["init"], in: "empty")
        XCTAssertEqual(bare.code, 0, bare.err)
        XCTAssertTrue(
            bare.err.hasSuffix(
                "typefit: next: describe a screen in Specs/ (docs/spec-format.md; `typefit schema` prints its JSON Schema), then run `typefit audit`\n"
            ), bare.err)
    }

    /// An app whose strings are `.lproj` folders (FirebaseUI's tables): a plain `typefit init` names
    /// the folder and its table (none from Pods, none with only InfoPlist.strings, whatever its case), `init --strings`
    /// writes a spec that names the table and loads, and what it cannot honour is refused: a table the
    /// folders lack (with the one meant), a development language without the table, options that
    /// do not go together.
    func testInitWritesAFirstSpecForLprojFolders() throws {
        let repo = app.appendingPathComponent("lproj")
        let fm = FileManager.default
        try fm.createDirectory(at: repo.appendingPathComponent("Auth"), withIntermediateDirectories: true)
        try fm.copyItem(
            at: AuditTests.root.appendingPathComponent("Tests/TypefitAuditTests/Fixtures/firebaseui/Resources"),
            to: repo.appendingPathComponent("Auth/Strings"))
        // An Xcode Localization Catalog exported for translators (Tinode keeps six) holds copies of
        // the tables, larger here than the app's: neither offered nor counted.
        let exported = (0..<2000).map { #""key.\#($0)" = "An exported copy of a string";"# }.joined(separator: "\n")
        for (path, text) in [
            ("Pods/Lib/en.lproj/Localizable.strings", #""a" = "A";"#),
            ("App/en.lproj/InfoPlist.strings", #""CFBundleDisplayName" = "App";"#),
            // Trio's spelling: the Info.plist's keys all the same.
            ("Watch/en.lproj/infoPlist.strings", #""NSHealthShareUsageDescription" = "Reads your glucose";"#),
            ("Localizations/de.xcloc/Source Contents/Auth/en.lproj/Localizable.strings", exported),
            ("Localizations/de.xcloc/Localized Contents/Big.xcstrings", "{}")
        ] {
            try place(path, text, in: "lproj")
        }
        let first = try typefit(["init"], in: "lproj")
        XCTAssertEqual(first.code, 0, first.err)
        XCTAssertEqual(
            first.err,
            """
            typefit: wrote .typefit.yml
            typefit: next: `typefit init --strings Auth/Strings --table FirebaseAuthUI` writes a first spec for the table FirebaseAuthUI \
            of the .lproj folders in Auth/Strings (its tables: FirebaseAuthUI, FirebaseGoogleAuthUI), then run `typefit audit`

            """)

        func refused(_ args: [String], _ message: String, line: UInt = #line) throws {
            let r = try typefit(["init"] + args, in: "lproj")
            XCTAssertEqual(r.code, 2, r.err, line: line)
            XCTAssertEqual(r.err, message + "\n", line: line)
        }
        try refused(
            ["--strings", "Auth/Strings"],
            "Auth/Strings: error: its .lproj folders hold no Localizable.strings or Localizable.stringsdict (tables: FirebaseAuthUI, FirebaseGoogleAuthUI) (name the table: --table FirebaseAuthUI)"
        )
        try refused(
            ["--strings", "Auth/Strings", "--table", "FirebaseAuthUi"],
            "Auth/Strings: error: its .lproj folders hold no FirebaseAuthUi.strings or FirebaseAuthUi.stringsdict (tables: FirebaseAuthUI, FirebaseGoogleAuthUI) (did you mean --table FirebaseAuthUI?)"
        )
        try refused(
            ["--strings", "Auth/Strings", "--table", "FirebaseAuthUI", "--development-language", "fr"],
            "Auth/Strings: error: neither fr.lproj nor Base.lproj holds FirebaseAuthUI.strings or FirebaseAuthUI.stringsdict (localizations with it: ar, de, el, en, es, es-419, he, ja, nb, pt-BR, zh-Hans, zh-Hant) (if the app's code gives its text, as NSLocalizedString(…, value: \"…\"), name that code: --code FOLDER; else name the app's development language (CFBundleDevelopmentRegion), one of those: --development-language LANGUAGE)"
        )
        try refused(
            ["--strings", "Auth/Missing"],
            "Auth/Missing: error: no such file or folder (give a .xcstrings file or the folder holding en.lproj, de.lproj, …)")
        for args in [
            ["--catalog", "A.xcstrings", "--strings", "Auth/Strings"], ["--table", "FirebaseAuthUI"], ["--development-language", "de"]
        ] {
            let r = try typefit(["init"] + args, in: "lproj")
            XCTAssertEqual(r.code, 2, "\(args): \(r.err)")
        }
        XCTAssertFalse(fm.fileExists(atPath: repo.appendingPathComponent("Specs").path), "a refused init writes nothing")

        // The suggested command: the spec names the folder and table, lists the table's four keys, and loads.
        let added = try typefit(["init", "--strings", "Auth/Strings", "--table", "FirebaseAuthUI"], in: "lproj")
        XCTAssertEqual(added.code, 0, added.err)
        XCTAssertEqual(
            added.err,
            """
            typefit: wrote Specs/FirebaseAuthUI.yaml
            typefit: kept .typefit.yml (it exists; --force rewrites it)
            typefit: its .lproj folders hold other tables too: FirebaseGoogleAuthUI (a spec for one: \
            `typefit init --strings Auth/Strings --table FirebaseGoogleAuthUI`; a screen that reads several lists them all: \
            docs/locales.md, "Several string tables")

            """)
        let spec = try String(contentsOf: repo.appendingPathComponent("Specs/FirebaseAuthUI.yaml"), encoding: .utf8)
        XCTAssertTrue(spec.contains("\nstrings: {path: \"../Auth/Strings\", table: \"FirebaseAuthUI\"}\n"), spec)
        let english = try String(
            contentsOf: repo.appendingPathComponent("Auth/Strings/en.lproj/FirebaseAuthUI.strings"), encoding: .utf8)
        let keys = english.split(separator: "\n").filter { $0.hasPrefix("\"") }.map { String($0.dropFirst().prefix { $0 != "\"" }) }
        XCTAssertEqual(keys.count, 4)
        for key in keys { XCTAssertTrue(spec.contains("      key: \"\(key)\"\n"), key) }
        let audit = try typefit(["audit", "--categories", "large", "--report", "json:r.json"], in: "lproj")
        XCTAssertTrue(audit.code == 0 || audit.code == 1, audit.err)
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: repo.appendingPathComponent("r.json"))) as? [String: Any])
        // Every label in every localization of the table (12), at one size on one device.
        XCTAssertEqual((report["summary"] as? [String: Any])?["checks"] as? Int, 4 * 12)
    }

    /// A German-first app (Xcode's `developmentRegion = de`) with `de`, `en` and `fr` folders. Read
    /// with typefit's default, English, a French screen lacking a key would be measured in English
    /// where the app shows German: the audit refuses, naming the project's line, and `init` writes
    /// the project's language.
    func testAGermanFirstProjectIsReadWithItsDevelopmentLanguage() throws {
        let repo = app.appendingPathComponent("german")
        func write(_ path: String, _ text: String) throws { try place(path, text, in: "german") }
        func project(_ region: String) -> String {
            "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA1 /* Project object */ = {\n\t\t\tisa = PBXProject;\n"
                + "\t\t\tdevelopmentRegion = \(region);\n\t\t\tknownRegions = (\n\t\t\t\tde,\n\t\t\t\ten,\n\t\t\t\tfr,\n\t\t\t);\n\t\t};\n\t};\n}\n"
        }
        try write("App.xcodeproj/project.pbxproj", project("de"))
        let german = "Willkommen in unserer App"
        try write("App/Resources/de.lproj/Localizable.strings", "\"title\" = \"\(german)\";\n\"go\" = \"Weiter\";\n")
        try write("App/Resources/en.lproj/Localizable.strings", "\"title\" = \"Welcome\";\n\"go\" = \"Continue\";\n")
        try write("App/Resources/fr.lproj/Localizable.strings", "\"go\" = \"Continuer\";\n")
        try write(
            "screen.yaml",
            "screen: S\nstrings: App/Resources\ncategories: [Large]\ncontent:\n  vstack: root\n  children:\n"
                + "    - {label: title, key: title, style: body, width: 60}\n")
        let refused = try typefit(["audit", "screen.yaml"], in: "german")
        XCTAssertEqual(refused.code, 2, refused.err)
        XCTAssertTrue(
            refused.err.hasPrefix(
                "screen.yaml:2:10: error: strings App/Resources (table Localizable): the app's development language is de "
                    + "(App.xcodeproj/project.pbxproj:6), but the spec reads the table as English-first, typefit's default "
                    + "(add it: strings: {path: …, developmentLanguage: de}; "), refused.err)

        // init reads the project: its spec names de, and French's missing title shows the German text.
        let started = try typefit(["init", "--strings", "App/Resources"], in: "german")
        XCTAssertEqual(started.code, 0, started.err)
        XCTAssertTrue(started.err.hasPrefix("typefit: development language de, as App.xcodeproj/project.pbxproj:6 says\n"), started.err)
        let spec = try String(contentsOf: repo.appendingPathComponent("Specs/Localizable.yaml"), encoding: .utf8)
        XCTAssertTrue(spec.contains("\nstrings: {path: \"../App/Resources\", developmentLanguage: \"de\"}\n"), spec)
        try write(
            "screen.yaml",
            "screen: S\nstrings: {path: App/Resources, developmentLanguage: de}\ncategories: [Large]\ncontent:\n  vstack: root\n"
                + "  children:\n    - {label: title, key: title, style: body, width: 60}\n")
        let audited = try typefit(["audit", "screen.yaml", "--report", "json:r.json"], in: "german")
        XCTAssertEqual(audited.code, 1, audited.err)
        let found = try findings("german/r.json")
        let untranslated = try XCTUnwrap(found.first { $0["rule"] as? String == "untranslated" })
        XCTAssertEqual(untranslated["locale"] as? String, "fr")
        XCTAssertTrue((untranslated["message"] as? String ?? "").contains(german), "\(untranslated)")

        // Projects that agree on English (the old name included), or disagree, leave the default alone.
        try write(
            "screen.yaml",
            "screen: S\nstrings: App/Resources\ncategories: [Large]\ncontent:\n  vstack: root\n  children:\n"
                + "    - {label: title, key: title, style: body, width: 60}\n")
        try write("App.xcodeproj/project.pbxproj", project("English"))
        XCTAssertEqual(try typefit(["audit", "screen.yaml"], in: "german").code, 1)
        try write("App.xcodeproj/project.pbxproj", project("de"))
        try write("Other.xcodeproj/project.pbxproj", project("en"))
        XCTAssertEqual(try typefit(["audit", "screen.yaml"], in: "german").code, 1)
    }

    /// DuckDuckGo's iOS app, as a plain `init` met it: seven sets of `.lproj` folders, the first by
    /// name an extension whose English text is in its code (`NSLocalizedString`'s `value:`; no
    /// `en.lproj`), so the command `init` offered failed; the app's own tables beside eleven
    /// tables that translate storyboards, whose text is in `Base.lproj/*.storyboard`. The command
    /// offered now works and starts from the largest table; storyboard tables are named as such.
    func testInitOffersOnlyTablesItCanStartFrom() throws {
        func write(_ path: String, _ text: String) throws { try place(path, text, in: "ddg") }
        let many = (1...40).map { "\"k\($0)\" = \"Eintrag Nummer \($0)\";" }.joined(separator: "\n")
        try write("AutofillCredentialProvider/de.lproj/Localizable.strings", many)
        try write("AutofillCredentialProvider/fr.lproj/Localizable.strings", many)
        try write("DuckDuckGo/en.lproj/Localizable.strings", #""settings.title" = "Settings";"# + "\n" + #""ok" = "OK";"#)
        try write("DuckDuckGo/de.lproj/Localizable.strings", #""settings.title" = "Einstellungen";"#)
        try write("DuckDuckGo/Base.lproj/Settings.storyboard", "<document/>")
        try write("DuckDuckGo/de.lproj/Settings.strings", #""8Gz-Ix-Mhb.text" = "Einstellungen";"#)
        try write("Widgets/en.lproj/Localizable.strings", #""w" = "Widget";"#)
        try write("AppClip/en.lproj/Localizable.strings", #""c" = "Clip";"#)

        let first = try typefit(["init"], in: "ddg")
        XCTAssertEqual(first.code, 0, first.err)
        XCTAssertTrue(
            first.err.contains(
                "typefit: next: `typefit init --strings DuckDuckGo` writes a first spec for the table Localizable of the .lproj folders in DuckDuckGo "
                    + "(its tables: Localizable, Settings; 4 sets of strings here: DuckDuckGo/*.lproj, Widgets/*.lproj, AppClip/*.lproj, AutofillCredentialProvider/*.lproj)"
            ),
            first.err)
        let added = try typefit(["init", "--strings", "DuckDuckGo"], in: "ddg")
        XCTAssertEqual(added.code, 0, added.err)
        XCTAssertTrue(
            added.err.hasSuffix("typefit: Settings translates storyboards or XIBs in Base.lproj, whose text typefit does not read\n"),
            added.err)
        let storyboard = try typefit(["init", "--strings", "DuckDuckGo", "--table", "Settings", "--force"], in: "ddg")
        XCTAssertEqual(storyboard.code, 2, storyboard.err)
        XCTAssertTrue(
            storyboard.err.hasPrefix(
                "DuckDuckGo: error: Settings.strings translates Base.lproj/Settings.storyboard: its source text is in the storyboard, which typefit does not read"
            ), storyboard.err)
        // A spec naming that table is refused the same way, at its strings line.
        try write(
            "s.yaml",
            "screen: S\nstrings: {path: DuckDuckGo, table: Settings}\ncontent:\n  vstack: root\n  children:\n    - {label: a, text: Hi, style: body}\n"
        )
        let audit = try typefit(["audit", "s.yaml"], in: "ddg")
        XCTAssertEqual(audit.code, 2, audit.err)
        XCTAssertTrue(
            audit.err.hasPrefix(
                "s.yaml:2:10: error: strings DuckDuckGo (table Settings): Settings.strings translates Base.lproj/Settings.storyboard"),
            audit.err)
    }

    /// Apps whose English is in their code, as Brave's and KeePassium's are: `en.lproj`'s table is
    /// empty (Brave) or holds only plurals (KeePassium), and `NSLocalizedString(…, value:)` gives the
    /// rest. `init` offered a command that failed (Brave), or a spec of the plurals alone, with every
    /// other key "shown raw" (KeePassium): typefit checked almost nothing of the app. `init` now finds
    /// the code beside the folder and names it in the spec (`code:`); the audit measures the
    /// code's English and finds the translations a language lacks.
    func testInitAndAuditReadTheDevelopmentLanguageFromTheCode() throws {
        func write(_ path: String, _ text: String) throws { try place(path, text, in: "code") }
        try write(".git/HEAD", "ref: refs/heads/main\n")
        try write("Strings/Resources/en.lproj/Shared.strings", "\n")
        try write(
            "Strings/Resources/de.lproj/Shared.strings",
            #""About" = "Über uns";"# + "\n" + #""Shields.Title" = "Brave Schutz";"#)
        try write("Strings/Resources/fr.lproj/Shared.strings", #""About" = "À propos";"#)
        try write(
            "Strings/Strings.swift",
            """
            extension Strings {
              public static let about = NSLocalizedString("About", tableName: "Shared", bundle: .module, value: "About", comment: "")
              public static let shields = NSLocalizedString(
                "Shields.Title", tableName: "Shared", bundle: .module,
                value: "Brave Shields and Privacy Protection", comment: "Title of the shields screen")
              // Not the table's: another table, and a call with no value.
              public static let other = NSLocalizedString("Other", tableName: "Other", value: "Other", comment: "")
            }
            """)
        let first = try typefit(["init"], in: "code")
        XCTAssertEqual(first.code, 0, first.err)
        XCTAssertTrue(
            first.err.contains(
                "typefit: next: `typefit init --strings Strings/Resources --table Shared --code Strings` writes a first spec for the table Shared of the .lproj folders in Strings/Resources"
            ), first.err)
        // The command offered works, and says where the text was found.
        let added = try typefit(["init", "--strings", "Strings/Resources", "--table", "Shared"], in: "code")
        XCTAssertEqual(added.code, 0, added.err)
        XCTAssertTrue(
            added.err.hasPrefix(
                "typefit: the development language's text of Shared is in the code: 2 NSLocalizedString values in Strings (the spec's strings names it: code:)\n"
            ), added.err)
        let spec = try String(contentsOf: app.appendingPathComponent("code/Specs/Shared.yaml"), encoding: .utf8)
        XCTAssertTrue(spec.contains("\nstrings: {path: \"../Strings/Resources\", table: \"Shared\", code: \"../Strings\"}\n"), spec)
        // `--code` is checked as the spec's `code:` is: a file that is not Swift is refused before a
        // spec the audit would refuse is written.
        try write("notes.txt", "About\n")
        let notSwift = try typefit(
            ["init", "--strings", "Strings/Resources", "--table", "Shared", "--code", "notes.txt", "--force"], in: "code")
        XCTAssertEqual(notSwift.code, 2, notSwift.err)
        XCTAssertEqual(notSwift.err, "notes.txt: error: --code must be a folder of Swift files or a .swift file\n")
        XCTAssertEqual(try String(contentsOf: app.appendingPathComponent("code/Specs/Shared.yaml"), encoding: .utf8), spec)
        XCTAssertTrue(spec.contains("      key: \"About\"\n") && spec.contains("      key: \"Shields.Title\"\n"), spec)

        // The audit measures the code's English, and French shows it where it lacks the key.
        let audited = try typefit(["audit", "--report", "json:r.json", "--locales", "en,fr"], in: "code")
        XCTAssertEqual(audited.code, 0, audited.err)
        let found = try findings("code/r.json")
        let untranslated = try XCTUnwrap(found.first { $0["rule"] as? String == "untranslated" })
        XCTAssertEqual(untranslated["locale"] as? String, "fr")
        XCTAssertTrue(
            (untranslated["message"] as? String ?? "").contains("\"Brave Shields and Privacy Protection\""), "\(untranslated)")

        // Without the code, the spec is refused at its strings line, and told what to name.
        try write(
            "s.yaml",
            "screen: S\nstrings: {path: Strings/Resources, table: Shared}\ncontent:\n  label: a\n  key: About\n  style: body\n")
        let refused = try typefit(["audit", "s.yaml"], in: "code")
        XCTAssertEqual(refused.code, 2, refused.err)
        XCTAssertTrue(
            refused.err.hasPrefix(
                "s.yaml:2:10: error: strings Strings/Resources (table Shared): en.lproj/Shared.strings holds no string, so typefit cannot tell what the development language (en) shows (translations: de, fr) (if the app's code gives the text"
            ), refused.err)
        // A code folder that does not exist, or that has no value for the table, fails loudly.
        try write(
            "s.yaml",
            "screen: S\nstrings: {path: Strings/Resources, table: Shared, code: Sourcez}\ncontent:\n  label: a\n  key: About\n  style: body\n"
        )
        let missing = try typefit(["audit", "s.yaml"], in: "code")
        XCTAssertEqual(missing.code, 2, missing.err)
        XCTAssertTrue(missing.err.hasPrefix("s.yaml:2:57: error: code folder not found: "), missing.err)
        try write(
            "s.yaml",
            "screen: S\nstrings: {path: Strings/Resources, table: Shared, code: Strings/Resources}\ncontent:\n  label: a\n  key: About\n  style: body\n"
        )
        let empty = try typefit(["audit", "s.yaml"], in: "code")
        XCTAssertEqual(empty.code, 2, empty.err)
        XCTAssertTrue(
            empty.err.hasPrefix(
                "s.yaml:2:10: error: strings Strings/Resources (table Shared): code: no NSLocalizedString call with a value: for the table Shared in "
            ), empty.err)
        // A misspelt key gets a did-you-mean; a catalog has no code.
        try write(
            "s.yaml",
            "screen: S\nstrings: {path: Strings/Resources, table: Shared, cod: Strings}\ncontent:\n  label: a\n  text: A\n  style: body\n")
        let typo = try typefit(["audit", "s.yaml"], in: "code")
        XCTAssertEqual(typo.code, 2, typo.err)
        XCTAssertTrue(typo.err.contains("did you mean 'code'?"), typo.err)

        // KeePassium's layout: en.lproj holds only its plurals; the code beside the folder gives the
        // keys the translations have, and init names it rather than leaving them out as raw.
        try write(
            "Lib/Lib/en.lproj/Localizable.stringsdict",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>[Generic/Count/Items]</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
              <key>items</key><dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d item</string><key>other</key><string>%d items</string>
              </dict>
            </dict></dict></plist>
            """)
        try write("Lib/Lib/en.lproj/Localizable.strings", "")
        try write(
            "Lib/Lib/de.lproj/Localizable.strings", #""[Generic] OK" = "OK";"# + "\n" + #""[Generic] Continue" = "Weiter";"#)
        try write(
            "Lib/Lib/l10n/LString.swift",
            """
            public enum LString {
                public static let actionOK = NSLocalizedString("[Generic] OK", bundle: Bundle.framework, value: "OK", comment: "")
                public static let actionContinue = NSLocalizedString(
                    "[Generic] Continue",
                    bundle: Bundle.framework,
                    value: "Continue",
                    comment: "Action/button to proceed with the action"
                )
            }
            """)
        let lib = try typefit(["init", "--strings", "Lib/Lib", "--force"], in: "code")
        XCTAssertEqual(lib.code, 0, lib.err)
        XCTAssertTrue(
            lib.err.hasPrefix(
                "typefit: the development language's text of Localizable is in the code: 2 NSLocalizedString values in Lib/Lib (the spec's strings names it: code:)\n"
            ), lib.err)
        let libSpec = try String(contentsOf: app.appendingPathComponent("code/Specs/Localizable.yaml"), encoding: .utf8)
        XCTAssertTrue(libSpec.contains("\nstrings: {path: \"../Lib/Lib\", code: \"../Lib/Lib\"}\n"), libSpec)
        XCTAssertTrue(libSpec.contains("      key: \"[Generic] Continue\"\n"), libSpec)
        XCTAssertFalse(libSpec.contains("only translations have"), libSpec)
        // A key German has and neither the table nor the code gives: with the code read, the refusal
        // does not claim the app shows the key raw (it may no longer use it, or compute its value:).
        try write(
            "Lib/Lib/de.lproj/Localizable.strings",
            #""[Generic] OK" = "OK";"# + "\n" + #""[Generic] Continue" = "Weiter";"# + "\n" + #""[Old] Sync" = "Abgleichen";"#)
        try write(
            "old.yaml",
            "screen: S\nstrings: {path: Lib/Lib, code: Lib/Lib}\ncontent:\n  label: a\n  key: \"[Old] Sync\"\n  style: body\n")
        let old = try typefit(["audit", "old.yaml"], in: "code")
        XCTAssertEqual(old.code, 2, old.err)
        XCTAssertTrue(
            old.err.hasPrefix("old.yaml:4:10: error: key '[Old] Sync' is not in en.lproj/Localizable ("), old.err)
        XCTAssertTrue(
            old.err.contains(
                " nor given a value: in its code (Lib/Lib), only in de: a key the app no longer uses, one whose value: the code computes "
                    + "(typefit reads constant strings only), or one it shows as itself in en (add it to en.lproj/Localizable.strings, or check the key)\n"
            ), old.err)

        // No code gives the text: a plain init offers no command that would fail, and says why.
        try write("nocode/.git/HEAD", "ref: refs/heads/main\n")
        try write("nocode/App/Resources/en.lproj/Localizable.strings", "/* exported */\n")
        try write("nocode/App/Resources/de.lproj/Localizable.strings", #""ok" = "OK";"#)
        let none = try typefit(["init"], in: "code/nocode")
        XCTAssertEqual(none.code, 0, none.err)
        XCTAssertTrue(
            none.err.hasSuffix(
                "typefit: next: no string table here holds its development language's text (1 set of strings: App/Resources/*.lproj): "
                    + "if the app keeps its English in the code, as NSLocalizedString's value:, name it: "
                    + "`typefit init --strings App/Resources --code FOLDER`; else describe a screen in Specs/ (docs/spec-format.md; "
                    + "`typefit schema` prints its JSON Schema), then run `typefit audit`\n"), none.err)
        let noStart = try typefit(["init", "--strings", "App/Resources"], in: "code/nocode")
        XCTAssertEqual(noStart.code, 2, noStart.err)
        XCTAssertEqual(
            noStart.err,
            "App/Resources: error: en.lproj/Localizable.strings holds no string, and no Swift code beside the folder gives Localizable its text "
                + "(if the app's code gives its text, as NSLocalizedString(…, value: \"…\"), name that code: --code FOLDER)\n")
    }

    /// Brave's app keeps its screens' strings in `BraveShared` (about 200 KB a language) beside a
    /// small `Localizable`, in another folder than a small `Localizable`-only set: a plain `init`
    /// offered the small tables first. It now starts from each folder set's largest table, and a
    /// folder set whose only tables translate XIBs (KeePassium has twelve) is not offered at all.
    func testInitStartsFromTheLargestScreenTable() throws {
        let fm = FileManager.default
        func write(_ path: String, _ text: String) throws { try place(path, text, in: "largest") }
        let many = (1...30).map { "\"Shared.k\($0)\" = \"A screen's string number \($0)\";" }.joined(separator: "\n")
        try write("Strings/Resources/en.lproj/BraveShared.strings", many)
        try write("Strings/Resources/de.lproj/BraveShared.strings", many)
        try write("Strings/Resources/en.lproj/Localizable.strings", #""a" = "A";"#)
        try write("Shared/Resources/en.lproj/Localizable.strings", #""b" = "Bee"; "c" = "Sea";"#)
        try write("Editor/Base.lproj/ExpiryDateEditorVC.xib", "<document/>")
        try write("Editor/de.lproj/ExpiryDateEditorVC.strings", String(repeating: #""x.text" = "Ablaufdatum";"# + "\n", count: 50))
        let first = try typefit(["init"], in: "largest")
        XCTAssertEqual(first.code, 0, first.err)
        XCTAssertTrue(
            first.err.hasSuffix(
                "typefit: next: `typefit init --strings Strings/Resources --table BraveShared` writes a first spec for the table BraveShared "
                    + "of the .lproj folders in Strings/Resources (its tables: BraveShared, Localizable; 2 sets of strings here: "
                    + "Strings/Resources/*.lproj, Shared/Resources/*.lproj), then run `typefit audit`\n"), first.err)
        // A widget that keeps its strings in one `WidgetExtension` table (beside InfoPlist), as
        // Mastodon's widget folder looks: without --table, `init --strings` starts from it, as a plain
        // init would, and says so (with several tables and no Localizable it still asks which:
        // testInitWritesAFirstSpecForLprojFolders).
        try write("Widget/en.lproj/WidgetExtension.strings", #""widget.title" = "Latest posts";"#)
        try write("Widget/de.lproj/WidgetExtension.strings", #""widget.title" = "Neueste Beiträge";"#)
        let permissions = String(repeating: #""NSCameraUsageDescription" = "To take photos";"# + "\n", count: 20)
        try write("Widget/en.lproj/InfoPlist.strings", permissions)
        let widget = try typefit(["init", "--strings", "Widget"], in: "largest")
        XCTAssertEqual(widget.code, 0, widget.err)
        XCTAssertEqual(
            widget.err,
            "typefit: its .lproj folders hold no Localizable table: starting from WidgetExtension, their only screen table\n"
                + "typefit: wrote Specs/WidgetExtension.yaml\ntypefit: kept .typefit.yml (it exists; --force rewrites it)\n")
        let spec = try String(contentsOf: app.appendingPathComponent("largest/Specs/WidgetExtension.yaml"), encoding: .utf8)
        XCTAssertTrue(spec.contains("\nstrings: {path: \"../Widget\", table: \"WidgetExtension\"}\n"), spec)
        // A folder with Localizable still starts from it, the default of a spec's table.
        let shared = try typefit(["init", "--strings", "Strings/Resources"], in: "largest")
        XCTAssertEqual(shared.code, 0, shared.err)
        XCTAssertTrue(fm.fileExists(atPath: app.appendingPathComponent("largest/Specs/Localizable.yaml").path))

        // But Mastodon's `WidgetExtension.strings` translates `Base.lproj/WidgetExtension.intentdefinition`
        // ("3d6HSO" = "Enter username": the widget's settings sheet), and Loop's `Intents.strings` its
        // Siri intents: no screen of the app shows them. Neither is a start, nor offered as a screen's.
        try write("Widget/Base.lproj/WidgetExtension.intentdefinition", "<plist/>")
        let intents = try typefit(["init", "--strings", "Widget", "--force"], in: "largest")
        XCTAssertEqual(intents.code, 2, intents.err)
        XCTAssertTrue(intents.err.contains("its .lproj folders hold no Localizable.strings or Localizable.stringsdict"), intents.err)
        let plain = try typefit(["init", "--force"], in: "largest")
        XCTAssertFalse(plain.err.contains("Widget"), plain.err)
        try write("Common/Base.lproj/Intents.intentdefinition", "<plist/>")
        try write("Common/en.lproj/Intents.strings", #""9KhaIS" = "Preset enabled";"#)
        try write("Common/en.lproj/Localizable.strings", #""dB" = "dB"; "Closed Loop" = "Closed Loop";"#)
        try write("Common/de.lproj/Localizable.strings", #""Closed Loop" = "Geschlossener Regelkreis";"#)
        // Rocket.Chat's `VoiceOver` table ("auth.more.label" = "More") is spoken, not shown: named apart too.
        try write("Common/en.lproj/VoiceOver.strings", #""auth.more.label" = "More";"#)
        let loop = try typefit(["init", "--strings", "Common", "--force"], in: "largest")
        XCTAssertEqual(loop.code, 0, loop.err)
        XCTAssertTrue(
            loop.err.hasSuffix(
                "typefit: VoiceOver is named for VoiceOver, which speaks its strings rather than a screen showing them; "
                    + "Intents translates an intent definition in Base.lproj (Siri, Shortcuts, widget settings), not a screen\n"),
            loop.err)
        // Nor is a VoiceOver table a start, however large: `--strings` starts from the one screen
        // table beside it, and folders holding only VoiceOver and InfoPlist are not offered (the
        // search and `--strings` used to start from VoiceOver; only the note above knew it was spoken).
        let spokenLabels = String(repeating: #""auth.more.label" = "More";"# + "\n", count: 40)
        try write("Chat/en.lproj/VoiceOver.strings", spokenLabels)
        try write("Chat/en.lproj/Chat.strings", #""chat.title" = "Messages";"#)
        try write("Chat/de.lproj/Chat.strings", #""chat.title" = "Nachrichten";"#)
        let chat = try typefit(["init", "--strings", "Chat", "--force"], in: "largest")
        XCTAssertEqual(chat.code, 0, chat.err)
        XCTAssertTrue(
            chat.err.hasPrefix("typefit: its .lproj folders hold no Localizable table: starting from Chat, their only screen table\n"),
            chat.err)
        try write("Spoken/en.lproj/VoiceOver.strings", spokenLabels + spokenLabels + spokenLabels)
        try write("Spoken/en.lproj/InfoPlist.strings", permissions)
        let withSpoken = try typefit(["init", "--force"], in: "largest")
        XCTAssertEqual(withSpoken.code, 0, withSpoken.err)
        XCTAssertTrue(withSpoken.err.contains("Chat/*.lproj"), withSpoken.err)
        XCTAssertFalse(withSpoken.err.contains("Spoken"), withSpoken.err)
    }

    /// An app built for macOS only (Maccy, Whisky, Stats): its text does not follow Dynamic Type, so
    /// `init` says that the audit's iPhone screens are not this app's, and still writes what was asked.
    /// A project that also builds for iOS, or whose platform only an `.xcconfig` tells, gets no note.
    func testInitSaysWhenTheProjectBuildsOnlyMacApps() throws {
        let fm = FileManager.default
        func write(_ path: String, _ text: String) throws { try place(path, text, in: "mac") }
        func project(_ sdk: String, xcconfig: Bool = false) -> String {
            """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
            C1 = {isa = XCBuildConfiguration; \(xcconfig ? "baseConfigurationReference = X1;" : "") buildSettings = { \(sdk.isEmpty ? "" : "SDKROOT = \(sdk);") }; name = Release; };
            L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
            C2 = {isa = XCBuildConfiguration; buildSettings = { }; name = Release; };
            L2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
            T1 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = Clipboard; productType = "com.apple.product-type.application"; };
            G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            P = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G; targets = (T1); };
            }; rootObject = P; }
            """
        }
        try write("Clipboard/en.lproj/Localizable.strings", #""copy" = "Copy to the clipboard";"#)
        try write("Clipboard/de.lproj/Localizable.strings", #""copy" = "In die Zwischenablage kopieren";"#)
        try write("Clipboard.xcodeproj/project.pbxproj", project("macosx"))
        let note =
            "typefit: note: Clipboard.xcodeproj builds its app Clipboard for macOS only, where a user cannot change the Dynamic Type "
            + "size and it does not affect the text size: typefit audits iPhone and iPad screens at the 12 sizes, which this project does not build\n"
        let plain = try typefit(["init"], in: "mac")
        XCTAssertEqual(plain.code, 0, plain.err)
        XCTAssertTrue(plain.err.hasSuffix(note), plain.err)
        let spec = try typefit(["init", "--strings", "Clipboard"], in: "mac")
        XCTAssertEqual(spec.code, 0, spec.err)
        XCTAssertTrue(spec.err.hasSuffix(note), spec.err)
        XCTAssertTrue(fm.fileExists(atPath: app.appendingPathComponent("mac/Specs/Localizable.yaml").path))
        for (sdk, xcconfig) in [("iphoneos", false), ("", true), ("auto", false)] {
            try write("Clipboard.xcodeproj/project.pbxproj", project(sdk, xcconfig: xcconfig))
            let other = try typefit(["init", "--force"], in: "mac")
            XCTAssertEqual(other.code, 0, other.err)
            XCTAssertFalse(other.err.contains("note:"), "\(sdk): \(other.err)")
        }
    }

    /// `init --strings` on `.lproj` folders whose development language is `Base.lproj`: keys with no
    /// words and keys only translations have (which the spec could not use: the app shows them raw)
    /// are left out and counted. A plain `init` offers the app's `Localizable` before a settings
    /// bundle's table.
    func testInitLeavesOutKeysOnlyTranslationsHave() throws {
        for (path, text) in [
            ("App/Base.lproj/Localizable.strings", #""title" = "Welcome back"; "count" = "%@";"#),
            ("App/de.lproj/Localizable.strings", #""title" = "Willkommen zurück"; "stale" = "Veraltet";"#),
            ("App/Settings.bundle/en.lproj/Root.strings", #""Group" = "Group";"#)
        ] {
            try place(path, text, in: "base")
        }
        let first = try typefit(["init"], in: "base")
        XCTAssertEqual(
            first.err,
            """
            typefit: wrote .typefit.yml
            typefit: next: `typefit init --strings App` writes a first spec for the table Localizable of the .lproj folders in App \
            (2 sets of strings here: App/*.lproj, App/Settings.bundle/*.lproj), then run `typefit audit`

            """)
        let added = try typefit(["init", "--strings", "App"], in: "base")
        XCTAssertEqual(added.code, 0, added.err)
        let spec = try String(contentsOf: app.appendingPathComponent("base/Specs/Localizable.yaml"), encoding: .utf8)
        XCTAssertTrue(spec.contains("\nstrings: \"../App\"\n"), spec)
        XCTAssertEqual(spec.components(separatedBy: "    - label: ").count - 1, 1, spec)
        XCTAssertTrue(spec.contains("      key: \"title\"\n"), spec)
        XCTAssertTrue(
            spec.hasSuffix(
                """
                # 1 key has no words to measure (empty, or only placeholders and punctuation) and is left out.
                # 1 key only translations have is left out: the development language's table lacks it, so the app shows it raw, unless its code gives NSLocalizedString values (name that code in strings: code:).

                """), spec)
        // The spec loads: a key only translations have would have stopped the audit (exit 2).
        let audit = try typefit(["audit", "--categories", "large"], in: "base")
        XCTAssertTrue(audit.code == 0 || audit.code == 1, audit.err)
        XCTAssertTrue(audit.out.contains("de, en") || audit.out.contains("every locale"), audit.out)
    }
}

/// docs/config.md's example, run as the page says (a copy of `Specs/paper-login` beside its
/// `.typefit.yml`): standard error shows the lines the page shows, for the waiver in force and for
/// the same waiver expired. The waiver's date is moved to 2099 in both the file and the expected
/// lines, so the check does not expire with it.
final class ConfigDocExampleTests: XCTestCase {
    func testTheDocumentedWaiverExampleRunsAsShown() throws {
        let page = try String(contentsOf: AuditTests.root.appendingPathComponent("docs/config.md"), encoding: .utf8)
        // The page's fenced blocks of one kind, as written (indentation kept).
        func blocks(_ fence: String) -> [String] {
            page.components(separatedBy: "```\(fence)\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        }
        // The example's `.typefit.yml`, then what standard error shows with it, in force and expired.
        let yaml = try XCTUnwrap(blocks("yaml").first { $0.contains("specs: [paper-login]") && $0.contains("waivers:") })
        let texts = blocks("text").map {
            $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
        }.filter { $0.hasPrefix("typefit: 216 element checks") }
        XCTAssertEqual(texts.count, 2, "the page shows the waiver in force and expired")
        let expires = try XCTUnwrap(yaml.range(of: #"expires: \d{4}-\d{2}-\d{2}"#, options: .regularExpression))
        let date = String(yaml[expires].dropFirst("expires: ".count))
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-config-doc-\(getpid())")
        try? FileManager.default.removeItem(at: app)
        defer { try? FileManager.default.removeItem(at: app) }
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: AuditTests.root.appendingPathComponent("Specs/paper-login"), to: app.appendingPathComponent("paper-login"))
        func times(_ s: String) -> String { s.replacingOccurrences(of: #" in [0-9.]+ s"#, with: " in X s", options: .regularExpression) }
        for (shown, expiry) in [(texts[0], "2099-12-31"), (texts[1], "2026-01-31")] {
            try yaml.replacingOccurrences(of: "expires: \(date)", with: "expires: \(expiry)")
                .write(to: app.appendingPathComponent(".typefit.yml"), atomically: true, encoding: .utf8)
            let r = try TypefitCommand.run(["audit"], in: app, environment: ["TYPEFIT_FONTS": ""])
            XCTAssertEqual(r.code, 1, r.err)
            XCTAssertEqual(
                times(r.err).trimmingCharacters(in: .newlines),
                times(shown.replacingOccurrences(of: "until \(date)", with: "until \(expiry)")),
                "docs/config.md, expires \(expiry)")
        }
    }
}
