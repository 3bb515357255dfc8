import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The CI and people reporters (`junit`, `sarif`, `github`, `xcode`, `markdown`): golden files for a
/// small report, escaping, determinism, GitHub's annotation caps on the full `Specs/` report, SARIF's
/// result cap, and validation of SARIF and JUnit against the official schemas by an independent
/// validator (scripts/validate-reports.py: Python `jsonschema` and `xmlschema`).
///
/// Re-record the golden files with `TYPEFIT_RECORD=1 swift test --filter ReporterTests`.
final class ReporterTests: XCTestCase {
    static let root = AuditTests.root
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let recording = ProcessInfo.processInfo.environment["TYPEFIT_RECORD"] == "1"

    struct AuditFailure: Error, Sendable { var message: String }

    /// Audits shipped specs with the bundled fonts; spec paths made relative to the package root and
    /// tool versions pinned, so the golden files do not depend on where or with which HarfBuzz build
    /// the tests run.
    static func audit(_ paths: [String], locales: [String]?, categories: [ContentSizeCategory]?) -> Result<AuditReport, AuditFailure> {
        var options = AuditOptions()
        options.paths = paths.map { root.appendingPathComponent($0).path }
        options.locales = locales
        options.categories = categories
        options.bundledFonts = root.appendingPathComponent("Fonts").path
        do {
            var report = try Auditor(options: options).run()
            let prefix = root.path + "/"
            func relative(_ path: String) -> String { path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path }
            report.findings = report.findings.map { $0.with(spec: relative($0.spec)) }
            for i in report.elements.indices { report.elements[i].spec = relative(report.elements[i].spec) }
            report.filesRead = report.filesRead.map(relative)
            report.tool = .init(version: "0.1.0", harfbuzz: "6.0.0", freetype: "2.12.1", icu: "72.1")
            return .success(report)
        } catch {
            return .failure(AuditFailure(message: "\(error)"))
        }
    }

    /// The golden report: the Firebase pickers (errors, warnings, info, a device-independent
    /// `fixed-font-size`) and the paper login (keyboard states), in English and German, at Large, AX1, AX5.
    static let small = audit(["Specs/firebase-login", "Specs/paper-login"], locales: ["en", "de"], categories: [.large, .ax1, .ax5])
    /// Every shipped spec, every locale, every category (computed once, ~30 s in a debug build).
    static let full = audit(["Specs"], locales: nil, categories: nil)

    func smallReport() throws -> AuditReport { try Self.small.get() }

    // MARK: - JSON report writer

    /// The streaming JSON writer gives exactly what Foundation's `JSONEncoder` gives (the reference) on
    /// the full audit of every shipped spec: every rule, optional field, script and number form.
    func testJSONWriterMatchesJSONEncoderOnTheFullAudit() throws {
        let report = try Self.full.get()
        XCTAssertGreaterThan(report.findings.count, 10_000)
        let written = JSONReporter().generateReport(report)
        let encoded = JSONReporter().generateReportWithJSONEncoder(report)
        XCTAssertEqual(written.utf8.count, encoded.utf8.count)
        XCTAssertTrue(written == encoded, "first difference at byte \(zip(written.utf8, encoded.utf8).prefix { $0 == $1 }.count)")
    }

    /// … and on values the audit rarely produces: escapes and control characters, empty collections,
    /// every optional present or absent, negative zero, exponents, huge and tiny numbers.
    func testJSONWriterMatchesJSONEncoderOnEdgeValues() throws {
        var report = try smallReport()
        var f = report.findings[0]
        f.message = "quote \" backslash \\ slash / newline \n return \r tab \t \u{8}\u{C}\u{1}\u{1F}\u{7F} é \u{2028} 😀 عربى"
        f.fix = nil
        var n = Finding.Numbers()
        n.widthNeeded = 1e16; n.widthAvailable = -0.0; n.heightNeeded = 1e-7; n.heightAvailable = 0.1 + 0.2
        n.overflow = 123456789.25; n.fontSize = 40; n.scale = 0.5; n.linesNeeded = -3; n.linesAllowed = Int.max
        n.text = ""; n.shown = "\""; n.fonts = []; n.missingCharacters = ["U+0378"]; n.variant = "plural:one"; n.fallback = "short"
        f.numbers = n
        report.findings = [f, report.findings[1]]
        report.elements[0].buttonHeights = []
        report.elements[0].fallbackFrom = .ax1
        report.fonts = []
        report.filesRead = []
        XCTAssertEqual(JSONReporter().generateReport(report), JSONReporter().generateReportWithJSONEncoder(report))
        report.findings = []
        report.elements = []
        XCTAssertEqual(JSONReporter().generateReport(report), JSONReporter().generateReportWithJSONEncoder(report))
    }

