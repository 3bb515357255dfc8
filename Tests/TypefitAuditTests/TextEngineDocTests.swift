import Foundation
import XCTest

/// The `$ typefit …` examples in the console blocks of docs/text-engine.md run from the repository
/// root, and the lines the page shows (up to a `…`, which skips the rest) are the output's first
/// lines, exactly: the page's widths are what `typefit measure` prints today.
final class TextEngineDocTests: XCTestCase {
    func testTheConsoleExamplesPrintWhatThePageShows() throws {
        let page = try String(contentsOf: AuditTests.root.appendingPathComponent("docs/text-engine.md"), encoding: .utf8)
        let examples = DocExamples.examples(in: page, fence: "console")
        XCTAssertFalse(examples.isEmpty, "docs/text-engine.md has console examples")
        for (command, shown) in examples {
            let r = try TypefitCommand.run(
                DocExamples.arguments(command), in: AuditTests.root,
                environment: ["TYPEFIT_FONTS": AuditTests.root.appendingPathComponent("Fonts").path])
            XCTAssertEqual(r.code, 0, "\(command): \(r.err)")
            let expected = Array(shown.filter { !$0.isEmpty }.prefix { $0 != "…" })
            XCTAssertEqual(Array(r.out.split(separator: "\n").prefix(expected.count).map(String.init)), expected, command)
        }
    }
}
