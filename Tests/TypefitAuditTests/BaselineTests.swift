import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// Baselines (format version 2) through the `typefit` binary and the audit: the committed baseline
/// round-trips and accepts every current finding of `Specs/`; anything worse fails the gate, anything
/// better passes and is reported stale; the result does not depend on the working directory; bad
/// baseline files are refused with their line and column; every reporter shows accepted findings as
/// accepted.
final class BaselineTests: XCTestCase {
    static let root = AuditTests.root

    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-baseline-\(getpid())-\(abs(name.hashValue))")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("specs"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    @discardableResult
    func typefit(_ args: [String], in cwd: URL? = nil) throws -> (code: Int32, out: String, err: String) {
        try TypefitCommand.run(args, in: cwd ?? work, environment: ["TYPEFIT_FONTS": Self.root.appendingPathComponent("Fonts").path])
    }

    /// A small screen: a 200 pt one-line title that truncates from Large in English and German on two
    /// devices, and a 120 pt footnote subtitle that truncates from xLarge.
    func writeSpec(
        titleWidth: Int = 200, locales: String = "en, de", devices: String = "iPhone SE (1st generation), iPhone 16",
        orientation: String = "portrait", extra: String = ""
    ) throws {
        let spec = """
            screen: Baseline test
            devices: [\(devices)]
            orientation: [\(orientation)]
            locales: [\(locales)]
            content:
              vstack: root
              children:
                - label: title
                  text: Continue with your account
                  style: body
                  width: \(titleWidth)
                - label: subtitle
                  text: Sign in to continue
                  style: footnote
                  width: 120
            \(extra)
            """
        try spec.write(to: work.appendingPathComponent("specs/screen.yaml"), atomically: true, encoding: .utf8)
    }

    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: - The committed baseline

