import Foundation
import XCTest

@testable import TypefitAudit

/// `typefit merge`: the JSON reports of every shard of one run become the reports that auditing every
/// spec at once writes, byte for byte; reports that are not every shard of one run exactly once are
/// refused (exit 2), never merged into a report that checked less than it says.
final class ShardMergeTests: XCTestCase {
    static let root = AuditTests.root
    /// Three locales keep the runs short; the baseline makes accepted findings and stale entries.
    static let selection = ["Specs", "--locales", "en,de,ar", "--baseline", "Specs/baseline.json"]
    static let formats = ["json", "sarif", "junit", "markdown", "xcode", "github", "text"]

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs `typefit` in the repository and returns its exit code and standard error.
    @discardableResult
    func typefit(_ args: [String]) throws -> (code: Int32, err: String) {
        let r = try TypefitCommand.run(args, in: Self.root)
        return (r.code, r.err)
    }

    /// The JSON report of shard `i` of `n`, with `extra` options.
    func shard(_ i: Int, of n: Int, extra: [String] = []) throws -> String {
        let out = path("shard-\(i)-of-\(n)\(extra.isEmpty ? "" : "-other").json")
        let r = try typefit(["audit"] + Self.selection + extra + ["--shard", "\(i)/\(n)", "--report", "json:\(out)", "--quiet"])
        XCTAssertLessThanOrEqual(r.code, 1, r.err)
        return out
    }

    func testShardsMergeIntoOneRunsReportsByteForByte() throws {
        let whole = try typefit(
            ["audit"] + Self.selection + Self.formats.flatMap { ["--report", "\($0):\(path("whole.\($0)"))"] } + ["--quiet"])
        XCTAssertLessThanOrEqual(whole.code, 1, whole.err)
        let shards = try (0..<3).map { try shard($0, of: 3) }
        // In any order: the merge orders shards by their index.
        let merged = try typefit(
            ["merge", shards[2], shards[0], shards[1]] + Self.formats.flatMap { ["--report", "\($0):\(path("merged.\($0)"))"] }
                + ["--quiet"])
        XCTAssertEqual(merged.code, whole.code, merged.err)
        for format in Self.formats {
            let a = try Data(contentsOf: URL(fileURLWithPath: path("whole.\(format)")))
            let b = try Data(contentsOf: URL(fileURLWithPath: path("merged.\(format)")))
            XCTAssertGreaterThan(a.count, 1000, format)
            XCTAssertTrue(a == b, "\(format): the merged report differs from one run's")
        }
        // The shards split the work: none of them alone is the run.
        let one = try AuditReport.read(path: shards[0])
        let all = try AuditReport.read(path: path("merged.json"))
        XCTAssertLessThan(one.summary.checks, all.summary.checks)
        XCTAssertEqual(one.summary.shard?.count, 3)
        XCTAssertNil(all.summary.shard)
        XCTAssertGreaterThan(all.summary.baselined, one.summary.baselined)
        XCTAssertTrue(all.problems.contains { $0.failsInSourceLanguage } && all.problems.contains { !$0.failsInSourceLanguage })
    }

