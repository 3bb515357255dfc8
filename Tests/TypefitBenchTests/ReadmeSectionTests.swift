import Foundation
import TypefitCore
import XCTest

@testable import TypefitBench

/// The README's benchmark section, which `make bench` regenerates (`typefit-bench --scripts --readme
/// README.md`): only the lines between its markers change.
final class ReadmeSectionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let file = """
        # Title

        Before, kept.
        <!-- make bench: begin -->
        | old | table |
        |---|---|
        <!-- make bench: end -->
        After, kept.

        """

    func testOnlyTheLinesBetweenTheMarkersChange() throws {
        let out = try ReadmeSection.replacing(in: file, file: "R.md", with: "| new |\n|---|\n| 1 |\n")
        XCTAssertEqual(
            out,
            """
            # Title

            Before, kept.
            <!-- make bench: begin -->
            | new |
            |---|
            | 1 |
            <!-- make bench: end -->
            After, kept.

            """)
        // Regenerating again with the same tables changes nothing.
        XCTAssertEqual(try ReadmeSection.replacing(in: out, file: "R.md", with: "| new |\n|---|\n| 1 |"), out)
        // An empty block leaves the two markers next to each other.
        XCTAssertTrue(
            try ReadmeSection.replacing(in: file, file: "R.md", with: "").contains(
                "<!-- make bench: begin -->\n<!-- make bench: end -->\nAfter"))
    }

    func testMarkersOutOfPlaceAreErrorsAtTheirLine() {
        func error(_ text: String) -> InputError? {
            do {
                _ = try ReadmeSection.replacing(in: text, file: "R.md", with: "x")
                return nil
            } catch {
                return error as? InputError
            }
        }
        XCTAssertEqual(error("# no markers\n")?.description.hasPrefix("R.md: error: no '<!-- make bench: begin -->' line"), true)
        XCTAssertEqual(
            error("a\n<!-- make bench: begin -->\nb\n")?.description.hasPrefix("R.md:2:1: error: no '<!-- make bench: end -->' line"), true)
        XCTAssertEqual(
            error("<!-- make bench: end -->\n<!-- make bench: begin -->\n")?.description.hasPrefix(
                "R.md:1:1: error: '<!-- make bench: end -->' before"), true)
        XCTAssertEqual(
            error("<!-- make bench: begin -->\n<!-- make bench: end -->\n<!-- make bench: begin -->\n")?.description.hasPrefix(
                "R.md:3:1: error: a second '<!-- make bench: begin -->' line"), true)
        XCTAssertEqual(
            error("<!-- make bench: begin -->\n<!-- make bench: end -->\n\n<!-- make bench: end -->\n")?.description.hasPrefix(
                "R.md:4:1: error: a second '<!-- make bench: end -->' line"), true)
    }

    func testUpdateRewritesTheFileAndReportsAMissingOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-section-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("README.md").path
        try file.write(toFile: path, atomically: true, encoding: .utf8)
        try ReadmeSection.update(path, with: "| new |")
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            file.replacingOccurrences(of: "| old | table |\n|---|---|\n", with: "| new |\n"))
        XCTAssertThrowsError(try ReadmeSection.update(dir.appendingPathComponent("missing.md").path, with: "x")) {
            XCTAssertEqual(($0 as? InputError)?.message, "cannot read the file whose benchmark tables to regenerate")
        }
    }

    /// The repository's README has one section for `make bench` to regenerate.
    func testTheReadmeHasOneSection() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertNoThrow(try ReadmeSection.replacing(in: readme, file: "README.md", with: ""))
    }
}