    /// Numbers are written without going through a String; the reference is Swift's own shortest
    /// round-trip form (`description`, less a trailing ".0"), on the values reports hold (every
    /// multiple of 0.001 up to 500 and every third of 0.01 up to 20,000, and their negatives) and on values
    /// that take the slow path (tiny, huge, not a short decimal, negative zero).
    func testJSONWriterNumbersAreSwiftsShortestForm() {
        func written(_ body: (inout JSONReportWriter) -> Void) -> String {
            var w = JSONReportWriter(capacity: 32)
            body(&w)
            return w.bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        }
        func expected(_ v: Double) -> String {
            let s = v.description
            return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
        }
        var values: [Double] = []
        for k in 0...500_000 { values.append(Double(k) / 1000) }
        for k in stride(from: 0, through: 2_000_000, by: 3) { values.append(Double(k) / 100) }
        // Four decimals, as `typefit measure` rounds (NumberText, shared with MeasureResultWriter).
        for k in stride(from: 0, through: 5_000_000, by: 7) { values.append(Double(k) / 10_000) }
        for k in stride(from: 0, to: 10_000_000_000_000, by: 7_777_777_771) { values.append(Double(k) / 10_000) }
        values += [174.1428, 0.0001, 0.0011, 0.00105, 999_999_999.9999, 1.23456, 2.00005]
        values += values.map { -$0 }
        values += [
            -0.0, 1e-7, 0.0009, 0.00099, 1e-4, 0.1 + 0.2, 1.0 / 3, 999_999_999.999, 1e9, 1e9 + 0.5, 1e15, 1e16, 123_456_789.25,
            .pi, 2.675, 1.0005, 0.0015, 7.0e-3, 4.35, 1e-3, -1e-3
        ]
        var mismatches: [String] = []
        for v in values {
            let got = written { $0.double(v) }
            if got != expected(v) { mismatches.append("\(v): \(got)") }
            if mismatches.count > 10 { break }
        }
        XCTAssertEqual(mismatches, [])
        for v in [0, 7, -7, 10, 99, 100, 12_345, -9_876_543_210, Int.max, Int.min] {
            XCTAssertEqual(written { $0.int(v) }, String(v))
        }
    }

    // MARK: - Golden files

    static let goldens: [(file: String, reporter: any Reporter)] = [
        ("report.junit.xml", JUnitReporter()),
        ("report.sarif", SARIFReporter()),
        ("report.github.txt", GitHubActionsReporter()),
        ("report.xcode.txt", XcodeReporter(baseDirectory: "/ROOT")),
        ("report.md", MarkdownReporter())
    ]

    func testGoldenFiles() throws {
        let report = try smallReport()
        XCTAssertEqual(Set(report.findings.map(\.severity)), [.error, .warning, .info], "the golden report covers every severity")
        for (file, reporter) in Self.goldens {
            try assertGolden(reporter.generateReport(report), file)
        }
        try assertGolden(GitHubActionsReporter.stepSummary(report), "report.step-summary.md")
        // The golden run asked for three sizes (Large, AX1, AX5): every report names the other nine,
        // and a run over every size names none.
        let nine = "9 of the 12 text sizes not audited (not asked for by --categories or .typefit.yml"
        let full = try Self.full.get()
        for (file, reporter) in Self.goldens + [("text", TextReporter()), ("html", HTMLReporter())] {
            XCTAssertTrue(reporter.generateReport(report).contains(nine), file)
            XCTAssertFalse(reporter.generateReport(full).contains("text sizes not audited"), file)
        }
    }

