import Foundation
import XCTest

/// Hostile outputs and hostile paths through the `typefit` binary: standard streams that cannot be
/// written, report paths that are the same file or one of the audit's inputs, writes that fail half-way,
/// FIFOs and devices given as inputs, control characters from inputs, and the limits that bound the
/// work per input (text length, YAML aliases, string variants).
final class HostileOutputTests: XCTestCase {
    static let root = AuditTests.root

    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-hostile-out-\(getpid())-\(abs(name.hashValue))")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Specs/paper-login"), to: work.appendingPathComponent("paper"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    var fonts: [String: String] { ["TYPEFIT_FONTS": Self.root.appendingPathComponent("Fonts").path] }

    @discardableResult
    func typefit(
        _ args: [String], environment: [String: String] = [:], stdin: String? = nil
    ) throws -> (code: Int32, out: String, err: String) {
        try TypefitCommand.run(args, in: work, environment: fonts.merging(environment) { $1 }, stdin: stdin)
    }

    /// Runs `typefit` through `/bin/sh -c` with `redirections` (to close or redirect its streams).
    func shell(_ arguments: String, _ redirections: String, prelude: String = "") throws -> (code: Int32, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        let quoted = "'" + TypefitCommand.binary.path + "'"
        p.arguments = ["-c", "\(prelude) \(quoted) \(arguments) \(redirections)"]
        p.currentDirectoryURL = work
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_STEP_SUMMARY"] = nil
        env.merge(fonts) { $1 }
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    func assertInvalid(_ args: [String], _ line: String, file: StaticString = #filePath, fileLine: UInt = #line) throws {
        let r = try typefit(args)
        XCTAssertEqual(r.code, 2, "\(args): \(r.err)", file: file, line: fileLine)
        XCTAssertEqual(r.err, line + "\n", "\(args)", file: file, line: fileLine)
    }

    func write(_ text: String, _ name: String) throws {
        try text.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func read(_ name: String) throws -> Data {
        try Data(contentsOf: work.appendingPathComponent(name))
    }

    // MARK: - Standard streams that cannot be written

    func testStandardOutputThatCannotBeWrittenIsExitTwoWithAMessage() throws {
        let audit = "audit paper --locales en --categories AX5"
        // Before: a trap (SIGILL, status 132) or a lost summary with exit status 1.
        for (redirection, reason) in [(">&-", "Bad file descriptor"), ("> /dev/full", "No space left on device")] {
            for args in ["\(audit) --quiet", "\(audit) --report json", "schema", "rules", "measure --size 17 Hello"] {
                let r = try shell(args, redirection)
                XCTAssertEqual(r.code, 2, "\(args) \(redirection): \(r.err)")
                XCTAssertTrue(
                    r.err.hasSuffix("typefit: error: cannot write to standard output: \(reason)\n"), "\(args) \(redirection): \(r.err)")
            }
        }
        // A reader that goes away: EPIPE is an error, not SIGPIPE and not success.
        let piped = try shell("\(audit) --report json", "| true", prelude: "set -o pipefail 2>/dev/null;")
        XCTAssertNotEqual(piped.code, 0, piped.err)
        // Standard error that cannot be written: exit 2, nothing to say it with.
        for redirection in ["2>&-", "2> /dev/full"] {
            let r = try shell("\(audit) --report json:r.json", redirection)
            XCTAssertEqual(r.code, 2, redirection)
        }
        // The report file asked for is still complete: only the summary line was lost.
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: try read("r.json")))
    }

    func testClosedStandardOutputIsNotTakenOverByAReportFile() throws {
        // With descriptor 1 closed, the next file opened would get it; a report must not receive the
        // summary line, and the summary's loss is exit status 2.
        let r = try shell("audit paper --locales en --categories AX5 --quiet --report json:r.json", ">&-")
        XCTAssertEqual(r.code, 2, r.err)
        let report = try read("r.json")
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: report), "r.json holds the JSON report alone")
    }

    // MARK: - Outputs that collide

    func testTwoOutputsThatAreTheSameFileUnderDifferentSpellings() throws {
        try FileManager.default.createDirectory(at: work.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("link.json").path, withDestinationPath: "a.json")
        try write("{}", "a.json")  // exists: the link resolves to it
        let spellings: [(String, String)] = [
            ("a.json", "./a.json"), ("a.json", "sub/../a.json"), ("a.json", "link.json"),
            ("new.json", "./sub/../new.json")
        ]
        for (first, second) in spellings {
            try assertInvalid(
                ["audit", "paper", "--report", "json:\(first)", "--report", "sarif:\(second)"],
                "typefit: error: --report sarif:\(second) and --report json:\(first) would write the same file; give each output its own path"
            )
            try assertInvalid(
                ["audit", "paper", "--report", "json:\(first)", "--output", second],
                "typefit: error: --output and --report json:\(first) would write the same file; give each output its own path")
        }
        XCTAssertEqual(try read("a.json"), Data("{}".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("new.json").path))
    }

    func testInputsAreNeverWrittenEvenWithForce() throws {
        let spec = try read("paper/paper-login.yaml"), catalog = try read("paper/Localizable.xcstrings")
        XCTAssertEqual(try typefit(["audit", "paper", "--locales", "en", "--write-baseline", "b.json"]).code, 0)
        let baseline = try read("b.json")
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("alias.yaml").path,
            withDestinationPath: "paper/paper-login.yaml")
        let cases: [([String], String, String)] = [
            (
                ["--output", "paper/paper-login.yaml"], "paper/paper-login.yaml",
                "--output would overwrite paper/paper-login.yaml, an input of this audit"
            ),
            (["--output", "alias.yaml"], "alias.yaml", "--output would overwrite paper/paper-login.yaml, an input of this audit"),
            (
                ["--report", "json:paper/./Localizable.xcstrings"], "paper/./Localizable.xcstrings",
                "--report json:paper/./Localizable.xcstrings would overwrite paper/Localizable.xcstrings, an input of this audit"
            ),
            (
                ["--baseline", "b.json", "--report", "json:./b.json"], "./b.json",
                "--report json:./b.json would overwrite b.json, an input of this audit"
            ),
            (
                ["--baseline", "b.json", "--write-baseline", "b.json"], "b.json",
                "--write-baseline would overwrite b.json, an input of this audit"
            )
        ]
        for (args, path, message) in cases {
            let r = try typefit(["audit", "paper", "--locales", "en", "--force"] + args)
            XCTAssertEqual(r.code, 2, "\(args): \(r.err)")
            XCTAssertEqual(r.err, "\(path): error: \(message) (typefit never writes its inputs; choose another path)\n", "\(args)")
        }
        XCTAssertEqual(try read("paper/paper-login.yaml"), spec)
        XCTAssertEqual(try read("paper/Localizable.xcstrings"), catalog)
        XCTAssertEqual(try read("b.json"), baseline)
    }

    func testWriteBaselineWithReportsIsRefusedNotHalfDone() throws {
        for extra in [["--report", "json:r.json"], ["--format", "json"], ["--output", "r.txt"]] {
            try assertInvalid(
                ["audit", "paper", "--write-baseline", "b.json"] + extra,
                "typefit: error: --write-baseline writes only the baseline; run the reports (--report, --format, --output) separately")
        }
        for name in ["b.json", "r.json", "r.txt"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent(name).path), name)
        }
    }

    func testStepSummaryThatIsAnInputIsNotWritten() throws {
        let spec = try read("paper/paper-login.yaml")
        let r = try typefit(
            ["audit", "paper", "--locales", "en", "--categories", "AX5", "--report", "github"],
            environment: ["GITHUB_STEP_SUMMARY": work.appendingPathComponent("paper/paper-login.yaml").path])
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(
            r.err.contains(
                "typefit: warning: $GITHUB_STEP_SUMMARY \(work.path)/paper/paper-login.yaml is paper/paper-login.yaml, which this audit reads or writes; the step summary is not written\n"
            ), r.err)
        XCTAssertEqual(try read("paper/paper-login.yaml"), spec)
        // A summary file of its own is appended to as before.
        let summary = work.appendingPathComponent("summary.md")
        XCTAssertEqual(
            try typefit(
                ["audit", "paper", "--locales", "en", "--categories", "AX5", "--report", "github"],
                environment: ["GITHUB_STEP_SUMMARY": summary.path]
            ).code, 1)
        XCTAssertTrue(try String(contentsOf: summary, encoding: .utf8).hasPrefix("<!-- typefit-report -->"))
    }

    func testDevicesAndFIFOsAreNotReportPaths() throws {
        XCTAssertEqual(mkfifo(work.appendingPathComponent("out.fifo").path, 0o644), 0)
        try assertInvalid(
            ["audit", "paper", "--output", "out.fifo"],
            "out.fifo: error: is not a regular file (leave out the path to write the report to standard output)")
        try assertInvalid(
            ["audit", "paper", "--report", "json:/dev/null"],
            "/dev/null: error: is not a regular file (leave out the path to write the report to standard output)")
    }

    // MARK: - Writes that fail

    func testAFailedReportWriteLeavesTheOldFileWhole() throws {
        // An earlier report, then a write that fails half-way: the file size limit (EFBIG, with
        // SIGXFSZ ignored) stands in for a full disk.
        XCTAssertEqual(try typefit(["audit", "paper", "--locales", "en", "--categories", "AX5", "--report", "text:r.txt"]).code, 1)
        let before = try read("r.txt")
        let r = try shell("audit paper --report json:r.txt", "", prelude: "trap '' XFSZ; ulimit -f 8;")
        XCTAssertEqual(r.code, 2, r.err)
        XCTAssertEqual(r.err, "r.txt: error: cannot write the file: File too large\n")
        XCTAssertEqual(try read("r.txt"), before, "the old report is untouched")
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".r.txt") }
        XCTAssertEqual(left, [], "no temporary file is left behind")
    }

    func testAFailedReportAmongSeveralFailsTheSameWayWhateverTheThreadCount() throws {
        // The reports are written at once, one per thread: a JSON report too large for the file size
        // limit fails, and the small ones beside it, before and after it in the request order, are
        // still written, whole. The error and the files are the same on one thread and on two.
        var outcomes: [String] = []
        for threads in ["1", "2"] {
            for name in ["a.txt", "z.md"] { try? FileManager.default.removeItem(at: work.appendingPathComponent(name)) }
            let r = try shell(
                "audit paper --locales en --threads \(threads) --report text:a.txt --report json:big.json --report markdown:z.md", "",
                prelude: "trap '' XFSZ; ulimit -f 16;")
            XCTAssertEqual(r.code, 2, r.err)
            XCTAssertEqual(r.err, "big.json: error: cannot write the file: File too large\n", "threads \(threads)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("big.json").path))
            let text = String(decoding: try read("a.txt"), as: UTF8.self)
            let markdown = String(decoding: try read("z.md"), as: UTF8.self)
            XCTAssertTrue(text.contains("element checks"), text)
            XCTAssertTrue(markdown.hasPrefix("<!-- typefit-report -->"), markdown)
            outcomes.append(text + markdown)
        }
        XCTAssertEqual(outcomes[0], outcomes[1])
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [], "no temporary file is left behind")
    }

    // MARK: - Paths that are not files

    func testFIFOsDevicesLoopsAndFoldersAsInputs() throws {
        XCTAssertEqual(mkfifo(work.appendingPathComponent("fifo.yaml").path, 0o644), 0)
        XCTAssertEqual(mkfifo(work.appendingPathComponent("fifo.xcstrings").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("loop.yaml").path, withDestinationPath: "loop.yaml")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("folder.yaml"), withIntermediateDirectories: true)
        try write("screen: X\nstrings: fifo.xcstrings\ncontent:\n  label: a\n  key: k\n", "fifo-strings.yaml")
        let start = Date()
        try assertInvalid(["audit", "fifo.yaml"], "fifo.yaml: error: spec file cannot be read")
        try assertInvalid(["audit", "/dev/zero"], "/dev/zero: error: spec file cannot be read")
        try assertInvalid(["audit", "loop.yaml"], "loop.yaml: error: no such file or folder")
        try assertInvalid(["audit", "folder.yaml"], "folder.yaml: error: no spec files (*.yaml) found")
        // An error about the whole strings file names the spec line that points at it.
        try assertInvalid(
            ["audit", "fifo-strings.yaml"], "fifo-strings.yaml:2:10: error: strings fifo.xcstrings (table fifo): cannot read the file")
        try assertInvalid(["measure", "--jsonl", "/dev/zero"], "/dev/zero: error: is not a regular file or a pipe")
        try assertInvalid(["measure", "--jsonl", "paper"], "paper: error: is a folder, not a JSONL file")
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "none of them waits for a writer or reads forever")
    }

    // MARK: - Control characters from inputs

    func testControlCharactersFromInputsAreEscapedInErrorsAndReports() throws {
        try write("screen: X\ncontent:\n  label: a\n  style: \"bo\\edy\\a\\0\"\n  text: hi\n", "esc.yaml")
        try assertInvalid(
            ["audit", "esc.yaml"],
            "esc.yaml:4:10: error: unknown text style 'bo\\u{1B}dy\\u{7}\\u{0}' (styles: largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2)"
        )
        // A file name with a line break and an escape stays one line.
        let odd = "odd\n\u{1B}[2J.yaml"
        try write("screen: X\ncontent: 1\n", odd)
        let r = try typefit(["audit", odd])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.hasPrefix("odd\\n\\u{1B}[2J.yaml:"), r.err)
        XCTAssertEqual(r.err.split(separator: "\n").count, 1)
        // A label whose text carries ESC, BEL and a bidi override, in a spec whose file name has an
        // escape sequence: no raw control in the text, xcode, github and markdown reports.
        try write(
            "screen: \"Scr\\een\"\ncontent:\n  label: a\n  numberOfLines: 1\n  text: \"\\e[31mA very long label \\a\\u202Ethat cannot fit on one line at any size at all, not even xSmall\"\n",
            "lab\u{1B}[31mel.yaml")
        for format in ["text", "xcode", "github", "markdown"] {
            let report = try typefit(["audit", "lab\u{1B}[31mel.yaml", "--locales", "en", "--categories", "AX5", "--report", format])
            XCTAssertEqual(report.code, 1, "\(format): \(report.err)")
            XCTAssertTrue(report.out.contains("A very long label"), "\(format): \(report.out)")
            let raw = report.out.unicodeScalars.filter { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }
            XCTAssertEqual(raw.count, 0, "\(format) report has raw control characters")
        }
    }

    // MARK: - Limits on every path

    func testTextLongerThanTheLimitIsExitTwoOnEveryPath() throws {
        let long = String(repeating: "a", count: 100_001)
        try write("screen: X\ncontent:\n  label: a\n  text: \(long)\n", "long.yaml")
        try assertInvalid(["audit", "long.yaml"], "long.yaml:4:9: error: text: the text is longer than 100000 UTF-16 units (100001)")
        try write("screen: X\nstrings: long.xcstrings\ncontent:\n  label: a\n  key: k\n", "long-key.yaml")
        try write(
            "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\"en\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(long)\"}}}}}}",
            "long.xcstrings")
        try assertInvalid(
            ["audit", "long-key.yaml"],
            "long.xcstrings:1:116: error: strings.k.localizations.en.stringUnit.value: the text is longer than 100000 UTF-16 units (100001)"
        )
        // One under the limit is measured.
        try write("screen: X\ncontent:\n  label: a\n  text: \(String(long.dropFirst()))\n", "fits.yaml")
        XCTAssertNotEqual(try typefit(["audit", "fits.yaml", "--locales", "en", "--categories", "AX5"]).code, 2)
        let jsonl = try typefit(
            ["measure", "--jsonl", "-"], stdin: "{\"text\": \"\(long)\", \"size\": 17}\n{\"text\": \"ok\", \"size\": 17}\n")
        XCTAssertEqual(jsonl.code, 2)
        XCTAssertEqual(jsonl.err, "<stdin>:1: error: text is longer than 100000 UTF-16 units\n")
        XCTAssertEqual(jsonl.out.split(separator: "\n").count, 2, "the next line is still measured")
    }

    func testAFailedJSONLRequestSaysErrorOnce() throws {
        // An unknown family, and a fonts folder without the system font's stand-in: both are input
        // errors of their own ("Nope: error: …"), reported inside the request's line.
        let fewFonts = work.appendingPathComponent("few-fonts")
        try FileManager.default.createDirectory(at: fewFonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Fonts/NotoSansArmenian-Regular.ttf"),
            to: fewFonts.appendingPathComponent("NotoSansArmenian-Regular.ttf"))
        let requests = "{\"text\": \"Hi\", \"font\": \"Nope\", \"size\": 17}\n{\"text\": \"Hello\", \"style\": \"body\"}\n"
        let r = try typefit(["measure", "--jsonl", "-"], environment: ["TYPEFIT_FONTS": fewFonts.path], stdin: requests)
        XCTAssertEqual(r.code, 2)
        let errors = r.err.split(separator: "\n")
        XCTAssertEqual(errors.count, 2, r.err)
        XCTAssertEqual(errors.first, "<stdin>:1: error: Nope: no font file or family named 'Nope' (see `typefit fonts`)")
        XCTAssertTrue(
            errors.last?.hasPrefix("<stdin>:2: error: \(fewFonts.path): the system font stand-in 'Inter' is not installed") ?? false,
            r.err)
        let lines = r.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(
            lines.first, "{\"error\":\"Nope: no font file or family named 'Nope' (see `typefit fonts`)\",\"line\":\"1\"}")
        XCTAssertFalse(r.out.contains("error:"), r.out)
    }

    func testJSONLLinesLongerThanOneMegabyteAreSkippedNotHeld() throws {
        let huge = "{\"text\": \"" + String(repeating: "x", count: 2 << 20) + "\"}"
        let r = try typefit(["measure", "--jsonl", "-"], stdin: huge + "\n{\"text\": \"ok\", \"size\": 17}\n")
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.err, "<stdin>:1: error: the line is longer than 1 MB\n")
        let lines = r.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines.first, "{\"error\":\"the line is longer than 1 MB\",\"line\":\"1\"}")
        XCTAssertTrue(lines.last?.contains("\"text\":\"ok\"") ?? false)
    }

    func testAYAMLAnchorReusedByManyElementsIsRefused() throws {
        // Nine lines, each anchor naming the one before ten times: 10⁹ nodes once Yams copies them.
        var lines = [
            "screen: X", "x0: &a0 [aaaaaaaa, bbbbbbbb, cccccccc, dddddddd, eeeeeeee, ffffffff, gggggggg, hhhhhhhh, iiiiiiii, jjjjjjjj]"
        ]
        for i in 1...8 { lines.append("x\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]") }
        try write(lines.joined(separator: "\n") + "\ncontent:\n  label: a\n  text: hi\n", "bomb.yaml")
        let start = Date()
        try assertInvalid(
            ["audit", "bomb.yaml"],
            "bomb.yaml:5:45: error: YAML aliases expand to more than 10000 nodes (an alias (*name) repeats everything its anchor (&name) holds; write the elements out)"
        )
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testACatalogWhoseVariantsMultiplyAuditsInSeconds() throws {
        // Eight substitutions of six plural categories, each naming all the ones after it, under three
        // levels of seven device variations: 343 texts × 6⁸ combinations. It took minutes; now each
        // key and locale renders at most 1,024 combinations and 100,000 UTF-16 units, and says so.
        let categories = ["zero", "one", "two", "few", "many", "other"]
        var substitutions: [String: Any] = [:]
        for i in 0..<8 {
            let next = (i + 1..<8).map { "%#@s\($0)@" }.joined(separator: " ")
            var plural: [String: Any] = [:]
            for c in categories {
                plural[c] = ["stringUnit": ["state": "translated", "value": "%arg \(String(repeating: c, count: 20)) \(next)"]]
            }
            substitutions["s\(i)"] = ["argNum": i + 1, "formatSpecifier": "lld", "variations": ["plural": plural]]
        }
        func devices(_ depth: Int) -> [String: Any] {
            if depth == 0 { return ["stringUnit": ["state": "translated", "value": (0..<8).map { "%#@s\($0)@" }.joined(separator: " ")]] }
            var d: [String: Any] = [:]
            for name in ["iphone", "ipad", "mac", "watch", "tv", "vision", "other"] { d[name] = devices(depth - 1) }
            return ["variations": ["device": d]]
        }
        var en = devices(3)
        en["substitutions"] = substitutions
        let catalog: [String: Any] = ["sourceLanguage": "en", "strings": ["k": ["localizations": ["en": en]]], "version": "1.0"]
        try JSONSerialization.data(withJSONObject: catalog).write(to: work.appendingPathComponent("many.xcstrings"))
        try write("screen: X\nstrings: many.xcstrings\ncontent:\n  label: a\n  key: k\n", "many.yaml")
        let start = Date()
        let r = try typefit(["audit", "many.yaml", "--report", "json:r.json"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "bounded work (debug build)")
        XCTAssertEqual(r.code, 1, r.err)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: try read("r.json")) as? [String: Any])
        let problems = try XCTUnwrap(json["findings"] as? [[String: Any]]).filter { ($0["rule"] as? String) == "string-problem" }
        XCTAssertEqual(
            problems.compactMap { $0["message"] as? String },
            ["k: its variants hold more than 100000 UTF-16 units together once substitutions are expanded; only the first 7 are checked"])
    }
}