    /// A merge names the devices, sizes and rules the run left out as one run does, on standard error
    /// and in the JSON report: a gate sharded across runners and narrowed to one device, two sizes
    /// and fewer rules never reads, merged, as if it had checked every one. The reference for the devices is the spec files'
    /// own `devices:` lists; the shards' own lists differ (one shard's specs have no iPad).
    func testAMergeNamesWhatTheRunLeftOut() throws {
        // word-split ignored on every screen; signup-flow.yaml's two screens (of Specs/'s 10) ignore
        // fallback-used themselves, and lie in one shard.
        let config = path("ignore.yml")
        try "severity:\n  word-split: ignore\n".write(toFile: config, atomically: true, encoding: .utf8)
        let selection = ["Specs", "--locales", "en,de", "--categories", "L,AX5", "--devices", "iPhone 16", "--config", config]
        let whole = try TypefitCommand.run(["audit"] + selection + ["--report", "json:\(path("whole.json"))", "--quiet"], in: Self.root)
        XCTAssertLessThanOrEqual(whole.code, 1, whole.err)
        // Each shard says which share of the run it is (the reference: the spec files in Specs/'s
        // folders, shard 0 taking the first, third and fifth).
        let specFiles = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Specs").path)
            .filter { $0.hasSuffix(".yaml") }.count
        XCTAssertEqual(specFiles, 6)
        let shards = try (0..<2).map { i -> String in
            let out = path("narrowed-\(i).json")
            let r = try typefit(["audit"] + selection + ["--shard", "\(i)/2", "--report", "json:\(out)", "--quiet"])
            XCTAssertLessThanOrEqual(r.code, 1, r.err)
            XCTAssertTrue(r.err.contains("typefit: shard \(i)/2: 3 of the run's 6 spec files audited (--shard); "), r.err)
            return out
        }
        let merged = try TypefitCommand.run(["merge"] + shards + ["--report", "json:\(path("merged.json"))", "--quiet"], in: Self.root)
        XCTAssertEqual(merged.code, whole.code, merged.err)
        XCTAssertTrue(
            try Data(contentsOf: URL(fileURLWithPath: path("whole.json"))) == Data(contentsOf: URL(fileURLWithPath: path("merged.json"))))
        var specDevices = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Specs").path) {
            let folder = Self.root.appendingPathComponent("Specs/\(file)")
            for yaml in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where yaml.hasSuffix(".yaml") {
                let lines = try String(contentsOf: folder.appendingPathComponent(yaml), encoding: .utf8).components(separatedBy: "\n")
                for start in lines.indices where lines[start] == "devices:" {
                    specDevices.formUnion(lines[(start + 1)...].prefix { $0.hasPrefix("  - ") }.map { String($0.dropFirst(4)) })
                }
            }
        }
        let left = specDevices.subtracting(["iPhone 16"]).sorted()
        XCTAssertGreaterThanOrEqual(left.count, 3)
        let perShard = try shards.map { try AuditReport.read(path: $0).leftOut?.devices ?? [] }
        XCTAssertNotEqual(perShard[0], perShard[1], "the shards' specs name other devices, so the union is tested")
        let notes = { (err: String) in
            err.split(separator: "\n").filter { $0.contains("not audited") || $0.contains("not checked") }.map(String.init)
        }
        let expected = [
            "typefit: \(left.count) of the specs' devices not audited (not asked for by --devices or .typefit.yml's devices): "
                + left.joined(separator: ", "),
            "typefit: 10 of the 12 text sizes not audited (not asked for by --categories or .typefit.yml's categories): "
                + "xSmall, Small, Medium, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4",
            "typefit: 1 of the 17 rules not checked (severity: ignore): word-split",
            "typefit: fallback-used not checked on 2 of the 10 screens (severity: ignore)"
        ]
        XCTAssertEqual(notes(whole.err).suffix(4), expected[...], whole.err)
        XCTAssertEqual(
            try shards.map { try AuditReport.read(path: $0).leftOut?.rules.first { $0.rule == .fallbackUsed }?.screens ?? 0 }.sorted(),
            [0, 2])
        XCTAssertEqual(notes(merged.err), notes(whole.err), merged.err)
        XCTAssertFalse(merged.err.contains("(--shard)"), merged.err)
    }

    /// A run with `--strict` is merged as strict without being told (the shards record it): JUnit then
    /// fails on warnings as one strict run's does, byte for byte. Shards run with other waivers
    /// (another `.typefit.yml`) are not shards of one run.
    func testStrictnessAndWaiversTravelWithTheShards() throws {
        let selection = ["Specs", "--locales", "en,de,ar"], strict = ["--strict", "--categories", "L,AX5"]
        let whole = try typefit(
            ["audit"] + selection + strict + ["--report", "junit:\(path("whole.xml"))", "--report", "json:\(path("whole.json"))", "--quiet"]
        )
        XCTAssertEqual(whole.code, 1, whole.err)
        let shards = try (0..<2).map { i -> String in
            let out = path("strict-\(i).json")
            let r = try typefit(["audit"] + selection + strict + ["--shard", "\(i)/2", "--report", "json:\(out)", "--quiet"])
            XCTAssertLessThanOrEqual(r.code, 1, r.err)
            return out
        }
        XCTAssertEqual(try AuditReport.read(path: shards[0]).summary.shard?.strict, true)
        let merged = try typefit(
            ["merge"] + shards + ["--report", "junit:\(path("merged.xml"))", "--report", "json:\(path("merged.json"))", "--quiet"])
        XCTAssertEqual(merged.code, whole.code, merged.err)
        for name in ["xml", "json"] {
            let a = try Data(contentsOf: URL(fileURLWithPath: path("whole.\(name)")))
            let b = try Data(contentsOf: URL(fileURLWithPath: path("merged.\(name)")))
            XCTAssertTrue(a == b, "\(name): the merged strict run differs from one strict run's")
        }
        let lenient = try typefit(["audit"] + selection + ["--categories", "L,AX5", "--report", "junit:\(path("lenient.xml"))", "--quiet"])
        XCTAssertLessThanOrEqual(lenient.code, 1, lenient.err)
        XCTAssertNotEqual(
            try Data(contentsOf: URL(fileURLWithPath: path("lenient.xml"))), try Data(contentsOf: URL(fileURLWithPath: path("merged.xml"))),
            "strictness changes the JUnit report, so the check above can fail")
        // The same command, but one runner had waivers in force.
        let config = path("waivers.yml")
        try "waivers:\n  - rule: truncated\n    element: username\n    reason: Reviewed\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let waived = path("waived-1.json")
        let r = try typefit(
            ["audit"] + selection + strict + ["--config", config, "--shard", "1/2", "--report", "json:\(waived)", "--quiet"])
        XCTAssertLessThanOrEqual(r.code, 1, r.err)
        let refused = try typefit(["merge", shards[0], waived, "--report", "json:\(path("out.json"))"])
        XCTAssertEqual(refused.code, 2, refused.err)
        XCTAssertTrue(refused.err.contains("different options"), refused.err)
        // Every shard with the waivers: the merge is the waived run, its findings still waived (not
        // baselined), byte for byte in JSON and text.
        let waivedWhole = try typefit(
            ["audit"] + selection + strict + [
                "--config", config, "--report", "json:\(path("waived.json"))", "--report", "text:\(path("waived.txt"))", "--quiet"
            ])
        XCTAssertLessThanOrEqual(waivedWhole.code, 1, waivedWhole.err)
        let waived0 = path("waived-0.json")
        XCTAssertLessThanOrEqual(
            try typefit(["audit"] + selection + strict + ["--config", config, "--shard", "0/2", "--report", "json:\(waived0)", "--quiet"])
                .code, 1)
        let mergedWaived = try typefit(
            ["merge", waived0, waived, "--report", "json:\(path("waived-merged.json"))", "--report", "text:\(path("waived-merged.txt"))"])
        XCTAssertEqual(mergedWaived.code, waivedWhole.code, mergedWaived.err)
        for name in ["json", "txt"] {
            let a = try Data(contentsOf: URL(fileURLWithPath: path("waived.\(name)")))
            let b = try Data(contentsOf: URL(fileURLWithPath: path("waived-merged.\(name)")))
            XCTAssertTrue(a == b, "\(name): the merged waived run differs from one waived run's")
        }
        let report = try AuditReport.read(path: path("waived-merged.json"))
        XCTAssertGreaterThan(report.summary.waived, 0)
        XCTAssertEqual(report.summary.baselined, 0)
        XCTAssertEqual(report.findingList.filter { $0.acceptance == .waiver }.count, report.summary.waived)
        XCTAssertTrue(mergedWaived.err.contains(", \(report.summary.waived) waived"), mergedWaived.err)
    }

    func testReportsThatAreNotEveryShardOfOneRunAreRefused() throws {
        let shards = try (0..<3).map { try shard($0, of: 3) }
        func refused(_ files: [String], _ expected: String, line: UInt = #line) throws {
            let r = try typefit(["merge"] + files + ["--report", "json:\(path("out.json"))"])
            XCTAssertEqual(r.code, 2, "\(files): \(r.err)", line: line)
            XCTAssertTrue(r.err.contains(expected), r.err, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.json")), "nothing written", line: line)
        }
        try refused([shards[0], shards[2]], "shard 1/3 missing")
        try refused(shards + [shards[1]], "shard 1/3 is also")
        // Another run's shard: other locales, or another shard count.
        try refused([shards[0], shard(1, of: 3, extra: ["--categories", "L,AX5"]), shards[2]], "different options")
        try refused([shards[0], shard(1, of: 2)], "different shard count")
        // A whole run's report is not a shard.
        let whole = path("whole.json")
        XCTAssertLessThanOrEqual(try typefit(["audit"] + Self.selection + ["--report", "json:\(whole)", "--quiet"]).code, 1)
        try refused([whole], "not a shard's report (the audit ran without --shard)")
        // A finding edited by hand no longer has its fingerprint.
        var text = try String(contentsOfFile: shards[1], encoding: .utf8)
        let findings = try XCTUnwrap(text.range(of: "\"findings\" : ["))
        let element = try XCTUnwrap(text.range(of: "\"element\" : \"", range: findings.upperBound..<text.endIndex))
        text.insert(contentsOf: "x", at: element.upperBound)
        let edited = path("edited.json")
        try text.write(toFile: edited, atomically: true, encoding: .utf8)
        try refused([shards[0], edited, shards[2]], "its fingerprint does not match its fields")
        // Not a report at all, a folder, a missing file.
        let junk = path("junk.json")
        try "{\"findings\": 3}".write(toFile: junk, atomically: true, encoding: .utf8)
        try refused([junk], "not a typefit JSON report: $schema: missing")
        let broken = path("broken.json")
        try "{\"a\": [1,\n 2,, 3]}".write(toFile: broken, atomically: true, encoding: .utf8)
        try refused([broken], "broken.json:2:4: error: invalid JSON")
        try refused([folder.path], "not a regular file")
        try refused([path("nowhere.json")], "report file not found")
        // The HTML report lays the screens out again from the specs: not from JSON.
        let html = try typefit(["merge"] + shards + ["--report", "html:\(path("out.html"))"])
        XCTAssertEqual(html.code, 2)
        XCTAssertTrue(html.err.contains("write it with typefit audit"), html.err)
        XCTAssertEqual(try typefit(["merge"]).code, 2)
    }
}