    func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.fixtures.appendingPathComponent("reports").appendingPathComponent(name)
        if Self.recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            print("recorded \(url.path)")
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return XCTFail("no golden file \(name): run TYPEFIT_RECORD=1 swift test --filter ReporterTests", file: file, line: line)
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != text else { return }
        let a = expected.components(separatedBy: "\n"), b = text.components(separatedBy: "\n")
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        XCTFail(
            """
            \(name) differs from the golden file at line \(i + 1) (re-record with TYPEFIT_RECORD=1 if the change is intended):
            expected: \(i < a.count ? a[i] : "<end of file>")
              actual: \(i < b.count ? b[i] : "<end of file>")
            """, file: file, line: line)
    }

    // MARK: - Properties of every format

    func testEveryFormatIsRegisteredAndNamesTypefitInItsFirst4KB() throws {
        let report = try smallReport()
        XCTAssertEqual(Array(Reporters.identifiers.prefix(7)), ["text", "json", "junit", "sarif", "github", "xcode", "markdown"])
        // Every registered format (html too), since OutputFile.checkWritable applies to all of them.
        for id in Reporters.identifiers {
            let reporter = try XCTUnwrap(Reporters.reporter(named: id, options: ReportOptions()))
            XCTAssertEqual(type(of: reporter).identifier, id)
            let head = String(decoding: Data(reporter.generateReport(report).utf8).prefix(4096), as: UTF8.self)
            XCTAssertTrue(head.contains("typefit"), "\(id): re-runs may overwrite the file only if it names typefit early")
        }
    }

    func testOutputDoesNotDependOnTheOrderOfTheReport() throws {
        let report = try smallReport()
        var shuffled = report
        shuffled.findings.reverse()
        shuffled.elements.reverse()
        for id in ["junit", "sarif", "github", "xcode", "markdown"] {
            let reporter = try XCTUnwrap(Reporters.reporter(named: id, options: ReportOptions()))
            XCTAssertEqual(reporter.generateReport(report), reporter.generateReport(shuffled), id)
        }
    }

    /// A clean run: every element passes.
    func cleanReport() throws -> AuditReport {
        var report = try smallReport()
        report.summary.baselined = report.findings.count
        report.findings = []
        (report.summary.errors, report.summary.warnings, report.summary.infos, report.summary.failed) = (0, 0, 0, false)
        return report
    }

    func testAReportWithoutFindings() throws {
        let report = try cleanReport()
        let junit = JUnitReporter().generateReport(report)
        XCTAssertTrue(
            junit.contains(
                #"<testsuites name="typefit" tests="\#(Set(report.elements.map { [$0.spec, $0.element] }).count)" failures="0""#), junit)
        XCTAssertTrue(junit.contains(" · no problems\" time=\"0\"/>"), junit)
        XCTAssertFalse(junit.contains("<failure"))
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SARIFReporter().generateReport(report).utf8)) as? [String: Any])
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((run["results"] as? [Any])?.count, 0)
        XCTAssertEqual(GitHubActionsReporter().generateReport(report).split(separator: "\n").count, 1)
        XCTAssertEqual(XcodeReporter().generateReport(report).split(separator: "\n").count, 1)
        let md = MarkdownReporter().generateReport(report)
        XCTAssertTrue(md.contains("### ✓ typefit: Dynamic Type audit passed") && md.contains("No findings."), md)
    }

    // MARK: - JUnit

    func testJUnitFailsOnWarningsOnlyWhenStrict() throws {
        let report = try smallReport()
        let relaxed = JUnitReporter().generateReport(report)
        let strict = JUnitReporter(strict: true).generateReport(report)
        XCTAssertFalse(relaxed.contains(#"type="touch-target""#))
        XCTAssertTrue(relaxed.contains("<system-out>A warning (fails only in a strict run):\n"), "the warning is a passing case saying why")
        XCTAssertTrue(strict.contains(#"type="touch-target""#))
        XCTAssertFalse(strict.contains(#"type="fallback-used""#), "info never fails")
        XCTAssertTrue(strict.contains("<system-out>Info (never fails):\n"))
        // A run that failed on warnings alone is strict whatever the option says.
        var warningsOnly = report
        warningsOnly.findings.removeAll { $0.severity == .error }
        warningsOnly.summary.errors = 0
        warningsOnly.summary.failed = true
        XCTAssertTrue(JUnitReporter().generateReport(warningsOnly).contains(#"type="touch-target""#))
    }

    /// One test case per problem, worst first within each spec's suite and suites in the order of
    /// their worst problem; the failure's message is the problem's worst case with its numbers.
    func testJUnitHasOneCasePerProblemWorstFirst() throws {
        let report = try smallReport()
        let problems = report.problems
        let xml = JUnitReporter().generateReport(report)
        let doc = try XMLDocument(xmlString: xml)
        let cases = try doc.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        func attr(_ e: XMLElement, _ name: String) -> String { e.attribute(forName: name)?.stringValue ?? "" }
        // Every problem is exactly one case, named ELEMENT · RULE (· CAUSE).
        let problemCases = cases.filter { !attr($0, "name").hasSuffix(" · no problems") }
        XCTAssertEqual(problemCases.count, problems.count)
        func key(_ p: Problem) -> String { "\(p.spec)|\(p.element) · \(p.rule.rawValue)" + (p.cause.map { " · \($0)" } ?? "") }
        var rankOf: [String: Int] = [:]
        for p in problems { rankOf[key(p)] = p.rank }
        let names = Set(rankOf.keys)
        let suites = try doc.nodes(forXPath: "//testsuite").compactMap { $0 as? XMLElement }
        var seen = Set<String>()
        var suiteFirstRanks: [Int] = []
        for suite in suites {
            let spec = attr(suite, "name")
            let inSuite = (suite.elements(forName: "testcase")).filter { !attr($0, "name").hasSuffix(" · no problems") }
            // Worst first inside the suite: the ranks of its problems, in order.
            let ranks: [Int] = inSuite.map { c in rankOf[spec + "|" + attr(c, "name")] ?? -1 }
            XCTAssertFalse(ranks.contains(-1), "\(spec): a case names no problem")
            XCTAssertEqual(ranks, ranks.sorted(), spec)
            if let first = ranks.first { suiteFirstRanks.append(first) }
            for c in inSuite { seen.insert("\(spec)|\(attr(c, "name"))") }
        }
        XCTAssertEqual(seen, names)
        XCTAssertEqual(suiteFirstRanks, suiteFirstRanks.sorted(), "suites in the order of their worst problem")
        // Failures: exactly the problems with errors; the message is the worst case.
        let failing = problems.filter { $0.severity == .error && !$0.isAccepted }
        XCTAssertEqual(try doc.nodes(forXPath: "//failure").count, failing.count)
        XCTAssertTrue(xml.contains(#"<testsuites name="typefit" tests="\#(cases.count)" failures="\#(failing.count)""#))
        let google = try XCTUnwrap(failing.first { $0.element == "google" && $0.rule == .clipped })
        let failure = try XCTUnwrap(try doc.nodes(forXPath: "//testcase[@name='google · clipped']/failure").first as? XMLElement)
        let w = google.worst
        XCTAssertEqual(
            attr(failure, "message"),
            "[\(w.locale ?? ""), \(w.category?.name ?? ""), \(w.device ?? ""), \(w.orientation?.rawValue ?? "")] \(w.message)")
        XCTAssertEqual(w.locale, "de", "the longer German title is the worst case")
        XCTAssertEqual(w.category, .ax5)
        XCTAssertTrue(failure.stringValue?.contains("spec: \(google.spec):\(google.line):\(google.column)") ?? false)
        XCTAssertTrue(failure.stringValue?.contains("problem: \(google.id)") ?? false)
    }

    /// Text from specs and catalogs can hold anything: XML specials, characters XML 1.0 forbids,
    /// CR/LF, and the workflow-command and Markdown metacharacters.
    func hostileReport() throws -> AuditReport {
        var report = try smallReport()
        let i = try XCTUnwrap(report.findings.firstIndex { $0.severity == .error })
        report.findings[i].message = "a&b <c> \"d\" 'e' \u{1}\u{B}\u{FFFE} 100% x:y, z\r\nnext | @someone `code` *bold* ]]> --"
        report.findings[i].fix = "fix\twith tab\nand newline"
        report.findings[i] = report.findings[i].with(element: report.findings[i].element + "<&>.x")
        return report
    }

    func testJUnitEscapesMarkupAndDropsCharactersXMLCannotCarry() throws {
        let xml = JUnitReporter().generateReport(try hostileReport())
        for forbidden in ["\u{1}", "\u{B}", "\u{FFFE}", "<&>"] { XCTAssertFalse(xml.contains(forbidden), forbidden.debugDescription) }
        XCTAssertTrue(xml.contains(#"message="["#))
        XCTAssertTrue(
            xml.contains("a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos; \u{FFFD}\u{FFFD}\u{FFFD} 100% x:y, z&#13;&#10;next"), "attribute")
        XCTAssertTrue(xml.contains("a&amp;b &lt;c&gt; \"d\" 'e' \u{FFFD}\u{FFFD}\u{FFFD} 100% x:y, z&#13;\nnext"), "character data")
        XCTAssertTrue(xml.contains("]]&gt;"))
        XCTAssertTrue(xml.contains("&lt;&amp;&gt;.x"))
    }

    // MARK: - SARIF

    func testSARIFHasRulesFingerprintsAndOneBasedRegions() throws {
        let report = try smallReport()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SARIFReporter().generateReport(report).utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((json["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "typefit")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, RuleID.allCases.map(\.rawValue).sorted())
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, FindingGroup.groups(report).count)
        for r in results {
            let fingerprints = try XCTUnwrap(r["partialFingerprints"] as? [String: String])
            XCTAssertEqual(fingerprints["typefitFingerprint/v1"]?.count, 32)
            let location = try XCTUnwrap((r["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let region = try XCTUnwrap(location["region"] as? [String: Int])
            XCTAssertGreaterThanOrEqual(region["startLine"] ?? 0, 1)
            XCTAssertGreaterThanOrEqual(region["startColumn"] ?? 0, 1)
            let uri = try XCTUnwrap((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            XCTAssertTrue(uri.hasPrefix("Specs/") && uri.hasSuffix(".yaml"), uri)
        }
        XCTAssertEqual(Set(results.compactMap { $0["level"] as? String }), ["error", "warning", "note"])
        // Fingerprints are distinct per result and survive a change in which locales fail.
        let ids = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["typefitFingerprint/v1"] }
        XCTAssertEqual(Set(ids).count, ids.count)
        var english = report
        english.findings.removeAll { $0.locale == "de" }
        XCTAssertTrue(Set(FindingGroup.groups(english).map(\.fingerprint)).isSubset(of: Set(ids)))
    }

    /// Every report ranks problems as the JSON report's `problems` do (those that fail in the source
    /// language first): SARIF keeps the first of them under its cap, GitHub and Markdown list them in
    /// that order. They once regrouped the findings without the source languages and disagreed.
    func testEveryReportRanksProblemsAsTheJSONReport() throws {
        let report = try Self.full.get()
        let ranked = report.problems.map(\.id)
        XCTAssertFalse(report.sourceLanguages.isEmpty)
        let limit = 40
        XCTAssertNotEqual(
            Array(Problem.problems(in: report.findings).map(\.id).prefix(limit)), Array(ranked.prefix(limit)),
            "in this report the source languages change which problems are the worst \(limit), so the check below can fail")
        let text = SARIFReporter(resultLimit: limit).generateReport(report)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try XCTUnwrap((json["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let kept = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["typefitFingerprint/v1"] }
        XCTAssertEqual(kept, Array(ranked.prefix(limit)))
        // GitHub and Markdown sort their groups worst first: the same order.
        XCTAssertEqual(FindingGroup.groups(report).sorted(by: FindingGroup.worstFirst).map(\.fingerprint), ranked)
    }

    func testSARIFCapKeepsTheWorstAndSaysSo() throws {
        let report = try smallReport()
        let groups = FindingGroup.groups(report)
        let text = SARIFReporter(resultLimit: 5).generateReport(report)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try XCTUnwrap((json["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 5)
        XCTAssertEqual(Set(results.compactMap { $0["level"] as? String }), ["error"], "errors are kept first")
        let properties = try XCTUnwrap(run["properties"] as? [String: Any])
        XCTAssertEqual(properties["typefit/omittedResults"] as? Int, groups.count - 5)
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        let note = try XCTUnwrap((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        XCTAssertTrue(
            ((note["message"] as? [String: Any])?["text"] as? String ?? "").contains("kept the 5 worst of \(groups.count) results"))
        XCTAssertEqual(text, SARIFReporter(resultLimit: 5).generateReport(report), "deterministic")
    }

    func testSARIFURIsArePercentEncoded() {
        XCTAssertEqual(SARIFReporter.artifactLocation("Specs/my screen/ä:b.yaml").uri, "Specs/my%20screen/%C3%A4%3Ab.yaml")
        XCTAssertEqual(SARIFReporter.artifactLocation("Specs/a.yaml").uriBaseId, "%SRCROOT%")
        let absolute = SARIFReporter.artifactLocation("/tmp/x y.yaml")
        XCTAssertEqual(absolute.uri, "file:///tmp/x%20y.yaml")
        XCTAssertNil(absolute.uriBaseId)
    }

    // MARK: - GitHub Actions

    func testGitHubAnnotationsStayWithinGitHubsCapsOnTheFullReport() throws {
        let report = try Self.full.get()
        let text = GitHubActionsReporter().generateReport(report)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let errors = lines.filter { $0.hasPrefix("::error ") }.count
        let warnings = lines.filter { $0.hasPrefix("::warning ") }.count
        let notices = lines.filter { $0.hasPrefix("::notice ") }.count
        let groups = FindingGroup.groups(report)
        func count(_ s: Severity) -> Int { groups.filter { $0.severity == s }.count }
        XCTAssertGreaterThan(count(.error), 10, "the full report has more error groups than GitHub shows")
        XCTAssertGreaterThan(count(.warning), 10)
        XCTAssertEqual(errors, 10)
        XCTAssertEqual(warnings, 10)
        XCTAssertEqual(notices, min(10, count(.info)))
        XCTAssertLessThanOrEqual(errors + warnings + notices, 50)
        // Worst first: every error annotation before the first warning, warnings before notices.
        let kinds = lines.filter { $0.hasPrefix("::") }.map { String($0.prefix(while: { $0 != " " })) }
        XCTAssertEqual(
            kinds,
            Array(repeating: "::error", count: 10) + Array(repeating: "::warning", count: 10) + Array(repeating: "::notice", count: notices)
        )
        // Nothing is dropped silently: the rest are plain lines after a line that counts them.
        let rest = lines.filter { $0.hasPrefix("  Specs/") }.count
        XCTAssertEqual(errors + warnings + notices + rest, groups.count)
        XCTAssertTrue(lines.contains { $0.hasPrefix("typefit: \(rest) more problems") })
        // The worst problem comes first: an error that fails at the default size.
        let first = try XCTUnwrap(groups.sorted(by: FindingGroup.worstFirst).first)
        XCTAssertEqual(first.problem.rank, 1)
        XCTAssertEqual(first.severity, .error)
        XCTAssertTrue(first.problem.failsAtDefaultSize)
        XCTAssertTrue(lines[1].contains(",title=typefit \(first.rule.rawValue)%3A \(first.element)::"), String(lines[1]))
        // The step summary stays readable and far below GitHub's 1 MiB per step.
        let summary = GitHubActionsReporter.stepSummary(report)
        XCTAssertLessThan(summary.utf8.count, 64 * 1024)
        XCTAssertTrue(summary.contains("… and \(groups.count - 10) more problems"))
    }

    func testGitHubEscapesDataAndProperties() throws {
        let report = try hostileReport()
        let hostile = try XCTUnwrap(report.findings.first { $0.element.hasSuffix("<&>.x") })
        let text = GitHubActionsReporter().generateReport(report)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("<&>.x") })
        XCTAssertTrue(
            line.hasPrefix(
                "::error file=\(hostile.spec),line=\(hostile.line),col=\(hostile.column),title=typefit \(hostile.rule.rawValue)%3A \(hostile.element)::"
            ),
            String(line))
        XCTAssertTrue(line.contains("100%25 x:y, z  next"), "data: % escaped, : and , kept, the message on one line")
        XCTAssertTrue(line.contains("%0Afix: fix with tab and newline"), "lines of the annotation")
        XCTAssertFalse(line.contains("\r"))
        XCTAssertEqual(GitHubActionsReporter.escapeProperty("a:b,c%d\r\ne"), "a%3Ab%2Cc%25d%0D%0Ae")
        XCTAssertEqual(GitHubActionsReporter.escapeData("a:b,c%d\r\ne"), "a:b,c%25d%0D%0Ae")
    }

    // MARK: - Markdown and Xcode

    func testMarkdownEscapesTextAndCapsGroups() throws {
        let report = try hostileReport()
        let md = MarkdownReporter(maxGroups: 100).generateReport(report)
        XCTAssertTrue(md.hasPrefix("<!-- typefit-report -->\n"))
        XCTAssertFalse(md.contains("<c>"), "no raw HTML from catalogs")
        XCTAssertTrue(
            md.contains(
                "a&amp;b &lt;c&gt; \"d\" 'e' \u{FFFD} \u{FFFD} 100% x:y, z  next \\| @\u{2060}someone \\`code\\` \\*bold\\* \\]\\]&gt; --"))
        XCTAssertTrue(md.contains("&lt;&amp;&gt;.x"))
        func headings(_ md: String) -> Int {
            md.split(separator: "\n").filter { $0.hasPrefix("**✗ ") || $0.hasPrefix("**! ") || $0.hasPrefix("**i ") }.count
        }
        XCTAssertEqual(headings(md), FindingGroup.groups(report).count)
        XCTAssertFalse(md.contains("… and "))
        let capped = MarkdownReporter(maxGroups: 3).generateReport(report)
        XCTAssertEqual(headings(capped), 3)
        XCTAssertTrue(capped.contains("… and \(FindingGroup.groups(report).count - 3) more problems"))
        XCTAssertEqual(MarkdownReporter.number(305928), "305,928")
        XCTAssertEqual(MarkdownReporter.number(12), "12")
    }

    func testXcodeLinesAreDiagnosticsWithAbsolutePaths() throws {
        let report = try hostileReport()
        let lines = XcodeReporter(baseDirectory: "/Users/me/App").generateReport(report).split(separator: "\n").dropFirst()
        XCTAssertEqual(lines.count, FindingGroup.groups(report).count)
        let pattern = try NSRegularExpression(pattern: #"^/Users/me/App/Specs/[^:]+\.yaml:\d+:\d+: (error|warning|note): .+ \[typefit\]$"#)
        for line in lines {
            let s = String(line)
            XCTAssertNotNil(pattern.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)), s)
        }
        XCTAssertTrue(lines.contains { $0.contains(": note: fallback-used") })
    }

    // MARK: - Independent validation

    /// Validates SARIF against the OASIS SARIF 2.1.0 schema and JUnit against Jenkins' junit-10.xsd
    /// with Python's `jsonschema` and `xmlschema` (scripts/validate-reports.py).
    func testSARIFAndJUnitValidateAgainstTheOfficialSchemas() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-validate-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let small = try smallReport(), hostile = try hostileReport(), full = try Self.full.get()
        let files: [(String, String)] = [
            ("small.sarif", SARIFReporter().generateReport(small)),
            ("capped.sarif", SARIFReporter(resultLimit: 3).generateReport(small)),
            ("hostile.sarif", SARIFReporter().generateReport(hostile)),
            ("full.sarif", SARIFReporter().generateReport(full)),
            ("small.xml", JUnitReporter().generateReport(small)),
            ("strict.xml", JUnitReporter(strict: true).generateReport(small)),
            ("hostile.xml", JUnitReporter().generateReport(hostile)),
            ("clean.sarif", SARIFReporter().generateReport(try cleanReport())),
            ("clean.xml", JUnitReporter().generateReport(try cleanReport()))
        ]
        var arguments = [Self.root.appendingPathComponent("scripts/validate-reports.py").path]
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            arguments += [name.hasSuffix(".sarif") ? "--sarif" : "--junit", url.path]
        }
        let result = try Self.python(arguments)
        if result.code == 3 || result.code == 127 {
            throw XCTSkip(
                "schema validation skipped: python3 with jsonschema, rfc3986-validator and xmlschema is needed (pip install jsonschema==4.26.0 rfc3986-validator==0.1.1 xmlschema==4.3.2): \(result.output)"
            )
        }
        XCTAssertEqual(result.code, 0, result.output)
        XCTAssertTrue(result.output.contains("validate-reports: \(files.count) valid, 0 invalid"), result.output)
    }

    /// The validator is not a rubber stamp: it rejects a broken SARIF file and a broken JUnit file.
    func testTheValidatorRejectsInvalidReports() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-invalid-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = try smallReport()
        let sarif = SARIFReporter().generateReport(report).replacingOccurrences(of: #""startLine" : "#, with: #""startLine" : -"#)
        let junit = JUnitReporter().generateReport(report).replacingOccurrences(of: #" tests=""#, with: #" count=""#)
        try Data(sarif.utf8).write(to: dir.appendingPathComponent("bad.sarif"))
        try Data(junit.utf8).write(to: dir.appendingPathComponent("bad.xml"))
        let result = try Self.python([
            Self.root.appendingPathComponent("scripts/validate-reports.py").path,
            "--sarif", dir.appendingPathComponent("bad.sarif").path,
            "--junit", dir.appendingPathComponent("bad.xml").path
        ])
        if result.code == 3 || result.code == 127 { throw XCTSkip("schema validation skipped: \(result.output)") }
        XCTAssertEqual(result.code, 1, result.output)
        XCTAssertTrue(result.output.contains("validate-reports: 0 valid, 2 invalid"), result.output)
    }

    static func python(_ arguments: [String]) throws -> (code: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3"] + arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
