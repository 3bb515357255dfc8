import Foundation
import XCTest

/// `typefit audit --report FORMAT[:PATH]`: several reports in one run, the `--format/--output`
/// shorthand, overwriting only typefit's own files, and the GitHub step summary.
///
/// Runs the `typefit` built next to this test bundle (so `swift test --scratch-path X` tests X's build).
final class ReportCommandLineTests: XCTestCase {
    static let root = AuditTests.root
    static let spec = "Specs/firebase-login/firebase-stock-picker.yaml"

    func run(_ args: [String], environment: [String: String] = [:], directory: URL = root) throws -> (code: Int32, out: String, err: String)
    {
        try TypefitCommand.run(args, in: directory, environment: environment)
    }

    func temporaryFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-reports-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func read(_ url: URL) -> String { String(decoding: FileManager.default.contents(atPath: url.path) ?? Data(), as: UTF8.self) }

    func testSeveralReportsInOneRunAndReRunsOverwriteTheirOwnFiles() throws {
        let dir = try temporaryFolder()
        let files = ["json": "r.json", "junit": "r.xml", "sarif": "r.sarif", "xcode": "r.txt", "markdown": "r.md", "github": "r.log"]
        var args = ["audit", Self.spec, "--locales", "en,de", "--report", "text"]
        for (format, name) in files.sorted(by: { $0.key < $1.key }) {
            args += ["--report", "\(format):\(dir.appendingPathComponent(name).path)"]
        }
        let first = try run(args)
        XCTAssertEqual(first.code, 1, first.err)
        XCTAssertTrue(first.out.hasPrefix("typefit 0.1.0 — Dynamic Type audit"), "the text report on standard output")
        XCTAssertTrue(read(dir.appendingPathComponent("r.json")).contains(#""$schema" : "typefit-report-1""#))
        XCTAssertTrue(read(dir.appendingPathComponent("r.xml")).hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        XCTAssertTrue(read(dir.appendingPathComponent("r.sarif")).contains(#""version" : "2.1.0""#))
        XCTAssertTrue(
            read(dir.appendingPathComponent("r.log")).contains("::error file=Specs/firebase-login/firebase-stock-picker.yaml,line="))
        XCTAssertTrue(
            read(dir.appendingPathComponent("r.txt")).contains(Self.root.path + "/Specs/firebase-login/firebase-stock-picker.yaml:"),
            "xcode paths are absolute"
        )
        XCTAssertTrue(read(dir.appendingPathComponent("r.md")).hasPrefix("<!-- typefit-report -->"))
        // The same command again overwrites its own files, byte for byte the same.
        let before = files.values.map { read(dir.appendingPathComponent($0)) }
        let second = try run(args)
        XCTAssertEqual(second.code, 1, second.err)
        XCTAssertEqual(files.values.map { read(dir.appendingPathComponent($0)) }, before)
    }

    func testReportsRefuseForeignFilesAndBadRequests() throws {
        let dir = try temporaryFolder()
        let notes = dir.appendingPathComponent("notes.xml")
        try Data("<notes>mine</notes>".utf8).write(to: notes)
        let refused = try run(["audit", Self.spec, "--locales", "en", "--report", "junit:\(notes.path)"])
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.err.contains("is not a typefit report"), refused.err)
        XCTAssertEqual(read(notes), "<notes>mine</notes>")
        XCTAssertEqual(try run(["audit", Self.spec, "--locales", "en", "--report", "junit:\(notes.path)", "--force"]).code, 1)

        let twoToStdout = try run(["audit", Self.spec, "--report", "text", "--report", "json"])
        XCTAssertEqual(twoToStdout.code, 2)
        XCTAssertTrue(twoToStdout.err.contains("only one report can go to standard output"), twoToStdout.err)
        let unknown = try run(["audit", Self.spec, "--report", "pdf:\(dir.appendingPathComponent("x.pdf").path)"])
        XCTAssertEqual(unknown.code, 2)
        XCTAssertTrue(unknown.err.contains("unknown report format 'pdf'"), unknown.err)
        XCTAssertEqual(try run(["audit", Self.spec, "--report", "json:"]).code, 2)
        let same = dir.appendingPathComponent("same.json").path
        XCTAssertEqual(try run(["audit", Self.spec, "--report", "json:\(same)", "--report", "sarif:\(same)"]).code, 2)
    }

    /// `--quiet` keeps standard output for the summary line: a report asked for there in another
    /// format than `text` (the report `--quiet` leaves out) or `github` (whose step summary is still
    /// written) is refused, never left out while the run passes or fails as if it had been written.
    func testQuietRefusesAReportItCannotWrite() throws {
        let sarif = try run(["audit", Self.spec, "--locales", "en", "--quiet", "--report", "sarif"])
        XCTAssertEqual(sarif.code, 2)
        XCTAssertEqual(sarif.out, "")
        XCTAssertTrue(
            sarif.err.contains(
                "--quiet prints only the summary line on standard output, so the sarif report would not be written (--report sarif): "
                    + "give it a path (--report sarif:FILE), or leave out --quiet"), sarif.err)
        let json = try run(["audit", Self.spec, "--locales", "en", "--quiet", "--format", "json"])
        XCTAssertEqual(json.code, 2)
        XCTAssertTrue(
            json.err.contains("so the json report would not be written (--format json): give it a path (--output FILE)"), json.err)
        // What --quiet is for, and a github report's step summary, run as before.
        XCTAssertEqual(try run(["audit", Self.spec, "--locales", "en", "--quiet", "--report", "text"]).code, 1)
        XCTAssertEqual(try run(["audit", Self.spec, "--locales", "en", "--quiet", "--report", "github"]).code, 1)
        // A .typefit.yml's report to standard output is refused at the file, where it is written.
        let dir = try temporaryFolder()
        try Data("specs: [\(AuditTests.root.appendingPathComponent(Self.spec).path)]\nlocales: [en]\nreports: [junit]\n".utf8)
            .write(to: dir.appendingPathComponent(".typefit.yml"))
        let configured = try run(["audit", "--quiet"], directory: dir)
        XCTAssertEqual(configured.code, 2)
        XCTAssertTrue(
            configured.err.hasPrefix(
                ".typefit.yml:3:11: error: reports: junit: --quiet prints only the summary line on standard output, so the junit report "
                    + "would not be written (give it a path in the reports (junit:FILE), or leave out --quiet)"), configured.err)
        XCTAssertEqual(try run(["audit"], directory: dir).code, 1)
    }

    func testFormatAndOutputStillWorkAndQuietStillWritesFiles() throws {
        let dir = try temporaryFolder()
        let out = dir.appendingPathComponent("report.sarif")
        let r = try run(["audit", Self.spec, "--locales", "en", "--format", "sarif", "--output", out.path, "--report", "text"])
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(read(out).contains(#""version" : "2.1.0""#))
        XCTAssertTrue(r.out.hasPrefix("typefit 0.1.0 — Dynamic Type audit"))
        let json = dir.appendingPathComponent("quiet.json")
        let quiet = try run(["audit", Self.spec, "--locales", "en", "--quiet", "--report", "json:\(json.path)"])
        XCTAssertEqual(quiet.code, 1)
        XCTAssertTrue(quiet.out.hasPrefix("typefit: ") && quiet.out.split(separator: "\n").count == 1, quiet.out)
        XCTAssertTrue(read(json).contains("typefit-report-1"))
        // The gate alone (no report file: no budgets, digests or problems made) gives the same verdict.
        let gate = try run(["audit", Self.spec, "--locales", "en", "--quiet"])
        XCTAssertEqual(gate.code, quiet.code)
        func counts(_ line: String) -> String { line.replacingOccurrences(of: #" in [0-9.]+ s"#, with: "", options: .regularExpression) }
        XCTAssertEqual(counts(gate.out), counts(quiet.out))
        XCTAssertTrue(counts(gate.out).hasPrefix("typefit: 216 element checks: 45 errors"), gate.out)
        // A report file written with --quiet names the system font with its digests (sha256sum
        // Fonts/Inter-Regular.otf), as a printed report does; the gate's one line alone hashes nothing.
        XCTAssertTrue(read(json).contains(#""sha256" : "a7e791e8f5a0"#), read(json).prefix(2000).description)
        let text = dir.appendingPathComponent("quiet.txt")
        XCTAssertEqual(try run(["audit", Self.spec, "--locales", "en", "--quiet", "--report", "text:\(text.path)"]).code, 1)
        XCTAssertTrue(read(text).contains("Inter-Regular.otf sha256 a7e791e8f5a0…"), read(text))
        XCTAssertTrue(r.out.contains("Inter-Regular.otf sha256 a7e791e8f5a0…"), r.out)
        let github = try run(["audit", Self.spec, "--locales", "en", "--format", "github"])
        XCTAssertTrue(github.out.contains("\n::error file="), github.out)
    }

    func testGitHubReportAppendsTheStepSummary() throws {
        let dir = try temporaryFolder()
        let summary = dir.appendingPathComponent("step_summary.md")
        try Data("## from an earlier step\n".utf8).write(to: summary)
        let r = try run(["audit", Self.spec, "--locales", "en", "--report", "github"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(r.code, 1, r.err)
        let text = read(summary)
        XCTAssertTrue(text.hasPrefix("## from an earlier step\n<!-- typefit-report -->\n### ✗ typefit: Dynamic Type audit failed"), text)
        XCTAssertTrue(text.contains("| Specs | Screen states | Element checks | Errors | Warnings | Info | Baselined |"))
        // Without a github report the summary file is left alone.
        let before = read(summary)
        XCTAssertEqual(
            try run(["audit", Self.spec, "--locales", "en", "--report", "text"], environment: ["GITHUB_STEP_SUMMARY": summary.path]).code, 1
        )
        XCTAssertEqual(read(summary), before)
        // With --quiet the github report prints nothing, but its step summary still names the system
        // font with its digests (sha256sum Fonts/Inter-Regular.otf).
        let quiet = try run(
            ["audit", Self.spec, "--locales", "en", "--quiet", "--report", "github"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(quiet.code, 1, quiet.err)
        XCTAssertEqual(quiet.out.split(separator: "\n").count, 1, quiet.out)
        let line = "Inter-Regular.otf sha256 a7e791e8f5a0…"
        XCTAssertEqual(
            read(summary).components(separatedBy: line).count, before.components(separatedBy: line).count + 1, read(summary))
    }

    /// Every `$ typefit …` example in docs/reports.md runs, and the lines the doc shows (`…` skips
    /// any number of lines) are in its output, in order. Runs in a folder with a copy of Specs/ so
    /// the example files land there and spec paths stay relative.
    func testTheExamplesInTheReportsDocRun() throws {
        let examples = DocExamples.examples(in: read(Self.root.appendingPathComponent("docs/reports.md")))
        XCTAssertEqual(examples.count, 7)
        let dir = try temporaryFolder()
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Specs"), to: dir.appendingPathComponent("Specs"))
        // The working directory as typefit sees it (getcwd resolves symbolic links, e.g. /var → /private/var).
        let resolved =
            realpath(dir.path, nil).map { p in
                defer { free(p) }; return String(cString: p)
            } ?? dir.path
        for (command, expected) in examples {
            let r = try run(
                DocExamples.arguments(command), environment: ["TYPEFIT_FONTS": Self.root.appendingPathComponent("Fonts").path],
                directory: dir)
            XCTAssertTrue(r.code == 0 || r.code == 1, "\(command): exit \(r.code): \(r.err)")
            let actual = r.out.replacingOccurrences(of: resolved, with: "/path/to/App").components(separatedBy: "\n")
            if let line = DocExamples.missingLine(expected, in: actual) {
                XCTFail("\(command): the doc shows a line that is not in the output (in this order):\n\(line)")
            }
        }
    }

    func testReportersCommandListsEveryFormat() throws {
        let r = try run(["reporters"])
        XCTAssertEqual(r.code, 0)
        for id in ["text", "json", "junit", "sarif", "github", "xcode", "markdown"] {
            XCTAssertTrue(r.out.split(separator: "\n").contains { $0.hasPrefix(id + " ") }, id)
        }
    }
}