    /// `Specs/baseline.json` is version 2, under 100 kB, sorted and byte-stable (loading and writing it
    /// again gives the same bytes), and the gate (`make gate`) passes with it: every error and warning of
    /// the shipped specs is accepted, and no entry is stale.
    func testTheCommittedBaselineRoundTripsAndAcceptsEveryFinding() throws {
        let path = Self.root.appendingPathComponent("Specs/baseline.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertLessThan(text.utf8.count, 100_000, "a readable baseline, not a list of hashes")
        let baseline = try Baseline.load(path: path)
        XCTAssertEqual(baseline.encoded(), text, "written as it was read")
        XCTAssertEqual(baseline.entries, baseline.entries.sorted { $0.precedes($1) })
        XCTAssertFalse(baseline.entries.contains { $0.spec.hasPrefix("Specs/") || $0.spec.hasPrefix("/") }, "relative to Specs/")

        let r = try typefit(
            ["audit", "Specs", "--baseline", "Specs/baseline.json", "--report", "json:\(work.path)/report.json"], in: Self.root)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertFalse(r.err.contains("stale"), r.err)
        let report = try json(String(contentsOfFile: work.appendingPathComponent("report.json").path, encoding: .utf8))
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        let failing = findings.filter { $0["severity"] as? String != "info" }
        XCTAssertGreaterThan(failing.count, 40_000)
        XCTAssertEqual(failing.filter { $0["accepted"] as? Bool == true }.count, failing.count, "every error and warning accepted")
        XCTAssertEqual(
            findings.filter { $0["severity"] as? String == "info" && $0["accepted"] != nil }.count, 0, "info never needs accepting")
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(summary["baselined"] as? Int, failing.count)
        XCTAssertEqual(summary["errors"] as? Int, 0)
        XCTAssertEqual(summary["warnings"] as? Int, 0)
        let b = try XCTUnwrap(report["baseline"] as? [String: Any])
        XCTAssertEqual(b["entries"] as? Int, baseline.entries.count)
        XCTAssertEqual(b["accepted"] as? Int, failing.count)
        XCTAssertEqual((b["stale"] as? [Any])?.count, 0)
    }

    /// A baseline written from an audit accepts exactly that audit's errors and warnings, in memory too.
    func testABaselineBuiltFromFindingsAcceptsThemAndNothingElse() throws {
        var options = AuditOptions()
        options.paths = [Self.root.appendingPathComponent("Specs/paper-login").path]
        options.locales = ["en", "de"]
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        let first = try Auditor(options: options).run()
        let failing = first.findings.filter { $0.severity != .info }
        XCTAssertGreaterThan(failing.count, 2)
        let baseline = Baseline(findings: first.findings, directory: Self.root.appendingPathComponent("Specs").path)
        XCTAssertEqual(Set(baseline.entries.map(\.spec)), ["paper-login/paper-login.yaml"])
        options.baseline = baseline
        let second = try Auditor(options: options).run()
        XCTAssertEqual(second.findings.count, first.findings.count, "accepted findings stay in the report")
        XCTAssertEqual(second.findings.filter(\.accepted).count, failing.count)
        XCTAssertEqual(second.summary.baselined, failing.count)
        XCTAssertEqual(second.summary.errors + second.summary.warnings, 0)
        XCTAssertFalse(second.summary.failed)
        XCTAssertEqual(second.baseline?.stale, [])
        XCTAssertEqual(
            JSONReporter().generateReport(second), JSONReporter().generateReportWithJSONEncoder(second),
            "the JSON writer and JSONEncoder agree on accepted findings and the baseline object")
        // Without the German entries, German fails again and the English ones still pass.
        options.baseline = Baseline(
            entries: baseline.entries.compactMap { e in
                var e = e
                e.locales.removeAll { $0 == "de" }
                return e.locales.isEmpty ? nil : e
            }, directory: baseline.directory)
        let third = try Auditor(options: options).run()
        XCTAssertTrue(third.summary.failed)
        XCTAssertEqual(JSONReporter().generateReport(third), JSONReporter().generateReportWithJSONEncoder(third))
        XCTAssertEqual(Set(third.findings.filter { !$0.accepted && $0.severity != .info }.map(\.locale)), ["de"])
        XCTAssertEqual(third.findings.filter { $0.accepted }.count, failing.filter { $0.locale == "en" }.count)
        // Entries that claim failures from xSmall accept the same findings, and are stale: they fail from later now.
        options.baseline = Baseline(
            entries: baseline.entries.map { e in
                var e = e
                if e.from != nil { e.from = .xSmall }
                return e
            }, directory: baseline.directory)
        let fourth = try Auditor(options: options).run()
        XCTAssertFalse(fourth.summary.failed)
        XCTAssertEqual(fourth.summary.baselined, failing.count)
        let stale = try XCTUnwrap(fourth.baseline?.stale)
        XCTAssertFalse(stale.isEmpty)
        XCTAssertTrue(stale.allSatisfy { $0.nowFailsFrom != nil && $0.from == "xSmall" && $0.line == nil }, "\(stale)")
        XCTAssertEqual(JSONReporter().generateReport(fourth), JSONReporter().generateReportWithJSONEncoder(fourth))
    }

    // MARK: - Worse fails, better passes

    func testAnythingWorseFailsTheGate() throws {
        try writeSpec()
        let written = try typefit(["audit", "specs", "--write-baseline", "specs/baseline.json"])
        XCTAssertEqual(written.code, 0, written.err)
        let same = try typefit(["audit", "specs", "--baseline", "specs/baseline.json", "--format", "json"])
        XCTAssertEqual(same.code, 0, same.err)
        let accepted = try XCTUnwrap((try json(same.out)["summary"] as? [String: Any])?["baselined"] as? Int)
        XCTAssertGreaterThan(accepted, 30)

        // Failing from a smaller category: the title narrowed to 150 pt truncates from xSmall, not Large.
        try writeSpec(titleWidth: 150)
        var r = try typefit(["audit", "specs", "--baseline", "specs/baseline.json", "--format", "json"])
        XCTAssertEqual(r.code, 1, r.err)
        let findings = try XCTUnwrap(try json(r.out)["findings"] as? [[String: Any]])
        let new = findings.filter { $0["accepted"] == nil }
        let small = Set(["xSmall", "Small", "Medium"])
        XCTAssertFalse(new.isEmpty)
        XCTAssertTrue(new.allSatisfy { $0["element"] as? String == "title" && small.contains($0["category"] as? String ?? "") }, "\(new)")
        XCTAssertTrue(findings.filter { $0["accepted"] as? Bool == true }.allSatisfy { !small.contains($0["category"] as? String ?? "") })

        // A new locale, a new device, a new orientation, a new element: exactly those findings are new.
        for (change, key, value) in [
            ({ try self.writeSpec(locales: "en, de, fr") }, "locale", "fr"),
            ({ try self.writeSpec(devices: "iPhone SE (1st generation), iPhone 16, iPad") }, "device", "iPad"),
            ({ try self.writeSpec(orientation: "portrait, landscape") }, "orientation", "landscape"),
            (
                {
                    try self.writeSpec(
                        extra: "    - label: footer\n      text: Terms and conditions apply\n      style: body\n      width: 90")
                }, "element",
                "footer"
            )
        ]
            as [(() throws -> Void, String, String)]
        {
            try change()
            r = try typefit(["audit", "specs", "--baseline", "specs/baseline.json", "--format", "json"])
            XCTAssertEqual(r.code, 1, "a new \(key) fails: \(r.err)")
            // Info findings (e.g. borderline-fit) never fail and are never baselined: left out.
            let findings = try XCTUnwrap(try json(r.out)["findings"] as? [[String: Any]]).filter { $0["severity"] as? String != "info" }
            let new = findings.filter { $0["accepted"] == nil }
            XCTAssertFalse(new.isEmpty)
            XCTAssertEqual(Set(new.compactMap { $0[key] as? String }), [value], "only the new \(key) fails")
            XCTAssertEqual(findings.count - new.count, accepted, "everything else is accepted as before")
        }
        // A new rule on the same element: a fixed-size font (fixed-font-size).
        try writeSpec()
        var spec = try String(contentsOf: work.appendingPathComponent("specs/screen.yaml"), encoding: .utf8)
        spec = spec.replacingOccurrences(of: "style: footnote", with: "font: {family: system, size: 13}")
        try spec.write(to: work.appendingPathComponent("specs/screen.yaml"), atomically: true, encoding: .utf8)
        r = try typefit(["audit", "specs", "--baseline", "specs/baseline.json", "--strict"])
        XCTAssertEqual(r.code, 1, "a new rule fails: \(r.err)")
        XCTAssertTrue(r.err.contains(": 1 error, 0 warnings, "), "the fixed-font-size error: \(r.err)")
    }

    func testAnythingBetterPassesAndTheEntryIsStale() throws {
        try writeSpec(locales: "en, de, fr")
        XCTAssertEqual(try typefit(["audit", "specs", "--write-baseline", "specs/baseline.json"]).code, 0)
        // Wider: the title now truncates only from a larger category.
        try writeSpec(titleWidth: 260, locales: "en, de, fr")
        var r = try typefit(["audit", "specs", "--baseline", "specs/baseline.json", "--report", "json:report.json"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("baseline entr"), r.err)
        XCTAssertTrue(r.err.contains("stale"), r.err)
        XCTAssertTrue(r.err.contains("specs/baseline.json:6: screen.yaml — Baseline test — title truncated from Large: fails from "), r.err)
        let report = try json(String(contentsOf: work.appendingPathComponent("report.json"), encoding: .utf8))
        let stale = try XCTUnwrap((report["baseline"] as? [String: Any])?["stale"] as? [[String: Any]])
        let title = try XCTUnwrap(stale.first { $0["element"] as? String == "title" })
        XCTAssertEqual(title["from"] as? String, "Large")
        let now = try XCTUnwrap(title["nowFailsFrom"] as? String)
        XCTAssertGreaterThan(try XCTUnwrap(ContentSizeCategory(name: now)), .large)
        XCTAssertEqual(title["line"] as? Int, 6, "the second entry (subtitle < title), one entry per line after the 4-line header")

        // The subtitle fixed (wide enough): its entry matches nothing.
        try writeSpec(titleWidth: 200, locales: "en, de, fr")
        var spec = try String(contentsOf: work.appendingPathComponent("specs/screen.yaml"), encoding: .utf8)
        spec = spec.replacingOccurrences(of: "width: 120", with: "width: 400")
        try spec.write(to: work.appendingPathComponent("specs/screen.yaml"), atomically: true, encoding: .utf8)
        r = try typefit(["audit", "specs", "--baseline", "specs/baseline.json", "--format", "json"])
        XCTAssertEqual(r.code, 0, r.err)
        let entries = try XCTUnwrap((try json(r.out)["baseline"] as? [String: Any])?["stale"] as? [[String: Any]])
        let subtitle = try XCTUnwrap(entries.first { $0["element"] as? String == "subtitle" })
        XCTAssertEqual(subtitle["matched"] as? Int, 0)
        XCTAssertEqual(subtitle["unmatchedLocales"] as? [String], ["de", "en", "fr"])
        XCTAssertTrue(r.err.contains("subtitle truncated from xLarge: nothing it lists fails any more"), r.err)
        XCTAssertFalse(entries.contains { $0["element"] as? String == "title" }, "the title fails as before: \(entries)")
        // --locales en --categories AX5: what was not audited is not stale; the title still fails at AX5.
        try writeSpec(locales: "en, de, fr")
        r = try typefit([
            "audit", "specs", "--baseline", "specs/baseline.json", "--locales", "en", "--categories", "AX5", "--format", "json"
        ])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(((try json(r.out)["baseline"] as? [String: Any])?["stale"] as? [Any])?.count, 0, r.out)
    }

    // MARK: - Working directory

    /// The same gate from the package root, from the spec folder (`cd specs && typefit audit .`) and
    /// from `/` with absolute paths; a baseline outside the spec folder names specs with `../`.
    func testTheResultDoesNotDependOnTheWorkingDirectory() throws {
        try writeSpec()
        XCTAssertEqual(try typefit(["audit", "specs", "--write-baseline", "specs/baseline.json"]).code, 0)
        XCTAssertEqual(try typefit(["audit", ".", "--write-baseline", "outside.json"], in: work.appendingPathComponent("specs")).code, 0)
        try FileManager.default.moveItem(
            at: work.appendingPathComponent("specs/outside.json"), to: work.appendingPathComponent("outside.json"))
        let outside = try String(contentsOf: work.appendingPathComponent("outside.json"), encoding: .utf8)
        XCTAssertTrue(outside.contains(#""spec": "screen.yaml""#), "written from specs/, relative to specs/: \(outside)")
        XCTAssertEqual(try typefit(["audit", "specs", "--write-baseline", "outside.json"]).code, 0)
        XCTAssertTrue(
            try String(contentsOf: work.appendingPathComponent("outside.json"), encoding: .utf8).contains(#""spec": "specs/screen.yaml""#))

        let specs = work.appendingPathComponent("specs")
        let runs: [(args: [String], cwd: URL)] = [
            (["audit", "specs", "--baseline", "specs/baseline.json"], work),
            (["audit", ".", "--baseline", "baseline.json"], specs),
            (["audit", "screen.yaml", "--baseline", "../outside.json"], specs),
            (["audit", specs.path, "--baseline", specs.appendingPathComponent("baseline.json").path], URL(fileURLWithPath: "/")),
            (["audit", specs.path, "--baseline", work.appendingPathComponent("outside.json").path], URL(fileURLWithPath: "/"))
        ]
        var summaries: [String] = []
        for run in runs {
            let r = try typefit(run.args + ["--quiet"], in: run.cwd)
            XCTAssertEqual(r.code, 0, "\(run): \(r.err)")
            summaries.append(r.out.replacingOccurrences(of: #"in [0-9.]+ s"#, with: "", options: .regularExpression))
        }
        XCTAssertEqual(Set(summaries).count, 1, "\(summaries)")
        XCTAssertTrue(summaries[0].contains("baselined"), summaries[0])
        // And worse fails from everywhere.
        try writeSpec(titleWidth: 150)
        for run in runs { XCTAssertEqual(try typefit(run.args, in: run.cwd).code, 1, "\(run)") }
    }

    // MARK: - Bad baseline files

    func assertInvalid(_ baseline: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try typefit(["audit", "specs", "--baseline", baseline])
        XCTAssertEqual(r.code, 2, r.err, file: file, line: line)
        XCTAssertEqual(r.err.trimmingCharacters(in: .newlines), message, file: file, line: line)
    }

    func write(_ text: String, _ name: String) throws {
        try Data(text.utf8).write(to: work.appendingPathComponent(name))
    }

    func testBadBaselineFilesAreRefusedWithTheirPosition() throws {
        try writeSpec()
        let regenerate = "regenerate it with typefit audit PATHS --write-baseline FILE"
        try write(
            "{\n  \"tool\" : \"typefit\",\n  \"version\" : 1,\n  \"fingerprints\" : [\"0001da3fea292020603b4eba18feb273\"]\n}\n", "v1.json")
        try assertInvalid(
            "v1.json",
            "v1.json:3:15: error: baseline version 1 (a list of fingerprints) is no longer read; this typefit reads version 2 (\(regenerate))"
        )
        try write("{\"tool\": \"typefit\", \"version\": 3, \"entries\": []}", "v3.json")
        try assertInvalid("v3.json", "v3.json:1:32: error: unknown baseline version 3 (versions: 2; \(regenerate))")
        try write("{\"tool\": \"typefit\", \"version\": \"2\", \"entries\": []}", "vs.json")
        try assertInvalid("vs.json", "vs.json:1:32: error: \"version\" must be a whole number, found a string")
        try write("{\"tool\": \"typefit\", \"entries\": []}", "nov.json")
        try assertInvalid("nov.json", "nov.json:1:1: error: the baseline has no \"version\" (this typefit reads version 2)")
        try write("{\"tool\": \"typefit\", \"version\": 2,\n \"entries\": [\n  {\"spec\": \"a.yaml\",, }\n]}", "syntax.json")
        try assertInvalid("syntax.json", "syntax.json:3:21: error: invalid JSON: unexpected ',', expected a member name in double quotes")
        let entry =
            #"{"spec": "screen.yaml", "screen": "Baseline test", "element": "title", "rule": "truncated", "from": "Large", "locales": ["en"]}"#
        try write(
            "{\"tool\": \"typefit\", \"version\": 2, \"entries\": [\n  \(entry),\n  \(entry.replacingOccurrences(of: "\"truncated\"", with: "\"truncatd\""))\n]}",
            "rule.json")
        try assertInvalid("rule.json", "rule.json:3:82: error: entries[1].rule: unknown rule 'truncatd' (did you mean 'truncated'?)")
        try write(
            "{\"tool\": \"typefit\", \"version\": 2, \"entries\": [\n  \(entry.replacingOccurrences(of: "\"Large\"", with: "\"Larg\""))\n]}",
            "from.json")
        try assertInvalid("from.json", "from.json:2:103: error: entries[0].from: unknown category 'Larg' (did you mean 'Large'?)")
        try write(
            "{\"tool\": \"typefit\", \"version\": 2, \"entries\": [\n  \(entry.replacingOccurrences(of: "\"locales\"", with: "\"locale\""))\n]}",
            "key.json")
        try assertInvalid("key.json", "key.json:2:122: error: entries[0]: unknown key 'locale' (did you mean 'locales'?)")
        try write(
            "{\"tool\": \"typefit\", \"version\": 2, \"entries\": [\n  \(entry.replacingOccurrences(of: ", \"locales\": [\"en\"]", with: ""))\n]}",
            "missing.json")
        try assertInvalid("missing.json", "missing.json:2:3: error: entries[0]: missing \"locales\"")
        try write(
            "{\"tool\": \"typefit\", \"version\": 2, \"entries\": [\n  \(entry.replacingOccurrences(of: "[\"en\"]", with: "[]"))\n]}",
            "empty.json")
        try assertInvalid("empty.json", "empty.json:2:123: error: entries[0].locales: must not be empty (leave the key out instead)")
        // Control characters from the file are escaped in the message, not echoed.
        try write(
            "{\"tool\": \"typefit\", \"version\": 2, \"entries\": [\n  \(entry.replacingOccurrences(of: "\"truncated\"", with: "\"\\u001b[31mred\""))\n]}",
            "escape.json")
        try assertInvalid(
            "escape.json", "escape.json:2:82: error: entries[0].rule: unknown rule '\\u{1B}[31mred' (typefit rules lists them)")
        try write("[1, 2]", "array.json")
        try assertInvalid(
            "array.json",
            "array.json:1:1: error: not a typefit baseline: expected an object with \"tool\", \"version\" and \"entries\", found an array")
        try write("{\"tool\": \"eslint\", \"version\": 2, \"entries\": []}", "tool.json")
        try assertInvalid("tool.json", "tool.json:1:10: error: not a typefit baseline: \"tool\" must be \"typefit\"")
        try write("\u{FF}\u{FE}", "bytes.json")
        XCTAssertEqual(try typefit(["audit", "specs", "--baseline", "bytes.json"]).code, 2)
    }

    /// Only a regular file within the size limit is read: a 2 GB file (sparse: nothing is written),
    /// `/dev/zero`, a FIFO (opening it would block) and a folder are refused before reading.
    func testHugeAndSpecialFilesAreNotRead() throws {
        try writeSpec()
        let huge = work.appendingPathComponent("huge.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: Data("{".utf8)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        try assertInvalid("huge.json", "huge.json: error: the baseline file is larger than 16 MB (the limit is 16 MB)")
        try assertInvalid(
            "/dev/zero", "/dev/zero: error: the baseline is a device, not a file (pass the JSON file written by --write-baseline)")
        XCTAssertEqual(mkfifo(work.appendingPathComponent("fifo.json").path, 0o600), 0)
        try assertInvalid(
            "fifo.json",
            "fifo.json: error: the baseline is not a regular file (a FIFO, a socket or another special file) (pass the JSON file written by --write-baseline)"
        )
        try assertInvalid("specs", "specs: error: the baseline is a folder, not a file (pass the JSON file written by --write-baseline)")
        try assertInvalid("nope.json", "nope.json: error: baseline file not found")
        // Just over the limit is refused too, without reading it.
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: Data()))
        let h = try FileHandle(forWritingTo: huge)
        try h.truncate(atOffset: UInt64(Baseline.maximumFileSize + 1))
        try h.close()
        try assertInvalid("huge.json", "huge.json: error: the baseline file is larger than 16 MB (the limit is 16 MB)")
    }

    // MARK: - Reporters

    /// A problem whose new findings are in fewer places than its accepted ones: every format says where
    /// the new ones are. Mastodon's welcome screen, its German title made longer, read "3 findings in 9
    /// locales" in the text and HTML reports: the 3 were German, the 8 other languages the baseline's.
    func testAProblemsExtentNamesWhereItsNewFindingsAre() throws {
        try writeSpec(titleWidth: 150, locales: "en")
        XCTAssertEqual(try typefit(["audit", "specs", "--write-baseline", "specs/baseline.json"]).code, 0)
        try writeSpec(titleWidth: 150, locales: "en, de")
        let formats = ["text", "html", "markdown", "junit"]
        let r = try typefit(["audit", "specs", "--baseline", "specs/baseline.json"] + formats.map { "--report=\($0):out.\($0)" })
        XCTAssertEqual(r.code, 1, r.err)
        func out(_ format: String) throws -> String {
            try String(contentsOf: work.appendingPathComponent("out.\(format)"), encoding: .utf8)
        }
        let report = try json(try typefit(["audit", "specs", "--baseline", "specs/baseline.json", "--report", "json"]).out)
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]]).filter { $0["element"] as? String == "title" }
        let open = findings.filter { $0["accepted"] as? Bool != true }
        XCTAssertEqual(Set(open.compactMap { $0["locale"] as? String }), ["de"])
        XCTAssertEqual(Set(open.compactMap { $0["device"] as? String }).count, 2)
        let extent = "\(open.count) findings in 1 locale on 2 devices"
        let accepted = "and \(findings.count - open.count) accepted by the baseline"
        let text = try out("text"), html = try out("html"), markdown = try out("markdown"), junit = try out("junit")
        XCTAssertTrue(text.contains("truncated · title — specs/screen.yaml:8 — \(extent), from xSmall, \(accepted)\n"), text)
        XCTAssertTrue(html.contains("\(extent), \(accepted)</p>"), "html")
        XCTAssertTrue(markdown.contains("\(extent), \(accepted)."), markdown)
        XCTAssertTrue(junit.contains("truncated (error): \(extent), \(accepted)\n"), junit)
        // Where those findings begin: German's first category among them, not English's accepted ones.
        let order = ["xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"]
        let first = order[try XCTUnwrap(open.compactMap { order.firstIndex(of: $0["category"] as? String ?? "") }.min())]
        XCTAssertTrue(html.contains("<p>from <b>\(first)</b>: de</p>"), "html")
        XCTAssertTrue(junit.contains("\nfrom \(first): de\n"), junit)
        XCTAssertTrue(markdown.contains("| \(first) | de |\n"), markdown)
        XCTAssertFalse(markdown.contains("| de, en |"), markdown)
    }

    /// With a baseline that accepts the subtitle and the title from Large, but not the title's new
    /// failures at smaller categories: every format shows the accepted findings as accepted, never as
    /// failures, and the new ones as before.
    func testEveryReporterShowsAcceptedFindingsAsAccepted() throws {
        try writeSpec()
        XCTAssertEqual(try typefit(["audit", "specs", "--write-baseline", "specs/baseline.json"]).code, 0)
        try writeSpec(titleWidth: 150)
        let formats = ["text", "json", "sarif", "junit", "github", "xcode", "markdown", "html"]
        let r = try typefit(["audit", "specs", "--baseline", "specs/baseline.json"] + formats.map { "--report=\($0):out.\($0)" })
        XCTAssertEqual(r.code, 1, r.err)
        func out(_ format: String) throws -> String {
            try String(contentsOf: work.appendingPathComponent("out.\(format)"), encoding: .utf8)
        }

        let text = try out("text")
        XCTAssertTrue(text.contains("2 problems (80 findings) in 1 screen state, 1 of them accepted by the baseline — fix first:"), text)
        XCTAssertTrue(
            text.contains(
                "  1. ✗ error   truncated · title — specs/screen.yaml:8 — 12 findings in 2 locales on 2 devices, from xSmall, and 36 accepted by the baseline\n"
            ), text)
        XCTAssertTrue(
            text.contains(
                "  2. ~ accepted truncated · subtitle — specs/screen.yaml:12 — 32 findings in 2 locales on 2 devices, from xLarge (error)\n"
            ), text)
        XCTAssertTrue(text.contains("    de, en: ✗ error xS–M, ~ accepted from L\n"), "the locale rows")

        let report = try json(try out("json"))
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        let accepted = findings.filter { $0["accepted"] as? Bool == true }
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(summary["baselined"] as? Int, accepted.count)
        XCTAssertEqual(summary["errors"] as? Int, findings.count - accepted.count)
        let elements = try XCTUnwrap(report["elements"] as? [[String: Any]])
        let subtitle = try XCTUnwrap(elements.first { $0["element"] as? String == "subtitle" && $0["locale"] as? String == "en" })
        XCTAssertEqual(Array((subtitle["categories"] as? [String] ?? []).suffix(5)), Array(repeating: "accepted", count: 5))

        let sarif = try json(try out("sarif"))
        let results = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let suppressed = results.filter { $0["suppressions"] != nil }
        XCTAssertEqual(suppressed.compactMap { ($0["properties"] as? [String: Any])?["element"] as? String }, ["subtitle"])
        XCTAssertEqual((suppressed.first?["suppressions"] as? [[String: Any]])?.first?["kind"] as? String, "external")
        let title = try XCTUnwrap(results.first { ($0["properties"] as? [String: Any])?["element"] as? String == "title" })
        XCTAssertNil(title["suppressions"], "the title has new failures")
        XCTAssertTrue(((title["message"] as? [String: Any])?["text"] as? String ?? "").contains("accepted by the baseline"))

        let junit = try out("junit")
        XCTAssertTrue(
            junit.contains("name=\"subtitle · truncated\" time=\"0\">\n      <system-out>Accepted by the baseline (not a failure):\n"),
            junit)
        XCTAssertFalse(junit.contains("name=\"subtitle · truncated\" time=\"0\">\n      <failure"), junit)
        XCTAssertTrue(junit.contains("name=\"title · truncated\" time=\"0\">\n      <failure message=\"["), junit)
        XCTAssertTrue(junit.contains("truncated (error): 12 findings in 2 locales on 2 devices, and 36 accepted by the baseline\n"), junit)

        let github = try out("github")
        XCTAssertFalse(github.contains("title=typefit truncated%3A subtitle"), github)
        XCTAssertTrue(github.contains("::error file=specs/screen.yaml,line=8,col=14,title=typefit truncated%3A title::"), github)
        XCTAssertTrue(
            github.contains(
                "typefit: 1 more group (32 findings) accepted by the baseline (specs/baseline.json), not annotated: they do not fail the run."
            ),
            github)

        let xcode = try out("xcode")
        XCTAssertTrue(xcode.contains(": note: accepted by the baseline: truncated: subtitle — "), xcode)
        XCTAssertTrue(xcode.contains(": error: truncated: title — "), xcode)
        XCTAssertTrue(
            try out("markdown").contains(
                "~ 1 problem (32 findings) is accepted by the baseline (`specs/baseline.json`): they do not fail the run."))
        let html = try out("html")
        XCTAssertTrue(html.contains("<td class=a>"), "accepted cells")
        XCTAssertTrue(html.contains("data-sev='accepted'"), "the accepted problem")
        XCTAssertTrue(html.contains(" · accepted by the baseline<br>"), "accepted previews")

        // SARIF and JUnit with accepted findings are still valid (when the validator is installed).
        let result = try ReporterTests.python([
            Self.root.appendingPathComponent("scripts/validate-reports.py").path,
            "--sarif", work.appendingPathComponent("out.sarif").path,
            "--junit", work.appendingPathComponent("out.junit").path
        ])
        if result.code == 3 || result.code == 127 { throw XCTSkip("schema validation skipped: \(result.output)") }
        XCTAssertEqual(result.code, 0, result.output)
    }

    /// Without a baseline nothing is marked, and the JSON report has no `baseline` key.
    func testWithoutABaselineReportsAreUnchanged() throws {
        try writeSpec()
        let r = try typefit(["audit", "specs", "--format", "json"])
        XCTAssertEqual(r.code, 1)
        XCTAssertFalse(r.out.contains("\"accepted\""))
        XCTAssertFalse(r.out.contains("\"baseline\""))
    }
}
