import Foundation
import XCTest

/// The CI examples of docs/reports.md ("GitHub Actions", "GitLab CI"): their YAML is parsed by an
/// independent parser (PyYAML), and their audit commands are run as written, by bash, in a temporary
/// app folder with a `.typefit.yml`, with the built `typefit` on PATH as the install step would put it
/// (the install step itself downloads a release archive and is not run here). Every file the
/// workflows upload must then exist.
final class CIExampleTests: XCTestCase {
    var app: URL!

    override func setUpWithError() throws {
        app = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-ci-\(getpid())-\(abs(name.hashValue))")
        try? FileManager.default.removeItem(at: app)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try """
        screen: CI test
        devices: [iPhone 16]
        locales: [en]
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
        """.write(to: app.appendingPathComponent("Specs/screen.yaml"), atomically: true, encoding: .utf8)
        try """
        specs: [Specs]
        categories: [large, AX5]
        waivers:
          - rule: truncated
            element: title
            reason: accepted for the test
        """.write(to: app.appendingPathComponent(".typefit.yml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: app)
    }

    /// The YAML of the first ```yaml block after `heading` in docs/reports.md, parsed by PyYAML (every
    /// scalar a string: BaseLoader) and returned as JSON.
    func example(after heading: String) throws -> [String: Any] {
        let doc = try String(contentsOf: AuditTests.root.appendingPathComponent("docs/reports.md"), encoding: .utf8)
        let section = try XCTUnwrap(doc.range(of: "\n## \(heading)\n"), "docs/reports.md has a \(heading) section")
        let rest = doc[section.upperBound...]
        let open = try XCTUnwrap(rest.range(of: "```yaml\n"))
        let close = try XCTUnwrap(rest[open.upperBound...].range(of: "\n```\n"))
        let yaml = app.appendingPathComponent("example.yml")
        try String(rest[open.upperBound..<close.lowerBound]).write(to: yaml, atomically: true, encoding: .utf8)
        let result = try ReporterTests.python([
            "-c", "import json, sys, yaml; print(json.dumps(yaml.load(open(sys.argv[1]), Loader=yaml.BaseLoader)))", yaml.path
        ])
        if result.code == 127 || result.output.contains("No module named 'yaml'") {
            throw XCTSkip("python3 with PyYAML is needed (make test installs it): \(result.output)")
        }
        XCTAssertEqual(result.code, 0, result.output)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    /// Runs a script with bash -e in the app folder, `typefit` on PATH.
    func bash(_ script: String, environment: [String: String]) throws -> (code: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["--noprofile", "--norc", "-eo", "pipefail", "-c", script]
        p.currentDirectoryURL = app
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = TypefitCommand.binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["TYPEFIT_FONTS"] = nil
        env.merge(environment) { $1 }
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: app.appendingPathComponent(path).path) }

    func testTheGitHubActionsWorkflowParsesAndItsAuditStepWritesWhatItUploads() throws {
        let workflow = try example(after: "GitHub Actions")
        XCTAssertNotNil(workflow["on"], "the trigger key")
        let job = try XCTUnwrap((workflow["jobs"] as? [String: Any])?["typefit"] as? [String: Any])
        XCTAssertEqual(job["runs-on"] as? String, "ubuntu-latest")
        let steps = try XCTUnwrap(job["steps"] as? [[String: Any]])
        let install = try XCTUnwrap(steps.first { $0["name"] as? String == "Install typefit" }?["run"] as? String)
        XCTAssertTrue(install.contains("$GITHUB_PATH"), "the install step puts typefit on PATH")
        let audit = try XCTUnwrap(steps.first { $0["name"] as? String == "Audit Dynamic Type" }?["run"] as? String)

        let summary = app.appendingPathComponent("step-summary.md")
        let r = try bash(audit, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(r.code, 1, "the subtitle fails (the title is waived): " + r.output)
        XCTAssertTrue(r.output.contains("::error file=Specs/screen.yaml"), r.output)
        XCTAssertFalse(try String(contentsOf: summary, encoding: .utf8).isEmpty, "the step summary is written")

        let sarif = try XCTUnwrap(
            steps.first { ($0["uses"] as? String)?.hasPrefix("github/codeql-action/upload-sarif@") == true }?["with"] as? [String: Any])
        let sarifFile = try XCTUnwrap(sarif["sarif_file"] as? String)
        XCTAssertTrue(exists(sarifFile), sarifFile)
        let artifact = try XCTUnwrap(
            steps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true }?["with"] as? [String: Any])
        let folder = try XCTUnwrap(artifact["path"] as? String)
        for file in ["typefit.html", "typefit.json", "typefit-junit.xml", "typefit.sarif"] {
            XCTAssertTrue(exists(folder + file), folder + file)
        }
    }

    func testTheShardedWorkflowsShardsMergeIntoTheGate() throws {
        let workflow = try example(after: "GitHub Actions, sharded")
        let jobs = try XCTUnwrap(workflow["jobs"] as? [String: Any])
        let shardJob = try XCTUnwrap(jobs["shard"] as? [String: Any])
        let matrix = try XCTUnwrap(((shardJob["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["shard"] as? [String])
        XCTAssertEqual(matrix, ["0", "1"])
        let shardSteps = try XCTUnwrap(shardJob["steps"] as? [[String: Any]])
        let audit = try XCTUnwrap(shardSteps.first { $0["name"] as? String == "Audit a shard" }?["run"] as? String)
        let upload = try XCTUnwrap(
            shardSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true }?["with"] as? [String: Any])
        let merge = try XCTUnwrap(jobs["typefit"] as? [String: Any])
        XCTAssertEqual(merge["needs"] as? String, "shard")
        let mergeSteps = try XCTUnwrap(merge["steps"] as? [[String: Any]])
        let download = try XCTUnwrap(
            mergeSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/download-artifact@") == true }?["with"] as? [String: Any])
        XCTAssertEqual(download["merge-multiple"] as? String, "true")
        let mergeScript = try XCTUnwrap(mergeSteps.first { $0["name"] as? String == "Merge the shards" }?["run"] as? String)

        // A second screen, so that each of the two shards has one.
        try """
        screen: CI test, second screen
        devices: [iPhone 16]
        locales: [en]
        content:
          label: caption
          text: A caption that fits
          style: caption1
          width: 300
        """.write(to: app.appendingPathComponent("Specs/second.yaml"), atomically: true, encoding: .utf8)
        // The shard jobs, as the matrix runs them; each upload keeps its folder.
        for shard in matrix {
            let script = audit.replacingOccurrences(of: "${{ matrix.shard }}", with: shard)
                .replacingOccurrences(of: "${{ strategy.job-total }}", with: String(matrix.count))
            let r = try bash(script, environment: [:])
            XCTAssertEqual(r.code, 0, "a shard's step passes on exit 1 and leaves the gate to the merge: " + r.output)
            XCTAssertTrue(exists(try XCTUnwrap(upload["path"] as? String) + "shard-\(shard).json"))
        }
        // Then the merge job (the download puts every shard's report in one folder: the same one here).
        XCTAssertEqual(download["path"] as? String, upload["path"] as? String)
        let summary = app.appendingPathComponent("step-summary.md")
        let r = try bash(mergeScript, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(r.code, 1, "the subtitle fails (the title is waived): " + r.output)
        XCTAssertTrue(r.output.contains("::error file=Specs/screen.yaml"), r.output)
        XCTAssertFalse(try String(contentsOf: summary, encoding: .utf8).isEmpty, "the step summary is written")
        for file in ["typefit.json", "typefit-junit.xml", "typefit.sarif"] { XCTAssertTrue(exists("build/typefit/" + file), file) }
        // One run over both screens writes the same JSON report.
        let one = try bash("typefit audit --report json:one.json --quiet", environment: [:])
        XCTAssertEqual(one.code, 1, one.output)
        XCTAssertEqual(
            try Data(contentsOf: app.appendingPathComponent("one.json")),
            try Data(contentsOf: app.appendingPathComponent("build/typefit/typefit.json")))
        // A shard missing (its job crashed before writing): the merge fails loudly.
        try FileManager.default.removeItem(at: app.appendingPathComponent("build/typefit-shards/shard-1.json"))
        let missing = try bash(mergeScript, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(missing.code, 2, missing.output)
        XCTAssertTrue(missing.output.contains("shard 1/2 missing"), missing.output)
    }

    func testTheGitLabJobParsesAndWritesItsJUnitAndCodeQualityReports() throws {
        let config = try example(after: "GitLab CI")
        let job = try XCTUnwrap(config["typefit"] as? [String: Any])
        let script = try XCTUnwrap(job["script"] as? [String])
        let artifacts = try XCTUnwrap(job["artifacts"] as? [String: Any])
        XCTAssertEqual(artifacts["when"] as? String, "always")
        let reports = try XCTUnwrap(artifacts["reports"] as? [String: String])

        // The archive's layout: share/typefit/gitlab-codequality.jq beside bin/.
        let home = app.appendingPathComponent("typefit-home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("share/typefit"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: AuditTests.root.appendingPathComponent("scripts/gitlab-codequality.jq"),
            to: home.appendingPathComponent("share/typefit/gitlab-codequality.jq"))
        guard
            FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/jq")
        else {
            throw XCTSkip("jq is needed (make test installs it)")
        }
        let r = try bash(script.joined(separator: "\n"), environment: ["TYPEFIT_HOME": home.path])
        XCTAssertEqual(r.code, 1, "the job fails with the audit: " + r.output)

        let junit = try XCTUnwrap(reports["junit"])
        XCTAssertTrue(try String(contentsOf: app.appendingPathComponent(junit), encoding: .utf8).contains("<testsuites"))
        let quality = try XCTUnwrap(reports["codequality"])
        let entries = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: app.appendingPathComponent(quality))) as? [[String: Any]])
        XCTAssertFalse(entries.isEmpty)
        for e in entries {
            XCTAssertEqual(Set(e.keys), ["description", "check_name", "fingerprint", "severity", "location"], "\(e)")
            XCTAssertTrue(["major", "minor"].contains(e["severity"] as? String ?? ""))
            XCTAssertEqual((e["location"] as? [String: Any])?["path"] as? String, "Specs/screen.yaml")
            XCTAssertFalse((e["description"] as? String ?? "").contains(": title —"), "the waived title is left out: \(e)")
        }
        XCTAssertTrue(entries.contains { ($0["description"] as? String ?? "").hasPrefix("truncated: subtitle —") })
        XCTAssertEqual(Set(entries.map { $0["fingerprint"] as? String }).count, entries.count, "fingerprints are unique")
    }
}
