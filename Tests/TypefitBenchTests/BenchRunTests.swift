import Foundation
import XCTest

/// `typefit-bench` runs end to end on a tiny corpus: every measurement it makes for `make bench`
/// (the audit on one thread and two, as the gate runs it, with every rule off, with the states
/// repeated, the lower bound, the naive subset, `Specs/` with every report) completes and prints
/// the targets' table. `make bench` is not part of `make test`, so an audit option that refuses one
/// of its runs (every rule ignored, once) would otherwise break it unseen. The numbers of so small a
/// corpus in a debug build mean nothing; only that each row is there.
final class BenchRunTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `typefit-bench` beside the test bundle (SwiftPM builds every product with the tests).
    static var binary: URL? {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("typefit-bench"))
        }
        candidates.append(
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("typefit-bench"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func testTheBenchmarkRunsEveryMeasurement() throws {
        let binary = try XCTUnwrap(Self.binary, "typefit-bench is built with the tests")
        let p = Process()
        p.executableURL = binary
        p.arguments = ["--screens", "2", "--locales", "2", "--naive-screens", "1"]
        p.currentDirectoryURL = Self.root
        // Standard error to a file, standard output read while it runs: neither pipe fills up.
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-bench-err-\(getpid())")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errFile) }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = try FileHandle(forWritingTo: errFile)
        try p.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let stdout = String(decoding: outData, as: UTF8.self)
        let stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        XCTAssertEqual(p.terminationStatus, 0, stderr)
        // The rows of issue 18's targets, as docs/performance.md lists them.
        for row in [
            "| ≥ 1.5 M element checks/s on 2 cores (corpus) |", "| one thread ≤ 5× the HarfBuzz lower bound |",
            "| every report together costs less than the audit |", "| peak RSS of `typefit audit Specs` with every report ≤ 120 MB |",
            "| naive ≥ 10× slower than the audit |", "| shipped `Specs/` under 1 s wall |"
        ] {
            XCTAssertTrue(stdout.contains(row), "\(row)\n\(stdout)")
        }
    }
}
