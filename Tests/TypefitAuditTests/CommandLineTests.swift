import Foundation
import XCTest

/// Runs the built `typefit` executable: exit codes 0/1/2 and one-line errors.
final class CommandLineTests: XCTestCase {
    static let root = AuditTests.root

    func run(_ args: [String], stdin: String? = nil) throws -> (code: Int32, out: String, err: String) {
        try TypefitCommand.run(args, in: Self.root, stdin: stdin)
    }

    func testExitCodes() throws {
        XCTAssertEqual(try run(["audit", "Specs/firebase-login/firebase-custom-login.yaml", "--locales", "en"]).code, 0)
        XCTAssertEqual(try run(["audit", "Specs/firebase-login/firebase-stock-picker.yaml", "--locales", "en"]).code, 1)
        let bad = try run(["audit", "Specs/nope.yaml"])
        XCTAssertEqual(bad.code, 2)
        XCTAssertEqual(bad.err.trimmingCharacters(in: .newlines), "Specs/nope.yaml: error: no such file or folder")
        XCTAssertEqual(try run(["audit", "--categories", "AX9"]).code, 2)
        XCTAssertEqual(try run(["measure", "--size", "17"]).code, 2)
        XCTAssertEqual(try run(["measure", "--size", "-3", "Hello"]).code, 2)
        XCTAssertEqual(try run(["measure", "--bogus"]).code, 2)
        XCTAssertEqual(try run(["--help"]).code, 0)
    }

    func testWriteBaselineThenAuditExitsZero() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-cli-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseline = dir.appendingPathComponent("baseline.json").path
        let spec = "Specs/firebase-login/firebase-stock-picker.yaml"
        XCTAssertEqual(try run(["audit", spec, "--locales", "en,fr", "--write-baseline", baseline]).code, 0)
        XCTAssertEqual(try run(["audit", spec, "--locales", "en,fr", "--baseline", baseline]).code, 0)
        // A locale not in the baseline brings new failures back.
        XCTAssertEqual(try run(["audit", spec, "--locales", "en,de", "--baseline", baseline]).code, 1)
    }

    func testRefusesToOverwriteForeignFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-out-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let notes = dir.appendingPathComponent("notes.txt")
        try "my notes".write(to: notes, atomically: true, encoding: .utf8)
        let r = try run(["audit", "Specs/bankey-login", "--locales", "en", "--output", notes.path])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("is not a typefit report"))
        XCTAssertEqual(try String(contentsOf: notes, encoding: .utf8), "my notes")
    }

    func testMeasureJSONLKeepsOrderAndReportsBadLines() throws {
        let input = """
            {"text":"Sign in","size":17}
            {"text":"Hello","sise":17}
            {"text":"日本語","size":17,"locale":"ja","width":20}
            """
        let r = try run(["measure", "--jsonl", "-"], stdin: input)
        XCTAssertEqual(r.code, 2)
        let lines = r.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].contains("\"text\":\"Sign in\""))
        XCTAssertTrue(lines[1].contains("unknown key 'sise'") && lines[1].contains("did you mean 'size'"))
        XCTAssertTrue(lines[2].contains("\"lineCount\":3"), "one 1-em ideograph per 20 pt line")
        XCTAssertTrue(r.err.contains("<stdin>:2: error:"))
    }
}
